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
            return b.title;
        case Dealer:
            return seatLetterText(b.dealer);
        case Vulnerability:
            return QString::fromLatin1(core::vulnerabilityName(b.vulnerability).data());
        case Contract:
            if (b.contractOrigin == ContractOrigin::None)
                return b.passedOut ? tr("Pass") : QStringLiteral("\u2014");
            return QStringLiteral("%1%2 %3")
                .arg(b.contract.level)
                .arg(strainText(b.contract.strain))
                .arg(seatLetterText(b.contract.declarer));
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

void BoardListModel::refresh()
{
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
