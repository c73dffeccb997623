#pragma once

// Move ordering: the weights that put the likeliest winning move first (DDS's leader and follower
// weights, tuned on node counts), and the first card of second and fourth hand found without
// weighing every card (it must be the card move_gen.h puts first). Weights change only the order
// of the moves, never which moves are searched or the result; a change here shows in the bench's
// node count.
//
// Part of the search's one translation unit: included by search.cpp only (directly or through
// another of its headers). The definitions are not inline on purpose: compiled with the search
// loop, they inline into it as they would within one file, once per instruction set (search.h).
// Included by any other file, they would be defined twice.

#include "core/solver/card_bits.h"
#include "core/solver/search.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace tenace::core::detail::TENACE_SEARCH_ISA {

namespace {

// When leading or discarding, the best card of each suit gets a bonus, so that the first moves
// try several suits (about 6% fewer nodes than weights alone), while a suit's second card can
// still outrank a much weaker suit. 30 rather than 50: 0.2-0.9% fewer nodes per table and
// 0.1-2.4% per opening lead on four sets of random deals; 50 rather than 100 (every suit's best
// card first) had given 0.6-1.7% and 0.4-3.1% on three.
constexpr int suitMixBonus = 30;
// See leadSuit(); 20 and 40 measured no better.
constexpr int noTrumpHighLeadBonus = 30;
// See leadSuit(): leads that knock out the opponents' stopper, or spend the side's.
constexpr int noTrumpKnockOutBonus = 25;
constexpr int sideSuitKnockOutBonus = 35;
constexpr int noTrumpStopperSpentBonus = -10; // -15 and -20 measured no better

// True when `theirs` beats `mine` card for card: at least as many cards, the highest above the
// highest, the second above the second, and so on.
bool outranks(std::uint32_t theirs, std::uint32_t mine)
{
    if (std::popcount(theirs) < std::popcount(mine))
        return false;
    for (; mine; mine &= ~(1u << highestBit(mine)), theirs &= ~(1u << highestBit(theirs))) {
        if (highestBit(theirs) < highestBit(mine))
            return false;
    }
    return true;
}

} // namespace

// Second or fourth hand following suit: the card generateMoves() puts first, when that is found
// without weighing every card (second hand: when partner's side is sure to win the trick, or when
// a card of its own beats the other side's; fourth hand: always), and its group's lowest card in
// `low`; else -1. Searched before the other moves are generated: 2% less time per table.
int Search::firstFollow(int seat, int &low) const
{
    const int led = suitOf(m_trick[0]);
    const std::uint32_t mine = lane(m_hands[seat], led);
    if (!mine)
        return firstDiscard(seat, low);
    std::uint32_t others = lane(m_remaining, led) & ~mine;
    for (int i = 0; i < m_trickSize; ++i)
        if (suitOf(m_trick[i]) == led)
            others |= 1u << rankOf(m_trick[i]);
    std::uint32_t candidates = mine;
    if (m_trickSize == 3) {
        // Fourth hand: the cheapest card that wins the trick, else the lowest.
        const int win = trickWinner();
        if (win != 1 && suitOf(m_trick[win]) == led) {
            if (const std::uint32_t winners = mine & ~((2u << rankOf(m_trick[win])) - 1))
                candidates = winners;
        }
    } else {
        // Second hand: when partner's strongest card beats the card led and third hand's, every
        // card wins and the lowest comes first; else the cheapest card beating both, if any.
        // When partner could win but secondWinsFirst(), the cheapest card of its own that wins.
        const int theirs = std::max(strength(m_trick[0], led), strongest((seat + 1) & 3, led));
        const int partners = strongest((seat + 2) & 3, led);
        if (partners <= theirs || secondWinsFirst(seat, led, partners)) {
            if (theirs >= 32)
                return -1;
            if (const std::uint32_t own = mine & ~((2u << (theirs - 16)) - 1))
                candidates = own;
            else if (partners <= theirs)
                return -1;
        }
    }
    const std::uint32_t group = groupAt(mine, others, lowestBit(candidates));
    low = 16 * led + lowestBit(group);
    return 16 * led + highestBit(group);
}

