#include "ui/about_dialog.h"

#include "ui/app_icon.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tenace::ui {

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("About Tenace"));
    auto *icon = new QLabel(this);
    icon->setPixmap(appIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);
    auto *body = new QLabel(text(), this);
    body->setWordWrap(true);
    body->setTextFormat(Qt::RichText);
    body->setOpenExternalLinks(true);
    body->setTextInteractionFlags(Qt::TextBrowserInteraction);
    body->setMinimumWidth(440);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(body, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

QString AboutDialog::text()
{
    return tr("<h2>Tenace %1</h2>"
              "<p>A double-dummy bridge analyzer: every card of the hand to play shows the "
              "tricks it leads to when all four hands play perfectly, beside the double-dummy "
              "table and the par score.</p>"
              "<p>Licensed under the Apache License, version 2.0.</p>"
              "<p><b>Built on published methods</b></p><ul>"
              "<li>The double-dummy search follows the algorithm notes of DDS by Bo Haglund and "
              "Soren Hein: partition search with a transposition table of winning ranks (after "
              "Matthew Ginsberg), quick tricks and move ordering. The solver is Tenace's own "
              "code; its C library offers the DDS programming interface.</li>"
              "<li>Hand evaluation after Jing-Ping Jan, Kuo-Si Huang and Chang-Biau Yang, "
              "<i>Hand Strength Evaluation in Bridge Games with the Genetic Algorithm</i>.</li>"
              "<li>Files in Portable Bridge Notation 2.1 (coordinated by Tis Veugen) and BBO's "
              "LIN format.</li></ul>"
              "<p>Built with Qt %2.</p>")
        .arg(QApplication::applicationVersion().toHtmlEscaped(), QString::fromLatin1(qVersion()));
}

} // namespace tenace::ui
