#pragma once

// Double-dummy results written into PBN games: for every board with a complete deal, the
// DoubleDummyTricks and OptimumResultTable tags (the 20 DD numbers) and, when the board's dealer
// and vulnerability are known, OptimumScore and ParContract (par as DDS's DealerPar gives it);
// for a board with a Contract, a Declarer and a Play section, the OptimumPlayTable of the play
// as recorded (for each card, the DD-optimal cards of the player to move at that point).
// A game whose tags already hold exactly these results is left untouched, so annotating a file
// twice changes nothing the second time. Blocking; thread-safe (each call uses its own solvers,
// or the one given).

#include "core/formats/pbn_document.h"
#include "core/formats/pbn_validation.h"
#include "core/par/par.h"
#include "core/solver/solver.h"

#include <array>
#include <cstdint>
#include <functional>
#include <span>

namespace tenace::core {

struct AnnotateOptions
{
    bool results = true; // DoubleDummyTricks, OptimumResultTable, OptimumScore, ParContract
    bool playTable = true; // OptimumPlayTable for games with a recorded play
    int threads = 0; // annotatePbnDocument: 0 for all cores
    SolverConfig solver;
};

// What annotating one game did.
struct AnnotateOutcome
{
    bool changed = false; // a tag was added or replaced
    bool cancelled = false; // the game was left as it was
    std::vector<std::string> notes; // why something was skipped or replaced, in plain words
};

// One row of OptimumPlayTable per card of `plays`: the optimal cards of the player to move
// before that card, as suit masks S H D C (bit r for rank r, equal cards included). Fails when
// a card is not legal at its turn, naming it. An empty result with no error means cancelled.
Result<std::vector<std::array<std::uint16_t, 4>>> optimumPlayRows(Solver &solver, const Deal &deal,
                                                                  Strain trump, Seat leader,
                                                                  std::span<const Card> plays,
                                                                  const CancelToken &cancel = {});

// Adds the results to one game (inheritance already resolved, as the readers leave it).
AnnotateOutcome annotatePbnGame(PbnGame &game, Solver &solver, const AnnotateOptions &options,
                                const CancelToken &cancel = {});

struct AnnotateSummary
{
    int games = 0; // games with tags (boards) looked at
    int changed = 0;
    bool cancelled = false;
    // One per note: the game's index, the Deal tag's place; "line L, column C: board B: ..."
    std::vector<PbnIssue> notes;
};

// Annotates every game, games spread over the threads. `progress(done, total)` is called after
// each game, from a worker thread, one call at a time.
AnnotateSummary annotatePbnDocument(PbnDocument &document, const AnnotateOptions &options,
                                    const std::function<void(int, int)> &progress = {},
                                    const CancelToken &cancel = {});

// The ParContract tag for a par result ("NS 4S", "EW 5DX-1", "NS N 3NT+1"; "Pass").
PbnParContract toPbnParContract(const ParResult &par);

} // namespace tenace::core
