#include "core/analysis/pbn_annotate.h"

#include "core/model/play_state.h"

#include <mutex>

namespace tenace::core {

namespace {

std::string tableText(const DdTable &table)
{
    return formatPbnDoubleDummyTricks(table);
}

// The DD table and par tags. Leaves the game alone when they already say the same.
void addResults(PbnGame &game, const Deal &deal, Solver &solver, const CancelToken &cancel,
                AnnotateOutcome &outcome)
{
    if (auto complete = checkComplete(deal); !complete) {
        outcome.notes.push_back("no DD table: " + complete.error().message);
        return;
    }
    const auto solved = solver.table(deal, cancel);
    if (!solved || solved->status == SolveStatus::Cancelled) {
        outcome.cancelled = true;
        return;
    }
    const DdTable &table = solved->table;
    std::optional<int> score;
    std::optional<PbnParContract> parTag;
    const auto dealer = game.dealer();
    const auto vulnerability = game.vulnerability();
    if (dealer && vulnerability) {
        if (auto par = dealerPar(table, *vulnerability, *dealer)) {
            score = par->score;
            parTag = toPbnParContract(*par);
        }
    } else {
        outcome.notes.push_back("no OptimumScore or ParContract: the board's dealer or "
                                "vulnerability is unknown");
    }
    if (const auto old = game.doubleDummyTricks(); old && *old != table)
        outcome.notes.push_back("DoubleDummyTricks replaced: the file said " + tableText(*old) +
                                ", double dummy gives " + tableText(table));
    if (const auto old = game.optimumScore(); old && score && *old != *score)
        outcome.notes.push_back("OptimumScore replaced: the file said " +
                                formatPbnOptimumScore(*old) + ", par is " +
                                formatPbnOptimumScore(*score));
    const bool same = game.doubleDummyTricks() == table && game.optimumResultTable() == table &&
        (!score || game.optimumScore() == score) && (!parTag || game.parContract() == parTag);
    if (same)
        return;
    game.setDdResults(table, score, parTag);
    outcome.changed = true;
}

// The OptimumPlayTable of the recorded play, when the game has one.
void addPlayTable(PbnGame &game, const Deal &deal, Solver &solver, const CancelToken &cancel,
                  AnnotateOutcome &outcome)
{
    const PbnTag *playTag = game.findTag("Play");
    if (!playTag)
        return;
    const auto contract = game.contract();
    const auto declarer = game.declarer();
    if (!contract || contract->passedOut || !declarer || !declarer->seat) {
        outcome.notes.push_back("no OptimumPlayTable: the Contract or Declarer tag is missing");
        return;
    }
    const auto play = game.play();
    if (!play) {
        outcome.notes.push_back("no OptimumPlayTable: the Play section cannot be read");
        return;
    }
    if (auto equal = checkEqualLengths(deal); !equal) {
        outcome.notes.push_back("no OptimumPlayTable: " + equal.error().message);
        return;
    }
    const auto sequence = pbnPlaySequence(*play, contract->strain, &deal);
    if (!sequence) {
        outcome.notes.push_back("no OptimumPlayTable: " + sequence.error().message);
        return;
    }
    if (sequence->empty())
        return;
    std::vector<Card> cards;
    for (const PbnPlayedCard &played : *sequence)
        cards.push_back(played.card);
    const auto rows = optimumPlayRows(solver, deal, contract->strain, play->first, cards, cancel);
    if (!rows) {
        outcome.notes.push_back("no OptimumPlayTable: " + rows.error().message);
        return;
    }
    if (rows->empty()) {
        outcome.cancelled = true;
        return;
    }
    if (game.optimumPlayTable() == *rows)
        return;
    game.setOptimumPlayTable(*rows);
    outcome.changed = true;
}

} // namespace

Result<std::vector<std::array<std::uint16_t, 4>>> optimumPlayRows(Solver &solver, const Deal &deal,
                                                                  Strain trump, Seat leader,
                                                                  std::span<const Card> plays,
                                                                  const CancelToken &cancel)
{
    auto state = PlayState::create(deal, trump, leader);
    if (!state)
        return state.error();
    SolveOptions options;
    options.cards = CardSelection::Optimal;
    std::vector<std::array<std::uint16_t, 4>> rows;
    for (std::size_t i = 0; i < plays.size(); ++i) {
        const auto solved = solver.solve(state->position(), options, cancel);
        if (!solved)
            return solved.error();
        if (solved->status == SolveStatus::Cancelled)
            return std::vector<std::array<std::uint16_t, 4>> {};
        std::array<std::uint16_t, 4> row {};
        for (const CardScore &group : solved->cards) {
            Hand cards = group.equals;
            cards.add(group.card);
            for (Suit s : allSuits)
                row[static_cast<std::size_t>(index(s))] |= cards.suitMask(s);
        }
        rows.push_back(row);
        if (auto played = state->play(plays[i]); !played)
            return Error {played.error().code,
                          "card " + std::to_string(i + 1) + " of the play (" + plays[i].toString() +
                              "): " + played.error().message};
    }
    return rows;
}

AnnotateOutcome annotatePbnGame(PbnGame &game, Solver &solver, const AnnotateOptions &options,
                                const CancelToken &cancel)
{
    AnnotateOutcome outcome;
    if (!game.hasTags())
        return outcome;
    const auto deal = game.deal();
    if (!deal) {
        if (game.findTag("Deal"))
            outcome.notes.push_back("no DD results: the Deal tag cannot be read");
        return outcome;
    }
    PbnGame annotated = game;
    // A game that omits its Deal repeats the board of the game before, which has the results.
    if (options.results && annotated.findTag("Deal"))
        addResults(annotated, *deal, solver, cancel, outcome);
    if (options.playTable && !outcome.cancelled)
        addPlayTable(annotated, *deal, solver, cancel, outcome);
    if (outcome.cancelled)
        outcome.changed = false;
    else if (outcome.changed)
        game = std::move(annotated);
    return outcome;
}

AnnotateSummary annotatePbnDocument(PbnDocument &document, const AnnotateOptions &options,
                                    const std::function<void(int, int)> &progress,
                                    const CancelToken &cancel)
{
    std::vector<std::size_t> boards;
    for (std::size_t i = 0; i < document.games.size(); ++i)
        if (document.games[i].hasTags())
            boards.push_back(i);
    std::vector<AnnotateOutcome> outcomes(boards.size());
    std::mutex progressMutex;
    int done = 0;
    parallelFor(boards.size(), PoolOptions {options.threads, options.solver},
                [&](std::size_t i, Solver &solver) {
                    outcomes[i] =
                        annotatePbnGame(document.games[boards[i]], solver, options, cancel);
                    std::lock_guard lock(progressMutex);
                    ++done;
                    if (progress)
                        progress(done, static_cast<int>(boards.size()));
                });
    AnnotateSummary summary;
    summary.games = static_cast<int>(boards.size());
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const AnnotateOutcome &outcome = outcomes[i];
        summary.changed += outcome.changed ? 1 : 0;
        summary.cancelled = summary.cancelled || outcome.cancelled;
        const PbnGame &game = document.games[boards[i]];
        const PbnTag *dealTag = game.findTag("Deal");
        const PbnPosition where = dealTag ? dealTag->position : PbnPosition {};
        const std::string board = "board " + game.tagValue("Board").value_or("?") + ": ";
        for (const std::string &note : outcome.notes)
            summary.notes.push_back(pbnIssue(static_cast<int>(boards[i]),
                                             Error {ErrorCode::InvalidArgument, board + note},
                                             where));
    }
    return summary;
}

PbnParContract toPbnParContract(const ParResult &par)
{
    PbnParContract tag;
    if (par.isPassedOut())
        return tag;
    tag.side = par.contracts.front().side;
    for (const ParContract &c : par.contracts) {
        PbnParItem item;
        if (c.onlyDeclarer)
            item.declarers = std::string(1, seatLetter(*c.onlyDeclarer));
        item.level = c.level;
        item.strain = c.strain;
        item.doubling = c.doubled ? Doubling::Doubled : Doubling::Undoubled;
        item.overtricks = c.doubled ? -c.undertricks() : c.overtricks();
        tag.contracts.push_back(item);
    }
    return tag;
}

} // namespace tenace::core
