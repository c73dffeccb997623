// Preferences and remembered state: QSettings round trip with defaults for missing and bad
// values, the recent-files list, the Preferences dialog editing a value, the About text, and
// the light and dark palettes readable (text contrast of at least 4.5:1, WCAG AA).

#include "ui/about_dialog.h"
#include "ui/board_session.h"
#include "ui/main_window.h"
#include "ui/preferences.h"
#include "ui/preferences_dialog.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tenace::ui;

namespace {

double luminance(const QColor &c)
{
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TestPreferences : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultsWhenEmpty();
    void roundTrip();
    void badValuesFallBack();
    void recentFiles();
    void dialogEditsTheValue();
    void aboutNamesVersionLicenceAndCredits();
    void palettesAreReadable_data();
    void palettesAreReadable();
    void mainWindowAppliesAndRemembers();
    void annotationStyles();

private:
    QTemporaryDir m_dir;
    QString iniPath(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
};

void TestPreferences::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("Tenace"));
    QCoreApplication::setApplicationName(QStringLiteral("TenacePreferencesTest"));
    QSettings().clear();
}

void TestPreferences::defaultsWhenEmpty()
{
    const QSettings settings(iniPath("empty.ini"), QSettings::IniFormat);
    QCOMPARE(loadPreferences(settings), Preferences {});
}

void TestPreferences::roundTrip()
{
    Preferences p;
    p.tableThreads = 3;
    p.tableMemoryMb = 256;
    p.annotationStyle = AnnotationStyle::TricksLost;
    p.cardScalePercent = 130;
    p.fourColour = true;
    p.theme = Theme::Dark;
    {
        QSettings settings(iniPath("prefs.ini"), QSettings::IniFormat);
        savePreferences(settings, p);
    }
    const QSettings again(iniPath("prefs.ini"), QSettings::IniFormat);
    QCOMPARE(loadPreferences(again), p);
}

void TestPreferences::badValuesFallBack()
{
    QSettings settings(iniPath("bad.ini"), QSettings::IniFormat);
    settings.setValue("solver/tableThreads", -4);
    settings.setValue("solver/tableMemoryMb", "lots");
    settings.setValue("view/annotationStyle", 17);
    settings.setValue("view/fourColour", false);
    settings.setValue("view/cardScalePercent", 900);
    settings.setValue("view/theme", 3);
    QCOMPARE(loadPreferences(settings), Preferences {});
}

void TestPreferences::recentFiles()
{
    QSettings settings(iniPath("recent.ini"), QSettings::IniFormat);
    QStringList made;
    for (int i = 0; i < maxRecentFiles + 3; ++i) {
        const QString path = m_dir.filePath(QString("board%1.pbn").arg(i));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        made << path;
        addRecentFile(settings, path);
    }
    addRecentFile(settings, made[maxRecentFiles + 1]); // again: moves to the front, no duplicate
    const QStringList recent = tenace::ui::recentFiles(settings);
    QCOMPARE(recent.size(), maxRecentFiles);
    QCOMPARE(recent.first(), made[maxRecentFiles + 1]);
    QCOMPARE(recent.at(1), made[maxRecentFiles + 2]);
    QCOMPARE(recent.count(made[maxRecentFiles + 1]), 1);
    QVERIFY(!recent.contains(made[0]));
    QFile::remove(made[maxRecentFiles + 2]); // a file that is gone is not offered
    QVERIFY(!tenace::ui::recentFiles(settings).contains(made[maxRecentFiles + 2]));
}

void TestPreferences::dialogEditsTheValue()
{
    Preferences p;
    p.tableThreads = 2;
    p.fourColour = true;
    PreferencesDialog dialog(p);
    QCOMPARE(dialog.preferences(), p);
    dialog.threadsBox()->setValue(1);
    dialog.annotationBox()->setCurrentIndex(3);
    Preferences edited = dialog.preferences();
    QCOMPARE(edited.tableThreads, 1);
    QCOMPARE(edited.annotationStyle, AnnotationStyle::TricksLost);
    QCOMPARE(edited.fourColour, true);
    auto *buttons = dialog.findChild<QDialogButtonBox *>();
    QVERIFY(buttons);
    buttons->button(QDialogButtonBox::RestoreDefaults)->click();
    QCOMPARE(dialog.preferences(), Preferences {});
}

