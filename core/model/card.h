#pragma once

// Basic bridge vocabulary: suits, ranks, cards, seats, strains, sides.
// All types are small value types with constexpr helpers; the numeric values follow DDS
// (suits S H D C = 0..3, strains S H D C NT = 0..4, seats N E S W = 0..3, ranks 2..14).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tenace::core {

enum class Suit : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3 };
enum class Strain : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3, NoTrump = 4 };
enum class Seat : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };
enum class Side : std::uint8_t { NorthSouth = 0, EastWest = 1 };

// Ranks use the DDS numbering: 2..9, T = 10, J = 11, Q = 12, K = 13, A = 14.
enum class Rank : std::uint8_t {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace
};

inline constexpr std::array<Suit, 4> allSuits {Suit::Spades, Suit::Hearts, Suit::Diamonds,
                                               Suit::Clubs};
inline constexpr std::array<Strain, 5> allStrains {Strain::Spades, Strain::Hearts, Strain::Diamonds,
                                                   Strain::Clubs, Strain::NoTrump};
inline constexpr std::array<Seat, 4> allSeats {Seat::North, Seat::East, Seat::South, Seat::West};

constexpr int index(Suit s)
{
    return static_cast<int>(s);
}
constexpr int index(Strain s)
{
    return static_cast<int>(s);
}
constexpr int index(Seat s)
{
    return static_cast<int>(s);
}
constexpr int index(Side s)
{
    return static_cast<int>(s);
}
constexpr int value(Rank r)
{
    return static_cast<int>(r);
}

constexpr Seat seatAt(int i)
{
    return static_cast<Seat>(i & 3);
}
constexpr Suit suitAt(int i)
{
    return static_cast<Suit>(i & 3);
}
constexpr Strain strainAt(int i)
{
    return static_cast<Strain>(i);
}
constexpr Rank rankOf(int v)
{
    return static_cast<Rank>(v);
}

// The seat `steps` places clockwise from `s`.
constexpr Seat next(Seat s, int steps = 1)
{
    return seatAt(index(s) + steps);
}
constexpr Seat partner(Seat s)
{
    return next(s, 2);
}
constexpr Seat leftHandOpponent(Seat s)
{
    return next(s, 1);
}
constexpr Seat rightHandOpponent(Seat s)
{
    return next(s, 3);
}
constexpr Side sideOf(Seat s)
{
    return static_cast<Side>(index(s) & 1);
}
constexpr Side otherSide(Side s)
{
    return static_cast<Side>(index(s) ^ 1);
}
constexpr bool isTrumpSuit(Strain strain, Suit suit)
{
    return index(strain) == index(suit);
}

constexpr char suitLetter(Suit s)
{
    return "SHDC"[index(s)];
}
constexpr char strainLetter(Strain s)
{
    return "SHDCN"[index(s)];
}
constexpr char seatLetter(Seat s)
{
    return "NESW"[index(s)];
}
constexpr char rankLetter(Rank r)
{
    return "23456789TJQKA"[value(r) - 2];
}
std::string_view sideName(Side s); // "NS" / "EW"
std::string_view seatName(Seat s); // "North" ...
std::string_view strainName(Strain s); // "NT" for no-trump, "S" ...

std::optional<Suit> suitFromLetter(char c); // S H D C, any case
std::optional<Strain> strainFromLetter(char c); // S H D C N, any case
std::optional<Seat> seatFromLetter(char c); // N E S W, any case
std::optional<Rank> rankFromLetter(char c); // AKQJT98765432, any case

// A playing card. `index()` is the bit used by Hand: suit * 16 + rank (rank bits 2..14 of each
// 16-bit lane, the DDS rank encoding).
struct Card
{
    Suit suit = Suit::Spades;
    Rank rank = Rank::Two;

    constexpr int bit() const { return index(suit) * 16 + value(rank); }
    static constexpr Card fromBit(int bit) { return {suitAt(bit >> 4), rankOf(bit & 15)}; }
    std::string toString() const; // "SA", "HT"
    friend constexpr bool operator==(Card, Card) = default;
};

// Parses "SA", "ht", "D10"; nullopt when it is not a card.
std::optional<Card> parseCard(std::string_view text);

} // namespace tenace::core
