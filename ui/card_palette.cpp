#include "ui/card_palette.h"

#include "ui/bridge_text.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tenace::ui {

namespace core = tenace::core;

QColor seatColor(core::Seat seat)
{
    static const QColor colors[] = {QColor(0x3d, 0x7e, 0xd8), QColor(0xe0, 0x8a, 0x1e),
                                    QColor(0x2e, 0x9e, 0x5b), QColor(0x9b, 0x59, 0xb6)};
    return colors[index(seat)];
}

CardPalette::CardPalette(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(false);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void CardPalette::setDeal(const core::Deal &deal, core::Hand trick)
{
    m_deal = deal;
    m_trick = trick;
    update();
}

void CardPalette::setFourColour(bool on)
{
    m_fourColour = on;
    update();
}

QRectF CardPalette::cellRectF(core::Card card) const
{
    const qreal symbolW = std::min(width() / 15.0, 40.0);
    const qreal cw = (width() - symbolW - 2.0) / 13.0;
    const qreal ch = (height() - 2.0) / 4.0;
    const int column = core::value(core::Rank::Ace) - core::value(card.rank);
    return QRectF(1.0 + symbolW + column * cw, 1.0 + index(card.suit) * ch, cw, ch);
}

QRect CardPalette::cellRect(core::Card card) const
{
    return cellRectF(card).toAlignedRect();
}

std::optional<core::Card> CardPalette::cardAt(const QPointF &point) const
{
    for (const core::Suit s : core::allSuits)
        for (int r = 2; r <= 14; ++r) {
            const core::Card c {s, core::rankOf(r)};
            if (cellRectF(c).contains(point))
                return c;
        }
    return std::nullopt;
}

void CardPalette::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const qreal ch = (height() - 2.0) / 4.0;
    QFont symbolFont = font();
    symbolFont.setPixelSize(std::max(8, static_cast<int>(ch * 0.55)));
    QFont rankFont = font();
    rankFont.setPixelSize(std::max(8, static_cast<int>(ch * 0.42)));
    rankFont.setBold(true);
    QFont seatFont = font();
    seatFont.setPixelSize(std::max(7, static_cast<int>(ch * 0.24)));
    seatFont.setBold(true);
    for (const core::Suit s : core::allSuits) {
        p.setFont(symbolFont);
        p.setPen(suitTextColor(s, m_fourColour)); // on the palette's base, light or dark
        const QRectF first = cellRectF({s, core::Rank::Ace});
        p.drawText(QRectF(0, first.top(), first.left(), first.height()), Qt::AlignCenter,
                   suitSymbol(s));
        for (int r = 14; r >= 2; --r) {
            const core::Card c {s, core::rankOf(r)};
            const QRectF cell = cellRectF(c).adjusted(1.5, 1.5, -1.5, -1.5);
            int holders = 0;
            core::Seat holder = core::Seat::North;
            for (const core::Seat seat : core::allSeats)
                if (m_deal[seat].contains(c)) {
                    ++holders;
                    holder = seat;
                }
            QColor back = holders == 0 ? QColor(0xfb, 0xf8, 0xef)
                : holders > 1          ? QColor(0xf6, 0xc4, 0xc4)
                                       : QColor::fromRgbF(1 - 0.22 * (1 - seatColor(holder).redF()),
                                                          1 - 0.22 * (1 - seatColor(holder).greenF()),
                                                          1 - 0.22 * (1 - seatColor(holder).blueF()));
            p.setPen(QPen(holders == 1 ? seatColor(holder) : QColor(0xc8, 0xc8, 0xc0),
                          holders == 1 ? 1.5 : 1.0));
            p.setBrush(back);
            p.drawRoundedRect(cell, 4, 4);
            p.setFont(rankFont);
            p.setPen(suitColor(s, m_fourColour));
            p.drawText(cell.adjusted(0, 0, 0, -cell.height() * 0.25), Qt::AlignCenter,
                       rankText(c.rank));
            if (holders == 0 && m_trick.contains(c)) {
                p.setFont(seatFont);
                p.setPen(QColor(0x60, 0x64, 0x68));
                p.drawText(cell.adjusted(0, cell.height() * 0.6, 0, 0), Qt::AlignCenter,
                           tr("trick"));
            }
            if (holders > 0) {
                p.setFont(seatFont);
                p.setPen(holders > 1 ? QColor(0xc0, 0x20, 0x20) : seatColor(holder).darker(130));
                p.drawText(cell.adjusted(0, cell.height() * 0.6, 0, 0), Qt::AlignCenter,
                           holders > 1 ? QStringLiteral("!") : seatLetterText(holder));
            }
        }
    }
}

void CardPalette::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragging = true;
    m_lastDragged = cardAt(event->position());
    if (m_lastDragged)
        emit cardClicked(*m_lastDragged);
}

void CardPalette::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging)
        return;
    const std::optional<core::Card> card = cardAt(event->position());
    if (card && card != m_lastDragged) {
        m_lastDragged = card;
        emit cardClicked(*card);
    }
}

void CardPalette::mouseReleaseEvent(QMouseEvent *)
{
    m_dragging = false;
    m_lastDragged.reset();
}

} // namespace tenace::ui
