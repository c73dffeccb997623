// TableWidget's layout and painting. Sizes derive from one unit (the window size), so the table
// scales with the window; fonts are set in pixels of that unit, text and shapes are vector-drawn
// and therefore sharp at any device pixel ratio.

#include "ui/board_session.h"
#include "ui/bridge_text.h"
#include "ui/table_widget.h"

#include "core/model/scoring.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QRadialGradient>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

const QColor feltLight(0x2f, 0x7d, 0x52);
const QColor feltDark(0x15, 0x4a, 0x30);
const QColor panelColor(0xfb, 0xf8, 0xef);
const QColor panelActive(0xff, 0xfd, 0xf5);
const QColor activeBorder(0xf2, 0xc1, 0x4e);
const QColor bestColor(0x1e, 0x7a, 0x3c);
const QColor bestBack(0xd8, 0xf0, 0xdc);
const QColor costColor(0xd9, 0x48, 0x0f);
const QColor infoText(0xf4, 0xf1, 0xe6);
const QColor vulColor(0xd6, 0x33, 0x33);
const QColor mutedText(0x80, 0x86, 0x8c);

QFont pixelFont(const QFont &base, qreal px, QFont::Weight weight = QFont::Normal)
{
    QFont f = base;
    f.setPixelSize(std::max(6, static_cast<int>(std::lround(px))));
    f.setWeight(weight);
    return f;
}

// "4♠ =", "4♠ +1", "4♠ −2" for `tricks` taken by declarer's side.
QString resultText(const core::Contract &contract, int tricks)
{
    const int diff = tricks - contract.tricksNeeded();
    return bidText(contract.level, contract.strain, contract.doubling) + QLatin1Char(' ') +
        (diff == 0      ? QStringLiteral("=")
             : diff > 0 ? QStringLiteral("+%1").arg(diff)
                        : QStringLiteral("\u2212%1").arg(-diff));
}

} // namespace

