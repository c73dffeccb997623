#pragma once

// Mistake or bad luck: every card of a recorded play that cost its side a double-dummy trick,
// judged single dummy from its player's own view at that moment (declarer's for dummy): a
// mistake when another card did better beyond the uncertainty of the sample, else the best card
// single dummy on a layout that was unlucky. Blocking; cancellable; thread-safe.

#include "core/analysis/single_dummy.h"

#include <span>
#include <string>
#include <vector>

namespace tenace::core {

struct ReviewOptions
{
    int layouts = 100; // per card judged
    std::uint64_t seed = 1;
    std::array<HandConstraint, 4> constraints {}; // on the players' original hands
    PoolOptions pool;
};

enum class Verdict {
    Mistake, // another card was better single dummy, beyond two standard errors
    Unlucky, // the card was the best single dummy, or within the uncertainty of the best
};

struct CardReview
{
    int index = 0; // in the play, from 0 (the opening lead)
    Seat seat = Seat::North; // who played it
    Seat viewer = Seat::North; // whose view judges it (declarer for dummy's cards)
    Card card;
    int ddCost = 0; // double-dummy tricks it cost its side
    Verdict verdict = Verdict::Unlucky;
    bool declarerSide = true; // the chances are of making (declarer) or of setting (defence)
    double chance = 0, chanceSe = 0; // of the card played, for its side
    Card best; // the best card single dummy
    double bestChance = 0, bestChanceSe = 0;
    bool guess = false; // the best card's value rests on a later guess
    // When the contract's fate does not separate the cards: judged by the side's mean tricks.
    bool byTricks = false;
    double tricks = 0, bestTricks = 0; // the side's mean tricks
};

struct PlayReview
{
    SolveStatus status = SolveStatus::Solved;
    std::vector<int> ddTricks; // declarer's tricks with DD play: before the lead, after each card
    std::vector<CardReview> cards; // the cards that cost a trick, in playing order
    int mistakes() const;
    int unlucky() const;
};

// Reviews the play of `deal` (13 cards each) in `contract` from the opening lead.
Result<PlayReview> reviewPlay(const Deal &deal, const Contract &contract,
                              Vulnerability vulnerability, std::span<const Card> play,
                              const ReviewOptions &options = {}, const CancelToken &cancel = {});

// "a mistake: ♥K made 38%, ♥2 would have made 71%", "the best card single dummy (71%); the
// layout was unlucky".
std::string describeReview(const CardReview &review);

} // namespace tenace::core
