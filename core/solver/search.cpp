// The search loop and its driver: loading a position, playing and taking back cards, the
// iterative null-window calls of solve(), and the alpha-beta search of trick starts and of the
// cards played to a trick. The other concerns live in the internal headers included below, which
// are part of this translation unit (their helpers inline into the move loop): card_bits.h,
// table_entries.h, quick_tricks.h, trump_tricks.h, move_order.h and move_gen.h. This file must
// never weigh moves or count sure tricks itself. Compiled once per instruction set (see search.h).

#include "core/solver/search.h"

#include "core/solver/card_bits.h"
#include "core/solver/move_gen.h"
#include "core/solver/move_order.h"
#include "core/solver/quick_tricks.h"
#include "core/solver/table_entries.h"
#include "core/solver/trump_tricks.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace tenace::core::detail::TENACE_SEARCH_ISA {

namespace {

constexpr int stopPollInterval = 4096;
// A freak deal: at least this many voids among the four hands of a position with at least
// `freakCards` cards. Random deals almost never have one (none of 200 reference deals has even
// three); on the four-void freak deal, counting a void opponent that can only discard as two
// cards instead of six (leads that make it discard first) searches 2.9 times fewer nodes in no
// trump; on random deals it searched 3-17% more nodes, hence only here.
constexpr int freakVoids = 4;
constexpr int freakCards = 40;
constexpr int freakDiscardVoid = 8;
// The lead toward partner's honour over the left-hand opponent's (see leadSuit()) gets no bonus on
// freak deals: on the four-void one it searched 20% more nodes in no trump.
constexpr int finesseLeadBonus = 40;
// From this many tricks left up, a trick start looks in the table before it counts quick tricks
// (DDS's threshold as well; 5 and 7 measured the same).
constexpr int tableFirstTricks = 6;
// Moves reordered after a probe of each (see probeCuts()): at trick starts from this many tricks
// left when the table names no best move, and for the hands after the leader from this many
// cards. On 200 random deals 4.5% fewer nodes per table (3-6% less time), 1.9% per opening lead;
// instructions per table on 25 of them 5.4% fewer, per opening lead on 60 2.1% (trick starts from
// 8, 9, 10 or 12 tricks, later hands from 10, 11 or 13 cards, or probing despite a best move from
// the table: fewer saved). The first freak deal: 7% fewer nodes in each suit, 5% more in no trump.
constexpr int probeTricks = 11;
constexpr int probeFollowCards = 12;

// Index (0..3) of the card that wins a complete trick.
int winningIndex(const int *trick, int trump)
{
    int best = 0;
    for (int i = 1; i < 4; ++i) {
        const int s = suitOf(trick[i]);
        const int bs = suitOf(trick[best]);
        if (s == bs ? rankOf(trick[i]) > rankOf(trick[best]) : s == trump)
            best = i;
    }
    return best;
}

// The card bit that must keep its rank for the trick to be won the same way, or 0 when the
// winner was the only card of its suit (it won by ruffing or because everyone else discarded).
std::uint64_t trickWinRank(const int *trick, int winner)
{
    const int s = suitOf(trick[winner]);
    int same = 0;
    for (int i = 0; i < 4; ++i)
        same += suitOf(trick[i]) == s;
    return same >= 2 ? bit(trick[winner]) : 0;
}

// The other cards of a move's group were not searched: their result is the searched card's.
// When the searched card's own rank mattered (a card of its suit at or below it won by rank),
// that equivalence must hold wherever the result is reused, so the group's lowest card keeps its
// rank too. When it did not matter, every card of the group is interchangeable anyway.
std::uint64_t groupRanks(int move, int lowest, std::uint64_t childRanks)
{
    if (lowest == move)
        return 0;
    const std::uint32_t wins = lane(childRanks, suitOf(move));
    return wins && std::countr_zero(wins) <= rankOf(move) ? bit(lowest) : 0;
}

// A card below every rank that won in its suit in the subtree it started is "small": any other
// card of the same hand and suit below those ranks leads to positions in the same partition, so
// it has the same result and need not be searched (`smallBelow[suit]` rises accordingly).
void noteSmallCard(int move, std::uint64_t childRanks, int *smallBelow)
{
    const int s = suitOf(move);
    const std::uint32_t wins = lane(childRanks, s);
    const int threshold = wins ? std::countr_zero(wins) : 16;
    if (rankOf(move) < threshold)
        smallBelow[s] = std::max(smallBelow[s], threshold);
}

} // namespace

