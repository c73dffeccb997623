#include "core/commands/single_dummy_command.h"

#include "core/analysis/play_review.h"
#include "core/analysis/single_dummy.h"
#include "core/formats/lin_reader.h"
#include "core/formats/pbn_play.h"
#include "core/formats/pbn_values.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace tenace::core {

namespace {

std::string fixed(double value, int decimals)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// "1 mistake", "3 mistakes".
std::string count(int n, const std::string &thing)
{
    return std::to_string(n) + " " + thing + (n == 1 ? "" : "s");
}

// "1 guess, ", "2 guesses, "; nothing for none.
std::string guessesText(int n)
{
    return n == 0 ? std::string() : std::to_string(n) + (n == 1 ? " guess, " : " guesses, ");
}

} // namespace

Result<SingleDummySpec> makeSingleDummySpec(bool lead, const SingleDummyCommand &command)
{
    SingleDummySpec spec;
    const std::string what = lead ? "--hand" : "--deal";
    std::string text = lead ? command.hand : command.deal;
    if (text.empty())
        return Error {ErrorCode::InvalidArgument, what + " is missing"};
    if (lead && text.find(' ') == std::string::npos)
        text += " - - -"; // "W:KQT5.987.A32.J54": the leader's hand alone
    auto deal = parsePbnDeal(text);
    if (!deal)
        return Error {deal.error().code, what + ": " + deal.error().message};
    spec.start = *deal;
    auto contract = parsePbnContract(command.contract);
    if (!contract || contract->passedOut || contract->level == 0)
        return Error {ErrorCode::InvalidArgument,
                      "--contract '" + command.contract + "': expected e.g. 4S, 3NT or 5DX"};
    const auto declarer =
        command.declarer.size() == 1 ? seatFromLetter(command.declarer[0]) : std::nullopt;
    if (!declarer)
        return Error {ErrorCode::InvalidArgument,
                      "--declarer '" + command.declarer + "': expected N, E, S or W"};
    spec.contract = {contract->level, contract->strain, contract->doubling, *declarer};
    auto vulnerability = parsePbnVulnerability(command.vulnerability);
    if (!vulnerability)
        return Error {ErrorCode::InvalidArgument,
                      "--vul '" + command.vulnerability + "': expected None, NS, EW or All"};
    spec.vulnerability = *vulnerability;
    if (lead) {
        const Seat leader = spec.contract.openingLeader();
        if (spec.start[leader].count() != 13)
            return Error {ErrorCode::InvalidArgument,
                          "--hand: the opening leader (" + std::string(seatName(leader)) +
                              ") needs 13 cards, it has " +
                              std::to_string(spec.start[leader].count())};
    }
    std::istringstream played(command.played);
    for (std::string token; played >> token;) {
        const auto card = parseCard(token);
        if (!card)
            return Error {ErrorCode::InvalidArgument,
                          "--played: '" + token + "' is not a card (e.g. SK, H9, CT)"};
        spec.played.push_back(*card);
    }
    for (const std::string &item : command.constraints) {
        auto parsed = parseSeatConstraint(item);
        if (!parsed)
            return Error {parsed.error().code, "--constrain " + parsed.error().message};
        spec.constraints[static_cast<std::size_t>(index(parsed->seat))] = parsed->constraint;
    }
    spec.layouts = command.layouts > 0 ? command.layouts : (lead ? 1000 : 200);
    spec.seed = command.seed;
    spec.untilSettled = command.untilSettled;
    spec.guesses = !lead;
    spec.pool = command.pool;
    return spec;
}

namespace {

void writeTsv(bool lead, const SingleDummyResult &r, std::ostream &out)
{
    out << "#card\ttricks\t" << (lead ? "set" : "make")
        << "\tse\timps\tbetter\tequal\tworse\tguess\n";
    for (const CardValue &v : r.cards) {
        const double tricks = lead ? 13 - v.tricks : v.tricks;
        const double chance = lead ? 1 - v.make : v.make;
        out << v.card.toString() << '\t' << fixed(tricks, 4) << '\t' << fixed(100 * chance, 2)
            << '\t' << fixed(v.tricksSe, 4) << '\t' << fixed(v.imps, 2) << '\t'
            << fixed(v.better, 4) << '\t' << fixed(v.equal, 4) << '\t' << fixed(v.worse, 4) << '\t'
            << (v.guess ? "guess" : "-") << '\n';
    }
}

void writeTable(bool lead, const SingleDummySpec &spec, const SingleDummyResult &r,
                std::ostream &out)
{
    out << (lead ? "Opening leads of " : "Cards of ") << seatName(r.viewer) << " against "
        << spec.contract.toString() << ", " << r.layouts << " layouts (seed " << spec.seed
        << (r.settled ? ", stopped once settled" : "") << ")\n";
    for (const Seat seat : allSeats) {
        const HandConstraint &c = spec.constraints[static_cast<std::size_t>(index(seat))];
        if (c.constrains())
            out << "  " << seatName(seat) << ": " << c.describe() << '\n';
    }
    out << (lead ? "card  defence tricks     set %" : "card  declarer tricks    make %")
        << "          IMPs   pairs vs best (better/same/worse)\n";
    for (const CardValue &v : r.cards) {
        const double tricks = lead ? 13 - v.tricks : v.tricks;
        const double chance = lead ? 1 - v.make : v.make;
        out << v.card.toString() << "    " << fixed(tricks, 2) << " \u00b1 " << fixed(v.tricksSe, 2)
            << "    " << fixed(100 * chance, 1) << " \u00b1 " << fixed(100 * v.makeSe, 1) << "    "
            << fixed(v.imps, 2) << "   " << fixed(100 * v.better, 0) << "/"
            << fixed(100 * v.equal, 0) << "/" << fixed(100 * v.worse, 0)
            << (v.guess ? "   a guess: the layouts disagree on the next card" : "") << '\n';
    }
    out << "Single dummy by sampling: after each card everyone is assumed to play double dummy, "
           "which makes later guesses look safe.\n";
}

} // namespace

