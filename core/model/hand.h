#pragma once

// A set of cards as a 64-bit mask: suit s occupies bits 16*s .. 16*s+15 and rank r (2..14) is
// bit r of its lane, the DDS rank encoding. Value type; iteration goes suit by suit (S H D C),
// ranks high to low.

#include "core/model/card.h"

#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace tenace::core {

inline constexpr std::uint16_t fullSuitMask = 0x7ffc; // ranks 2..14
inline constexpr std::uint64_t fullDeckMask = 0x7ffc7ffc7ffc7ffcull;

class Hand
{
public:
    constexpr Hand() = default;
    constexpr explicit Hand(std::uint64_t bits) : m_bits(bits & fullDeckMask) { }
    static constexpr Hand fullDeck() { return Hand(fullDeckMask); }
    static Hand fromSuitMasks(std::uint16_t s, std::uint16_t h, std::uint16_t d, std::uint16_t c);

    constexpr std::uint64_t bits() const { return m_bits; }
    constexpr std::uint16_t suitMask(Suit s) const
    {
        return static_cast<std::uint16_t>(m_bits >> (16 * index(s)));
    }
    constexpr int count() const { return std::popcount(m_bits); }
    constexpr int length(Suit s) const { return std::popcount(suitMask(s)); }
    constexpr bool empty() const { return m_bits == 0; }
    constexpr bool contains(Card c) const { return (m_bits >> c.bit()) & 1; }
    constexpr void add(Card c) { m_bits |= std::uint64_t {1} << c.bit(); }
    constexpr void remove(Card c) { m_bits &= ~(std::uint64_t {1} << c.bit()); }

    std::vector<Card> cards() const; // S H D C, each high to low
    // "AKQ.JT9.876.5432" (PBN order S.H.D.C, voids empty).
    std::string toPbn() const;

    constexpr Hand operator|(Hand o) const { return Hand(m_bits | o.m_bits); }
    constexpr Hand operator&(Hand o) const { return Hand(m_bits & o.m_bits); }
    constexpr Hand operator-(Hand o) const { return Hand(m_bits & ~o.m_bits); }
    friend constexpr bool operator==(Hand, Hand) = default;

private:
    std::uint64_t m_bits = 0;
};

// High-card points: Goren's 4-3-2-1 count of aces, kings, queens and jacks.
int hcp(Hand hand);

} // namespace tenace::core
