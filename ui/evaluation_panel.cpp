#include "ui/evaluation_panel.h"

#include "ui/bridge_text.h"

#include "core/analysis/hand_eval.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tenace::ui {

using namespace tenace::core;

namespace {

QTableWidget *makeTable(int rows, const QStringList &columns)
{
    auto *table = new QTableWidget(rows, static_cast<int>(columns.size()));
    table->setHorizontalHeaderLabels(columns);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(22);
    table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    return table;
}

QTableWidgetItem *cell(const QString &text, const QString &tip = {})
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignCenter);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    return item;
}

// Strains in the order of the DD table panel: NT first.
int columnOf(Strain strain)
{
    return strain == Strain::NoTrump ? 0 : index(strain) + 1;
}

bool fullHand(Hand hand)
{
    return hand.count() == 13;
}

} // namespace

EvaluationPanel::EvaluationPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    // Room for five strain columns of "37.5" next to the row labels.
    setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("NS pred. 00.0 00.0 00.0 00.0 00.0")) + 30);

    auto *handsTitle = new QLabel(tr("<b>Hands</b>"));
    layout->addWidget(handsTitle);
    m_hands = makeTable(4, {tr("Shape"), tr("HCP"), tr("Short"), tr("LTC")});
    m_hands->setObjectName(QStringLiteral("evaluationHands"));
    m_hands->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_hands->horizontalHeaderItem(0)->setToolTip(tr("Suit lengths \u2660-\u2665-\u2666-\u2663"));
    m_hands->horizontalHeaderItem(1)->setToolTip(tr("High-card points, A 4, K 3, Q 2, J 1"));
    m_hands->horizontalHeaderItem(2)->setToolTip(
        tr("Short-suit points: void 5, singleton 3, doubleton 1"));
    m_hands->horizontalHeaderItem(3)->setToolTip(tr("Losing trick count"));
    QStringList seats;
    for (Seat seat : allSeats)
        seats << seatText(seat);
    m_hands->setVerticalHeaderLabels(seats);
    layout->addWidget(m_hands);

    auto *sidesTitle = new QLabel(tr("<b>Partnerships</b>"));
    sidesTitle->setToolTip(
        tr("Suits: H + TL + NL at resolution 0.5 (Jan, Huang and Yang): A 4, K 2.5, Q 1, J 0.5; "
           "1.5 \u00d7 (trump length \u2212 1); void 3.5, singleton 2, doubleton 0.5 outside "
           "trumps.\nNo-trump: H + L_wh: A 4, K 2.7, Q 1.6, J 0.8, 10/9 0.3; 0.2 \u00d7 "
           "(length \u2212 0.1) for each suit with an honour."));
    layout->addWidget(sidesTitle);
    m_sides = makeTable(6, {QString(), QString(), QString(), QString(), QString()});
    m_sides->setObjectName(QStringLiteral("evaluationSides"));
    m_sides->setVerticalHeaderLabels(
        {tr("NS"), tr("pred."), tr("DD"), tr("EW"), tr("pred."), tr("DD")});
    for (int side = 0; side < 2; ++side) {
        m_sides->verticalHeaderItem(3 * side)->setToolTip(tr("The partnership's strength"));
        m_sides->verticalHeaderItem(3 * side + 1)
            ->setToolTip(tr("Tricks the strength predicts (thresholds fitted on random deals)"));
        m_sides->verticalHeaderItem(3 * side + 2)
            ->setToolTip(tr("Double-dummy tricks of the side's better declarer"));
    }
    layout->addWidget(m_sides);

    auto *row = new QHBoxLayout;
    m_simulate = new QPushButton(tr("Simulate\u2026"));
    m_simulate->setToolTip(
        tr("Keep some hands, deal the others at random and solve every deal (Ctrl+M)"));
    connect(m_simulate, &QPushButton::clicked, this, &EvaluationPanel::simulateRequested);
    row->addWidget(m_simulate);
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("evaluationNote"));
    m_note->setToolTip(tr("Double dummy differs from the prediction by two tricks or more: the "
                          "layout of the other hands matters here"));
    row->addWidget(m_note, 1);
    layout->addLayout(row);
    layout->addStretch(1);
    refresh();
    // The tables are short: never squeeze them behind scroll bars.
    setMinimumHeight(sizeHint().height());
}

void EvaluationPanel::setDeal(const Deal &deal)
{
    m_deal = deal;
    m_table.reset();
    m_strains = 0;
    refresh();
}

void EvaluationPanel::setTable(const DdTable &table, unsigned strains)
{
    m_table = table;
    m_strains = strains;
    refresh();
}

