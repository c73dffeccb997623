#pragma once

// Single-dummy card values by Perfect Information Monte Carlo: what each legal card of the seat to
// play is worth given only what that seat can see. The layouts it cannot rule out are sampled
// (LayoutSampler), every layout is solved double dummy for every card, and the card values are
// averaged over the same layouts (a paired comparison): declarer's side's mean final tricks, the
// chance that the contract makes, their standard errors, net IMPs and a pairs comparison against
// the best card.
//
// PIMC assumes that after this card everyone plays double dummy: a later guess looks safe because
// every layout "guesses right" (strategy fusion). Cards whose value rests on such a guess are
// flagged: at the side's next decision the layouts disagree on the card to play.
//
// Reproducible for a seed whatever the number of threads (the layouts are drawn first, in order).
// Blocking; cancellable through the token; progress as layouts are solved; thread-safe.

#include "core/analysis/layout_sampler.h"
#include "core/model/contract.h"
#include "core/solver/solver.h"

#include <functional>
#include <optional>

namespace tenace::core {

struct SingleDummySpec
{
    // The hands at the start of play. Only the viewer's and dummy's hands are read (the others may
    // be empty), except that with cards played the whole deal must make them legal.
    Deal start;
    Contract contract; // strain, declarer; level and doubling for the make chance and the scores
    Vulnerability vulnerability = Vulnerability::None;
    std::vector<Card> played; // from the opening lead
    // The seat whose view counts; default: the seat to play, declarer when dummy is to play.
    std::optional<Seat> viewer;
    std::array<HandConstraint, 4> constraints {}; // on the hidden seats' original hands
    int layouts = 100;
    std::uint64_t seed = 1;
    // Layouts between progress reports (0: twice the threads first, for a quick first estimate,
    // then a fortieth of the layouts, at least four per thread). The threads never wait for a
    // report.
    int batch = 0;
    bool guesses = true; // look for guesses at the side's next decision (more solves)
    // Stop at a report once the best card is ahead of every other (that differs from it on some
    // layout) by more than two standard errors of the paired difference in tricks.
    bool untilSettled = false;
    PoolOptions pool;
};

struct CardValue
{
    Card card;
    double tricks = 0, tricksSe = 0; // declarer's side's mean final tricks
    double make = 0, makeSe = 0; // chance that the contract makes, 0..1
    // Against the best card, from the viewer's side: mean net IMPs (<= 0 for the others) and the
    // share of layouts where this card scores better, the same, worse.
    double imps = 0, impsSe = 0;
    double better = 0, equal = 0, worse = 0;
    // The value rests on a later guess: at the side's next decision no card is right in (nearly)
    // every layout.
    bool guess = false;
};

struct SingleDummyResult
{
    SolveStatus status = SolveStatus::Solved; // Cancelled: the values of the layouts done so far
    Seat viewer = Seat::North;
    int layouts = 0; // layouts the values are over
    bool settled = false; // stopped early: the best card is ahead beyond two standard errors
    std::vector<CardValue> cards; // every legal card, best first for the viewer's side
    std::uint64_t nodes = 0;
};

// The IMPs of a score difference (law 78B), with its sign.
int imps(int scoreDifference);

// Values the legal cards of the seat to play. Fails when the spec is inconsistent (cards that
// cannot be played, constraints no layout meets: the message names them). `progress` (optional)
// receives the values so far at each report, from one of the pool's threads, one call at a time,
// in order of layouts; it must be quick and thread-safe.
Result<SingleDummyResult>
analyseSingleDummy(const SingleDummySpec &spec, const CancelToken &cancel = {},
                   const std::function<void(const SingleDummyResult &)> &progress = {});

} // namespace tenace::core
