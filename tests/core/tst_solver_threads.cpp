// The solver's threads, small enough to run under ThreadSanitizer (the tsan preset runs the tests
// labelled `threads`): solveTable on 1 and 4 threads against DDS's tables (ddtables.tsv), a
// cancel sent from another thread, and parallelFor with one Solver per thread.

#include "core/commands/batch.h"
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

QTEST_APPLESS_MAIN(TestSolverThreads)
#include "tst_solver_threads.moc"
