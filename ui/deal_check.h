#pragma once

// The deal editor's checks in words, shown inline: which hand holds too many cards, which card is
// claimed twice, which cards are still missing. The checking is core's (core/model/deal_check.h);
// this file only names the problems and parses what is typed. Pure functions; any thread.

#include "core/model/deal_check.h"
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

// The checks themselves, the missing cards and the fourth hand's filling are core's
// (core/model/deal_check.h); these name what core found.
using tenace::core::fillFourthHand;
using tenace::core::missingCards;

} // namespace tenace::ui
