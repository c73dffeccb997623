#include "core/commands/bench.h"

#include "core/analysis/simulation.h"
#include "core/analysis/single_dummy.h"
#include "core/commands/bench_pbn.h"
#include "core/formats/pbn_reader.h"
#include "core/model/dealer.h"
#include "core/par/par.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iterator>
#include <limits>
#include <mutex>
#include <ostream>
#include <sstream>
#include <string>

namespace tenace::core {

namespace {

using Clock = std::chrono::steady_clock;

// Per-deal times and totals of one workload run.
struct Run
{
    std::vector<double> ms; // per deal
    double seconds = 0; // wall time of the whole run
    std::uint64_t nodes = 0;
    std::size_t peakTableBytes = 0; // the largest of the solvers' peaks
    int threads = 1;
};

using Job = std::function<std::uint64_t(std::size_t, Solver &)>; // returns the nodes searched

double millisecondsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Runs `job` for every deal on the core pool. One thread: on the calling thread, timed in CPU
// time. More: timed in wall time.
Run timeDeals(std::size_t count, int threads, const SolverConfig &config, const Job &job)
{
    Run run;
    run.ms.resize(count);
    run.threads = threads;
    std::atomic<std::uint64_t> nodes {0};
    std::mutex peakMutex;
    const auto start = Clock::now();
    parallelFor(count, PoolOptions {threads, config}, [&](std::size_t i, Solver &solver) {
        const std::clock_t cpu = std::clock();
        const auto wall = Clock::now();
        nodes += job(i, solver);
        run.ms[i] = threads == 1 ? 1000.0 * static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC
                                 : millisecondsSince(wall);
        const std::lock_guard lock(peakMutex);
        run.peakTableBytes = std::max(run.peakTableBytes, solver.peakTableBytes());
    });
    run.nodes = nodes;
    run.seconds = millisecondsSince(start) / 1000.0;
    return run;
}

std::string megabytes(std::size_t bytes)
{
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / (1 << 20) << " MB";
    return s.str();
}

void report(std::ostream &out, const std::string &title, const Run &run)
{
    double sum = 0;
    for (double ms : run.ms)
        sum += ms;
    const std::size_t n = run.ms.size();
    const double mean = n ? sum / static_cast<double>(n) : 0;
    const double searchSeconds = run.threads == 1 ? sum / 1000.0 : run.seconds;
    out << title << ": " << n << " deals, " << run.threads
        << (run.threads == 1 ? " thread" : " threads") << '\n';
    out << std::fixed << std::setprecision(1);
    out << "  ms per deal (" << (run.threads == 1 ? "CPU" : "wall") << "): mean " << mean
        << "  median " << percentile(run.ms, 0.5) << "  p90 " << percentile(run.ms, 0.9) << "  max "
        << percentile(run.ms, 1.0) << '\n';
    out << "  total " << std::setprecision(2) << run.seconds << " s wall, "
        << static_cast<double>(run.nodes) / static_cast<double>(std::max<std::size_t>(n, 1)) / 1e3
        << " k nodes per deal, "
        << static_cast<double>(run.nodes) / std::max(searchSeconds, 1e-9) / 1e6 << " M nodes/s, "
        << static_cast<double>(n) / std::max(run.seconds, 1e-9) << " deals/s\n";
    out << "  peak table " << megabytes(run.peakTableBytes) << " per solver";
    if (const auto rss = peakResidentKib())
        out << ", peak RSS " << megabytes(static_cast<std::size_t>(*rss) * 1024);
    out << "\n  nodes " << run.nodes << '\n';
}

std::string tableNumbers(const DdTable &table)
{
    std::ostringstream s;
    for (std::size_t i = 0; i < 20; ++i)
        s << (i ? " " : "") << table.tricks[i / 4][i % 4];
    return s.str();
}

// Workload 1. Returns the run; `tables` receives the results.
Run runTables(const std::vector<BenchDeal> &deals, int threads, const BenchOptions &options,
              std::vector<DdTable> &tables)
{
    tables.assign(deals.size(), DdTable {});
    return timeDeals(deals.size(), threads, options.solver, [&](std::size_t i, Solver &solver) {
        auto result = solver.table(deals[i].deal);
        if (!result)
            return std::uint64_t {0};
        tables[i] = result->table;
        return result->nodes;
    });
}

// Workload 2: every card of West's opening lead in no trump.
Run runLeads(const std::vector<BenchDeal> &deals, int threads, const BenchOptions &options)
{
    return timeDeals(deals.size(), threads, options.solver, [&](std::size_t i, Solver &solver) {
        auto result = solver.solve(Position {deals[i].deal, Strain::NoTrump, Seat::West, {}},
                                   SolveOptions {-1, CardSelection::All, true, {}});
        return result ? result->nodes : std::uint64_t {0};
    });
}

// Workload 3: microseconds per table and vulnerability for SidesPar and the four DealerPar, the
// fastest of a few rounds (a round takes well under a second, so a busy machine skews the mean).
double timePar(const std::vector<DdTable> &tables)
{
    constexpr int rounds = 10;
    double best = 0;
    long sink = 0; // keeps the results alive
    for (int r = 0; r < rounds; ++r) {
        const auto start = Clock::now();
        for (const DdTable &table : tables) {
            for (int v = 0; v < 4; ++v) {
                const auto vul = static_cast<Vulnerability>(v);
                if (auto sides = sidesPar(table, vul))
                    sink += sides->bySide[0].score;
                for (Seat dealer : allSeats)
                    if (auto result = dealerPar(table, vul, dealer))
                        sink += result->score;
            }
        }
        const double us = millisecondsSince(start) * 1000.0;
        best = r == 0 ? us : std::min(best, us);
    }
    const auto calls = static_cast<double>(std::max<std::size_t>(tables.size() * 4, 1));
    return sink == 1 ? best : best / calls;
}

int threadCount(int requested)
{
    return poolThreads(requested, std::numeric_limits<std::size_t>::max());
}

void reportDeals(std::ostream &out, const std::vector<BenchDeal> &deals, const Run &tables,
                 const Run &leads)
{
    out << "Per deal (table ms, lead ms, deal):\n" << std::fixed << std::setprecision(1);
    for (std::size_t i = 0; i < deals.size(); ++i)
        out << "  " << i + 1 << '\t' << tables.ms[i] << '\t' << leads.ms[i] << '\t'
            << deals[i].deal.toPbn() << '\n';
}

int verify(std::ostream &out, const std::vector<BenchDeal> &deals,
           const std::vector<DdTable> &tables)
{
    int checked = 0;
    int mismatches = 0;
    for (std::size_t i = 0; i < deals.size(); ++i) {
        if (!deals[i].expected)
            continue;
        ++checked;
        if (*deals[i].expected == tables[i])
            continue;
        ++mismatches;
        out << "MISMATCH deal " << i + 1 << ' ' << deals[i].deal.toPbn() << ": solver "
            << tableNumbers(tables[i]) << ", reference " << tableNumbers(*deals[i].expected)
            << '\n';
    }
    if (checked)
        out << "Verified " << checked << " tables against the reference: " << mismatches
            << " mismatches\n";
    return mismatches;
}

} // namespace

Result<std::vector<BenchDeal>> readBenchDeals(std::istream &in)
{
    const std::string text(std::istreambuf_iterator<char>(in), {});
    std::vector<BenchDeal> deals;
    if (text.find("[Deal ") != std::string::npos) {
        PbnReadOptions options;
        options.checkSemantics = false;
        const PbnReadResult read = readPbn(text, options);
        for (const PbnGame &game : read.document.games)
            if (auto deal = game.deal(); deal && checkComplete(*deal))
                deals.push_back({*deal, std::nullopt});
        return deals;
    }
    std::istringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line); ++n) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::string field;
        std::getline(fields, field, '\t');
        auto deal = parsePbnDeal(field);
        if (!deal)
            return Error {deal.error().code,
                          "line " + std::to_string(n) + ": " + deal.error().message};
        if (auto complete = checkComplete(*deal); !complete)
            return Error {complete.error().code,
                          "line " + std::to_string(n) + ": " + complete.error().message};
        BenchDeal d {*deal, std::nullopt};
        DdTable table;
        int count = 0;
        while (count < 20 && std::getline(fields, field, '\t')) {
            table.tricks[static_cast<std::size_t>(count / 4)][static_cast<std::size_t>(count % 4)] =
                std::atoi(field.c_str());
            ++count;
        }
        if (count == 20)
            d.expected = table;
        deals.push_back(std::move(d));
    }
    return deals;
}

