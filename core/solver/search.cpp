#include "core/solver/search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#if defined(__x86_64__) && defined(__GNUC__)
#define TENACE_HAVE_BMI2 1
#include <immintrin.h>
#else
#define TENACE_HAVE_BMI2 0
#endif

namespace tenace::core::detail::TENACE_SEARCH_ISA {

namespace {

constexpr std::uint64_t bit(int b)
{
    return std::uint64_t {1} << b;
}
constexpr int suitOf(int cardBit)
{
    return cardBit >> 4;
}
constexpr int rankOf(int cardBit)
{
    return cardBit & 15;
}
constexpr std::uint32_t lane(std::uint64_t cards, int suit)
{
    return static_cast<std::uint32_t>((cards >> (16 * suit)) & 0xffff);
}
constexpr int sideOf(int seat)
{
    return seat & 1;
}
inline int highestBit(std::uint32_t x)
{
    return 31 - std::countl_zero(x);
}
inline int lowestBit(std::uint32_t x)
{
    return std::countr_zero(x);
}
// The cards of `mask` above every card of `others`.
constexpr std::uint32_t cardsAbove(std::uint32_t mask, std::uint32_t others)
{
    return others ? mask & ~((2u << (31 - std::countl_zero(others))) - 1) : mask;
}

// The group of equivalent cards headed by the highest card of `mine` (`mine` not empty): the cards
// of `mine` down to the next card of `others`.
inline std::uint32_t topGroup(std::uint32_t mine, std::uint32_t others)
{
    return cardsAbove(mine, others & ((1u << highestBit(mine)) - 1));
}

// The cards of `mine` between the cards of `others` nearest to `rank` above and below it (rank
// not in `others`): the group of equivalent cards at `rank`, when `mine` holds it.
inline std::uint32_t groupAt(std::uint32_t mine, std::uint32_t others, int rank)
{
    const std::uint32_t above = others & ~((2u << rank) - 1);
    const std::uint32_t below = others & ((1u << rank) - 1);
    std::uint32_t group = above ? mine & ((1u << lowestBit(above)) - 1) : mine;
    if (below)
        group &= ~((2u << highestBit(below)) - 1);
    return group;
}

#if TENACE_HAVE_BMI2
// PDEP and PEXT are fast on Intel since Haswell and AMD since Zen 3 (microcoded, slow, on Zen 1
// and 2): used where they are fast, decided once at start-up.
const bool fastBitExtract =
    __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
#endif

// The `k` highest cards of `mask` (all of them when it has no more).
inline std::uint32_t highest(std::uint32_t mask, int k)
{
    const int drop = std::popcount(mask) - k;
    if (drop <= 0)
        return mask;
#if defined(__BMI2__)
    // Builds for BMI2 CPUs: the top k bits of the mask's count deposited into its set bits.
    if (fastBitExtract)
        return drop >= 32 ? 0 : _pdep_u32(~0u << drop, mask);
#endif
    for (int i = 0; i < drop; ++i)
        mask &= mask - 1;
    return mask;
}

#if TENACE_HAVE_BMI2
// pattern() with PDEP/PEXT: the owner of every rank (2 bits per rank), then the ranks still
// present extracted in order, the top card moved to bits 31..30.
__attribute__((target("bmi2"))) void patternBmi2(const std::uint64_t *hands,
                                                 std::uint64_t remaining, std::uint32_t *owners)
{
    constexpr std::uint32_t even = 0x55555555u;
    for (int s = 0; s < 4; ++s) {
        const std::uint32_t byRank = _pdep_u32(lane(hands[1], s), even) |
            (_pdep_u32(lane(hands[2], s), even) << 1) | (_pdep_u32(lane(hands[3], s), even) * 3);
        const std::uint32_t present = lane(remaining, s);
        const int k = std::popcount(present);
        owners[s] = k ? _pext_u32(byRank, _pdep_u32(present, even) * 3) << (32 - 2 * k) : 0;
    }
}
#endif

constexpr int stopPollInterval = 4096;
// Table entries for the positions after each lead (see findLeads()), from this many tricks left
// up: 6 and 7 measured the same time (4 made opening leads 4% slower), 8 half the gain.
constexpr int afterLeadTricks = 6;
constexpr std::uint64_t afterLeadKey = std::uint64_t {1} << 62; // ttKey() leaves bits 62-63 free
// Split suits (splitSuitTricks) are counted from 7 tricks left up only: further down, the table
// decides those positions anyway (counted at every trick start: fewer nodes saved, more time).
constexpr int splitSuitMinTricks = 7;
// From this many tricks left up, a trick start looks in the table before it counts quick tricks
// (DDS's threshold as well; 5 and 7 measured the same).
constexpr int tableFirstTricks = 6;
// When leading or discarding, the best card of each suit gets a bonus, so that the first moves
// try several suits (about 6% fewer nodes than weights alone), while a suit's second card can
// still outrank a much weaker suit. 30 rather than 50: 0.2-0.9% fewer nodes per table and
// 0.1-2.4% per opening lead on four sets of random deals; 50 rather than 100 (every suit's best
// card first) had given 0.6-1.7% and 0.4-3.1% on three.
constexpr int suitMixBonus = 30;

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

std::uint64_t Search::ttKey(int leader) const
{
    std::uint64_t key = static_cast<std::uint64_t>(leader);
    for (int h = 0; h < 4; ++h) {
        for (int s = 0; s < (h == 3 ? 3 : 4); ++s)
            key = (key << 4) | static_cast<std::uint64_t>(std::popcount(lane(m_hands[h], s)));
    }
    return key;
}

TtPattern Search::pattern() const
{
    TtPattern p {};
#if TENACE_HAVE_BMI2
    if (fastBitExtract) {
        patternBmi2(m_hands, m_remaining, p.owners);
        return p;
    }
#endif
    for (int s = 0; s < 4; ++s) {
        const std::uint32_t present = lane(m_remaining, s);
        std::uint32_t owners = 0;
        // North owns the zero bits; place East, South and West by their relative rank.
        for (std::uint32_t h = 1; h < 4; ++h) {
            for (std::uint32_t m = lane(m_hands[h], s); m; m &= m - 1) {
                const int above = std::popcount(present >> (lowestBit(m) + 1));
                owners |= h << (30 - 2 * above);
            }
        }
        p.owners[s] = owners;
    }
    return p;
}

TtEntry Search::makeEntry(const TtPattern &p, std::uint64_t winRanks, int lower, int upper,
                          int bestMove) const
{
    TtEntry e {};
    for (int s = 0; s < 4; ++s) {
        e.owners[s] = p.owners[s];
        const std::uint32_t wins = lane(winRanks, s);
        if (wins == 0) {
            e.masks[s] = 0;
            continue;
        }
        const std::uint32_t present = lane(m_remaining, s);
        const int k = std::popcount(present & ~((1u << lowestBit(wins)) - 1));
        e.masks[s] = k == 0 ? 0 : ~0u << (32 - 2 * k);
    }
    e.lower = static_cast<std::int8_t>(lower);
    e.upper = static_cast<std::int8_t>(upper);
    e.bestMove = static_cast<std::uint8_t>(bestMove < 0 ? 0xff : bestMove);
    return e;
}

std::uint64_t Search::ranksOfEntry(const TtEntry &e) const
{
    std::uint64_t ranks = 0;
    for (int s = 0; s < 4; ++s) {
        const int k = std::popcount(e.masks[s]) / 2;
        if (k == 0)
            continue;
        ranks |= std::uint64_t {highest(lane(m_remaining, s), k)} << (16 * s);
    }
    return ranks;
}

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

// Tricks the side of `seat`, on lead in a trump contract, is sure to take by a ruff: `seat` leads a
// side suit in which partner is void and both opponents follow, partner ruffs with its lowest
// trump and then cashes its quick tricks (counted with the other cards as they are now, which
// only undercounts). The ruff keeps no rank: the suit lengths, part of the table key, decide it.
// `ranks` receives the winning ranks of `want` of the tricks when they reach `want`.
int Search::ruffTricks(int seat, int want, std::uint64_t &ranks)
{
    if (m_trump == 4)
        return 0;
    const int pd = (seat + 2) & 3;
    const std::uint32_t pdTrumps = lane(m_hands[pd], m_trump);
    if (!pdTrumps)
        return 0;
    for (int s = 0; s < 4; ++s) {
        if (s == m_trump || !lane(m_hands[seat], s) || lane(m_hands[pd], s) ||
            !lane(m_hands[(seat + 1) & 3], s) || !lane(m_hands[(seat + 3) & 3], s))
            continue;
        if (want == 1) {
            ranks = 0;
            return 1;
        }
        // Partner's quick tricks need a top card; its lengths in those suits bound them.
        int most = 1;
        for (int t = 0; t < 4; ++t) {
            const std::uint32_t all = lane(m_remaining, t);
            if (all && ((lane(m_hands[pd], t) >> highestBit(all)) & 1))
                most += std::popcount(lane(m_hands[pd], t));
        }
        if (most < want)
            return 1;
        int count[4];
        std::uint32_t used[4];
        const int tricks = 1 + cashAfter(pd, bit(16 * m_trump + lowestBit(pdTrumps)), count, used);
        if (tricks >= want) // the ranks only matter when the tricks decide the node
            ranks = enoughRanks(count, used, want - 1, -1);
        return tricks;
    }
    return 0;
}

// Tricks the side of `seat` is sure to take with its trumps: every trump of one hand above all
// the opponents' trumps wins the trick it is played to (only partner can play a higher one), and
// every card is played some time.
int Search::sureTrumpTricks(int seat, int want, std::uint64_t &ranks) const
{
    ranks = 0;
    if (m_trump == 4)
        return 0;
    // No rule below counts more tricks than the side's longer trump holding (the first one needs
    // three trumps in two hands, so one of them holds two); the callers only ask whether the count
    // reaches `want`.
    if (std::max(std::popcount(lane(m_hands[seat], m_trump)),
                 std::popcount(lane(m_hands[(seat + 2) & 3], m_trump))) < want)
        return 0;
    const std::uint32_t a = trumpsAboveOpponents(seat);
    const std::uint32_t b = trumpsAboveOpponents((seat + 2) & 3);
    // The two top trumps in different hands both win when either hand holds another trump: that
    // hand never has to play its top trump on partner's. (The opponents then hold trumps: a and
    // b would otherwise be every trump of the side.)
    if (std::popcount(a) == 1 && std::popcount(b) == 1 &&
        std::popcount(lane(m_hands[seat], m_trump) | lane(m_hands[(seat + 2) & 3], m_trump)) > 2) {
        ranks = want >= 2 ? (std::uint64_t {a | b} << (16 * m_trump))
                          : trumpRanks(seat, std::max(a, b), 1);
        return 2;
    }
    const std::uint32_t best = std::popcount(a) >= std::popcount(b) ? a : b;
    ranks = trumpRanks(seat, best, want);
    int tricks = std::popcount(best);
    const std::uint32_t theirs =
        lane(m_hands[(seat + 1) & 3], m_trump) | lane(m_hands[(seat + 3) & 3], m_trump);
    // A guarded second-highest trump over the highest (its right-hand opponent holds that), in a
    // hand not on lead: that hand plays after the highest trump's holder to every trick until it
    // wins one, so it plays the king when the ace has not come and a small trump when it has
    // (DDS's rule as well). 0.7% fewer nodes per table. On lead, it could have to lead its small
    // trump and then play the king under the ace. (With no trick above, the opponents hold the
    // highest trump.)
    if (tricks == 0 && theirs) {
        const int ace = highestBit(theirs);
        if (const std::uint32_t rest = lane(m_remaining, m_trump) & ~(1u << ace)) {
            const int king = highestBit(rest);
            for (int x : {seat, (seat + 2) & 3}) {
                const std::uint32_t mine = lane(m_hands[x], m_trump);
                if (x != m_leader && ((mine >> king) & 1) && std::popcount(mine) >= 2 &&
                    ((lane(m_hands[(x + 3) & 3], m_trump) >> ace) & 1)) {
                    tricks = 1;
                    ranks = std::uint64_t {1u << king} << (16 * m_trump);
                }
            }
        }
    }
    // A hand's trumps above all the opponents' trumps but their k highest: each of those k
    // takes at most one of them (a hand plays one card to a trick), and each of the others wins
    // the trick it is played to, so h such trumps win h - k tricks (K-Q against the ace: one).
    // The ranks: want + k of them, which keeps the opponents' k trumps above them. Up to k = 2
    // (3 saves 0.15% more): 6% fewer nodes per table on 30 random deals, 8% on 30 others.
    std::uint32_t below = theirs;
    for (int k = 1; k <= 2 && below; ++k) {
        below &= ~(1u << highestBit(below));
        for (int h : {seat, (seat + 2) & 3}) {
            const std::uint32_t mine = lane(m_hands[h], m_trump);
            const std::uint32_t run = cardsAbove(mine, below);
            const int t = std::popcount(run) - k;
            if (t > tricks) {
                tricks = t;
                ranks = below && want <= t
                    ? std::uint64_t {highest(run, want + k)} << (16 * m_trump)
                    : 0;
            }
        }
    }
    return tricks;
}

// The trumps of `hand` above all the opponents' trumps (trump contracts only).
std::uint32_t Search::trumpsAboveOpponents(int hand) const
{
    const std::uint32_t theirs =
        lane(m_hands[(hand + 1) & 3], m_trump) | lane(m_hands[(hand + 3) & 3], m_trump);
    return cardsAbove(lane(m_hands[hand], m_trump), theirs);
}

// The winning ranks of `want` of the trumps `run` of the side of `seat`, each above all the
// opponents' trumps: none when the opponents hold no trumps (every trump of the side then wins).
std::uint64_t Search::trumpRanks(int seat, std::uint32_t run, int want) const
{
    if (!lane(m_hands[(seat + 1) & 3] | m_hands[(seat + 3) & 3], m_trump))
        return 0;
    return std::uint64_t {highest(run, want)} << (16 * m_trump);
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

    const int need = target - m_won;
    const bool maxOnLead = sideOf(seat) == m_maxSide;
    const std::uint64_t key = ttKey(seat);
    m_table.prefetch(key);
    if (tricksLeft >= afterLeadTricks)
        m_table.prefetch(key | afterLeadKey);
    // North-South's tricks that decide the node.
    const int nsNeed = m_maxSide == 0 ? need : tricksLeft - need + 1;
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
    const int leadWants = maxOnLead ? need : tricksLeft - need + 1;
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
        result = searchMoves(seat, target, first, low, allRanks, cutMove, &leads);
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

// Looks the position up in the table: true when an entry decides whether North-South take
// `nsNeed` tricks (`result`: whether the side to move reaches the target; `winRanks`: the entry's
// ranks); else `ttMove` may receive a best move to try first.
bool Search::probe(std::uint64_t key, const TtPattern &pat, int nsNeed, int &ttMove,
                   std::uint64_t &winRanks, bool &result) const
{
    TtEntry found;
    if (!m_table.find(key, pat, nsNeed, found, ttMove))
        return false;
    winRanks = ranksOfEntry(found);
    const bool nsReaches = found.lower >= nsNeed;
    result = m_maxSide == 0 ? nsReaches : !nsReaches;
    return true;
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
    const int need = target - m_won;
    const int tricksLeft = std::popcount(m_hands[(m_leader + m_trickSize) & 3]);
    // Tricks the winner's side must be sure of to decide the node.
    const int wants = maxWins ? need : tricksLeft - need + 1;
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

// Searches the moves of `seat`, the side to play: `first` (when >= 0; `low`: the lowest card of
// its group) before the others are generated and weighed. True when the side reaches the target;
// `cutMove` receives the move that decided it, else -1.
[[gnu::always_inline]] inline bool Search::searchMoves(int seat, int target, int first, int low,
                                                       std::uint64_t &winRanks, int &cutMove,
                                                       LeadEntries *leads)
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
        for (int i = 0; i < n && !m_stopped; ++i) {
            if (moves[i] != first && rankOf(moves[i]) >= smallBelow[suitOf(moves[i])] &&
                decides(moves[i], lowest[i]))
                break;
        }
    }
    winRanks = allRanks;
    return cutMove >= 0 ? maxToMove : !maxToMove;
}

// Table entries for the positions just after a lead, from afterLeadTricks tricks left up: each
// lead that fails to reach the target is stored in a bucket of its own beside the trick start's
// (the key with afterLeadKey set), with the trick start's pattern up to the ranks that decided the
// lead's search, and the lead as its suit and place in the suit (15: any of the leader's cards of
// the suit below those ranks, all of which lead to positions of the same partition, as
// noteSmallCard() says). A later trick start that matches such an entry skips the leads it names:
// where the trick start's own entry keeps the ranks of every lead, these keep one lead's. Only
// failing leads are stored (a lead that reaches the target decides the trick start, whose entry
// then keeps the same ranks), and as the leader's side is the same for every entry of a bucket, an
// entry can only show a lead to fail again. 19% fewer nodes per table and per opening lead on 30
// random deals, 28% on the three slowest bench deals.
void Search::findLeads(int seat, LeadEntries &leads) const
{
    TtEntry found[16];
    const int n = m_table.findAll(leads.key, *leads.pattern, leads.nsNeed, found, 16);
    const bool maxToMove = sideOf(seat) == m_maxSide;
    for (int k = 0; k < n; ++k) {
        const bool nsReaches = found[k].lower >= leads.nsNeed;
        if ((m_maxSide == 0 ? nsReaches : !nsReaches) == maxToMove)
            continue; // cannot happen (see above)
        const int s = found[k].bestMove >> 4, place = found[k].bestMove & 15;
        const std::uint32_t all = lane(m_remaining, s);
        std::uint32_t cards;
        if (place == 15) {
            const std::uint32_t kept = highest(all, std::popcount(found[k].masks[s]) / 2);
            cards = lane(m_hands[seat], s) & (kept ? (1u << lowestBit(kept)) - 1 : ~0u);
        } else {
            cards = 1u << highestBit(all & ~highest(all, place));
        }
        cards &= ~lane(leads.failed, s);
        if (!cards)
            continue;
        const std::uint64_t ranks = ranksOfEntry(found[k]);
        leads.failed |= std::uint64_t {cards} << (16 * s);
        for (std::uint32_t c = cards; c; c &= c - 1)
            leads.ranks[s][std::countr_zero(c)] = ranks;
    }
}

// Stores lead `move` of the trick start of `leads`, which does not decide it: the position after
// it reaches the target or not (`reaches`, for the maximising side) as the subtree's ranks say.
void Search::storeLead(const LeadEntries &leads, int move, std::uint64_t childRanks, bool reaches)
{
    const bool nsReaches = m_maxSide == 0 ? reaches : !reaches;
    const int lower = nsReaches ? leads.nsNeed : 0;
    const int upper = nsReaches ? leads.tricksLeft : leads.nsNeed - 1;
    const int s = suitOf(move);
    const std::uint32_t wins = lane(childRanks, s);
    const int place = wins && std::countr_zero(wins) <= rankOf(move)
        ? std::popcount(lane(m_remaining, s) >> (rankOf(move) + 1))
        : 15;
    TtEntry e = makeEntry(*leads.pattern, childRanks, lower, upper, -1);
    e.bestMove = static_cast<std::uint8_t>(16 * s + place);
    m_table.store(leads.key, leads.tricksLeft, e);
}

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
        const int theirs = std::max(strength(m_trick[0], led), strongest((seat + 1) & 3, led));
        if (strongest((seat + 2) & 3, led) <= theirs) {
            if (theirs >= 32)
                return -1;
            candidates = mine & ~((2u << (theirs - 16)) - 1);
            if (!candidates)
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
    return searchMoves(seat, target, first, low, winRanks, cutMove);
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
    // trumps), at most six cards when it can only discard. DDS counts both as long; the cap
    // measured 1.5% fewer nodes per table and 2% per opening lead on 100 random deals.
    const int longVoid = depth + 4;
    const int discardVoid = s == m_trump ? longVoid : std::min(24, longVoid);
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
    // Partner ruffs, and RHO cannot overruff (not in DDS's weights): the lead wins the trick.
    // 2% fewer nodes per table on 100 random deals, 0.4% on 60 others.
    const bool partnerRuffs = trumpGame && !ph && lane(m_hands[pd], m_trump) && !rhRuffs;
    if (partnerRuffs)
        suitBonus += 20;
    // In no-trump, partner's length in the suit (not in DDS's weights): 1% fewer nodes per table
    // and 6% per opening lead.
    if (m_trump == 4)
        suitBonus += 8 * std::popcount(ph);
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

// Move-ordering weight of playing `top` (group `group`) of suit `s` to a trick in progress: the
// DDS weights for second, third and fourth hand (fourth hand ruffing tuned with the lead's,
// 30 -> 34; second hand following: the cards leaving the trick to partner, then its own winners
// cheapest first). "Wins" looks one trick ahead: each later hand plays its strongest card
// (highest of the suit led, else highest trump).
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
    return term;
}

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
            // 2.4% fewer nodes.
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
            const std::uint32_t all = lane(m_remaining, s);
            const std::uint32_t below = all & ~(1u << highestBit(all));
            if (below && top == highestBit(below))
                return 25;
            return (equivalents ? 20 : 10) - top;
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

// The group of equivalent cards of `seat` whose ranks span `card`'s (a card of another position:
// `seat` may not hold it): its top card, and its lowest in `low`; -1 when no group does.
int Search::groupAround(int seat, int card, int &low) const
{
    const int s = suitOf(card), rank = rankOf(card);
    const std::uint32_t mine = lane(m_hands[seat], s);
    const std::uint32_t others = lane(m_remaining, s) & ~mine;
    if ((others >> rank) & 1)
        return -1;
    const std::uint32_t group = groupAt(mine, others, rank);
    if (group == 0 || lowestBit(group) > rank || highestBit(group) < rank)
        return -1;
    low = 16 * s + lowestBit(group);
    return 16 * s + highestBit(group);
}

int Search::generateMoves(int seat, int *moves, int *lowest) const
{
    const std::uint64_t hand = m_hands[seat];
    const int led = m_trickSize > 0 ? suitOf(m_trick[0]) : -1;
    const bool follows = led >= 0 && lane(hand, led) != 0;

    std::uint64_t trickCards = 0;
    for (int i = 0; i < m_trickSize; ++i)
        trickCards |= bit(m_trick[i]);

    // Step 1. One move per group of equivalent cards (no other hand's card between them).
    int cards[13], lows[13];
    std::uint32_t groups[13];
    int n = 0;
    for (int s = follows ? led : 0; s < (follows ? led + 1 : 4); ++s) {
        std::uint32_t mine = lane(hand, s);
        const std::uint32_t others = lane(m_remaining | trickCards, s) & ~mine;
        while (mine) {
            const int top = highestBit(mine);
            const std::uint32_t group = topGroup(mine, others);
            mine &= ~group;
            cards[n] = 16 * s + top;
            lows[n] = 16 * s + lowestBit(group);
            groups[n++] = group;
        }
    }
    if (n == 1) {
        moves[0] = cards[0];
        lowest[0] = lows[0];
        return 1;
    }

    // Step 2. Fourth hand following suit: the cheapest card that wins the trick, then the other
    // winners, then the losing cards, each from the lowest up. That is the order of the DDS
    // fourth-hand weights, without computing them (the groups come highest first).
    if (m_trickSize == 3 && follows) {
        const int win = trickWinner();
        int winners = 0;
        if (win != 1) // partner is not winning the trick
            while (winners < n && beats(cards[winners], m_trick[win]))
                ++winners;
        int out = 0;
        for (int i = winners - 1; i >= 0; --i, ++out) {
            moves[out] = cards[i];
            lowest[out] = lows[i];
        }
        for (int i = n - 1; i >= winners; --i, ++out) {
            moves[out] = cards[i];
            lowest[out] = lows[i];
        }
        return n;
    }

    // Step 3. Order them by weight, best first.
    const TrickContext context = m_trickSize > 0 ? trickContext() : TrickContext {};
    int weights[13];
    int bestOfSuit[4] = {-1, -1, -1, -1};
    LeadSuit lead; // the suit terms of the lead, computed once per suit
    int leadSuitOf = -1;
    for (int i = 0; i < n; ++i) {
        const int s = suitOf(cards[i]);
        const int top = rankOf(cards[i]);
        if (m_trickSize == 0 && s != leadSuitOf) {
            lead = leadSuit(seat, s);
            leadSuitOf = s;
        }
        const int weight = m_trickSize == 0 ? leadWeight(lead, top, groups[i])
                                            : followWeight(context, seat, s, top, groups[i]);
        weights[i] = weight;
        if (bestOfSuit[s] < 0 || weight > weights[bestOfSuit[s]])
            bestOfSuit[s] = i;
    }
    if (!follows) {
        for (int b : bestOfSuit) {
            if (b >= 0)
                weights[b] += suitMixBonus;
        }
    }
    // Insertion sort straight into the move list: highest weight first, stable for equal weights.
    int sorted[13];
    for (int i = 0; i < n; ++i) {
        const int w = weights[i];
        int j = i;
        for (; j > 0 && sorted[j - 1] < w; --j) {
            sorted[j] = sorted[j - 1];
            moves[j] = moves[j - 1];
            lowest[j] = lowest[j - 1];
        }
        sorted[j] = w;
        moves[j] = cards[i];
        lowest[j] = lows[i];
    }
    return n;
}

std::unique_ptr<SearchEngine> makeSearch(TranspositionTable &table)
{
    return std::make_unique<Search>(table);
}

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
