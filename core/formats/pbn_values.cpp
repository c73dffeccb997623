#include "core/formats/pbn_values.h"

#include <algorithm>

namespace tenace::core {

namespace {

Error syntax(std::string what)
{
    return {ErrorCode::Syntax, std::move(what)};
}

std::optional<Strain> parseStrainText(std::string_view upper)
{
    if (upper == "NT" || upper == "N")
        return Strain::NoTrump;
    if (upper.size() == 1 && upper[0] != 'N')
        return strainFromLetter(upper[0]);
    return std::nullopt;
}

std::optional<Doubling> parseRisk(std::string_view upper)
{
    if (upper.empty())
        return Doubling::Undoubled;
    if (upper == "X" || upper == "*")
        return Doubling::Doubled;
    if (upper == "XX" || upper == "**")
        return Doubling::Redoubled;
    return std::nullopt;
}

std::string_view riskText(Doubling d)
{
    return d == Doubling::Doubled ? "X" : d == Doubling::Redoubled ? "XX" : "";
}

std::optional<int> parseSigned(std::string_view text)
{
    int sign = 1;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
        sign = text[0] == '-' ? -1 : 1;
        text.remove_prefix(1);
    }
    auto v = parseDecimal(text);
    if (!v)
        return std::nullopt;
    return sign * *v;
}

// Reads "NS <n>" / "EW <n>" pairs (Result, OptimumScore): side -> value.
bool parseSidePairs(std::string_view text, std::optional<int> &ns, std::optional<int> &ew,
                    bool allowSign)
{
    auto words = splitBlanks(text);
    if (words.empty() || words.size() % 2 != 0)
        return false;
    for (std::size_t i = 0; i < words.size(); i += 2) {
        const std::string side = toUpperAscii(words[i]);
        auto v = allowSign ? parseSigned(words[i + 1]) : parseDecimal(words[i + 1]);
        if (!v || (side != "NS" && side != "EW"))
            return false;
        (side == "NS" ? ns : ew) = *v;
    }
    return true;
}

} // namespace

DdTable unknownDdTable()
{
    DdTable table;
    for (auto &row : table.tricks)
        row.fill(unknownTricks);
    return table;
}

Result<Seat> parsePbnSeat(std::string_view text, std::string_view what)
{
    const std::string_view t = trimBlanks(text);
    if (t.size() == 1) {
        if (auto seat = seatFromLetter(t[0]))
            return *seat;
    }
    return syntax("unknown " + std::string(what) + " " + quotedText(t) +
                  " (expected N, E, S or W)");
}

Result<Vulnerability> parsePbnVulnerability(std::string_view text)
{
    const std::string v = toUpperAscii(trimBlanks(text));
    if (v == "NONE" || v == "LOVE" || v == "-")
        return Vulnerability::None;
    if (v == "NS")
        return Vulnerability::NorthSouth;
    if (v == "EW")
        return Vulnerability::EastWest;
    if (v == "ALL" || v == "BOTH")
        return Vulnerability::Both;
    return syntax("unknown vulnerability " + quotedText(trimBlanks(text)) +
                  " (expected None, NS, EW or All)");
}

Result<PbnDeclarer> parsePbnDeclarer(std::string_view text)
{
    std::string_view t = trimBlanks(text);
    PbnDeclarer out;
    if (t.empty())
        return out;
    if (t[0] == '^') {
        out.swapped = true;
        t.remove_prefix(1);
    }
    auto seat = parsePbnSeat(t, "declarer");
    if (!seat)
        return seat.error();
    out.seat = *seat;
    return out;
}

std::string PbnContract::toPbn() const
{
    if (passedOut)
        return "Pass";
    std::string out = level > 0 ? std::to_string(level) : std::string();
    out += strainName(strain);
    out += riskText(doubling);
    return out;
}

