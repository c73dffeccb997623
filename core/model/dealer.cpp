#include "core/model/dealer.h"

#include <cassert>
#include <random>
#include <utility>
#include <vector>

namespace tenace::core {

namespace {

constexpr std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

// Fisher-Yates: every permutation of `cards` equally likely given a uniform `below`.
void shuffle(std::vector<Card> &cards, Xoshiro256 &random)
{
    for (std::size_t i = cards.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(random.below(i));
        std::swap(cards[i - 1], cards[j]);
    }
}

Status checkDealable(const Deal &deal)
{
    for (int a = 0; a < 4; ++a) {
        for (int b = a + 1; b < 4; ++b) {
            const Hand both = deal[seatAt(a)] & deal[seatAt(b)];
            if (!both.empty())
                return Error {ErrorCode::DuplicateCard,
                              "Duplicate card " + both.cards().front().toString() + " (" +
                                  std::string(seatName(seatAt(a))) + " and " +
                                  std::string(seatName(seatAt(b))) + ")"};
        }
    }
    for (Seat s : allSeats) {
        const int n = deal[s].count();
        if (n > 13)
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(s)) + " holds " + std::to_string(n) +
                              " cards (at most 13)"};
    }
    return Ok {};
}

} // namespace

std::uint64_t splitMix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

Xoshiro256::Xoshiro256(std::uint64_t seed)
{
    // splitmix64 never yields four zero words in a row, so the state is valid for every seed.
    for (std::uint64_t &word : m_state)
        word = splitMix64(seed);
}

Xoshiro256 Xoshiro256::fromState(const std::array<std::uint64_t, 4> &state)
{
    assert(state != (std::array<std::uint64_t, 4> {}));
    Xoshiro256 random;
    random.m_state = state;
    return random;
}

std::uint64_t Xoshiro256::next()
{
    auto &s = m_state;
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

std::uint64_t Xoshiro256::below(std::uint64_t bound)
{
    assert(bound > 0);
    // 2^64 mod bound: rejecting the outputs below it leaves a multiple of `bound` equally likely
    // values, so the remainder is exactly uniform.
    const std::uint64_t threshold = (0 - bound) % bound;
    std::uint64_t r = next();
    while (r < threshold)
        r = next();
    return r % bound;
}

Dealer::Dealer(std::uint64_t seed) : m_random(seed) { }

std::uint64_t Dealer::randomSeed()
{
    std::random_device device;
    const std::uint64_t high = device();
    const std::uint64_t low = device();
    return (high << 32) ^ low;
}

Deal Dealer::deal()
{
    auto result = dealRest(Deal {});
    assert(result.ok());
    return std::move(result).value();
}

Result<Deal> Dealer::dealRest(const Deal &fixed)
{
    if (auto status = checkDealable(fixed); !status)
        return status.error();

    // The undealt cards in a fixed order (S H D C, high to low), shuffled, then handed out in seat
    // order N E S W, each hand taking what it lacks: every completion is equally likely.
    std::vector<Card> rest = (Hand::fullDeck() - fixed.allCards()).cards();
    shuffle(rest, m_random);
    Deal deal = fixed;
    deal.unknownSeats = 0;
    std::size_t next = 0;
    for (Seat s : allSeats) {
        while (deal[s].count() < 13)
            deal[s].add(rest[next++]);
    }
    assert(next == rest.size());
    return deal;
}

} // namespace tenace::core
