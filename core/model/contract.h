#pragma once

// Contracts, vulnerability and duplicate scoring vocabulary. Value types.

#include "core/model/card.h"
#include "core/model/error.h"

#include <string>
#include <string_view>

namespace tenace::core {

enum class Vulnerability : std::uint8_t { None = 0, NorthSouth = 1, EastWest = 2, Both = 3 };
enum class Doubling : std::uint8_t { Undoubled = 0, Doubled = 1, Redoubled = 2 };

constexpr bool isVulnerable(Vulnerability v, Side side)
{
    return v == Vulnerability::Both ||
        (side == Side::NorthSouth ? v == Vulnerability::NorthSouth : v == Vulnerability::EastWest);
}
std::string_view vulnerabilityName(Vulnerability v); // "None", "NS", "EW", "All"

struct Contract
{
    int level = 1; // 1..7
    Strain strain = Strain::NoTrump;
    Doubling doubling = Doubling::Undoubled;
    Seat declarer = Seat::North;

    Seat openingLeader() const { return leftHandOpponent(declarer); }
    int tricksNeeded() const { return level + 6; }
    // "4SX by N", "3NT by W"
    std::string toString() const;
    friend bool operator==(const Contract &, const Contract &) = default;
};

} // namespace tenace::core
