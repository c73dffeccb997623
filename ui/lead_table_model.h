#pragma once

// The opening-lead table: the leader's cards valued single dummy (core::analyseSingleDummy at
// trick one), best first, one row per card: the defence's mean tricks, the chance of setting the
// contract, net IMPs against the best lead and the pairs comparison (better, same, worse), each
// with its standard error where it has one. It shows what it is given; values arrive
// progressively and replace the previous ones. GUI thread only.

#include "core/analysis/single_dummy.h"

#include <QAbstractTableModel>

namespace tenace::ui {

class LeadTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CardColumn, TricksColumn, SetColumn, ImpsColumn, PairsColumn, ColumnCount };

    explicit LeadTableModel(QObject *parent = nullptr);

    // `tricksInPlay`: the tricks of the deal (13 for a full deal), to turn declarer's tricks
    // into the defence's.
    void setResult(const tenace::core::SingleDummyResult &result, int tricksInPlay = 13);
    void clear();
    const tenace::core::SingleDummyResult &result() const { return m_result; }
    void setFourColour(bool on);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    tenace::core::SingleDummyResult m_result;
    int m_tricksInPlay = 13;
    bool m_fourColour = false;
};

} // namespace tenace::ui