void writeSingleDummyReport(bool lead, bool tsv, const SingleDummySpec &spec,
                            const SingleDummyResult &result, std::ostream &out)
{
    if (tsv)
        writeTsv(lead, result, out);
    else
        writeTable(lead, spec, result, out);
}

int runAlphaMuCommand(const SingleDummyCommand &command, std::ostream &out, std::ostream &errors)
{
    const std::string name = "tenace-cli sd --alpha-mu: ";
    auto base = makeSingleDummySpec(false, command);
    if (!base) {
        errors << name << base.error().message << '\n';
        return 2;
    }
    AlphaMuSpec spec;
    spec.base = *base;
    spec.base.layouts = command.worlds > 0 ? command.worlds : 40;
    spec.depth = command.depth;
    const int budget = command.budgetMs >= 0 ? command.budgetMs : (command.depth > 0 ? 0 : 2000);
    spec.budget = std::chrono::milliseconds {budget};
    auto r = analyseAlphaMu(spec);
    if (!r) {
        errors << name << r.error().message << '\n';
        return r.error().code == ErrorCode::InvalidArgument ? 2 : 1;
    }
    if (command.tsv) {
        out << "#card\tmake\tse\tdepth\n";
        for (const AlphaMuCard &v : r->cards)
            out << v.card.toString() << '\t' << fixed(100 * v.make, 2) << '\t'
                << fixed(100 * v.makeSe, 2) << '\t' << v.depth << '\n';
        return 0;
    }
    out << "Cards of " << seatName(r->viewer) << "'s side, " << spec.base.contract.toString()
        << ", by \u03b1\u03bc over " << r->worlds << " worlds (seed " << spec.base.seed
        << "): depth " << r->depth << (r->complete ? " (to the end of the play)" : "") << " in "
        << (r->depthMillis.empty() ? 0 : r->depthMillis.back()) << " ms\n";
    out << "card  make %          depth\n";
    for (const AlphaMuCard &v : r->cards)
        out << v.card.toString() << "    " << fixed(100 * v.make, 1) << " \u00b1 "
            << fixed(100 * v.makeSe, 1) << "    " << v.depth << '\n';
    out << "Depth M: declarer's next M decisions are taken without seeing the hidden cards "
           "(M = 1 is PIMC); a card with a smaller depth could not beat the best one.\n";
    return 0;
}

int runSingleDummyCommand(bool lead, const SingleDummyCommand &command, std::ostream &out,
                          std::ostream &errors)
{
    if (!lead && command.alphaMu)
        return runAlphaMuCommand(command, out, errors);
    const std::string name = lead ? "tenace-cli lead: " : "tenace-cli sd: ";
    auto spec = makeSingleDummySpec(lead, command);
    if (!spec) {
        errors << name << spec.error().message << '\n';
        return 2;
    }
    auto result = analyseSingleDummy(*spec);
    if (!result) {
        errors << name << result.error().message << '\n';
        return 1;
    }
    writeSingleDummyReport(lead, command.tsv, *spec, *result, out);
    return 0;
}

int runReviewCommand(std::string_view bytes, std::string_view name, int layouts, std::uint64_t seed,
                     const PoolOptions &pool, std::ostream &out, std::ostream &errors)
{
    PbnReadOptions read;
    read.sourceName = std::string(name);
    const PbnReadResult file = readBridgeText(bytes, name, read);
    ReviewOptions options;
    options.layouts = layouts > 0 ? layouts : 100;
    options.seed = seed;
    options.pool = pool;
    int boards = 0, mistakes = 0, guesses = 0, unlucky = 0;
    for (const PbnGame &game : file.document.games) {
        const auto recorded = recordedPlay(game);
        if (!recorded || recorded->cards.empty())
            continue;
        const Deal *deal = &recorded->deal;
        const std::vector<Card> &cards = recorded->cards;
        const Vulnerability vulnerability = game.vulnerability().value_or(Vulnerability::None);
        auto review = reviewPlay(*deal, recorded->contract, vulnerability, cards, options);
        const std::string board = game.tagValue("Board").value_or("?");
        if (!review) {
            errors << name << ": board " << board << ": " << review.error().message << '\n';
            continue;
        }
        ++boards;
        out << "Board " << board << ": " << recorded->contract.toString() << ", DD "
            << review->ddTricks.front() << " tricks before the lead, " << review->ddTricks.back()
            << " after the play\n";
        for (const CardReview &r : review->cards) {
            out << "  trick " << r.index / 4 + 1 << ", " << seatName(r.seat) << " "
                << r.card.toString() << ": cost " << r.ddCost
                << (r.ddCost == 1 ? " trick" : " tricks") << " double dummy; " << describeReview(r)
                << '\n';
        }
        out << "  " << count(review->mistakes(), "mistake") << ", "
            << guessesText(review->guesses()) << count(review->unlucky(), "unlucky card") << '\n';
        mistakes += review->mistakes();
        guesses += review->guesses();
        unlucky += review->unlucky();
    }
    out << name << ": " << count(boards, "board") << " with a recorded play, "
        << count(mistakes, "mistake") << ", " << guessesText(guesses) << count(unlucky, "card")
        << " right single dummy but unlucky (" << options.layouts << " layouts each, seed " << seed
        << ")\n";
    return 0;
}

} // namespace tenace::core