// Second or fourth hand void in the suit led: the card generateMoves() puts first, found by
// weighing fewer cards. Outside trumps a card's weight falls as its rank rises (only the suit
// decides the rest), so each such suit's lowest group is its best; in trumps every group is
// weighed. The first of the highest weight in the order of generation (suits in turn, higher
// groups first) is the first move, as the stable sort leaves it (the bonus of each suit's best
// move is the same for every suit).
int Search::firstDiscard(int seat, int &low) const
{
    std::uint64_t trickCards = 0;
    for (int i = 0; i < m_trickSize; ++i)
        trickCards |= bit(m_trick[i]);
    int best = -1;
    if (m_trump == 4 || !lane(m_hands[seat], m_trump)) {
        // Only discards: their weights differ by the suit term and the rank alone.
        int bestTerm = 0;
        for (int s = 0; s < 4; ++s) {
            const std::uint32_t mine = lane(m_hands[seat], s);
            if (!mine)
                continue;
            const std::uint32_t others = lane(m_remaining | trickCards, s) & ~mine;
            const std::uint32_t group = groupAt(mine, others, lowestBit(mine));
            const int term = discardTerm(seat, s) - highestBit(group);
            if (best < 0 || term > bestTerm) {
                best = 16 * s + highestBit(group);
                bestTerm = term;
                low = 16 * s + lowestBit(group);
            }
        }
        return best;
    }
    const TrickContext context = trickContext();
    int bestWeight = 0;
    for (int s = 0; s < 4; ++s) {
        std::uint32_t mine = lane(m_hands[seat], s);
        if (!mine)
            continue;
        const std::uint32_t others = lane(m_remaining | trickCards, s) & ~mine;
        if (s != m_trump)
            mine = groupAt(mine, others, lowestBit(mine));
        while (mine) {
            const int top = highestBit(mine);
            const std::uint32_t group = topGroup(mine, others);
            mine &= ~group;
            const int w = followWeight(context, seat, s, top, group);
            if (best < 0 || w > bestWeight) {
                best = 16 * s + top;
                bestWeight = w;
                low = 16 * s + lowestBit(group);
            }
        }
    }
    return best;
}

