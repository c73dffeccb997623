// DDS's weights for second, third and fourth hand: whether the card can win the trick, what
// partner and fourth hand hold, and for discards the suit's length, Kx and bare winners.

#include "core/c_api/dds_move_order_weights.h"

#include <algorithm>
#include <vector>

namespace tenace::capi::dds_order {
namespace {

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

} // namespace

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

} // namespace tenace::capi::dds_order
