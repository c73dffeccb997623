#include "core/model/play_state.h"

namespace tenace::core {

Result<PlayState> PlayState::create(Position start)
{
    if (auto ok = validate(start); !ok)
        return ok.error();
    PlayState state;
    state.m_position = std::move(start);
    return state;
}

Result<PlayState> PlayState::create(const Deal &deal, Strain trump, Seat leader)
{
    if (auto ok = checkEqualLengths(deal); !ok)
        return ok.error();
    return create(Position {deal, trump, leader, {}});
}

Status PlayState::play(Card c)
{
    const Seat who = toMove();
    if (!m_position.remaining[who].contains(c))
        return Error {ErrorCode::IllegalPlay,
                      c.toString() + " is not held by " + std::string(seatName(who))};
    if (!isLegal(c))
        return Error {ErrorCode::IllegalPlay,
                      std::string(seatName(who)) + " must follow " +
                          std::string(1, suitLetter(m_position.trick.front().suit)) + " with " +
                          c.toString() + " in hand"};
    m_steps.push_back({m_position.leader, m_position.trick});
    m_history.push_back(c);
    m_position.remaining[who].remove(c);
    m_position.trick.push_back(c);
    if (m_position.trick.size() == 4) {
        std::array<Card, 4> cards;
        std::copy(m_position.trick.begin(), m_position.trick.end(), cards.begin());
        const Seat winner = trickWinner(m_position.leader, cards, m_position.trump);
        ++m_tricksWon[static_cast<std::size_t>(index(sideOf(winner)))];
        m_position.leader = winner;
        m_position.trick.clear();
    }
    return Ok {};
}

bool PlayState::undo()
{
    if (m_steps.empty())
        return false;
    const Card c = m_history.back();
    Step step = std::move(m_steps.back());
    m_steps.pop_back();
    m_history.pop_back();
    if (m_position.trick.empty()) {
        // The card completed a trick: take the trick back from its winner.
        std::array<Card, 4> cards;
        std::copy(step.trickBefore.begin(), step.trickBefore.end(), cards.begin());
        cards[3] = c;
        const Seat winner = trickWinner(step.leader, cards, m_position.trump);
        --m_tricksWon[static_cast<std::size_t>(index(sideOf(winner)))];
    }
    const Seat who = next(step.leader, static_cast<int>(step.trickBefore.size()));
    m_position.remaining[who].add(c);
    m_position.leader = step.leader;
    m_position.trick = std::move(step.trickBefore);
    return true;
}

} // namespace tenace::core
