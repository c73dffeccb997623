#include "ui/dd_table_widget.h"

#include <QHeaderView>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

constexpr core::Seat rowSeats[] = {core::Seat::North, core::Seat::South, core::Seat::East,
                                   core::Seat::West};
constexpr core::Strain columnStrains[] = {core::Strain::NoTrump, core::Strain::Spades,
                                          core::Strain::Hearts, core::Strain::Diamonds,
                                          core::Strain::Clubs};

} // namespace

DdTableWidget::DdTableWidget(QWidget *parent) : QTableWidget(4, 5, parent)
{
    setHorizontalHeaderLabels({QStringLiteral("NT"), QStringLiteral("\u2660"),
                               QStringLiteral("\u2665"), QStringLiteral("\u2666"),
                               QStringLiteral("\u2663")});
    setVerticalHeaderLabels({tr("N"), tr("S"), tr("E"), tr("W")});
    for (int c = 1; c <= 4; ++c)
        horizontalHeaderItem(c)->setForeground(c == 2 || c == 3 ? QColor(0xc8, 0x10, 0x2e)
                                                                : QColor(0x1c, 0x1f, 0x24));
    QFont headerFont = horizontalHeader()->font();
    headerFont.setPointSizeF(headerFont.pointSizeF() * 1.15);
    horizontalHeader()->setFont(headerFont);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    verticalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    horizontalHeader()->setHighlightSections(false);
    verticalHeader()->setHighlightSections(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Tricks for each declarer and strain. Click a cell to play that contract."));
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 5; ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            setItem(r, c, item);
        }
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int column) {
        if (row < 0 || row >= 4 || column < 0 || column >= 5)
            return;
        emit contractChosen(columnStrains[column], rowSeats[row]);
    });
    refresh();
}

int DdTableWidget::rowOf(core::Seat declarer)
{
    for (int r = 0; r < 4; ++r)
        if (rowSeats[r] == declarer)
            return r;
    return 0;
}

int DdTableWidget::columnOf(core::Strain strain)
{
    for (int c = 0; c < 5; ++c)
        if (columnStrains[c] == strain)
            return c;
    return 0;
}

QSize DdTableWidget::sizeHint() const
{
    return {260, 150};
}

void DdTableWidget::setTable(const std::optional<core::DdTable> &table)
{
    m_table = table;
    refresh();
}

void DdTableWidget::setCurrent(core::Strain strain, core::Seat declarer)
{
    m_strain = strain;
    m_declarer = declarer;
    refresh();
}

void DdTableWidget::refresh()
{
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 5; ++c) {
            QTableWidgetItem *it = item(r, c);
            const bool current = rowSeats[r] == m_declarer && columnStrains[c] == m_strain;
            QFont f = font();
            if (m_table) {
                const int tricks = (*m_table)(columnStrains[c], rowSeats[r]);
                it->setText(QString::number(tricks));
                f.setBold(tricks >= 7);
                it->setForeground(tricks >= 7 ? QColor(0x1e, 0x5f, 0x38)
                                              : QColor(0x70, 0x74, 0x78));
                it->setToolTip(
                    tricks >= 7
                        ? tr("%1%2 makes").arg(tricks - 6).arg(horizontalHeaderItem(c)->text())
                        : tr("No contract makes"));
            } else {
                it->setText(QStringLiteral("\u2013"));
                it->setForeground(QColor(0xa0, 0xa4, 0xa8));
                it->setToolTip({});
            }
            it->setFont(f);
            it->setBackground(current ? QColor(0xf2, 0xc1, 0x4e, 120) : QColor(Qt::transparent));
        }
}

} // namespace tenace::ui
