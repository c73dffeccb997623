#pragma once

// The double-dummy table as an item model: rows are the declarers N S E W, columns the strains
// NT ♠ ♥ ♦ ♣ (the way bridge sites print it). Strains fill in as the solver reports them; a
// strain not yet known shows "…" while solving, "–" otherwise. Makeable contracts (7+ tricks)
// are bold and tinted by the level they make; the current contract's cell is highlighted.
// GUI thread only.

#include "core/model/dd_table.h"

#include <QAbstractTableModel>

namespace tenace::ui {

class DdTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit DdTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Shows `table` for the strains in `strains` (bit i: strain i known).
    void setTable(const tenace::core::DdTable &table, unsigned strains = 0x1f);
    // Forgets the table; `solving` shows "…" in every cell.
    void clear(bool solving);
    void setCurrent(tenace::core::Strain strain, tenace::core::Seat declarer);
    void setFourColour(bool on);

    bool isComplete() const { return m_strains == 0x1f; }
    unsigned knownStrains() const { return m_strains; }
    const tenace::core::DdTable &table() const { return m_table; }
    // Tricks at a cell; -1 when not known.
    int tricksAt(const QModelIndex &index) const;

    static tenace::core::Seat seatOfRow(int row);
    static tenace::core::Strain strainOfColumn(int column);
    static int rowOf(tenace::core::Seat declarer);
    static int columnOf(tenace::core::Strain strain);

private:
    tenace::core::DdTable m_table;
    unsigned m_strains = 0;
    bool m_solving = false;
    bool m_fourColour = false;
    tenace::core::Strain m_strain = tenace::core::Strain::NoTrump;
    tenace::core::Seat m_declarer = tenace::core::Seat::South;
};

} // namespace tenace::ui
