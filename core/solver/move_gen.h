#pragma once

// Move generation: one move per group of equivalent cards of the hand to play (following suit when
// it can), ordered by move_order.h's weights, and the group around a card the table names. It
// must never leave out a legal card's group: but for one card tried before generation, the search
// takes its moves from here.
//
// Part of the search's one translation unit: included by search.cpp only (directly or through
// another of its headers). The definitions are not inline on purpose: compiled with the search
// loop, they inline into it as they would within one file, once per instruction set (search.h).
// Included by any other file, they would be defined twice.

#include "core/solver/card_bits.h"
#include "core/solver/move_order.h"
#include "core/solver/search.h"

#include <bit>
#include <cstdint>

namespace tenace::core::detail::TENACE_SEARCH_ISA {

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

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
