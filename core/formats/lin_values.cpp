#include "core/formats/lin_values.h"

#include "core/formats/text_encoding.h"

#include <algorithm>

namespace tenace::core {

namespace {

// Walks the text keeping line and column (in characters).
class LinCursor
{
public:
    explicit LinCursor(std::string_view text) : m_text(text) { }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return m_text[m_pos]; }
    std::size_t offset() const { return m_pos; }
    PbnPosition position() const { return {m_line, m_column}; }
    void advance()
    {
        const char c = m_text[m_pos++];
        if (c == '\n' || (c == '\r' && (atEnd() || m_text[m_pos] != '\n'))) {
            ++m_line;
            m_column = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80 && c != '\r') {
            ++m_column;
        }
    }
    // Text up to (not including) the next '|' or the end; the cursor then stands after the '|'.
    std::string until(bool stopAtNewline, bool &found)
    {
        const std::size_t begin = m_pos;
        while (!atEnd() && peek() != '|' && !(stopAtNewline && (peek() == '\n' || peek() == '\r')))
            advance();
        std::string out(m_text.substr(begin, m_pos - begin));
        found = !atEnd() && peek() == '|';
        if (found)
            advance();
        return out;
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
    int m_column = 1;
};

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
        return (c | 0x20) - 'a' + 10;
    return -1;
}

std::string urlDecode(std::string_view s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') {
            out += ' ';
        } else if (s[i] == '%' && i + 2 < s.size() && hexValue(s[i + 1]) >= 0 &&
                   hexValue(s[i + 2]) >= 0) {
            out += static_cast<char>(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2]));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

// md| hands come in the order South, West, North, East.
constexpr std::array<Seat, 4> linSeats {Seat::South, Seat::West, Seat::North, Seat::East};

// One hand: suit letters followed by their ranks, in any order and case ("SKH4579QKAD69C58K").
Result<Hand> parseLinHand(std::string_view text, PbnPosition at, Seat seat)
{
    Hand hand;
    std::optional<Suit> suit;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const PbnPosition here = at.advanced(utf8Length(text.substr(0, i)));
        if (auto s = suitFromLetter(text[i])) { // suit letters are never rank letters
            suit = s;
            continue;
        }
        const bool ten = text[i] == '1' && i + 1 < text.size() && text[i + 1] == '0';
        auto rank = ten ? std::optional(Rank::Ten) : rankFromLetter(text[i]);
        if (!rank || !suit)
            return pbnError(here, ErrorCode::Syntax,
                            "invalid character " + quotedText(text.substr(i, 1)) + " in " +
                                std::string(seatName(seat)) + "'s hand in md|" +
                                (suit ? "" : " (expected a suit letter S, H, D or C first)"));
        const Card card {*suit, *rank};
        if (hand.contains(card))
            return pbnError(here, ErrorCode::DuplicateCard,
                            "Duplicate card " + card.toString() + " (twice in " +
                                std::string(seatName(seat)) + ")");
        hand.add(card);
        i += ten ? 1 : 0;
    }
    if (hand.count() > 13)
        return pbnError(at, ErrorCode::WrongCardCount,
                        std::string(seatName(seat)) + " holds " + std::to_string(hand.count()) +
                            " cards (at most 13)");
    return hand;
}

Status addHand(Deal &deal, Hand hand, Seat seat, PbnPosition at)
{
    for (Seat other : allSeats) {
        if (const Hand both = deal[other] & hand; !both.empty())
            return pbnError(at, ErrorCode::DuplicateCard,
                            "Duplicate card " + both.cards().front().toString() + " (" +
                                std::string(seatName(other)) + " and " +
                                std::string(seatName(seat)) + ") in md|");
    }
    deal[seat] = hand;
    return Ok {};
}

// The fourth hand is often left out: it is the rest of the deck. Other missing hands are unknown.
void fillMissingHands(Deal &deal, int given)
{
    const Hand rest = Hand::fullDeck() - deal.allCards();
    for (Seat s : linSeats) {
        if (!deal[s].empty())
            continue;
        if (given == 3 && rest.count() == 13)
            deal[s] = rest;
        else
            deal.unknownSeats = static_cast<std::uint8_t>(deal.unknownSeats | (1u << index(s)));
    }
}

} // namespace

bool isLinKeyChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::vector<LinPair> splitLinPairs(std::string_view text, std::vector<PbnIssue> &issues)
{
    std::vector<LinPair> pairs;
    LinCursor cursor(text);
    for (;;) {
        while (!cursor.atEnd() && trimBlanks(std::string_view(&text[cursor.offset()], 1)).empty())
            cursor.advance();
        if (cursor.atEnd())
            break;
        LinPair pair;
        pair.keyPosition = cursor.position();
        pair.offset = cursor.offset();
        bool found = false;
        const std::string key = cursor.until(true, found);
        const bool valid = found && !key.empty() && key.size() <= 3 &&
            std::all_of(key.begin(), key.end(), isLinKeyChar);
        if (!valid) {
            issues.push_back(pbnIssue(
                -1,
                pbnError(pair.keyPosition, ErrorCode::Syntax,
                         "unexpected " + quotedText(key) + " (expected a LIN key such as md|)")));
            continue;
        }
        pair.key = key;
        for (char &c : pair.key)
            c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        pair.valuePosition = cursor.position();
        pair.value = cursor.until(false, found);
        pairs.push_back(std::move(pair));
    }
    return pairs;
}

