#pragma once

// The double-dummy search: null-window alpha-beta ("can the side reach t tricks?") over
// bit-parallel hands, with partition-search transposition table, quick tricks, equivalent-card
// pruning and heuristic move ordering. Included only by search.cpp and its internal headers (one
// per concern, named in each group of declarations below), which make one translation unit,
// compiled once per instruction set, each time in its own namespace (TENACE_SEARCH_ISA); see
// core/solver/search_engine.h.

#include "core/solver/search_engine.h"
#include "core/solver/transposition_table.h"

#include <atomic>
#include <cstdint>
#include <vector>

#ifndef TENACE_SEARCH_ISA
#define TENACE_SEARCH_ISA generic
#endif

namespace tenace::core::detail::TENACE_SEARCH_ISA {

class Search final : public SearchEngine
{
public:
    explicit Search(TranspositionTable &table) : m_table(table) { }

    void load(const Position &position) override;
    int solve(int guess, const std::atomic<bool> *stop) override;
    bool reaches(int target, const std::atomic<bool> *stop) override;
    void playRoot(int cardBit) override;
    void undoRoot() override;
    bool stopped() const override { return m_stopped; }
    std::uint64_t nodes() const override { return m_nodes; }
    std::uint64_t trickStarts() const override { return m_trickStarts; }

private:
    struct Undo
    {
        int leader;
        int won;
    };

    // The table's entries (table_entries.h). The entries for the positions just after each lead
    // of a trick start (see findLeads()): the leads they show to fail, and the winning ranks of
    // each.
    struct LeadEntries
    {
        std::uint64_t key = 0; // the bucket of the entries
        const TtPattern *pattern = nullptr; // the trick start's
        int nsNeed = 0;
        int tricksLeft = 0;
        std::uint64_t failed = 0; // cards
        std::uint64_t ranks[4][16]; // of each failed card, by suit and rank
    };
    std::uint64_t ttKey(int leader) const;
    TtPattern pattern() const;
    TtEntry makeEntry(const TtPattern &p, std::uint64_t winRanks, int lower, int upper,
                      int bestMove) const;
    std::uint64_t ranksOfEntry(const TtEntry &e) const;
    bool probe(std::uint64_t key, const TtPattern &pat, int nsNeed, int &ttMove,
               std::uint64_t &winRanks, bool &result) const;
    void findLeads(int seat, LeadEntries &leads) const;
    void storeLead(const LeadEntries &leads, int move, std::uint64_t childRanks, bool reaches);

    // Quick tricks (quick_tricks.h).
    int quickTricks(int seat, int want, std::uint64_t &ranks) const;
    int cashable(int hand, int suit, std::uint32_t &used) const;
    int roundsBeforeRuff(int hand, int suit) const;
    bool partnerCanWait(int seat, const int *count, const int *take) const;
    int splitSuitTricks(int seat, const int *count, const std::uint32_t *used, int want,
                        std::uint64_t &ranks) const;
    int opponentsTricks(int seat, int want, std::uint64_t &ranks);
    bool cannotTakeAll(int seat, std::uint64_t &ranks) const;
    bool secondHandTricks(int target, std::uint64_t &winRanks, bool &result);
    bool decideByTrick(int target, int winner, int card, bool keepsLead, std::uint64_t &winRanks,
                       bool &result);
    bool mustRuff(int seat, int suit) const;
    int cashAfter(int hand, std::uint64_t card, int *count, std::uint32_t *used);

    // Trump tricks (trump_tricks.h).
    int sureTrumpTricks(int seat, int want, std::uint64_t &ranks) const;
    std::uint32_t trumpsAboveOpponents(int hand) const;
    std::uint64_t trumpRanks(int seat, std::uint32_t run, int want) const;
    int ruffTricks(int seat, int want, std::uint64_t &ranks);

    // Move ordering (move_order.h). The terms of leading a suit: the suit's weight and who holds
    // its top cards.
    struct LeadSuit
    {
        int delta = 0;
        int first = 0;
        int second = -1;
        bool iTop = false;
        bool pTop = false;
        bool iSecond = false;
        bool pSecond = false;
        bool oppSingletonTop = false;
        bool ruffable = false;
        bool partnerRuffs = false;
    };
    LeadSuit leadSuit(int seat, int suit) const;
    static int leadWeight(const LeadSuit &terms, int top, std::uint32_t group);
    // The trick in progress, for the move-ordering weights. Cards are compared by strength:
    // 16 + rank in the suit led, 32 + rank in trumps (when the suit led is not trumps), 0 when the
    // card cannot win the trick.
    struct TrickContext
    {
        int led = 0;
        int winStrength = 0; // of the card winning so far
        bool partnerWinning = false;
        // The strongest card of the side to play among those played or that partner can play.
        int ours = 0;
        int theirs = 0; // ... of the other side
    };
    TrickContext trickContext() const;
    int strength(int card, int led) const;
    int strongest(int hand, int led) const;
    int discardTerm(int seat, int s) const;
    bool secondWinsFirst(int seat, int led, int partners) const;
    int followWeight(const TrickContext &context, int seat, int suit, int top,
                     std::uint32_t group) const;
    int trickWinner() const;
    bool beats(int a, int b) const;
    int firstFollow(int seat, int &low) const;
    int firstDiscard(int seat, int &low) const;

    // Move generation (move_gen.h). Fills `moves` (card bits, best first) and `lowest` (the
    // lowest card bit of each move's group of equivalent cards); returns the count.
    int generateMoves(int seat, int *moves, int *lowest) const;
    int groupAround(int seat, int card, int &low) const;
    // Tricks of the `tricksLeft` left that the maximising side (`maxSide`), or else the other side,
    // must take to decide a node of target `target`.
    int tricksWanted(bool maxSide, int target, int tricksLeft) const
    {
        const int need = target - m_won;
        return maxSide ? need : tricksLeft - need + 1;
    }

    // The search loop (search.cpp).
    bool search(int target, std::uint64_t &winRanks);
    bool searchTrickStart(int target, std::uint64_t &winRanks);
    bool searchFollow(int target, std::uint64_t &winRanks);
    bool searchAfter(int card, int target, std::uint64_t &winRanks);
    bool searchMoves(int seat, int target, int first, int low, std::uint64_t &winRanks,
                     int &cutMove, LeadEntries *leads = nullptr, bool probe = false);
    bool probeCuts(int card, int target);
    void promoteProbed(int target, int *moves, int *lowest, int n);
    bool lastTrick(int target, std::uint64_t &winRanks);
    void play(int cardBit, Undo &undo);
    void unplay(int cardBit, const Undo &undo);
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
    // How many cards (times 4) a void opponent that can only discard counts as in the lead
    // ordering (move_order.h): smaller on freak deals (see load()).
    int m_discardVoid = 24;
    // The lead-ordering bonus of a lead toward partner's honour over the left-hand opponent's
    // (move_order.h): 0 on freak deals (see load()).
    int m_finesseBonus = 0;
    // Whether the lead ordering weighs leads that knock out the opponents' stopper or spend the
    // side's (move_order.h): not on freak deals (see load()).
    bool m_stopperLeads = false;
    std::uint64_t m_nodes = 0;
    std::uint64_t m_trickStarts = 0;
    const std::atomic<bool> *m_stop = nullptr;
    bool m_stopped = false;
    std::vector<std::pair<int, Undo>> m_rootPlays;
};

std::unique_ptr<SearchEngine> makeSearch(TranspositionTable &table);

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
