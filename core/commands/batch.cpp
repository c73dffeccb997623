#include "core/commands/batch.h"

#include "core/commands/par_batch.h"
#include "core/commands/pbn_batch.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <istream>
#include <iterator>
#include <map>
#include <ostream>
#include <sstream>
#include <thread>
#include <variant>

namespace tenace::core {

namespace {

struct Row
{
    std::string where; // "line 12", or "hands.pbn: line 40, column 1: board 3"
    std::vector<std::string> fields;
};

// Data rows of a TSV file (comments and blank lines skipped); `name` goes in front of "line N".
std::vector<Row> readRows(std::istream &in, std::string_view name = {})
{
    const std::string prefix = name.empty() ? std::string() : std::string(name) + ": ";
    std::vector<Row> rows;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty() || line[0] == '#' || line[0] == '%')
            continue;
        rows.push_back({prefix + "line " + std::to_string(n), splitTabs(line)});
    }
    return rows;
}

bool endsWithNoCase(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() &&
        std::equal(suffix.begin(), suffix.end(), text.end() - static_cast<long>(suffix.size()),
                   [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

// A file of boards (PBN or LIN) rather than TSV lines: by its name, or by a '[' starting its
// first line that is neither blank nor a '%' comment.
bool isBoardFile(std::string_view text, std::string_view name)
{
    if (endsWithNoCase(name, ".pbn") || endsWithNoCase(name, ".lin"))
        return true;
    if (text.starts_with("\xef\xbb\xbf"))
        text.remove_prefix(3);
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] != '%')
            return line[first] == '[';
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return false;
}

// A board of a PBN or LIN file as the fields of a TSV row, or the reason it is left out (not a
// fault of the file: a passed-out board has no opening lead to solve).
struct BoardFields
{
    std::vector<std::string> fields;
    std::string leftOut;
};
using BoardToFields = std::function<Result<BoardFields>(const PbnGame &, const Deal &)>;

// "line 40, column 1: board 3": the place of the board's Deal tag (else of its first tag).
std::string boardPlace(const PbnGame &game, int number)
{
    const PbnTag *tag = game.findTag("Deal");
    for (std::size_t i = 0; !tag && i < game.items().size(); ++i)
        tag = std::get_if<PbnTag>(&game.items()[i]);
    const std::string board = "board " + game.tagValue("Board").value_or(std::to_string(number));
    if (!tag || tag->position.line == 0)
        return board;
    return "line " + std::to_string(tag->position.line) + ", column " +
        std::to_string(tag->position.column) + ": " + board;
}

// The rows of the boards of a PBN or LIN file, one by one through the reader. The file's errors
// and warnings are written to `errors`; `problems` counts the errors and the boards that cannot
// be made into a row.
std::vector<Row> readBoardRows(std::string_view text, const BatchOptions &options,
                               const BoardToFields &toFields, std::ostream &errors, int &problems)
{
    PbnReadOptions read;
    read.sourceName = options.inputName.empty() ? "<input>" : options.inputName;
    const PbnReadResult result = readBridgeText(text, read.sourceName, read);
    for (const PbnIssue &issue : result.issues)
        errors << issue.error.message << '\n';
    problems += pbnErrorCount(result.issues);
    std::vector<Row> rows;
    int number = 0;
    for (const PbnGame &game : result.document.games) {
        if (!game.hasTags())
            continue;
        const std::string where = read.sourceName + ": " + boardPlace(game, ++number);
        const auto dealText = game.tagValue("Deal");
        if (!dealText || dealText->empty() || *dealText == "?") {
            errors << where << ": no deal, left out\n";
            continue;
        }
        const auto deal = game.deal();
        if (!deal)
            continue; // the reader has said why
        auto fields = toFields(game, *deal);
        if (!fields) {
            errors << where << ": " << fields.error().message << '\n';
            ++problems;
        } else if (!fields->leftOut.empty()) {
            errors << where << ": " << fields->leftOut << ", left out\n";
        } else {
            rows.push_back({where, std::move(fields->fields)});
        }
    }
    return rows;
}

// The rows of the input: TSV lines, or the boards of a PBN or LIN file.
std::vector<Row> readInputRows(std::istream &in, const BatchOptions &options,
                               const BoardToFields &toFields, std::ostream &errors, int &problems)
{
    const std::string text(std::istreambuf_iterator<char>(in), {});
    if (isBoardFile(text, options.inputName))
        return readBoardRows(text, options, toFields, errors, problems);
    std::istringstream lines(text);
    return readRows(lines, options.inputName);
}

std::vector<Card> parseCards(const std::string &text, std::string &error)
{
    std::vector<Card> cards;
    if (text == "-" || text.empty())
        return cards;
    std::istringstream words(text);
    std::string w;
    while (words >> w) {
        auto c = parseCard(w);
        if (!c) {
            error = "invalid card '" + w + "'";
            return {};
        }
        cards.push_back(*c);
    }
    return cards;
}

PoolOptions poolOptions(const BatchOptions &options)
{
    return {options.threads, options.solver};
}

Error rowError(std::string message)
{
    return {ErrorCode::InvalidArgument, std::move(message)};
}

// The frame every line-oriented command shares: read the rows, solve each on the threads into
// one output line, write the header and the lines in input order, report the rejected lines.
using RowSolver = std::function<Result<std::string>(const std::vector<std::string> &, Solver &)>;

BatchSummary runLineBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                          const BatchOptions &options, std::string_view header,
                          const RowSolver &solveRow, const BoardToFields &boardFields)
{
    int problems = 0;
    const std::vector<Row> rows = readInputRows(in, options, boardFields, errors, problems);
    std::vector<Result<std::string>> lines(rows.size(), std::string {});
    parallelFor(rows.size(), poolOptions(options), [&](std::size_t i, Solver &solver) {
        lines[i] = solveRow(rows[i].fields, solver);
    });
    BatchSummary summary;
    summary.errors = problems;
    out << header << '\n';
    for (const auto &line : lines) {
        if (line) {
            out << *line << '\n';
            ++summary.rows;
        }
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!lines[i]) {
            errors << rows[i].where << ": " << lines[i].error().message << '\n';
            ++summary.errors;
        }
    }
    return summary;
}