std::string unwrapLinUrl(std::string_view text)
{
    const std::string_view t = trimBlanks(text);
    const std::size_t at = t.find("lin=");
    if (at == std::string_view::npos || !(t.starts_with("http") || t.starts_with("www.")))
        return std::string(text);
    const std::size_t end = t.find_first_of("& \t\r\n", at + 4);
    return urlDecode(t.substr(at + 4, end == std::string_view::npos ? end : end - at - 4));
}

Result<LinDeal> parseLinDeal(std::string_view value, PbnPosition at)
{
    LinDeal out;
    std::size_t pos = 0;
    if (!value.empty() && value[0] >= '1' && value[0] <= '4') {
        static constexpr Seat dealers[] = {Seat::South, Seat::West, Seat::North, Seat::East};
        out.dealer = dealers[value[0] - '1'];
        pos = 1;
    }
    int given = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        std::size_t end = value.find(',', pos);
        if (i == 3 && end != std::string_view::npos &&
            value.find_first_not_of(", ", end) != std::string_view::npos)
            return pbnError(at.advanced(utf8Length(value.substr(0, end))), ErrorCode::Syntax,
                            "more than 4 hands in md|");
        const std::string_view text = pos <= value.size()
            ? value.substr(pos, end == std::string_view::npos ? end : end - pos)
            : "";
        auto hand = parseLinHand(
            trimBlanks(text), at.advanced(utf8Length(value.substr(0, std::min(pos, value.size())))),
            linSeats[i]);
        if (!hand)
            return hand.error();
        if (auto ok = addHand(out.deal, *hand, linSeats[i], at); !ok)
            return ok.error();
        given += hand->empty() ? 0 : 1;
        pos = end == std::string_view::npos ? value.size() + 1 : end + 1;
    }
    fillMissingHands(out.deal, given);
    return out;
}

Result<PbnCall> parseLinCall(std::string_view value, PbnPosition at, bool &alert)
{
    std::string_view v = trimBlanks(value);
    alert = false;
    while (!v.empty() && v.back() == '!') {
        alert = true;
        v.remove_suffix(1);
    }
    const std::string t = toUpperAscii(v);
    PbnCall call;
    call.position = at;
    if (t == "P" || t == "PASS")
        call.kind = PbnCallKind::Pass;
    else if (t == "D" || t == "X" || t == "DBL")
        call.kind = PbnCallKind::Double;
    else if (t == "R" || t == "XX" || t == "RDBL")
        call.kind = PbnCallKind::Redouble;
    else if (t.size() >= 2 && t[0] >= '1' && t[0] <= '7' &&
             (t.size() == 2 || t.substr(1) == "NT")) {
        auto strain = t[1] == 'N' ? std::optional(Strain::NoTrump) : strainFromLetter(t[1]);
        if (!strain)
            return pbnError(at, ErrorCode::Syntax, "unknown call " + quotedText(value) + " in mb|");
        call = PbnCall::bid(t[0] - '0', *strain);
        call.position = at;
    } else {
        return pbnError(at, ErrorCode::Syntax,
                        "unknown call " + quotedText(value) +
                            " in mb| (expected p, d, r or a bid such as 1N)");
    }
    return call;
}

std::optional<LinResult> parseLinResult(std::string_view text)
{
    const std::string t = toUpperAscii(trimBlanks(text));
    if (t.size() < 4 || t[0] < '1' || t[0] > '7')
        return std::nullopt;
    auto strain = t[1] == 'N' ? std::optional(Strain::NoTrump) : strainFromLetter(t[1]);
    auto declarer = seatFromLetter(t[2]);
    std::string_view rest = std::string_view(t).substr(3);
    Doubling doubling = Doubling::Undoubled;
    if (rest.starts_with("XX"))
        doubling = Doubling::Redoubled, rest.remove_prefix(2);
    else if (rest.starts_with("X"))
        doubling = Doubling::Doubled, rest.remove_prefix(1);
    const int level = t[0] - '0';
    std::optional<int> delta = rest == "=" ? std::optional(0) : std::nullopt;
    if (!delta && rest.size() >= 2 && (rest[0] == '+' || rest[0] == '-')) {
        if (auto n = parseDecimal(rest.substr(1)))
            delta = rest[0] == '+' ? *n : -*n;
    }
    if (!strain || !declarer || !delta || level + 6 + *delta < 0 || level + 6 + *delta > 13)
        return std::nullopt;
    return LinResult {PbnContract {false, level, *strain, doubling}, *declarer, level + 6 + *delta};
}

} // namespace tenace::core
