#include "core/analysis/play_review.h"

#include "core/analysis/alpha_mu.h"
#include "core/model/play_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tenace::core {

namespace {

std::string percent(double chance)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%.0f%%", 100 * chance);
    return buffer;
}

std::string cardSymbol(Card card)
{
    static constexpr const char *symbols[] = {"\u2660", "\u2665", "\u2666", "\u2663"};
    std::string text = symbols[index(card.suit)];
    text += rankLetter(card.rank);
    return text;
}

// The chance for the side of `viewer`: of making for declarer's side, of setting for the defence.
double sideChance(const CardValue &value, bool declarerSide)
{
    return declarerSide ? value.make : 1 - value.make;
}

} // namespace

int PlayReview::mistakes() const
{
    return static_cast<int>(std::count_if(cards.begin(), cards.end(), [](const CardReview &c) {
        return c.verdict == Verdict::Mistake;
    }));
}

int PlayReview::guesses() const
{
    return static_cast<int>(std::count_if(cards.begin(), cards.end(), [](const CardReview &c) {
        return c.verdict == Verdict::Guess;
    }));
}

int PlayReview::unlucky() const
{
    return static_cast<int>(cards.size()) - mistakes() - guesses();
}

namespace {

// Judges the card by PIMC: by the side's chance, or by the mean tricks when the contract's fate
// does not separate the cards. false: cancelled.
Result<bool> judgeByPimc(const SingleDummySpec &spec, CardReview &r, const CancelToken &cancel)
{
    auto values = analyseSingleDummy(spec, cancel);
    if (!values)
        return values.error();
    if (values->status == SolveStatus::Cancelled)
        return false;
    const bool ours = r.declarerSide;
    r.viewer = values->viewer;
    // The best card by its side's chance, the mean tricks breaking ties.
    const CardValue *best = &values->cards.front(), *played = nullptr;
    for (const CardValue &v : values->cards) {
        if (v.card == r.card)
            played = &v;
        if (sideChance(v, ours) > sideChance(*best, ours) + 1e-12)
            best = &v;
    }
    if (!played)
        return Error {ErrorCode::IllegalPlay, r.card.toString() + " is not a legal card here"};
    r.chance = sideChance(*played, ours);
    r.chanceSe = played->makeSe;
    r.best = best->card;
    r.bestChance = sideChance(*best, ours);
    r.bestChanceSe = best->makeSe;
    r.guess = best->guess;
    const double margin = 2 * std::sqrt(r.chanceSe * r.chanceSe + r.bestChanceSe * r.bestChanceSe);
    r.verdict =
        r.bestChance - r.chance > std::max(margin, 0.005) ? Verdict::Mistake : Verdict::Unlucky;
    if (r.verdict == Verdict::Unlucky && std::abs(r.bestChance - r.chance) < 0.005) {
        // The contract's fate is the same: the tricks decide (overtricks, undertricks).
        auto sideTricks = [&](const CardValue &v) { return ours ? v.tricks : 13 - v.tricks; };
        const CardValue *most = played;
        for (const CardValue &v : values->cards)
            if (sideTricks(v) > sideTricks(*most) + 1e-12)
                most = &v;
        r.byTricks = true;
        r.tricks = sideTricks(*played);
        r.bestTricks = sideTricks(*most);
        r.best = most->card;
        const double se =
            std::sqrt(played->tricksSe * played->tricksSe + most->tricksSe * most->tricksSe);
        if (r.bestTricks - r.tricks > std::max(2 * se, 0.05))
            r.verdict = Verdict::Mistake;
    }
    return true;
}

// Cards `a` and `b` of `seat` are equivalent when no card still held by another seat ranks
// between them in their suit.
bool equivalent(const Deal &remaining, Seat seat, Card a, Card b)
{
    if (a.suit != b.suit)
        return false;
    const int low = std::min(value(a.rank), value(b.rank)),
              high = std::max(value(a.rank), value(b.rank));
    for (int rank = low + 1; rank < high; ++rank) {
        const Card c {a.suit, rankOf(rank)};
        if (remaining[seat].contains(c))
            continue;
        for (int s = 0; s < 4; ++s)
            if (remaining[seatAt(s)].contains(c))
                return false;
    }
    return true;
}

// The uncertainty within which two chances are taken for the same: two standard errors of the
// difference, at least half a percent.
double margin(double se1, double se2)
{
    return std::max(2 * std::sqrt(se1 * se1 + se2 * se2), 0.005);
}

enum class Judged { Done, Cancelled, ByPimc };

// Judges declarer's side's card by αμ: a mistake, a guess, unlucky; ByPimc when the contract's
// fate does not separate the card played from the best (the tricks then decide, which αμ does not
// value).
Result<Judged> judgeByAlphaMu(const SingleDummySpec &spec, const Position &position,
                              const ReviewOptions &options, CardReview &r,
                              const CancelToken &cancel)
{
    AlphaMuSpec am;
    am.base = spec;
    am.base.layouts = std::max(1, std::min(options.layouts, options.alphaMuWorlds));
    am.depth = options.alphaMuDepth;
    am.budget = options.alphaMuBudget;
    auto values = analyseAlphaMu(am, cancel);
    if (!values)
        return values.error();
    if (values->status == SolveStatus::Cancelled)
        return Judged::Cancelled;
    const auto &cards = values->cards; // best first
    const auto played = std::find_if(cards.begin(), cards.end(),
                                     [&](const AlphaMuCard &v) { return v.card == r.card; });
    if (played == cards.end())
        return Error {ErrorCode::IllegalPlay, r.card.toString() + " is not a legal card here"};
    const AlphaMuCard &best = cards.front();
    r.viewer = values->viewer;
    r.alphaMuDepth = values->depth;
    r.chance = played->make;
    r.chanceSe = played->makeSe;
    r.best = best.card;
    r.bestChance = best.make;
    r.bestChanceSe = best.makeSe;
    if (best.make - played->make > margin(best.makeSe, played->makeSe)) {
        r.verdict = Verdict::Mistake;
        return Judged::Done;
    }
    // A guess: no card makes in (nearly) every world, and another card, not equivalent to the
    // one played, makes about the same chance (the best such card), its value exact at the depth
    // searched. The card played may have been stopped by the root cut: its value is then an
    // upper bound from an earlier depth, which cannot beat the best card.
    const Seat seat = position.toMove();
    const AlphaMuCard *other = nullptr;
    for (const AlphaMuCard &v : cards)
        if (v.depth == values->depth && !equivalent(position.remaining, seat, v.card, r.card) &&
            std::abs(v.make - played->make) <= margin(v.makeSe, played->makeSe) &&
            best.make - v.make <= margin(best.makeSe, v.makeSe)) {
            other = &v;
            break;
        }
    if (best.make < 0.95 && played->make >= 0.05 && other && other->make >= 0.05) {
        r.verdict = Verdict::Guess;
        r.best = other->card;
        r.bestChance = other->make;
        r.bestChanceSe = other->makeSe;
        return Judged::Done;
    }
    if (std::abs(best.make - played->make) < 0.005)
        return Judged::ByPimc;
    r.verdict = Verdict::Unlucky;
    return Judged::Done;
}

} // namespace

