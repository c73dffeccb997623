#include "core/batch.h"

#include "core/par_batch.h"
#include "core/pbn_reader.h"

#include <algorithm>
#include <atomic>
#include <istream>
#include <iterator>
#include <map>
#include <ostream>
#include <sstream>
#include <thread>

namespace tenace::core {

namespace {

struct Row
{
    int line = 0;
    std::vector<std::string> fields;
};

// Data rows of a TSV file (comments and blank lines skipped), or the Deal tags of a PBN file
// (as one-field rows).
std::vector<Row> readRows(std::istream &in)
{
    std::vector<Row> rows;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty() || line[0] == '#' || line[0] == '%')
            continue;
        if (line[0] == '[') {
            const std::string tag = "[Deal \"";
            if (line.compare(0, tag.size(), tag) == 0) {
                const auto end = line.find('"', tag.size());
                if (end != std::string::npos)
                    rows.push_back({n, {line.substr(tag.size(), end - tag.size())}});
            }
            continue;
        }
        rows.push_back({n, splitTabs(line)});
    }
    return rows;
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

int threadCount(const BatchOptions &options, std::size_t jobs)
{
    int t = options.threads > 0
        ? options.threads
        : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return static_cast<int>(
        std::clamp<std::size_t>(static_cast<std::size_t>(t), 1, std::max<std::size_t>(jobs, 1)));
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
                          const RowSolver &solveRow)
{
    const std::vector<Row> rows = readRows(in);
    std::vector<Result<std::string>> lines(rows.size(), std::string {});
    parallelFor(rows.size(), options, [&](std::size_t i, Solver &solver) {
        lines[i] = solveRow(rows[i].fields, solver);
    });
    BatchSummary summary;
    out << header << '\n';
    for (const auto &line : lines) {
        if (line) {
            out << *line << '\n';
            ++summary.rows;
        }
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!lines[i]) {
            errors << "line " << rows[i].line << ": " << lines[i].error().message << '\n';
            ++summary.errors;
        }
    }
    return summary;
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

void parallelFor(std::size_t count, const BatchOptions &options,
                 const std::function<void(std::size_t, Solver &)> &job)
{
    std::atomic<std::size_t> next {0};
    auto work = [&] {
        Solver solver(options.solver);
        for (std::size_t i = next++; i < count; i = next++)
            job(i, solver);
    };
    std::vector<std::thread> pool;
    const int threads = threadCount(options, count);
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
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
        });
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
        });
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
        });
}

namespace {

// A PBN file as par.tsv input lines (deal, vulnerability of each board); boards without a
// complete deal are reported and skipped.
std::string pbnAsParInput(const std::string &bytes, std::ostream &errors, int &skipped)
{
    const PbnReadResult read = readPbn(bytes);
    std::string lines;
    int board = 0;
    for (const PbnGame &game : read.document.games) {
        ++board;
        const auto deal = game.deal();
        if (!deal || !checkComplete(*deal)) {
            errors << "game " << board << ": no complete deal, skipped\n";
            ++skipped;
            continue;
        }
        lines += deal->toPbn() + '\t' +
            std::string(vulnerabilityName(game.vulnerability().value_or(Vulnerability::None))) +
            '\n';
    }
    return lines;
}

bool looksLikePbn(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t\r\n\xef\xbb\xbf");
    return first != std::string::npos && (text[first] == '[' || text[first] == '%');
}

} // namespace

BatchSummary runParBatch(std::istream &in, std::ostream &out, std::ostream &errors,
                         const BatchOptions &options)
{
    std::string text(std::istreambuf_iterator<char>(in), {});
    int skipped = 0;
    if (looksLikePbn(text))
        text = pbnAsParInput(text, errors, skipped);
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
    parallelFor(deals.size(), options, [&](std::size_t i, Solver &solver) {
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
        errors << status.error().message << '\n';
        summary.errors = 1;
    }
    summary.errors += skipped;
    return summary;
}

} // namespace tenace::core
