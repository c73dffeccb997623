#pragma once

// Double-dummy simulation: keep some hands (typically North-South), deal the other cards at
// random N times, optionally under constraints on the random hands (HCP range, suit lengths),
// solve every deal's DD table on all cores, and summarise the tricks per strain and declarer.
//
// Reproducible: the deals come from Dealer(seed) in order, before any solving, and DD results are
// exact, so the same spec gives the same deals and the same numbers on any machine and any number
// of threads. Blocking; cancellable; thread-safe (no shared state).

#include "core/analysis/hand_constraint.h"
#include "core/model/dd_table.h"
#include "core/model/deal.h"
#include "core/model/error.h"
#include "core/solver/solver.h"

#include <array>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace tenace::core {

struct SimulationSpec
{
    Deal fixed; // the cards to keep; seats whose hand is empty are dealt at random
    std::array<HandConstraint, 4> constraints {}; // by seat; only random hands are checked
    int deals = 100;
    std::uint64_t seed = 1;
    // Rejected random layouts allowed per accepted deal before giving up ("no deal found").
    std::uint64_t maxAttemptsPerDeal = 1'000'000;
    TableOptions table; // threads (0: all cores), solver memory
};

// The deals of a simulation, in seed order. Fails with InvalidArgument when the constraints
// cannot be met (checked up front where possible, else after maxAttemptsPerDeal rejections) and
// with the dealer's error for a bad fixed part (duplicate card, hand over 13 cards).
Result<std::vector<Deal>> dealSimulation(const SimulationSpec &spec);

// Tricks per strain and declarer over a set of DD tables.
struct TrickDistribution
{
    int deals = 0;
    // counts[strain][declarer][tricks]
    std::array<std::array<std::array<int, 14>, 4>, 5> counts {};

    void add(const DdTable &table);
    double mean(Strain strain, Seat declarer) const;
    // The share of deals where declarer takes at least level + 6 tricks (level 1..7).
    double makeProbability(Strain strain, Seat declarer, int level) const;
};

struct SimulationResult
{
    SolveStatus status = SolveStatus::Solved; // Cancelled: `tables` holds what was solved
    std::vector<Deal> deals;
    std::vector<DdTable> tables; // tables[i] for deals[i] (all of them when Solved)
    TrickDistribution distribution;
    std::uint64_t nodes = 0;
};

// Deals and solves. `progress(done, total)` (optional) is called from worker threads after each
// solved deal.
Result<SimulationResult>
runSimulation(const SimulationSpec &spec, const CancelToken &cancel = {},
              const std::function<void(std::size_t done, std::size_t total)> &progress = {});

// The report of `tenace-cli simulate`: the spec, mean tricks per strain and declarer, the chance
// of making each level, and (with `histogram`) the trick distribution of every strain/declarer.
void writeSimulationReport(const SimulationSpec &spec, const SimulationResult &result,
                           bool histogram, std::ostream &out);

// Every deal as a PBN game with its DD table (DoubleDummyTricks, OptimumResultTable).
void writeSimulationPbn(const SimulationSpec &spec, const SimulationResult &result,
                        std::ostream &out);

} // namespace tenace::core