// The board's contract (strain and declarer): the Contract and Declarer tags, else the end of
// its auction. Left out, with the reason, when the board has none or was passed out.
struct BoardContract
{
    Strain strain = Strain::NoTrump;
    Seat declarer = Seat::North;
};

std::variant<BoardContract, std::string> boardContract(const PbnGame &game)
{
    const PbnRecordedContract recorded = recordedContract(game);
    if (recorded.passedOut)
        return std::string("passed out");
    if (!recorded.contract)
        return std::string("no contract and declarer");
    return BoardContract {recorded.contract->strain, recorded.contract->declarer};
}

// solve: the opening lead of the board's contract.
Result<BoardFields> openingLeadFields(const PbnGame &game, const Deal &deal)
{
    const auto contract = boardContract(game);
    if (const auto *reason = std::get_if<std::string>(&contract))
        return BoardFields {{}, *reason};
    const auto &c = std::get<BoardContract>(contract);
    return BoardFields {{std::string(1, strainLetter(c.strain)),
                         std::string(1, seatLetter(leftHandOpponent(c.declarer))), "-",
                         deal.toPbn()},
                        {}};
}

// trace: the recorded play of the board's contract.
Result<BoardFields> recordedPlayFields(const PbnGame &game, const Deal &deal)
{
    const auto contract = boardContract(game);
    if (const auto *reason = std::get_if<std::string>(&contract))
        return BoardFields {{}, *reason};
    const auto &c = std::get<BoardContract>(contract);
    const auto play = game.play();
    if (!play)
        return BoardFields {{}, "no recorded play"};
    auto sequence = pbnPlaySequence(*play, c.strain, &deal);
    if (!sequence)
        return sequence.error();
    std::string cards;
    for (const PbnPlayedCard &played : *sequence) {
        if (!cards.empty())
            cards += ' ';
        cards += played.card.toString();
    }
    return BoardFields {{deal.toPbn(), std::string(1, strainLetter(c.strain)),
                         std::string(1, seatLetter(play->first)),
                         std::string(1, seatLetter(c.declarer)), std::to_string(sequence->size()),
                         cards},
                        {}};
}

