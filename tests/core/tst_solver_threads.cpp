// The solver's threads, small enough to run under ThreadSanitizer (the tsan preset runs the tests
// labelled `threads`): solveTable on 1 and 4 threads against DDS's tables (ddtables.tsv), a
// cancel sent from another thread, parallelFor with one Solver per thread, and single dummy's
// progress from the pool's threads.

#include "core/analysis/single_dummy.h"
#include "core/commands/batch.h"
#include "core/model/play_state.h"
#include "core/solver/solver.h"
#include "solver_reference.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

using namespace tenace::core;
using namespace tenace::test;
using namespace std::chrono_literals;

namespace {

// Random deals of ddtables.tsv (its first 38 rows are constructed edge cases) whose tables take
// about 0.1 s in Release, about 1 s under TSan.
constexpr int tableRows[] = {53, 57, 63, 68};

const std::vector<ReferenceRow> &tableReference()
{
    static const auto rows = readReference("ddtables.tsv");
    return rows;
}

const ReferenceRow &tableRow(int row)
{
    return tableReference().at(static_cast<std::size_t>(row - 1));
}

// The 20 numbers of a table, or of a reference row, in ddtables.tsv order.
std::string tableText(const DdTable &table)
{
    std::string text;
    for (std::size_t i = 0; i < 20; ++i)
        text.append(i ? " " : "").append(std::to_string(table.tricks[i / 4][i % 4]));
    return text;
}

std::string referenceText(const ReferenceRow &row)
{
    std::string text;
    for (std::size_t i = 0; i < 20; ++i)
        text.append(i ? " " : "").append(row.fields.at(1 + i));
    return text;
}

// A deal whose DD table takes seconds, so that a cancel always finds it working.
Deal hardDeal()
{
    return *parsePbnDeal("N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962");
}

} // namespace

class TestSolverThreads : public QObject
{
    Q_OBJECT
private slots:
    void tables_data();
    void tables();
    void cancelFromAnotherThread_data();
    void cancelFromAnotherThread();
    void cancelledBeforeStart();
    void parallelForSolvers();
    void singleDummyReports();
};

void TestSolverThreads::tables_data()
{
    QTest::addColumn<int>("row");
    for (int row : {tableRows[0], tableRows[1]})
        QTest::addRow("ddtables.tsv row %d", row) << row;
}

// The same table on one thread and on four, and both as DDS has it.
void TestSolverThreads::tables()
{
    QFETCH(int, row);
    const ReferenceRow &reference = tableRow(row);
    const auto deal = parsePbnDeal(reference.fields.at(0));
    QVERIFY(deal.ok());
    const auto one = solveTable(*deal, {1, {}});
    const auto four = solveTable(*deal, {4, {}});
    QVERIFY(one.ok() && four.ok());
    QCOMPARE(one->status, SolveStatus::Solved);
    QCOMPARE(four->status, SolveStatus::Solved);
    QCOMPARE(tableText(four->table), tableText(one->table));
    QCOMPARE(tableText(one->table), referenceText(reference));
}

void TestSolverThreads::cancelFromAnotherThread_data()
{
    QTest::addColumn<int>("threads"); // 0: Solver::tricks on this worker thread
    QTest::newRow("solveTable, 4 threads") << 4;
    QTest::newRow("solveTable, 1 thread") << 1;
    QTest::newRow("Solver::tricks") << 0;
}

// The cancel is seen within the deadline and the call reports Cancelled, never a number.
void TestSolverThreads::cancelFromAnotherThread()
{
    QFETCH(int, threads);
    const Deal deal = hardDeal();
    CancelToken token;
    std::atomic<bool> done {false};
    std::optional<SolveStatus> status;
    int tricks = -2;
    std::chrono::steady_clock::time_point returned;
    std::thread worker([&] {
        if (threads > 0) {
            auto result = solveTable(deal, {threads, {}}, token);
            if (result)
                status = result->status;
        } else {
            Solver solver;
            const Position position {deal, Strain::NoTrump, Seat::West, {}};
            auto result = solver.tricks(position, token);
            if (result) {
                tricks = *result;
                status = tricks < 0 ? SolveStatus::Cancelled : SolveStatus::Solved;
            }
        }
        returned = std::chrono::steady_clock::now();
        done = true;
    });
    std::this_thread::sleep_for(200ms);
    const bool finishedEarly = done;
    const auto cancelled = std::chrono::steady_clock::now();
    token.cancel();
    worker.join();
    if (finishedEarly)
        QSKIP("solved within 200 ms: nothing left to cancel");
    const auto latency =
        std::chrono::duration_cast<std::chrono::milliseconds>(returned - cancelled);
    qInfo("cancel latency: %lld ms", static_cast<long long>(latency.count()));
    QVERIFY(status.has_value());
    QCOMPARE(*status, SolveStatus::Cancelled);
    if (threads == 0)
        QCOMPARE(tricks, -1);
    // ~50 ms in a normal build; the sanitizers slow the search down several times.
    QVERIFY2(latency < 2000ms, std::to_string(latency.count()).c_str());
}