// Move-ordering weight of a lead: the DDS leader weights, in two parts. leadSuit() computes once
// per suit the suit term (from the opponents' lengths and RHO's honours) and who holds the top
// cards; leadWeight() adds the card term (by who holds the top cards of the suit and whether the
// card wins the trick) for each card of the suit. Three card terms were tuned
// on the node count of 40 random deals (top card 31 -> 27; not winning: top and partner's
// second 44 -> 48, second with equals 29 -> 25): with fourth hand's ruff below, 3% fewer nodes
// on 100 other deals and on 60 more.
Search::LeadSuit Search::leadSuit(int seat, int s) const
{
    const int lho = (seat + 1) & 3, rho = (seat + 3) & 3, pd = (seat + 2) & 3;
    const std::uint32_t mine = lane(m_hands[seat], s);
    const std::uint32_t lh = lane(m_hands[lho], s), rh = lane(m_hands[rho], s);
    const std::uint32_t ph = lane(m_hands[pd], s);
    const std::uint32_t all = lane(m_remaining, s);
    const int depth = std::popcount(m_remaining);
    const bool trumpGame = m_trump != 4 && s != m_trump;
    const bool lhRuffs = trumpGame && !lh && lane(m_hands[lho], m_trump);
    const bool rhRuffs = trumpGame && !rh && lane(m_hands[rho], m_trump);
    const bool ruffable = lhRuffs || rhRuffs;
    // A void opponent counts as long: as many cards as are left when it can ruff (or the suit is
    // trumps), at most six cards when it can only discard (two on freak deals: see
    // Search::load()). DDS counts both as long; the cap measured 1.5% fewer nodes per table and 2%
    // per opening lead on 100 random deals.
    const int longVoid = depth + 4;
    const int discardVoid = s == m_trump ? longVoid : std::min(m_discardVoid, longVoid);
    const int countLh = lh ? 4 * std::popcount(lh) : lhRuffs ? longVoid : discardVoid;
    const int countRh = rh ? 4 * std::popcount(rh) : rhRuffs ? longVoid : discardVoid;
    int suitBonus = 0;
    if (ruffable)
        suitBonus -= 10;
    const int first = highestBit(all);
    const std::uint32_t below = all & ~(1u << first);
    const int second = below ? highestBit(below) : -1;
    if ((rh >> first) & 1 || (second >= 0 && ((rh >> second) & 1)))
        suitBonus -= 18;
    // A singleton led to partner's top card: partner wins and returns the suit for a ruff.
    if (trumpGame && std::popcount(mine) == 1 && ((ph >> first) & 1) && std::popcount(ph) >= 2 &&
        lane(m_hands[seat], m_trump))
        suitBonus += 16;
    // The side's cards, and the third-highest card of the suit (-1: none), for the two rules below.
    const std::uint32_t ours = mine | ph;
    const std::uint32_t rest = second >= 0 ? below & ~(1u << second) : 0;
    const int third = rest ? highestBit(rest) : -1;
    const auto holds = [](std::uint32_t cards, int rank) {
        return rank >= 0 && ((cards >> rank) & 1);
    };
    // A lead toward partner's honour over the left-hand opponent's higher one (bridge-solver's
    // "good leads"): partner holds the second card and LHO the top card, or partner the top card
    // and LHO the second, with the third in partner's hand (or the third and fourth on the side);
    // partner and LHO with two cards or more. Not in DDS's weights: 3.1% fewer nodes per table
    // and 3.3% per opening lead on the bench deals, 3.2% and 3.0% on reference deals, 4.4% and
    // 7.2% on the slow tail (a bonus of 30 or 50: fewer saved; each pattern alone: half).
    if (m_finesseBonus && second >= 0 && std::popcount(ph) >= 2 && std::popcount(lh) >= 2) {
        bool finesse = holds(ph, second) && holds(lh, first);
        if (!finesse && holds(ph, first) && holds(lh, second)) {
            const std::uint32_t lower = third >= 0 ? rest & ~(1u << third) : 0;
            const int fourth = lower ? highestBit(lower) : -1;
            finesse = holds(ph, third) || (holds(ours, third) && holds(ours, fourth));
        }
        if (finesse)
            suitBonus += m_finesseBonus;
    }
    // In no trump, a suit both opponents follow in which the side holds two of the top three cards
    // (bridge-solver's "high leads"): +30. 2.4% fewer nodes per opening lead on the bench deals and
    // 2.7% on reference deals, 0.7% per table (5.7% in no-trump tables of reference deals); 0.4%
    // and 3.9% more on the slow tail's opening leads and no-trump tables. In the suits: no gain.
    if (m_trump == 4 && lh && rh && second >= 0 &&
        static_cast<int>(holds(ours, first)) + holds(ours, second) + holds(ours, third) >= 2)
        suitBonus += noTrumpHighLeadBonus;
    // Partner ruffs, and RHO cannot overruff (not in DDS's weights): the lead wins the trick.
    // 2% fewer nodes per table on 100 random deals, 0.4% on 60 others.
    const bool partnerRuffs = trumpGame && !ph && lane(m_hands[pd], m_trump) && !rhRuffs;
    if (partnerRuffs)
        suitBonus += 20;
    // In no-trump, partner's length in the suit (not in DDS's weights): 1% fewer nodes per table
    // and 6% per opening lead.
    if (m_trump == 4)
        suitBonus += 8 * std::popcount(ph);
    // Stoppers (not on freak deals: see Search::load()). A suit in which an opponent holds the top
    // card and the side the next two: the lead knocks out the stopper and sets up the side's
    // tricks. In no trump +25: 2.9% fewer nodes per opening lead and 0.5% per table on the bench
    // deals, 1.0% and 0.5% on reference deals, 1.6% and 1.0% on the slow tail (+15, +20, +30: fewer
    // saved; only where the side's quick tricks fall short by one to five: half or less). In a
    // trump contract, a side suit neither opponent can ruff, +35: 1.1% fewer nodes per table on the
    // bench deals, 1.4% on reference deals, 2.3% on the slow tail (+25, +30, +40: fewer saved; the
    // trump suit itself, +/-20: more nodes).
    // In no trump, a suit in which the side holds the top card but not the second, and an opponent
    // holds two cards or more, at least as many as the side's longer hand less one: leading it
    // spends the side's stopper and sets up the opponents' length. -10: 1.1% fewer nodes per
    // opening lead on the bench deals, 0.6% on reference deals, 1.4% on the slow tail; tables 0.1%,
    // 0.2%, 1.3%.
    if (m_stopperLeads && !holds(ours, first) && holds(ours, second) && holds(ours, third)) {
        if (m_trump == 4)
            suitBonus += noTrumpKnockOutBonus;
        else if (s != m_trump && !ruffable)
            suitBonus += sideSuitKnockOutBonus;
    } else if (m_stopperLeads && m_trump == 4 && holds(ours, first) && !holds(ours, second)) {
        const int oppLength = std::max(std::popcount(lh), std::popcount(rh));
        if (oppLength >= 2 && oppLength >= std::max(std::popcount(mine), std::popcount(ph)) - 1)
            suitBonus += noTrumpStopperSpentBonus;
    }
    // DDS weighs the opponents' lengths by 32/15; a heavier 16/5 measured 1-3% fewer nodes.
    LeadSuit t;
    t.delta = suitBonus - ((countLh + countRh) * 16) / 5;
    t.first = first;
    t.second = second;
    t.iTop = (mine >> first) & 1;
    t.pTop = (ph >> first) & 1;
    t.iSecond = second >= 0 && ((mine >> second) & 1);
    t.pSecond = second >= 0 && ((ph >> second) & 1);
    t.oppSingletonTop = (std::popcount(lh) == 1 && ((lh >> first) & 1)) ||
        (std::popcount(rh) == 1 && ((rh >> first) & 1));
    t.ruffable = ruffable;
    t.partnerRuffs = partnerRuffs;
    return t;
}

