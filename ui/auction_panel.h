#pragma once

// The bidding of the board as a player reads it: four columns W N E S, the dealer and the
// vulnerable seats marked, calls with suit symbols, alerted calls marked with their explanation
// on hover and listed below, "All Pass" at the end, then the final contract and declarer. A
// contract chosen in the window is not an auction: the recorded bidding is then greyed and the
// panel says so. Boards without an auction say so quietly. Shows only what it is given; GUI
// thread only.

#include "ui/board_session.h"

#include <QWidget>

class QGridLayout;
class QLabel;

namespace tenace::ui {

// One cell of the bidding grid.
struct AuctionCell
{
    QString text; // "1♠", "Pass", "Dbl", "All Pass" (plain text, suit symbols)
    tenace::core::Seat seat = tenace::core::Seat::West;
    std::optional<int> note; // the note reference (=n=, LIN alert)
    QString explanation; // the note's text, annotations and comments (the tooltip)
    bool alerted() const { return note.has_value(); }
    friend bool operator==(const AuctionCell &, const AuctionCell &) = default;
};

// The grid: rows of four cells W N E S (empty text before the first call), trailing passes
// folded into "All Pass", and the notes the calls refer to. Pure function of its arguments.
struct AuctionGrid
{
    std::vector<std::array<std::optional<AuctionCell>, 4>> rows; // column 0 is West
    std::vector<tenace::core::PbnNote> notes; // referenced notes, by index
};
AuctionGrid auctionGrid(const tenace::core::PbnAuction &auction,
                        const std::vector<tenace::core::PbnNote> &notes);
// The column of `seat` in the grid (West first).
int auctionColumn(tenace::core::Seat seat);

class AuctionPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AuctionPanel(QWidget *parent = nullptr);

    // The board's auction, dealer and vulnerability; `contract` and `origin` are what is
    // played now (a contract set by hand greys the recorded bidding).
    void setBoard(const Board &board);
    void setContract(const tenace::core::Contract &contract, ContractOrigin origin);
    void setFourColour(bool on);

    // For tests and the notes list: what the panel shows.
    const AuctionGrid &grid() const { return m_grid; }
    QString summary() const; // the line under the grid ("4♠ by South", "Passed out", ...)
    QLabel *cellLabel(int row, int column) const;
    QString notesText() const;

private:
    void rebuild();
    QString cellHtml(const AuctionCell &cell) const;

    Board m_board;
    tenace::core::Contract m_contract;
    ContractOrigin m_origin = ContractOrigin::Recorded;
    bool m_fourColour = false;
    AuctionGrid m_grid;
    QGridLayout *m_gridLayout = nullptr;
    QWidget *m_gridWidget = nullptr;
    QLabel *m_empty = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_notes = nullptr;
    std::vector<std::vector<QLabel *>> m_cells;
};

} // namespace tenace::ui
