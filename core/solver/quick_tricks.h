#pragma once

// Quick tricks: the tricks a side is sure to take at once, counted without searching (the leader's
// winners, its partner's reached by an entry, a suit whose top cards the two hands share), the
// tricks the opponents are then sure of, the test that the side on lead cannot take them all, and
// second hand's sure tricks in the trick in progress. Each count comes with the winning ranks that
// make it hold; it must only undercount, never claim a trick the play could lose.
//
// Part of the search's one translation unit: included by search.cpp only (directly or through
// another of its headers). The definitions are not inline on purpose: compiled with the search
// loop, they inline into it as they would within one file, once per instruction set (search.h).
// Included by any other file, they would be defined twice.

#include "core/solver/card_bits.h"
#include "core/solver/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace tenace::core::detail::TENACE_SEARCH_ISA {

namespace {

// Split suits (splitSuitTricks) are counted from 7 tricks left up only: further down, the table
// decides those positions anyway (counted at every trick start: fewer nodes saved, more time).
constexpr int splitSuitMinTricks = 7;

// The winning ranks of just enough of the tricks `count[s]` cashed in each suit (`used[s]`: the
// cards whose ranks those tricks need, top first; see cashable()) to make `want` tricks: the suits
// with the most tricks first, and of the last suit only the top cards needed. Suit `first` (>= 0),
// the entry to partner, always keeps its top card and comes first.
// `take` (optional) receives the tricks taken in each suit.
std::uint64_t enoughRanks(const int *count, const std::uint32_t *used, int want, int first,
                          int *take = nullptr)
{
    std::uint64_t ranks = 0;
    int left[4] = {count[0], count[1], count[2], count[3]};
    if (take)
        std::fill(take, take + 4, 0);
    for (int next = first; next >= 0 || want > 0;) {
        if (next < 0) { // the suit with the most tricks not taken yet
            for (int s = 0; s < 4; ++s) {
                if (left[s] > 0 && (next < 0 || left[s] > left[next]))
                    next = s;
            }
            if (next < 0)
                break;
        }
        // Tricks beyond the cards of `used` come from length, which needs all of them.
        const int taken = std::max(1, std::min(left[next], want));
        ranks |= std::uint64_t {highest(used[next], taken)} << (16 * next);
        if (take)
            take[next] = taken;
        want -= left[next];
        left[next] = 0;
        next = -1;
    }
    return ranks;
}

// Tricks a side takes in a suit whose top cards are split between its two hands, from the hand on
// lead P (p top cards, ps others) with partner Q (q, qs): the most rounds in a row in which one of
// them plays a top card, each round led by the hand that won the last one (a hand without a card of
// the suit cannot lead it) and the other hand following (a void hand discards). When both play a
// top card, the higher wins: whichever hand that is, the count holds. The other cards never win
// (the opponents keep their highest cards). Index: ((p * 14 + ps) * 14 + q) * 14 + qs.
constexpr int splitIndex(int p, int ps, int q, int qs)
{
    return ((p * 14 + ps) * 14 + q) * 14 + qs;
}

constexpr auto splitRounds = [] {
    std::array<std::uint8_t, 14 * 14 * 14 * 14> rounds {};
    for (int n = 1; n <= 13; ++n) {
        for (int p = 0; p <= n; ++p) {
            for (int ps = 0; p + ps <= n; ++ps) {
                for (int q = 0; p + ps + q <= n; ++q) {
                    const int qs = n - p - ps - q;
                    int best = 0;
                    for (int ledTop = 0; ledTop < 2; ++ledTop) {
                        if (ledTop ? p == 0 : ps == 0)
                            continue;
                        const int p1 = p - ledTop, ps1 = ps - (1 - ledTop);
                        for (int followTop = 0; followTop < 2; ++followTop) {
                            const bool voidQ = q + qs == 0;
                            if (!voidQ && (followTop ? q == 0 : qs == 0))
                                continue;
                            if (voidQ && followTop)
                                continue;
                            const int q1 = voidQ ? 0 : q - followTop;
                            const int qs1 = voidQ ? 0 : qs - (1 - followTop);
                            int next;
                            if (ledTop && followTop)
                                next = std::min(rounds[splitIndex(p1, ps1, q1, qs1)],
                                                rounds[splitIndex(q1, qs1, p1, ps1)]);
                            else if (ledTop)
                                next = rounds[splitIndex(p1, ps1, q1, qs1)];
                            else if (followTop)
                                next = rounds[splitIndex(q1, qs1, p1, ps1)];
                            else
                                continue;
                            best = std::max(best, 1 + next);
                        }
                    }
                    rounds[splitIndex(p, ps, q, qs)] = static_cast<std::uint8_t>(best);
                }
            }
        }
    }
    return rounds;
}();

} // namespace

