#include "core/c_api/dds_move_order.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>

namespace tenace::capi {
namespace {

using core::Card;
using core::Position;

// A suit's cards as DDS keeps them: bit r - 2 for rank r.
using Ranks = unsigned;

constexpr Ranks bitOf(int rank)
{
    return 1u << (rank - 2);
}
constexpr int topRank(Ranks r)
{
    return r == 0 ? 0 : 2 + std::bit_width(r) - 1;
}

struct TopCard
{
    int rank = 0;
    int hand = -1;
};

struct Move
{
    int suit = 0;
    int rank = 0;
    bool sequence = false; // lower cards equivalent to it
    int weight = 0;
};

// What the weights read of the position: DDS's `pos` fields for the root.
struct RootView
{
    int leader = 0;
    int toMove = 0;
    int trump = 4; // 4: no trump (or no trump left, as DDS then weighs)
    int actualTrump = 4; // the contract's strain
    // The trick so far, as DDS tracks it: the lead's suit, and after each card the card winning
    // so far and its place in the trick (0 for the leader).
    int leadSuit = 0;
    int played = 0;
    std::array<Move, 3> winning {};
    std::array<int, 3> winningPlace {};
    std::array<Ranks, 4> gone {}; // cards out of play (the trick's cards are still in play)
    int tricks = 0; // DDS's trick index: tricks left - 1
    std::array<std::array<Ranks, 4>, 4> held {}; // [hand][suit]
    std::array<std::array<int, 4>, 4> length {};
    std::array<Ranks, 4> all {}; // every held card of the suit
    std::array<TopCard, 4> winner {}, second {};
    std::array<int, 4> thirdHand {}; // holder of the third-highest card, -1 if none

