#pragma once

// Tools > Suit combination: North's and South's holdings of one suit, checked as they are typed
// (the error inline), solved exactly off the GUI thread after a short pause in typing: the chance
// and the line of every target number of tricks, the chosen line as a tree (declarer's plays,
// a branch per defender's card), the line with the most tricks on average and the a-priori
// splits. A newer request cancels the older; stale results are dropped. The GUI never waits: the
// worker's thread is joined only in the destructor, after a cancel.

#include "core/analysis/suit_combination.h"
#include "core/solver/solver.h"

#include <QDialog>
#include <QObject>

class QLabel;
class QLineEdit;
class QTableWidget;
class QThread;
class QTimer;
class QTreeWidget;

namespace tenace::ui {

// Lives on the dialog's thread; solves one request at a time and never touches widgets.
class SuitCombinationWorker : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    void solve(quint64 generation, const tenace::core::SuitHoldings &holdings,
               const tenace::core::CancelToken &token);

signals:
    void solved(quint64 generation, const tenace::core::SuitAnalysis &analysis);
    void failed(quint64 generation, const QString &message);
};

class SuitCombinationDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SuitCombinationDialog(QWidget *parent = nullptr);
    ~SuitCombinationDialog() override;

    QLineEdit *northEdit() const { return m_north; }
    QLineEdit *southEdit() const { return m_south; }
    QLabel *errorLabel() const { return m_error; }
    QTableWidget *resultTable() const { return m_results; }
    QTreeWidget *lineTree() const { return m_tree; }
    QTableWidget *splitTable() const { return m_splits; }

    // Parses the holdings and, when they are good, starts a solve at once.
    void requestSolve();

signals:
    void solveRequested(quint64 generation, const tenace::core::SuitHoldings &holdings,
                        const tenace::core::CancelToken &token);
    // The tables and the tree show a finished analysis.
    void resultShown();

private:
    void showAnalysis(quint64 generation, const tenace::core::SuitAnalysis &analysis);
    void showFailure(quint64 generation, const QString &message);
    void showLine(int row);

    QLineEdit *m_north = nullptr;
    QLineEdit *m_south = nullptr;
    QLabel *m_error = nullptr;
    QLabel *m_status = nullptr;
    QTableWidget *m_results = nullptr;
    QTreeWidget *m_tree = nullptr;
    QTableWidget *m_splits = nullptr;
    QTimer *m_debounce = nullptr;
    QThread *m_thread = nullptr;
    tenace::core::CancelToken m_token;
    quint64 m_generation = 0;
    tenace::core::SuitAnalysis m_analysis;
};

} // namespace tenace::ui
