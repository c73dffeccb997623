#pragma once

// What a card cost: from the scores of a solved position (the tricks the side to move takes
// after each card), the best score, the card's score and the cards that were best; and along a
// played line (declarer's side's DD tricks after every card), the tricks each card cost its
// player's side. Pure functions; any thread.

#include "core/model/card.h"
#include "core/model/deal.h"
#include "core/solver/solver.h"

#include <array>
#include <optional>
#include <span>
#include <vector>

namespace tenace::core {

// The tricks the side to move takes after each card, indexed by Card::bit(); -1 for a card
// without a score (not legal, or not reported). Equivalent cards share their group's score.
std::array<int, 64> scoresByCard(const SolveResult &result);

// Tricks a card scoring `score` costs the side to move when the best card scores `best`.
constexpr int trickCost(int best, int score)
{
    return best > score ? best - score : 0;
}

struct CardJudgement
{
    int best = 0; // the side to move's tricks with the best card
    int played = 0; // ... with the card played
    std::vector<Card> bestCards; // every card scoring `best`, equivalent cards included
    int cost() const { return trickCost(best, played); }
};

// The judgement of `card` against the scores of the position it was played from; nullopt when
// the scores do not name it.
std::optional<CardJudgement> judgeCard(const SolveResult &result, Card card);

// One card of a played line, with declarer's side's DD tricks after it and the tricks it cost
// its player's side (0: DD-optimal).
struct PlayedCard
{
    Card card;
    Seat seat = Seat::North;
    int tricks = 0;
    int cost = 0;
    friend bool operator==(const PlayedCard &, const PlayedCard &) = default;
};

// The cards of `plays` from the deal's start (`leader` leads, `trump`), each with what it cost,
// given `tricks` as Solver::analysePlay reports them (entry 0 before any card, entry j after card
// j; declarer's side is the one not on lead). Stops after the first card that is not legal, or
// where the trick counts end.
std::vector<PlayedCard> playCosts(const Deal &deal, Strain trump, Seat leader,
                                  std::span<const Card> plays, std::span<const int> tricks);

} // namespace tenace::core
