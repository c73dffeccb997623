#pragma once

// Seedable random dealing, uniform over all deals (or over all completions of a partial deal).
//
// Reproducibility: the generator (xoshiro256**, seeded through splitmix64), the bounded-integer
// sampling (rejection, no modulo bias) and the shuffle (Fisher-Yates) are implemented here in
// fixed-width unsigned arithmetic, with no std::*_distribution, whose output is unspecified.
// A given seed therefore gives the same deals on every platform, compiler and standard library,
// so a seed shown to the user reproduces the deal anywhere. tests/core/tst_dealer.cpp pins the
// deal for seed 1; changing the generator or the dealing order changes it and must be deliberate.

#include "core/model/deal.h"
#include "core/model/error.h"

#include <array>
#include <cstdint>

namespace tenace::core {

// xoshiro256** 1.0 (Blackman and Vigna), a small fast generator with 256 bits of state.
// The seed constructor expands a 64-bit seed into the state with splitmix64, as the authors
// recommend. Value type; not thread-safe (one instance per thread).
class Xoshiro256
{
public:
    explicit Xoshiro256(std::uint64_t seed);
    // Starts from a raw state (not all zero), for the reference test vectors.
    static Xoshiro256 fromState(const std::array<std::uint64_t, 4> &state);

    std::uint64_t next();
    // A uniformly distributed integer in [0, bound), bound > 0, by rejection sampling.
    std::uint64_t below(std::uint64_t bound);

    friend bool operator==(const Xoshiro256 &, const Xoshiro256 &) = default;

private:
    Xoshiro256() = default;
    std::array<std::uint64_t, 4> m_state {};
};

// splitmix64: the generator used to expand seeds. Advances `state` and returns the next output.
std::uint64_t splitMix64(std::uint64_t &state);

// Deals cards uniformly at random. The sequence of deals is defined by the seed: the first deal()
// of Dealer(seed) is "the deal for `seed`". Non-blocking (microseconds). Not thread-safe: use one
// Dealer per thread.
class Dealer
{
public:
    explicit Dealer(std::uint64_t seed);

    // A fresh seed from std::random_device, for a new random deal the user can reproduce.
    // Thread-safe.
    static std::uint64_t randomSeed();

    // A complete deal, each of the 52! / (13!)^4 deals equally likely.
    Deal deal();

    // Keeps every card already placed in `fixed` (hands may be partial; unknown "-" hands count
    // as empty) and deals the rest so that every hand holds 13 cards, each completion equally
    // likely. Fails if a card is in two hands (DuplicateCard) or a hand holds more than 13 cards
    // (WrongCardCount); the generator does not advance on failure.
    Result<Deal> dealRest(const Deal &fixed);

private:
    Xoshiro256 m_random;
};

} // namespace tenace::core
