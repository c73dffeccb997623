#pragma once

#include "core/contract.h"
#include "core/dd_table.h"
#include "core/deal.h"
#include "core/position.h"

#include <QElapsedTimer>
#include <QMainWindow>

#include <optional>
#include <vector>

class QAction;
class QComboBox;
class QLabel;

namespace tenace::ui {

class DdTableWidget;
class SolverController;
class TableWidget;

// The analyzer's main window. Lives on the GUI thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;
    // Opens `path` (PBN); reports problems in the status bar.
    bool openFile(const QString &path);
    // Deals a random board from `seed` (a fresh seed when nullopt).
    void newRandomDeal(std::optional<quint64> seed = std::nullopt);

    TableWidget *tableWidget() const { return m_table; }
    DdTableWidget *ddTableWidget() const { return m_ddTable; }
    SolverController *solver() const { return m_solver; }

signals:
    // The solver has nothing left to do (all results for the current state delivered).
    void analysisIdle();

private:
    struct Board
    {
        tenace::core::Deal deal;
        tenace::core::Seat dealer = tenace::core::Seat::North;
        tenace::core::Vulnerability vulnerability = tenace::core::Vulnerability::None;
        tenace::core::Strain strain = tenace::core::Strain::NoTrump;
        tenace::core::Seat declarer = tenace::core::Seat::South;
        int level = 0;
        QString title;
    };

    void buildUi();
    void showBoard(int index);
    void chooseContract(tenace::core::Strain strain, tenace::core::Seat declarer, int level);
    void onPositionChanged();
    void onBusyChanged(bool busy);
    void updateActions();
    void updatePar();
    void openDialog();

    TableWidget *m_table = nullptr;
    DdTableWidget *m_ddTable = nullptr;
    SolverController *m_solver = nullptr;
    QComboBox *m_boardCombo = nullptr;
    QLabel *m_boardLabel = nullptr;
    QComboBox *m_strainCombo = nullptr;
    QComboBox *m_declarerCombo = nullptr;
    QLabel *m_parLabel = nullptr;
    QLabel *m_statusLabel = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_endAction = nullptr;

    std::vector<Board> m_boards;
    int m_current = -1;
    std::optional<tenace::core::DdTable> m_ddResult;
    tenace::core::Position m_requested;
    quint64 m_cardsGeneration = 0;
    quint64 m_tableGeneration = 0;
    QElapsedTimer m_cardsClock;
};

} // namespace tenace::ui
