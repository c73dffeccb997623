#include "core/model/hand.h"

namespace tenace::core {

Hand Hand::fromSuitMasks(std::uint16_t s, std::uint16_t h, std::uint16_t d, std::uint16_t c)
{
    return Hand(std::uint64_t {s} | std::uint64_t {h} << 16 | std::uint64_t {d} << 32 |
                std::uint64_t {c} << 48);
}

std::vector<Card> Hand::cards() const
{
    std::vector<Card> out;
    out.reserve(static_cast<std::size_t>(count()));
    for (Suit s : allSuits) {
        for (int r = 14; r >= 2; --r) {
            Card c {s, rankOf(r)};
            if (contains(c))
                out.push_back(c);
        }
    }
    return out;
}

std::string Hand::toPbn() const
{
    std::string out;
    for (Suit s : allSuits) {
        if (s != Suit::Spades)
            out += '.';
        for (int r = 14; r >= 2; --r) {
            if (contains({s, rankOf(r)}))
                out += rankLetter(rankOf(r));
        }
    }
    return out;
}

int hcp(Hand hand)
{
    int points = 0;
    for (const Suit suit : allSuits) {
        points += 4 * hand.contains({suit, Rank::Ace}) + 3 * hand.contains({suit, Rank::King}) +
            2 * hand.contains({suit, Rank::Queen}) + hand.contains({suit, Rank::Jack});
    }
    return points;
}

} // namespace tenace::core
