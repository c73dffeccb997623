#pragma once

// The bridge table: the four hands in compass layout, the current trick in the centre, the
// contract, tricks won, score and who is to play. It shows a BoardSession and plays cards
// through it: legal cards of the hand to play are clickable, or typed ("SQ", "H10", a bare rank
// when following suit), or chosen with the arrow keys and Enter. Each legal card carries its
// double-dummy value for declarer's side once the solver has scored the position: the report
// is accepted only for the exact position shown and dropped on every position change, so a
// stale number is never shown. GUI thread only.

#include "core/analysis/alpha_mu.h"
#include "core/analysis/single_dummy.h"
#include "core/solver/solver.h"
#include "ui/preferences.h"
#include "ui/solver_controller.h"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

namespace tenace::ui {

class BoardSession;

class TableWidget : public QWidget
{
    Q_OBJECT
public:
    explicit TableWidget(BoardSession *session, QWidget *parent = nullptr);

    BoardSession *session() const { return m_session; }

    // Accepts card scores; ignored unless they belong to the position shown.
    void setCardScores(const CardsReport &report);
    void setBusy(bool busy);
    bool isBusy() const { return m_busy; }
    void setAnnotationsVisible(bool visible);
    bool annotationsVisible() const { return m_annotationsVisible; }
    void setFourColour(bool on);
    bool isFourColour() const { return m_fourColour; }
    // What the number under a legal card says (see AnnotationStyle); the value is the same.
    void setAnnotationStyle(AnnotationStyle style);
    AnnotationStyle annotationStyle() const { return m_style; }
    // The size of the cards in the hands, in percent of the default (80..130).
    void setCardScale(int percent);
    // The text under `card` in the current style (single dummy in that mode); empty when none.
    QString annotationText(tenace::core::Card card) const;

    // Tricks for declarer's side if `card` is played now; nullopt when not (yet) known.
    std::optional<int> annotation(tenace::core::Card card) const;
    bool hasAnnotations() const { return m_hasScores; }
    // Declarer's side's tricks with best play from here; nullopt when not known.
    std::optional<int> bestTricks() const;
    // A double-dummy optimal card (the lowest among equals); nullopt when not known.
    std::optional<tenace::core::Card> bestCard() const;
    // The card the keyboard focus is on, if any.
    std::optional<tenace::core::Card> focusCard() const { return m_focus; }

    // Single dummy: the labels under the cards of the hand to play show the single-dummy values
    // from that seat's view (declarer's for dummy) instead of the DD values: the chance of
    // making, or of defeating for a defender, with the mean tricks in the tooltip. The values
    // are accepted only for the position shown (`position`) and dropped on every change; they
    // may come in several times as the sample grows.
    void setSingleDummyMode(bool on);
    bool isSingleDummyMode() const { return m_sdMode; }
    void setSingleDummyValues(const tenace::core::Position &position,
                              const tenace::core::SingleDummyResult &result);
    // Declarer's side to play: the make chances by αμ (core/analysis/alpha_mu.h), which replace
    // those of PIMC (its mean tricks stay); for the position shown only, dropped on every change.
    void setAlphaMuValues(const tenace::core::Position &position,
                          const tenace::core::AlphaMuResult &result);
    // The depth of the αμ values shown (0: none).
    int alphaMuDepth() const { return m_am ? m_am->depth : 0; }
    bool hasSingleDummyValues() const { return m_sd.has_value() || m_am.has_value(); }
    // Drops the values shown (they were for other constraints).
    void clearSingleDummyValues();
    std::optional<tenace::core::CardValue> singleDummyValue(tenace::core::Card card) const;
    // The card best single dummy beyond the uncertainty of the sample: ahead of the next card
    // that differs from it by more than two standard errors (of the make chance when the
    // contract is at stake, else of the mean tricks). Nullopt while they are too close to call.
    std::optional<tenace::core::Card> singleDummyBestCard() const;
    // "Single dummy: 400 layouts · ±2%", or "Single dummy: αμ, 40 layouts · plans 3 moves
    // ahead"; empty without values.
    QString singleDummyStatus() const;
    // The hands the seat to play cannot see (bit i: seat i): all but its own and, once the
    // opening lead is made, dummy's; declarer's view when dummy is to play. Zero when play is
    // over or the board cannot be played.
    unsigned unseenSeats() const;
    // In single-dummy mode, draws the hands the seat to play cannot see greyed (they stay
    // playable; hands hidden face down stay hidden).
    void setGreyUnseen(bool on);
    bool greysUnseen() const { return m_greyUnseen; }
    // The hands drawn greyed now (bit i: seat i).
    unsigned greyedSeats() const;

    // Hands drawn face down (bit i: seat i): their cards are neither shown nor playable by click.
    void setHiddenSeats(unsigned mask);
    unsigned hiddenSeats() const { return m_hidden; }
    bool isHidden(tenace::core::Seat seat) const { return (m_hidden >> index(seat)) & 1; }

    // Turns the table a quarter (the seat at the bottom moves clockwise).
    void rotate();
    void setBottomSeat(tenace::core::Seat seat);
    tenace::core::Seat bottomSeat() const { return m_bottom; }