Result<PlayReview> reviewPlay(const Deal &deal, const Contract &contract,
                              Vulnerability vulnerability, std::span<const Card> play,
                              const ReviewOptions &options, const CancelToken &cancel)
{
    PlayReview review;
    Solver solver(options.pool.solver);
    const Seat leader = contract.openingLeader();
    auto dd = solver.analysePlay(deal, contract.strain, leader, play, cancel);
    if (!dd)
        return dd.error();
    if (dd->status == SolveStatus::Cancelled) {
        review.status = SolveStatus::Cancelled;
        return review;
    }
    review.ddTricks = dd->tricks;
    const Side declarer = sideOf(contract.declarer);
    // Who played each card: replay the tricks.
    auto state = PlayState::create(deal, contract.strain, leader);
    if (!state)
        return state.error();
    for (std::size_t j = 0; j < play.size() && j + 1 < review.ddTricks.size(); ++j) {
        const Seat seat = state->toMove();
        const Position before = state->position();
        if (auto ok = state->play(play[j]); !ok)
            return ok.error();
        const bool ours = sideOf(seat) == declarer;
        const int change = review.ddTricks[j + 1] - review.ddTricks[j];
        const int cost = ours ? -change : change;
        if (cost <= 0)
            continue;
        SingleDummySpec spec;
        spec.start = deal;
        spec.contract = contract;
        spec.vulnerability = vulnerability;
        spec.played.assign(play.begin(), play.begin() + static_cast<std::ptrdiff_t>(j));
        spec.constraints = options.constraints;
        spec.layouts = options.layouts;
        spec.seed = options.seed;
        spec.pool = options.pool;
        spec.guesses = true;
        CardReview r;
        r.index = static_cast<int>(j);
        r.seat = seat;
        r.card = play[j];
        r.ddCost = cost;
        r.declarerSide = ours;
        Judged judged = Judged::ByPimc;
        if (ours && options.alphaMu) {
            auto byAlphaMu = judgeByAlphaMu(spec, before, options, r, cancel);
            if (!byAlphaMu)
                return byAlphaMu.error();
            judged = *byAlphaMu;
        }
        if (judged == Judged::ByPimc) {
            const CardReview byAlphaMu = r;
            r.alphaMuDepth = 0;
            auto byPimc = judgeByPimc(spec, r, cancel);
            if (!byPimc)
                return byPimc.error();
            judged = *byPimc ? Judged::Done : Judged::Cancelled;
            // αμ found the card as good as the best: PIMC, whose chances are less sound, only
            // breaks the tie by the tricks.
            if (ours && options.alphaMu && judged == Judged::Done && !r.byTricks) {
                r = byAlphaMu;
                r.verdict = Verdict::Unlucky;
            }
        }
        if (judged == Judged::Cancelled) {
            review.status = SolveStatus::Cancelled;
            return review;
        }
        review.cards.push_back(r);
    }
    return review;
}

