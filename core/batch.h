#pragma once

// Batch commands of tenace-cli: read positions in the reference TSV formats (or deals from a PBN
// file), solve them on several threads, write the same TSV format with our results. A bad line
// is reported on `errors` as "line N: problem" and the other lines are still solved. Blocking;
// each call uses its own solvers.

#include "core/solver.h"

#include <iosfwd>

namespace tenace::core {

struct BatchOptions
{
    int threads = 0; // 0: all cores
    SolverConfig solver;
};

struct BatchSummary
{
    int rows = 0; // rows solved and written
    int errors = 0; // lines rejected
};

// DD tables: input rows start with a PBN deal (ddtables.tsv / tail.tsv) or a PBN file's [Deal]
// tags; output is ddtables.tsv (deal, then S.N .. NT.W).
BatchSummary runTableBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Positions (solveboard.tsv columns trump, leader, trick, remaining): writes all eight columns.
BatchSummary runSolveBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Play traces (playtraces.tsv columns deal, trump, leader, declarer, ncards, play): writes all
// seven columns; like DDS, at most 49 trace entries (the last trick is not analysed).
BatchSummary runTraceBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Par (par.tsv format, see core/par_batch.h): input rows start with a PBN deal and a
// vulnerability, further columns are ignored. The DD table of each distinct deal is solved first
// (on the threads), then every par.tsv column is written. Stops at the first bad line, reported
// on `errors` with its line number.
BatchSummary runParBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                         const BatchOptions &options);

// Splits a TSV line on tabs.
std::vector<std::string> splitTabs(const std::string &line);
// Runs `job(i, solver)` for i in [0, count) on `threads` threads, one Solver per thread.
void parallelFor(std::size_t count, const BatchOptions &options,
                 const std::function<void(std::size_t, Solver &)> &job);

} // namespace tenace::core
