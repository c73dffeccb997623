#pragma once

// The bridge table: the four hands in compass layout, the current trick in the centre, the
// contract, tricks won and who is to play. Legal cards of the hand to play are clickable (or
// typed: "SQ", "H10"); each carries its double-dummy value for declarer's side once the solver
// has scored the position. Annotations are dropped on every position change and only accepted
// for the exact position they were computed for, so a stale number is never shown.

#include "core/contract.h"
#include "core/play_state.h"
#include "core/solver.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

namespace tenace::ui {

class TableWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TableWidget(QWidget *parent = nullptr);

    // Starts a new board: play restarts with declarer's LHO on lead. `level` 0: unknown.
    void setBoard(const tenace::core::Deal &deal, tenace::core::Seat dealer,
                  tenace::core::Vulnerability vulnerability, const QString &title = {});
    // Sets the contract and restarts play.
    void setContract(tenace::core::Strain strain, tenace::core::Seat declarer, int level = 0);

    bool hasDeal() const { return m_state.has_value(); }
    const tenace::core::Deal &deal() const { return m_deal; }
    tenace::core::Strain strain() const { return m_strain; }
    tenace::core::Seat declarer() const { return m_declarer; }
    tenace::core::Seat dealer() const { return m_dealer; }
    tenace::core::Vulnerability vulnerability() const { return m_vulnerability; }
    const std::optional<tenace::core::PlayState> &state() const { return m_state; }

    // Plays `card` for the hand to move; false (nothing changes) when illegal.
    bool playCard(tenace::core::Card card);
    bool undo();
    bool redo();
    void backToStart();
    // Replays every card undone (the redo stack).
    void toEnd();
    // Plays a double-dummy optimal card (the lowest among equals); false when not yet known.
    bool playBestCard();
    bool canUndo() const { return m_state && !m_state->history().empty(); }
    bool canRedo() const { return !m_redo.empty(); }
    // Turns the table a quarter (the seat at the bottom moves clockwise). A new contract puts
    // declarer at the bottom.
    void rotate();
    tenace::core::Seat bottomSeat() const { return m_bottom; }

    // Accepts card scores for `position`; ignored unless it is the current position.
    void setCardScores(const tenace::core::Position &position,
                       const tenace::core::SolveResult &result);
    void setBusy(bool busy);
    bool isBusy() const { return m_busy; }
    void setAnnotationsVisible(bool visible);
    bool annotationsVisible() const { return m_annotationsVisible; }
    // Tricks for declarer's side if `card` is played now; nullopt when not (yet) known.
    std::optional<int> annotation(tenace::core::Card card) const;
    bool hasAnnotations() const { return m_hasScores; }
    // Where `card` is drawn (empty when it is not in a hand on the table).
    QRect cardRect(tenace::core::Card card) const;

    QSize sizeHint() const override { return {820, 680}; }
    QSize minimumSizeHint() const override { return {420, 360}; }

signals:
    // Emitted after every play, undo, redo, restart or new board.
    void positionChanged();

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    struct CardSpot
    {
        tenace::core::Card card;
        tenace::core::Seat seat;
        QRectF rect;
    };
    struct HandBox
    {
        tenace::core::Seat seat;
        QRectF panel;
        QRectF label;
        std::array<QRectF, 4> rows;
    };
    struct Layout
    {
        qreal unit = 20;
        QRectF info;
        QRectF centre;
        std::array<HandBox, 4> hands; // by seat index
        std::vector<CardSpot> spots;
    };

    Layout computeLayout() const;
    int screenPosition(tenace::core::Seat seat) const; // 0 bottom, 1 left, 2 top, 3 right
    void restart();
    void positionChangedInternal();
    std::optional<tenace::core::Card> cardAt(const QPointF &point) const;
    QString contractText() const;

    tenace::core::Deal m_deal;
    tenace::core::Seat m_dealer = tenace::core::Seat::North;
    tenace::core::Vulnerability m_vulnerability = tenace::core::Vulnerability::None;
    tenace::core::Strain m_strain = tenace::core::Strain::NoTrump;
    tenace::core::Seat m_declarer = tenace::core::Seat::South;
    int m_level = 0;
    QString m_title;
    std::optional<tenace::core::PlayState> m_state;
    std::vector<tenace::core::Card> m_redo;
    tenace::core::Seat m_bottom = tenace::core::Seat::South;

    bool m_hasScores = false;
    std::array<int, 64> m_scores {}; // declarer-side tricks by card bit, -1 unknown
    int m_best = -1; // declarer-side tricks with best play from here
    bool m_busy = false;
    bool m_annotationsVisible = true;
    std::optional<tenace::core::Card> m_hover;
    QString m_typed;
};

} // namespace tenace::ui
