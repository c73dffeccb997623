#pragma once

// Card bits for the search: a hand is 64 bits, 16 per suit (bit 16 * suit + rank, rank 0 = two),
// and these helpers read suits, ranks and groups of equivalent cards from them. Only constexpr or
// inline bit arithmetic, with no state but the start-up choice of PDEP/PEXT; it must never know
// about positions, tricks or the table.
//
// Part of the search's one translation unit: included by search.cpp only (directly or through
// another of its headers), compiled once per instruction set (search.h).

#include "core/solver/search.h"

#include <bit>
#include <cstdint>

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
    // Without a branch: mispredicted often in move generation.
    return mask & static_cast<std::uint32_t>(~0ull << std::bit_width(others));
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

} // namespace

} // namespace tenace::core::detail::TENACE_SEARCH_ISA
