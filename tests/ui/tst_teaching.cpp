// Teaching (offscreen): the PBN Hidden tag hides hands (their cards are not drawn); teaching mode
// hides the defenders, hides the DD values, plays the defence double-dummy and judges each card
// of declarer's side against the solver's scores; "show all hands" reveals them.

#include "ui/board_session.h"
#include "ui/main_window.h"
#include "ui/table_widget.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tenace;

namespace {

constexpr int solveTimeout = 300000; // generous: CI machines are shared

unsigned bit(core::Seat seat)
{
    return 1u << core::index(seat);
}

} // namespace

class TestTeaching : public QObject
{
    Q_OBJECT
private slots:
    void hiddenTag()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.pbn"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                   "[Deal \"N:AKQ2.KJ5.T98.A43 6543.T98.A65.JT9 JT987.AQ2.7.KQ52 "
                   ".7643.KQJ432.876\"]\n[Declarer \"S\"]\n[Contract \"4S\"]\n[Hidden \"EW\"]\n");
        file.close();
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(path));
        ui::TableWidget *table = window.tableWidget();
        QCOMPARE(table->hiddenSeats(), bit(core::Seat::East) | bit(core::Seat::West));
        // East's and West's cards are not on the table; North's are.
        QVERIFY(table->cardRect(core::parseCard("DA").value()).isEmpty()); // East
        QVERIFY(table->cardRect(core::parseCard("DK").value()).isEmpty()); // West
        QVERIFY(!table->cardRect(core::parseCard("SA").value()).isEmpty()); // North
        window.revealHands();
        QCOMPARE(table->hiddenSeats(), 0u);
        QVERIFY(!table->cardRect(core::parseCard("DA").value()).isEmpty());
        window.grab().save(QStringLiteral("teaching_revealed.png"));
    }

    void teachingMode()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(31);
        ui::BoardSession *session = window.session();
        // A random deal takes its par contract once the table is known: wait for it first.
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), solveTimeout);
        session->setContract(
            {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::South});
        ui::TableWidget *table = window.tableWidget();
        window.setTeachingMode(true);
        QCOMPARE(table->hiddenSeats(), bit(core::Seat::East) | bit(core::Seat::West));
        QVERIFY(!table->annotationsVisible());
        // West leads: the program plays it, then North (dummy) is the student's.
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 1, solveTimeout);
        QCOMPARE(session->state()->toMove(), core::Seat::North);
        QTRY_VERIFY_WITH_TIMEOUT(table->hasAnnotations(), solveTimeout);
        // Play North's worst card and check the verdict against the scores.
        const core::Hand legal = session->state()->legalCards();
        core::Card worst = legal.cards().front();
        int best = -1;
        for (const core::Card c : legal.cards()) {
            const int v = table->annotation(c).value();
            best = std::max(best, v);
            if (v < table->annotation(worst).value())
                worst = c;
        }
        const int cost = best - table->annotation(worst).value();
        window.grab().save(QStringLiteral("teaching_mode.png"));
        QVERIFY(session->play(worst));
        const QString verdict = window.lastFeedback();
        if (cost == 0) {
            QVERIFY2(verdict.contains(QStringLiteral("optimal")), qPrintable(verdict));
        } else {
            QVERIFY2(verdict.contains(cost == 1 ? QStringLiteral("cost a trick")
                                                : QStringLiteral("cost %1 tricks").arg(cost)),
                     qPrintable(verdict));
            QVERIFY2(verdict.contains(QStringLiteral("Best:")), qPrintable(verdict));
        }
        // East (a defender) is played by the program.
        QTRY_COMPARE_WITH_TIMEOUT(session->cardsPlayed(), 3, solveTimeout);
        window.setTeachingMode(false);
        QCOMPARE(table->hiddenSeats(), 0u);
        QVERIFY(table->annotationsVisible());
    }
};

QTEST_MAIN(TestTeaching)
#include "tst_teaching.moc"
