#pragma once

// The αμ benchmark of `tenace-cli bench --alpha-mu FILE`: declarer's decisions taken from the
// recorded plays of a PBN or LIN file (the play replayed up to a card of declarer's side with 5
// to 10 tricks left, one per board, the trick count cycling with the board), valued by αμ with
// 20 and 40 worlds: the time per decision at depths 1, 2 and 3, the depth reached within 2 s,
// and the share of double-dummy leaf solves the cuts and the leaf cache avoid. Blocking; writes
// only to the streams given.

#include "core/solver/solver.h"

#include <iosfwd>
#include <string_view>

namespace tenace::core {

struct AlphaMuBenchOptions
{
    int decisions = 50;
    int threads = 2;
    SolverConfig solver;
    // Most leaves counted for the uncut search of one decision (the count stops there).
    std::uint64_t countLimit = 50'000'000;
};

// Returns 0, or 1 when the file has no usable decision.
int runAlphaMuBench(std::string_view bytes, std::string_view name,
                    const AlphaMuBenchOptions &options, std::ostream &out, std::ostream &errors);

} // namespace tenace::core
