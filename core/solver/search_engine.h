#pragma once

// The double-dummy search engine behind an interface, so that one build carries the search
// compiled for every x86-64 CPU and again for x86-64-v3 (AVX2, BMI1/2, LZCNT; about 10% faster),
// and picks one at run time. Internal to the solver; use core/solver.h.
//
// One engine per thread. It does not own its transposition table (the Solver keeps the table warm
// between calls). A stop flag is polled every few thousand nodes; after a stop, every answer of the
// current call is meaningless and nothing more is stored in the table.

#include "core/model/position.h"

#include <atomic>
#include <cstdint>
#include <memory>

namespace tenace::core::detail {

class TranspositionTable;

class SearchEngine
{
public:
    virtual ~SearchEngine() = default;

    // Loads `position` (validated by the caller). The side to move becomes the maximising side.
    virtual void load(const Position &position) = 0;

    // Exact tricks for the side to move at the loaded root (of tricksLeft()). `guess` orders the
    // probes. Returns -1 when stopped.
    virtual int solve(int guess, const std::atomic<bool> *stop) = 0;
    // Does the root side reach `target` tricks from the loaded root? Sets stopped() when stopped.
    virtual bool reaches(int target, const std::atomic<bool> *stop) = 0;

    // Plays / takes back a card at the root (for per-card scores). The maximising side stays the
    // root side; solve() then answers for it from the new position, counting the tricks won since
    // the original root.
    virtual void playRoot(int cardBit) = 0;
    virtual void undoRoot() = 0;

    virtual bool stopped() const = 0;
    virtual std::uint64_t nodes() const = 0;
    // Of the nodes, the trick starts (a trick completed, or a root at a trick start): what DDS
    // counts as its nodes (`futureTricks.nodes`).
    virtual std::uint64_t trickStarts() const = 0;
};

// The fastest engine this CPU runs, or the one built for every CPU of the architecture when
// `portable` (both search the same tree: node counts are equal).
std::unique_ptr<SearchEngine> makeSearchEngine(TranspositionTable &table, bool portable = false);

} // namespace tenace::core::detail