TableWidget::Layout TableWidget::computeLayout() const
{
    Layout l;
    const qreal w = width();
    const qreal h = height();
    const qreal u = std::max<qreal>(8.0, std::min(w / 31.0, h / 25.0));
    l.unit = u;
    const qreal rowH = 1.5 * u * m_cardScale;
    const qreal cellW = 1.0 * u * m_cardScale;
    const qreal tenW = 1.45 * u * m_cardScale;
    const qreal symW = 1.3 * u * m_cardScale;
    const qreal labelH = 1.5 * u;
    const qreal pad = 0.55 * u;
    l.info = QRectF(0.6 * u, 0.3 * u, w - 1.2 * u, 1.6 * u);
    const core::PlayState *state = m_session->state();
    const core::Deal &cards = state ? state->position().remaining : m_session->board().deal;

    for (const core::Seat seat : core::allSeats) {
        qreal longest = 7.5 * cellW;
        const core::Hand hand = cards[seat];
        for (const core::Suit s : core::allSuits) {
            const bool ten = (hand.suitMask(s) >> core::value(core::Rank::Ten)) & 1;
            longest = std::max(longest, hand.length(s) * cellW + (ten ? tenW - cellW : 0));
        }
        const qreal panelW = 2 * pad + symW + longest;
        const qreal panelH = labelH + 4 * rowH + pad;
        QRectF panel(0, 0, panelW, panelH);
        const qreal midY = (h + l.info.bottom() - panelH) / 2;
        switch (screenPosition(seat)) {
        case 0:
            panel.moveTo((w - panelW) / 2, h - panelH - 0.5 * u);
            break;
        case 1:
            panel.moveTo(0.6 * u, midY);
            break;
        case 2:
            panel.moveTo((w - panelW) / 2, l.info.bottom() + 0.3 * u);
            break;
        default:
            panel.moveTo(w - panelW - 0.6 * u, midY);
            break;
        }
        HandBox &box = l.hands[static_cast<std::size_t>(index(seat))];
        box.seat = seat;
        box.panel = panel;
        box.label = QRectF(panel.left() + pad, panel.top(), panelW - 2 * pad, labelH);
        for (int r = 0; r < 4; ++r)
            box.rows[static_cast<std::size_t>(r)] =
                QRectF(panel.left() + pad, panel.top() + labelH + r * rowH, panelW - 2 * pad, rowH);
        if (isHidden(seat))
            continue;
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
    const QRectF &top = l.hands[static_cast<std::size_t>(index(core::next(m_bottom, 2)))].panel;
    const QRectF &bottom = l.hands[static_cast<std::size_t>(index(m_bottom))].panel;
    const QRectF &left = l.hands[static_cast<std::size_t>(index(core::next(m_bottom, 1)))].panel;
    const QRectF &right = l.hands[static_cast<std::size_t>(index(core::next(m_bottom, 3)))].panel;
    // The centre square for the trick, and under it two lines of the DD outlook at the size of
    // the seat labels (the square gives way when the table is short).
    const qreal summaryH = 2.0 * u;
    const qreal across = right.left() - left.right();
    const qreal cy = (top.bottom() + bottom.top() - summaryH) / 2;
    const qreal side = std::max(
        4.0 * u,
        std::min({10.0 * u, bottom.top() - top.bottom() - 0.6 * u - summaryH, across - 0.4 * u}));
    l.centre = QRectF(w / 2 - side / 2, cy - side / 2, side, side);
    const qreal summaryW = std::max(side, across - 0.6 * u);
    l.summary = QRectF(w / 2 - summaryW / 2, l.centre.bottom() + 0.1 * u, summaryW, summaryH);
    return l;
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
    if (m_session->board().deal.cardCount() == 0) {
        p.setPen(infoText);
        p.setFont(pixelFont(font(), 1.0 * l.unit));
        p.drawText(rect(), Qt::AlignCenter,
                   tr("Open a PBN file (Ctrl+O), deal a random board (Ctrl+N)\nor set up a deal "
                      "in the editor (Ctrl+E)."));
        return;
    }
    paintInfo(p, l);
    for (const HandBox &box : l.hands)
        paintHand(p, l, box);
    paintCards(p, l);
    paintCentre(p, l);
}

void TableWidget::paintInfo(QPainter &p, const Layout &l) const
{
    const qreal u = l.unit;
    const Board &board = m_session->board();
    const core::PlayState *state = m_session->state();
    const QRectF top(l.info.left(), l.info.top(), l.info.width(), l.info.height() * 0.62);
    const QRectF sub(l.info.left(), top.bottom(), l.info.width(), l.info.height() * 0.38);

    p.setPen(infoText);
    p.setFont(pixelFont(font(), 0.85 * u, QFont::DemiBold));
    p.drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
               board.title.isEmpty() ? tr("Deal") : board.title);
    p.setFont(pixelFont(font(), 0.95 * u, QFont::Bold));
    // A board without a recorded contract plays a stand-in (par): say so.
    const QString contract = board.contractOrigin == ContractOrigin::None
        ? tr("%1 \u00b7 par").arg(contractText(board.contract))
        : contractText(board.contract);
    p.drawText(top, Qt::AlignHCenter | Qt::AlignVCenter, contract);
    if (state) {
        p.setFont(pixelFont(font(), 0.85 * u, QFont::DemiBold));
        p.drawText(top, Qt::AlignRight | Qt::AlignVCenter,
                   tr("Tricks  NS %1 \u00b7 EW %2")
                       .arg(state->tricksWon(core::Side::NorthSouth))
                       .arg(state->tricksWon(core::Side::EastWest)));
    }
    p.setPen(QColor(255, 255, 255, 170));
    p.setFont(pixelFont(font(), 0.58 * u));
    p.drawText(sub, Qt::AlignLeft | Qt::AlignVCenter,
               tr("Dealer %1 \u00b7 %2")
                   .arg(seatText(board.dealer), vulnerabilityText(board.vulnerability)));
    if (state) {
        const int needed = board.contract.tricksNeeded() - m_session->declarerTricks();
        const int lost = state->tricksWon(core::otherSide(m_session->declarerSide()));
        QString line;
        const int left = state->position().tricksLeft();
        if (state->isFinished())
            line = tr("Played out");
        else if (!m_session->isFullDeal())
            line = left == 1 ? tr("End position: 1 trick left")
                             : tr("End position: %1 tricks left").arg(left);
        else if (needed <= 0)
            line = tr("Contract made");
        else if (lost > 13 - board.contract.tricksNeeded())
            line = tr("Contract defeated");
        else
            line = (needed == 1 ? tr("Declarer needs 1 more trick")
                                : tr("Declarer needs %1 more tricks").arg(needed));
        p.drawText(sub, Qt::AlignRight | Qt::AlignVCenter, line);
    }
}