    // Where `card` is drawn (empty when it is not in a hand on the table).
    QRect cardRect(tenace::core::Card card) const;

    // The tooltip at `pos` (a legal card's value, a shortened player name in full); empty: none.
    QString toolTipAt(const QPoint &pos) const;
    // The cards in the centre: the trick in progress, or the last complete trick until the next
    // card is played (as at the table, where the trick stays until the next lead).
    std::vector<tenace::core::Card> centreTrick() const;

    // Test hooks on the laid-out label text: the extent of each value label under a card, and
    // of a hand's player name (as drawn, elided to fit) and role tags (declarer, dummy, dealer).
    std::vector<QRectF> annotationRects() const;
    QRectF playerNameRect(tenace::core::Seat seat) const;
    QString playerNameText(tenace::core::Seat seat) const;
    QRectF roleTagsRect(tenace::core::Seat seat) const;
    // The DD outlook (or result) under the centre, its lines and font; and the seat labels' font.
    QStringList summaryLines() const;
    QFont summaryFont() const;
    QFont seatLabelFont() const;

    QSize sizeHint() const override { return {820, 680}; }
    QSize minimumSizeHint() const override { return {460, 380}; }

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
        tenace::core::Seat seat = tenace::core::Seat::North;
        QRectF panel;
        QRectF label;
        std::array<QRectF, 4> rows;
    };
    struct Layout
    {
        qreal unit = 20;
        QRectF info;
        QRectF centre;
        QRectF summary; // the DD outlook or the result, under the centre
        std::array<HandBox, 4> hands; // by seat index
        std::vector<CardSpot> spots;
    };

    // A hand's label line: seat, player name (elided between the seat and the tags), tags and
    // the vulnerability badge, each with the rectangle its text takes.
    struct HandLabel
    {
        QString seat;
        QRectF seatRect;
        QString player;
        QRectF playerRect;
        bool playerElided = false;
        QString tags;
        QRectF tagsRect;
        QRectF vulRect; // empty when not vulnerable
    };
    // A value label under a card, with the font that keeps all labels of the hand apart.
    struct NoteLabel
    {
        tenace::core::Card card;
        QString text;
        QRectF rect;
        bool best = false;
    };

    struct SummaryText
    {
        QStringList lines;
        QFont font;
        QColor color;
    };

    Layout computeLayout() const;
    SummaryText summaryText(const Layout &l) const;
    HandLabel handLabel(const Layout &l, tenace::core::Seat seat) const;
    std::vector<NoteLabel> noteLabels(const Layout &l, QFont *font) const;
    QFont labelFont(qreal unit) const;
    QFont tagFont(qreal unit) const;
    int screenPosition(tenace::core::Seat seat) const; // 0 bottom, 1 left, 2 top, 3 right
    void onPositionChanged();
    std::optional<tenace::core::Card> cardAt(const QPointF &point) const;
    bool typeKey(const QString &text);
    void moveFocus(int key);
    void paintInfo(QPainter &p, const Layout &l) const;
    void paintHand(QPainter &p, const Layout &l, const HandBox &box) const;
    void paintCards(QPainter &p, const Layout &l) const;
    void paintCentre(QPainter &p, const Layout &l) const;
    QColor colorOf(tenace::core::Suit suit) const;

    BoardSession *m_session;
    tenace::core::Seat m_bottom = tenace::core::Seat::South;

    bool m_hasScores = false;
    std::array<int, 64> m_scores {}; // declarer-side tricks by card bit, -1 unknown
    int m_best = -1; // declarer-side tricks with best play from here
    bool m_declarerToMove = false; // of the position scored
    // Tricks a card whose declarer-side total is `value` costs the side to play.
    int costOf(int value) const;
    // The chance of the viewer's side (making for declarer's, defeating for the defence).
    double sideChance(const tenace::core::CardValue &value) const;
    QString singleDummyText(tenace::core::Card card) const;
    bool byTricks() const; // every card has the same make chance: the labels show mean tricks
    int totalTricks() const; // of the deal on the table
    QString singleDummyToolTip(tenace::core::Card card) const;
    bool m_sdMode = false;
    std::optional<tenace::core::SingleDummyResult> m_sd; // of the position shown
    std::optional<tenace::core::AlphaMuResult> m_am; // of the position shown
    // The values shown: PIMC's, with αμ's make chances over them when they came.
    std::vector<tenace::core::CardValue> singleDummyCards() const;
    QString alphaMuPlan() const; // "plans 3 moves ahead", "plans to the end of play"
    bool m_sdDeclarer = true; // the viewer is on declarer's side
    bool m_greyUnseen = false;
    bool m_busy = false;
    bool m_annotationsVisible = true;
    bool m_fourColour = false;
    unsigned m_hidden = 0;
    AnnotationStyle m_style = AnnotationStyle::Mixed;
    qreal m_cardScale = 1.0;
    std::optional<tenace::core::Card> m_hover;
    std::optional<tenace::core::Card> m_focus;
    QString m_typed;
};

} // namespace tenace::ui
