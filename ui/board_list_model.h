#pragma once

// The board list beside the table: one row per board of the open file with its number, dealer,
// vulnerability, contract and result, and a mark on boards changed since the last save. Reads a
// BoardFile; refresh() after the file changes. GUI thread only.

#include <QAbstractTableModel>
#include <QHash>

namespace tenace::ui {

class BoardFile;

class BoardListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Changed, Title, Dealer, Vulnerability, Contract, Result, ColumnCount };

    explicit BoardListModel(const BoardFile *file, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The board's name in lists: its title, and where the file holds the same board more than
    // once (the tables of a club session), its room or table, else its players.
    QString displayTitle(int row) const;

    void refresh();
    void setCurrent(int row);
    int current() const { return m_current; }

private:
    const BoardFile *m_file;
    int m_current = -1;
    QHash<QString, int> m_titleCounts; // boards per title, as of the last refresh()
};

} // namespace tenace::ui
