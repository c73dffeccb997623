// Recorded play, analysed (offscreen): a board's Play section (PBN) or pc records (LIN) are
// loaded as the line to step through; the play-analysis strip's cost of every card is checked
// against the solver's per-card scores at that card's position (an independent path: solve()
// with every card scored, not the play analysis); clicking a point jumps there; diverging and
// returning to the recorded play.

#include "core/model/play_state.h"
#include "core/solver/solver.h"
#include "ui/board_session.h"
#include "ui/main_window.h"
#include "ui/play_analysis_panel.h"

#include <QSignalSpy>
#include <QTest>

using namespace tenace;

namespace {

constexpr int solveTimeout = 600000; // generous: CI machines are shared

QString fixture(const char *name)
{
    return QStringLiteral(TENACE_TEST_DATA "/fixtures/") + QLatin1String(name);
}

// Shows the first board of the open file that has a recorded play; false if none.
bool showPlayedBoard(ui::MainWindow &window, int boards)
{
    for (int i = 0; i < boards; ++i) {
        window.showBoard(i);
        if (!window.session()->board().recordedPlay.empty())
            return true;
    }
    return false;
}

} // namespace

class TestPlayAnalysis : public QObject
{
    Q_OBJECT
private slots:
    void recordedPlayAnalysed()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::PlayAnalysisPanel *panel = window.playAnalysisPanel();
        QSignalSpy finished(panel, &ui::PlayAnalysisPanel::analysisFinished);
        QVERIFY(window.openFile(fixture("pbn/bridgebots-sample.pbn")));
        QVERIFY(showPlayedBoard(window, 3));
        ui::BoardSession *session = window.session();
        const ui::Board board = session->board();
        // The recorded play is the line: at the start, redo holds every card.
        QCOMPARE(session->cardsPlayed(), 0);
        QVERIFY(session->line() == board.recordedPlay);
        QVERIFY(board.recordedPlay.size() >= 8);
        session->nextTrick();
        QCOMPARE(session->cardsPlayed(), 4);
        session->toStart();

        QTRY_VERIFY_WITH_TIMEOUT(!panel->isBusy() && !panel->cards().empty(), solveTimeout);
        QCOMPARE(panel->cards().size(), board.recordedPlay.size());

        // Each card's cost, from the solver's score of every legal card at its position.
        core::Solver solver;
        auto state = core::PlayState::create(board.deal, board.contract.strain,
                                             core::next(board.contract.declarer, 1))
                         .value();
        int declarerLoss = 0, defenceLoss = 0;
        for (std::size_t j = 0; j < board.recordedPlay.size(); ++j) {
            const core::Card card = board.recordedPlay[j];
            const core::Seat seat = state.toMove();
            const auto scored = solver.solve(state.position()).value();
            int best = -1, played = -1;
            for (const core::CardScore &s : scored.cards) {
                best = std::max(best, s.score);
                if (s.card == card || s.equals.contains(card))
                    played = s.score;
            }
            QVERIFY2(played >= 0, qPrintable(QStringLiteral("card %1 not scored").arg(j + 1)));
            const ui::AnalysedCard &shown = panel->cards()[j];
            QCOMPARE(shown.card, card);
            QCOMPARE(shown.seat, seat);
            QVERIFY2(shown.cost == best - played,
                     qPrintable(QStringLiteral("card %1 (%2): strip says %3, solver %4")
                                    .arg(j + 1)
                                    .arg(QString::fromStdString(card.toString()))
                                    .arg(shown.cost)
                                    .arg(best - played)));
            (core::sideOf(seat) == session->declarerSide() ? declarerLoss : defenceLoss) +=
                shown.cost;
            QVERIFY(state.play(card));
        }
        // The strip's ends agree with the costs: start - declarer's losses + defence's gifts.
        QCOMPARE(panel->cards().back().tricks, panel->startTricks() - declarerLoss + defenceLoss);
        QVERIFY(panel->summary().contains(QStringLiteral("Double dummy before the lead")));

        // Clicking a point jumps there.
        ui::PlayAnalysisStrip *strip = panel->strip();
        QTest::mouseClick(strip, Qt::LeftButton, {}, strip->pointPosition(8));
        QCOMPARE(session->cardsPlayed(), 8);

        // Diverge at card 5 with another legal card, then return to the recorded play.
        session->goTo(4);
        QVERIFY(!panel->hasDiverged());
        const core::Hand legal = session->state()->legalCards();
        core::Card other = board.recordedPlay[4];
        for (const core::Card c : legal.cards()) {
            if (c != board.recordedPlay[4]) {
                other = c;
                break;
            }
        }
        if (other != board.recordedPlay[4]) {
            QVERIFY(session->play(other));
            QVERIFY(panel->hasDiverged());
            panel->returnToRecordedPlay();
            QVERIFY(!panel->hasDiverged());
            QCOMPARE(session->cardsPlayed(), 4);
            QVERIFY(session->line() == board.recordedPlay);
        }
        session->goTo(12);
        window.resize(1360, 960);
        QTest::qWait(100);
        window.grab().save(QStringLiteral("main_window_play_analysis.png"));
    }

    void linRecordedPlay()
    {
        ui::MainWindow window;
        QVERIFY(window.openFile(fixture("lin/endplay-example1.lin")));
        QVERIFY(showPlayedBoard(window, 8));
        const ui::Board &board = window.session()->board();
        QVERIFY(board.recordedPlay.size() >= 4);
        QVERIFY(window.session()->line() == board.recordedPlay);
    }

    void boardWithoutPlay()
    {
        ui::MainWindow window;
        window.newRandomDeal(5);
        QVERIFY(window.session()->board().recordedPlay.empty());
        QVERIFY(window.playAnalysisPanel()->cards().empty());
        QVERIFY(!window.playAnalysisPanel()->isBusy());
    }
};

QTEST_MAIN(TestPlayAnalysis)
#include "tst_play_analysis.moc"