QFont TableWidget::labelFont(qreal unit) const
{
    return pixelFont(font(), 0.72 * unit, QFont::DemiBold);
}

QFont TableWidget::tagFont(qreal unit) const
{
    return pixelFont(font(), 0.5 * unit, QFont::DemiBold);
}

TableWidget::HandLabel TableWidget::handLabel(const Layout &l, core::Seat seat) const
{
    const qreal u = l.unit;
    const Board &board = m_session->board();
    const QRectF line = l.hands[static_cast<std::size_t>(index(seat))].label;
    const QFontMetricsF seatMetrics(labelFont(u));
    const QFontMetricsF tagMetrics(tagFont(u));
    HandLabel label;
    label.seat = seatText(seat);
    // Room for the "to play" arrow, so that the name does not move when the turn comes.
    const qreal seatW = seatMetrics.horizontalAdvance(label.seat + QStringLiteral(" \u25b8"));
    label.seatRect = QRectF(line.left(), line.top(), seatW, line.height());
    qreal right = line.right();
    if (core::isVulnerable(board.vulnerability, core::sideOf(seat))) {
        const qreal tw = tagMetrics.horizontalAdvance(tr("VUL")) + 0.5 * u;
        label.vulRect = QRectF(right - tw, line.center().y() - 0.38 * u, tw, 0.76 * u);
        right -= tw + 0.3 * u;
    }
    QStringList tags;
    if (seat == board.contract.declarer)
        tags << tr("declarer");
    else if (seat == core::partner(board.contract.declarer))
        tags << tr("dummy");
    if (seat == board.dealer)
        tags << tr("dealer");
    label.tags = tags.join(QStringLiteral(" \u00b7 "));
    if (!label.tags.isEmpty()) {
        const qreal tw = tagMetrics.horizontalAdvance(label.tags);
        label.tagsRect = QRectF(right - tw, line.top(), tw, line.height());
        right -= tw + 0.4 * u;
    }
    const QString player = board.players[static_cast<std::size_t>(index(seat))].simplified();
    const qreal left = label.seatRect.right() + 0.1 * u;
    if (!player.isEmpty() &&
        right - left > tagMetrics.horizontalAdvance(QStringLiteral("M\u2026"))) {
        label.player = tagMetrics.elidedText(player, Qt::ElideRight, right - left);
        label.playerElided = label.player != player;
        label.playerRect =
            QRectF(left, line.top(), tagMetrics.horizontalAdvance(label.player), line.height());
    } else if (!player.isEmpty()) {
        // No room at all: the name only in the tooltip, over the seat.
        label.playerElided = true;
        label.playerRect = label.seatRect;
    }
    return label;
}

