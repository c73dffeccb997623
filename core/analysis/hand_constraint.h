#pragma once

// What a hand may hold, for dealing the hands nobody sees: an HCP range, a length range per suit,
// balanced, cards it must hold; the text form of `--constrain` ("hcp=15-17,balanced,S=0-4,
// has=SK") and presets for common auction meanings (a 15-17 1NT, a weak two...). Value types, pure
// functions, thread-safe. A constraint speaks of a player's original thirteen cards, as the
// auction does: cards already played count.

#include "core/model/card.h"
#include "core/model/error.h"
#include "core/model/hand.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// Constraints on one hand. The defaults accept every hand.
struct HandConstraint
{
    int minHcp = 0, maxHcp = 37; // Goren 4-3-2-1
    std::array<int, 4> minLength {0, 0, 0, 0}; // S H D C
    std::array<int, 4> maxLength {13, 13, 13, 13};
    bool balanced = false; // 4-3-3-3, 4-4-3-2 or 5-3-3-2
    Hand holds; // cards the hand must hold

    bool constrains() const;
    // Whether a full hand (13 cards, or the hand as it is for end positions) meets every part.
    bool accepts(Hand hand) const;
    // The parts other than the suit lengths and `holds` (HCP, balanced), which dealing by shape
    // cannot settle in advance.
    bool acceptsPoints(Hand hand) const;
    // "hcp 15-17, balanced, S 0-4, has ♠K" ("any" when unconstrained).
    std::string describe() const;
    friend bool operator==(const HandConstraint &, const HandConstraint &) = default;
};

// Parses a constraint list for one seat: "hcp=12-14,S=5-13,H=0-2,balanced,has=SKHQ" (keys hcp,
// S, H, D, C with a range: "5-" means at least 5, "-2" at most 2, "5" exactly 5; "balanced";
// "has=" cards as SK, HT...). The error names the bad item.
Result<HandConstraint> parseHandConstraint(std::string_view text);
// "E:hcp=12-17,S=5-": a seat's letter, a colon, then parseHandConstraint()'s list (the form of
// tenace-cli's --constrain).
struct SeatConstraint
{
    Seat seat = Seat::North;
    HandConstraint constraint;
};
Result<SeatConstraint> parseSeatConstraint(std::string_view text);
// The text parseHandConstraint() reads back ("" when unconstrained).
std::string formatHandConstraint(const HandConstraint &constraint);

// Common meanings of a call, for the hand that made it: editable starting points.
struct ConstraintPreset
{
    std::string id; // "1nt-15-17"
    std::string name; // "1NT opening, 15-17 balanced"
    std::string text; // in parseHandConstraint()'s syntax
};
const std::vector<ConstraintPreset> &constraintPresets();

} // namespace tenace::core