std::string describeReview(const CardReview &r)
{
    if (r.byTricks) {
        char buffer[96];
        if (r.verdict == Verdict::Mistake) {
            std::snprintf(buffer, sizeof buffer, " took %.1f tricks on average, ", r.tricks);
            std::string text = "a mistake: " + cardSymbol(r.card) + buffer + cardSymbol(r.best);
            std::snprintf(buffer, sizeof buffer, " would have taken %.1f", r.bestTricks);
            return text + buffer;
        }
        std::snprintf(buffer, sizeof buffer, "%.1f tricks on average", r.tricks);
        return std::string("the best card single dummy (") + buffer + "); the layout was unlucky";
    }
    const std::string verb = r.declarerSide ? "made" : "set the contract";
    if (r.verdict == Verdict::Guess) {
        const std::string chance = percent(r.chance), other = percent(r.bestChance);
        if (chance == other)
            return "a guess: " + cardSymbol(r.card) + " and " + cardSymbol(r.best) + " both " +
                verb + " " + chance;
        return "a guess: " + cardSymbol(r.card) + " " + verb + " " + chance + ", " +
            cardSymbol(r.best) + " " + other + ", within the uncertainty";
    }
    if (r.verdict == Verdict::Mistake)
        return "a mistake: " + cardSymbol(r.card) + " " + verb + " " + percent(r.chance) + ", " +
            cardSymbol(r.best) + " would have " + (r.declarerSide ? "made " : "set it ") +
            percent(r.bestChance);
    return "the best card single dummy (" + percent(r.chance) + "); the layout was unlucky";
}

} // namespace tenace::core
