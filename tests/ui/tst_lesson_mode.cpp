// Lesson mode (offscreen): the course opens from the bundled file, the defenders' hands are
// hidden, the student's cards are clicked on the table, the program answers for the defenders
// (off the GUI thread, through the solver controller), and the summary appears at the end with
// every hand shown. Teaching and lesson modes exclude each other.

#include "ui/board_session.h"
#include "ui/lesson_panel.h"
#include "ui/main_window.h"
#include "ui/table_widget.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QListWidget>
#include <QSettings>
#include <QTest>

using namespace tenace;

namespace {

constexpr int solveTimeout = 300000; // generous: CI machines are shared

unsigned bit(core::Seat seat)
{
    return 1u << core::index(seat);
}

// Plays the lesson to its end: the student clicks the last of their legal cards on the table, the
// program answers for the defenders. Counts the defenders' cards.
void playToEnd(ui::MainWindow &window, int &defenderCards)
{
    ui::BoardSession *session = window.session();
    ui::TableWidget *table = window.tableWidget();
    while (!session->state()->isFinished()) {
        const core::PlayState *state = session->state();
        const int before = session->cardsPlayed();
        if (core::sideOf(state->toMove()) == session->declarerSide()) {
            // The student clicks the last of their legal cards on the table.
            const std::vector<core::Card> legal = state->legalCards().cards();
            const core::Card card = legal.back();
            const QRect rect = table->cardRect(card);
            QVERIFY(!rect.isEmpty());
            QTest::mouseClick(table, Qt::LeftButton, {}, rect.center());
            QCOMPARE(session->cardsPlayed(), before + 1);
        } else {
            ++defenderCards;
        }
        // The defenders' cards come from the program: the play moves on without us.
        QTRY_VERIFY_WITH_TIMEOUT(session->cardsPlayed() > before || !window.isLessonMode(),
                                 solveTimeout);
        QVERIFY(window.isLessonMode());
        QTRY_VERIFY_WITH_TIMEOUT(window.lesson()->played().size() ==
                                         static_cast<std::size_t>(session->cardsPlayed()) ||
                                     session->state()->isFinished(),
                                 solveTimeout);
    }
}

} // namespace

class TestLessonMode : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QSettings().remove(QStringLiteral("lessons")); }

    void playsCourseLesson()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.courseSize() >= 1);
        QVERIFY(window.lessonPanel()->courseList()->count() == window.courseSize());
        QVERIFY(window.startCourseLesson(0));
        QVERIFY(window.isLessonMode());
        QVERIFY(window.lessonDock()->isVisible());
        ui::BoardSession *session = window.session();
        ui::TableWidget *table = window.tableWidget();
        const core::Seat declarer = session->contract().declarer;
        QCOMPARE(table->hiddenSeats(), bit(core::next(declarer, 1)) | bit(core::next(declarer, 3)));
        QVERIFY(!table->annotationsVisible());
        // The lesson starts after the opening lead.
        QCOMPARE(session->cardsPlayed(), static_cast<int>(window.lesson()->setup().played.size()));
        int defenderCards = 0;
        playToEnd(window, defenderCards);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(defenderCards >= 12);
        QTRY_VERIFY_WITH_TIMEOUT(!window.lessonPanel()->summaryText().isEmpty(), solveTimeout);
        const QString summary = window.lessonPanel()->summaryText();
        QVERIFY2(summary.contains(QStringLiteral("Contract")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("layout played")), qPrintable(summary));
        QCOMPARE(table->hiddenSeats(), 0u);
        if (const QByteArray shot = qgetenv("TENACE_SCREENSHOT"); !shot.isEmpty())
            window.grab().save(QString::fromLocal8Bit(shot));
        // The table holds the layout the lesson ended in.
        QCOMPARE(session->board().deal, window.lesson()->layout());
    }

    // Any board can be a lesson: the student is declarer, the program leads for the defence.
    void boardLesson()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(31);
        ui::BoardSession *session = window.session();
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), solveTimeout);
        session->setContract(
            {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::South});
        window.setLessonMode(true);
        QVERIFY(window.isLessonMode());
        QCOMPARE(window.lesson()->setup().student, core::Seat::South);
        QCOMPARE(window.tableWidget()->hiddenSeats(),
                 bit(core::Seat::East) | bit(core::Seat::West));
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 1, solveTimeout);
        QCOMPARE(session->state()->toMove(), core::Seat::North);
        QCOMPARE(window.lesson()->played().size(), std::size_t {1});
        QCOMPARE(session->state()->history().front(), window.lesson()->played().front());
        // Leaving the lesson's line (another board) ends lesson mode.
        window.newRandomDeal(32);
        QVERIFY(!window.isLessonMode());
    }

    // With the layout fixed, the deal stays as dealt whatever the student plays.
    void fixedLayout()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.lessonPanel()->fixedLayoutBox()->setChecked(true);
        QVERIFY(window.startCourseLesson(0));
        const core::Deal dealt = window.lesson()->setup().deal;
        int defenderCards = 0;
        playToEnd(window, defenderCards);
        if (QTest::currentTestFailed())
            return;
        QTRY_VERIFY_WITH_TIMEOUT(!window.lessonPanel()->summaryText().isEmpty(), solveTimeout);
        QCOMPARE(window.lesson()->layout(), dealt);
        QCOMPARE(window.session()->board().deal, dealt);
        QCOMPARE(window.lesson()->summary().switches, 0);
    }

    void modesAreExclusive()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.startCourseLesson(0));
        window.setTeachingMode(true);
        QVERIFY(window.isTeachingMode());
        QVERIFY(!window.isLessonMode());
        window.setLessonMode(true);
        QVERIFY(window.isLessonMode());
        QVERIFY(!window.isTeachingMode());
        window.setLessonMode(false);
        QVERIFY(!window.isLessonMode());
        QCOMPARE(QSettings().value(QStringLiteral("lessons/current")).toInt(), 0);
    }
};

QTEST_MAIN(TestLessonMode)
#include "tst_lesson_mode.moc"
