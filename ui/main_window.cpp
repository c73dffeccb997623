#include "ui/main_window.h"

#include "ui/analysis_panel.h"
#include "ui/auction_panel.h"
#include "ui/board_list_model.h"
#include "ui/board_loader.h"
#include "ui/bridge_text.h"
#include "ui/dd_table_model.h"
#include "ui/deal_check.h"
#include "ui/deal_editor.h"
#include "ui/evaluation_panel.h"
#include "ui/notes_panel.h"
#include "ui/par_text.h"
#include "ui/play_analysis_panel.h"
#include "ui/preferences_dialog.h"
#include "ui/simulation_dialog.h"
#include "ui/table_widget.h"
#include "ui/trick_list_model.h"

#include "core/analysis/card_cost.h"
#include "core/formats/pbn_writer.h"
#include "core/model/dealer.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPrinter> // MainWindow owns a pending print
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>

#include <memory>

namespace tenace::ui {

namespace core = tenace::core;

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Tenace"));
    m_session = new BoardSession(this);
    m_solver = new SolverController(this);
    buildUi();
    buildActions();
    resize(1240, 800);
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_preferences = loadPreferences(settings);
    applyTheme(m_preferences.theme);

    connect(m_session, &BoardSession::boardChanged, this, &MainWindow::onBoardChanged);
    connect(m_session, &BoardSession::contractChanged, this, &MainWindow::onContractChanged);
    connect(m_session, &BoardSession::positionChanged, this, &MainWindow::onPositionChanged);
    connect(m_solver, &SolverController::cardsReady, this, &MainWindow::onCardsReady);
    connect(m_solver, &SolverController::tableProgress, this, &MainWindow::onTableProgress);
    connect(m_solver, &SolverController::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_solver, &SolverController::requestProgress, this, &MainWindow::onRequestProgress);
    connect(m_solver, &SolverController::singleDummyProgress, this,
            &MainWindow::onSingleDummyProgress);
    connect(m_solver, &SolverController::alphaMuProgress, this, &MainWindow::onAlphaMuProgress);
    connect(m_solver, &SolverController::requestFinished, this, &MainWindow::onRequestFinished);
    connect(m_solver, &SolverController::requestFailed, this, &MainWindow::onRequestStopped);
    connect(
        m_solver, &SolverController::requestCancelled, this,
        [this](RequestKind kind, quint64 generation) { onRequestStopped(kind, generation, {}); });
    connect(m_solver, &SolverController::solveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Solver: %1").arg(message), 8000);
    });
    updateActions();
    setPreferences(m_preferences);
    setSingleDummyMode(settings.value(QStringLiteral("view/singleDummy"), false).toBool());
}

MainWindow::~MainWindow() = default;

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave([this] { close(); })) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

void MainWindow::setPreferences(const Preferences &preferences)
{
    const bool themeChanged = preferences.theme != m_preferences.theme;
    m_preferences = preferences;
    setFourColour(preferences.fourColour);
    {
        const QSignalBlocker blocker(m_fourColourAction);
        m_fourColourAction->setChecked(preferences.fourColour);
    }
    m_table->setAnnotationStyle(preferences.annotationStyle);
    m_table->setCardScale(preferences.cardScalePercent);
    m_solver->setSolverLimits(preferences.tableThreads,
                              static_cast<std::size_t>(preferences.tableMemoryMb) << 20);
    if (themeChanged)
        applyTheme(preferences.theme);
    QSettings settings;
    savePreferences(settings, preferences);
}

void MainWindow::showPreferences()
{
    PreferencesDialog dialog(m_preferences, this);
    if (dialog.exec() == QDialog::Accepted)
        setPreferences(dialog.preferences());
}

QString MainWindow::boardAsPbn() const
{
    const core::PlayState *state = m_session->state();
    const std::vector<core::Card> played = state ? state->history() : std::vector<core::Card> {};
    return QString::fromStdString(
        core::formatPbnGame(pbnGameFromBoard(m_session->board(), played), "\n"));
}

