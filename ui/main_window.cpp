#include "ui/main_window.h"

#include "ui/analysis_panel.h"
#include "ui/board_loader.h"
#include "ui/bridge_text.h"
#include "ui/dd_table_model.h"
#include "ui/deal_check.h"
#include "ui/deal_editor.h"
#include "ui/evaluation_panel.h"
#include "ui/par_text.h"
#include "ui/play_analysis_panel.h"
#include "ui/preferences_dialog.h"
#include "ui/simulation_dialog.h"
#include "ui/table_widget.h"
#include "ui/trick_list_model.h"

#include "core/dealer.h"
#include "core/pbn_writer.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

// Dealer and vulnerability of duplicate board `number` (1-based; they repeat every 16 boards).
void setBoardNumber(Board &board, int number)
{
    static constexpr core::Vulnerability vul[16] = {
        core::Vulnerability::None,       core::Vulnerability::NorthSouth,
        core::Vulnerability::EastWest,   core::Vulnerability::Both,
        core::Vulnerability::NorthSouth, core::Vulnerability::EastWest,
        core::Vulnerability::Both,       core::Vulnerability::None,
        core::Vulnerability::EastWest,   core::Vulnerability::Both,
        core::Vulnerability::None,       core::Vulnerability::NorthSouth,
        core::Vulnerability::Both,       core::Vulnerability::None,
        core::Vulnerability::NorthSouth, core::Vulnerability::EastWest};
    board.dealer = core::seatAt((number - 1) % 4);
    board.vulnerability = vul[(number - 1) % 16];
}

} // namespace

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
    connect(m_solver, &SolverController::solveFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Solver: %1").arg(message), 8000);
    });
    updateActions();
    setPreferences(m_preferences);
}

MainWindow::~MainWindow() = default;

void MainWindow::closeEvent(QCloseEvent *event)
{
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

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles(QSettings());
    for (const QString &path : files) {
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })
            ->setToolTip(path);
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
}

void MainWindow::buildUi()
{
    m_stack = new QStackedWidget;
    m_table = new TableWidget(m_session);
    m_editor = new DealEditor;
    m_stack->addWidget(m_table);
    m_stack->addWidget(m_editor);
    setCentralWidget(m_stack);
    connect(m_editor, &DealEditor::applied, this, [this](const Board &board) {
        if (m_current >= 0 && m_current < static_cast<int>(m_boards.size()))
            m_boards[static_cast<std::size_t>(m_current)] = board;
        else
            m_boards = {board}, m_current = 0;
        m_autoContract = false;
        setEditMode(false);
        m_session->setBoard(board);
    });
    connect(m_editor, &DealEditor::cancelled, this, [this] { setEditMode(false); });

    m_panel = new AnalysisPanel;
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(330);
    auto *dock = new QDockWidget(tr("Analysis"), this);
    dock->setObjectName(QStringLiteral("analysisDock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    dock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    connect(m_panel, &AnalysisPanel::contractEdited, this, &MainWindow::editContract);
    connect(m_panel, &AnalysisPanel::seedEntered, this,
            [this](quint64 seed) { newRandomDeal(seed); });
    connect(m_panel, &AnalysisPanel::boardChosen, this, &MainWindow::showBoard);

    m_trickModel = new TrickListModel(m_session, this);
    m_trickView = new QTableView;
    m_trickView->setModel(m_trickModel);
    m_trickView->setSelectionMode(QAbstractItemView::NoSelection);
    m_trickView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_trickView->setFocusPolicy(Qt::NoFocus);
    m_trickView->verticalHeader()->hide();
    m_trickView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_trickView->verticalHeader()->setDefaultSectionSize(22);
    m_trickView->setCursor(Qt::PointingHandCursor);
    m_trickView->setMinimumWidth(190);
    connect(m_trickView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        m_session->goTo(index.data(TrickListModel::CardsRole).toInt());
    });
    connect(m_trickModel, &QAbstractItemModel::modelReset, this, [this] {
        if (const int row = m_trickModel->currentRow(); row >= 0)
            m_trickView->scrollTo(m_trickModel->index(row, 0));
    });
    auto *tricks = new QDockWidget(tr("Tricks"), this);
    tricks->setObjectName(QStringLiteral("tricksDock"));
    tricks->setWidget(m_trickView);
    addDockWidget(Qt::LeftDockWidgetArea, tricks);
    resizeDocks({tricks, dock}, {210, 340}, Qt::Horizontal);

    m_evaluation = new EvaluationPanel;
    auto *evaluation = new QDockWidget(tr("Hand evaluation"), this);
    evaluation->setObjectName(QStringLiteral("evaluationDock"));
    evaluation->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                            QDockWidget::DockWidgetClosable);
    evaluation->setWidget(m_evaluation);
    addDockWidget(Qt::LeftDockWidgetArea, evaluation);
    splitDockWidget(tricks, evaluation, Qt::Vertical);
    resizeDocks({tricks, dock}, {250, 340}, Qt::Horizontal);
    resizeDocks({tricks, evaluation}, {260, 420}, Qt::Vertical);
    connect(m_evaluation, &EvaluationPanel::simulateRequested, this, &MainWindow::showSimulation);

    m_playAnalysis = new PlayAnalysisPanel(m_session);
    m_playAnalysisDock = new QDockWidget(tr("Play analysis"), this);
    m_playAnalysisDock->setObjectName(QStringLiteral("playAnalysisDock"));
    m_playAnalysisDock->setWidget(m_playAnalysis);
    addDockWidget(Qt::BottomDockWidgetArea, m_playAnalysisDock);
    m_playAnalysisDock->hide();
    // A board with a recorded play shows where it was won or lost; others do not need the strip.
    connect(m_session, &BoardSession::boardChanged, this, [this] {
        m_playAnalysis->analyseBoard();
        m_playAnalysisDock->setVisible(!m_session->board().recordedPlay.empty());
    });

    m_solverLabel = new QLabel;
    m_solverLabel->setObjectName(QStringLiteral("solverStatus"));
    statusBar()->addPermanentWidget(m_solverLabel);
}

