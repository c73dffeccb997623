#include "ui/table_widget.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

const QColor feltLight(0x2f, 0x7d, 0x52);
const QColor feltDark(0x17, 0x4f, 0x33);
const QColor panelColor(0xfb, 0xf8, 0xef);
const QColor panelActive(0xff, 0xfd, 0xf5);
const QColor activeBorder(0xf2, 0xc1, 0x4e);
const QColor blackSuit(0x1c, 0x1f, 0x24);
const QColor redSuit(0xc8, 0x10, 0x2e);
const QColor bestColor(0x1e, 0x7a, 0x3c);
const QColor bestBack(0xd8, 0xf0, 0xdc);
const QColor costColor(0xd9, 0x48, 0x0f);
const QColor infoText(0xf4, 0xf1, 0xe6);
const QColor vulColor(0xd6, 0x33, 0x33);

QString suitSymbol(core::Suit suit)
{
    static const QString symbols[] = {QStringLiteral("\u2660"), QStringLiteral("\u2665"),
                                      QStringLiteral("\u2666"), QStringLiteral("\u2663")};
    return symbols[index(suit)];
}

QString strainSymbol(core::Strain strain)
{
    if (strain == core::Strain::NoTrump)
        return QStringLiteral("NT");
    return suitSymbol(core::suitAt(index(strain)));
}

QColor suitColor(core::Suit suit)
{
    return suit == core::Suit::Hearts || suit == core::Suit::Diamonds ? redSuit : blackSuit;
}

QString rankText(core::Rank rank)
{
    if (rank == core::Rank::Ten)
        return QStringLiteral("10");
    return QString(QChar::fromLatin1(core::rankLetter(rank)));
}

QString seatLabel(core::Seat seat)
{
    static const char *names[] = {"North", "East", "South", "West"};
    return QString::fromLatin1(names[index(seat)]);
}

QFont pixelFont(const QFont &base, qreal px, QFont::Weight weight = QFont::Normal)
{
    QFont f = base;
    f.setPixelSize(std::max(6, static_cast<int>(std::lround(px))));
    f.setWeight(weight);
    return f;
}

} // namespace

TableWidget::TableWidget(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_scores.fill(-1);
}

void TableWidget::setBoard(const core::Deal &deal, core::Seat dealer,
                           core::Vulnerability vulnerability, const QString &title)
{
    m_deal = deal;
    m_dealer = dealer;
    m_vulnerability = vulnerability;
    m_title = title;
    restart();
}

void TableWidget::setContract(core::Strain strain, core::Seat declarer, int level)
{
    m_strain = strain;
    m_declarer = declarer;
    m_level = level;
    m_bottom = declarer;
    restart();
}

void TableWidget::restart()
{
    m_redo.clear();
    auto state = core::PlayState::create(m_deal, m_strain, core::leftHandOpponent(m_declarer));
    if (state.ok())
        m_state = std::move(state).value();
    else
        m_state.reset();
    positionChangedInternal();
}

void TableWidget::positionChangedInternal()
{
    m_hasScores = false;
    m_scores.fill(-1);
    m_best = -1;
    m_hover.reset();
    m_typed.clear();
    update();
    emit positionChanged();
}

bool TableWidget::playCard(core::Card card)
{
    if (!m_state || !m_state->isLegal(card))
        return false;
    if (!m_state->play(card).ok())
        return false;
    if (!m_redo.empty() && m_redo.back() == card)
        m_redo.pop_back();
    else
        m_redo.clear();
    positionChangedInternal();
    return true;
}

bool TableWidget::undo()
{
    if (!m_state || m_state->history().empty())
        return false;
    const core::Card last = m_state->history().back();
    if (!m_state->undo())
        return false;
    m_redo.push_back(last);
    positionChangedInternal();
    return true;
}

bool TableWidget::redo()
{
    if (!m_state || m_redo.empty())
        return false;
    const core::Card card = m_redo.back();
    if (!m_state->play(card).ok()) {
        m_redo.clear();
        return false;
    }
    m_redo.pop_back();
    positionChangedInternal();
    return true;
}