void MainWindow::showBoard(int i)
{
    if (i < 0 || i >= m_file.count())
        return;
    m_current = i;
    m_boardList->setCurrent(i);
    if (m_boardView->currentIndex().row() != i)
        m_boardView->setCurrentIndex(m_boardList->index(i, BoardListModel::Title));
    m_autoContract = false;
    m_autoPlay = false;
    {
        const QSignalBlocker blocker(m_panel->boardCombo());
        m_panel->boardCombo()->setCurrentIndex(i);
    }
    setEditMode(false);
    const Board board = m_file.board(i);
    // Nothing recorded: the analysis plays the par contract once the DD table is known.
    m_autoContract = board.contractOrigin == ContractOrigin::None;
    const auto status = m_session->setBoard(board);
    if (!status.ok())
        statusBar()->showMessage(QString::fromStdString(status.error().message), 8000);
    else if (!board.recordedPlay.empty())
        m_session->loadLine(board.recordedPlay, 0); // step through it with Next card / trick
}

void MainWindow::setEditMode(bool on)
{
    if (on)
        m_editor->setBoard(m_session->board());
    m_stack->setCurrentWidget(on ? static_cast<QWidget *>(m_editorScroll) : m_table);
    if (m_editAction) {
        const QSignalBlocker blocker(m_editAction);
        m_editAction->setChecked(on);
    }
    updateActions();
}

bool MainWindow::isEditMode() const
{
    return m_stack->currentWidget() == m_editorScroll;
}

void MainWindow::editContract(const core::Contract &contract)
{
    m_autoContract = false;
    m_session->setContract(contract);
}

void MainWindow::onBoardChanged()
{
    const Board &board = m_session->board();
    m_revealed = false;
    updateHiddenHands();
    showBoardConstraints();
    m_panel->setBoard(board, m_file.count());
    m_auction->setBoard(board);
    m_notes->setBoard(board);
    if (m_notes->hasCommentary())
        m_notesDock->raise();
    m_evaluation->setDeal(board.deal);
    m_tableReport.reset();
    m_tableStatus.clear();
    if (checkDeal(board.deal).complete) {
        m_panel->clearTable(tr("Solving\u2026"), true);
        m_solver->requestTable(board.deal);
    } else {
        m_solver->cancelTable();
        m_panel->clearTable(board.deal.cardCount() > 0
                                ? tr("The DD table and par need a full deal (13 cards each).")
                                : QString(),
                            false);
    }
    updateSolverStatus();
}

void MainWindow::onContractChanged()
{
    const ContractOrigin origin = m_session->board().contractOrigin;
    m_panel->setContract(m_session->contract(), origin);
    m_auction->setContract(m_session->contract(), origin);
    updateHiddenHands();
    // A contract chosen for a board of the list is an edit of that board; a stand-in for a
    // board without one is not.
    if (origin != ContractOrigin::None && m_current >= 0 && m_current < m_file.count() &&
        m_file.board(m_current).deal == m_session->board().deal) {
        Board b = m_file.board(m_current);
        b.contract = m_session->contract();
        b.contractOrigin = origin;
        if (!(b == m_file.board(m_current))) {
            m_file.setBoard(m_current, b);
            m_boardList->refresh();
            m_boardList->setCurrent(m_current);
            setWindowModified(m_file.isModified() && !m_file.path().isEmpty());
        }
    }
}

void MainWindow::onPositionChanged()
{
    if (m_teaching)
        judgeLastCard();
    if (m_lessonMode)
        syncLesson();
    m_lastCards.reset();
    updateActions();
    requestSingleDummy();
    const core::PlayState *state = m_session->state();
    if (!state || state->isFinished()) {
        m_solver->cancelCards();
        m_autoPlay = false;
        updateActions();
        if (!m_solver->isBusy() && isAnalysisComplete())
            emit analysisIdle();
        return;
    }
    if (m_lessonMode) { // the lesson's steps have the solver; nothing on screen needs scores
        m_solver->cancelCards();
        return;
    }
    m_solver->requestCards(state->position());
}

