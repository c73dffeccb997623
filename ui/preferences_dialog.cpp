#include "ui/preferences_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

namespace tenace::ui {

PreferencesDialog::PreferencesDialog(const Preferences &preferences, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    m_threads = new QSpinBox(this);
    m_threads->setRange(0, 256);
    m_threads->setSpecialValueText(tr("All cores (%1)").arg(QThread::idealThreadCount()));
    m_threads->setToolTip(tr("Threads that solve the double-dummy table of a new deal"));
    m_memory = new QSpinBox(this);
    m_memory->setRange(8, 65536);
    m_memory->setSingleStep(16);
    m_memory->setSuffix(tr(" MB"));
    m_memory->setToolTip(tr("Transposition-table limit of each solver thread"));

    m_annotation = new QComboBox(this);
    m_annotation->addItem(tr("Best cards: tricks; others: tricks lost"),
                          static_cast<int>(AnnotationStyle::Mixed));
    m_annotation->addItem(tr("Tricks for declarer's side"),
                          static_cast<int>(AnnotationStyle::DeclarerTricks));
    m_annotation->addItem(tr("Tricks for the side to play"),
                          static_cast<int>(AnnotationStyle::PlayerTricks));
    m_annotation->addItem(tr("Tricks lost (0 = best, -1, -2...)"),
                          static_cast<int>(AnnotationStyle::TricksLost));
    m_cardScale = new QSpinBox(this);
    m_cardScale->setRange(80, 130);
    m_cardScale->setSingleStep(10);
    m_cardScale->setSuffix(tr(" %"));
    m_deck = new QComboBox(this);
    m_deck->addItem(tr("Two colours (red and black)"), false);
    m_deck->addItem(tr("Four colours (clubs green, diamonds orange)"), true);
    m_theme = new QComboBox(this);
    m_theme->addItem(tr("System"), static_cast<int>(Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Theme::Dark));

    auto *solverBox = new QGroupBox(tr("Solver"), this);
    auto *solverForm = new QFormLayout(solverBox);
    solverForm->addRow(tr("DD table &threads:"), m_threads);
    solverForm->addRow(tr("Table &memory per thread:"), m_memory);
    auto *viewBox = new QGroupBox(tr("Display"), this);
    auto *viewForm = new QFormLayout(viewBox);
    viewForm->addRow(tr("Card &numbers show:"), m_annotation);
    viewForm->addRow(tr("Card &size:"), m_cardScale);
    viewForm->addRow(tr("&Deck:"), m_deck);
    viewForm->addRow(tr("T&heme:"), m_theme);

    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setPreferences(Preferences {}); });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(solverBox);
    layout->addWidget(viewBox);
    layout->addWidget(buttons);
    setPreferences(preferences);
}

Preferences PreferencesDialog::preferences() const
{
    Preferences p;
    p.tableThreads = m_threads->value();
    p.tableMemoryMb = m_memory->value();
    p.annotationStyle = static_cast<AnnotationStyle>(m_annotation->currentData().toInt());
    p.cardScalePercent = m_cardScale->value();
    p.fourColour = m_deck->currentData().toBool();
    p.theme = static_cast<Theme>(m_theme->currentData().toInt());
    return p;
}

void PreferencesDialog::setPreferences(const Preferences &p)
{
    m_threads->setValue(p.tableThreads);
    m_memory->setValue(p.tableMemoryMb);
    m_annotation->setCurrentIndex(m_annotation->findData(static_cast<int>(p.annotationStyle)));
    m_cardScale->setValue(p.cardScalePercent);
    m_deck->setCurrentIndex(m_deck->findData(p.fourColour));
    m_theme->setCurrentIndex(m_theme->findData(static_cast<int>(p.theme)));
}

} // namespace tenace::ui
