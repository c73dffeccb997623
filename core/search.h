#pragma once

// The double-dummy search engine: null-window alpha-beta ("can the side reach t tricks?") over
// bit-parallel hands, with partition-search transposition table, quick tricks, equivalent-card
// pruning and heuristic move ordering. Internal to the solver; use core/solver.h.
//
// One engine per thread. It does not own its transposition table (the Solver keeps the table warm
// between calls). A stop flag is polled every few thousand nodes; after a stop, every answer of the
// current call is meaningless and nothing more is stored in the table.

#include "core/position.h"
#include "core/transposition_table.h"

#include <atomic>
#include <cstdint>

namespace tenace::core::detail {

class SearchEngine
{
public:
    explicit SearchEngine(TranspositionTable &table) : m_table(table) { }

    // Loads `position` (validated by the caller). The side to move becomes the maximising side.
    void load(const Position &position);

    // Exact tricks for the side to move at the loaded root (of tricksLeft()). `guess` orders the
    // probes. Returns -1 when stopped.
    int solve(int guess, const std::atomic<bool> *stop);
    // Does the root side reach `target` tricks from the loaded root? Sets stopped() when stopped.
    bool reaches(int target, const std::atomic<bool> *stop);

    // Plays / takes back a card at the root (for per-card scores). The maximising side stays the
    // root side; solve() then answers for it from the new position, counting the tricks won since
    // the original root.
    void playRoot(int cardBit);
    void undoRoot();

    bool stopped() const { return m_stopped; }
    std::uint64_t nodes() const { return m_nodes; }
    int tricksWonByRootSide() const { return m_won; }
    int rootTricksLeft() const;
    int rootSide() const { return m_maxSide; }

private:
    struct Undo
    {
        int leader;
        int won;
    };

    bool search(int target, std::uint64_t &winRanks);
    bool searchTrickStart(int target, std::uint64_t &winRanks);
    bool searchFollow(int target, std::uint64_t &winRanks);
    bool secondHandTricks(int target, std::uint64_t &winRanks, bool &result);
    bool decideByTrick(int target, int winner, int card, bool keepsLead, std::uint64_t &winRanks,
                       bool &result);
    bool mustRuff(int seat, int suit) const;
    int cashAfter(int hand, std::uint64_t card, int *count, std::uint32_t *used);
    bool lastTrick(int target, std::uint64_t &winRanks);
    int quickTricks(int seat, int want, std::uint64_t &ranks) const;
    int cashable(int hand, int suit, std::uint32_t &used) const;
    bool partnerCanWait(int seat, const int *count, const int *take) const;
    int sureTrumpTricks(int seat, int want, std::uint64_t &ranks) const;
    int opponentsTricks(int seat, int want, std::uint64_t &ranks);
    int leadWeight(int seat, int suit, int top, std::uint32_t group) const;
    struct TrickContext
    {
        int led = 0;
        int winCard = 0;
        int winSeat = 0;
        bool partnerWinning = false;
        int later = 0; // hands still to play that can beat something
        int laterCards[3] {};
        int laterSeats[3] {};
    };
    TrickContext trickContext() const;
    int followWeight(const TrickContext &context, int seat, int suit, int top, std::uint32_t group,
                     int len) const;
    bool beats(int a, int b) const;
    // Fills `moves` (card bits, best first) and `lowest` (the lowest card bit of each move's
    // group of equivalent cards); returns the count.
    int generateMoves(int seat, int *moves, int *lowest, int bestMove = -1) const;
    void play(int cardBit, Undo &undo);
    void unplay(int cardBit, const Undo &undo);
    std::uint64_t ttKey(int leader) const;
    TtPattern pattern() const;
    TtEntry makeEntry(const TtPattern &p, std::uint64_t winRanks, int lower, int upper,
                      int bestMove) const;
    std::uint64_t ranksOfEntry(const TtEntry &e) const;
    bool pollStop();

    TranspositionTable &m_table;
    std::uint64_t m_hands[4] {};
    std::uint64_t m_remaining = 0; // all cards still held (current trick excluded)
    int m_trump = 4;
    int m_leader = 0;
    int m_trickSize = 0;
    int m_tricks[16][4] {}; // card bits of the tricks since the root, by trick number
    int m_trickNo = 0;
    int *m_trick = m_tricks[0]; // the current trick
    int m_won = 0; // tricks won by the maximising side since the root
    int m_maxSide = 0;
    std::uint64_t m_nodes = 0;
    const std::atomic<bool> *m_stop = nullptr;
    bool m_stopped = false;
    std::vector<std::pair<int, Undo>> m_rootPlays;
};

} // namespace tenace::core::detail