void TableWidget::paintHand(QPainter &p, const Layout &l, const HandBox &box) const
{
    const qreal u = l.unit;
    const Board &board = m_session->board();
    const core::PlayState *state = m_session->state();
    const bool active = state && !state->isFinished() && box.seat == state->toMove();
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0, 0, 0, 60));
    p.drawRoundedRect(box.panel.translated(0.12 * u, 0.16 * u), 0.5 * u, 0.5 * u);
    // A hand the seat to play cannot see (single dummy): faded, its cards still playable.
    const bool greyed = (greyedSeats() >> index(box.seat)) & 1u;
    p.setBrush(active ? panelActive : greyed ? panelColor.darker(106) : panelColor);
    if (active)
        p.setPen(QPen(activeBorder, std::max<qreal>(2.0, 0.16 * u)));
    p.drawRoundedRect(box.panel, 0.5 * u, 0.5 * u);

    // Label: seat (and player), then small tags (declarer/dummy, dealer) and the vulnerability.
    const HandLabel label = handLabel(l, box.seat);
    p.setFont(labelFont(u));
    p.setPen(active ? QColor(0xb3, 0x7a, 0x00) : QColor(0x3a, 0x40, 0x48));
    p.drawText(label.seatRect, Qt::AlignLeft | Qt::AlignVCenter,
               active ? label.seat + QStringLiteral(" \u25b8") : label.seat);
    p.setFont(tagFont(u));
    p.setPen(mutedText);
    if (!label.player.isEmpty())
        p.drawText(label.playerRect, Qt::AlignLeft | Qt::AlignVCenter, label.player);
    if (!label.tags.isEmpty())
        p.drawText(label.tagsRect, Qt::AlignRight | Qt::AlignVCenter, label.tags);
    if (!label.vulRect.isEmpty()) {
        p.setPen(Qt::NoPen);
        p.setBrush(vulColor);
        p.drawRoundedRect(label.vulRect, 0.2 * u, 0.2 * u);
        p.setPen(Qt::white);
        p.drawText(label.vulRect, Qt::AlignCenter, tr("VUL"));
    }
    p.setPen(QPen(QColor(0, 0, 0, 30), 1));
    p.drawLine(QPointF(box.label.left(), box.label.bottom() - 0.1 * u),
               QPointF(box.label.right(), box.label.bottom() - 0.1 * u));

    const core::Deal &cards = state ? state->position().remaining : board.deal;
    if (isHidden(box.seat)) {
        // Face down: a card-back pattern and how many cards the hand holds.
        const QRectF area(box.rows[0].left(), box.rows[0].top(), box.rows[0].width(),
                          box.rows[3].bottom() - box.rows[0].top() - 0.2 * u);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x2c, 0x4f, 0x8a));
        p.drawRoundedRect(area, 0.35 * u, 0.35 * u);
        p.setBrush(QBrush(QColor(255, 255, 255, 45), Qt::DiagCrossPattern));
        p.drawRoundedRect(area.adjusted(0.25 * u, 0.25 * u, -0.25 * u, -0.25 * u), 0.25 * u,
                          0.25 * u);
        p.setPen(Qt::white);
        p.setFont(pixelFont(font(), 0.62 * u, QFont::DemiBold));
        const int n = cards[box.seat].count();
        p.drawText(area, Qt::AlignCenter,
                   n == 1 ? tr("hidden \u00b7 1 card") : tr("hidden \u00b7 %1 cards").arg(n));
        return;
    }
    // Suit symbols, and a dash for a void.
    for (const core::Suit s : core::allSuits) {
        const QRectF row = box.rows[static_cast<std::size_t>(index(s))];
        const qreal k = u * m_cardScale;
        const QRectF symRect(row.left(), row.top(), 1.3 * k, row.height() * 0.68);
        p.setFont(pixelFont(font(), 1.05 * k));
        QColor symbolColor = colorOf(s);
        if (greyed)
            symbolColor.setAlpha(80);
        p.setPen(symbolColor);
        p.drawText(symRect, Qt::AlignLeft | Qt::AlignVCenter, suitSymbol(s));
        if (cards[box.seat].length(s) == 0) {
            p.setFont(pixelFont(font(), 0.88 * k));
            p.setPen(QColor(0xa0, 0xa4, 0xa8));
            p.drawText(QRectF(row.left() + 1.3 * k, row.top(), 2 * k, row.height() * 0.68),
                       Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("\u2014"));
        }
    }
}

