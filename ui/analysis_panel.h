#pragma once

// The side panel: the board (title, dealer, vulnerability, the seed of a random deal, editable
// to deal it again), the contract controls (level, strain, declarer, doubling), the DD table
// (click a cell to play that strain and declarer) with its progress, and par. It only shows
// what it is given and reports what the user asks for. GUI thread only.

#include "ui/board_session.h"

#include "core/model/dd_table.h"

#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace tenace::ui {

class DdTableModel;

class AnalysisPanel : public QWidget
{
    Q_OBJECT
public:
    explicit AnalysisPanel(QWidget *parent = nullptr);

    void setBoard(const Board &board, int boardCount);
    void setContract(const tenace::core::Contract &contract,
                     ContractOrigin origin = ContractOrigin::Recorded);
    // Strains known so far (bit i: strain i); `solving`: more are on the way.
    void setTable(const tenace::core::DdTable &table, unsigned strains, bool solving);
    // No table: `reason` says why ("computing…", "needs a full deal").
    void clearTable(const QString &reason, bool solving);
    void setParHtml(const QString &html);
    void setFourColour(bool on);
    // Teaching, or the teacher's choice: the DD table and par boxes out of sight.
    void setTableShown(bool shown);
    void setParShown(bool shown);

    DdTableModel *ddModel() const { return m_ddModel; }
    QTableView *ddView() const { return m_ddView; }
    QComboBox *boardCombo() const { return m_boardCombo; }
    QString parText() const;

signals:
    void contractEdited(const tenace::core::Contract &contract);
    void seedEntered(quint64 seed);
    void boardChosen(int index);

private:
    void emitContract();

    QLabel *m_boardLabel = nullptr;
    QGroupBox *m_contractBox = nullptr;
    QComboBox *m_boardCombo = nullptr;
    QLineEdit *m_seedEdit = nullptr;
    QSpinBox *m_levelSpin = nullptr;
    QComboBox *m_strainCombo = nullptr;
    QComboBox *m_declarerCombo = nullptr;
    QComboBox *m_doublingCombo = nullptr;
    DdTableModel *m_ddModel = nullptr;
    QTableView *m_ddView = nullptr;
    QLabel *m_ddStatus = nullptr;
    QLabel *m_parLabel = nullptr;
    QWidget *m_ddBox = nullptr;
    QWidget *m_parBox = nullptr;
};

} // namespace tenace::ui