    int lho() const { return (leader + 1) % 4; }
    int partner() const { return (leader + 2) % 4; }
    int rho() const { return (leader + 3) % 4; }
    // 1 for the suit's highest remaining card, 2 for the next...
    int relativeRank(int suit, int rank) const
    {
        return 1 + std::popcount(all[static_cast<std::size_t>(suit)] >> (rank - 1));
    }
};

int holder(const RootView &v, const Position &position, int suit, int rank)
{
    for (int h = 0; h < 4; ++h)
        if (v.held[static_cast<std::size_t>(h)][static_cast<std::size_t>(suit)] & bitOf(rank))
            return h;
    for (std::size_t k = 0; k < position.trick.size(); ++k) {
        const Card &c = position.trick[k];
        if (core::index(c.suit) == suit && core::value(c.rank) == rank)
            return (v.leader + static_cast<int>(k)) % 4;
    }
    return -1;
}

RootView viewOf(const Position &position)
{
    RootView v;
    v.leader = core::index(position.leader);
    v.tricks = position.tricksLeft() - 1;
    for (std::size_t h = 0; h < 4; ++h)
        for (std::size_t s = 0; s < 4; ++s) {
            const Ranks r = position.remaining.hands[h].suitMask(static_cast<core::Suit>(s)) >> 2;
            v.held[h][s] = r;
            v.length[h][s] = std::popcount(r);
            v.all[s] |= r;
        }
    std::array<Ranks, 4> inTrick {};
    for (const Card &c : position.trick)
        inTrick[static_cast<std::size_t>(core::index(c.suit))] |= bitOf(core::value(c.rank));
    for (std::size_t s = 0; s < 4; ++s)
        v.gone[s] = ~(v.all[s] | inTrick[s]) & 0x1fffu;
    for (std::size_t s = 0; s < 4; ++s) {
        std::array<int, 3> top {};
        Ranks rest = v.all[s] | inTrick[s]; // DDS counts the trick's cards among the top cards
        for (int &t : top) {
            t = topRank(rest);
            if (t)
                rest &= ~bitOf(t);
        }
        const int suit = static_cast<int>(s);
        v.winner[s] = {top[0], top[0] ? holder(v, position, suit, top[0]) : -1};
        v.second[s] = {top[1], top[1] ? holder(v, position, suit, top[1]) : -1};
        v.thirdHand[s] = top[2] ? holder(v, position, suit, top[2]) : -1;
    }
    v.actualTrump = core::index(position.trump);
    if (v.actualTrump < 4 && v.winner[static_cast<std::size_t>(v.actualTrump)].rank != 0)
        v.trump = v.actualTrump;
    v.played = static_cast<int>(position.trick.size());
    v.toMove = (v.leader + v.played) % 4;
    for (int k = 0; k < v.played; ++k) {
        const Card &c = position.trick[static_cast<std::size_t>(k)];
        const Move m {core::index(c.suit), core::value(c.rank), false, 0};
        auto &w = v.winning[static_cast<std::size_t>(k)];
        auto &place = v.winningPlace[static_cast<std::size_t>(k)];
        if (k == 0) {
            w = m;
            place = 0;
            v.leadSuit = m.suit;
            continue;
        }
        const Move &before = v.winning[static_cast<std::size_t>(k - 1)];
        const bool wins = m.suit == before.suit ? m.rank > before.rank : m.suit == v.actualTrump;
        w = wins ? m : before;
        place = wins ? k : v.winningPlace[static_cast<std::size_t>(k - 1)];
    }
    return v;
}

// The moves of the hand to play in one suit, highest first: one per run of its cards, runs merged
// when every card between them is out of play.
void addMoves(const RootView &v, int suit, std::vector<Move> &moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const Ranks own = v.held[static_cast<std::size_t>(v.toMove)][s];
    const Ranks gone = v.gone[s];
    int rank = 14;
    while (rank >= 2) {
        if (!(own & bitOf(rank))) {
            --rank;
            continue;
        }
        Move m {suit, rank, false, 0};
        int low = rank; // lowest card of the group so far
        for (int r = rank - 1; r >= 2; --r) {
            if (own & bitOf(r)) {
                m.sequence = true;
                low = r;
            } else if (!(gone & bitOf(r))) {
                break;
            }
        }
        // A run may end in gone cards with no card of ours below them: the group ends at `low`.
        moves.push_back(m);
        rank = low - 1;
    }
}

int ruffsOrFollows(const RootView &v, int hand, int suit)
{
    // DDS's "follows suit, or has no trump to ruff with".
    return v.length[static_cast<std::size_t>(hand)][static_cast<std::size_t>(suit)] != 0 ||
        v.length[static_cast<std::size_t>(hand)][static_cast<std::size_t>(v.trump)] == 0;
}

bool trumpLeadWins(const RootView &v, int suit, const Move &m)
{
    const auto s = static_cast<std::size_t>(suit);
    const auto t = static_cast<std::size_t>(v.trump);
    const auto lho = static_cast<std::size_t>(v.lho());
    const auto rho = static_cast<std::size_t>(v.rho());
    const auto pd = static_cast<std::size_t>(v.partner());
    const bool side = suit != v.trump;
    if (v.winner[s].rank == m.rank) {
        if (!side)
            return true;
        if (v.length[pd][s] != 0 || v.length[pd][t] == 0)
            return ruffsOrFollows(v, v.lho(), suit) && ruffsOrFollows(v, v.rho(), suit);
        return (v.length[lho][s] != 0 || v.held[pd][t] > v.held[lho][t]) &&
            (v.length[rho][s] != 0 || v.held[pd][t] > v.held[rho][t]);
    }
    if (v.held[pd][s] > (v.held[lho][s] | v.held[rho][s])) {
        if (!side)
            return true;
        return ruffsOrFollows(v, v.lho(), suit) && ruffsOrFollows(v, v.rho(), suit);
    }
    if (!side || !(v.length[pd][s] == 0 && v.length[pd][t] != 0))
        return false;
    const bool lhoRuffs = v.length[lho][s] == 0 && v.length[lho][t] != 0;
    const bool rhoRuffs = v.length[rho][s] == 0 && v.length[rho][t] != 0;
    if (lhoRuffs && rhoRuffs)
        return v.held[pd][t] > (v.held[lho][t] | v.held[rho][t]);
    if (lhoRuffs)
        return v.held[pd][t] > v.held[lho][t];
    if (rhoRuffs)
        return v.held[pd][t] > v.held[rho][t];
    return true;
}

int thirdCardBonus(const RootView &v, int suit, int both, int one)
{
    const auto s = static_cast<std::size_t>(suit);
    const int pd = v.partner();
    const int third = v.thirdHand[s];
    const bool partnerLong = v.length[static_cast<std::size_t>(pd)][s] > 1;
    if (v.second[s].hand == pd && third == pd)
        return both;
    if ((v.second[s].hand == v.leader && third == pd && partnerLong) ||
        (v.second[s].hand == pd && third == v.leader && partnerLong))
        return one;
    return 0;
}

bool singletonTopOpposite(const RootView &v, int suit)
{
    const auto s = static_cast<std::size_t>(suit);
    return (v.length[static_cast<std::size_t>(v.lho())][s] == 1 && v.winner[s].hand == v.lho()) ||
        (v.length[static_cast<std::size_t>(v.rho())][s] == 1 && v.winner[s].hand == v.rho());
}

int opponentsWeight(const RootView &v, int suit, int divisor)
{
    const auto s = static_cast<std::size_t>(suit);
    const int lh = v.length[static_cast<std::size_t>(v.lho())][s];
    const int rh = v.length[static_cast<std::size_t>(v.rho())][s];
    const int countLh = (lh == 0 ? v.tricks + 1 : lh) << 2;
    const int countRh = (rh == 0 ? v.tricks + 1 : rh) << 2;
    return -(((countLh + countRh) << 5) / divisor);
}

void weighTrumpLead(const RootView &v, int suit, std::span<Move> moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const auto t = static_cast<std::size_t>(v.trump);
    const int lead = v.leader, lho = v.lho(), rho = v.rho(), pd = v.partner();
    const auto up = [](int h) { return static_cast<std::size_t>(h); };
    const int own = v.length[up(lead)][s];
    const int rh = v.length[up(rho)][s];
    const bool side = suit != v.trump;
    int bonus = 0;
    if (side &&
        ((v.held[up(lho)][s] == 0 && v.held[up(lho)][t] != 0) ||
         (v.held[up(rho)][s] == 0 && v.held[up(rho)][t] != 0)))
        bonus = -12;
    if (side && v.length[up(pd)][s] == 0 && v.length[up(pd)][t] > 0 && rh > 0)
        bonus += 17;
    if (v.winner[s].hand == rho || v.second[s].hand == rho) {
        if (rh != 1)
            bonus -= 12;
    } else if (v.winner[s].hand == lho && v.second[s].hand == pd) {
        if (v.length[up(pd)][s] != 1)
            bonus += 27;
    }
    if (side && own == 1 && v.length[up(lead)][t] > 0 && v.length[up(pd)][s] > 1 &&
        v.winner[s].hand == pd)
        bonus += 19;
    const int base = bonus + opponentsWeight(v, suit, 13);
    for (Move &m : moves) {
        const int rel = v.relativeRank(suit, m.rank);
        int delta = base;
        if (trumpLeadWins(v, suit, m)) {
            if (singletonTopOpposite(v, suit))
                m.weight = delta + 35 + rel;
            else if (v.winner[s].hand == lead)
                m.weight = v.second[s].hand == pd ? delta + 48 + rel
                    : v.winner[s].rank == m.rank  ? delta + 31
                                                  : delta - 3 + rel;
            else if (v.winner[s].hand == pd)
                m.weight = v.second[s].hand == lead ? delta + 42 + rel : delta + 28 + rel;
            else if (m.sequence && m.rank == v.second[s].rank)
                m.weight = delta + 40;
            else
                m.weight = m.sequence ? delta + 22 + rel : delta + 11 + rel;
            continue;
        }
        delta += thirdCardBonus(v, suit, 20, 13);
        if (singletonTopOpposite(v, suit))
            m.weight = delta + rel + 2;
        else if (v.winner[s].hand == lead)
            m.weight = v.second[s].hand == pd ? delta + 33 + rel
                : v.winner[s].rank == m.rank  ? delta + 38
                                              : delta - 14 + rel;
        else if (v.winner[s].hand == pd)
            m.weight = delta + 34 + rel;
        else if (m.sequence && m.rank == v.second[s].rank)
            m.weight = delta + 35;
        else
            m.weight = delta + 17 - m.rank;
    }
}

void weighNoTrumpLead(const RootView &v, int suit, std::span<Move> moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const int lead = v.leader, lho = v.lho(), rho = v.rho(), pd = v.partner();
    const auto up = [](int h) { return static_cast<std::size_t>(h); };
    const int lh = v.length[up(lho)][s];
    const int rh = v.length[up(rho)][s];
    int base = opponentsWeight(v, suit, 19);
    if (v.length[up(pd)][s] == 0)
        base -= 9;
    for (Move &m : moves) {
        const int rel = v.relativeRank(suit, m.rank);
        int delta = base;
        if (v.winner[s].rank == m.rank ||
            v.held[up(pd)][s] > (v.held[up(lho)][s] | v.held[up(rho)][s])) {
            if (v.second[s].hand == rho) {
                if (rh != 1)
                    delta -= 1;
            } else if (v.second[s].hand == lho) {
                delta += lh != 1 ? 22 : 16;
            }
            const bool clear =
                (v.second[s].hand != lho || lh == 1) && (v.second[s].hand != rho || rh == 1);
            m.weight = delta + (clear ? 45 : 18) + rel;
            continue;
        }
        if (v.winner[s].hand == rho || v.second[s].hand == rho) {
            if (rh != 1)
                delta -= 10;
        } else if (v.winner[s].hand == lho && v.second[s].hand == pd) {
            if (v.length[up(pd)][s] != 1)
                delta += 31;
        }
        delta += thirdCardBonus(v, suit, 35, 25);
        if (singletonTopOpposite(v, suit))
            m.weight = delta + 28 + rel;
        else if (v.winner[s].hand == lead)
            m.weight = delta - 17 + rel;
        else if (!m.sequence)
            m.weight = delta + 12 + rel;
        else if (m.rank == v.second[s].rank)
            m.weight = delta + 48;
        else
            m.weight = delta + 29 - rel;
    }
}

// --- Following: DDS's weights for second, third and fourth hand -------------------------------

constexpr int lowRank(Ranks r)
{
    return r == 0 ? 0 : 2 + std::countr_zero(r);
}

struct Follow
{
    const RootView &v;
    std::span<Move> moves;
    std::size_t h(int hand) const { return static_cast<std::size_t>(hand); }
    std::size_t lead() const { return h(v.leadSuit); }
    int lho() const { return v.lho(); }
    int pd() const { return v.partner(); }
    int rho() const { return v.rho(); }
    const Move &first() const { return v.winning[0]; }
    const Move &after(int k) const { return v.winning[static_cast<std::size_t>(k)]; }
    int placeAfter(int k) const { return v.winningPlace[static_cast<std::size_t>(k)]; }
    Ranks held(int hand, int suit) const { return v.held[h(hand)][h(suit)]; }
    int length(int hand, int suit) const { return v.length[h(hand)][h(suit)]; }
    int rel(int suit, int rank) const { return v.relativeRank(suit, rank); }
    void allLow() const
    {
        for (Move &m : moves)
            m.weight = -m.rank;
    }
};

// A hand's cards of a suit as DDS groups them: runs of adjacent ranks, highest first.
struct Run
{
    int top = 0, bottom = 0, count = 0;
};

std::vector<Run> runsOf(Ranks cards)
{
    std::vector<Run> runs;
    for (int r = 14; r >= 2; --r) {
        if (!(cards & bitOf(r)))
            continue;
        if (!runs.empty() && runs.back().bottom == r + 1) {
            runs.back().bottom = r;
            ++runs.back().count;
        } else {
            runs.push_back({r, r, 1});
        }
    }
    return runs;
}

// How many of the top runs merge: every rank between two runs is out of play.
std::size_t mergedRuns(const std::vector<Run> &runs, Ranks gone)
{
    std::size_t i = 1;
    for (; i < runs.size(); ++i) {
        const Ranks between = (bitOf(runs[i - 1].bottom) - 1) & ~((bitOf(runs[i].top) << 1) - 1);
        if ((between & gone) != between)
            break;
    }
    return i;
}

// The index, in the generated moves, of the cheapest card that forces out fourth hand's top
// cards (or beats second hand's card), or -1.
int forcesTop(const Follow &f, Ranks fourth)
{
    const std::vector<Run> runs = runsOf(fourth);
    if (runs.empty())
        return -1;
    const std::size_t merged = mergedRuns(runs, f.v.gone[f.lead()]);
    if (merged >= runs.size())
        return -1;
    const int next = runs[merged].top; // fourth hand's second-highest group
    int beat = 0;
    if (next > f.after(1).rank)
        beat = next;
    else if (f.placeAfter(1) == 1)
        beat = f.after(1).rank;
    else
        return -1;
    std::size_t k = 0;
    while (k < f.moves.size() && f.moves[k].rank > beat)
        ++k;
    return k ? static_cast<int>(k) - 1 : -1;
}

void weighTrumpSecond(const Follow &f)
{
    const int ls = f.v.leadSuit, t = f.v.trump;
    const int max3rd = topRank(f.held(f.pd(), ls)), maxpd = topRank(f.held(f.rho(), ls));
    const int min3rd = lowRank(f.held(f.pd(), ls)), minpd = lowRank(f.held(f.rho(), ls));
    const int led = f.first().rank;
    for (Move &m : f.moves) {
        bool win = false;
        const int rel = f.rel(ls, m.rank);
        const bool partnerCanRuff = max3rd != 0 || f.length(f.pd(), t) == 0;
        if (ls == t) {
            win = (maxpd > led && maxpd > max3rd) || (m.rank > led && m.rank > max3rd);
        } else if (m.rank > led && m.rank > max3rd) {
            win = partnerCanRuff ||
                (maxpd == 0 && f.length(f.rho(), t) != 0 && f.held(f.rho(), t) > f.held(f.pd(), t));
        } else if (maxpd > led && maxpd > max3rd) {
            win = partnerCanRuff;
        } else if (led > maxpd && led > max3rd && led > m.rank) {
            if (maxpd == 0 && f.length(f.rho(), t) != 0)
                win = partnerCanRuff || f.held(f.rho(), t) > f.held(f.pd(), t);
        } else if (maxpd == 0 && f.length(f.rho(), t) != 0) {
            win = true;
        }
        if (win) {
            if (min3rd > m.rank)
                m.weight = 40 + rel;
            else if (maxpd > led && f.held(f.v.leader, ls) > f.held(f.rho(), ls))
                m.weight = 41 + rel;
            else if (m.rank > led)
                m.weight = m.rank < maxpd ? 78 - m.rank
                    : m.rank > max3rd     ? 73 - m.rank
                    : m.sequence          ? 62 - m.rank
                                          : 49 - m.rank;
            else
                m.weight = maxpd > 0 ? 47 - m.rank : 40 - m.rank;
        } else if (m.rank < min3rd || m.rank < minpd) {
            m.weight = -9 + rel;
        } else if (m.rank < led) {
            m.weight = -16 + rel;
        } else {
            m.weight = m.sequence ? 22 - m.rank : 10 - m.rank;
        }
    }
}

void weighNoTrumpSecond(const Follow &f)
{
    const int ls = f.v.leadSuit;
    const int max3rd = topRank(f.held(f.pd(), ls)), maxpd = topRank(f.held(f.rho(), ls));
    const int led = f.first().rank;
    if (maxpd > led && maxpd > max3rd) {
        f.allLow();
        return;
    }
    const int min3rd = lowRank(f.held(f.pd(), ls)), minpd = lowRank(f.held(f.rho(), ls));
    for (Move &m : f.moves) {
        const int rel = f.rel(ls, m.rank);
        if (m.rank > led && m.rank > max3rd)
            m.weight = 81 - m.rank;
        else if (min3rd > m.rank || minpd > m.rank)
            m.weight = -3 + rel;
        else if (m.rank < led)
            m.weight = -11 + rel;
        else
            m.weight = m.sequence ? 10 + rel : 13 - m.rank;
    }
}

int kxPenalty(const Follow &f, int suit, int count, int value)
{
    return count == 2 && f.v.second[f.h(suit)].hand == f.v.toMove ? value : 0;
}

void weighTrumpSecondVoid(const Follow &f, int suit)
{
    const int ls = f.v.leadSuit, t = f.v.trump;
    const int count = f.length(f.v.toMove, suit);
    const Ranks ledBit = bitOf(f.first().rank);
    const bool partnerBeats = f.held(f.rho(), ls) > (f.held(f.pd(), ls) | ledBit);
    auto pitch = [&](int add) {
        for (Move &m : f.moves)
            m.weight = -m.rank + add;
    };
    const int soft = (count << 6) / 44;
    const int hard = (count << 6) / 36 - kxPenalty(f, suit, count, 4);
    if (ls == t) {
        pitch(partnerBeats ? soft : hard);
    } else if (suit != t) {
        bool partnerWins;
        if (f.length(f.pd(), ls) != 0)
            partnerWins = partnerBeats || (f.length(f.rho(), ls) == 0 && f.length(f.rho(), t) != 0);
        else
            partnerWins = (f.length(f.rho(), ls) == 0 && f.held(f.rho(), t) > f.held(f.pd(), t)) ||
                (f.length(f.pd(), t) == 0 && f.held(f.rho(), ls) > ledBit);
        pitch(partnerWins ? 60 + soft : -2 + hard);
    } else if (f.length(f.pd(), ls) != 0 ||
               (f.length(f.rho(), ls) == 0 && f.length(f.rho(), t) != 0 &&
                f.held(f.rho(), t) > f.held(f.pd(), t))) {
        for (Move &m : f.moves)
            m.weight = 24 - m.rank + soft;
    } else {
        for (Move &m : f.moves)
            m.weight = bitOf(m.rank) > f.held(f.pd(), t) ? 24 - m.rank + soft : 15 - m.rank + hard;
    }
}

void weighNoTrumpSecondVoid(const Follow &f, int suit)
{
    const int ls = f.v.leadSuit;
    const int count = f.length(f.v.toMove, suit);
    const bool singleTop = count == 1 && f.v.winner[f.h(suit)].hand == f.v.toMove;
    int add;
    if (f.held(f.rho(), ls) > (f.held(f.pd(), ls) | bitOf(f.first().rank)))
        add = (count << 6) / 23 - (kxPenalty(f, suit, count, 2) ? 2 : singleTop ? 3 : 0);
    else
        add = (count << 6) / 33 - (kxPenalty(f, suit, count, 6) ? 6 : singleTop ? 8 : 0);
    for (Move &m : f.moves)
        m.weight = -m.rank + add;
}

// Third hand: how high to play against fourth hand's cards.
void weighThirdAgainstFourth(const Follow &f, int max4th, int winBonus, Ranks fourth, bool force)
{
    const int kBonus = force ? forcesTop(f, fourth) : -1;
    for (Move &m : f.moves)
        m.weight = m.rank > f.after(1).rank && m.rank > max4th ? winBonus - m.rank : -m.rank;
    if (kBonus != -1)
        f.moves[static_cast<std::size_t>(kBonus)].weight += 20;
}

void weighTrumpThird(const Follow &f)
{
    const int ls = f.v.leadSuit, t = f.v.trump;
    const Ranks fourth = f.held(f.rho(), ls);
    const int max4th = topRank(fourth), min4th = lowRank(fourth);
    const int max3rd = f.moves[0].rank;
    const int second = f.after(1).rank;
    const bool partnerAhead = f.placeAfter(1) == 0;
    if (ls == t) {
        if ((partnerAhead && f.first().rank > max4th) || max3rd < min4th || max3rd < second) {
            f.allLow();
        } else if (max3rd > max4th) {
            for (Move &m : f.moves)
                m.weight = m.rank > max4th && m.rank > second ? 58 - m.rank : -m.rank;
        } else {
            const int kBonus = forcesTop(f, fourth);
            f.allLow();
            if (kBonus != -1)
                f.moves[static_cast<std::size_t>(kBonus)].weight += 20;
        }
        return;
    }
    if (f.after(1).suit == t) {
        f.allLow();
        return;
    }
    if (partnerAhead) {
        if (max4th == 0 || f.first().rank > max4th || max3rd < min4th || max3rd < second)
            f.allLow();
        else if (max3rd > max4th)
            for (Move &m : f.moves)
                m.weight = m.rank > max4th ? 58 - m.rank : -m.rank;
        else
            weighThirdAgainstFourth(f, max4th, 60, fourth, true);
        return;
    }
    if (max4th == 0)
        for (Move &m : f.moves)
            m.weight = m.rank > second ? 20 - m.rank : -m.rank;
    else if (max3rd < min4th || max3rd < second)
        f.allLow();
    else if (max3rd > max4th)
        weighThirdAgainstFourth(f, max4th, 58, fourth, false);
    else
        weighThirdAgainstFourth(f, max4th, 60, fourth, true);
}

// The index of the hand's lowest card above partner's, and how many top cards (less one) the
// hand holds once partner's card is out of play.
void topCount(const Follow &f, Ranks own, int partnerRank, int &count, int &index)
{
    std::size_t mno = 0;
    while (mno + 1 < f.moves.size() && f.moves[mno + 1].rank > partnerRank)
        ++mno;
    index = static_cast<int>(mno);
    const std::vector<Run> runs = runsOf(own);
    const std::size_t merged = mergedRuns(runs, f.v.gone[f.lead()] | bitOf(partnerRank));
    int cards = 0;
    for (std::size_t i = 0; i < merged && i < runs.size(); ++i)
        cards += runs[i].count;
    count = cards - 1;
}

void weighNoTrumpThird(const Follow &f)
{
    const int ls = f.v.leadSuit;
    const Ranks fourth = f.held(f.rho(), ls);
    const int max4th = topRank(fourth), min4th = lowRank(fourth);
    const int max3rd = f.moves[0].rank;
    const int second = f.after(1).rank;
    if (f.placeAfter(1) == 0 && f.first().rank > max4th) {
        f.allLow();
        if (f.length(f.v.leader, ls) == 0 && f.v.winner[f.lead()].hand == f.v.toMove) {
            const int opponents = std::max(f.length(f.rho(), ls) - 1, f.length(f.lho(), ls));
            int count = 0, index = 0;
            topCount(f, f.held(f.v.toMove, ls), f.first().rank, count, index);
            if (opponents <= count)
                f.moves[static_cast<std::size_t>(index)].weight += 20;
        }
        return;
    }
    if (max3rd < min4th || max3rd < second) {
        f.allLow();
        return;
    }
    weighThirdAgainstFourth(f, max4th, 60, fourth, max4th > max3rd && max4th > second);
}

void weighTrumpThirdVoid(const Follow &f, int suit)
{
    const int ls = f.v.leadSuit, t = f.v.trump;
    const int count = f.length(f.v.toMove, suit);
    const int max4th = topRank(f.held(f.rho(), ls));
    if (ls == t || suit != t) {
        for (Move &m : f.moves)
            m.weight = -m.rank + (count << 6) / 40;
        return;
    }
    const bool partnerAhead = f.placeAfter(1) == 0;
    if (partnerAhead && f.first().rank > max4th && (max4th != 0 || f.length(f.rho(), t) == 0)) {
        for (Move &m : f.moves)
            m.weight = -m.rank - 50;
        return;
    }
    const int add = (count << 6) / 50;
    for (Move &m : f.moves) {
        const bool overFourth = bitOf(m.rank) > f.held(f.rho(), t);
        if (f.after(1).suit == t && m.rank < f.after(1).rank)
            m.weight = -32 + f.rel(suit, m.rank) + (count << 6) / 40;
        else if (partnerAhead)
            m.weight = max4th != 0
                ? (f.v.second[f.lead()].hand == f.v.leader ? 36 : 48) - m.rank + add
                : overFourth ? 48 - m.rank + add
                             : -12 - m.rank + add;
        else
            m.weight = max4th != 0 ? 72 - m.rank + add
                : overFourth       ? 48 - m.rank + add
                                   : 36 - m.rank + add;
    }
}

void weighNoTrumpThirdVoid(const Follow &f, int suit)
{
    const int count = f.length(f.v.toMove, suit);
    const bool kx = count == 2 && f.v.second[f.h(suit)].hand == f.v.toMove;
    const bool singleTop = count == 1 && f.v.winner[f.h(suit)].hand == f.v.toMove;
    const int add = (count << 6) / 24 - (kx || singleTop ? 4 : 0);
    for (Move &m : f.moves)
        m.weight = -m.rank + add;
}

void weighFourth(const Follow &f)
{
    const int t = f.v.actualTrump;
    if (f.placeAfter(2) == 1 || (f.v.leadSuit != t && f.after(2).suit == t)) {
        f.allLow();
        return;
    }
    for (Move &m : f.moves)
        m.weight = m.rank > f.after(2).rank ? 30 - m.rank : -m.rank;
}

void weighTrumpFourthVoid(const Follow &f, int suit)
{
    const int ls = f.v.leadSuit, t = f.v.trump;
    const int count = f.length(f.v.toMove, suit);
    const int val =
        (count << 6) / 24 - (count == 2 && f.v.second[f.h(suit)].hand == f.v.toMove ? 2 : 0);
    for (Move &m : f.moves) {
        const int rel = f.rel(suit, m.rank);
        if (ls == t)
            m.weight = -m.rank + val;
        else if (f.placeAfter(2) == 1)
            m.weight = (suit == t ? 2 : 25) - m.rank + val;
        else if (f.after(2).suit == t)
            m.weight = suit != t           ? 14 - m.rank + val
                : m.rank > f.after(2).rank ? 33 + rel
                                           : -13 + rel;
        else
            m.weight = suit == t ? 33 + rel : 14 - m.rank + val;
    }
}

void weighNoTrumpFourthVoid(const Follow &f, int suit)
{
    const int count = f.length(f.v.toMove, suit);
    int val = (count << 6) / 27;
    if (count == 2 && f.v.second[f.h(suit)].hand == f.v.toMove)
        val -= 6;
    else if (count == 1 && f.v.winner[f.h(suit)].hand == f.v.toMove)
        val -= 8;
    for (Move &m : f.moves)
        m.weight = -m.rank + val;
}

void weighFollowing(const RootView &v, std::span<Move> moves)
{
    const Follow f {v, moves};
    const bool trumps = v.trump < 4;
    if (moves.size() == 1)
        return;
    switch (v.played) {
    case 1:
        trumps ? weighTrumpSecond(f) : weighNoTrumpSecond(f);
        break;
    case 2:
        trumps ? weighTrumpThird(f) : weighNoTrumpThird(f);
        break;
    default:
        weighFourth(f);
        break;
    }
}

void weighDiscards(const RootView &v, int suit, std::span<Move> moves)
{
    const Follow f {v, moves};
    const bool trumps = v.trump < 4;
    switch (v.played) {
    case 1:
        trumps ? weighTrumpSecondVoid(f, suit) : weighNoTrumpSecondVoid(f, suit);
        break;
    case 2:
        trumps ? weighTrumpThirdVoid(f, suit) : weighNoTrumpThirdVoid(f, suit);
        break;
    default:
        trumps ? weighTrumpFourthVoid(f, suit) : weighNoTrumpFourthVoid(f, suit);
        break;
    }
}

// DDS sorts a move list with a fixed compare-exchange network per length (2 to 12), heaviest
// first; equal weights end where the network leaves them, so the network itself is part of the
// order. Other lengths use a stable insertion sort.
using Network = std::span<const std::pair<std::uint8_t, std::uint8_t>>;

constexpr std::pair<std::uint8_t, std::uint8_t> net2[] = {{0, 1}};
constexpr std::pair<std::uint8_t, std::uint8_t> net3[] = {{0, 1}, {0, 2}, {1, 2}};
constexpr std::pair<std::uint8_t, std::uint8_t> net4[] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}};
constexpr std::pair<std::uint8_t, std::uint8_t> net5[] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2},
                                                          {0, 4}, {2, 4}, {1, 2}, {3, 4}};