std::vector<TableWidget::NoteLabel> TableWidget::noteLabels(const Layout &l, QFont *font) const
{
    const qreal u = l.unit;
    const core::PlayState *state = m_session->state();
    std::vector<NoteLabel> notes;
    QFont noteFont = pixelFont(this->font(), 0.56 * u * m_cardScale, QFont::Bold);
    if (state && !state->isFinished() && m_annotationsVisible && m_sdMode &&
        hasSingleDummyValues()) {
        const std::optional<core::Card> best = singleDummyBestCard();
        for (const CardSpot &spot : l.spots) {
            const QString text =
                spot.seat == state->toMove() ? singleDummyText(spot.card) : QString();
            if (!text.isEmpty())
                notes.push_back({spot.card, text, spot.rect, best == spot.card});
        }
    } else if (state && !state->isFinished() && m_annotationsVisible && !m_sdMode && m_hasScores) {
        const core::Hand legal = state->legalCards();
        for (const CardSpot &spot : l.spots) {
            const int value = m_scores[static_cast<std::size_t>(spot.card.bit())];
            if (spot.seat != state->toMove() || !legal.contains(spot.card) || value < 0)
                continue;
            notes.push_back({spot.card, annotationText(spot.card), spot.rect, value == m_best});
        }
    }
    // One size for the labels of the hand, small enough that the widest fits its card with a
    // gap: "−10" under a narrow card must not run into its neighbour.
    qreal narrowest = std::numeric_limits<qreal>::max();
    for (const NoteLabel &n : notes)
        narrowest = std::min(narrowest, n.rect.width());
    const qreal room = narrowest - std::max<qreal>(2.0, 0.12 * u);
    auto widest = [&](const QFont &f) {
        qreal w = 0;
        for (const NoteLabel &n : notes)
            w = std::max(w, QFontMetricsF(f).horizontalAdvance(n.text));
        return w;
    };
    while (!notes.empty() && noteFont.pixelSize() > 4 && widest(noteFont) > room)
        noteFont.setPixelSize(noteFont.pixelSize() - 1);
    const QFontMetricsF metrics(noteFont);
    for (NoteLabel &n : notes) {
        const QRectF cell(n.rect.left(), n.rect.top() + n.rect.height() * 0.6, n.rect.width(),
                          n.rect.height() * 0.4);
        const qreal w = metrics.horizontalAdvance(n.text);
        n.rect = QRectF(cell.center().x() - w / 2, cell.center().y() - metrics.height() / 2, w,
                        metrics.height());
    }
    if (font)
        *font = noteFont;
    return notes;
}

std::vector<QRectF> TableWidget::annotationRects() const
{
    std::vector<QRectF> rects;
    for (const NoteLabel &n : noteLabels(computeLayout(), nullptr))
        rects.push_back(n.rect);
    return rects;
}

QRectF TableWidget::playerNameRect(core::Seat seat) const
{
    return handLabel(computeLayout(), seat).playerRect;
}

QString TableWidget::playerNameText(core::Seat seat) const
{
    return handLabel(computeLayout(), seat).player;
}

QRectF TableWidget::roleTagsRect(core::Seat seat) const
{
    return handLabel(computeLayout(), seat).tagsRect;
}

void TableWidget::paintCards(QPainter &p, const Layout &l) const
{
    const qreal u = l.unit;
    const core::PlayState *state = m_session->state();
    const bool finished = !state || state->isFinished();
    const core::Seat toMove = state ? state->toMove() : core::Seat::North;
    const core::Hand legal = finished ? core::Hand {} : state->legalCards();
    const QFont rankFont = pixelFont(font(), 0.88 * u * m_cardScale, QFont::DemiBold);
    QFont noteFont;
    const std::vector<NoteLabel> notes = noteLabels(l, &noteFont);
    const unsigned greyed = greyedSeats();
    for (const CardSpot &spot : l.spots) {
        const bool mine = !finished && spot.seat == toMove;
        const bool isLegal = mine && legal.contains(spot.card);
        const QRectF rankRect(spot.rect.left(), spot.rect.top(), spot.rect.width(),
                              spot.rect.height() * 0.68);
        const QRectF noteRect(spot.rect.left(), spot.rect.top() + spot.rect.height() * 0.6,
                              spot.rect.width(), spot.rect.height() * 0.4);
        const auto note = std::find_if(notes.begin(), notes.end(),
                                       [&](const NoteLabel &n) { return n.card == spot.card; });
        const bool best = note != notes.end() && note->best;
        const QRectF back = spot.rect.adjusted(0.04 * u, 0, -0.04 * u, 0);
        p.setPen(Qt::NoPen);
        if (isLegal && m_hover == spot.card) {
            p.setBrush(QColor(0xf2, 0xc1, 0x4e, 110));
            p.drawRoundedRect(back, 0.25 * u, 0.25 * u);
        } else if (best) {
            p.setBrush(bestBack);
            p.drawRoundedRect(back, 0.25 * u, 0.25 * u);
        }
        if (isLegal && m_focus == spot.card) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0x2a, 0x6f, 0xd6), std::max<qreal>(1.5, 0.1 * u)));
            p.drawRoundedRect(back, 0.25 * u, 0.25 * u);
        }
        QColor c = colorOf(spot.card.suit);
        if ((mine && !isLegal) || ((greyed >> index(spot.seat)) & 1u))
            c.setAlpha(70);
        p.setPen(c);
        p.setFont(rankFont);
        p.drawText(rankRect, Qt::AlignCenter, rankText(spot.card.rank));
        p.setFont(noteFont);
        if (note != notes.end()) {
            p.setPen(best ? bestColor : costColor);
            p.drawText(note->rect, Qt::AlignCenter, note->text);
        } else if (isLegal && m_annotationsVisible && m_busy) {
            p.setPen(QColor(0xb0, 0xb4, 0xb8));
            p.drawText(noteRect, Qt::AlignCenter, QStringLiteral("\u00b7"));
        }
    }
}