// The weight of leading `top` (group `group`) of a suit with the terms `t`.
int Search::leadWeight(const LeadSuit &t, int top, std::uint32_t group)
{
    const int first = t.first, second = t.second;
    const bool iTop = t.iTop, pTop = t.pTop, iSecond = t.iSecond, pSecond = t.pSecond;
    const bool oppSingletonTop = t.oppSingletonTop;
    const bool wins = (!t.ruffable && (top == first || pTop)) || t.partnerRuffs;
    const bool secondWithEquals = iSecond && std::popcount(group) > 1 && top == second;
    int w;
    if (wins) {
        if (oppSingletonTop)
            w = 40 - top;
        else if (iTop)
            w = pSecond ? 50 - top : (top == first ? 27 : 19 - top);
        else if (pTop)
            w = iSecond ? 50 - top : 35 - top;
        else if (secondWithEquals)
            w = 40;
        else
            w = 30 - top;
    } else {
        if (oppSingletonTop)
            w = 29 - top;
        else if (iTop)
            w = pSecond ? 48 - top : (top == first ? 25 : 13 - top);
        else if (pTop)
            w = iSecond ? 44 - top : 29 - top;
        else if (secondWithEquals)
            w = 25;
        else
            w = 13 - top;
    }
    return t.delta + w;
}

// Index in the trick in progress of the card winning it so far.
[[gnu::always_inline]] inline int Search::trickWinner() const
{
    int win = 0;
    for (int i = 1; i < m_trickSize; ++i)
        if (beats(m_trick[i], m_trick[win]))
            win = i;
    return win;
}

