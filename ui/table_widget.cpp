#include "ui/table_widget.h"

#include "ui/board_session.h"
#include "ui/bridge_text.h"

#include "core/analysis/card_cost.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace tenace::ui {

namespace core = tenace::core;

TableWidget::TableWidget(BoardSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_scores.fill(-1);
    connect(m_session, &BoardSession::positionChanged, this, &TableWidget::onPositionChanged);
    connect(m_session, &BoardSession::boardChanged, this, qOverload<>(&QWidget::update));
    connect(m_session, &BoardSession::contractChanged, this, [this] {
        m_bottom = m_session->contract().declarer;
        update();
    });
}

void TableWidget::onPositionChanged()
{
    m_hasScores = false;
    m_scores.fill(-1);
    m_best = -1;
    m_sd.reset();
    m_am.reset();
    m_hover.reset();
    m_typed.clear();
    const core::PlayState *state = m_session->state();
    if (m_focus && !(state && state->isLegal(*m_focus)))
        m_focus.reset();
    update();
}

void TableWidget::setCardScores(const CardsReport &report)
{
    const core::PlayState *state = m_session->state();
    if (!state || !(report.position == state->position()) ||
        report.result.status != core::SolveStatus::Solved)
        return;
    const core::Position &position = report.position;
    const core::Side declSide = m_session->declarerSide();
    const bool declToMove = core::sideOf(position.toMove()) == declSide;
    const int left = position.tricksLeft();
    const int won = state->tricksWon(declSide);
    auto declTotal = [&](int score) { return won + (declToMove ? score : left - score); };
    const std::array<int, 64> scores = core::scoresByCard(report.result);
    for (std::size_t i = 0; i < scores.size(); ++i)
        m_scores[i] = scores[i] < 0 ? -1 : declTotal(scores[i]);
    m_best = declTotal(report.result.tricks);
    m_declarerToMove = declToMove;
    m_hasScores = true;
    update();
}

void TableWidget::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    update();
}

void TableWidget::setAnnotationsVisible(bool visible)
{
    m_annotationsVisible = visible;
    update();
}

void TableWidget::setFourColour(bool on)
{
    m_fourColour = on;
    update();
}

QColor TableWidget::colorOf(core::Suit suit) const
{
    return suitColor(suit, m_fourColour);
}

void TableWidget::setAnnotationStyle(AnnotationStyle style)
{
    m_style = style;
    update();
}

void TableWidget::setCardScale(int percent)
{
    m_cardScale = std::clamp(percent, 80, 130) / 100.0;
    update();
}

QString TableWidget::annotationText(core::Card card) const
{
    if (m_sdMode)
        return singleDummyText(card);
    const std::optional<int> value = annotation(card);
    const core::PlayState *state = m_session->state();
    if (!value || !state)
        return {};
    const int lost = costOf(*value);
    const QString minus = QStringLiteral("\u2212%1").arg(lost);
    switch (m_style) {
    case AnnotationStyle::Mixed:
        return lost == 0 ? QString::number(*value) : minus;
    case AnnotationStyle::DeclarerTricks:
        return QString::number(*value);
    case AnnotationStyle::PlayerTricks: {
        const auto cards = state->position().remaining.cardCount() + state->history().size();
        const int total = static_cast<int>(cards / 4);
        const bool declarerToPlay = core::sideOf(state->toMove()) == m_session->declarerSide();
        return QString::number(declarerToPlay ? *value : total - *value);
    }
    case AnnotationStyle::TricksLost:
        return lost == 0 ? QStringLiteral("0") : minus;
    }
    return {};
}

int TableWidget::costOf(int value) const
{
    // Declarer's side maximises its total, the defence minimises it.
    return m_declarerToMove ? core::trickCost(m_best, value) : core::trickCost(-m_best, -value);
}

std::optional<int> TableWidget::annotation(core::Card card) const
{
    if (!m_hasScores)
        return std::nullopt;
    const int v = m_scores[static_cast<std::size_t>(card.bit())];
    if (v < 0)
        return std::nullopt;
    return v;
}

std::optional<int> TableWidget::bestTricks() const
{
    if (!m_hasScores)
        return std::nullopt;
    return m_best;
}

std::optional<core::Card> TableWidget::bestCard() const
{
    const core::PlayState *state = m_session->state();
    if (!state || !m_hasScores || state->isFinished())
        return std::nullopt;
    // Declarer's side maximises its tricks; the defenders minimise them.
    std::optional<core::Card> best;
    for (const core::Card c : state->legalCards().cards()) {
        if (m_scores[static_cast<std::size_t>(c.bit())] != m_best)
            continue;
        // cards() runs S H D C, high to low: keep the lowest optimal card of the first suit.
        if (!best || best->suit == c.suit)
            best = c;
    }
    return best;
}

void TableWidget::setHiddenSeats(unsigned mask)
{
    m_hidden = mask & 0xf;
    m_hover.reset();
    update();
}

void TableWidget::rotate()
{
    m_bottom = core::next(m_bottom, 1);
    update();
}

void TableWidget::setBottomSeat(core::Seat seat)
{
    m_bottom = seat;
    update();
}

int TableWidget::screenPosition(core::Seat seat) const
{
    return (index(seat) - index(m_bottom) + 4) % 4;
}

QRect TableWidget::cardRect(core::Card card) const
{
    for (const CardSpot &spot : computeLayout().spots)
        if (spot.card == card)
            return spot.rect.toAlignedRect();
    return {};
}

std::optional<core::Card> TableWidget::cardAt(const QPointF &point) const
{
    for (const CardSpot &spot : computeLayout().spots)
        if (spot.rect.contains(point))
            return spot.card;
    return std::nullopt;
}

