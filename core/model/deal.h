#pragma once

// A deal: the cards of the four hands. While editing or in an end position a deal may be partial
// (fewer than 13 cards per hand); a hand given as "-" in PBN is unknown. Value type.

#include "core/model/error.h"
#include "core/model/hand.h"

#include <array>
#include <string>
#include <string_view>

namespace tenace::core {

struct Deal
{
    std::array<Hand, 4> hands {};
    std::uint8_t unknownSeats = 0; // bit i set: seat i was given as "-" (no cards known)

    Hand &operator[](Seat s) { return hands[static_cast<std::size_t>(index(s))]; }
    const Hand &operator[](Seat s) const { return hands[static_cast<std::size_t>(index(s))]; }
    bool isUnknown(Seat s) const { return (unknownSeats >> index(s)) & 1; }
    Hand allCards() const { return hands[0] | hands[1] | hands[2] | hands[3]; }
    int cardCount() const;
    // The seat holding `c`, if any.
    std::optional<Seat> holder(Card c) const;

    // PBN deal string starting with `first`, e.g. "N:AKQ.JT9.876.5432 ...". Unknown hands as "-".
    std::string toPbn(Seat first = Seat::North) const;

    friend bool operator==(const Deal &, const Deal &) = default;
};

// Parses a PBN deal string: a seat letter, ':', then four hands clockwise separated by spaces,
// each "S.H.D.C" with ranks AKQJT98765432 ("10" and lowercase accepted), "-" for an unknown hand.
// Hands may hold fewer than 13 cards (end positions, partial deals). Errors name the column,
// the hand and the card at fault.
Result<Deal> parsePbnDeal(std::string_view text);

// Succeeds when every hand holds exactly 13 cards ("West holds 12 cards (expected 13)").
Status checkComplete(const Deal &deal);

// Succeeds when all hands hold the same number (1..13) of cards: an end position at a trick
// boundary.
Status checkEqualLengths(const Deal &deal);

} // namespace tenace::core