// Rounds of side suit `s` the opponents of `h` follow before one of them can ruff: the shortest
// holding of an opponent with trumps, 13 when neither has trumps (trump contracts only).
[[gnu::always_inline]] inline int Search::roundsBeforeRuff(int h, int s) const
{
    int limit = 13;
    for (int o : {(h + 1) & 3, (h + 3) & 3}) {
        if (lane(m_hands[o], m_trump))
            limit = std::min(limit, std::popcount(lane(m_hands[o], s)));
    }
    return limit;
}

// Tricks hand `h`, on lead, takes by cashing the top cards of suit `s` before the opponents
// can ruff; `used` receives the cards whose ranks those tricks need.
int Search::cashable(int h, int s, std::uint32_t &used) const
{
    used = 0;
    const std::uint32_t mine = lane(m_hands[h], s);
    if (!mine)
        return 0;
    // Step 1. Top cards of the suit held by `h`: those above every other hand's card.
    const std::uint32_t top = cardsAbove(mine, lane(m_remaining, s) & ~mine);
    const int k = std::popcount(top);
    if (k == 0)
        return 0;
    // Step 2. How many rounds the others follow; opponents with trumps ruff after that.
    const int lho = (h + 1) & 3, rho = (h + 3) & 3, pd = (h + 2) & 3;
    const int othersMax =
        std::max({std::popcount(lane(m_hands[lho], s)), std::popcount(lane(m_hands[rho], s)),
                  std::popcount(lane(m_hands[pd], s))});
    int count;
    if (m_trump != 4 && s != m_trump) {
        const int limit = roundsBeforeRuff(h, s);
        count = std::min(k, limit);
        if (limit == 13 && k >= othersMax)
            count = std::popcount(mine);
    } else {
        count = k >= othersMax ? std::popcount(mine) : k;
    }
    // Step 3. The cards that won by rank must keep their ranks: those of the rounds the others
    // follow. Once they are all void, every card of `h` wins whatever its rank (the suit lengths,
    // part of the table key, say when that is), so the cards cashed after that keep none. Keeping
    // every top card instead: 21% more nodes per table, 18% per opening lead.
    used = highest(top, std::min(count, othersMax));
    return count;
}

// Sure tricks for the side on lead: the leader cashes its winners in every suit, or leads a
// small card to partner's winners and partner cashes everything it can. `ranks` receives the
// winning ranks of just enough of them to make `want` tricks.
int Search::quickTricks(int seat, int want, std::uint64_t &ranks) const
{
    const int pd = (seat + 2) & 3;
    int count[4], partnerCash[4];
    std::uint32_t used[4], partnerUsed[4];
    int own = 0, route = 0;
    // Entry: a suit of the leader's in which partner cashes at least its top card.
    bool maybeEntry = false;
    for (int s = 0; s < 4; ++s) {
        own += count[s] = cashable(seat, s, used[s]);
        maybeEntry = maybeEntry ||
            (lane(m_hands[seat], s) &&
             ((lane(m_hands[pd], s) >> highestBit(lane(m_remaining, s))) & 1));
    }
    if (own >= want) { // the ranks only matter when the tricks decide the node
        ranks = enoughRanks(count, used, want, -1);
        return own;
    }
    // Partner's trumps above the opponents' win whenever they are played: the leader cashes its
    // side-suit winners first (not its trumps, which partner would have to follow).
    if (m_trump != 4) {
        const std::uint32_t run = trumpsAboveOpponents(pd);
        const int r = std::popcount(run);
        const int side = own - count[m_trump];
        if (r > 0 && side + r >= want) {
            int sideCount[4] = {count[0], count[1], count[2], count[3]};
            sideCount[m_trump] = 0;
            int take[4] = {0, 0, 0, 0};
            const std::uint64_t r1 =
                want > r ? enoughRanks(sideCount, used, want - r, -1, take) : 0;
            if (partnerCanWait(seat, sideCount, take)) {
                ranks = r1 | trumpRanks(seat, run, want);
                return side + r;
            }
        }
    }
    if (std::popcount(m_hands[seat]) >= splitSuitMinTricks) {
        if (const int split = splitSuitTricks(seat, count, used, want, ranks); split >= want)
            return split;
    }
    if (!maybeEntry)
        return own;
    int entry = -1;
    for (int s = 0; s < 4; ++s) {
        route += partnerCash[s] = cashable(pd, s, partnerUsed[s]);
        if (entry < 0 && lane(m_hands[seat], s) && partnerCash[s] > 0)
            entry = s;
    }
    if (entry < 0)
        return own;
    // The leader cashes its winners, then crosses to partner's through the entry suit. A suit has
    // winners in one hand of the side at most (the top card's holder), so the counts add up.
    if (own + route >= want) {
        int both[4];
        std::uint32_t bothUsed[4];
        for (int s = 0; s < 4; ++s) {
            both[s] = count[s] + partnerCash[s];
            bothUsed[s] = used[s] | partnerUsed[s];
        }
        int take[4];
        const std::uint64_t r = enoughRanks(both, bothUsed, want, entry, take);
        if (partnerCanWait(seat, count, take)) {
            ranks = r;
            return own + route;
        }
    }
    if (route >= want)
        ranks = enoughRanks(partnerCash, partnerUsed, want, entry);
    return std::max(own, route);
}