// True when `a` beats `b` in a trick (b played earlier).
[[gnu::always_inline]] inline bool Search::beats(int a, int b) const
{
    return suitOf(a) == suitOf(b) ? rankOf(a) > rankOf(b) : suitOf(a) == m_trump;
}

// Strength of `card` in a trick led in `led` (see TrickContext).
[[gnu::always_inline]] inline int Search::strength(int card, int led) const
{
    return suitOf(card) == led    ? 16 + rankOf(card)
        : suitOf(card) == m_trump ? 32 + rankOf(card)
                                  : 0;
}

// Strength of the strongest card `hand` can play to a trick led in `led`.
[[gnu::always_inline]] inline int Search::strongest(int hand, int led) const
{
    if (const std::uint32_t f = lane(m_hands[hand], led))
        return 16 + highestBit(f);
    if (m_trump != 4 && lane(m_hands[hand], m_trump))
        return 32 + highestBit(lane(m_hands[hand], m_trump));
    return 0;
}

// The trick in progress as followWeight() sees it (see TrickContext).
[[gnu::always_inline]] inline Search::TrickContext Search::trickContext() const
{
    TrickContext c;
    c.led = suitOf(m_trick[0]);
    const int win = trickWinner();
    c.winStrength = strength(m_trick[win], c.led);
    c.partnerWinning = m_trickSize - win == 2;
    (c.partnerWinning ? c.ours : c.theirs) = c.winStrength;
    // The hands still to play: first an opponent, then partner.
    for (int i = m_trickSize + 1; i < 4; ++i) {
        int &side = (i - m_trickSize) & 1 ? c.theirs : c.ours;
        side = std::max(side, strongest((m_leader + i) & 3, c.led));
    }
    return c;
}

// The suit term of playing a card of suit `s` that does not follow suit (discarding or ruffing):
// longer suits first. DDS weighs the length by 64/36; 80/36 measured 0.1-0.5% fewer nodes per table
// and 0.4-1.4% per opening lead on four sets of random deals.
[[gnu::always_inline]] inline int Search::discardTerm(int seat, int s) const
{
    const std::uint32_t mine = lane(m_hands[seat], s);
    const int len = std::popcount(mine);
    int term = (len * 20) / 9;
    if (len == 2) { // a guarded second-highest card is worth keeping
        const std::uint32_t all = lane(m_remaining, s);
        const std::uint32_t below = all & ~(1u << highestBit(all));
        if (below && ((mine >> highestBit(below)) & 1))
            term -= 2;
    }
    // In no trump, a suit partner is out of, in which an opponent outranks this hand: its cards
    // take no trick while that opponent keeps the suit, so they go first. On the second freak deal
    // no trump's nodes fall from 174 M to 47 M (+3: 115 M, +8: 62 M); on the first, 1.6% more;
    // random deals: within 0.2% (in the suits, 18% more on the second freak deal).
    if (m_trump == 4 && !lane(m_hands[(seat + 2) & 3], s) &&
        (outranks(lane(m_hands[(seat + 1) & 3], s), mine) ||
         outranks(lane(m_hands[(seat + 3) & 3], s), mine)))
        term += 5;
    return term;
}

// Second hand, partner strong enough to win the trick (strength `partners`): whether the cards
// that win it by themselves come first (the cheapest first) rather than those that leave it to
// partner. When partner wins only by ruffing, they save partner's trump: 2.5% fewer nodes per
// table on the bench deals, 2.6% on reference deals, 4.7% on the slow tail. When partner holds
// more cards of the suit, the high card is played from the short side: 0.7% fewer per table and
// 1.2% per opening lead on the bench deals, 1.9% and 2.1% on reference deals, 1.6% and 0.7% on
// the slow tail (when second hand holds more: 7% more).
[[gnu::always_inline]] inline bool Search::secondWinsFirst(int seat, int led, int partners) const
{
    return partners >= 32 ||
        std::popcount(lane(m_hands[seat], led)) < std::popcount(lane(m_hands[(seat + 2) & 3], led));
}

