#include "core/model/card.h"

#include <cctype>

namespace tenace::core {

std::string_view sideName(Side s)
{
    return s == Side::NorthSouth ? "NS" : "EW";
}

std::string_view seatName(Seat s)
{
    static constexpr std::array<std::string_view, 4> names {"North", "East", "South", "West"};
    return names[index(s)];
}

std::string_view strainName(Strain s)
{
    static constexpr std::array<std::string_view, 5> names {"S", "H", "D", "C", "NT"};
    return names[index(s)];
}

std::optional<Suit> suitFromLetter(char c)
{
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'S':
        return Suit::Spades;
    case 'H':
        return Suit::Hearts;
    case 'D':
        return Suit::Diamonds;
    case 'C':
        return Suit::Clubs;
    default:
        return std::nullopt;
    }
}

std::optional<Strain> strainFromLetter(char c)
{
    if (std::toupper(static_cast<unsigned char>(c)) == 'N')
        return Strain::NoTrump;
    if (auto s = suitFromLetter(c))
        return static_cast<Strain>(index(*s));
    return std::nullopt;
}

std::optional<Seat> seatFromLetter(char c)
{
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'N':
        return Seat::North;
    case 'E':
        return Seat::East;
    case 'S':
        return Seat::South;
    case 'W':
        return Seat::West;
    default:
        return std::nullopt;
    }
}

std::optional<Rank> rankFromLetter(char c)
{
    static constexpr std::string_view letters = "23456789TJQKA";
    auto pos = letters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (pos == std::string_view::npos)
        return std::nullopt;
    return rankOf(static_cast<int>(pos) + 2);
}

std::string Card::toString() const
{
    return {suitLetter(suit), rankLetter(rank)};
}

std::optional<Card> parseCard(std::string_view text)
{
    if (text.size() < 2 || text.size() > 3)
        return std::nullopt;
    auto suit = suitFromLetter(text[0]);
    if (!suit)
        return std::nullopt;
    std::string_view rank = text.substr(1);
    if (rank == "10")
        return Card {*suit, Rank::Ten};
    if (rank.size() != 1)
        return std::nullopt;
    auto r = rankFromLetter(rank[0]);
    if (!r)
        return std::nullopt;
    return Card {*suit, *r};
}

} // namespace tenace::core