namespace {
void runSolverBench(const BenchOptions &options, std::ostream &out);
} // namespace

// Simulation throughput: four North-South pairs (North and South of the first deals of
// Dealer(seed)), the other hands dealt `count` / 4 times for each, every deal's full DD table; on
// 1 and on 2 threads. Several pairs, because one pair's layouts can all be easy or all be hard.
void runSimulationBench(const BenchOptions &options, std::ostream &out)
{
    constexpr int pairs = 4;
    const int perPair = std::max(options.simulationDeals / pairs, 1);
    Dealer dealer(options.seed);
    std::vector<SimulationSpec> specs;
    for (int k = 0; k < pairs; ++k) {
        SimulationSpec spec;
        const Deal first = dealer.deal();
        spec.fixed[Seat::North] = first[Seat::North];
        spec.fixed[Seat::South] = first[Seat::South];
        spec.deals = perPair;
        spec.seed = options.seed + static_cast<std::uint64_t>(k);
        spec.table.solver = options.solver;
        specs.push_back(spec);
    }
    out << "Simulation (" << pairs << " NS pairs x " << perPair << " layouts, full DD tables):";
    double oneThread = 0;
    for (int threads : {1, 2}) {
        const auto started = std::chrono::steady_clock::now();
        std::size_t solved = 0;
        for (SimulationSpec &spec : specs) {
            spec.table.threads = threads;
            const auto result = runSimulation(spec);
            if (!result) {
                out << " failed: " << result.error().message << '\n';
                return;
            }
            solved += result->tables.size();
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const double perSecond = static_cast<double>(solved) / seconds;
        out << std::fixed << std::setprecision(2) << ' ' << threads
            << (threads == 1 ? " thread " : " threads ") << perSecond << " deals/s";
        if (threads == 1)
            oneThread = perSecond;
        else
            out << " (" << perSecond / oneThread << "x)";
        out << (threads == 1 ? "," : "\n");
    }
}

// Single-dummy throughput: the opening-lead table of West's hand of Dealer(seed)'s first deal
// against 4♠ by South, unconstrained, `leadLayouts` layouts, every-card solve of each; on 1 and on
// 2 threads, with the time to the first estimate (the first batch of layouts).
void runLeadTableBench(const BenchOptions &options, std::ostream &out)
{
    SingleDummySpec spec;
    spec.start[Seat::West] = Dealer(options.seed).deal()[Seat::West];
    spec.contract = {4, Strain::Spades, Doubling::Undoubled, Seat::South};
    spec.layouts = options.leadLayouts;
    spec.seed = options.seed;
    spec.guesses = false;
    spec.pool.solver = options.solver;
    out << "Single-dummy lead table (" << spec.layouts << " layouts, every lead of West):";
    double oneThread = 0;
    for (int threads : {1, 2}) {
        spec.pool.threads = threads;
        const auto started = std::chrono::steady_clock::now();
        double first = -1;
        const auto result = analyseSingleDummy(spec, {}, [&](const SingleDummyResult &) {
            if (first < 0)
                first = millisecondsSince(started);
        });
        if (!result) {
            out << " failed: " << result.error().message << '\n';
            return;
        }
        const double seconds = millisecondsSince(started) / 1000;
        const double perSecond = result->layouts / seconds;
        out << std::fixed << std::setprecision(1) << ' ' << threads
            << (threads == 1 ? " thread " : " threads ") << perSecond << " layouts/s";
        if (threads == 1)
            oneThread = perSecond;
        else
            out << " (" << std::setprecision(2) << perSecond / oneThread << "x)"
                << std::setprecision(0) << ", first estimate in " << first << " ms";
        out << (threads == 1 ? "," : "\n");
    }
}

void runBench(const BenchOptions &options, std::ostream &out)
{
    if (options.solverBench)
        runSolverBench(options, out);
    if (options.solverBench && options.simulationDeals > 0)
        runSimulationBench(options, out);
    if (options.solverBench && options.leadLayouts > 0)
        runLeadTableBench(options, out);
    if (options.pbnGames > 0)
        runPbnReadBench(options.pbnGames, options.seed, out);
}

namespace {

void runSolverBench(const BenchOptions &options, std::ostream &out)
{
    std::vector<BenchDeal> deals = options.deals;
    if (deals.empty()) {
        Dealer dealer(options.seed);
        for (int i = 0; i < options.count; ++i)
            deals.push_back({dealer.deal(), std::nullopt});
    }
    const int threads = threadCount(options.threads);
    out << "tenace bench: " << deals.size() << " deals, " << threads
        << (threads == 1 ? " thread" : " threads") << ", table memory "
        << megabytes(options.solver.tableBytes) << " per solver\n";

    std::vector<DdTable> tables;
    const Run tableRun = runTables(deals, threads, options, tables);
    report(out, "DD tables (20 results per deal)", tableRun);
    const Run leadRun = runLeads(deals, threads, options);
    report(out, "Opening lead, every card (NT, West leads, solutions=3)", leadRun);
    out << std::fixed << std::setprecision(2) << "Par (SidesPar + 4 DealerPar): " << timePar(tables)
        << " us per table and vulnerability\n";
    if (threads > 1) {
        std::vector<DdTable> single;
        const Run one = runTables(deals, 1, options, single);
        report(out, "DD tables, for comparison", one);
        const double perSecondOne = static_cast<double>(deals.size()) / one.seconds;
        const double perSecondN = static_cast<double>(deals.size()) / tableRun.seconds;
        out << std::fixed << std::setprecision(2) << "Tables/s: 1 thread " << perSecondOne << ", "
            << threads << " threads " << perSecondN << " (" << perSecondN / perSecondOne << "x)\n";
    }
    if (options.verbose)
        reportDeals(out, deals, tableRun, leadRun);
    verify(out, deals, tables);
    out << "Signature (nodes of the tables and opening leads): " << tableRun.nodes + leadRun.nodes
        << '\n';
}

} // namespace

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto rank = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(rank, values.size() - 1)];
}

std::optional<long> peakResidentKib()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atol(line.c_str() + 6);
    }
    return std::nullopt;
}

} // namespace tenace::core