void MainWindow::onCardsReady(quint64, const CardsReport &report)
{
    m_table->setCardScores(report);
    if (!m_table->hasAnnotations())
        return;
    m_lastCards = report;
    if (m_teaching) {
        // The program defends double-dummy; the student plays declarer's and dummy's cards.
        const core::PlayState *state = m_session->state();
        if (state && !state->isFinished() &&
            core::sideOf(state->toMove()) != m_session->declarerSide()) {
            const int at = m_session->cardsPlayed();
            QTimer::singleShot(350, this, [this, at] {
                if (m_teaching && m_session->cardsPlayed() == at)
                    playBestCard();
            });
        }
    }
    m_cardsStatus =
        tr("Cards %1 ms \u00b7 %L2 nodes").arg(report.milliseconds).arg(report.result.nodes);
    updateSolverStatus();
    if (m_autoPlay)
        QTimer::singleShot(60, this, [this] {
            if (m_autoPlay && !playBestCard())
                m_autoPlay = false;
        });
}

void MainWindow::onTableProgress(quint64, const TableReport &report)
{
    const Board &board = m_session->board();
    if (!(report.deal == board.deal))
        return;
    m_panel->setTable(report.table, report.strains, !report.isComplete());
    m_evaluation->setTable(report.table, report.strains);
    if (!report.isComplete())
        return;
    m_tableReport = report;
    m_tableStatus = tr("Table %1 ms \u00b7 %L2 nodes").arg(report.milliseconds).arg(report.nodes);
    updateSolverStatus();
    m_panel->setParHtml(parHtml(report.table, board.vulnerability, board.dealer));
    if (m_autoContract && m_session->cardsPlayed() == 0) {
        m_autoContract = false;
        if (const auto contract = parContract(report.table, board.vulnerability, board.dealer))
            m_session->setContract(*contract, ContractOrigin::None);
    }
}

void MainWindow::onBusyChanged(bool busy)
{
    m_table->setBusy(busy);
    updateSolverStatus();
    if (!busy && isAnalysisComplete())
        emit analysisIdle();
}

bool MainWindow::isAnalysisComplete() const
{
    const core::PlayState *state = m_session->state();
    const bool cardsDone = !state || state->isFinished() || m_table->hasAnnotations();
    const bool tableDone = !checkDeal(m_session->board().deal).complete || m_tableReport;
    return cardsDone && tableDone;
}

void MainWindow::updateSolverStatus()
{
    QStringList parts;
    if (m_solver->isBusy())
        parts << tr("Analysing\u2026");
    else
        parts << tr("Ready");
    if (!m_cardsStatus.isEmpty())
        parts << m_cardsStatus;
    if (!m_tableStatus.isEmpty())
        parts << m_tableStatus;
    if (!m_sdStatus.isEmpty())
        parts << m_sdStatus;
    m_solverLabel->setText(parts.join(QStringLiteral("  \u00b7  ")));
}

bool MainWindow::playBestCard()
{
    const std::optional<core::Card> card = m_table->bestCard();
    return card && m_session->play(*card);
}

void MainWindow::playOutOptimally()
{
    const core::PlayState *state = m_session->state();
    if (!state || state->isFinished())
        return;
    m_autoPlay = true;
    if (m_table->hasAnnotations())
        playBestCard();
}

SimulationDialog *MainWindow::showSimulation()
{
    // One dialog per deal: a new deal on the table gets a new dialog (the old one, if still
    // open, keeps its hands and results).
    const core::Deal &deal = m_session->board().deal;
    if (!m_simulation || !(m_simulationDeal == deal)) {
        if (m_simulation && !m_simulation->isVisible())
            m_simulation->deleteLater();
        m_simulation = new SimulationDialog(deal, m_solver, this);
        m_simulation->setAttribute(Qt::WA_DeleteOnClose, false);
        m_simulationDeal = deal;
    }
    m_simulation->show();
    m_simulation->raise();
    m_simulation->activateWindow();
    return m_simulation;
}

void MainWindow::setFourColour(bool on)
{
    m_table->setFourColour(on);
    m_editor->setFourColour(on);
    m_panel->setFourColour(on);
    m_auction->setFourColour(on);
    m_evaluation->setFourColour(on);
    m_trickModel->setFourColour(on);
}

} // namespace tenace::ui
