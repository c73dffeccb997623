#pragma once

// The solver benchmark behind `tenace-cli bench`: full DD tables and every-card opening-lead
// solves of a fixed set of deals, with timing percentiles, node rates, a node-count signature
// (sum of nodes, single-threaded, deterministic for a given solver: the "Bench:" number of a
// commit), peak memory and, with several threads, the speed-up over one thread. Blocking; uses
// its own solvers; not meant to run alongside other heavy work.

#include "core/model/dd_table.h"
#include "core/model/deal.h"
#include "core/solver/solver.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <vector>

namespace tenace::core {

// A benchmark deal, with its reference DD table when the input file has one.
struct BenchDeal
{
    Deal deal;
    std::optional<DdTable> expected;
};

struct BenchOptions
{
    std::vector<BenchDeal> deals; // empty: `count` deals from Dealer(seed)
    int count = 100;
    std::uint64_t seed = 2026;
    int threads = 1; // > 1: also time the tables (and leads) spread over this many threads
    bool verbose = false; // also one line per deal: table ms, lead ms, deal
    bool solverBench = true; // the DD tables and opening leads
    int pbnGames = 10000; // games of the PBN reading benchmark (0: skip it)
    int simulationDeals = 20; // deals of the simulation benchmark, 1 and 2 threads (0: skip it)
    int leadLayouts = 100; // layouts of the single-dummy lead table, 1 and 2 threads (0: skip)
    SolverConfig solver;
};

// Reads deals from ddtables.tsv / tail.tsv rows (a PBN deal, optionally the 20 numbers S.N ..
// NT.W; '#' lines skipped) or from a PBN file (its complete Deal tags). Fails on the first bad
// TSV line, naming it. Pure; thread-safe.
Result<std::vector<BenchDeal>> readBenchDeals(std::istream &in);

// Runs the solver workloads and the PBN reading benchmark and writes the report to `out`. Blocks
// (minutes for 100 deals).
void runBench(const BenchOptions &options, std::ostream &out);

// The nearest-rank percentile `p` (0..1) of `values`, as the bench reports medians, p90 and
// maxima; 0 when empty.
double percentile(std::vector<double> values, double p);

// The process's peak resident set size in KiB (VmHWM in /proc/self/status), if available.
std::optional<long> peakResidentKib();

} // namespace tenace::core