std::vector<core::Card> TableWidget::centreTrick() const
{
    const core::PlayState *state = m_session->state();
    if (!state)
        return {};
    std::vector<core::Card> trick = state->currentTrick();
    // Cards played in order, a trick set up mid-way included.
    std::vector<core::Card> played = m_session->board().trick;
    played.insert(played.end(), state->history().begin(), state->history().end());
    if (trick.empty() && !state->history().empty() && played.size() >= 4)
        trick.assign(played.end() - 4, played.end());
    return trick;
}

TableWidget::SummaryText TableWidget::summaryText(const Layout &l) const
{
    const qreal u = l.unit;
    const core::PlayState *state = m_session->state();
    if (!state)
        return {{}, labelFont(u), infoText};
    const core::Contract &contract = m_session->contract();
    const bool vulnerable =
        core::isVulnerable(m_session->board().vulnerability, m_session->declarerSide());
    const bool fullDeal = m_session->isFullDeal();
    auto outcome = [&](int tricks) {
        QString text = resultText(contract, tricks);
        if (fullDeal)
            text += QStringLiteral("  ") +
                signedScore(core::score(contract, tricks, vulnerable) *
                            (m_session->declarerSide() == core::Side::NorthSouth ? 1 : -1)) +
                QLatin1Char(' ') + tr("NS");
        return text;
    };
    const QString side = sideText(m_session->declarerSide());
    SummaryText out;
    QStringList &lines = out.lines;
    out.color = infoText;
    if (state->isFinished()) {
        lines << (fullDeal ? outcome(m_session->declarerTricks())
                           : tr("%1 took %2").arg(side).arg(m_session->declarerTricks()));
    } else if (m_annotationsVisible && m_sdMode) {
        if (hasSingleDummyValues())
            lines << singleDummyStatus();
        else if (m_busy)
            lines << tr("single dummy: analysing…");
    } else if (m_annotationsVisible && m_hasScores) {
        if (fullDeal)
            lines << tr("DD: %1 %2").arg(side).arg(m_best) << outcome(m_best);
        else
            lines << tr("DD: %1 take %2 of the last %3")
                         .arg(side)
                         .arg(m_best - m_session->declarerTricks())
                         .arg(state->position().tricksLeft());
    } else if (m_annotationsVisible && m_busy) {
        lines << tr("analysing\u2026");
        out.color = QColor(255, 255, 255, 140);
    }
    // One line when it fits at the size of the seat labels, else two; shrunk only as a last
    // resort, so that it is never clipped.
    QFont summaryFont = labelFont(u);
    const QRectF summary = l.summary;
    const QString joined = lines.join(QStringLiteral(" \u00b7 "));
    if (QFontMetricsF(summaryFont).horizontalAdvance(joined) <= summary.width())
        lines = QStringList {joined};
    qreal widest = 0;
    for (const QString &line : lines)
        widest = std::max(widest, QFontMetricsF(summaryFont).horizontalAdvance(line));
    if (widest > summary.width())
        summaryFont =
            pixelFont(font(), std::floor(0.7 * u * summary.width() / widest), QFont::DemiBold);
    out.font = summaryFont;
    return out;
}