void Search::load(const Position &position)
{
    m_remaining = 0;
    for (int h = 0; h < 4; ++h) {
        m_hands[h] = position.remaining.hands[static_cast<std::size_t>(h)].bits();
        m_remaining |= m_hands[h];
    }
    m_trump = index(position.trump);
    int voids = 0;
    for (int h = 0; h < 4; ++h)
        for (int s = 0; s < 4; ++s)
            voids += lane(m_hands[h], s) == 0;
    const bool freak = std::popcount(m_remaining) >= freakCards && voids >= freakVoids;
    m_discardVoid = freak ? freakDiscardVoid : 24;
    m_finesseBonus = freak ? 0 : finesseLeadBonus;
    // The stopper leads' terms (see leadSuit()): on the freak deals 6% more nodes in the tables
    // (either term), 2.6% more in the opening leads.
    m_stopperLeads = !freak;
    m_leader = index(position.leader);
    m_trickNo = 0;
    m_trick = m_tricks[0];
    m_trickSize = static_cast<int>(position.trick.size());
    for (int i = 0; i < m_trickSize; ++i)
        m_trick[i] = position.trick[static_cast<std::size_t>(i)].bit();
    m_won = 0;
    m_maxSide = sideOf((m_leader + m_trickSize) & 3);
    m_rootPlays.clear();
}

bool Search::pollStop()
{
    if ((++m_nodes & (stopPollInterval - 1)) == 0 && m_stop &&
        m_stop->load(std::memory_order_relaxed))
        m_stopped = true;
    return m_stopped;
}

[[gnu::always_inline]] inline void Search::play(int cardBit, Undo &undo)
{
    const int seat = (m_leader + m_trickSize) & 3;
    undo.leader = m_leader;
    undo.won = m_won;
    m_hands[seat] &= ~bit(cardBit);
    m_remaining &= ~bit(cardBit);
    m_trick[m_trickSize++] = cardBit;
    if (m_trickSize == 4) {
        const int w = winningIndex(m_trick, m_trump);
        m_leader = (m_leader + w) & 3;
        m_won += sideOf(m_leader) == m_maxSide;
        m_trickSize = 0;
        m_trick = m_tricks[++m_trickNo];
    }
}

[[gnu::always_inline]] inline void Search::unplay(int cardBit, const Undo &undo)
{
    if (m_trickSize == 0) {
        m_trickSize = 4;
        m_trick = m_tricks[--m_trickNo];
    }
    m_leader = undo.leader;
    m_won = undo.won;
    --m_trickSize;
    const int seat = (m_leader + m_trickSize) & 3;
    m_hands[seat] |= bit(cardBit);
    m_remaining |= bit(cardBit);
}

void Search::playRoot(int cardBit)
{
    Undo undo;
    play(cardBit, undo);
    m_rootPlays.emplace_back(cardBit, undo);
}

void Search::undoRoot()
{
    assert(!m_rootPlays.empty());
    auto [cardBit, undo] = m_rootPlays.back();
    m_rootPlays.pop_back();
    unplay(cardBit, undo);
}

bool Search::reaches(int target, const std::atomic<bool> *stop)
{
    m_stop = stop;
    m_stopped = stop && stop->load(std::memory_order_relaxed);
    if (m_stopped)
        return false;
    std::uint64_t ranks = 0;
    return search(target, ranks);
}

int Search::solve(int guess, const std::atomic<bool> *stop)
{
    int lo = m_won;
    int hi = m_won + std::popcount(m_hands[(m_leader + m_trickSize) & 3]);
    int probe = guess;
    while (lo < hi) {
        const int t = std::max(lo + 1, std::min(probe, hi));
        const bool ok = reaches(t, stop);
        if (m_stopped)
            return -1;
        if (ok) {
            lo = t;
            probe = t + 1;
        } else {
            hi = t - 1;
            probe = t - 1;
        }
    }
    return lo;
}

