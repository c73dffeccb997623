#include "core/analysis/hand_constraint.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace tenace::core {

namespace {

std::string range(int lo, int hi, int fullHi)
{
    if (lo == hi)
        return std::to_string(lo);
    if (hi >= fullHi)
        return std::to_string(lo) + "+";
    if (lo <= 0)
        return "0-" + std::to_string(hi);
    return std::to_string(lo) + "-" + std::to_string(hi);
}

bool isBalanced(Hand hand)
{
    std::array<int, 4> lengths {};
    for (Suit suit : allSuits)
        lengths[static_cast<std::size_t>(index(suit))] = hand.length(suit);
    std::sort(lengths.begin(), lengths.end());
    // 3-3-3-4, 2-3-4-4, 2-3-3-5 sorted ascending.
    return lengths[0] >= 2 && lengths[3] <= 5 && (lengths[0] == 3 || lengths[1] == 3);
}

// "♠K ♥Q" for display.
std::string cardsText(Hand hand)
{
    static constexpr const char *symbols[] = {"\u2660", "\u2665", "\u2666", "\u2663"};
    std::string text;
    for (const Card card : hand.cards()) {
        if (!text.empty())
            text += ' ';
        text += symbols[index(card.suit)];
        text += rankLetter(card.rank);
    }
    return text;
}

// "SKHQ", "SK HQ" or "SK+HQ": cards as suit letter and rank letter.
Result<Hand> parseCardList(std::string_view text)
{
    Hand hand;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == '+') {
            ++i;
            continue;
        }
        const auto card = i + 1 < text.size() ? parseCard(text.substr(i, 2)) : std::nullopt;
        if (!card)
            return Error {ErrorCode::Syntax,
                          "expected cards such as SK or HT at '" + std::string(text.substr(i)) +
                              "'"};
        hand.add(*card);
        i += 2;
    }
    if (hand.empty())
        return Error {ErrorCode::Syntax, "no card given"};
    return hand;
}

} // namespace

bool HandConstraint::constrains() const
{
    if (minHcp > 0 || maxHcp < 37 || balanced || !holds.empty())
        return true;
    for (std::size_t i = 0; i < 4; ++i) {
        if (minLength[i] > 0 || maxLength[i] < 13)
            return true;
    }
    return false;
}

bool HandConstraint::acceptsPoints(Hand hand) const
{
    const int points = hcp(hand);
    return points >= minHcp && points <= maxHcp && (!balanced || isBalanced(hand));
}

bool HandConstraint::accepts(Hand hand) const
{
    if (!acceptsPoints(hand) || (hand & holds) != holds)
        return false;
    for (Suit suit : allSuits) {
        const std::size_t i = static_cast<std::size_t>(index(suit));
        const int length = hand.length(suit);
        if (length < minLength[i] || length > maxLength[i])
            return false;
    }
    return true;
}

std::string HandConstraint::describe() const
{
    if (!constrains())
        return "any";
    std::string text;
    auto add = [&](const std::string &item) {
        if (!text.empty())
            text += ", ";
        text += item;
    };
    if (minHcp > 0 || maxHcp < 37)
        add("hcp " + range(minHcp, maxHcp, 37));
    if (balanced)
        add("balanced");
    for (Suit suit : allSuits) {
        const std::size_t i = static_cast<std::size_t>(index(suit));
        if (minLength[i] > 0 || maxLength[i] < 13)
            add(std::string(1, suitLetter(suit)) + " " + range(minLength[i], maxLength[i], 13));
    }
    if (!holds.empty())
        add("has " + cardsText(holds));
    return text;
}