void TestPreferences::aboutNamesVersionLicenceAndCredits()
{
    QApplication::setApplicationVersion("9.8.7");
    const QString text = AboutDialog::text();
    for (const char *needle : {"Tenace 9.8.7", "Apache License", "Bo Haglund", "Soren Hein",
                               "Jing-Ping Jan", "Hand Strength Evaluation", "Built with Qt 6"})
        QVERIFY2(text.contains(QLatin1String(needle)), needle);
    AboutDialog dialog;
    QVERIFY(!dialog.windowTitle().isEmpty());
}

void TestPreferences::palettesAreReadable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

void TestPreferences::palettesAreReadable()
{
    QFETCH(bool, dark);
    const QPalette p = dark ? darkPalette() : lightPalette();
    const std::pair<QPalette::ColorRole, QPalette::ColorRole> pairs[] = {
        {QPalette::Text, QPalette::Base},
        {QPalette::Text, QPalette::AlternateBase},
        {QPalette::WindowText, QPalette::Window},
        {QPalette::ButtonText, QPalette::Button},
        {QPalette::HighlightedText, QPalette::Highlight},
        {QPalette::ToolTipText, QPalette::ToolTipBase},
    };
    for (const auto &[fg, bg] : pairs) {
        const double c = contrast(p.color(fg), p.color(bg));
        QVERIFY2(c >= 4.5,
                 qPrintable(QString("roles %1 on %2: contrast %3")
                                .arg(int(fg))
                                .arg(int(bg))
                                .arg(c, 0, 'f', 2)));
    }
    QCOMPARE(luminance(p.color(QPalette::Window)) < 0.2, dark);
}

// The window applies preferences to the table and the solver, saves them, and remembers the
// recent files and its geometry for the next window.
void TestPreferences::mainWindowAppliesAndRemembers()
{
    Preferences p;
    p.annotationStyle = AnnotationStyle::TricksLost;
    p.tableThreads = 1;
    p.tableMemoryMb = 64;
    p.cardScalePercent = 120;
    p.fourColour = true;
    const QString sample = QFINDTESTDATA("../resources/samples/sample.pbn");
    QVERIFY(!sample.isEmpty());
    {
        MainWindow window;
        window.setPreferences(p);
        QCOMPARE(window.tableWidget()->annotationStyle(), AnnotationStyle::TricksLost);
        QVERIFY(window.tableWidget()->isFourColour());
        QCOMPARE(window.solver()->tableThreads(), 1);
        QCOMPARE(window.solver()->tableBytes(), std::size_t {64} << 20);
        QCOMPARE(loadPreferences(QSettings()), p);
        QVERIFY(window.openFile(sample));
        // The smallest window the layout is checked at (1024x700), not the default size.
        window.resize(1024, 700);
        window.close();
    }
    QCOMPARE(tenace::ui::recentFiles(QSettings()).value(0), QFileInfo(sample).absoluteFilePath());
    QVERIFY(QSettings().contains(QStringLiteral("window/geometry")));
    MainWindow again;
    QCOMPARE(again.preferences(), p);
    QCOMPARE(again.size(), QSize(1024, 700));
    again.setPreferences(Preferences {});
}

// The number under a card in each style, for the position the solver analysed.
void TestPreferences::annotationStyles()
{
    MainWindow window;
    window.newRandomDeal(7);
    QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete() && !window.solver()->isBusy(), 120000);
    TableWidget *table = window.tableWidget();
    const auto best = table->bestCard();
    QVERIFY(best);
    const int value = table->annotation(*best).value();
    std::optional<tenace::core::Card> worse;
    for (const tenace::core::Card c : window.session()->state()->legalCards().cards())
        if (table->annotation(c) && *table->annotation(c) != value)
            worse = c;
    table->setAnnotationStyle(AnnotationStyle::Mixed);
    QCOMPARE(table->annotationText(*best), QString::number(value));
    table->setAnnotationStyle(AnnotationStyle::DeclarerTricks);
    QCOMPARE(table->annotationText(*best), QString::number(value));
    table->setAnnotationStyle(AnnotationStyle::TricksLost);
    QCOMPARE(table->annotationText(*best), QStringLiteral("0"));
    table->setAnnotationStyle(AnnotationStyle::PlayerTricks); // the defence leads
    QCOMPARE(table->annotationText(*best), QString::number(13 - value));
    if (worse) {
        const int lost = value - *table->annotation(*worse);
        table->setAnnotationStyle(AnnotationStyle::Mixed);
        QCOMPARE(table->annotationText(*worse), QStringLiteral("\u2212%1").arg(lost));
        table->setAnnotationStyle(AnnotationStyle::PlayerTricks);
        QCOMPARE(table->annotationText(*worse), QString::number(13 - value + lost));
    }
}

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
