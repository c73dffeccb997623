#pragma once

// Batch commands of tenace-cli: read positions in the reference TSV formats (or the boards of a
// PBN or LIN file, read one by one by the PBN reader), solve them on several threads, write the
// same TSV format with our results. A bad line is reported on `errors` as "name: line N: problem",
// a bad board as "hands.pbn: line L, column C: board B: problem" (with the file's own problems and
// warnings), and the others are still solved. Blocking; each call uses its own solvers.

#include "core/solver/solver.h"

#include <iosfwd>

namespace tenace::core {

struct BatchOptions
{
    int threads = 0; // 0: all cores
    SolverConfig solver;
    // The input's name, in front of the messages about its lines or boards. A name ending in .pbn
    // or .lin, or a first line (neither blank nor a '%' comment) starting with '[', makes the
    // input a file of boards rather than TSV.
    std::string inputName = {};
};

struct BatchSummary
{
    int rows = 0; // rows solved and written
    int errors = 0; // lines rejected, boards that could not be solved, errors in a PBN/LIN file
};

// DD tables: input rows start with a PBN deal (ddtables.tsv / tail.tsv), or a PBN or LIN file's
// boards (the Deal tag as written); output is ddtables.tsv (deal, then S.N .. NT.W).
BatchSummary runTableBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Positions (solveboard.tsv columns trump, leader, trick, remaining): writes all eight columns.
// A PBN or LIN board gives the opening lead of its contract (the Contract and Declarer tags, else
// its auction): trump, declarer's left-hand opponent, "-", the deal from North; boards passed out
// or without a contract are left out with a message (not an error).
BatchSummary runSolveBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Play traces (playtraces.tsv columns deal, trump, leader, declarer, ncards, play): writes all
// seven columns; like DDS, at most 49 trace entries (the last trick is not analysed). A PBN or LIN
// board gives its recorded play (boards without one are left out with a message).
BatchSummary runTraceBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options);

// Par (par.tsv format, see core/par_batch.h): input rows start with a PBN deal and a
// vulnerability, further columns are ignored; or a PBN or LIN file's boards (Deal and Vulnerable,
// None when not given). The DD table of each distinct deal is solved first
// (on the threads), then every par.tsv column is written. Stops at the first bad line, reported
// on `errors` with its line number.
BatchSummary runParBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                         const BatchOptions &options);

// Splits a TSV line on tabs.
std::vector<std::string> splitTabs(const std::string &line);

} // namespace tenace::core