Result<PbnContract> parsePbnContract(std::string_view text)
{
    const std::string v = toUpperAscii(trimBlanks(text));
    PbnContract out;
    if (v == "PASS" || v == "P" || v == "AP") {
        out.passedOut = true;
        return out;
    }
    std::string_view rest = v;
    if (!rest.empty() && rest[0] >= '1' && rest[0] <= '7') {
        out.level = rest[0] - '0';
        rest.remove_prefix(1);
    }
    const std::size_t strainLength = rest.starts_with("NT") ? 2 : 1;
    auto strain = rest.empty() ? std::nullopt : parseStrainText(rest.substr(0, strainLength));
    auto risk = strain ? parseRisk(rest.substr(strainLength)) : std::nullopt;
    if (!strain || !risk || (out.level == 0 && *risk != Doubling::Undoubled))
        return syntax("invalid contract " + quotedText(trimBlanks(text)) +
                      " (expected e.g. 4SX, 3NT or Pass)");
    out.strain = *strain;
    out.doubling = *risk;
    return out;
}

std::optional<int> PbnResult::tricksFor(Seat declarer) const
{
    if (declarerTricks)
        return declarerTricks;
    const bool ns = sideOf(declarer) == Side::NorthSouth;
    const std::optional<int> &own = ns ? nsTricks : ewTricks;
    const std::optional<int> &other = ns ? ewTricks : nsTricks;
    if (own)
        return own;
    if (other)
        return 13 - *other;
    return std::nullopt;
}

Result<PbnResult> parsePbnResult(std::string_view text)
{
    std::string_view t = trimBlanks(text);
    PbnResult out;
    if (!t.empty() && t[0] == '^') {
        out.disputed = true;
        t = trimBlanks(t.substr(1));
    }
    if (t.empty() && !out.disputed)
        return out;
    auto fail = [&] {
        return syntax("invalid result " + quotedText(trimBlanks(text)) +
                      " (expected the tricks won by declarer, 0 to 13)");
    };
    if (auto n = parseDecimal(t)) {
        if (*n > 13)
            return fail();
        out.declarerTricks = *n;
        return out;
    }
    if (!parseSidePairs(t, out.nsTricks, out.ewTricks, false))
        return fail();
    if ((out.nsTricks && *out.nsTricks > 13) || (out.ewTricks && *out.ewTricks > 13))
        return fail();
    return out;
}

Result<std::uint8_t> parsePbnHidden(std::string_view text)
{
    std::uint8_t mask = 0;
    for (char c : trimBlanks(text)) {
        if (c == ' ' || c == ',')
            continue;
        auto seat = seatFromLetter(c);
        if (!seat)
            return syntax("invalid hidden seat " + quotedText(std::string_view(&c, 1)) +
                          " (expected letters N, E, S, W)");
        mask = static_cast<std::uint8_t>(mask | (1u << index(*seat)));
    }
    return mask;
}

Result<PbnNote> parsePbnNote(std::string_view text)
{
    const std::size_t colon = text.find(':');
    auto n = colon == std::string_view::npos ? std::nullopt
                                             : parseDecimal(trimBlanks(text.substr(0, colon)));
    if (!n)
        return syntax("invalid note " + quotedText(text) + " (expected \"<number>:<text>\")");
    return PbnNote {*n, std::string(text.substr(colon + 1))};
}

Result<int> parsePbnOptimumScore(std::string_view text)
{
    std::optional<int> ns;
    std::optional<int> ew;
    if (!parseSidePairs(trimBlanks(text), ns, ew, true))
        return syntax("invalid optimum score " + quotedText(trimBlanks(text)) +
                      " (expected e.g. \"NS 420\" or \"EW -100\")");
    return ns ? *ns : -*ew;
}

std::string formatPbnOptimumScore(int nsScore)
{
    return "NS " + std::to_string(nsScore);
}

// DoubleDummyTricks order: declarer N S E W, each strain NT S H D C.
namespace {
constexpr std::array<Seat, 4> ddtSeats {Seat::North, Seat::South, Seat::East, Seat::West};
constexpr std::array<Strain, 5> ddtStrains {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                            Strain::Diamonds, Strain::Clubs};
} // namespace