// The leader cashes its winners in the other suits, then plays a suit whose top cards (those above
// every opponent's card) both hands of the side hold, for as many rounds as splitRounds allows and
// the opponents follow (or cannot ruff). Partner keeps its cards of that suit meanwhile. The best
// such suit's total; `ranks` receives the winning ranks when it reaches `want`.
int Search::splitSuitTricks(int seat, const int *count, const std::uint32_t *used, int want,
                            std::uint64_t &ranks) const
{
    const int pd = (seat + 2) & 3, lho = (seat + 1) & 3, rho = (seat + 3) & 3;
    int best = 0;
    for (int s = 0; s < 4; ++s) {
        const std::uint32_t mine = lane(m_hands[seat], s), theirs = lane(m_hands[pd], s);
        if (!mine || !theirs)
            continue;
        const std::uint32_t opponents = lane(m_hands[lho] | m_hands[rho], s);
        const std::uint32_t top = cardsAbove(mine | theirs, opponents);
        if (!(top & mine) || !(top & theirs))
            continue;
        int tricks;
        bool ranked = true; // whether the count depends on the ranks of the suit's cards
        if (!opponents) {
            // Every card wins: the longer hand's length, unless the shorter hand's cards all rank
            // above the longer hand's (it wins its last round and cannot lead the suit again).
            const int lm = std::popcount(mine), lt = std::popcount(theirs);
            const std::uint32_t shortHand = lm <= lt ? mine : theirs;
            const std::uint32_t longHand = lm <= lt ? theirs : mine;
            tricks = lm == lt || highestBit(longHand) > lowestBit(shortHand) ? std::max(lm, lt)
                                                                             : std::min(lm, lt);
            ranked = tricks != std::min(lm, lt);
        } else {
            const int p = std::popcount(top & mine), q = std::popcount(top & theirs);
            tricks = splitRounds[static_cast<std::size_t>(
                splitIndex(p, std::popcount(mine) - p, q, std::popcount(theirs) - q))];
        }
        if (m_trump != 4 && s != m_trump)
            tricks = std::min(tricks, roundsBeforeRuff(seat, s));
        if (tricks == 0)
            continue;
        int others[4], take[4];
        int total = tricks, sideCashed = 0;
        for (int t = 0; t < 4; ++t) {
            others[t] = t == s ? 0 : count[t];
            take[t] = t == s ? std::popcount(theirs) : others[t];
            total += others[t];
            sideCashed += t == m_trump ? 0 : others[t];
        }
        if (total <= best || !partnerCanWait(seat, others, take))
            continue;
        // A hand void in a side suit and left with trumps only must ruff its partner's winner: each
        // hand keeps a card of another side suit for every round it cannot follow.
        if (m_trump != 4 && s != m_trump) {
            const std::uint64_t spare = ~(0xffffull << (16 * s)) & ~(0xffffull << (16 * m_trump));
            const int spareMine = std::popcount(m_hands[seat] & spare) - sideCashed;
            const int spareTheirs = std::popcount(m_hands[pd] & spare) - (total - tricks);
            if (spareMine < tricks - std::popcount(mine) ||
                spareTheirs < tricks - std::popcount(theirs))
                continue;
        }
        best = total;
        if (total >= want)
            ranks = (std::uint64_t {ranked ? top : 0u} << (16 * s)) |
                enoughRanks(others, used, std::max(0, want - tricks), -1);
    }
    return best;
}