// table: the board's deal as the file gives it.
Result<BoardFields> dealFields(const PbnGame &game, const Deal &)
{
    return BoardFields {{game.tagValue("Deal").value_or(std::string())}, {}};
}

// par: the board's complete deal and its vulnerability (None when the file does not say).
Result<BoardFields> parFields(const PbnGame &game, const Deal &deal)
{
    if (auto complete = checkComplete(deal); !complete)
        return complete.error();
    const Vulnerability vulnerability = game.vulnerability().value_or(Vulnerability::None);
    return BoardFields {{deal.toPbn(), std::string(vulnerabilityName(vulnerability))}, {}};
}

} // namespace

std::vector<std::string> splitTabs(const std::string &line)
{
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (true) {
        const auto tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab - start));
        if (tab == std::string::npos)
            break;
        start = tab + 1;
    }
    return fields;
}

BatchSummary runTableBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options)
{
    const std::string_view header =
        "#deal\tS.N\tS.E\tS.S\tS.W\tH.N\tH.E\tH.S\tH.W\tD.N\tD.E\tD.S\tD.W\tC.N\tC.E\tC.S\tC.W"
        "\tNT.N\tNT.E\tNT.S\tNT.W";
    return runLineBatch(
        in, out, errors, options, header,
        [](const std::vector<std::string> &f, Solver &solver) -> Result<std::string> {
            auto deal = parsePbnDeal(f[0]);
            if (!deal)
                return deal.error();
            auto table = solver.table(*deal);
            if (!table)
                return table.error();
            std::string line = f[0];
            for (const auto &strain : table->table.tricks)
                for (int t : strain)
                    line += '\t' + std::to_string(t);
            return line;
        },
        dealFields);
}

BatchSummary runSolveBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options)
{
    return runLineBatch(
        in, out, errors, options,
        "#trump\tleader\ttrick\tremaining\ttomove\ttricks_left\tmax\tcards",
        [](const std::vector<std::string> &f, Solver &solver) -> Result<std::string> {
            if (f.size() < 4) {
                return rowError(
                    "expected at least 4 tab-separated columns (trump, leader, trick, remaining)");
            }
            auto trump = f[0].size() == 1 ? strainFromLetter(f[0][0]) : std::nullopt;
            auto leader = f[1].size() == 1 ? seatFromLetter(f[1][0]) : std::nullopt;
            if (!trump || !leader) {
                return rowError(!trump ? "invalid trump '" + f[0] + "'"
                                       : "invalid leader '" + f[1] + "'");
            }
            std::string error;
            auto trick = parseCards(f[2], error);
            auto deal = parsePbnDeal(f[3]);
            if (!error.empty() || !deal) {
                return rowError(error.empty() ? deal.error().message : error);
            }
            const Position position {*deal, *trump, *leader, trick};
            auto result = solver.solve(position);
            if (!result) {
                return result.error();
            }
            // Expand the groups of equivalent cards; order by score, suit, rank.
            std::vector<CardScore> cards;
            for (const CardScore &g : result->cards) {
                cards.push_back({g.card, {}, g.score});
                for (Card c : g.equals.cards())
                    cards.push_back({c, {}, g.score});
            }
            std::sort(cards.begin(), cards.end(), [](const CardScore &a, const CardScore &b) {
                if (a.score != b.score)
                    return a.score > b.score;
                if (a.card.suit != b.card.suit)
                    return index(a.card.suit) < index(b.card.suit);
                return value(a.card.rank) > value(b.card.rank);
            });
            std::ostringstream line;
            line << f[0] << '\t' << f[1] << '\t' << f[2] << '\t' << f[3] << '\t'
                 << seatLetter(position.toMove()) << '\t' << position.tricksLeft() << '\t'
                 << result->tricks << '\t';
            for (std::size_t k = 0; k < cards.size(); ++k)
                line << (k ? " " : "") << cards[k].card.toString() << '=' << cards[k].score;
            return line.str();
        },
        openingLeadFields);
}

