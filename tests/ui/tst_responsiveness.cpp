// Responsiveness benchmark of the analyzer window (issue 6), not a timed unit test: over random
// deals it measures, with the real window and solver threads,
//   - new deal -> every card of the opening lead annotated,
//   - each card played -> the next hand's annotations shown,
//   - new deal -> full DD table and par shown,
//   - the longest GUI-thread stall (gap between ticks of a 1 ms timer) during all of that.
// It prints medians and maxima. TENACE_BENCH_DEALS sets the number of deals (default 50),
// TENACE_BENCH_CARDS the cards played per deal (default 12). With View > Single dummy on, over
// TENACE_BENCH_SD_DEALS deals (default 10) at the opening lead: the first single-dummy estimate
// of the leads, 200 layouts valued, and the longest stall meanwhile. Over
// TENACE_BENCH_AM_DECISIONS decisions of declarer's side (default 10) with the contract at stake,
// αμ's: the first values, the depth reached in its 2 s, and the longest stall while it runs. Label
// "slow".

#include "core/model/dealer.h"
#include "ui/analysis_panel.h"
#include "ui/board_session.h"
#include "ui/dd_table_model.h"
#include "ui/lead_table_model.h"
#include "ui/main_window.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <vector>

using namespace tenace;

namespace {

double median(std::vector<qint64> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? static_cast<double>(v[n / 2]) : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

constexpr qint64 kHangGuardMs = 20 * 60 * 1000;

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

// Event-loop latency: the longest gap between ticks of a 1 ms timer.
class StallProbe
{
public:
    StallProbe()
    {
        m_tick.start();
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout,
                         [this] { m_longest = std::max(m_longest, m_tick.restart()); });
        m_timer.start();
    }
    void restart() { m_tick.restart(); } // a gap the test causes on purpose is not a stall
    void stop() { m_timer.stop(); }
    qint64 longest() const { return m_longest; }

private:
    QTimer m_timer;
    QElapsedTimer m_tick;
    qint64 m_longest = 0;
};

} // namespace

class TestResponsiveness : public QObject
{
    Q_OBJECT
private slots:
    void measure()
    {
        const int deals = envInt("TENACE_BENCH_DEALS", 50);
        const int cards = envInt("TENACE_BENCH_CARDS", 12);
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::BoardSession *session = window.session();
        ui::TableWidget *table = window.tableWidget();
        ui::DdTableModel *dd = window.analysisPanel()->ddModel();

        StallProbe stalls;

        std::vector<qint64> lead, perCard, tableAndPar;
        for (int d = 0; d < deals; ++d) {
            core::Dealer dealer(1000 + static_cast<quint64>(d));
            ui::Board board;
            board.deal = dealer.deal();
            board.contract = {3, core::Strain::NoTrump, core::Doubling::Undoubled,
                              core::Seat::South};
            QElapsedTimer clock;
            clock.start();
            stalls.restart();
            QVERIFY(session->setBoard(board).ok());
            qint64 leadMs = -1;
            while (!(dd->isComplete() && window.isAnalysisComplete())) {
                // A hang guard, not a time goal: on a loaded machine a hard deal's full table
                // can take minutes at the solver threads' lower priority.
                QVERIFY2(clock.elapsed() < kHangGuardMs, "analysis did not finish");
                QTest::qWait(1);
                if (leadMs < 0 && table->hasAnnotations())
                    leadMs = clock.elapsed();
            }
            lead.push_back(leadMs < 0 ? clock.elapsed() : leadMs);
            tableAndPar.push_back(clock.elapsed());
            for (int c = 0; c < cards; ++c) {
                const auto best = table->bestCard();
                QVERIFY(best);
                clock.restart();
                QVERIFY(session->play(*best));
                while (!table->hasAnnotations()) {
                    QVERIFY2(clock.elapsed() < kHangGuardMs, "card analysis did not finish");
                    QTest::qWait(1);
                }
                perCard.push_back(clock.elapsed());
            }
        }
        stalls.stop();
        qInfo("deals %d, cards per deal %d", deals, cards);
        qInfo("opening lead annotated: median %.0f ms, max %lld ms", median(lead),
              *std::max_element(lead.begin(), lead.end()));
        qInfo("each later card: median %.0f ms, max %lld ms", median(perCard),
              *std::max_element(perCard.begin(), perCard.end()));
        qInfo("DD table + par: median %.0f ms, max %lld ms", median(tableAndPar),
              *std::max_element(tableAndPar.begin(), tableAndPar.end()));
        qInfo("longest GUI-thread stall: %lld ms", stalls.longest());
    }

