#include "core/model/deal.h"

#include <cctype>

namespace tenace::core {

namespace {

Error syntaxError(std::size_t column, std::string what)
{
    return {ErrorCode::Syntax, "column " + std::to_string(column + 1) + ": " + std::move(what)};
}

std::string quoted(char c)
{
    if (std::isprint(static_cast<unsigned char>(c)))
        return std::string("'") + c + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(c));
    return buf;
}

// Parses one hand starting at `pos` (just after the preceding separator). Stops at a space or
// the end of text.
Result<Hand> parseHand(std::string_view text, std::size_t &pos, Seat seat)
{
    Hand hand;
    int suit = 0;
    const std::string who = std::string(seatName(seat)) + "'s hand";
    while (pos < text.size() && text[pos] != ' ' && text[pos] != '\t') {
        char c = text[pos];
        if (c == '.') {
            if (++suit > 3)
                return syntaxError(pos,
                                   "too many suits in " + who + " (expected 4 separated by '.')");
            ++pos;
            continue;
        }
        Suit s = suitAt(suit);
        std::optional<Rank> rank;
        std::size_t width = 1;
        if (c == '1' && pos + 1 < text.size() && text[pos + 1] == '0') {
            rank = Rank::Ten;
            width = 2;
        } else {
            rank = rankFromLetter(c);
        }
        if (!rank) {
            std::string hint = (c == 'x' || c == 'X') ? " (spot placeholders are not allowed)" : "";
            return syntaxError(pos, "invalid character " + quoted(c) + " in " + who + hint);
        }
        Card card {s, *rank};
        if (hand.contains(card))
            return Error {ErrorCode::DuplicateCard,
                          "Duplicate card " + card.toString() + " (twice in " +
                              std::string(seatName(seat)) + ")"};
        hand.add(card);
        pos += width;
    }
    if (suit != 3)
        return syntaxError(pos,
                           std::string(seatName(seat)) + "'s hand has " + std::to_string(suit + 1) +
                               " suits (expected 4 separated by '.')");
    return hand;
}

} // namespace

int Deal::cardCount() const
{
    int n = 0;
    for (const Hand &h : hands)
        n += h.count();
    return n;
}

std::optional<Seat> Deal::holder(Card c) const
{
    for (Seat s : allSeats) {
        if ((*this)[s].contains(c))
            return s;
    }
    return std::nullopt;
}

std::string Deal::toPbn(Seat first) const
{
    std::string out {seatLetter(first), ':'};
    for (int i = 0; i < 4; ++i) {
        Seat s = next(first, i);
        if (i > 0)
            out += ' ';
        out += isUnknown(s) ? std::string("-") : (*this)[s].toPbn();
    }
    return out;
}

Result<Deal> parsePbnDeal(std::string_view text)
{
    // Surrounding blanks are harmless (pasted text).
    std::size_t begin = 0;
    while (begin < text.size() && std::isspace(static_cast<unsigned char>(text[begin])))
        ++begin;
    std::size_t end = text.size();
    while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
        --end;
    if (begin == end)
        return Error {ErrorCode::NoCards, "empty deal (expected e.g. \"N:AKQ.JT9.876.5432 ...\")"};
    text = text.substr(0, end);

    std::size_t pos = begin;
    auto first = seatFromLetter(text[pos]);
    if (!first)
        return syntaxError(pos, "expected the first seat N, E, S or W, found " + quoted(text[pos]));
    ++pos;
    if (pos >= text.size() || text[pos] != ':')
        return syntaxError(pos, "expected ':' after the first seat");
    ++pos;

    Deal deal;
    for (int i = 0; i < 4; ++i) {
        Seat seat = next(*first, i);
        if (i > 0) {
            if (pos >= text.size())
                return syntaxError(
                    pos, "found " + std::to_string(i) + " hands (expected 4 separated by spaces)");
            while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
                ++pos;
        }
        if (pos < text.size() && text[pos] == '-' &&
            (pos + 1 == text.size() || text[pos + 1] == ' ' || text[pos + 1] == '\t')) {
            deal.unknownSeats |= static_cast<std::uint8_t>(1u << index(seat));
            ++pos;
            continue;
        }
        auto hand = parseHand(text, pos, seat);
        if (!hand)
            return hand.error();
        for (Seat other : allSeats) {
            Hand both = deal[other] & *hand;
            if (!both.empty())
                return Error {ErrorCode::DuplicateCard,
                              "Duplicate card " + both.cards().front().toString() + " (" +
                                  std::string(seatName(other)) + " and " +
                                  std::string(seatName(seat)) + ")"};
        }
        if (hand->count() > 13)
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(seat)) + " holds " + std::to_string(hand->count()) +
                              " cards (at most 13)"};
        deal[seat] = *hand;
    }
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
        ++pos;
    if (pos < text.size())
        return syntaxError(pos, "unexpected text after the fourth hand");
    if (deal.cardCount() == 0)
        return Error {ErrorCode::NoCards, "the deal holds no cards"};
    return deal;
}

Status checkComplete(const Deal &deal)
{
    for (Seat s : allSeats) {
        if (deal.isUnknown(s))
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(s)) + "'s hand is unknown"};
        int n = deal[s].count();
        if (n != 13)
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(s)) + " holds " + std::to_string(n) +
                              " cards (expected 13)"};
    }
    return Ok {};
}

Status checkEqualLengths(const Deal &deal)
{
    int n = deal[Seat::North].count();
    if (n == 0 && deal.cardCount() == 0)
        return Error {ErrorCode::NoCards, "the deal holds no cards"};
    for (Seat s : allSeats) {
        int m = deal[s].count();
        if (m != n)
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(s)) + " holds " + std::to_string(m) +
                              " cards (North holds " + std::to_string(n) + ")"};
    }
    return Ok {};
}

} // namespace tenace::core
