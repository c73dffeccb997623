#pragma once

// The 52-card palette of the deal editor: one row per suit, one cell per rank, each cell
// coloured by the seat holding the card (and red when two seats claim it). Clicking a cell
// emits cardClicked; dragging across cells emits it for each cell entered, so a suit can be
// swept into a hand. Custom-painted, scales with its size. GUI thread only.

#include "core/model/deal.h"

#include <QWidget>

#include <optional>

namespace tenace::ui {

class CardPalette : public QWidget
{
    Q_OBJECT
public:
    explicit CardPalette(QWidget *parent = nullptr);

    // `trick`: cards on the table (a position set up mid-trick), shown apart.
    void setDeal(const tenace::core::Deal &deal, tenace::core::Hand trick = {});
    void setFourColour(bool on);
    QRect cellRect(tenace::core::Card card) const;

    QSize sizeHint() const override { return {620, 180}; }
    QSize minimumSizeHint() const override { return {390, 120}; }

signals:
    void cardClicked(tenace::core::Card card);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    std::optional<tenace::core::Card> cardAt(const QPointF &point) const;
    QRectF cellRectF(tenace::core::Card card) const;

    tenace::core::Deal m_deal;
    tenace::core::Hand m_trick;
    bool m_fourColour = false;
    std::optional<tenace::core::Card> m_lastDragged;
    bool m_dragging = false;
};

// The colour that marks a seat's cards in the editor.
QColor seatColor(tenace::core::Seat seat);

} // namespace tenace::ui