    void singleDummyLead()
    {
        const int deals = envInt("TENACE_BENCH_SD_DEALS", 10);
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSingleDummyMode(true);
        ui::BoardSession *session = window.session();
        ui::LeadTableModel *leads = window.leadModel();
        StallProbe stalls;
        std::vector<qint64> first, twoHundred;
        for (int d = 0; d < deals; ++d) {
            core::Dealer dealer(2000 + static_cast<quint64>(d));
            ui::Board board;
            board.deal = dealer.deal();
            board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled,
                              core::Seat::South};
            QElapsedTimer clock;
            clock.start();
            stalls.restart();
            QVERIFY(session->setBoard(board).ok());
            qint64 firstMs = -1;
            while (leads->result().layouts < 200 || leads->rowCount() == 0) {
                QVERIFY2(clock.elapsed() < kHangGuardMs, "single dummy did not reach 200 layouts");
                QTest::qWait(1);
                if (firstMs < 0 && leads->rowCount() > 0)
                    firstMs = clock.elapsed();
            }
            first.push_back(firstMs < 0 ? clock.elapsed() : firstMs);
            twoHundred.push_back(clock.elapsed());
        }
        stalls.stop();
        qInfo("single dummy at the opening lead, %d deals (4S by South, DD table and card "
              "values running alongside):",
              deals);
        qInfo("first estimate of the leads: median %.0f ms, max %lld ms", median(first),
              *std::max_element(first.begin(), first.end()));
        qInfo("200 layouts: median %.0f ms, max %lld ms", median(twoHundred),
              *std::max_element(twoHundred.begin(), twoHundred.end()));
        qInfo("longest GUI-thread stall: %lld ms", stalls.longest());
    }

    void alphaMuDecisions()
    {
        const int wanted = envInt("TENACE_BENCH_AM_DECISIONS", 10);
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSingleDummyMode(true);
        ui::BoardSession *session = window.session();
        ui::TableWidget *table = window.tableWidget();
        ui::SolverController *solver = window.solver();
        QSignalSpy progress(solver, &ui::SolverController::alphaMuProgress);
        std::vector<qint64> first, whole, depths, worst;
        qint64 longest = 0, longestSettled = 0;
        int settled = 0, deals = 0;
        for (int d = 0; d < 200 && static_cast<int>(first.size()) < wanted; ++d) {
            core::Dealer dealer(3000 + static_cast<quint64>(d));
            ui::Board board;
            board.deal = dealer.deal();
            board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled,
                              core::Seat::South};
            QVERIFY(session->setBoard(board).ok());
            ++deals;
            QTest::qWait(50);
            // The first eight cards, the first legal one each time; at each decision of
            // declarer's side αμ runs (PIMC, the DD table and card values alongside).
            for (int c = 0; c < 8 && static_cast<int>(first.size()) < wanted; ++c) {
                QElapsedTimer clock;
                clock.start();
                progress.clear();
                QVERIFY(session->play(session->state()->legalCards().cards().front()));
                const quint64 generation = window.alphaMuGeneration();
                if (generation == 0)
                    continue; // a defender to play
                // From the request on (the card's own handling is measured by measure()).
                StallProbe stalls;
                qint64 firstMs = -1;
                while (firstMs < 0 || solver->isRequestBusy(ui::RequestKind::AlphaMu)) {
                    QVERIFY2(clock.elapsed() < kHangGuardMs, "alpha mu did not finish");
                    QTest::qWait(1);
                    if (firstMs < 0 && table->alphaMuDepth() >= 1)
                        firstMs = clock.elapsed();
                }
                stalls.stop();
                const auto ours = std::find_if(progress.begin(), progress.end(), [&](auto &a) {
                    return a.at(0).template value<quint64>() == generation;
                });
                QVERIFY(ours != progress.end());
                if (ours->at(1).template value<core::AlphaMuResult>().complete) {
                    ++settled; // every layout settled double dummy: over at depth 1
                    longestSettled = std::max(longestSettled, stalls.longest());
                    continue;
                }
                first.push_back(firstMs);
                whole.push_back(clock.elapsed());
                depths.push_back(table->alphaMuDepth());
                worst.push_back(stalls.longest());
                longest = std::max(longest, stalls.longest());
            }
        }
        QVERIFY(!first.empty());
        qInfo("alpha mu in the window, %d decisions of declarer's side with the contract at "
              "stake over %d deals (4S by South, 40 layouts, 2 s; PIMC, DD table and card values "
              "running alongside):",
              static_cast<int>(first.size()), deals);
        qInfo("first alpha mu values: median %.0f ms, max %lld ms", median(first),
              *std::max_element(first.begin(), first.end()));
        qInfo("search over: median %.0f ms, max %lld ms", median(whole),
              *std::max_element(whole.begin(), whole.end()));
        qInfo("depth reached: median %.0f, min %lld", median(depths),
              *std::min_element(depths.begin(), depths.end()));
        qInfo("longest GUI-thread stall while alpha mu runs: median %.0f ms, max %lld ms",
              median(worst), longest);
        qInfo("%d settled decisions (over at depth 1): longest stall %lld ms", settled,
              longestSettled);
    }
};

QTEST_MAIN(TestResponsiveness)
#include "tst_responsiveness.moc"