// A cancel is sticky: a call given a token already cancelled returns at once.
void TestSolverThreads::cancelledBeforeStart()
{
    CancelToken token;
    token.cancel();
    const auto result = solveTable(hardDeal(), {4, {}}, token);
    QVERIFY(result.ok());
    QCOMPARE(result->status, SolveStatus::Cancelled);
}

// Each job gets a Solver of its own thread; results land in place and match DDS.
void TestSolverThreads::parallelForSolvers()
{
    std::vector<std::string> results(std::size(tableRows));
    std::mutex mutex;
    std::set<const Solver *> solvers;
    parallelFor(results.size(), {3, {}}, [&](std::size_t i, Solver &solver) {
        {
            const std::lock_guard lock(mutex);
            solvers.insert(&solver);
        }
        const auto deal = parsePbnDeal(tableRow(tableRows[i]).fields.at(0));
        if (!deal)
            return;
        const auto table = solver.table(*deal);
        if (table && table->status == SolveStatus::Solved)
            results[i] = tableText(table->table);
    });
    QVERIFY(!solvers.empty() && solvers.size() <= 3);
    for (std::size_t i = 0; i < results.size(); ++i)
        QCOMPARE(results[i], referenceText(tableRow(tableRows[i])));
}

// Single dummy on one continuous pool run: reports come from the pool's threads one at a time, in
// order, and the values (stopped early or not) are those of one thread.
void TestSolverThreads::singleDummyReports()
{
    SingleDummySpec spec;
    spec.start = Dealer(11).deal();
    spec.contract = {3, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    auto state = PlayState::create(spec.start, Strain::NoTrump, Seat::West);
    QVERIFY(state.ok());
    for (int i = 0; i < 30; ++i) { // a six-card ending, two cards into the trick
        const Card card = state->legalCards().cards().front();
        QVERIFY(state->play(card).ok());
        spec.played.push_back(card);
    }
    spec.layouts = 40;
    spec.batch = 4;
    spec.seed = 3;
    spec.pool.threads = 1;
    const auto one = analyseSingleDummy(spec);
    QVERIFY(one.ok());
    spec.pool.threads = 2;
    std::vector<int> reported;
    const auto two = analyseSingleDummy(spec, {}, [&](const SingleDummyResult &partial) {
        reported.push_back(partial.layouts); // unguarded: the calls never overlap
    });
    QVERIFY(two.ok());
    QCOMPARE(reported.size(), std::size_t {9});
    for (std::size_t i = 0; i < reported.size(); ++i)
        QCOMPARE(reported[i], 4 * static_cast<int>(i + 1));
    QCOMPARE(two->layouts, 40);
    for (std::size_t i = 0; i < one->cards.size(); ++i) {
        QCOMPARE(two->cards[i].card, one->cards[i].card);
        QCOMPARE(two->cards[i].tricks, one->cards[i].tricks);
    }
    spec.untilSettled = true;
    spec.pool.threads = 1;
    const auto settledOne = analyseSingleDummy(spec);
    spec.pool.threads = 2;
    const auto settledTwo = analyseSingleDummy(spec);
    QVERIFY(settledOne.ok() && settledTwo.ok());
    QVERIFY(settledOne->settled && settledOne->layouts < 40);
    QCOMPARE(settledTwo->layouts, settledOne->layouts);
    QCOMPARE(settledTwo->settled, settledOne->settled);
    QCOMPARE(settledTwo->cards.front().tricks, settledOne->cards.front().tricks);
}

QTEST_APPLESS_MAIN(TestSolverThreads)
#include "tst_solver_threads.moc"
