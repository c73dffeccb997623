#pragma once

// The board being analysed and the play on it: the deal, dealer, vulnerability and contract,
// the position after the cards played so far, and the line of play as a QUndoStack (one command
// per card), so undo/redo, "back to start", "previous trick" and jumping to any card all move
// along the same line. Lives on the GUI thread; hands out value snapshots (Position) for the
// solver. Bursts of moves (goTo) emit positionChanged once.

#include "core/formats/pbn_auction.h"
#include "core/formats/pbn_values.h"
#include "core/model/contract.h"
#include "core/model/play_state.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <utility>
#include <vector>

class QUndoStack;

namespace tenace::ui {

// Where a board's contract comes from.
enum class ContractOrigin : std::uint8_t {
    Recorded, // the file's Contract and Declarer tags, or its finished auction
    ByHand, // chosen in the window (the editor, the contract controls, a DD table click)
    // Nothing recorded (no contract, "?", a passed-out board, a random deal): the contract is
    // a stand-in for the analysis (the par contract once known) and is never saved.
    None,
};

// A board as set up by a file, a random deal or the editor. Value type.
struct Board
{
    tenace::core::Deal deal;
    tenace::core::Seat dealer = tenace::core::Seat::North;
    tenace::core::Vulnerability vulnerability = tenace::core::Vulnerability::None;
    tenace::core::Contract contract {3, tenace::core::Strain::NoTrump,
                                     tenace::core::Doubling::Undoubled, tenace::core::Seat::South};
    // The player on lead at the start; nullopt: declarer's left-hand opponent. End positions
    // (fewer than 13 cards each) may start with anyone on lead.
    std::optional<tenace::core::Seat> leader;
    // Cards already played to the current trick at the start, the leader's first: an end
    // position set up mid-trick. `deal` holds the cards still in the hands.
    std::vector<tenace::core::Card> trick;
    QString title;
    std::array<QString, 4> players; // by seat index; empty when unknown
    QString room; // the PBN Room ("Open") or Table ("Table 3") of this play; empty when unknown
    std::optional<quint64> seed; // set for random deals: the deal for that seed
    // The play recorded in the file (PBN Play section, LIN pc records), in playing order from
    // the opening lead; empty when none.
    std::vector<tenace::core::Card> recordedPlay;
    // Hands the file hides (PBN Hidden tag; bit i: seat i).
    std::uint8_t hidden = 0;
    // Declarer's tricks as the file records them (PBN Result); nullopt when unknown.
    std::optional<int> result;
    ContractOrigin contractOrigin = ContractOrigin::Recorded;
    bool passedOut = false; // the file records a passed-out board
    // The bidding as recorded (PBN Auction section, LIN mb| records) and the explanations its
    // note references point to (PBN Note tags, LIN an| records); nullopt when there is none.
    std::optional<tenace::core::PbnAuction> auction;
    std::vector<tenace::core::PbnNote> auctionNotes;
    // What a reader reads around the deal: descriptive tags ("Event", "Lyon 2026"...) in file
    // order and the commentary of the game, as text.
    std::vector<std::pair<QString, QString>> details;
    QStringList commentary;
    // What the auction says of each seat's hand, for single dummy: the simulation's constraint
    // text by seat index ("hcp=15-17,balanced"; empty: anything). Nullopt until set, when the
    // window fills it from the auction. Kept in memory with the board; never saved.
    std::optional<std::array<QString, 4>> constraints;
    friend bool operator==(const Board &, const Board &) = default;
};

class BoardSession : public QObject
{
    Q_OBJECT
public:
    explicit BoardSession(QObject *parent = nullptr);
    ~BoardSession() override;

    // Replaces the board and restarts play. Fails (keeping the deal shown, no play) when the
    // hands cannot be played: unequal lengths, duplicates.
    tenace::core::Status setBoard(const Board &board);
    // A new strain or declarer restarts play; a new level or doubling keeps the play. A board
    // without a recorded contract takes a stand-in with origin None (the par contract).
    void setContract(const tenace::core::Contract &contract,
                     ContractOrigin origin = ContractOrigin::ByHand);
    const Board &board() const { return m_board; }
    const tenace::core::Contract &contract() const { return m_board.contract; }
    // Replaces the single-dummy constraints of the board (Board::constraints); they do not
    // restart play.
    void setConstraints(const std::array<QString, 4> &constraints);
    tenace::core::Seat openingLeader() const;
    // The position play starts from (the deal, trump, leader and the trick set up).
    tenace::core::Position startPosition() const;
    // The seat that played or holds `card` on this board; nullopt when it is not in play.
    std::optional<tenace::core::Seat> seatOf(tenace::core::Card card) const;

    bool canPlay() const { return m_state.has_value(); }
    // The play so far; nullptr when the board cannot be played.
    const tenace::core::PlayState *state() const { return m_state ? &*m_state : nullptr; }
    tenace::core::Side declarerSide() const { return tenace::core::sideOf(contract().declarer); }
    int declarerTricks() const;
    // All 13 tricks are played on this board (not an end position): the contract can be scored.
    bool isFullDeal() const
    {
        return m_board.deal.cardCount() + static_cast<int>(m_board.trick.size()) == 52;
    }

    // Plays `card` for the hand to move; false when illegal. Playing the card that redo would
    // play keeps the rest of the line.
    bool play(tenace::core::Card card);
    QUndoStack *undoStack() const { return m_stack; }
    // The line of play: cards played, then cards that redo would play.
    std::vector<tenace::core::Card> line() const;
    int cardsPlayed() const;
    // Moves to the position after the first `cards` cards of the line (clamped).
    void goTo(int cards);
    // Replaces the line with `cards` from the start (as far as they are legal) and moves to the
    // position after the first `at` of them. Returns how many cards were taken.
    int loadLine(const std::vector<tenace::core::Card> &cards, int at = 0);
    void toStart() { goTo(0); }
    void toEnd();
    void previousTrick();
    void nextTrick();

signals:
    // The deal, dealer, vulnerability or title changed (the DD table and par may change).
    void boardChanged();
    // Contract (any part) changed.
    void contractChanged();
    // setConstraints() changed the board's constraints.
    void constraintsChanged();
    // After every card played or taken back, restart, or new board.
    void positionChanged();

private:
    friend class PlayCardCommand;
    void applyPlay(tenace::core::Card card);
    void applyUndo();
    void restart();
    void notifyPosition();

    Board m_board;
    std::optional<tenace::core::PlayState> m_state;
    QUndoStack *m_stack = nullptr;
    int m_batch = 0; // >0 while goTo() replays: positionChanged waits
    bool m_pending = false;
};

} // namespace tenace::ui
