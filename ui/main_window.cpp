#include "ui/main_window.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

namespace tenace::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Tenace"));
    auto *label = new QLabel(tr("Tenace — double-dummy analyzer"), this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    resize(1100, 760);
}

bool MainWindow::openFile(const QString &path)
{
    statusBar()->showMessage(tr("Opened %1").arg(path));
    return true;
}

} // namespace tenace::ui
