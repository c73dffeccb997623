#pragma once

// The simulation dialog: keep any of the current deal's hands (North and South by default),
// deal the others at random N times, optionally within HCP and suit-length ranges, and solve
// every deal's DD table through the SolverController (all cores) with a progress bar and Cancel.
// Shows
// the distribution of declarer's tricks for a chosen strain and declarer as a bar chart, the
// mean tricks of every strain and declarer, and the chance of making each level. The deals and
// their tables can be saved as PBN. Never blocks the GUI thread; closing cancels the run. Runs
// of two dialogs on one controller: the newer cancels the older.

#include "core/analysis/simulation.h"
#include "core/model/deal.h"
#include "core/solver/solver.h"

#include <QDialog>
#include <QPointer>
#include <QVariant>

#include <array>
#include <atomic>
#include <memory>
#include <optional>

class QBarSet;
class QCheckBox;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QValueAxis;

namespace tenace::ui {

class SolverController;
enum class RequestKind;

class SimulationDialog : public QDialog
{
    Q_OBJECT
public:
    SimulationDialog(const tenace::core::Deal &deal, SolverController *solver,
                     QWidget *parent = nullptr);
    ~SimulationDialog() override;

    // The spec the controls describe.
    tenace::core::SimulationSpec spec() const;
    void setDeals(int deals);
    void setSeed(quint64 seed);
    void setKept(tenace::core::Seat seat, bool keep);
    // HCP range of a random hand.
    void setHcpRange(tenace::core::Seat seat, int low, int high);
    void setChartSelection(tenace::core::Strain strain, tenace::core::Seat declarer);

    void start();
    void cancel();
    bool isRunning() const;

    // The last finished run (nullopt before any, or after a failure or a cancel).
    const std::optional<tenace::core::SimulationResult> &result() const { return m_result; }
    QString statusText() const;
    // The bar values on the chart: deals by tricks 0..13.
    std::array<int, 14> chartCounts() const;
    QTableWidget *meanTable() const { return m_means; }
    QTableWidget *makeTable() const { return m_makes; }
    QChartView *chartView() const { return m_chartView; }
    // Writes the deals with their DD tables as PBN (atomically). False with `error` set on
    // failure.
    bool savePbn(const QString &path, QString *error = nullptr) const;

signals:
    void simulationFinished();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void buildUi();
    // The end of a run: `result` when it was solved, else `status` says why not.
    void finishRun(std::optional<tenace::core::SimulationResult> result, const QString &status);
    // A cancel, or an answer of another run: a newer run (another dialog's) cancels ours.
    void onAnswer(RequestKind kind);
    void showResult();
    void showChart();
    void updateRunState();
    void saveDialog();

    tenace::core::Deal m_deal;
    std::array<QCheckBox *, 4> m_keep {};
    std::array<QSpinBox *, 4> m_hcpLow {}, m_hcpHigh {};
    std::array<std::array<QSpinBox *, 4>, 4> m_lengthLow {}, m_lengthHigh {}; // [seat][suit]
    QSpinBox *m_dealsSpin = nullptr;
    QLineEdit *m_seedEdit = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QPushButton *m_saveButton = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QComboBox *m_strainCombo = nullptr;
    QComboBox *m_declarerCombo = nullptr;
    QChart *m_chart = nullptr;
    QChartView *m_chartView = nullptr;
    QBarSet *m_bars = nullptr;
    QValueAxis *m_axisY = nullptr;
    QTableWidget *m_means = nullptr;
    QTableWidget *m_makes = nullptr;

    QPointer<SolverController> m_solver;
    quint64 m_generation = 0;
    bool m_running = false;
    tenace::core::SimulationSpec m_runSpec;
    std::optional<tenace::core::SimulationResult> m_result;
    QString m_statusText;
    std::array<int, 14> m_chartCounts {};
};

} // namespace tenace::ui