bool Search::search(int target, std::uint64_t &winRanks)
{
    return m_trickSize == 0 ? searchTrickStart(target, winRanks) : searchFollow(target, winRanks);
}

bool Search::lastTrick(int target, std::uint64_t &winRanks)
{
    int trick[4];
    for (int i = 0; i < 4; ++i)
        trick[i] = std::countr_zero(m_hands[(m_leader + i) & 3]);
    const int w = winningIndex(trick, m_trump);
    winRanks = trickWinRank(trick, w);
    const int won = m_won + (sideOf((m_leader + w) & 3) == m_maxSide);
    return won >= target;
}

bool Search::searchTrickStart(int target, std::uint64_t &winRanks)
{
    const int seat = m_leader;
    const int tricksLeft = std::popcount(m_hands[seat]);
    winRanks = 0;
    ++m_trickStarts;
    // Step 1. Target already reached, or out of reach.
    if (m_won >= target)
        return true;
    if (m_won + tricksLeft < target)
        return false;
    if (pollStop())
        return false;
    if (tricksLeft == 1)
        return lastTrick(target, winRanks);

    const bool maxOnLead = sideOf(seat) == m_maxSide;
    const std::uint64_t key = ttKey(seat);
    m_table.prefetch(key);
    if (tricksLeft >= afterLeadTricks)
        m_table.prefetch(key | afterLeadKey);
    // North-South's tricks that decide the node.
    const int nsNeed = tricksWanted(m_maxSide == 0, target, tricksLeft);
    TtPattern pat;
    int ttMove = -1;
    bool result;

    // Step 2. Transposition table, first from tableFirstTricks tricks left up (see below).
    const bool tableFirst = tricksLeft >= tableFirstTricks;
    if (tableFirst) {
        pat = pattern();
        if (probe(key, pat, nsNeed, ttMove, winRanks, result))
            return result;
    }

    // Step 3. Quick tricks for the side on lead, and top trumps of the other side. Near the end of
    // the play tried before the table: cheaper, and their winning ranks are fewer than a table
    // entry's (5% fewer nodes). Further up, where the table decides most trick starts it reaches,
    // the table first: 1% more nodes but 4% less time per table, 2% per opening lead.
    // Tricks the side on lead, or the other side, must be sure of to decide the node.
    const int leadWants = tricksWanted(maxOnLead, target, tricksLeft);
    const int otherWants = tricksLeft - leadWants + 1;
    std::uint64_t qtRanks = 0;
    int qt = quickTricks(seat, leadWants, qtRanks);
    // Trump tricks and ruffs, in trump contracts only (not called in no-trump: 1-3% less time per
    // opening lead).
    if (m_trump != 4) {
        std::uint64_t ownTrumpRanks = 0;
        if (const int t = sureTrumpTricks(seat, leadWants, ownTrumpRanks); t > qt) {
            qt = t;
            qtRanks = ownTrumpRanks;
        }
        std::uint64_t ruffRanks = 0;
        if (qt < leadWants) {
            if (const int t = ruffTricks(seat, leadWants, ruffRanks); t > qt) {
                qt = t;
                qtRanks = ruffRanks;
            }
        }
    }
    if (qt >= leadWants) {
        winRanks = qtRanks;
        return maxOnLead;
    }
    std::uint64_t trumpRanks = 0;
    int later = m_trump != 4 ? sureTrumpTricks((seat + 1) & 3, otherWants, trumpRanks) : 0;
    std::uint64_t opponentRanks = 0;
    if (const int t = opponentsTricks(seat, otherWants, opponentRanks); t > later) {
        later = t;
        trumpRanks = opponentRanks;
    }
    if (later >= otherWants) {
        winRanks = trumpRanks;
        return !maxOnLead;
    }
    if (leadWants == tricksLeft) {
        if (std::uint64_t ranks; cannotTakeAll(seat, ranks)) {
            winRanks = ranks;
            return !maxOnLead;
        }
    }

    // Step 4. Transposition table, when not probed already.
    if (!tableFirst) {
        pat = pattern();
        if (probe(key, pat, nsNeed, ttMove, winRanks, result))
            return result;
    }

    // Step 5. Search the moves. The table's best move first, before the other moves are generated
    // and weighed: it decides a third of the searched trick starts. Always first (before, a card
    // weighing 100 more came first): 0.6% more nodes per table, but 7% less time.
    int low = -1;
    const int first = ttMove >= 0 ? groupAround(seat, ttMove, low) : -1;
    std::uint64_t allRanks = 0;
    int cutMove;
    if (tricksLeft >= afterLeadTricks) {
        LeadEntries leads;
        leads.key = key | afterLeadKey;
        leads.pattern = &pat;
        leads.nsNeed = nsNeed;
        leads.tricksLeft = tricksLeft;
        findLeads(seat, leads);
        result = searchMoves(seat, target, first, low, allRanks, cutMove, &leads,
                             tricksLeft >= probeTricks && first < 0);
    } else {
        result = searchMoves(seat, target, first, low, allRanks, cutMove);
    }
    if (m_stopped)
        return false;

    // Step 6. Store the bound, valid for every position that agrees on the winning ranks.
    const bool nsReaches = m_maxSide == 0 ? result : !result;
    const int lower = nsReaches ? nsNeed : 0;
    const int upper = nsReaches ? tricksLeft : nsNeed - 1;
    m_table.store(key, tricksLeft, makeEntry(pat, allRanks, lower, upper, cutMove));
    winRanks = allRanks;
    return result;
}

