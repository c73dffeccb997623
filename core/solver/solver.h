#pragma once

// The double-dummy solver: exact trick counts for a position, for every legal card, for the 20
// strain/declarer pairs of a deal, and after each card of a played sequence.
//
// A Solver owns its transposition table and keeps it warm between calls on the same deal and
// trump (play-through, per-card scores, the four leaders of a strain). It is not thread-safe: use
// one Solver per thread. Every call blocks until done or cancelled; cancelling is a cheap atomic
// flag (CancelToken) that may be set from any thread, and a cancelled call returns a result
// marked Cancelled whose numbers must not be used.

#include "core/model/dd_table.h"
#include "core/model/position.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace tenace::core {

namespace detail {
class TranspositionTable;
class SearchEngine;
} // namespace detail

// Shared cancel flag. Copies share the flag; cancel() is thread-safe and sticky.
class CancelToken
{
public:
    CancelToken() : m_flag(std::make_shared<std::atomic<bool>>(false)) { }
    void cancel() const { m_flag->store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_flag->load(std::memory_order_relaxed); }
    const std::atomic<bool> *flag() const { return m_flag.get(); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

enum class SolveStatus { Solved, Cancelled };

// Default transposition-table budget per solver (per thread). Random deals peak at 13-17 MB;
// when a search would pass the budget, the entries nearest the end of the play are dropped, so
// memory never exceeds it.
inline constexpr std::size_t defaultTableBytes = std::size_t {64} << 20;

struct SolverConfig
{
    std::size_t tableBytes = defaultTableBytes;
    // Use the search built for every CPU of the architecture even where a faster build runs (the
    // answers and node counts are the same; for testing both builds).
    bool portableSearch = false;
};

// Which cards solve() reports (the DDS "solutions" parameter).
enum class CardSelection {
    One = 1, // one optimal card (or one card meeting the target)
    Optimal = 2, // every optimal card (or every card meeting the target)
    All = 3, // every legal card with its score
};

struct SolveOptions
{
    int target = -1; // -1: find the maximum; 0..13: only decide whether the target is reached
    CardSelection cards = CardSelection::All;
    bool searchSingleChoice = true; // false: a hand with one choice gets score -2 unsearched
    // The groups in this order (a group named by any of its cards; groups not named follow in the
    // usual order): one or optimal cards are tried and listed in it, and with every card, cards
    // of equal score are listed in it. Empty: suit S H D C, high first.
    std::vector<Card> order = {};
};

// A group of equivalent cards: the highest card, the lower cards equivalent to it (the DDS
// "equals" bits), and the tricks the side to move takes when one of them is played now.
struct CardScore
{
    Card card;
    Hand equals;
    int score = 0;
    friend bool operator==(const CardScore &, const CardScore &) = default;
};

struct SolveResult
{
    SolveStatus status = SolveStatus::Solved;
    int tricks = 0; // most tricks the side to move can take of tricksLeft (when target == -1)
    std::vector<CardScore> cards; // highest score first, then suit S H D C, then rank
    std::uint64_t nodes = 0;
};

struct TableResult
{
    SolveStatus status = SolveStatus::Solved;
    DdTable table;
    std::uint64_t nodes = 0;
};

// Tricks for declarer's side: entry 0 before any card, entry j after the first j cards (tricks
// already won plus the double-dummy rest, the current trick counting in full).
struct PlayAnalysis
{
    SolveStatus status = SolveStatus::Solved;
    std::vector<int> tricks;
    std::uint64_t nodes = 0;
};

class Solver
{
public:
    explicit Solver(SolverConfig config = {});
    ~Solver();
    Solver(const Solver &) = delete;
    Solver &operator=(const Solver &) = delete;

    // Scores the legal cards of `position` (validated first: errors carry the DDS status codes).
    Result<SolveResult> solve(const Position &position, const SolveOptions &options = {},
                              const CancelToken &cancel = {});
    // Most tricks the side to move can take (of tricksLeft); -1 when cancelled.
    Result<int> tricks(const Position &position, const CancelToken &cancel = {});
    // The DD table of a complete deal, on this thread. Only the strains in `strains` (bit i for
    // strain i) are solved; the others stay 0.
    Result<TableResult> table(const Deal &deal, const CancelToken &cancel = {},
                              unsigned strains = 0x1f);
    // DD tricks for declarer (the hand on `leader`'s right) after each card of `plays`.
    Result<PlayAnalysis> analysePlay(const Deal &deal, Strain trump, Seat leader,
                                     std::span<const Card> plays, const CancelToken &cancel = {});

    // Forgets the transposition table (the next call starts cold).
    void clear();
    std::uint64_t nodes() const { return m_nodes; }
    // Of the nodes, the trick starts: the positions DDS counts as nodes.
    std::uint64_t trickStarts() const;
    std::size_t peakTableBytes() const;

private:
    void prepare(const Position &position);
    int exact(const Position &position, int guess, const CancelToken &cancel);

    std::unique_ptr<detail::TranspositionTable> m_table;
    std::unique_ptr<detail::SearchEngine> m_engine;
    Deal m_lastDeal;
    int m_lastTrump = -1;
    std::uint64_t m_nodes = 0;
};

// The threads of a pool and the solvers they make.
struct PoolOptions
{
    int threads = 0; // 0: all cores
    SolverConfig solver;
};
using TableOptions = PoolOptions;

// The one pool every batch of solves runs on (tables, annotate, simulation, the experiment, the
// bench, the C API, the window's solves): job(i, solver) for i in [0, count), on up to
// `options.threads` threads (never more than `count`), the calling thread among them, one Solver
// per thread made with `options.solver` and kept warm across its jobs. Once `cancel` is set, no
// further job starts (a running job sees the token itself). `done(i)` (optional) is called after
// job i, on the thread that ran it. Blocks until every thread has finished; thread-safe.
void parallelFor(std::size_t count, const PoolOptions &options,
                 const std::function<void(std::size_t, Solver &)> &job,
                 const CancelToken &cancel = {}, const std::function<void(std::size_t)> &done = {});
// The threads a pool runs: `threads` (0: all cores), at least one and at most `jobs`.
int poolThreads(int threads, std::size_t jobs);

// The DD table of one deal using up to `threads` threads (one Solver each). Blocks; thread-safe.
Result<TableResult> solveTable(const Deal &deal, const TableOptions &options = {},
                               const CancelToken &cancel = {});

// DD tables of many deals, deals spread over the threads. `done` (optional) is called after each
// deal from a worker thread. Blocks; thread-safe. Invalid deals get their error in place.
std::vector<Result<TableResult>> solveTables(std::span<const Deal> deals,
                                             const TableOptions &options = {},
                                             const CancelToken &cancel = {},
                                             const std::function<void(std::size_t)> &done = {});

} // namespace tenace::core
