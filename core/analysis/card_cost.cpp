#include "core/analysis/card_cost.h"

#include "core/model/play_state.h"

#include <algorithm>

namespace tenace::core {

std::array<int, 64> scoresByCard(const SolveResult &result)
{
    std::array<int, 64> scores;
    scores.fill(-1);
    for (const CardScore &s : result.cards) {
        scores[static_cast<std::size_t>(s.card.bit())] = s.score;
        for (const Card c : s.equals.cards())
            scores[static_cast<std::size_t>(c.bit())] = s.score;
    }
    return scores;
}

std::optional<CardJudgement> judgeCard(const SolveResult &result, Card card)
{
    CardJudgement judgement;
    judgement.best = -1;
    int played = -1;
    for (const CardScore &s : result.cards) {
        judgement.best = std::max(judgement.best, s.score);
        if (s.card == card || s.equals.contains(card))
            played = s.score;
    }
    if (played < 0)
        return std::nullopt;
    judgement.played = played;
    for (const CardScore &s : result.cards) {
        if (s.score != judgement.best)
            continue;
        judgement.bestCards.push_back(s.card);
        for (const Card c : s.equals.cards())
            judgement.bestCards.push_back(c);
    }
    return judgement;
}

std::vector<PlayedCard> playCosts(const Deal &deal, Strain trump, Seat leader,
                                  std::span<const Card> plays, std::span<const int> tricks)
{
    std::vector<PlayedCard> cards;
    auto state = PlayState::create(deal, trump, leader);
    const Side declarerSide = sideOf(next(leader, 3));
    for (std::size_t j = 0; j < plays.size() && j + 1 < tricks.size() && state; ++j) {
        PlayedCard c;
        c.card = plays[j];
        c.seat = state->toMove();
        c.tricks = tricks[j + 1];
        // Declarer's side loses tricks by its errors; the defence gives them.
        const int change = tricks[j + 1] - tricks[j];
        c.cost = sideOf(c.seat) == declarerSide ? std::max(-change, 0) : std::max(change, 0);
        cards.push_back(c);
        if (!state->play(c.card))
            break;
    }
    return cards;
}

} // namespace tenace::core
