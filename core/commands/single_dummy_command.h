#pragma once

// tenace-cli lead and sd: the single-dummy value of every lead of a hand (from the leader's view,
// under constraints on the other hands) or of every legal card of the seat to play in a deal
// being played (from that seat's view), as TSV or as a table a player reads. The TSV columns are
// fixed: card, tricks, set (lead) or make (sd), se, then imps, better, equal, worse, guess.
// Blocking; writes only to the streams given.

#include "core/analysis/alpha_mu.h"
#include "core/analysis/single_dummy.h"
#include "core/solver/solver.h"

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

struct SingleDummyCommand
{
    std::string hand; // lead: "W:KQT5.987.A32.J54"
    std::string deal; // sd: the PBN deal at the start of play
    std::string contract; // "4S", "3NT", "5DX"
    std::string declarer; // "S"
    std::string vulnerability = "None"; // None, NS, EW, All
    std::string played; // sd: "H2 HA H5 H3", from the opening lead
    std::vector<std::string> constraints; // "E:hcp=12-17,S=5-", one seat each
    int layouts = 0; // 0: 1000 for a lead, 200 for sd
    std::uint64_t seed = 1;
    bool tsv = false;
    bool untilSettled = false;
    PoolOptions pool;
    // sd --alpha-mu: αμ for declarer's side (see core/analysis/alpha_mu.h) instead of PIMC.
    bool alphaMu = false;
    int worlds = 0; // 0: 40
    int depth = 0; // the last depth M (0: until the budget runs out)
    int budgetMs = -1; // -1: 2000 without --depth, none with it
};

// tenace-cli review FILE: for every board of a PBN or LIN file with a contract and a recorded
// play, each card that cost its side a double-dummy trick with its single-dummy verdict (a
// mistake, or the best card on an unlucky layout), then a summary per board and for the file.
// Returns 0, or 1 when the file could not be read; boards without a play are skipped.
int runReviewCommand(std::string_view bytes, std::string_view name, int layouts, std::uint64_t seed,
                     const PoolOptions &pool, std::ostream &out, std::ostream &errors);

// The analysis `tenace-cli lead` (lead = true) or `tenace-cli sd` runs for these options; the
// error names the option at fault ("--contract '4Z': expected e.g. 4S, 3NT or 5DX").
Result<SingleDummySpec> makeSingleDummySpec(bool lead, const SingleDummyCommand &command);

// What `tenace-cli lead` or `sd` prints for a result: the TSV columns, or the table a player reads.
void writeSingleDummyReport(bool lead, bool tsv, const SingleDummySpec &spec,
                            const SingleDummyResult &result, std::ostream &out);

// Runs `tenace-cli sd --alpha-mu`: each legal card's chance of making by αμ and the depth that
// produced it, as TSV (card, make, se, depth) or a table. Exit status as below.
int runAlphaMuCommand(const SingleDummyCommand &command, std::ostream &out, std::ostream &errors);

// Runs `tenace-cli lead` (lead = true) or `tenace-cli sd`. Returns the exit status: 0, 1 when the
// analysis failed (no layout fits...), 2 for bad arguments; messages go to `errors`.
int runSingleDummyCommand(bool lead, const SingleDummyCommand &command, std::ostream &out,
                          std::ostream &errors);

} // namespace tenace::core
