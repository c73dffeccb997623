#include "ui/board_list_model.h"

#include "ui/board_file.h"
#include "ui/bridge_text.h"

#include <QFont>

namespace tenace::ui {

namespace core = tenace::core;

BoardListModel::BoardListModel(const BoardFile *file, QObject *parent)
    : QAbstractTableModel(parent), m_file(file)
{
}

int BoardListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_file->count();
}

int BoardListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BoardListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_file->count())
        return {};
    const Board &b = m_file->board(index.row());
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Changed:
            return m_file->isChanged(index.row()) ? QStringLiteral("\u25cf") : QString();
        case Title:
            return displayTitle(index.row());
        case Dealer:
            return seatLetterText(b.dealer);
        case Vulnerability:
            return QString::fromLatin1(core::vulnerabilityName(b.vulnerability).data());
        case Contract:
            if (b.contractOrigin == ContractOrigin::None)
                return b.passedOut ? tr("Pass") : QStringLiteral("\u2014");
            return contractText(b.contract, SeatForm::Letter);
        case Result:
            return b.result ? QString::number(*b.result) : QString();
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Changed && m_file->isChanged(index.row()))
        return tr("Changed since the file was saved");
    if (role == Qt::ToolTipRole && index.column() == Contract &&
        b.contractOrigin == ContractOrigin::None)
        return b.passedOut ? tr("Passed out") : tr("No contract recorded");
    if (role == Qt::ToolTipRole && index.column() == Title) {
        QStringList seats;
        for (const core::Seat seat : core::allSeats)
            if (const QString &name = b.players[static_cast<std::size_t>(core::index(seat))];
                !name.isEmpty())
                seats << tr("%1: %2").arg(seatText(seat), name);
        if (!b.room.isEmpty())
            seats.prepend(b.room);
        return seats.isEmpty() ? QVariant() : QVariant(seats.join(QLatin1Char('\n')));
    }
    if (role == Qt::ToolTipRole && index.column() == Result && b.result)
        return tr("Declarer took %1 tricks").arg(*b.result);
    if (role == Qt::FontRole && index.row() == m_current) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() != Title)
        return int(Qt::AlignCenter);
    return {};
}

QVariant BoardListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Changed:
        return QString();
    case Title:
        return tr("Board");
    case Dealer:
        return tr("Dlr");
    case Vulnerability:
        return tr("Vul");
    case Contract:
        return tr("Contract");
    case Result:
        return tr("Tricks");
    default:
        return {};
    }
}

QString BoardListModel::displayTitle(int row) const
{
    if (row < 0 || row >= m_file->count())
        return {};
    const Board &b = m_file->board(row);
    if (m_titleCounts.value(b.title) < 2)
        return b.title;
    if (!b.room.isEmpty())
        return tr("%1 \u00b7 %2").arg(b.title, b.room);
    auto pair = [&b](core::Seat one) {
        QStringList names;
        for (const core::Seat seat : {one, core::partner(one)})
            if (const QString &n = b.players[static_cast<std::size_t>(core::index(seat))];
                !n.isEmpty())
                names << n;
        return names.join(QStringLiteral("\u2013"));
    };
    const QString ns = pair(core::Seat::North), ew = pair(core::Seat::East);
    if (ns.isEmpty() && ew.isEmpty())
        return b.title;
    return tr("%1 \u00b7 %2 v %3").arg(b.title, ns, ew);
}

void BoardListModel::refresh()
{
    m_titleCounts.clear();
    for (const Board &b : m_file->boards())
        ++m_titleCounts[b.title];
    beginResetModel();
    endResetModel();
}

void BoardListModel::setCurrent(int row)
{
    m_current = row;
    if (m_file->count() > 0)
        emit dataChanged(index(0, 0), index(m_file->count() - 1, ColumnCount - 1), {Qt::FontRole});
}

} // namespace tenace::ui