// Plays `card` and searches on; the ranks include the completed trick's winner.
[[gnu::always_inline]] inline bool Search::searchAfter(int card, int target,
                                                       std::uint64_t &winRanks)
{
    Undo undo;
    play(card, undo);
    // A completed trick: its winner's rank, the winner's index being how far the lead moved.
    const std::uint64_t trickRank =
        m_trickSize == 0 ? trickWinRank(m_tricks[m_trickNo - 1], (m_leader - undo.leader) & 3) : 0;
    const bool r =
        m_trickSize == 0 ? searchTrickStart(target, winRanks) : searchFollow(target, winRanks);
    unplay(card, undo);
    winRanks |= trickRank;
    return r;
}

// A probe of `card`, a move of the side to play: whether playing it and completing the trick with
// each later hand's first card in the move order reaches a trick start whose table entry (or the
// tricks already won or out of reach) decides the node for that side. Nothing is searched.
bool Search::probeCuts(int card, int target)
{
    const bool maxToMove = sideOf((m_leader + m_trickSize) & 3) == m_maxSide;
    int cards[4];
    Undo undo[4];
    const int k0 = m_trickSize;
    cards[k0] = card;
    play(card, undo[k0]);
    for (int k = k0 + 1; k < 4; ++k) {
        const int seat = (m_leader + m_trickSize) & 3;
        int low;
        cards[k] = k != 2 ? firstFollow(seat, low) : -1;
        if (cards[k] < 0) {
            int moves[13], lowest[13];
            generateMoves(seat, moves, lowest);
            cards[k] = moves[0];
        }
        play(cards[k], undo[k]);
    }
    bool cuts;
    const int tricksLeft = std::popcount(m_hands[m_leader]);
    if (m_won >= target) {
        cuts = maxToMove;
    } else if (m_won + tricksLeft < target) {
        cuts = !maxToMove;
    } else {
        const int nsNeed = tricksWanted(m_maxSide == 0, target, tricksLeft);
        int move = -1;
        std::uint64_t ranks;
        bool reaches;
        cuts =
            probe(ttKey(m_leader), pattern(), nsNeed, move, ranks, reaches) && reaches == maxToMove;
    }
    for (int k = 3; k >= k0; --k)
        unplay(cards[k], undo[k]);
    return cuts;
}