bool MainWindow::openFile(const QString &path)
{
    const auto loaded = loadPbnFile(path);
    if (!loaded.ok() || loaded->boards.empty()) {
        statusBar()->showMessage(
            loaded.ok() ? tr("%1: no playable deal found").arg(QFileInfo(path).fileName())
                        : QString::fromStdString(loaded.error().message),
            10000);
        return false;
    }
    m_boards = loaded->boards;
    {
        QSettings settings;
        addRecentFile(settings, path);
    }
    {
        const QSignalBlocker blocker(m_panel->boardCombo());
        m_panel->boardCombo()->clear();
        for (const Board &b : m_boards)
            m_panel->boardCombo()->addItem(b.title);
    }
    setWindowTitle(tr("%1 \u2014 Tenace").arg(QFileInfo(path).fileName()));
    const QString name = QFileInfo(path).fileName();
    QString message = m_boards.size() == 1
        ? tr("Opened %1: 1 board").arg(name)
        : tr("Opened %1: %2 boards").arg(name).arg(m_boards.size());
    if (!loaded->problems.isEmpty())
        message += tr(" \u00b7 %1 problems reported, the first: %2")
                       .arg(loaded->problems.size())
                       .arg(loaded->problems.front());
    statusBar()->showMessage(message, 8000);
    showBoard(0);
    return true;
}

void MainWindow::newRandomDeal(std::optional<quint64> seed)
{
    const quint64 s = seed.value_or(core::Dealer::randomSeed());
    core::Dealer dealer(s);
    Board b;
    b.deal = dealer.deal();
    b.seed = s;
    setBoardNumber(b, static_cast<int>(s % 16) + 1);
    b.title = tr("Random deal");
    m_boards = {b};
    m_panel->boardCombo()->clear();
    setWindowTitle(tr("Random deal \u2014 Tenace"));
    showBoard(0);
    m_autoContract = true;
}

void MainWindow::showBoard(int i)
{
    if (i < 0 || i >= static_cast<int>(m_boards.size()))
        return;
    m_current = i;
    m_autoContract = false;
    m_autoPlay = false;
    {
        const QSignalBlocker blocker(m_panel->boardCombo());
        m_panel->boardCombo()->setCurrentIndex(i);
    }
    setEditMode(false);
    const Board &board = m_boards[static_cast<std::size_t>(i)];
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
    m_stack->setCurrentWidget(on ? static_cast<QWidget *>(m_editor) : m_table);
    if (m_editAction) {
        const QSignalBlocker blocker(m_editAction);
        m_editAction->setChecked(on);
    }
    updateActions();
}

bool MainWindow::isEditMode() const
{
    return m_stack->currentWidget() == m_editor;
}

void MainWindow::editContract(const core::Contract &contract)
{
    m_autoContract = false;
    m_session->setContract(contract);
}

void MainWindow::onBoardChanged()
{
    const Board &board = m_session->board();
    m_panel->setBoard(board, static_cast<int>(m_boards.size()));
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
    m_panel->setContract(m_session->contract());
}

void MainWindow::onPositionChanged()
{
    updateActions();
    const core::PlayState *state = m_session->state();
    if (!state || state->isFinished()) {
        m_solver->cancelCards();
        m_autoPlay = false;
        updateActions();
        if (!m_solver->isBusy() && isAnalysisComplete())
            emit analysisIdle();
        return;
    }
    m_solver->requestCards(state->position());
}

void MainWindow::onCardsReady(quint64, const CardsReport &report)
{
    m_table->setCardScores(report);
    if (!m_table->hasAnnotations())
        return;
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
            m_session->setContract(*contract);
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

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open deals"), QString(),
        tr("Bridge files (*.pbn *.lin);;PBN files (*.pbn);;LIN files (*.lin);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

SimulationDialog *MainWindow::showSimulation()
{
    // One dialog per deal: a new deal on the table gets a new dialog (the old one, if still
    // open, keeps its hands and results).
    const core::Deal &deal = m_session->board().deal;
    if (!m_simulation || !(m_simulationDeal == deal)) {
        if (m_simulation && !m_simulation->isVisible())
            m_simulation->deleteLater();
        m_simulation = new SimulationDialog(deal, this);
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
    m_evaluation->setFourColour(on);
    m_trickModel->setFourColour(on);
}

} // namespace tenace::ui
