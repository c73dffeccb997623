#pragma once

// Core bridge values as text and colour for the widgets: suit symbols, seat and strain names,
// contracts. Pure functions of their arguments; GUI thread or any thread.

#include "core/model/contract.h"
#include "core/model/hand.h"

#include <QColor>
#include <QString>

namespace tenace::ui {

QString suitSymbol(tenace::core::Suit suit); // ♠ ♥ ♦ ♣
QString strainText(tenace::core::Strain strain); // ♠ ... or "NT"
QString rankText(tenace::core::Rank rank); // "A" ... "10" ... "2"
QString cardText(tenace::core::Card card); // "♠10"
QString seatText(tenace::core::Seat seat); // "North"
QString seatLetterText(tenace::core::Seat seat); // "N"
QString sideText(tenace::core::Side side); // "NS", "EW"
QString vulnerabilityText(tenace::core::Vulnerability vulnerability); // "None vul", "NS vul"
// The window's one notation for contracts: symbols, "×" doubled, "××" redoubled. Every contract
// on screen (table, panels, lists, par) goes through these two.
QString bidText(int level, tenace::core::Strain strain,
                tenace::core::Doubling doubling = tenace::core::Doubling::Undoubled); // "5♦×"
enum class SeatForm { Name, Letter };
// "4♠× by North"; SeatForm::Letter: "4♠× by N".
QString contractText(const tenace::core::Contract &contract, SeatForm form = SeatForm::Name);
QString handText(tenace::core::Hand hand); // "AKQ.JT9.876.5432"
// Suit colours: red/black, or the four-colour deck (spades black, hearts red, diamonds orange,
// clubs green) that keeps ♥/♦ and ♠/♣ apart at a glance.
QColor suitColor(tenace::core::Suit suit, bool fourColour = false);
// True when the application palette has a dark base (the dark theme).
bool isDarkPalette();
// suitColor() for text on the palette's base: lighter shades on a dark base, where black and
// deep red would not read.
QColor suitTextColor(tenace::core::Suit suit, bool fourColour = false);
// A score with its sign: "+620", "−100", "0".
QString signedScore(int score);

} // namespace tenace::ui
