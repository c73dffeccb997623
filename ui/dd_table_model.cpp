#include "ui/dd_table_model.h"

#include "ui/bridge_text.h"

#include <QBrush>
#include <QFont>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

constexpr core::Seat rowSeats[] = {core::Seat::North, core::Seat::South, core::Seat::East,
                                   core::Seat::West};
constexpr core::Strain columnStrains[] = {core::Strain::NoTrump, core::Strain::Spades,
                                          core::Strain::Hearts, core::Strain::Diamonds,
                                          core::Strain::Clubs};

} // namespace

DdTableModel::DdTableModel(QObject *parent) : QAbstractTableModel(parent) { }

int DdTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 4;
}

int DdTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 5;
}

core::Seat DdTableModel::seatOfRow(int row)
{
    return rowSeats[row & 3];
}

core::Strain DdTableModel::strainOfColumn(int column)
{
    return columnStrains[column >= 0 && column < 5 ? column : 0];
}

int DdTableModel::rowOf(core::Seat declarer)
{
    for (int r = 0; r < 4; ++r)
        if (rowSeats[r] == declarer)
            return r;
    return 0;
}

int DdTableModel::columnOf(core::Strain strain)
{
    for (int c = 0; c < 5; ++c)
        if (columnStrains[c] == strain)
            return c;
    return 0;
}

int DdTableModel::tricksAt(const QModelIndex &index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return -1;
    const core::Strain strain = strainOfColumn(index.column());
    if (!((m_strains >> core::index(strain)) & 1))
        return -1;
    return m_table(strain, seatOfRow(index.row()));
}

QVariant DdTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int tricks = tricksAt(index);
    const core::Strain strain = strainOfColumn(index.column());
    const core::Seat seat = seatOfRow(index.row());
    const bool current = strain == m_strain && seat == m_declarer;
    switch (role) {
    case Qt::DisplayRole:
        if (tricks >= 0)
            return QString::number(tricks);
        return m_solving ? QStringLiteral("\u2026") : QStringLiteral("\u2013");
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case Qt::FontRole: {
        QFont f;
        f.setBold(tricks >= 7 || current);
        return f;
    }
    case Qt::ForegroundRole:
        if (tricks < 0)
            return QBrush(QColor(0xa0, 0xa4, 0xa8));
        if (isDarkPalette())
            return QBrush(tricks >= 7 ? QColor(0x9b, 0xe8, 0xb2) : QColor(0xa0, 0xa4, 0xa8));
        return QBrush(tricks >= 7 ? QColor(0x17, 0x5a, 0x33) : QColor(0x78, 0x7c, 0x80));
    case Qt::BackgroundRole:
        if (current)
            return QBrush(QColor(0xf2, 0xc1, 0x4e, 150));
        if (tricks >= 7) // deeper green for higher makeable levels: games and slams pop out
            return QBrush(QColor(0x3c, 0xa0, 0x5a, 25 + 14 * (tricks - 7)));
        return {};
    case Qt::ToolTipRole:
        if (tricks < 0)
            return tr("Not solved yet");
        if (tricks >= 7)
            return tr("%1 by %2 makes: %3 tricks. Click to play it.")
                .arg(QString::number(tricks - 6) + strainText(strain), seatText(seat))
                .arg(tricks);
        return tr("%1 takes %2 tricks in %3: nothing makes. Click to play it.")
            .arg(seatText(seat))
            .arg(tricks)
            .arg(strainText(strain));
    default:
        return {};
    }
}

QVariant DdTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && section >= 0 && section < 5) {
        const core::Strain strain = strainOfColumn(section);
        if (role == Qt::DisplayRole)
            return strainText(strain);
        if (role == Qt::ForegroundRole && strain != core::Strain::NoTrump)
            return QBrush(suitTextColor(core::suitAt(core::index(strain)), m_fourColour));
        if (role == Qt::ToolTipRole)
            return strain == core::Strain::NoTrump ? tr("No trump") : tr("Trumps");
    }
    if (orientation == Qt::Vertical && section >= 0 && section < 4) {
        if (role == Qt::DisplayRole)
            return seatLetterText(seatOfRow(section));
        if (role == Qt::ToolTipRole)
            return tr("Declarer %1").arg(seatText(seatOfRow(section)));
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignCenter);
    return {};
}

void DdTableModel::setTable(const core::DdTable &table, unsigned strains)
{
    m_table = table;
    m_strains = strains & 0x1f;
    m_solving = m_solving && !isComplete();
    emit dataChanged(index(0, 0), index(3, 4));
}

void DdTableModel::clear(bool solving)
{
    m_table = {};
    m_strains = 0;
    m_solving = solving;
    emit dataChanged(index(0, 0), index(3, 4));
}

void DdTableModel::setCurrent(core::Strain strain, core::Seat declarer)
{
    const QModelIndex before = index(rowOf(m_declarer), columnOf(m_strain));
    m_strain = strain;
    m_declarer = declarer;
    emit dataChanged(before, before);
    const QModelIndex now = index(rowOf(declarer), columnOf(strain));
    emit dataChanged(now, now);
}

void DdTableModel::setFourColour(bool on)
{
    m_fourColour = on;
    emit headerDataChanged(Qt::Horizontal, 0, 4);
}

} // namespace tenace::ui
