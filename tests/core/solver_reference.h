#pragma once

// Shared by tst_solver.cpp and tst_solver_full.cpp: the reference vectors of tests/data
// (solveboard.tsv, ddtables.tsv, playtraces.tsv, DDS 2.9's answers) and checks of one row each
// against the solver. A check returns an empty string when the row agrees, else a message naming
// the row, what the solver said and what DDS said.

#include "core/solver/solver.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace tenace::test {

using namespace tenace::core;

struct ReferenceRow
{
    int line = 0; // line number in the file (the header is line 1)
    std::vector<std::string> fields; // tab-separated columns
};

// Data rows of tests/data/<name> (lines starting with '#' skipped).
inline std::vector<ReferenceRow> readReference(const std::string &name)
{
    std::ifstream in(std::string(TENACE_TEST_DATA) + "/" + name);
    std::vector<ReferenceRow> rows;
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#')
            continue;
        ReferenceRow row {line, {}};
        std::istringstream fields(text);
        for (std::string f; std::getline(fields, f, '\t');)
            row.fields.push_back(f);
        rows.push_back(std::move(row));
    }
    return rows;
}

inline std::vector<Card> parseCards(const std::string &text)
{
    std::vector<Card> cards;
    std::istringstream words(text);
    for (std::string w; words >> w;)
        if (w != "-")
            if (auto c = parseCard(w))
                cards.push_back(*c);
    return cards;
}

// Card bit -> score for every card, groups of equivalent cards expanded.
inline std::map<int, int> expandScores(const SolveResult &result)
{
    std::map<int, int> scores;
    for (const CardScore &g : result.cards) {
        scores[g.card.bit()] = g.score;
        for (Card c : g.equals.cards())
            scores[c.bit()] = g.score;
    }
    return scores;
}

// "SA=2 D2=1": score descending, then suit S H D C, then rank descending (solveboard.tsv's
// order).
inline std::string formatScores(const std::map<int, int> &scores)
{
    std::vector<std::pair<int, int>> items(scores.begin(), scores.end());
    std::sort(items.begin(), items.end(), [](const auto &a, const auto &b) {
        if (a.second != b.second)
            return a.second > b.second;
        const Card x = Card::fromBit(a.first);
        const Card y = Card::fromBit(b.first);
        if (x.suit != y.suit)
            return index(x.suit) < index(y.suit);
        return value(x.rank) > value(y.rank);
    });
    std::string text;
    for (const auto &[bit, score] : items)
        text.append(text.empty() ? "" : " ")
            .append(Card::fromBit(bit).toString())
            .append("=")
            .append(std::to_string(score));
    return text;
}

inline std::string mismatch(const ReferenceRow &row, const std::string &ours,
                            const std::string &dds)
{
    return "line " + std::to_string(row.line) + ": solver " + ours + ", DDS " + dds;
}

// solveboard.tsv: trump, leader, trick, remaining, tomove, tricks_left, max, cards.
inline std::string checkSolveRow(const ReferenceRow &row, Solver &solver)
{
    const auto &f = row.fields;
    auto deal = parsePbnDeal(f.at(3));
    if (!deal)
        return "line " + std::to_string(row.line) + ": " + deal.error().message;
    const Position position {*deal, *strainFromLetter(f.at(0).at(0)),
                             *seatFromLetter(f.at(1).at(0)), parseCards(f.at(2))};
    auto result = solver.solve(position);
    if (!result)
        return "line " + std::to_string(row.line) + ": " + result.error().message;
    const std::string ours =
        std::to_string(result->tricks) + " " + formatScores(expandScores(*result));
    const std::string dds = f.at(6) + " " + f.at(7);
    return ours == dds ? std::string() : mismatch(row, ours, dds);
}

// ddtables.tsv: deal, then the 20 numbers S.N .. NT.W.
inline std::string checkTableRow(const ReferenceRow &row, Solver &solver)
{
    auto deal = parsePbnDeal(row.fields.at(0));
    if (!deal)
        return "line " + std::to_string(row.line) + ": " + deal.error().message;
    auto result = solver.table(*deal);
    if (!result)
        return "line " + std::to_string(row.line) + ": " + result.error().message;
    std::string ours;
    std::string dds;
    for (std::size_t i = 0; i < 20; ++i) {
        ours.append(i ? " " : "").append(std::to_string(result->table.tricks[i / 4][i % 4]));
        dds.append(i ? " " : "").append(row.fields.at(1 + i));
    }
    return ours == dds ? std::string() : mismatch(row, ours, dds);
}

// playtraces.tsv: deal, trump, leader, declarer, ncards, play, trace (at most 49 entries: DDS
// does not analyse the last trick).
inline std::string checkTraceRow(const ReferenceRow &row, Solver &solver)
{
    const auto &f = row.fields;
    auto deal = parsePbnDeal(f.at(0));
    if (!deal)
        return "line " + std::to_string(row.line) + ": " + deal.error().message;
    const auto plays = parseCards(f.at(5));
    auto result = solver.analysePlay(*deal, *strainFromLetter(f.at(1).at(0)),
                                     *seatFromLetter(f.at(2).at(0)), plays);
    if (!result)
        return "line " + std::to_string(row.line) + ": " + result.error().message;
    std::string ours;
    const std::size_t n = std::min<std::size_t>(result->tricks.size(), 49);
    for (std::size_t k = 0; k < n; ++k)
        ours.append(k ? " " : "").append(std::to_string(result->tricks[k]));
    return ours == f.at(6) ? std::string() : mismatch(row, ours, f.at(6));
}

} // namespace tenace::test