Result<DdTable> parsePbnDoubleDummyTricks(std::string_view text)
{
    const std::string_view t = trimBlanks(text);
    if (t.size() != 20)
        return syntax("DoubleDummyTricks has " + std::to_string(t.size()) +
                      " digits (expected 20 hex digits)");
    DdTable table = unknownDdTable();
    for (std::size_t i = 0; i < 20; ++i) {
        const char c = t[i];
        int v = unknownTricks;
        if (c >= '0' && c <= '9')
            v = c - '0';
        else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
            v = (c | 0x20) - 'a' + 10;
        else if (c != '-' && c != '?')
            return syntax("invalid digit " + quotedText(t.substr(i, 1)) + " at position " +
                          std::to_string(i + 1) + " of DoubleDummyTricks");
        if (v > 13)
            return syntax("DoubleDummyTricks digit " + quotedText(t.substr(i, 1)) +
                          " at position " + std::to_string(i + 1) + " is more than 13 tricks");
        table.at(ddtStrains[i % 5], ddtSeats[i / 5]) = v;
    }
    return table;
}

std::string formatPbnDoubleDummyTricks(const DdTable &table)
{
    std::string out;
    for (Seat seat : ddtSeats) {
        for (Strain strain : ddtStrains) {
            const int v = table(strain, seat);
            out += v < 0 || v > 13 ? '-' : "0123456789abcd"[v];
        }
    }
    return out;
}

namespace {

// Column names of a table tag value: order marks and widths stripped, upper case.
std::vector<std::string> tableColumns(std::string_view value)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos <= value.size()) {
        std::size_t end = value.find(';', pos);
        if (end == std::string_view::npos)
            end = value.size();
        std::string_view name = trimBlanks(value.substr(pos, end - pos));
        if (!name.empty() && (name[0] == '+' || name[0] == '-'))
            name.remove_prefix(1);
        name = name.substr(0, name.find('\\'));
        out.push_back(toUpperAscii(trimBlanks(name)));
        pos = end + 1;
    }
    return out;
}

std::string padLeft(std::string_view text, std::size_t width)
{
    return std::string(width > text.size() ? width - text.size() : 0, ' ') + std::string(text);
}

struct ResultColumns
{
    std::size_t declarer = 0, denomination = 0, result = 0, count = 0;
};

Result<ResultColumns> findResultColumns(std::string_view value)
{
    const auto names = tableColumns(value);
    ResultColumns cols {names.size(), names.size(), names.size(), names.size()};
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == "DECLARER")
            cols.declarer = i;
        else if (names[i] == "DENOMINATION" || names[i] == "STRAIN")
            cols.denomination = i;
        else if (names[i] == "RESULT")
            cols.result = i;
    }
    if (cols.declarer == cols.count || cols.denomination == cols.count || cols.result == cols.count)
        return syntax("OptimumResultTable columns " + quotedText(value) +
                      " lack Declarer, Denomination or Result");
    return cols;
}

Status readResultRow(const std::vector<const PbnSectionToken *> &row, const ResultColumns &cols,
                     DdTable &table)
{
    const PbnSectionToken &d = *row[cols.declarer];
    const PbnSectionToken &s = *row[cols.denomination];
    const PbnSectionToken &r = *row[cols.result];
    auto seat = parsePbnSeat(d.text, "declarer");
    if (!seat)
        return pbnError(d.position, ErrorCode::Syntax,
                        seat.error().message + " in OptimumResultTable");
    auto strain = parseStrainText(toUpperAscii(s.text));
    if (!strain)
        return pbnError(s.position, ErrorCode::Syntax,
                        "unknown denomination " + quotedText(s.text) + " in OptimumResultTable");
    std::string_view cell = r.text;
    if (cell.starts_with("^"))
        cell.remove_prefix(1);
    auto tricks = parseDecimal(cell);
    if (cell == "?" || cell == "-")
        tricks = unknownTricks;
    else if (!tricks || *tricks > 13)
        return pbnError(r.position, ErrorCode::Syntax,
                        "invalid result " + quotedText(r.text) +
                            " in OptimumResultTable (expected 0 to 13)");
    table.at(*strain, *seat) = *tricks;
    return Ok {};
}

} // namespace

Result<DdTable> parsePbnOptimumResultTable(std::string_view columns,
                                           const std::vector<PbnSectionToken> &tokens)
{
    auto cols = findResultColumns(columns);
    if (!cols)
        return cols.error();
    std::vector<const PbnSectionToken *> elements;
    for (const auto &t : tokens) {
        if (t.kind != PbnSectionToken::Kind::Comment)
            elements.push_back(&t);
    }
    if (elements.size() % cols->count != 0)
        return pbnError(elements.back()->position, ErrorCode::Syntax,
                        "the last row of OptimumResultTable is incomplete (expected " +
                            std::to_string(cols->count) + " elements per row)");
    DdTable table = unknownDdTable();
    for (std::size_t i = 0; i < elements.size(); i += cols->count) {
        std::vector<const PbnSectionToken *> row(elements.begin() + static_cast<std::ptrdiff_t>(i),
                                                 elements.begin() +
                                                     static_cast<std::ptrdiff_t>(i + cols->count));
        if (auto ok = readResultRow(row, *cols, table); !ok)
            return ok.error();
    }
    return table;
}

