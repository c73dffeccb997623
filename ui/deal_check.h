#pragma once

// Checks for the deal editor, with the precise messages shown inline: which hand holds too many
// cards, which card is claimed twice, which cards are still missing. Pure functions; any thread.

#include "core/model/deal.h"
#include "ui/board_session.h"

#include <QString>
#include <QStringList>

namespace tenace::ui {

struct DealCheck
{
    QStringList errors; // empty when the deal can be played
    QString info; // "Complete deal", "End position: 5 cards each"
    bool complete = false; // four hands of 13: the DD table and par can be computed
    bool playable() const { return errors.isEmpty(); }
};

DealCheck checkDeal(const tenace::core::Deal &deal);
// checkDeal, or for a board set up mid-trick (board.trick not empty) the checks of a position:
// trick cards not also in a hand, hand lengths that fit the trick.
DealCheck checkBoard(const Board &board);
// Parses the cards of a trick as typed: "SK S2", "sk,s2", "♠K". Fails on the first non-card.
tenace::core::Result<std::vector<tenace::core::Card>> parseTrickText(const QString &text);

// Parses one hand as typed: "AKQ.JT9.876.5432" (S.H.D.C), "10" or "T", any case, spaces
// ignored, "-" or "" for no cards. Messages name the suit and the character at fault.
tenace::core::Result<tenace::core::Hand> parseHandText(const QString &text);

// The cards no hand holds, in the order S H D C, high to low.
tenace::core::Hand missingCards(const tenace::core::Deal &deal);

// When three hands hold n cards and the fourth fewer, the fourth filled with the cards nobody
// holds (provided exactly the right number is left). nullopt when it does not apply.
std::optional<tenace::core::Deal> fillFourthHand(const tenace::core::Deal &deal);

} // namespace tenace::ui
