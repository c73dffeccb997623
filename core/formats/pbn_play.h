#pragma once

// The Play section of a PBN game: one row per trick, in seat columns starting with the player in
// the Play tag (not in playing order), with '-' for cards not given and '+' for the next card
// to play. Converts between rows and the playing order, and checks play against the deal.
// Value types; pure functions, thread-safe.

#include "core/formats/pbn_moves.h"
#include "core/model/deal.h"

#include <array>

namespace tenace::core {

enum class PbnCardKind : std::uint8_t { Card, Unknown, Next };

struct PbnPlayCard
{
    PbnCardKind kind = PbnCardKind::Unknown;
    Card card; // Card only
    char irregularity = 0; // 'R' revoke, 'L' lead out of turn
    PbnAnnotations annotations;
    PbnPosition position;

    static PbnPlayCard of(Card c)
    {
        PbnPlayCard p;
        p.kind = PbnCardKind::Card;
        p.card = c;
        return p;
    }
    std::string toPbn() const; // "SK", "-", "+", "^R S6"
    friend bool operator==(const PbnPlayCard &, const PbnPlayCard &) = default;
};

struct PbnPlay
{
    Seat first = Seat::West; // the Play tag value: the opening leader
    std::vector<std::array<PbnPlayCard, 4>> tricks; // [trick][column]; column i is seat first+i
    PbnSectionEnd end = PbnSectionEnd::Open;
    std::vector<std::string> leadingComments;
    std::vector<std::string> trailingComments;

    PbnPlayCard &at(int trick, Seat seat);
    const PbnPlayCard &at(int trick, Seat seat) const;
    friend bool operator==(const PbnPlay &, const PbnPlay &) = default;
};

// Parses the section: cards in any case ("sk", "D10"), "-" or "--" for an unknown card, a short
// last row filled with unknown cards. Errors carry the position of the token at fault.
Result<PbnPlay> parsePbnPlay(Seat first, const std::vector<PbnSectionToken> &tokens);

// Export layout: one trick per line, four columns, then '*' or '+' on its own line.
std::vector<std::string> formatPbnPlay(const PbnPlay &play);

struct PbnPlayedCard
{
    Seat seat = Seat::North;
    Card card;
    PbnPosition position;
    friend bool operator==(const PbnPlayedCard &, const PbnPlayedCard &) = default;
};

// The cards in playing order: each trick led by the winner of the one before (for `trump`). Stops
// at the first card not given (or an irregular trick), since the order after it is unknown.
// With a deal, each card is checked: held by its player and following suit ("line 31, column 4:
// West must follow H with HQ in hand"); a deal of unequal hands is not checked.
Result<std::vector<PbnPlayedCard>> pbnPlaySequence(const PbnPlay &play, Strain trump,
                                                   const Deal *deal = nullptr);

// The rows for cards given in playing order from `leader`.
PbnPlay pbnPlayFromSequence(Seat leader, const std::vector<Card> &cards, Strain trump);

} // namespace tenace::core
