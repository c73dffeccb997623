#pragma once

// The tricks of the line of play, one row each: trick number, the four cards by seat (the lead
// in bold), and the winner. Tricks already played are in full colour, the current one is
// highlighted, tricks that redo would play are greyed. Rebuilt from the BoardSession on each
// position change (at most 13 rows). GUI thread only.

#include "core/model/card.h"

#include <QAbstractTableModel>

#include <array>
#include <optional>
#include <vector>

namespace tenace::ui {

class BoardSession;

class TrickListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NumberColumn, NorthColumn, EastColumn, SouthColumn, WestColumn, WinnerColumn };
    // Qt::UserRole on any cell: the number of cards of the line up to the end of that trick.
    static constexpr int CardsRole = Qt::UserRole;

    explicit TrickListModel(BoardSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    void setFourColour(bool on);
    // Off while a hand is hidden: only the cards played so far are listed, not the rest of the
    // line (a recorded play, or cards taken back) that would show the hidden hands' cards.
    void setUnplayedShown(bool shown);
    bool isUnplayedShown() const { return m_unplayedShown; }
    // The row of the trick being played (or last played); -1 when none.
    int currentRow() const;

private:
    struct Trick
    {
        tenace::core::Seat leader = tenace::core::Seat::North;
        std::array<std::optional<tenace::core::Card>, 4> cards; // by seat index
        std::optional<tenace::core::Seat> winner;
        int endCard = 0; // cards of the line up to this trick's last card
        bool played = false; // every card of it is played (not only in the redo line)
    };
    void rebuild();

    BoardSession *m_session;
    std::vector<Trick> m_tricks;
    int m_current = -1;
    bool m_fourColour = false;
    bool m_unplayedShown = true;
};

} // namespace tenace::ui
