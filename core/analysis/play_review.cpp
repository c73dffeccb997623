#include "core/analysis/play_review.h"

#include "core/model/play_state.h"

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
    int n = 0;
    for (const CardReview &c : cards)
        n += c.verdict == Verdict::Mistake;
    return n;
}

int PlayReview::unlucky() const
{
    return static_cast<int>(cards.size()) - mistakes();
}

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
        auto values = analyseSingleDummy(spec, cancel);
        if (!values)
            return values.error();
        if (values->status == SolveStatus::Cancelled) {
            review.status = SolveStatus::Cancelled;
            return review;
        }
        CardReview r;
        r.index = static_cast<int>(j);
        r.seat = seat;
        r.viewer = values->viewer;
        r.card = play[j];
        r.ddCost = cost;
        r.declarerSide = ours;
        // The best card by its side's chance, the mean tricks breaking ties.
        const CardValue *best = &values->cards.front(), *played = nullptr;
        for (const CardValue &v : values->cards) {
            if (v.card == play[j])
                played = &v;
            if (sideChance(v, ours) > sideChance(*best, ours) + 1e-12)
                best = &v;
        }
        if (!played)
            continue; // cannot happen: the card was legal
        r.chance = sideChance(*played, ours);
        r.chanceSe = played->makeSe;
        r.best = best->card;
        r.bestChance = sideChance(*best, ours);
        r.bestChanceSe = best->makeSe;
        r.guess = best->guess;
        const double margin =
            2 * std::sqrt(r.chanceSe * r.chanceSe + r.bestChanceSe * r.bestChanceSe);
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
    if (r.verdict == Verdict::Mistake)
        return "a mistake: " + cardSymbol(r.card) + " " + verb + " " + percent(r.chance) + ", " +
            cardSymbol(r.best) + " would have " + (r.declarerSide ? "made " : "set it ") +
            percent(r.bestChance);
    return "the best card single dummy (" + percent(r.chance) + "); the layout was unlucky";
}

} // namespace tenace::core