constexpr std::pair<std::uint8_t, std::uint8_t> net6[] = {
    {0, 1}, {2, 3}, {4, 5}, {0, 2}, {1, 3}, {1, 2}, {0, 4}, {1, 5}, {2, 4}, {3, 5}, {1, 2}, {3, 4}};
constexpr std::pair<std::uint8_t, std::uint8_t> net7[] = {
    {0, 1}, {2, 3}, {4, 5}, {0, 2}, {4, 6}, {1, 3}, {1, 2}, {5, 6},
    {0, 4}, {1, 5}, {2, 6}, {2, 4}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net8[] = {
    {0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {4, 6}, {1, 3}, {5, 7}, {1, 2}, {5, 6},
    {0, 4}, {1, 5}, {2, 6}, {3, 7}, {2, 4}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net9[] = {
    {0, 1}, {3, 4}, {6, 7}, {1, 2}, {4, 5}, {7, 8}, {0, 1}, {3, 4}, {6, 7},
    {0, 3}, {3, 6}, {0, 3}, {1, 4}, {4, 7}, {1, 4}, {2, 5}, {5, 8}, {2, 5},
    {1, 3}, {5, 7}, {2, 6}, {4, 6}, {2, 4}, {2, 3}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net10[] = {
    {1, 8}, {0, 4}, {5, 9}, {2, 6}, {3, 7}, {0, 3}, {6, 9}, {2, 5}, {0, 1}, {3, 6},
    {8, 9}, {4, 7}, {0, 2}, {4, 8}, {1, 5}, {7, 9}, {1, 2}, {3, 4}, {5, 6}, {7, 8},
    {1, 3}, {6, 8}, {2, 4}, {5, 7}, {2, 3}, {6, 7}, {3, 5}, {4, 6}, {4, 5}};
constexpr std::pair<std::uint8_t, std::uint8_t> net11[] = {
    {0, 1},  {2, 3}, {4, 5}, {6, 7},  {8, 9}, {1, 3},  {5, 7},  {0, 2}, {4, 6},
    {8, 10}, {1, 2}, {5, 6}, {9, 10}, {1, 5}, {6, 10}, {5, 9},  {2, 6}, {1, 5},
    {6, 10}, {0, 4}, {3, 7}, {4, 8},  {0, 4}, {1, 4},  {7, 10}, {3, 8}, {2, 3},
    {8, 9},  {2, 4}, {7, 9}, {3, 5},  {6, 8}, {3, 4},  {5, 6},  {7, 8}};
constexpr std::pair<std::uint8_t, std::uint8_t> net12[] = {
    {0, 1},  {2, 3},  {4, 5},  {6, 7}, {8, 9},  {10, 11}, {1, 3},  {5, 7}, {9, 11}, {0, 2},
    {4, 6},  {8, 10}, {1, 2},  {5, 6}, {9, 10}, {1, 5},   {6, 10}, {5, 9}, {2, 6},  {1, 5},
    {6, 10}, {0, 4},  {7, 11}, {3, 7}, {4, 8},  {0, 4},   {7, 11}, {1, 4}, {7, 10}, {3, 8},
    {2, 3},  {8, 9},  {2, 4},  {7, 9}, {3, 5},  {6, 8},   {3, 4},  {5, 6}, {7, 8}};

Network networkFor(std::size_t n)
{
    switch (n) {
    case 2:
        return net2;
    case 3:
        return net3;
    case 4:
        return net4;
    case 5:
        return net5;
    case 6:
        return net6;
    case 7:
        return net7;
    case 8:
        return net8;
    case 9:
        return net9;
    case 10:
        return net10;
    case 11:
        return net11;
    case 12:
        return net12;
    default:
        return {};
    }
}

void sortAsDds(std::vector<Move> &moves)
{
    if (const Network net = networkFor(moves.size()); !net.empty()) {
        for (const auto &[i, j] : net)
            if (moves[i].weight < moves[j].weight)
                std::swap(moves[i], moves[j]);
        return;
    }
    for (std::size_t i = 1; i < moves.size(); ++i) {
        const Move m = moves[i];
        std::size_t j = i;
        for (; j > 0 && m.weight > moves[j - 1].weight; --j)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

} // namespace

std::vector<Card> ddsRootOrder(const Position &position)
{
    if (position.trick.size() > 3)
        return {};
    const RootView v = viewOf(position);
    std::vector<Move> moves;
    const auto hand = static_cast<std::size_t>(v.toMove);
    if (v.played > 0 && v.held[hand][static_cast<std::size_t>(v.leadSuit)] != 0) {
        addMoves(v, v.leadSuit, moves);
        weighFollowing(v, moves);
    } else {
        for (int suit = 0; suit < 4; ++suit) {
            if (v.held[hand][static_cast<std::size_t>(suit)] == 0)
                continue;
            const std::size_t first = moves.size();
            addMoves(v, suit, moves);
            const std::span<Move> added(moves.begin() + static_cast<std::ptrdiff_t>(first),
                                        moves.end());
            if (v.played > 0)
                weighDiscards(v, suit, added);
            else if (v.trump < 4)
                weighTrumpLead(v, suit, added);
            else
                weighNoTrumpLead(v, suit, added);
        }
    }
    sortAsDds(moves);
    std::vector<Card> order;
    order.reserve(moves.size());
    for (const Move &m : moves)
        order.push_back(Card {static_cast<core::Suit>(m.suit), static_cast<core::Rank>(m.rank)});
    return order;
}

} // namespace tenace::capi