// While the leader cashes its winners (take[s] tricks in the suits where count[s] > 0), partner
// follows suit or, when void, discards cards of the other suits except trumps (no ruff takes the
// lead) and except the cards it needs to cash its own take[s] tricks afterwards.
bool Search::partnerCanWait(int seat, const int *count, const int *take) const
{
    const std::uint64_t partner = m_hands[(seat + 2) & 3];
    int discards = 0, spare = 0;
    for (int s = 0; s < 4; ++s) {
        const int length = std::popcount(lane(partner, s));
        if (count[s] > 0)
            discards += std::max(0, take[s] - length);
        else if (s != m_trump)
            spare += length - take[s];
    }
    return spare >= discards;
}

// When the side of `seat` cannot ruff (no-trump, or it holds no trumps) and the opponents hold
// the top card of every suit `seat` can lead, they win this trick whatever is led, and the
// opponent who wins it (unless its partner must ruff) then cashes its quick tricks (counted with
// the other cards as they are now, which only undercounts). Returns the fewest tricks the opponents
// are so sure of over the suits `seat` can lead, or 0; `ranks` receives the winning ranks of
// `want` of them.
int Search::opponentsTricks(int seat, int want, std::uint64_t &ranks)
{
    const int pd = (seat + 2) & 3;
    if (m_trump != 4 && lane(m_hands[seat] | m_hands[pd], m_trump))
        return 0;
    int holders[4];
    for (int s = 0; s < 4; ++s) {
        holders[s] = -1;
        if (!lane(m_hands[seat], s))
            continue;
        const int top = highestBit(lane(m_remaining, s));
        for (int h : {(seat + 1) & 3, (seat + 3) & 3}) {
            if ((lane(m_hands[h], s) >> top) & 1)
                holders[s] = h;
        }
        if (holders[s] < 0)
            return 0;
    }
    int fewest = 13;
    int count[4][4] = {};
    std::uint32_t used[4][4] = {};
    for (int s = 0; s < 4; ++s) {
        const int h = holders[s];
        if (h < 0)
            continue;
        const std::uint64_t card = bit(16 * s + highestBit(lane(m_remaining, s)));
        int tricks = 1;
        // A partner that must ruff wins the trick instead: then `h` does not lead next.
        if (!mustRuff((h + 2) & 3, s))
            tricks += cashAfter(h, card, count[s], used[s]);
        fewest = std::min(fewest, tricks);
        if (fewest < want) // the caller only asks whether the count reaches `want`
            return fewest;
    }
    if (fewest >= want) { // the ranks only matter when the tricks decide the node
        ranks = 0;
        for (int s = 0; s < 4; ++s) {
            if (holders[s] >= 0)
                ranks |= bit(16 * s + highestBit(lane(m_remaining, s))) |
                    enoughRanks(count[s], used[s], want - 1, -1);
        }
    }
    return fewest;
}

// The side of `seat`, on lead and needing every trick left, cannot take them all when no trumps
// are left (or the contract is no-trump) and the suits whose top card it holds allow fewer rounds
// than tricks left (at most its longer hand's length in each; DDS's rule as well). Why: the side
// must win a trick led in a suit whose top card an opponent holds, so that opponent must discard
// it first, while void in the suit led. With four or more cards, an opponent void in the suit led
// holds two cards of one of the other three suits and can discard one that leaves every suit's
// top card where it was, so after each trick the side's rounds are fewer by one and the test
// holds again, down to three tricks left. There, 580,000 endings of two to four tricks drawn from
// each suit's top cards, solved without this rule, confirmed it (TestSolver::highCardEndings
// checks 3,000 such endings by brute force on every run). Rather than also asking that each
// opponent can keep its top cards through those rounds: 1.5-1.9% fewer nodes per opening lead,
// 0.5% per table.
// `ranks` receives the opponents' top cards, except in a suit that only their holder still holds
// (the suit lengths, part of the table key, keep it the top card). The side's own top cards keep
// no rank: wherever another hand holds one of them instead, the side has fewer rounds. Keeping
// them: 4% more nodes per table, 7% per opening lead.
bool Search::cannotTakeAll(int seat, std::uint64_t &ranks) const
{
    if (m_trump != 4 && lane(m_remaining, m_trump))
        return false;
    const int pd = (seat + 2) & 3;
    int rounds = 0;
    ranks = 0;
    for (int s = 0; s < 4; ++s) {
        const std::uint32_t all = lane(m_remaining, s);
        if (!all)
            continue;
        const int top = highestBit(all);
        int owner = 0;
        while (!((lane(m_hands[owner], s) >> top) & 1))
            ++owner;
        if (sideOf(owner) == sideOf(seat))
            rounds += std::max(std::popcount(lane(m_hands[seat], s)),
                               std::popcount(lane(m_hands[pd], s)));
        else if (all != lane(m_hands[owner], s))
            ranks |= bit(16 * s + top);
    }
    return rounds < std::popcount(m_hands[seat]);
}

