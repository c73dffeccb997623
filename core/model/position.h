#pragma once

// A play position: the cards still held, the trump strain, the leader of the current trick and
// the cards already played to it (0..3, in playing order). This is what the solver analyses.
// Value type.

#include "core/model/deal.h"

#include <span>
#include <vector>

namespace tenace::core {

struct Position
{
    Deal remaining; // cards still held; the current trick's cards are not included
    Strain trump = Strain::NoTrump;
    Seat leader = Seat::West; // leader of the current trick
    std::vector<Card> trick; // cards played to the current trick, leader's first

    Seat toMove() const { return next(leader, static_cast<int>(trick.size())); }
    // Tricks not yet completed, the current partial trick included.
    int tricksLeft() const { return remaining[toMove()].count(); }
    // Cards `toMove()` may play: the suit led if held, else anything.
    Hand legalCards() const;

    friend bool operator==(const Position &, const Position &) = default;
};

// Checks a position as DDS does (each failure carries the matching DDS status code): cards
// present (-2), no duplicates (-4), at most 52 cards (-10), at most 3 trick cards (-12), trick
// cards not also held (-13), hand lengths consistent with the trick (-14).
Status validate(const Position &position);

// The seat that wins a complete trick of four cards led by `leader`.
Seat trickWinner(Seat leader, std::span<const Card, 4> cards, Strain trump);

} // namespace tenace::core
