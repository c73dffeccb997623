#include "core/commands/par_batch.h"

#include "core/par/par.h"

#include <algorithm>
#include <cctype>
#include <istream>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

namespace tenace::core {

namespace {

std::optional<Vulnerability> vulnerabilityFromName(std::string_view text)
{
    std::string upper(text);
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (upper == "NONE")
        return Vulnerability::None;
    if (upper == "NS")
        return Vulnerability::NorthSouth;
    if (upper == "EW")
        return Vulnerability::EastWest;
    if (upper == "ALL" || upper == "BOTH")
        return Vulnerability::Both;
    return std::nullopt;
}

std::string join(const std::vector<std::string> &items, char separator)
{
    std::string out;
    for (const std::string &item : items) {
        if (!out.empty())
            out += separator;
        out += item;
    }
    return out;
}

// SidesPar's contracts in par.tsv: DealerPar strings, "-" when the score is 0.
std::string sidesContracts(const ParResult &result)
{
    if (result.isPassedOut())
        return "-";
    std::vector<std::string> items;
    for (const ParContract &c : result.contracts)
        items.push_back(formatDealerParContract(c));
    return join(items, ' ');
}

// Prefixes an error with its line: "line 3: ...", or "line 3, column 5: ..." when the message
// already names a column (deal errors do; the deal starts the line, so the column carries over).
Error atLine(int line, const Error &error)
{
    const std::string where = "line " + std::to_string(line);
    if (error.message.starts_with("column "))
        return Error {error.code, where + ", " + error.message};
    return Error {error.code, where + ": " + error.message};
}

// Parses one input line into a deal and a vulnerability.
Result<std::pair<Deal, Vulnerability>> parseLine(std::string_view text, int line)
{
    const std::size_t tab = text.find('\t');
    if (tab == std::string_view::npos) {
        return atLine(
            line, {ErrorCode::Syntax, "expected a deal and a vulnerability separated by a tab"});
    }
    auto deal = parsePbnDeal(text.substr(0, tab));
    if (!deal)
        return atLine(line, deal.error());
    if (auto complete = checkComplete(*deal); !complete)
        return atLine(line, complete.error());
    const std::size_t end = text.find('\t', tab + 1);
    const std::string_view vulText =
        text.substr(tab + 1, end == std::string_view::npos ? end : end - tab - 1);
    const auto vulnerability = vulnerabilityFromName(vulText);
    if (!vulnerability) {
        return atLine(line,
                      {ErrorCode::Syntax,
                       "column " + std::to_string(tab + 2) + ": unknown vulnerability '" +
                           std::string(vulText) + "' (expected None, NS, EW or All)"});
    }
    return std::pair {std::move(*deal), *vulnerability};
}

} // namespace

std::string parTableHeader()
{
    std::string out = "#deal\tvul\tpar.NS.score\tpar.EW.score\tpar.NS.contracts\tpar.EW.contracts";
    for (Seat dealer : allSeats) {
        const std::string d(1, seatLetter(dealer));
        out += "\tdealer." + d + ".score\tdealer." + d + ".contracts\tdealer." + d + ".text";
    }
    out += "\tsides.NS.score\tsides.NS.contracts\tsides.EW.score\tsides.EW.contracts";
    return out;
}

Result<std::string> parTableRow(const Deal &deal, Vulnerability vulnerability, const DdTable &table)
{
    const auto sides = sidesPar(table, vulnerability);
    if (!sides)
        return sides.error();
    const ParResult &ns = (*sides)[Side::NorthSouth];
    const ParResult &ew = (*sides)[Side::EastWest];
    std::vector<std::string> columns {deal.toPbn(),
                                      std::string(vulnerabilityName(vulnerability)),
                                      formatParScore(ns, Side::NorthSouth),
                                      formatParScore(ew, Side::EastWest),
                                      formatParContracts(ns, Side::NorthSouth),
                                      formatParContracts(ew, Side::EastWest)};
    for (Seat dealer : allSeats) {
        const auto result = dealerPar(table, vulnerability, dealer);
        if (!result)
            return result.error();
        columns.push_back(std::to_string(result->score));
        columns.push_back(join(formatDealerParContracts(*result), ' '));
        columns.push_back(formatDealerParText(*result));
    }
    columns.push_back(std::to_string(ns.scoreFor(Side::NorthSouth)));
    columns.push_back(sidesContracts(ns));
    columns.push_back(std::to_string(ew.scoreFor(Side::EastWest)));
    columns.push_back(sidesContracts(ew));
    return join(columns, '\t');
}

Status writeParTable(std::istream &in, std::ostream &out, const DdTableSource &source)
{
    out << parTableHeader() << '\n';
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        if (text.empty() || text.front() == '#')
            continue;
        auto parsed = parseLine(text, line);
        if (!parsed)
            return parsed.error();
        auto table = source(parsed->first);
        if (!table)
            return atLine(line, table.error());
        auto row = parTableRow(parsed->first, parsed->second, *table);
        if (!row)
            return atLine(line, row.error());
        out << *row << '\n';
        if (!out)
            return Error {ErrorCode::Io, "line " + std::to_string(line) + ": write failed"};
    }
    if (in.bad())
        return Error {ErrorCode::Io, "read failed"};
    return Ok {};
}

} // namespace tenace::core
