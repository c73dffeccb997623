#pragma once

// The hand evaluation panel: for each hand its shape, HCP, short-suit points and losing trick
// count; for each partnership the H + TL + NL strength in each trump suit (the paper's
// recommended row) and H + L_wh in no-trump, the tricks those strengths predict, and next to
// them the DD table's actual tricks (the better declarer of the side) once they are solved.
// Shows what it is given; GUI thread only.

#include "core/model/dd_table.h"
#include "core/model/deal.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace tenace::ui {

class EvaluationPanel : public QWidget
{
    Q_OBJECT
public:
    explicit EvaluationPanel(QWidget *parent = nullptr);

    // A deal: hands not held in full (13 cards) are left blank.
    void setDeal(const tenace::core::Deal &deal);
    // DD tricks for the strains in `strains` (bit i: strain i); the others show as unknown.
    void setTable(const tenace::core::DdTable &table, unsigned strains);
    void clearTable();
    void setFourColour(bool on);
    // Hands hidden on the table (bit i: seat i) are left blank, with their side's strength;
    // `hideDd`: the DD rows too (teaching, or the DD table hidden).
    void setConcealed(unsigned hiddenSeats, bool hideDd);
    void setSimulateEnabled(bool on);

    QTableWidget *handsTable() const { return m_hands; }
    QTableWidget *sidesTable() const { return m_sides; }
    // What the partnership table shows for `side` in `strain`: its strength, the tricks
    // predicted, or the DD tricks ("…" while solving, empty when the hands are not full).
    enum class Row { Strength, Predicted, DoubleDummy };
    QString sideText(tenace::core::Side side, Row row, tenace::core::Strain strain) const;

signals:
    void simulateRequested();

private:
    void refresh();

    QTableWidget *m_hands = nullptr;
    QTableWidget *m_sides = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_simulate = nullptr;
    tenace::core::Deal m_deal;
    std::optional<tenace::core::DdTable> m_table;
    unsigned m_strains = 0;
    bool m_fourColour = false;
    unsigned m_hiddenSeats = 0;
    bool m_hideDd = false;
};

} // namespace tenace::ui