void TableWidget::backToStart()
{
    if (!m_state || m_state->history().empty())
        return;
    std::vector<core::Card> undone;
    while (!m_state->history().empty()) {
        undone.push_back(m_state->history().back());
        m_state->undo();
    }
    m_redo.insert(m_redo.end(), undone.begin(), undone.end());
    positionChangedInternal();
}

void TableWidget::toEnd()
{
    if (!m_state || m_redo.empty())
        return;
    while (!m_redo.empty() && m_state->play(m_redo.back()).ok())
        m_redo.pop_back();
    positionChangedInternal();
}

bool TableWidget::playBestCard()
{
    if (!m_state || !m_hasScores || m_state->isFinished())
        return false;
    std::optional<core::Card> best;
    for (const core::Card c : m_state->legalCards().cards()) {
        if (m_scores[static_cast<std::size_t>(c.bit())] != m_best)
            continue;
        // cards() runs S H D C, high to low: keep the lowest optimal card of the first suit.
        if (!best || best->suit == c.suit)
            best = c;
    }
    return best && playCard(*best);
}

void TableWidget::rotate()
{
    m_bottom = core::next(m_bottom, 1);
    update();
}

void TableWidget::setCardScores(const core::Position &position, const core::SolveResult &result)
{
    if (!m_state || !(position == m_state->position()) ||
        result.status != core::SolveStatus::Solved)
        return;
    const core::Side declSide = core::sideOf(m_declarer);
    const bool declToMove = core::sideOf(position.toMove()) == declSide;
    const int left = position.tricksLeft();
    const int won = m_state->tricksWon(declSide);
    auto declTotal = [&](int score) { return won + (declToMove ? score : left - score); };
    m_scores.fill(-1);
    for (const core::CardScore &cs : result.cards) {
        const int total = declTotal(cs.score);
        m_scores[static_cast<std::size_t>(cs.card.bit())] = total;
        for (const core::Card c : cs.equals.cards())
            m_scores[static_cast<std::size_t>(c.bit())] = total;
    }
    m_best = declTotal(result.tricks);
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

std::optional<int> TableWidget::annotation(core::Card card) const
{
    if (!m_hasScores)
        return std::nullopt;
    const int v = m_scores[static_cast<std::size_t>(card.bit())];
    if (v < 0)
        return std::nullopt;
    return v;
}

int TableWidget::screenPosition(core::Seat seat) const
{
    return (index(seat) - index(m_bottom) + 4) % 4;
}

TableWidget::Layout TableWidget::computeLayout() const
{
    Layout l;
    const qreal w = width();
    const qreal h = height();
    const qreal u = std::max<qreal>(8.0, std::min(w / 34.0, h / 26.0));
    l.unit = u;
    const qreal rowH = 1.5 * u;
    const qreal cellW = 1.0 * u;
    const qreal tenW = 1.45 * u;
    const qreal symW = 1.3 * u;
    const qreal labelH = 1.4 * u;
    const qreal pad = 0.55 * u;
    l.info = QRectF(0.6 * u, 0.3 * u, w - 1.2 * u, 1.4 * u);

    for (const core::Seat seat : core::allSeats) {
        qreal longest = 7 * cellW;
        if (m_state) {
            const core::Hand hand = m_state->position().remaining[seat];
            for (const core::Suit s : core::allSuits) {
                const bool ten = (hand.suitMask(s) >> core::value(core::Rank::Ten)) & 1;
                longest = std::max(longest, hand.length(s) * cellW + (ten ? tenW - cellW : 0));
            }
        }
        const qreal panelW = 2 * pad + symW + longest;
        const qreal panelH = labelH + 4 * rowH + pad;
        QRectF panel(0, 0, panelW, panelH);
        switch (screenPosition(seat)) {
        case 0:
            panel.moveTo((w - panelW) / 2, h - panelH - 0.5 * u);
            break;
        case 1:
            panel.moveTo(0.6 * u, (h + l.info.bottom() - panelH) / 2);
            break;
        case 2:
            panel.moveTo((w - panelW) / 2, l.info.bottom() + 0.3 * u);
            break;
        default:
            panel.moveTo(w - panelW - 0.6 * u, (h + l.info.bottom() - panelH) / 2);
            break;
        }
        HandBox &box = l.hands[static_cast<std::size_t>(index(seat))];
        box.seat = seat;
        box.panel = panel;
        box.label = QRectF(panel.left() + pad, panel.top(), panelW - 2 * pad, labelH);
        for (int r = 0; r < 4; ++r)
            box.rows[static_cast<std::size_t>(r)] =
                QRectF(panel.left() + pad, panel.top() + labelH + r * rowH, panelW - 2 * pad, rowH);
        if (m_state) {
            const core::Hand hand = m_state->position().remaining[seat];
            for (const core::Suit s : core::allSuits) {
                const QRectF row = box.rows[static_cast<std::size_t>(index(s))];
                qreal x = row.left() + symW;
                for (const core::Card c : hand.cards()) {
                    if (c.suit != s)
                        continue;
                    const qreal cw = c.rank == core::Rank::Ten ? tenW : cellW;
                    l.spots.push_back({c, seat, QRectF(x, row.top(), cw, row.height())});
                    x += cw;
                }
            }
        }
    }
    const QRectF &top = l.hands[static_cast<std::size_t>(index(core::next(m_bottom, 2)))].panel;
    const QRectF &bottom = l.hands[static_cast<std::size_t>(index(m_bottom))].panel;
    const qreal cy = (top.bottom() + bottom.top()) / 2;
    const qreal side = std::max(4.0 * u, std::min(9.0 * u, bottom.top() - top.bottom() - 0.6 * u));
    l.centre = QRectF(w / 2 - side / 2, cy - side / 2, side, side);
    return l;
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

QString TableWidget::contractText() const
{
    QString text;
    if (m_level > 0)
        text += QString::number(m_level);
    text += strainSymbol(m_strain);
    return tr("%1 by %2").arg(text, seatLabel(m_declarer));
}

bool TableWidget::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const std::optional<core::Card> card = cardAt(help->pos());
        const std::optional<int> value = card ? annotation(*card) : std::nullopt;
        if (card && value && m_state && m_state->isLegal(*card) && m_annotationsVisible) {
            const QString side = core::sideOf(m_declarer) == core::Side::NorthSouth
                ? tr("North-South")
                : tr("East-West");
            QString text = tr("%1 %2: declarer's side (%3) ends with %4 tricks if this card is "
                              "played now")
                               .arg(suitSymbol(card->suit), rankText(card->rank), side)
                               .arg(*value);
            if (*value != m_best)
                text += tr(" — costs %n trick(s)", nullptr, std::abs(m_best - *value));
            QToolTip::showText(help->globalPos(), text, this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void TableWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);

    QRadialGradient felt(rect().center(), std::max(width(), height()) * 0.75);
    felt.setColorAt(0, feltLight);
    felt.setColorAt(1, feltDark);
    p.fillRect(rect(), felt);

    const Layout l = computeLayout();
    const qreal u = l.unit;
    const QFont base = font();

    if (!m_state) {
        p.setPen(infoText);
        p.setFont(pixelFont(base, 1.1 * u));
        p.drawText(rect(), Qt::AlignCenter, tr("Open a PBN file or deal a random hand (Ctrl+N)."));
        return;
    }

    const core::PlayState &state = *m_state;
    const core::Position &pos = state.position();
    const core::Seat toMove = state.toMove();
    const bool finished = state.isFinished();
    const core::Hand legal = finished ? core::Hand {} : state.legalCards();
    const core::Side declSide = core::sideOf(m_declarer);

    // Info strip: board, contract, tricks.
    {
        p.setPen(infoText);
        p.setFont(pixelFont(base, 0.85 * u, QFont::DemiBold));
        const QString left = m_title.isEmpty() ? tr("Deal") : m_title;
        p.drawText(l.info, Qt::AlignLeft | Qt::AlignVCenter, left);
        p.setFont(pixelFont(base, 0.95 * u, QFont::Bold));
        p.drawText(l.info, Qt::AlignHCenter | Qt::AlignVCenter, contractText());
        p.setFont(pixelFont(base, 0.85 * u, QFont::DemiBold));
        p.drawText(l.info, Qt::AlignRight | Qt::AlignVCenter,
                   tr("Tricks  NS %1 \u00b7 EW %2")
                       .arg(state.tricksWon(core::Side::NorthSouth))
                       .arg(state.tricksWon(core::Side::EastWest)));
    }

    // Hands.
    const QFont labelFont = pixelFont(base, 0.72 * u, QFont::DemiBold);
    const QFont symFont = pixelFont(base, 1.05 * u);
    const QFont rankFont = pixelFont(base, 0.88 * u, QFont::DemiBold);
    const QFont noteFont = pixelFont(base, 0.5 * u, QFont::Bold);
    const QFont tagFont = pixelFont(base, 0.5 * u, QFont::DemiBold);
    for (const HandBox &box : l.hands) {
        const bool active = !finished && box.seat == toMove;
        // Shadow then panel.
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0, 0, 0, 60));
        p.drawRoundedRect(box.panel.translated(0.12 * u, 0.16 * u), 0.5 * u, 0.5 * u);
        p.setBrush(active ? panelActive : panelColor);
        if (active)
            p.setPen(QPen(activeBorder, std::max<qreal>(2.0, 0.16 * u)));
        p.drawRoundedRect(box.panel, 0.5 * u, 0.5 * u);

        // Label: seat name, then small tags (declarer/dummy, dealer, vulnerable).
        const bool vul = core::isVulnerable(m_vulnerability, core::sideOf(box.seat));
        p.setFont(labelFont);
        p.setPen(active ? QColor(0xb3, 0x7a, 0x00) : QColor(0x3a, 0x40, 0x48));
        p.drawText(box.label, Qt::AlignLeft | Qt::AlignVCenter,
                   active ? seatLabel(box.seat) + QStringLiteral(" \u25b8") : seatLabel(box.seat));
        QStringList tags;
        if (box.seat == m_declarer)
            tags << tr("declarer");
        else if (box.seat == core::partner(m_declarer))
            tags << tr("dummy");
        if (box.seat == m_dealer)
            tags << tr("dealer");
        p.setFont(tagFont);
        qreal right = box.label.right();
        if (vul) {
            const QString v = tr("VUL");
            const qreal tw = QFontMetricsF(tagFont).horizontalAdvance(v) + 0.5 * u;
            const QRectF badge(right - tw, box.label.center().y() - 0.38 * u, tw, 0.76 * u);
            p.setPen(Qt::NoPen);
            p.setBrush(vulColor);
            p.drawRoundedRect(badge, 0.2 * u, 0.2 * u);
            p.setPen(Qt::white);
            p.drawText(badge, Qt::AlignCenter, v);
            right -= tw + 0.3 * u;
        }
        if (!tags.isEmpty()) {
            p.setPen(QColor(0x80, 0x86, 0x8c));
            p.drawText(QRectF(box.label.left(), box.label.top(), right - box.label.left(),
                              box.label.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tags.join(QStringLiteral(" \u00b7 ")));
        }
        p.setPen(QPen(QColor(0, 0, 0, 30), 1));
        p.drawLine(QPointF(box.label.left(), box.label.bottom() - 0.1 * u),
                   QPointF(box.label.right(), box.label.bottom() - 0.1 * u));

        // Suit symbols and voids.
        for (const core::Suit s : core::allSuits) {
            const QRectF row = box.rows[static_cast<std::size_t>(index(s))];
            QRectF symRect(row.left(), row.top(), 1.3 * u, row.height() * 0.68);
            p.setFont(symFont);
            p.setPen(suitColor(s));
            p.drawText(symRect, Qt::AlignLeft | Qt::AlignVCenter, suitSymbol(s));
            if (pos.remaining[box.seat].length(s) == 0) {
                p.setFont(rankFont);
                p.setPen(QColor(0xa0, 0xa4, 0xa8));
                p.drawText(QRectF(row.left() + 1.3 * u, row.top(), 2 * u, row.height() * 0.68),
                           Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("\u2014"));
            }
        }
    }

    // Cards.
    for (const CardSpot &spot : l.spots) {
        const bool mine = !finished && spot.seat == toMove;
        const bool isLegal = mine && legal.contains(spot.card);
        const QRectF rankRect(spot.rect.left(), spot.rect.top(), spot.rect.width(),
                              spot.rect.height() * 0.68);
        const QRectF noteRect(spot.rect.left(), spot.rect.top() + spot.rect.height() * 0.6,
                              spot.rect.width(), spot.rect.height() * 0.4);
        const int value = mine && m_annotationsVisible && m_hasScores
            ? m_scores[static_cast<std::size_t>(spot.card.bit())]
            : -1;
        const bool best = value >= 0 && value == m_best;
        if (isLegal && m_hover && *m_hover == spot.card) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0xf2, 0xc1, 0x4e, 110));
            p.drawRoundedRect(spot.rect.adjusted(0.04 * u, 0, -0.04 * u, 0), 0.25 * u, 0.25 * u);
        } else if (best) {
            p.setPen(Qt::NoPen);
            p.setBrush(bestBack);
            p.drawRoundedRect(spot.rect.adjusted(0.04 * u, 0, -0.04 * u, 0), 0.25 * u, 0.25 * u);
        }
        QColor c = suitColor(spot.card.suit);
        if (mine && !isLegal)
            c.setAlpha(70);
        p.setPen(c);
        p.setFont(rankFont);
        p.drawText(rankRect, Qt::AlignCenter, rankText(spot.card.rank));
        if (value >= 0) {
            p.setFont(noteFont);
            if (best) {
                p.setPen(bestColor);
                p.drawText(noteRect, Qt::AlignCenter, QString::number(value));
            } else {
                p.setPen(costColor);
                p.drawText(noteRect, Qt::AlignCenter,
                           QStringLiteral("\u2212%1").arg(std::abs(m_best - value)));
            }
        }
    }

    // Centre: the current trick (or the last completed one, faded), and the DD summary.
    const QRectF centre = l.centre;
    p.setPen(QPen(QColor(255, 255, 255, 40), std::max<qreal>(1.0, 0.06 * u)));
    p.setBrush(QColor(0, 0, 0, 28));
    p.drawRoundedRect(centre, 0.8 * u, 0.8 * u);

    std::vector<core::Card> trick = pos.trick;
    bool previous = false;
    if (trick.empty() && state.history().size() >= 4) {
        const auto &h = state.history();
        trick.assign(h.end() - 4, h.end());
        previous = true;
    }
    const qreal cw = std::min(2.3 * u, centre.width() * 0.27);
    const qreal ch = cw * 1.36;
    for (const core::Card card : trick) {
        const std::optional<core::Seat> holder = m_deal.holder(card);
        if (!holder)
            continue;
        QPointF centrePoint = centre.center();
        const qreal dx = centre.width() * 0.25;
        const qreal dy = centre.height() * 0.22;
        switch (screenPosition(*holder)) {
        case 0:
            centrePoint += QPointF(0, dy);
            break;
        case 1:
            centrePoint += QPointF(-dx, 0);
            break;
        case 2:
            centrePoint += QPointF(0, -dy);
            break;
        default:
            centrePoint += QPointF(dx, 0);
            break;
        }
        const QRectF cardRectF(centrePoint.x() - cw / 2, centrePoint.y() - ch / 2, cw, ch);
        p.setOpacity(previous ? 0.45 : 1.0);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0, 0, 0, 70));
        p.drawRoundedRect(cardRectF.translated(0.08 * u, 0.1 * u), 0.25 * u, 0.25 * u);
        p.setBrush(Qt::white);
        p.setPen(QPen(QColor(0xcc, 0xcc, 0xcc), 1));
        p.drawRoundedRect(cardRectF, 0.25 * u, 0.25 * u);
        p.setPen(suitColor(card.suit));
        p.setFont(pixelFont(base, cw * 0.42, QFont::Bold));
        p.drawText(cardRectF.adjusted(0, ch * 0.08, 0, -ch * 0.45), Qt::AlignCenter,
                   rankText(card.rank));
        p.setFont(pixelFont(base, cw * 0.5));
        p.drawText(cardRectF.adjusted(0, ch * 0.45, 0, -ch * 0.06), Qt::AlignCenter,
                   suitSymbol(card.suit));
        p.setOpacity(1.0);
    }

    // Summary line under the centre.
    p.setFont(pixelFont(base, 0.62 * u, QFont::DemiBold));
    const QRectF summary(centre.left(), centre.bottom() - 1.3 * u, centre.width(), 1.1 * u);
    const QString declName = declSide == core::Side::NorthSouth ? tr("NS") : tr("EW");
    if (finished) {
        p.setPen(infoText);
        p.drawText(summary, Qt::AlignCenter,
                   tr("%1 took %2 tricks").arg(declName).arg(state.tricksWon(declSide)));
    } else if (m_annotationsVisible && m_hasScores) {
        p.setPen(infoText);
        p.drawText(summary, Qt::AlignCenter, tr("DD: %1 take %2").arg(declName).arg(m_best));
    } else if (m_annotationsVisible && m_busy) {
        p.setPen(QColor(255, 255, 255, 140));
        p.drawText(summary, Qt::AlignCenter, tr("analysing\u2026"));
    }
    if (!finished && pos.trick.empty() && state.history().empty()) {
        p.setPen(QColor(255, 255, 255, 150));
        p.setFont(pixelFont(base, 0.6 * u));
        p.drawText(centre.adjusted(0, 0, 0, -1.6 * u), Qt::AlignCenter,
                   tr("%1 to lead").arg(seatLabel(toMove)));
    }
}

void TableWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const std::optional<core::Card> card = cardAt(event->position());
    if (card && m_state && m_state->isLegal(*card))
        playCard(*card);
}

void TableWidget::mouseMoveEvent(QMouseEvent *event)
{
    std::optional<core::Card> card = cardAt(event->position());
    if (card && !(m_state && m_state->isLegal(*card)))
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

void TableWidget::keyPressEvent(QKeyEvent *event)
{
    if (!m_state) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Backspace:
    case Qt::Key_Left:
        undo();
        return;
    case Qt::Key_Right:
        redo();
        return;
    case Qt::Key_Home:
        backToStart();
        return;
    case Qt::Key_End:
        toEnd();
        return;
    case Qt::Key_Escape:
        m_typed.clear();
        return;
    default:
        break;
    }
    const QString text = event->text().toUpper();
    if (text.size() != 1) {
        QWidget::keyPressEvent(event);
        return;
    }
    const char ch = text.at(0).toLatin1();
    if (std::string_view("SHDC").find(ch) != std::string_view::npos && m_typed.isEmpty()) {
        m_typed = text;
        return;
    }
    if (ch == '1') { // "10"
        if (m_typed.size() == 1 || m_typed.isEmpty())
            m_typed += QLatin1Char('1');
        return;
    }
    QString rank = text;
    if (ch == '0' && m_typed.endsWith(QLatin1Char('1'))) {
        rank = QStringLiteral("T");
        m_typed.chop(1);
    }
    if (!core::rankFromLetter(rank.at(0).toLatin1())) {
        m_typed.clear();
        QWidget::keyPressEvent(event);
        return;
    }
    QString suit = m_typed.left(1);
    if (suit.isEmpty() || suit == QStringLiteral("1")) {
        // A bare rank: fine when every legal card is in one suit (following suit).
        const core::Hand legal = m_state->legalCards();
        std::optional<core::Suit> only;
        for (const core::Suit s : core::allSuits) {
            if (legal.length(s) > 0) {
                if (only) {
                    only.reset();
                    m_typed.clear();
                    return;
                }
                only = s;
            }
        }
        if (!only)
            return;
        suit = QString(QChar::fromLatin1(core::suitLetter(*only)));
    }
    m_typed.clear();
    if (const auto card = core::parseCard((suit + rank).toStdString()))
        playCard(*card);
}

} // namespace tenace::ui
