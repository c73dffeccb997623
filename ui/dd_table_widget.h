#pragma once

// The double-dummy table (tricks for each declarer and strain) with the current contract
// marked. Clicking a cell chooses that strain and declarer.

#include "core/dd_table.h"

#include <QTableWidget>

#include <optional>

namespace tenace::ui {

class DdTableWidget : public QTableWidget
{
    Q_OBJECT
public:
    explicit DdTableWidget(QWidget *parent = nullptr);

    // nullopt: unknown yet (cells show a dash).
    void setTable(const std::optional<tenace::core::DdTable> &table);
    const std::optional<tenace::core::DdTable> &table() const { return m_table; }
    void setCurrent(tenace::core::Strain strain, tenace::core::Seat declarer);

    // Cell of a strain/declarer pair (rows: N S E W, columns: NT S H D C).
    static int rowOf(tenace::core::Seat declarer);
    static int columnOf(tenace::core::Strain strain);

    QSize sizeHint() const override;

signals:
    void contractChosen(tenace::core::Strain strain, tenace::core::Seat declarer);

private:
    void refresh();

    std::optional<tenace::core::DdTable> m_table;
    tenace::core::Strain m_strain = tenace::core::Strain::NoTrump;
    tenace::core::Seat m_declarer = tenace::core::Seat::South;
};

} // namespace tenace::ui
