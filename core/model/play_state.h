#pragma once

// The state of a deal being played: the position (cards held, trump, current trick), the tricks
// won by each side and the history of cards played, with play() and undo(). Value type; not
// thread-safe (copy it to hand it to another thread).

#include "core/model/position.h"

#include <vector>

namespace tenace::core {

class PlayState
{
public:
    // Starts from `start` (cards held, possibly mid-trick). Validates it (see validate()).
    static Result<PlayState> create(Position start);
    // The opening lead of a full or end-position deal: every hand the same length.
    static Result<PlayState> create(const Deal &deal, Strain trump, Seat leader);

    const Position &position() const { return m_position; }
    Strain trump() const { return m_position.trump; }
    Seat leader() const { return m_position.leader; }
    Seat toMove() const { return m_position.toMove(); }
    const std::vector<Card> &currentTrick() const { return m_position.trick; }
    int tricksWon(Side side) const { return m_tricksWon[static_cast<std::size_t>(index(side))]; }
    // Every card played since create(), in order (the current trick's cards included).
    const std::vector<Card> &history() const { return m_history; }
    bool isFinished() const
    {
        return m_position.remaining.cardCount() == 0 && m_position.trick.empty();
    }

    Hand legalCards() const { return m_position.legalCards(); }
    bool isLegal(Card c) const { return legalCards().contains(c); }
    // Plays `c` for toMove(); completes the trick after the fourth card. Fails (and changes
    // nothing) when the card is not legal: "SQ is not held by West", "must follow hearts".
    Status play(Card c);
    // Takes back the last card played since create(); false when there is none.
    bool undo();

private:
    struct Step
    {
        Seat leader; // leader of the trick the card was played to
        std::vector<Card> trickBefore;
    };
    Position m_position;
    std::array<int, 2> m_tricksWon {};
    std::vector<Card> m_history;
    std::vector<Step> m_steps;
};

} // namespace tenace::core