BatchSummary runTraceBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                           const BatchOptions &options)
{
    return runLineBatch(
        in, out, errors, options, "#deal\ttrump\tleader\tdeclarer\tncards\tplay\ttrace",
        [](const std::vector<std::string> &f, Solver &solver) -> Result<std::string> {
            if (f.size() < 6) {
                return rowError("expected at least 6 tab-separated columns (deal, trump, leader, "
                                "declarer, ncards, play)");
            }
            auto deal = parsePbnDeal(f[0]);
            auto trump = f[1].size() == 1 ? strainFromLetter(f[1][0]) : std::nullopt;
            auto leader = f[2].size() == 1 ? seatFromLetter(f[2][0]) : std::nullopt;
            std::string error;
            auto plays = parseCards(f[5], error);
            if (!deal || !trump || !leader || !error.empty()) {
                return rowError(!deal         ? deal.error().message
                                    : !trump  ? "invalid trump '" + f[1] + "'"
                                    : !leader ? "invalid leader '" + f[2] + "'"
                                              : error);
            }
            const Seat lead = *leader;
            auto analysis = solver.analysePlay(*deal, *trump, lead, plays);
            if (!analysis) {
                return analysis.error();
            }
            std::ostringstream line;
            line << f[0] << '\t' << f[1] << '\t' << f[2] << '\t'
                 << seatLetter(rightHandOpponent(lead)) << '\t' << plays.size() << '\t'
                 << (plays.empty() ? "-" : f[5]) << '\t';
            const std::size_t n = std::min<std::size_t>(analysis->tricks.size(), 49);
            for (std::size_t k = 0; k < n; ++k)
                line << (k ? " " : "") << analysis->tricks[k];
            return line.str();
        },
        recordedPlayFields);
}

BatchSummary runParBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                         const BatchOptions &options)
{
    // The boards of a PBN or LIN file become par.tsv input lines: deal, vulnerability.
    std::string text(std::istreambuf_iterator<char>(in), {});
    int problems = 0;
    if (isBoardFile(text, options.inputName)) {
        const auto rows = readBoardRows(text, options, parFields, errors, problems);
        text.clear();
        for (const Row &row : rows)
            text += row.fields[0] + '\t' + row.fields[1] + '\n';
    }
    std::istringstream first(text);
    // Step 1. The distinct complete deals (par.tsv repeats each deal for four vulnerabilities).
    std::map<std::string, Deal> byPbn;
    for (const Row &row : readRows(first)) {
        auto deal = parsePbnDeal(row.fields[0]);
        if (deal && checkComplete(*deal))
            byPbn.emplace(deal->toPbn(), *deal);
    }
    std::vector<Deal> deals;
    for (const auto &[pbn, deal] : byPbn)
        deals.push_back(deal);
    // Step 2. Their DD tables, on the threads.
    std::vector<Result<DdTable>> tables(deals.size(), Error {ErrorCode::Unknown, "not solved"});
    parallelFor(deals.size(), poolOptions(options), [&](std::size_t i, Solver &solver) {
        auto table = solver.table(deals[i]);
        if (table)
            tables[i] = table->table;
        else
            tables[i] = table.error();
    });
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < deals.size(); ++i)
        index.emplace(deals[i].toPbn(), i);
    // Step 3. Par from the solved tables (writeParTable parses and checks each line itself).
    const DdTableSource source = [&](const Deal &deal) -> Result<DdTable> {
        const auto it = index.find(deal.toPbn());
        if (it == index.end())
            return Error {ErrorCode::Unknown, "no DD table for " + deal.toPbn()};
        return tables[it->second];
    };
    std::istringstream second(text);
    std::ostringstream written;
    const Status status = writeParTable(second, written, source);
    const std::string result = written.str();
    out << result;
    BatchSummary summary;
    summary.rows = static_cast<int>(std::count(result.begin(), result.end(), '\n')) - 1;
    summary.rows = std::max(summary.rows, 0);
    if (!status) {
        errors << (options.inputName.empty() ? "" : options.inputName + ": ")
               << status.error().message << '\n';
        summary.errors = 1;
    }
    summary.errors += problems;
    return summary;
}

} // namespace tenace::core
