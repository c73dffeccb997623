// The DDS reference files in full (label slow): every row of solveboard.tsv and playtraces.tsv,
// and the random deals of ddtables.tsv (rows 39..2000) sampled every 5th row. The full 2,000
// tables take about 15 minutes on 2 threads; they are checked with the CLI instead:
//   tenace-cli table tests/data/ddtables.tsv | diff - tests/data/ddtables.tsv
// Rows are solved on 2 threads (parallelFor, one Solver each); every mismatch is reported.

#include "core/commands/batch.h"
#include "solver_reference.h"

#include <QTest>

#include <mutex>

using namespace tenace::core;
using namespace tenace::test;

namespace {

using Check = std::string (*)(const ReferenceRow &, Solver &);

// Checks `rows` on 2 threads; returns the mismatches (at most 20 listed) or an empty string.
std::string checkAll(const std::vector<ReferenceRow> &rows, Check check)
{
    std::mutex mutex;
    std::vector<std::string> failures;
    parallelFor(rows.size(), PoolOptions {2, {}}, [&](std::size_t i, Solver &solver) {
        std::string error = check(rows[i], solver);
        if (!error.empty()) {
            const std::lock_guard lock(mutex);
            failures.push_back(std::move(error));
        }
    });
    std::string report;
    for (std::size_t i = 0; i < failures.size() && i < 20; ++i)
        report.append(failures[i]).append("\n");
    if (!failures.empty())
        report.append(std::to_string(failures.size())).append(" mismatches");
    return report;
}

} // namespace

class TestSolverFull : public QObject
{
    Q_OBJECT
private slots:
    void solveBoard();
    void playTraces();
    void ddTablesSampled();
};

void TestSolverFull::solveBoard()
{
    const auto rows = readReference("solveboard.tsv");
    QCOMPARE(rows.size(), std::size_t {2000});
    const std::string report = checkAll(rows, checkSolveRow);
    QVERIFY2(report.empty(), report.c_str());
}

void TestSolverFull::playTraces()
{
    const auto rows = readReference("playtraces.tsv");
    QCOMPARE(rows.size(), std::size_t {300});
    const std::string report = checkAll(rows, checkTraceRow);
    QVERIFY2(report.empty(), report.c_str());
}

void TestSolverFull::ddTablesSampled()
{
    const auto all = readReference("ddtables.tsv");
    QCOMPARE(all.size(), std::size_t {2000});
    std::vector<ReferenceRow> sample;
    for (std::size_t row = 39; row <= all.size(); row += 5)
        sample.push_back(all[row - 1]);
    const std::string report = checkAll(sample, checkTableRow);
    QVERIFY2(report.empty(), report.c_str());
}

QTEST_APPLESS_MAIN(TestSolverFull)
#include "tst_solver_full.moc"
