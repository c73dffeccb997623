#include "ui/board_session.h"

#include "ui/bridge_text.h"

#include <QCoreApplication>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

// One card of the line of play. The session applies it; the stack owns the line.
class PlayCardCommand : public QUndoCommand
{
public:
    PlayCardCommand(BoardSession *session, core::Card card, core::Seat seat)
        : m_session(session), m_card(card)
    {
        setText(QCoreApplication::translate("tenace::ui", "%1 plays %2")
                    .arg(seatText(seat), cardText(card)));
    }
    void redo() override { m_session->applyPlay(m_card); }
    void undo() override { m_session->applyUndo(); }
    core::Card card() const { return m_card; }

private:
    BoardSession *m_session;
    core::Card m_card;
};

BoardSession::BoardSession(QObject *parent) : QObject(parent), m_stack(new QUndoStack(this))
{
    // QUndoStack runs a command before it moves its index: announce the position only once the
    // stack is consistent again (line() and cardsPlayed() agree with the state).
    connect(m_stack, &QUndoStack::indexChanged, this, &BoardSession::notifyPosition);
}

BoardSession::~BoardSession() = default;

core::Status BoardSession::setBoard(const Board &board)
{
    m_board = board;
    emit boardChanged();
    emit contractChanged();
    restart();
    if (m_state)
        return core::Ok {};
    if (auto ok = core::validate(startPosition()); !ok)
        return ok;
    if (auto ok = core::checkEqualLengths(board.deal); !ok && board.trick.empty())
        return ok;
    return core::Error {core::ErrorCode::Unknown, "The deal cannot be played"};
}

void BoardSession::setContract(const core::Contract &contract, ContractOrigin origin)
{
    const bool restartPlay = contract.strain != m_board.contract.strain ||
        contract.declarer != m_board.contract.declarer;
    if (contract == m_board.contract && origin == m_board.contractOrigin)
        return;
    m_board.contract = contract;
    m_board.contractOrigin = origin;
    if (restartPlay)
        m_board.leader.reset();
    emit contractChanged();
    if (restartPlay)
        restart();
}

void BoardSession::setConstraints(const std::array<QString, 4> &constraints)
{
    if (m_board.constraints == constraints)
        return;
    m_board.constraints = constraints;
    emit constraintsChanged();
}

core::Seat BoardSession::openingLeader() const
{
    return m_board.leader.value_or(core::leftHandOpponent(m_board.contract.declarer));
}

core::Position BoardSession::startPosition() const
{
    return {m_board.deal, m_board.contract.strain, openingLeader(), m_board.trick};
}

std::optional<core::Seat> BoardSession::seatOf(core::Card card) const
{
    if (const auto holder = m_board.deal.holder(card))
        return holder;
    for (std::size_t i = 0; i < m_board.trick.size(); ++i)
        if (m_board.trick[i] == card)
            return core::next(openingLeader(), static_cast<int>(i));
    return std::nullopt;
}

int BoardSession::declarerTricks() const
{
    return m_state ? m_state->tricksWon(declarerSide()) : 0;
}

void BoardSession::restart()
{
    ++m_batch;
    m_stack->clear();
    --m_batch;
    auto state = core::PlayState::create(startPosition());
    if (state.ok() && m_board.deal.cardCount() > 0)
        m_state = std::move(state).value();
    else
        m_state.reset();
    m_pending = false;
    notifyPosition();
}

bool BoardSession::play(core::Card card)
{
    if (!m_state || !m_state->isLegal(card))
        return false;
    const int at = m_stack->index();
    if (at < m_stack->count()) {
        const auto *next = static_cast<const PlayCardCommand *>(m_stack->command(at));
        if (next->card() == card) {
            m_stack->redo();
            return true;
        }
    }
    m_stack->push(new PlayCardCommand(this, card, m_state->toMove()));
    return true;
}

void BoardSession::applyPlay(core::Card card)
{
    if (m_state)
        m_state->play(card);
}

void BoardSession::applyUndo()
{
    if (m_state)
        m_state->undo();
}

std::vector<core::Card> BoardSession::line() const
{
    std::vector<core::Card> cards;
    cards.reserve(static_cast<std::size_t>(m_stack->count()));
    for (int i = 0; i < m_stack->count(); ++i)
        cards.push_back(static_cast<const PlayCardCommand *>(m_stack->command(i))->card());
    return cards;
}

int BoardSession::cardsPlayed() const
{
    return m_stack->index();
}

void BoardSession::goTo(int cards)
{
    cards = std::clamp(cards, 0, m_stack->count());
    if (cards == m_stack->index())
        return;
    ++m_batch;
    m_stack->setIndex(cards);
    --m_batch;
    if (m_pending)
        notifyPosition();
}

int BoardSession::loadLine(const std::vector<core::Card> &cards, int at)
{
    ++m_batch;
    restart();
    int taken = 0;
    for (const core::Card card : cards) {
        if (!m_state || !m_state->isLegal(card))
            break;
        m_stack->push(new PlayCardCommand(this, card, m_state->toMove()));
        ++taken;
    }
    m_stack->setIndex(std::clamp(at, 0, taken));
    --m_batch;
    m_pending = true;
    notifyPosition();
    return taken;
}

void BoardSession::toEnd()
{
    goTo(m_stack->count());
}

void BoardSession::previousTrick()
{
    if (!m_state)
        return;
    // To the start of the current trick; from a trick boundary, to the start of the one before.
    const int inTrick = static_cast<int>(m_state->currentTrick().size());
    goTo(cardsPlayed() - (inTrick > 0 ? inTrick : 4));
}

void BoardSession::nextTrick()
{
    if (!m_state)
        return;
    const int inTrick = static_cast<int>(m_state->currentTrick().size());
    goTo(cardsPlayed() + 4 - inTrick);
}

void BoardSession::notifyPosition()
{
    if (m_batch > 0) {
        m_pending = true;
        return;
    }
    m_pending = false;
    emit positionChanged();
}

} // namespace tenace::ui