// True when `seat`, void in `suit`, holds only trumps: it must ruff a lead of that suit.
bool Search::mustRuff(int seat, int suit) const
{
    return m_trump != 4 && suit != m_trump && !lane(m_hands[seat], suit) &&
        (m_hands[seat] & ~(0xffffull << (16 * m_trump))) == 0;
}

// The quick tricks of `hand` on lead once it has played `card` (count and winning cards per
// suit), with the other hands' cards as they are now.
int Search::cashAfter(int hand, std::uint64_t card, int *count, std::uint32_t *used)
{
    m_hands[hand] &= ~card;
    m_remaining &= ~card;
    int tricks = 0;
    for (int s = 0; s < 4; ++s)
        tricks += count[s] = cashable(hand, s, used[s]);
    m_hands[hand] |= card;
    m_remaining |= card;
    return tricks;
}

// Second hand to play: when second or fourth hand holds a card of the suit led that beats the
// card led and every card third hand can play (and third hand cannot ruff), their side wins this
// trick; the one holding the higher such card wins it (see decideByTrick).
bool Search::secondHandTricks(int target, std::uint64_t &winRanks, bool &result)
{
    const int second = (m_leader + 1) & 3, third = (m_leader + 2) & 3, fourth = (m_leader + 3) & 3;
    const int led = suitOf(m_trick[0]);
    const std::uint32_t thirdCards = lane(m_hands[third], led);
    if (!thirdCards && m_trump != 4 && led != m_trump && lane(m_hands[third], m_trump))
        return false;
    const int toBeat = std::max(rankOf(m_trick[0]), thirdCards ? highestBit(thirdCards) : 0);
    // The winner: whichever of second and fourth hand holds the higher card of the suit led.
    const std::uint32_t secondCards = lane(m_hands[second], led);
    const std::uint32_t fourthCards = lane(m_hands[fourth], led);
    if (std::max(secondCards, fourthCards) >> (toBeat + 1) == 0)
        return false;
    const int winner = secondCards > fourthCards ? second : fourth;
    const int card = 16 * led + highestBit(std::max(secondCards, fourthCards));
    // The winner keeps the lead unless its partner, void in the suit led and holding only trumps,
    // must ruff.
    const bool keepsLead = !mustRuff(winner == second ? fourth : second, led);
    return decideByTrick(target, winner, card, keepsLead, winRanks, result);
}

// The side of `winner` wins the trick in progress with `card`, which `winner` is to play. It takes
// that trick and, when `keepsLead` (nobody on its side must
// overtake) and the opponents cannot ruff (no-trump, or they hold no trumps), the winner's quick
// tricks, counted with the other hands' cards as they are now, which only undercounts (with
// trumps out, the opponents' discards could make new ruffs). Decides the node when that reaches,
// or denies, the target.
bool Search::decideByTrick(int target, int winner, int card, bool keepsLead,
                           std::uint64_t &winRanks, bool &result)
{
    const bool maxWins = sideOf(winner) == m_maxSide;
    const int tricksLeft = std::popcount(m_hands[(m_leader + m_trickSize) & 3]);
    // Tricks the winner's side must be sure of to decide the node.
    const int wants = tricksWanted(maxWins, target, tricksLeft);
    int tricks = 1;
    std::uint64_t ranks = bit(card);
    const bool noRuffs =
        m_trump == 4 || !lane(m_hands[(winner + 1) & 3] | m_hands[(winner + 3) & 3], m_trump);
    if (keepsLead && noRuffs && wants > 1) {
        int count[4];
        std::uint32_t used[4];
        tricks += cashAfter(winner, bit(card), count, used);
        if (tricks >= wants) // the ranks only matter when the tricks decide the node
            ranks |= enoughRanks(count, used, wants - 1, -1);
    }
    if (tricks >= wants) {
        winRanks = ranks;
        result = maxWins;
        return true;
    }
    return false;
}

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
