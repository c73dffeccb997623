#pragma once

// What the search keeps in the transposition table and reads back: the bucket key (suit lengths and
// leader), the pattern of a position (who owns each relative rank), the entry made from a subtree's
// winning ranks, the look-up, and the entries for the positions just after each lead. It must
// never search: it only translates between the search's positions and the table's entries.
//
// Part of the search's one translation unit: included by search.cpp only (directly or through
// another of its headers). The definitions are not inline on purpose: compiled with the search
// loop, they inline into it as they would within one file, once per instruction set (search.h).
// Included by any other file, they would be defined twice.

#include "core/solver/card_bits.h"
#include "core/solver/search.h"

#include <bit>
#include <cstdint>

namespace tenace::core::detail::TENACE_SEARCH_ISA {

namespace {

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

// Table entries for the positions after each lead (see findLeads()), from this many tricks left
// up: 6 and 7 measured the same time (4 made opening leads 4% slower), 8 half the gain.
constexpr int afterLeadTricks = 6;
constexpr std::uint64_t afterLeadKey = std::uint64_t {1} << 62; // ttKey() leaves bits 62-63 free

} // namespace

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
    for (int s = 0; s < 4; ++s)
        e.suits |= static_cast<std::uint8_t>((lane(m_remaining, s) != 0) << s);
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

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
