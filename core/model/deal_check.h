#pragma once

// What is wrong with a deal or a mid-trick position as someone typed it, as values: which card is
// claimed twice, which hand holds too many cards, which hands are short, which cards nobody holds.
// The UI turns each problem into its own words; core never formats them. Pure functions; any
// thread.

#include "core/model/deal.h"
#include "core/model/error.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tenace::core {

enum class DealProblemKind {
    DuplicateCard, // `card` held by `seat` and `other`
    TooManyCards, // `seat` holds `count` cards (more than 13)
    NoCards, // no hand holds a card
    ShortHands, // `shortSeats` hold fewer than `count` cards, the most any hand holds
    MissingCards, // every hand could hold 13: `cards` are held by nobody
    TrickTooLong, // more than 3 cards on the table before the trick is complete
    TrickCardHeld, // `card` is on the table and in `seat`'s hand
    InvalidPosition, // the position fails validate(): `message`
};

struct DealProblem
{
    DealProblemKind kind = DealProblemKind::NoCards;
    Seat seat = Seat::North;
    Seat other = Seat::North;
    Card card {};
    int count = 0;
    Hand cards;
    std::vector<Seat> shortSeats;
    std::string message;
    friend bool operator==(const DealProblem &, const DealProblem &) = default;
};

struct DealCheckResult
{
    std::vector<DealProblem> problems; // empty when the deal can be played
    int cardsEach = 0; // cards in each hand when they are equal
    bool complete = false; // four hands of 13: the DD table and par can be computed
    bool playable() const { return problems.empty(); }
};

// The checks of a deal: duplicates, hands over 13, unequal hands, missing cards.
DealCheckResult checkDealProblems(const Deal &deal);

// The checks of a position set up mid-trick (`trick` not empty; otherwise checkDealProblems):
// trick cards not also in a hand, at most 3 of them, hand lengths that fit the trick.
DealCheckResult checkTrickProblems(const Deal &deal, Strain trump, Seat leader,
                                   std::span<const Card> trick);

// The cards no hand holds.
Hand missingCards(const Deal &deal);

// When three hands hold 13 cards and the fourth fewer, the fourth filled with the cards nobody
// holds (provided exactly the right number is left). nullopt when it does not apply.
std::optional<Deal> fillFourthHand(const Deal &deal);

} // namespace tenace::core
