#include "ui/lead_table_model.h"

#include "ui/bridge_text.h"

#include <QColor>

namespace tenace::ui {

namespace core = tenace::core;

LeadTableModel::LeadTableModel(QObject *parent) : QAbstractTableModel(parent) { }

void LeadTableModel::setResult(const core::SingleDummyResult &result, int tricksInPlay)
{
    const bool sameRows = result.cards.size() == m_result.cards.size();
    if (!sameRows)
        beginResetModel();
    m_result = result;
    m_tricksInPlay = tricksInPlay;
    if (!sameRows) {
        endResetModel();
    } else if (!m_result.cards.empty()) {
        // The order may change as the sample grows: every cell changes.
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    }
}

void LeadTableModel::clear()
{
    setResult({});
}

void LeadTableModel::setFourColour(bool on)
{
    m_fourColour = on;
    if (!m_result.cards.empty())
        emit dataChanged(index(0, CardColumn), index(rowCount() - 1, CardColumn));
}

int LeadTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_result.cards.size());
}

int LeadTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LeadTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const core::CardValue &v = m_result.cards[static_cast<std::size_t>(index.row())];
    const auto pm = [](double value, double se, int decimals) {
        return QStringLiteral("%1 \u00b1 %2")
            .arg(value, 0, 'f', decimals)
            .arg(se, 0, 'f', decimals);
    };
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case CardColumn:
            return cardText(v.card);
        case TricksColumn:
            return pm(m_tricksInPlay - v.tricks, v.tricksSe, 2);
        case SetColumn:
            return pm(100 * (1 - v.make), 100 * v.makeSe, 1) + QLatin1Char('%');
        case ImpsColumn:
            return pm(v.imps, v.impsSe, 2); // the leader's side: 0 for the best lead
        case PairsColumn:
            return QStringLiteral("%1 / %2 / %3")
                .arg(100 * v.better, 0, 'f', 0)
                .arg(100 * v.equal, 0, 'f', 0)
                .arg(100 * v.worse, 0, 'f', 0);
        }
    } else if (role == Qt::ForegroundRole && column == CardColumn) {
        return suitColor(v.card.suit, m_fourColour);
    } else if (role == Qt::TextAlignmentRole) {
        return column == CardColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                    : int(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && column == PairsColumn) {
        return tr("Share of layouts where this lead scores better / the same / worse than the "
                  "best lead, in percent");
    } else if (role == Qt::UserRole) {
        return v.card.bit();
    }
    return {};
}

QVariant LeadTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CardColumn:
        return tr("Lead");
    case TricksColumn:
        return tr("Defence tricks");
    case SetColumn:
        return tr("Set");
    case ImpsColumn:
        return tr("IMPs vs best");
    case PairsColumn:
        return tr("Better / same / worse");
    }
    return {};
}

} // namespace tenace::ui