// Moves to the front the first of `moves` after the first whose probe cuts (see probeCuts()),
// keeping the order otherwise. Probing every move and moving each that cuts: 1.2% fewer nodes per
// table, but no less time.
void Search::promoteProbed(int target, int *moves, int *lowest, int n)
{
    for (int i = 1; i < n; ++i) {
        if (probeCuts(moves[i], target)) {
            std::rotate(moves, moves + i, moves + i + 1);
            std::rotate(lowest, lowest + i, lowest + i + 1);
            return;
        }
    }
}

// Searches the moves of `seat`, the side to play: `first` (when >= 0; `low`: the lowest card of
// its group) before the others are generated and weighed (and, when `probe`, reordered by
// promoteProbed()). True when the side reaches the target; `cutMove` receives the move that
// decided it, else -1.
[[gnu::always_inline]] inline bool Search::searchMoves(int seat, int target, int first, int low,
                                                       std::uint64_t &winRanks, int &cutMove,
                                                       LeadEntries *leads, bool probe)
{
    const bool maxToMove = sideOf(seat) == m_maxSide;
    std::uint64_t allRanks = 0;
    int smallBelow[4] = {0, 0, 0, 0};
    cutMove = -1;
    // Searches `move` (`lowCard`: its group's lowest card); true when it decides the node. Always
    // inlined: left to the compiler, it became a call (4% more time per table, 5% per opening
    // lead).
    const auto decides = [&](int move, int lowCard) __attribute__((always_inline))
    {
        std::uint64_t childRanks = 0;
        // A lead the table shows to fail, itself or another card of its group.
        if (const std::uint64_t known =
                leads ? leads->failed & (bit(move + 1) - bit(lowCard)) : 0) {
            const int card = std::countr_zero(known);
            childRanks = leads->ranks[suitOf(card)][rankOf(card)];
            allRanks |= childRanks | groupRanks(move, lowCard, childRanks);
            noteSmallCard(move, childRanks, smallBelow);
            return false;
        }
        const bool reaches = searchAfter(move, target, childRanks);
        if (reaches == maxToMove) {
            allRanks = childRanks;
            cutMove = move;
            return true;
        }
        if (leads && !m_stopped)
            storeLead(*leads, move, childRanks, reaches);
        allRanks |= childRanks | groupRanks(move, lowCard, childRanks);
        noteSmallCard(move, childRanks, smallBelow);
        return false;
    };
    if (first < 0 || !decides(first, low)) {
        int moves[13];
        int lowest[13];
        const int n = m_stopped ? 0 : generateMoves(seat, moves, lowest);
        // Mid-trick, `first` is the order's own first card, found without weighing the others.
        assert(m_trickSize == 0 || first < 0 || n == 0 || moves[0] == first);
        if (probe)
            promoteProbed(target, moves, lowest, n);
        for (int i = 0; i < n && !m_stopped; ++i) {
            if (moves[i] != first && rankOf(moves[i]) >= smallBelow[suitOf(moves[i])] &&
                decides(moves[i], lowest[i]))
                break;
        }
    }
    winRanks = allRanks;
    return cutMove >= 0 ? maxToMove : !maxToMove;
}

bool Search::searchFollow(int target, std::uint64_t &winRanks)
{
    const int seat = (m_leader + m_trickSize) & 3;
    if (pollStop())
        return false;
    if (m_trickSize == 1) {
        if (bool r; secondHandTricks(target, winRanks, r))
            return r;
    }
    // A single card of the suit led: played without generating moves.
    if (const std::uint64_t follow = m_hands[seat] & (0xffffull << (16 * suitOf(m_trick[0])));
        std::has_single_bit(follow))
        return searchAfter(std::countr_zero(follow), target, winRanks);
    int low = -1;
    const int first = m_trickSize != 2 ? firstFollow(seat, low) : -1;
    int cutMove;
    return searchMoves(seat, target, first, low, winRanks, cutMove, nullptr,
                       std::popcount(m_hands[seat]) >= probeFollowCards);
}

std::unique_ptr<SearchEngine> makeSearch(TranspositionTable &table)
{
    return std::make_unique<Search>(table);
}

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