std::string pbnOptimumResultTableColumns()
{
    return "Declarer;Denomination\\2R;Result\\2R";
}

std::vector<std::string> formatPbnOptimumResultTable(const DdTable &table)
{
    std::vector<std::string> rows;
    for (Seat seat : ddtSeats) {
        for (Strain strain : ddtStrains) {
            const int v = table(strain, seat);
            if (v < 0 || v > 13)
                continue;
            rows.push_back(std::string(1, seatLetter(seat)) + ' ' + padLeft(strainName(strain), 2) +
                           ' ' + padLeft(std::to_string(v), 2));
        }
    }
    return rows;
}

std::string pbnOptimumPlayTableColumns()
{
    return "S;H;D;C";
}

namespace {

Result<std::uint16_t> parseRanks(const PbnSectionToken &t)
{
    std::uint16_t mask = 0;
    if (t.text == "-")
        return mask;
    for (char c : t.text) {
        auto rank = rankFromLetter(c);
        if (!rank)
            return pbnError(t.position, ErrorCode::Syntax,
                            "invalid ranks " + quotedText(t.text) +
                                " in OptimumPlayTable (expected e.g. AK5 or -)");
        mask = static_cast<std::uint16_t>(mask | (1u << value(*rank)));
    }
    return mask;
}

} // namespace

Result<std::vector<std::array<std::uint16_t, 4>>>
parsePbnOptimumPlayTable(std::string_view columns, const std::vector<PbnSectionToken> &tokens)
{
    const auto names = tableColumns(columns);
    std::vector<int> suitOf(names.size(), -1);
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (auto s = names[i].size() == 1 ? suitFromLetter(names[i][0]) : std::nullopt)
            suitOf[i] = index(*s);
    }
    std::vector<const PbnSectionToken *> elements;
    for (const auto &t : tokens) {
        if (t.kind != PbnSectionToken::Kind::Comment)
            elements.push_back(&t);
    }
    if (!elements.empty() && elements.size() % names.size() != 0)
        return pbnError(elements.back()->position, ErrorCode::Syntax,
                        "the last row of OptimumPlayTable is incomplete (expected " +
                            std::to_string(names.size()) + " elements per row)");
    std::vector<std::array<std::uint16_t, 4>> rows;
    for (std::size_t i = 0; i < elements.size(); ++i) {
        if (i % names.size() == 0)
            rows.emplace_back();
        const int suit = suitOf[i % names.size()];
        auto mask = parseRanks(*elements[i]);
        if (!mask)
            return mask.error();
        if (suit >= 0)
            rows.back()[static_cast<std::size_t>(suit)] = *mask;
    }
    return rows;
}

std::vector<std::string>
formatPbnOptimumPlayTable(const std::vector<std::array<std::uint16_t, 4>> &rows)
{
    std::vector<std::string> out;
    for (const auto &row : rows) {
        std::string line;
        for (std::size_t s = 0; s < 4; ++s) {
            std::string ranks;
            for (int r = 14; r >= 2; --r) {
                if ((row[s] >> r) & 1)
                    ranks += rankLetter(rankOf(r));
            }
            if (s)
                line += ' ';
            line += ranks.empty() ? std::string("-") : ranks;
        }
        out.push_back(line);
    }
    return out;
}