QFont TableWidget::summaryFont() const
{
    return summaryText(computeLayout()).font;
}

QStringList TableWidget::summaryLines() const
{
    return summaryText(computeLayout()).lines;
}

QFont TableWidget::seatLabelFont() const
{
    return labelFont(computeLayout().unit);
}

void TableWidget::paintCentre(QPainter &p, const Layout &l) const
{
    const qreal u = l.unit;
    const QRectF centre = l.centre;
    p.setPen(QPen(QColor(255, 255, 255, 40), std::max<qreal>(1.0, 0.06 * u)));
    p.setBrush(QColor(0, 0, 0, 28));
    p.drawRoundedRect(centre, 0.8 * u, 0.8 * u);
    const core::PlayState *state = m_session->state();
    if (!state)
        return;

    // The current trick, or the last completed one (the losers faded, the winner marked).
    const std::vector<core::Card> trick = centreTrick();
    std::optional<core::Seat> winner;
    if (trick.size() == 4) {
        if (const std::optional<core::Seat> lead = m_session->seatOf(trick.front()))
            winner = core::trickWinner(*lead, std::span<const core::Card, 4>(trick.data(), 4),
                                       state->trump());
    }
    const qreal cw = std::min(2.3 * u, centre.width() * 0.21);
    const qreal ch = cw * 1.36;
    for (const core::Card card : trick) {
        const std::optional<core::Seat> holder = m_session->seatOf(card);
        if (!holder)
            continue;
        QPointF at = centre.center();
        const qreal dx = centre.width() * 0.26;
        const qreal dy = centre.height() * 0.2;
        const QPointF offsets[] = {{0, dy}, {-dx, 0}, {0, -dy}, {dx, 0}};
        at += offsets[screenPosition(*holder)];
        const QRectF r(at.x() - cw / 2, at.y() - ch / 2, cw, ch);
        const bool won = winner && *holder == *winner;
        p.setOpacity(winner && !won ? 0.5 : 1.0);
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0, 0, 0, 70));
        p.drawRoundedRect(r.translated(0.08 * u, 0.1 * u), 0.25 * u, 0.25 * u);
        p.setBrush(Qt::white);
        p.setPen(won ? QPen(activeBorder, std::max<qreal>(2.0, 0.12 * u))
                     : QPen(QColor(0xcc, 0xcc, 0xcc), 1));
        p.drawRoundedRect(r, 0.25 * u, 0.25 * u);
        p.setPen(colorOf(card.suit));
        p.setFont(pixelFont(font(), cw * 0.42, QFont::Bold));
        p.drawText(r.adjusted(0, ch * 0.08, 0, -ch * 0.45), Qt::AlignCenter, rankText(card.rank));
        p.setFont(pixelFont(font(), cw * 0.5));
        p.drawText(r.adjusted(0, ch * 0.45, 0, -ch * 0.06), Qt::AlignCenter, suitSymbol(card.suit));
        p.setOpacity(1.0);
    }

    const SummaryText summary = summaryText(l);
    p.setFont(summary.font);
    p.setPen(summary.color);
    const qreal lineH = QFontMetricsF(summary.font).height();
    for (int i = 0; i < summary.lines.size(); ++i)
        p.drawText(QRectF(l.summary.left(), l.summary.top() + i * lineH, l.summary.width(), lineH),
                   Qt::AlignCenter, summary.lines[i]);
    if (!state->isFinished() && state->history().empty()) {
        p.setPen(QColor(255, 255, 255, 160));
        p.setFont(pixelFont(font(), 0.62 * u));
        p.drawText(centre, Qt::AlignCenter, tr("%1 to lead").arg(seatText(state->toMove())));
    }
}

} // namespace tenace::ui
