#pragma once

// Mistake, guess or bad luck: every card of a recorded play that cost its side a double-dummy
// trick, judged single dummy from its player's own view at that moment (declarer's for dummy): a
// mistake when another card did better beyond the uncertainty of the sample; a guess when no card
// makes in (nearly) every layout and the card played and another card make about the same chance;
// else the best card single dummy on a layout that was unlucky. Declarer's side's cards are judged
// by αμ (core/analysis/alpha_mu.h), which does not take a later guess for a sure thing as PIMC
// does; the defenders' cards, and declarer's when the contract's fate does not separate the cards
// (the tricks then decide), by PIMC. Blocking; cancellable; thread-safe.

#include "core/analysis/single_dummy.h"

#include <chrono>

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
    // Declarer's side's cards by αμ over min(layouts, alphaMuWorlds) worlds, searched to
    // alphaMuDepth decisions or for alphaMuBudget per card, whichever ends first (depth 1 always
    // completes). false: PIMC for every card.
    bool alphaMu = true;
    int alphaMuWorlds = 40;
    int alphaMuDepth = 3;
    std::chrono::milliseconds alphaMuBudget {1000};
};

enum class Verdict {
    Mistake, // another card was better single dummy, beyond two standard errors
    Unlucky, // the card was the best single dummy, or within the uncertainty of the best
    // No card made in (nearly) every layout, and the card played and another (`best`) made about
    // the same chance, within the uncertainty: the layout decided.
    Guess,
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
    Card best; // the best card single dummy; for a guess, the other card of the guess
    double bestChance = 0, bestChanceSe = 0;
    bool guess = false; // the best card's value rests on a later guess
    // When the contract's fate does not separate the cards: judged by the side's mean tricks.
    bool byTricks = false;
    double tricks = 0, bestTricks = 0; // the side's mean tricks
    // Judged by αμ searched to this depth (0: by PIMC). The chance of the card played may come
    // from an earlier depth when αμ's root cut stopped it (an upper bound, not above the best).
    int alphaMuDepth = 0;
};

struct PlayReview
{
    SolveStatus status = SolveStatus::Solved;
    std::vector<int> ddTricks; // declarer's tricks with DD play: before the lead, after each card
    std::vector<CardReview> cards; // the cards that cost a trick, in playing order
    int mistakes() const;
    int guesses() const;
    int unlucky() const;
};

// Reviews the play of `deal` (13 cards each) in `contract` from the opening lead.
Result<PlayReview> reviewPlay(const Deal &deal, const Contract &contract,
                              Vulnerability vulnerability, std::span<const Card> play,
                              const ReviewOptions &options = {}, const CancelToken &cancel = {});

// "a mistake: ♥K made 38%, ♥2 would have made 71%", "a guess: ♠J and ♠A both made 50%", "the
// best card single dummy (71%); the layout was unlucky".
std::string describeReview(const CardReview &review);

} // namespace tenace::core