QString TableWidget::toolTipAt(const QPoint &pos) const
{
    for (const core::Seat seat : core::allSeats) {
        const HandLabel label = handLabel(computeLayout(), seat);
        if (label.playerElided && label.playerRect.contains(pos))
            return m_session->board().players[static_cast<std::size_t>(index(seat))];
    }
    const core::PlayState *state = m_session->state();
    const std::optional<core::Card> card = cardAt(pos);
    if (!card || !state || !state->isLegal(*card) || !m_annotationsVisible)
        return {};
    if (m_sdMode)
        return singleDummyToolTip(*card);
    const std::optional<int> value = annotation(*card);
    if (!value)
        return tr("Analysing this position\u2026");
    const QString side = sideText(m_session->declarerSide());
    QString text = tr("<b>%1</b>: declarer's side (%2) ends with <b>%3</b> tricks if this "
                      "card is played now")
                       .arg(cardText(*card), side)
                       .arg(*value);
    const int cost = costOf(*value);
    if (cost == 0)
        text += tr(" \u2014 best play");
    else
        text += cost == 1 ? tr(" \u2014 costs a trick") : tr(" \u2014 costs %1 tricks").arg(cost);
    return text;
}

bool TableWidget::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    auto *help = static_cast<QHelpEvent *>(event);
    if (const QString text = toolTipAt(help->pos()); !text.isEmpty()) {
        QToolTip::showText(help->globalPos(), text, this);
    } else {
        QToolTip::hideText();
        event->ignore();
    }
    return true;
}

void TableWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const core::PlayState *state = m_session->state();
    const std::optional<core::Card> card = cardAt(event->position());
    if (card && state && state->isLegal(*card))
        m_session->play(*card);
}

void TableWidget::mouseMoveEvent(QMouseEvent *event)
{
    const core::PlayState *state = m_session->state();
    std::optional<core::Card> card = cardAt(event->position());
    if (card && !(state && state->isLegal(*card)))
        card.reset();
    if (card != m_hover) {
        m_hover = card;
        setCursor(card ? Qt::PointingHandCursor : Qt::ArrowCursor);
        update();
    }
}

void TableWidget::leaveEvent(QEvent *)
{
    if (m_hover) {
        m_hover.reset();
        update();
    }
}

void TableWidget::moveFocus(int key)
{
    const core::PlayState *state = m_session->state();
    if (!state || state->isFinished())
        return;
    const std::vector<core::Card> legal = state->legalCards().cards();
    if (legal.empty())
        return;
    auto at = m_focus ? std::find(legal.begin(), legal.end(), *m_focus) : legal.end();
    if (at == legal.end()) {
        m_focus = legal.front();
    } else if (key == Qt::Key_Right) {
        m_focus = std::next(at) == legal.end() ? legal.front() : *std::next(at);
    } else if (key == Qt::Key_Left) {
        m_focus = at == legal.begin() ? legal.back() : *std::prev(at);
    } else {
        // Up/Down: the first legal card of the previous/next suit that has one.
        const int step = key == Qt::Key_Down ? 1 : 3;
        for (int i = 1; i < 4; ++i) {
            const core::Suit suit = core::suitAt(index(at->suit) + step * i);
            auto it = std::find_if(legal.begin(), legal.end(),
                                   [suit](core::Card c) { return c.suit == suit; });
            if (it != legal.end()) {
                m_focus = *it;
                break;
            }
        }
    }
    update();
}

void TableWidget::keyPressEvent(QKeyEvent *event)
{
    const core::PlayState *state = m_session->state();
    if (!state) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Backspace:
        m_session->goTo(m_session->cardsPlayed() - 1);
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        if (event->modifiers() & ~Qt::KeypadModifier)
            break;
        moveFocus(event->key());
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (m_focus && state->isLegal(*m_focus))
            m_session->play(*m_focus);
        return;
    case Qt::Key_Escape:
        m_typed.clear();
        m_focus.reset();
        update();
        return;
    default:
        break;
    }
    if (!typeKey(event->text().toUpper()))
        QWidget::keyPressEvent(event);
}

// Typed play: a suit letter then a rank ("SQ", "H10", "HT"), or a bare rank when every legal
// card is in one suit. Returns false when the key means nothing here.
bool TableWidget::typeKey(const QString &text)
{
    const core::PlayState *state = m_session->state();
    // A hidden hand's cards cannot be typed either: they are not on the table.
    if (text.size() != 1 || !state || isHidden(state->toMove()))
        return false;
    const char ch = text.at(0).toLatin1();
    if (std::string_view("SHDC").find(ch) != std::string_view::npos && m_typed.isEmpty()) {
        m_typed = text;
        return true;
    }
    if (ch == '1') { // the first digit of "10"
        if (m_typed.size() <= 1)
            m_typed += QLatin1Char('1');
        return true;
    }
    QString rank = text;
    if (ch == '0' && m_typed.endsWith(QLatin1Char('1'))) {
        rank = QStringLiteral("T");
        m_typed.chop(1);
    }
    if (!core::rankFromLetter(rank.at(0).toLatin1())) {
        m_typed.clear();
        return false;
    }
    QString suit = m_typed.left(1);
    m_typed.clear();
    if (suit.isEmpty() || suit == QStringLiteral("1")) {
        const core::Hand legal = state->legalCards();
        std::optional<core::Suit> only;
        for (const core::Suit s : core::allSuits) {
            if (legal.length(s) == 0)
                continue;
            if (only)
                return true; // ambiguous: several suits are legal
            only = s;
        }
        if (!only)
            return true;
        suit = QString(QChar::fromLatin1(core::suitLetter(*only)));
    }
    if (const auto card = core::parseCard((suit + rank).toStdString()))
        m_session->play(*card);
    return true;
}

} // namespace tenace::ui