namespace {

// The contract of a par item: "<level(s)><strain>[X|XX|*][=|+n|-n]", upper case.
Result<PbnParItem> parseParContractText(std::string_view text, std::string_view whole)
{
    PbnParItem item;
    std::string_view rest = text;
    auto fail = [&] {
        return syntax("invalid par contract " + quotedText(whole) + " (expected e.g. NS 4S=, " +
                      "E 3NT+1 or EW 5Dx-1)");
    };
    if (rest.empty() || rest[0] < '1' || rest[0] > '7')
        return fail();
    item.level = rest[0] - '0';
    while (!rest.empty() && rest[0] >= '1' && rest[0] <= '7')
        rest.remove_prefix(1); // "23S": 2 or 3 spades, keep the lowest
    const std::size_t strainLength = rest.starts_with("NT") ? 2 : 1;
    auto strain = rest.empty() ? std::nullopt : parseStrainText(rest.substr(0, strainLength));
    if (!strain)
        return fail();
    item.strain = *strain;
    rest.remove_prefix(strainLength);
    const std::size_t tricksAt = rest.find_first_of("+-=");
    auto risk = parseRisk(rest.substr(0, tricksAt));
    if (!risk)
        return fail();
    item.doubling = *risk;
    if (tricksAt != std::string_view::npos && rest.substr(tricksAt) != "=") {
        auto n = parseSigned(rest.substr(tricksAt));
        if (!n)
            return fail();
        item.overtricks = *n;
    }
    return item;
}

// The side of "NS", "EW", "N", "SN"..., or nullopt when the letters are not all of one side.
std::optional<Side> sideOfSeats(std::string_view seats)
{
    std::optional<Side> side;
    for (char c : seats) {
        const auto seat = seatFromLetter(c);
        if (!seat || (side && *side != sideOf(*seat)))
            return std::nullopt;
        side = sideOf(*seat);
    }
    return side;
}

// One par contract with the seats in front of it, as words: "NS 4S=", "E 3N+2", "NS N 3NT+1",
// "4H" (the side given before). Checks the seats against `side` and sets it when unknown.
Result<PbnParItem> parseParItem(std::string_view text, std::string_view whole,
                                std::optional<Side> &side)
{
    std::string upper = toUpperAscii(trimBlanks(text));
    std::replace(upper.begin(), upper.end(), ':', ' ');
    std::vector<std::string_view> words;
    for (std::string_view rest = upper; !trimBlanks(rest).empty();) {
        rest = trimBlanks(rest);
        const std::size_t space = rest.find_first_of(" \t");
        words.push_back(rest.substr(0, space));
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space);
    }
    if (words.empty())
        return syntax("invalid par contract " + quotedText(whole) + " (empty contract)");
    auto item = parseParContractText(words.back(), whole);
    if (!item)
        return item;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        const auto own = sideOfSeats(words[i]);
        if (!own || (side && *side != *own))
            return syntax("invalid par contract " + quotedText(whole) + ": " +
                          quotedText(words[i]) +
                          (own ? " is not of the side of the others" : " is not a side or a seat"));
        side = own;
        if (words[i].size() == 1)
            item->declarers = std::string(words[i]);
    }
    if (!side)
        return syntax("invalid par contract " + quotedText(whole) +
                      " (expected it to start with a side or a seat)");
    return item;
}

} // namespace

Result<PbnParContract> parsePbnParContract(std::string_view text)
{
    const std::string_view t = trimBlanks(text);
    PbnParContract out;
    if (toUpperAscii(t) == "PASS")
        return out;
    std::optional<Side> side;
    for (std::string_view rest = t; !rest.empty();) {
        const std::size_t end = rest.find_first_of(",;");
        auto item = parseParItem(rest.substr(0, end), t, side);
        if (!item)
            return item.error();
        out.contracts.push_back(*item);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    }
    if (out.contracts.empty())
        return syntax("par contract " + quotedText(t) + " names no contract");
    out.side = side;
    return out;
}

std::string PbnParContract::toPbn() const
{
    if (!side)
        return "Pass";
    std::string out;
    for (const PbnParItem &c : contracts) {
        if (!out.empty())
            out += ", ";
        out += c.declarers.size() == 1 ? c.declarers : std::string(sideName(*side));
        out += ' ' + std::to_string(c.level) + std::string(strainName(c.strain));
        out += c.doubling == Doubling::Doubled  ? "x"
            : c.doubling == Doubling::Redoubled ? "xx"
                                                : "";
        out += c.overtricks == 0 ? "=" : c.overtricks > 0 ? "+" : "";
        if (c.overtricks != 0)
            out += std::to_string(c.overtricks);
    }
    return out;
}

} // namespace tenace::core