void EvaluationPanel::clearTable()
{
    m_table.reset();
    m_strains = 0;
    refresh();
}

QString EvaluationPanel::sideText(Side side, Row row, Strain strain) const
{
    const int r = (side == Side::NorthSouth ? 0 : 3) + static_cast<int>(row);
    const QTableWidgetItem *item = m_sides->item(r, columnOf(strain));
    return item ? item->text() : QString();
}

void EvaluationPanel::setConcealed(unsigned hiddenSeats, bool hideDd)
{
    if (m_hiddenSeats == hiddenSeats && m_hideDd == hideDd)
        return;
    m_hiddenSeats = hiddenSeats;
    m_hideDd = hideDd;
    refresh();
}

void EvaluationPanel::setSimulateEnabled(bool on)
{
    m_simulate->setEnabled(on);
}

void EvaluationPanel::setFourColour(bool on)
{
    m_fourColour = on;
    refresh();
}

void EvaluationPanel::refresh()
{
    for (Seat seat : allSeats) {
        const int row = index(seat);
        const Hand hand = m_deal[seat];
        if (!fullHand(hand) || ((m_hiddenSeats >> row) & 1)) {
            for (int c = 0; c < 4; ++c)
                m_hands->setItem(row, c, cell(QString()));
            continue;
        }
        const HandEvaluation e = evaluateHand(hand);
        m_hands->setItem(row, 0,
                         cell(QStringLiteral("%1-%2-%3-%4")
                                  .arg(e.lengths[0])
                                  .arg(e.lengths[1])
                                  .arg(e.lengths[2])
                                  .arg(e.lengths[3])));
        m_hands->setItem(row, 1, cell(QString::number(e.hcp)));
        m_hands->setItem(row, 2, cell(QString::number(e.shortPoints)));
        m_hands->setItem(row, 3, cell(QString::number(e.losers)));
    }

    for (Strain strain : allStrains) {
        auto *header = new QTableWidgetItem(strainText(strain));
        if (strain != Strain::NoTrump)
            header->setForeground(suitTextColor(suitAt(index(strain)), m_fourColour));
        m_sides->setHorizontalHeaderItem(columnOf(strain), header);
    }
    bool anyMiss = false;
    for (Side side : {Side::NorthSouth, Side::EastWest}) {
        const Seat first = side == Side::NorthSouth ? Seat::North : Seat::East;
        const Hand a = m_deal[first], b = m_deal[partner(first)];
        const int row = side == Side::NorthSouth ? 0 : 3;
        const bool hidden =
            ((m_hiddenSeats >> index(first)) & 1) || ((m_hiddenSeats >> index(partner(first))) & 1);
        const bool known = fullHand(a) && fullHand(b);
        for (Strain strain : allStrains) {
            const int column = columnOf(strain);
            if (!known) {
                for (int r = 0; r < 3; ++r)
                    m_sides->setItem(row + r, column, cell(QString()));
                continue;
            }
            if (hidden) {
                for (int r = 0; r < 2; ++r)
                    m_sides->setItem(row + r, column, cell(QString()));
            }
            const bool noTrump = strain == Strain::NoTrump;
            const double strength = noTrump ? noTrumpStrength(a, b, recommendedNoTrump)
                                            : htlnl(a, b, suitAt(index(strain)), recommendedHtlnl);
            const auto predictor =
                storedPredictor(noTrump ? recommendedNoTrump.id : recommendedHtlnl.id);
            const int predicted = predictor ? predictor->predict(strength) : -1;
            if (!hidden) {
                m_sides->setItem(row, column, cell(QString::number(strength, 'f', 1)));
                m_sides->setItem(row + 1, column,
                                 cell(predicted >= 0 ? QString::number(predicted) : QString()));
            }
            QTableWidgetItem *dd =
                m_hideDd ? cell(QString()) : cell(QStringLiteral("\u2026"), tr("Being solved"));
            if (!m_hideDd && m_table && ((m_strains >> index(strain)) & 1)) {
                const int actual = m_table->bestTricks(strain, side);
                dd = cell(QString::number(actual));
                if (!hidden && predicted >= 0 && std::abs(predicted - actual) >= 2) {
                    QFont bold = dd->font();
                    bold.setBold(true);
                    dd->setFont(bold);
                    dd->setToolTip(tr("Predicted %1, double dummy %2").arg(predicted).arg(actual));
                    anyMiss = true;
                }
            }
            m_sides->setItem(row + 2, column, dd);
        }
    }
    m_note->setText(anyMiss ? tr("<b>Bold</b>: 2+ tricks off") : QString());
}

} // namespace tenace::ui
