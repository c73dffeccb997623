#pragma once

// The play-analysis strip: for a board with a recorded play, the DD tricks of declarer's side
// before the lead and after every card, as a line along the tricks, with a mark on every card
// that cost its side a trick (red for declarer's side, blue for the defence, the player's seat
// above it). Clicking a point jumps there; the current position is highlighted. After the user
// diverges from the recorded play, "Back to the recorded play" returns to it at the point of
// divergence. Once the DD analysis is in, every card that cost a trick is judged single dummy
// (a Review request): a mistake (a filled mark, "!" after the seat) when another card was
// better from its player's view, else bad luck (a ring), over layouts that meet the board's
// constraints (judged again when they change). The analysis is a request of the SolverController
// (cancelled when the board changes); the GUI never waits for it.

#include "core/analysis/card_cost.h"
#include "core/analysis/play_review.h"
#include "core/model/card.h"
#include "core/solver/solver.h"

#include <QVariant>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QPushButton;

namespace tenace::ui {

class BoardSession;
class SolverController;
enum class RequestKind;

// One analysed card of the recorded play: declarer's side's DD tricks after it and the tricks it
// cost its player's side (0: DD-optimal), as core computes them.
using AnalysedCard = tenace::core::PlayedCard;

// The painted strip itself. Shows what it is given.
class PlayAnalysisStrip : public QWidget
{
    Q_OBJECT
public:
    explicit PlayAnalysisStrip(QWidget *parent = nullptr);

    // `start`: the DD tricks before the lead; `target`: the tricks the contract needs.
    void setAnalysis(int start, const std::vector<AnalysedCard> &cards,
                     tenace::core::Side declarerSide, int target);
    void clear();
    // The single-dummy verdicts on the costly cards (CardReview::index from 0); replaces any.
    void setReviews(const std::vector<tenace::core::CardReview> &reviews);
    const std::vector<tenace::core::CardReview> &reviews() const { return m_reviews; }
    void setCurrent(int cards);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The point nearest to a widget position (0: before the lead, j: after card j); -1 if none.
    int pointAt(QPoint position) const;
    QPoint pointPosition(int cards) const;

signals:
    void pointClicked(int cards);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRectF plotRect() const;
    double yOf(int tricks) const;
    const tenace::core::CardReview *reviewOf(int index) const;

    int m_start = 0;
    std::vector<AnalysedCard> m_cards;
    tenace::core::Side m_declarerSide = tenace::core::Side::NorthSouth;
    int m_target = 0;
    int m_current = 0;
    std::vector<tenace::core::CardReview> m_reviews;
    int m_low = 0, m_high = 13;
};

class PlayAnalysisPanel : public QWidget
{
    Q_OBJECT
public:
    PlayAnalysisPanel(BoardSession *session, SolverController *solver, QWidget *parent = nullptr);

    // Starts analysing the board's recorded play (or shows that there is none).
    void analyseBoard();
    bool isBusy() const;
    // The single-dummy review of the costly cards is running.
    bool isReviewing() const { return m_reviewGeneration != 0; }
    // The analysed cards (empty until done).
    const std::vector<AnalysedCard> &cards() const { return m_cards; }
    int startTricks() const { return m_start; }
    // The user's line left the recorded play.
    bool hasDiverged() const;
    void returnToRecordedPlay();
    QString summary() const;
    PlayAnalysisStrip *strip() const { return m_strip; }

signals:
    void analysisFinished();
    void reviewFinished();

private:
    void onFinished(RequestKind kind, quint64 generation, const QVariant &value);
    void onFailed(RequestKind kind, quint64 generation, const QString &message);
    void requestReview();
    QString reviewSummary() const;
    void onPositionChanged();
    void jumpTo(int cards);

    BoardSession *m_session;
    PlayAnalysisStrip *m_strip = nullptr;
    QLabel *m_summary = nullptr;
    QPushButton *m_return = nullptr;
    SolverController *m_solver;
    quint64 m_generation = 0; // of the request whose answer is awaited; 0: none
    quint64 m_reviewGeneration = 0; // likewise for the single-dummy review
    bool m_reviewed = false;
    QString m_reviewError;
    std::vector<tenace::core::Card> m_recorded;
    std::vector<AnalysedCard> m_cards;
    int m_start = 0;
};

} // namespace tenace::ui
