#pragma once

// αμ search for declarer (Cazenave and Ventos, "The αμ Search Algorithm for the Game of Bridge",
// 2020; "Optimizing αμ", 2021): the chance that the contract makes after each legal card of the
// seat to play (declarer or dummy), without the strategy fusion of PIMC.
//
// The worlds are layouts declarer cannot rule out (drawn by LayoutSampler with the seed, as PIMC
// draws them, or given). The value of a node is a Pareto front of vectors of 0/1 per world (1: the
// contract makes). At declarer's side's nodes one card is chosen for every world (the union of the
// children's fronts); at the defenders' nodes the defenders, who see the cards, answer each world
// on its own (the per-world minimum, the product of the children's fronts). After M decisions of
// declarer's side (its turns with more than one distinct card) the worlds are solved double dummy.
// M = 1 is PIMC; a larger M searches later decisions without seeing the cards. Iterative
// deepening: M = 1, 2, ... until the depth asked for, the time budget or the play's end.
//
// Cuts: a world lost double dummy at a node of declarer's side is lost below it; one world left is
// its double-dummy value; a card that makes every world left ends the choice; at the defenders'
// node after a card of declarer's side, the search stops once the node cannot add to the front
// found so far; at the root, a card's search stops once it cannot beat the best card; fronts are
// kept by position, worlds and depth, double-dummy leaves by position.
//
// Reproducible for a seed whatever the number of threads: the search is sequential and only the
// double-dummy leaves of a node are solved in parallel (parallelFor).

#include "core/analysis/single_dummy.h"

#include <chrono>
#include <functional>
#include <vector>

namespace tenace::core {

// At most this many worlds.
inline constexpr int maxAlphaMuWorlds = 256;

struct AlphaMuSpec
{
    // The deal, contract, vulnerability, played cards, constraints, seed and pool, as for PIMC;
    // `layouts` is the number of worlds drawn (40 by default here) unless `worlds` is given.
    // The seat to play must be declarer or dummy; the view is declarer's.
    SingleDummySpec base = [] {
        SingleDummySpec s;
        s.layouts = 40;
        return s;
    }();
    // The worlds, explicitly: the hands still held in each (as LayoutSampler::sample gives them);
    // empty: drawn from base.layouts and base.seed.
    std::vector<Deal> worlds;
    int depth = 0; // the last M to search; 0: until the budget runs out (or the play ends)
    // Time budget for the deepening (0: none). The depth in progress when it runs out is dropped;
    // depth 1 always completes.
    std::chrono::milliseconds budget {2000};
    bool cuts = true; // false: no cut and no table (for measuring them); the values are the same
};

struct AlphaMuCard
{
    Card card;
    double make = 0, makeSe = 0; // chance that the contract makes, 0..1, over the worlds
    // The M that produced the value: the last depth searched, or an earlier one when the root
    // cut stopped this card's search (it could not beat the best card; the value is then an
    // upper bound).
    int depth = 0;
};

struct AlphaMuStats
{
    std::uint64_t nodes = 0; // nodes of the αμ search
    std::uint64_t leafSolves = 0; // double-dummy solves (leaves and lost-world checks)
    // Leaf look-ups the cache answered (the leaves a node solves ahead in one batch, read back
    // by its children, count too).
    std::uint64_t leafCacheHits = 0;
    std::uint64_t tableHits = 0; // fronts found in the table
    std::uint64_t solverNodes = 0; // nodes of the double-dummy solves
};

struct AlphaMuResult
{
    SolveStatus status = SolveStatus::Solved; // Cancelled: the values of the last full depth
    Seat viewer = Seat::South; // declarer
    int worlds = 0;
    int depth = 0; // the last M completed (0: none)
    // The search reached the end of the play within the depth: deeper searches give the same.
    bool complete = false;
    std::vector<AlphaMuCard> cards; // every legal card (equal cards each listed), best first
    std::vector<int> depthMillis; // time of each depth completed, cumulated, in milliseconds
    AlphaMuStats stats; // over every depth searched
};

// Values the legal cards of declarer's side to play by αμ. Fails when the seat to play is a
// defender, when the spec is inconsistent (cards that cannot be played, constraints no layout
// meets, worlds that do not fit the position, more than maxAlphaMuWorlds worlds). Blocking;
// thread-safe (no shared state; each call owns its caches). `cancel` stops it at once (status
// Cancelled, the values of the last full depth). `progress` (optional) receives the values after
// each completed depth, on the calling thread; the search waits for it to return.
Result<AlphaMuResult>
analyseAlphaMu(const AlphaMuSpec &spec, const CancelToken &cancel = {},
               const std::function<void(const AlphaMuResult &)> &progress = {});

// The worlds analyseAlphaMu would search for `spec` (drawn or given), for comparisons with PIMC.
// Blocking; thread-safe.
Result<std::vector<Deal>> alphaMuWorlds(const AlphaMuSpec &spec);

// Of an αμ search to depth `depth` without any cut or cache, the double-dummy leaf solves (one
// per world at each leaf), counted without solving; stops counting at `limit` (returns it).
// Blocking; thread-safe.
Result<std::uint64_t> countUncutLeaves(const AlphaMuSpec &spec, int depth, std::uint64_t limit);

} // namespace tenace::core