// Move-ordering weight of playing `top` (group `group`) of suit `s` to a trick in progress: the
// DDS weights for second, third and fourth hand (fourth hand ruffing tuned with the lead's,
// 30 -> 34; second hand following: the cards leaving the trick to partner, then its own winners
// cheapest first). "Wins" looks one trick ahead: each later hand plays its strongest card
// (highest of the suit led, else highest trump).
[[gnu::always_inline]] inline int Search::followWeight(const TrickContext &c, int seat, int s,
                                                       int top, std::uint32_t group) const
{
    const int led = c.led;
    const bool follows = s == led;
    const bool isTrump = s == m_trump;
    const int suitAdd = follows ? 0 : discardTerm(seat, s);
    const int mine = follows ? 16 + top : isTrump ? 32 + top : 0; // strength(), suit known
    const bool beatsNow = mine > c.winStrength;
    const bool partnerWinning = c.partnerWinning;
    // The side's strongest card against the other side's, every later hand playing its strongest.
    const bool wins = std::max(mine, c.ours) > c.theirs;
    const bool equivalents = std::popcount(group) > 1;
    if (m_trickSize == 1) { // second hand
        if (wins) {
            if (!follows)
                return (isTrump ? 30 : 60) - top + suitAdd;
            // The cheapest card that wins the trick first. DDS ranks these winners by partner's
            // and the leader's cards and by equivalents, which puts an ace before the eight that
            // wins as well: 7% more nodes per table and per opening lead.
            // A card that leaves the trick to partner comes before those (DDS: after them):
            // 2.4% fewer nodes; except as secondWinsFirst() says.
            if (mine > c.theirs && c.ours > c.theirs && secondWinsFirst(seat, led, c.ours))
                return 90 - top;
            return (beatsNow ? 70 : 75) - top;
        }
        if (!follows)
            return (isTrump ? 15 : 0) - top + suitAdd;
        if (beatsNow)
            return (equivalents ? 20 : 10) - top;
        return -top;
    }
    if (m_trickSize == 2) { // third hand
        if (wins) {
            if (!follows) {
                if (partnerWinning)
                    return (isTrump && led != m_trump ? 30 : 60) - top + suitAdd;
                if (beatsNow && isTrump)
                    return 70 - top + suitAdd;
                return 30 - top + suitAdd;
            }
            return 60 - top;
        }
        if (!follows) {
            if (beatsNow && isTrump)
                return 40 - top + suitAdd;
            if (isTrump)
                return -15 - top + suitAdd;
            return -top + suitAdd;
        }
        if (beatsNow) {
            // Fourth hand beats the trick whatever this card; when it holds no card between the
            // one winning so far and this one, the card forces no higher card than a low one
            // would: after the cards that do, before the low ones (bridge-solver plays low here).
            // 4.3% fewer nodes per table and 6% per opening lead on the bench deals, 3.0% and
            // 4.7% on reference deals, 5.1% and 4.0% on the slow tail, 6% and 28% on the freak
            // deals. Below the low cards: 3% more per table; in second hand: 3% more.
            const std::uint32_t fourth = lane(m_hands[(seat + 1) & 3], led);
            if (!(fourth & ~((2u << (c.winStrength - 16)) - 1) & ((1u << top) - 1)))
                return -top;
            // The cards that do force one: the highest first, forcing fourth hand's highest
            // (bridge-solver's order). DDS's (the suit's second-highest card, then the cheapest)
            // searched 0.4% fewer nodes per table on the bench deals, but 0.1% more on reference
            // deals, 1.9% more on the slow tail and 26% more on the first freak deal (its
            // every-card opening lead: 86% more).
            return 10 + top;
        }
        return -10 - top;
    }
    // Fourth hand.
    if (!follows) {
        if (partnerWinning)
            return (isTrump ? 14 : 30) - top + suitAdd;
        if (isTrump && beatsNow)
            return 34 - top + suitAdd;
        if (isTrump)
            return -top;
        return 14 - top + suitAdd;
    }
    if (partnerWinning)
        return 30 - top;
    return (beatsNow ? 30 : 14) - top;
}

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
