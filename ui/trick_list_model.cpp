#include "ui/trick_list_model.h"

#include "ui/board_session.h"
#include "ui/bridge_text.h"

#include <QBrush>
#include <QFont>

namespace tenace::ui {

namespace core = tenace::core;

TrickListModel::TrickListModel(BoardSession *session, QObject *parent)
    : QAbstractTableModel(parent), m_session(session)
{
    connect(m_session, &BoardSession::positionChanged, this, &TrickListModel::rebuild);
    rebuild();
}

void TrickListModel::rebuild()
{
    beginResetModel();
    m_tricks.clear();
    m_current = -1;
    auto created = core::PlayState::create(m_session->startPosition());
    if (created.ok() && m_session->canPlay()) {
        core::PlayState state = std::move(created).value();
        // A trick set up mid-way: its first cards are there from the start.
        if (!state.currentTrick().empty()) {
            Trick first {state.leader(), {}, std::nullopt, 0, true};
            for (std::size_t i = 0; i < state.currentTrick().size(); ++i)
                first.cards[static_cast<std::size_t>(core::index(
                    core::next(state.leader(), static_cast<int>(i))))] = state.currentTrick()[i];
            m_tricks.push_back(first);
            m_current = 0;
        }
        std::vector<core::Card> line = m_session->line();
        const int played = m_session->cardsPlayed();
        if (!m_unplayedShown)
            line.resize(static_cast<std::size_t>(played));
        for (int i = 0; i < static_cast<int>(line.size()); ++i) {
            if (state.currentTrick().empty())
                m_tricks.push_back({state.leader(), {}, std::nullopt, i, false});
            Trick &trick = m_tricks.back();
            const core::Seat seat = state.toMove();
            if (!state.play(line[static_cast<std::size_t>(i)]).ok())
                break;
            trick.cards[static_cast<std::size_t>(core::index(seat))] =
                line[static_cast<std::size_t>(i)];
            trick.endCard = i + 1;
            trick.played = i < played;
            if (i < played)
                m_current = static_cast<int>(m_tricks.size()) - 1;
            if (state.currentTrick().empty()) // completed: the winner leads next
                trick.winner = state.leader();
        }
    }
    endResetModel();
}

int TrickListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tricks.size());
}

int TrickListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : 6;
}

int TrickListModel::currentRow() const
{
    return m_current;
}

QVariant TrickListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Trick &trick = m_tricks[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    const bool isSeatColumn = column >= NorthColumn && column <= WestColumn;
    const std::optional<core::Card> card =
        isSeatColumn ? trick.cards[static_cast<std::size_t>(column - NorthColumn)] : std::nullopt;
    switch (role) {
    case Qt::DisplayRole:
        if (column == NumberColumn)
            return index.row() + 1;
        if (column == WinnerColumn)
            return trick.winner ? seatLetterText(*trick.winner) : QString();
        return card ? cardText(*card) : QString();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case Qt::FontRole: {
        QFont f;
        f.setBold(isSeatColumn && core::seatAt(column - NorthColumn) == trick.leader);
        return f;
    }
    case Qt::ForegroundRole:
        if (!trick.played)
            return QBrush(QColor(0xa8, 0xac, 0xb0));
        if (card)
            return QBrush(suitTextColor(card->suit, m_fourColour));
        return {};
    case Qt::BackgroundRole:
        if (index.row() == m_current)
            return QBrush(QColor(0xf2, 0xc1, 0x4e, 90));
        return {};
    case Qt::ToolTipRole:
        return tr("Trick %1, led by %2%3. Click to go to the end of this trick.")
            .arg(index.row() + 1)
            .arg(seatText(trick.leader))
            .arg(trick.winner ? tr(", won by %1").arg(seatText(*trick.winner)) : QString());
    case CardsRole:
        return trick.endCard;
    default:
        return {};
    }
}

QVariant TrickListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= 6)
        return {};
    if (role == Qt::DisplayRole) {
        if (section == NumberColumn)
            return QStringLiteral("#");
        if (section == WinnerColumn)
            return tr("Won");
        return seatLetterText(core::seatAt(section - NorthColumn));
    }
    if (role == Qt::ToolTipRole && section == WinnerColumn)
        return tr("The seat that won the trick");
    return {};
}

void TrickListModel::setUnplayedShown(bool shown)
{
    if (m_unplayedShown == shown)
        return;
    m_unplayedShown = shown;
    rebuild();
}

void TrickListModel::setFourColour(bool on)
{
    m_fourColour = on;
    if (!m_tricks.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, 5), {Qt::ForegroundRole});
}

} // namespace tenace::ui