Result<HandConstraint> parseHandConstraint(std::string_view text)
{
    HandConstraint c;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        start = comma + 1;
        if (item.empty())
            continue;
        if (item == "balanced" || item == "bal") {
            c.balanced = true;
            continue;
        }
        const std::size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            return Error {ErrorCode::Syntax,
                          "constraint '" + std::string(item) +
                              "': expected KEY=MIN-MAX, balanced or has=CARDS"};
        const std::string_view key = item.substr(0, eq);
        const std::string_view value = item.substr(eq + 1);
        if (key == "has") {
            auto cards = parseCardList(value);
            if (!cards)
                return Error {ErrorCode::Syntax,
                              "constraint '" + std::string(item) + "': " + cards.error().message};
            c.holds = c.holds | *cards;
            continue;
        }
        const bool isHcp = key == "hcp" || key == "HCP";
        const auto suit = key.size() == 1 ? suitFromLetter(key[0]) : std::nullopt;
        if (!isHcp && !suit)
            return Error {ErrorCode::Syntax,
                          "constraint '" + std::string(item) + "': unknown key '" +
                              std::string(key) + "' (use hcp, S, H, D, C, balanced or has)"};
        const int limit = isHcp ? 37 : 13;
        auto number = [&](std::string_view digits, int fallback) -> std::optional<int> {
            if (digits.empty())
                return fallback;
            int v = 0;
            const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (ec != std::errc() || end != digits.data() + digits.size() || v < 0 || v > limit)
                return std::nullopt;
            return v;
        };
        const std::size_t dash = value.find('-');
        const auto lo = number(value.substr(0, dash), 0);
        const auto hi = dash == std::string_view::npos ? lo : number(value.substr(dash + 1), limit);
        if (value.empty() || value == "-" || !lo || !hi)
            return Error {ErrorCode::Syntax,
                          "constraint '" + std::string(item) +
                              "': expected a range such as 5-7, 5-, -2 or 5 "
                              "(0.." +
                              std::to_string(limit) + ")"};
        if (*lo > *hi)
            return Error {ErrorCode::InvalidArgument,
                          "constraint '" + std::string(item) + "': the range is empty"};
        if (isHcp) {
            c.minHcp = *lo;
            c.maxHcp = *hi;
        } else {
            const std::size_t i = static_cast<std::size_t>(index(suit.value_or(Suit::Spades)));
            c.minLength[i] = *lo;
            c.maxLength[i] = *hi;
        }
    }
    return c;
}

Result<SeatConstraint> parseSeatConstraint(std::string_view text)
{
    const auto seat = text.size() > 2 && text[1] == ':' ? seatFromLetter(text[0]) : std::nullopt;
    if (!seat) {
        std::string message = "'";
        message.append(text).append("': expected SEAT:LIST, e.g. E:hcp=12-17,S=5-");
        return Error {ErrorCode::Syntax, message};
    }
    auto constraint = parseHandConstraint(text.substr(2));
    if (!constraint)
        return Error {constraint.error().code,
                      std::string(seatName(*seat)) + ": " + constraint.error().message};
    return SeatConstraint {*seat, *constraint};
}

std::string formatHandConstraint(const HandConstraint &c)
{
    std::string text;
    auto add = [&](const std::string &item) {
        if (!text.empty())
            text += ',';
        text += item;
    };
    if (c.minHcp > 0 || c.maxHcp < 37)
        add("hcp=" + std::to_string(c.minHcp) + "-" + std::to_string(c.maxHcp));
    if (c.balanced)
        add("balanced");
    for (Suit suit : allSuits) {
        const std::size_t i = static_cast<std::size_t>(index(suit));
        if (c.minLength[i] > 0 || c.maxLength[i] < 13)
            add(std::string(1, suitLetter(suit)) + "=" + std::to_string(c.minLength[i]) + "-" +
                std::to_string(c.maxLength[i]));
    }
    if (!c.holds.empty()) {
        std::string cards;
        for (const Card card : c.holds.cards())
            cards += std::string(1, suitLetter(card.suit)) + rankLetter(card.rank);
        add("has=" + cards);
    }
    return text;
}

const std::vector<ConstraintPreset> &constraintPresets()
{
    static const std::vector<ConstraintPreset> presets {
        {"1nt-15-17", "1NT opening, 15-17 balanced", "hcp=15-17,balanced"},
        {"1nt-12-14", "1NT opening, 12-14 balanced", "hcp=12-14,balanced"},
        {"1s-5", "1\u2660 opening, five spades", "hcp=11-21,S=5-13"},
        {"1h-5", "1\u2665 opening, five hearts", "hcp=11-21,H=5-13,S=0-5"},
        {"weak2-s", "Weak two in spades", "hcp=5-10,S=6-6,H=0-3"},
        {"weak2-h", "Weak two in hearts", "hcp=5-10,H=6-6,S=0-3"},
        {"weak2-d", "Weak two in diamonds", "hcp=5-10,D=6-6,S=0-3,H=0-3"},
        {"pre3-s", "Three-level preempt in spades", "hcp=5-10,S=7-7"},
        {"pre3-h", "Three-level preempt in hearts", "hcp=5-10,H=7-7"},
        {"pre3-d", "Three-level preempt in diamonds", "hcp=5-10,D=7-7"},
        {"pre3-c", "Three-level preempt in clubs", "hcp=5-10,C=7-7"},
        {"double-1h", "Takeout double of 1\u2665", "hcp=12-21,H=0-2,S=3-5,D=3-5,C=3-5"},
        {"double-1s", "Takeout double of 1\u2660", "hcp=12-21,S=0-2,H=3-5,D=3-5,C=3-5"},
        {"overcall-1s", "1\u2660 overcall", "hcp=8-16,S=5-13"},
        {"overcall-2h", "2\u2665 overcall", "hcp=10-16,H=5-13"},
        {"pass", "Passed hand", "hcp=0-11"},
    };
    return presets;
}

} // namespace tenace::core
