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
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPrintDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <memory>

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
    if (!maybeSave()) {
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
    // The editor scrolls in a small window rather than set the window's minimum width.
    m_editorScroll = new QScrollArea;
    m_editorScroll->setWidget(m_editor);
    m_editorScroll->setWidgetResizable(true);
    m_editorScroll->setFrameShape(QFrame::NoFrame);
    m_stack->addWidget(m_editorScroll);
    // Under the table, the teaching verdict on the last card: it stays until the next one.
    auto *centre = new QWidget;
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(0);
    centreLayout->addWidget(m_stack, 1);
    m_feedbackBanner = new QLabel;
    m_feedbackBanner->setObjectName(QStringLiteral("teachingFeedback"));
    m_feedbackBanner->setWordWrap(true);
    m_feedbackBanner->setTextFormat(Qt::PlainText);
    m_feedbackBanner->setStyleSheet(QStringLiteral(
        "QLabel { background: #fff6d5; color: #3a3000; padding: 6px 10px; font-weight: 600; "
        "border-top: 1px solid #e0c060; }"));
    m_feedbackBanner->hide();
    centreLayout->addWidget(m_feedbackBanner);
    setCentralWidget(centre);
    connect(m_editor, &DealEditor::applied, this, [this](const Board &board) {
        if (m_current >= 0 && m_current < m_file.count())
            m_file.setBoard(m_current, board);
        else
            m_file.reset({board}), m_current = 0;
        refreshBoardList();
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
    m_auction = new AuctionPanel;
    m_auctionDock = new QDockWidget(tr("Auction"), this);
    m_auctionDock->setObjectName(QStringLiteral("auctionDock"));
    m_auctionDock->setWidget(m_auction);
    addDockWidget(Qt::RightDockWidgetArea, m_auctionDock);
    splitDockWidget(m_auctionDock, dock, Qt::Vertical);
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
    // The evaluation scrolls rather than squeeze the trick list and the board list.
    auto *evaluationScroll = new QScrollArea;
    evaluationScroll->setWidget(m_evaluation);
    evaluationScroll->setWidgetResizable(true);
    evaluationScroll->setFrameShape(QFrame::NoFrame);
    evaluation->setWidget(evaluationScroll);
    addDockWidget(Qt::LeftDockWidgetArea, evaluation);
    splitDockWidget(tricks, evaluation, Qt::Vertical);
    resizeDocks({tricks, dock}, {250, 340}, Qt::Horizontal);
    resizeDocks({tricks, evaluation}, {260, 420}, Qt::Vertical);
    connect(m_evaluation, &EvaluationPanel::simulateRequested, this, &MainWindow::showSimulation);

    // The board's header and commentary: a lesson's text beside the table.
    m_notes = new NotesPanel;
    m_notesDock = new QDockWidget(tr("Notes"), this);
    m_notesDock->setObjectName(QStringLiteral("notesDock"));
    m_notesDock->setWidget(m_notes);
    addDockWidget(Qt::LeftDockWidgetArea, m_notesDock);
    tabifyDockWidget(evaluation, m_notesDock);
    evaluation->raise();

    m_boardList = new BoardListModel(&m_file, this);
    m_boardView = new QTableView;
    m_boardView->setObjectName(QStringLiteral("boardList"));
    m_boardView->setModel(m_boardList);
    m_boardView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_boardView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_boardView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_boardView->verticalHeader()->hide();
    m_boardView->verticalHeader()->setDefaultSectionSize(22);
    // Every column in view: the title takes what is left and elides (its tooltip names the
    // table and the players).
    m_boardView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_boardView->horizontalHeader()->setSectionResizeMode(BoardListModel::Title,
                                                          QHeaderView::Stretch);
    m_boardView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_boardView->setTextElideMode(Qt::ElideRight);
    // Dealer and vulnerability follow from the board number and are on the table: the list
    // keeps its width for the board, the contract and the result.
    m_boardView->setColumnHidden(BoardListModel::Dealer, true);
    m_boardView->setColumnHidden(BoardListModel::Vulnerability, true);
    // A club session repeats each board at every table: keep eight rows in view.
    m_boardView->setMinimumHeight(8 * m_boardView->verticalHeader()->defaultSectionSize() +
                                  m_boardView->horizontalHeader()->sizeHint().height() +
                                  2 * m_boardView->frameWidth());
    connect(m_boardView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &index) {
                if (index.isValid() && index.row() != m_current)
                    showBoard(index.row());
            });
    m_boardDock = new QDockWidget(tr("Boards"), this);
    m_boardDock->setObjectName(QStringLiteral("boardsDock"));
    m_boardDock->setWidget(m_boardView);
    addDockWidget(Qt::LeftDockWidgetArea, m_boardDock);
    m_boardDock->hide();
    // The left column runs to the bottom of the window; the play-analysis strip sits under the
    // table and the analysis.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);

    m_problemList = new QListWidget;
    m_problemList->setObjectName(QStringLiteral("problemList"));
    m_problemList->setWordWrap(true);
    m_problemsDock = new QDockWidget(tr("Problems"), this);
    m_problemsDock->setObjectName(QStringLiteral("problemsDock"));
    m_problemsDock->setWidget(m_problemList);
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    m_problemsDock->hide();
    setAcceptDrops(true);

    m_playAnalysis = new PlayAnalysisPanel(m_session, m_solver);
    m_playAnalysisDock = new QDockWidget(tr("Play analysis"), this);
    m_playAnalysisDock->setObjectName(QStringLiteral("playAnalysisDock"));
    m_playAnalysisDock->setWidget(m_playAnalysis);
    addDockWidget(Qt::BottomDockWidgetArea, m_playAnalysisDock);
    m_playAnalysisDock->hide();
    // A board with a recorded play shows where it was won or lost; others do not need the strip.
    // A board with a recorded play shows where it was won or lost; others do not need the strip
    // (nor does a board with hidden hands: see updateHiddenHands).
    connect(m_session, &BoardSession::boardChanged, this, [this] {
        m_playAnalysis->analyseBoard();
        m_playAnalysisDock->setVisible(!m_session->board().recordedPlay.empty() &&
                                       m_playAnalysisDock->toggleViewAction()->isEnabled());
    });

    m_solverLabel = new QLabel;
    m_solverLabel->setObjectName(QStringLiteral("solverStatus"));
    statusBar()->addPermanentWidget(m_solverLabel);
}

bool MainWindow::openFile(const QString &path)
{
    if (!maybeSave())
        return false;
    BoardFile file;
    const QString name = QFileInfo(path).fileName();
    if (const auto opened = file.open(path); !opened) {
        statusBar()->showMessage(QString::fromStdString(opened.error().message), 10000);
        return false;
    }
    if (file.count() == 0) {
        statusBar()->showMessage(tr("%1: no playable deal found").arg(name), 10000);
        showProblems(file.problems());
        return false;
    }
    m_file = std::move(file);
    {
        QSettings settings;
        addRecentFile(settings, path);
    }
    refreshBoardList();
    QString message = m_file.count() == 1
        ? tr("Opened %1: 1 board").arg(name)
        : tr("Opened %1: %2 boards").arg(name).arg(m_file.count());
    if (m_file.skippedGames() > 0)
        message += tr(" \u00b7 %1 games without a playable deal kept in the file")
                       .arg(m_file.skippedGames());
    if (!m_file.problems().isEmpty())
        message +=
            tr(" \u00b7 %1 problems, listed in the Problems panel").arg(m_file.problems().size());
    statusBar()->showMessage(message, 8000);
    showProblems(m_file.problems());
    m_current = -1;
    showBoard(0);
    return true;
}

void MainWindow::showProblems(const QStringList &problems)
{
    m_problemList->clear();
    m_problemList->addItems(problems);
    m_problemsDock->setVisible(!problems.isEmpty());
}

void MainWindow::refreshBoardList()
{
    m_boardList->refresh();
    m_boardList->setCurrent(m_current);
    {
        const QSignalBlocker blocker(m_panel->boardCombo());
        m_panel->boardCombo()->clear();
        if (m_file.count() > 1) {
            for (int i = 0; i < m_file.count(); ++i)
                m_panel->boardCombo()->addItem(m_boardList->displayTitle(i));
            m_panel->boardCombo()->setCurrentIndex(m_current);
        }
    }
    const bool listed = m_file.count() > 1 || !m_file.path().isEmpty();
    if (listed && !m_boardDock->isVisible()) {
        m_boardDock->show();
    } else if (!listed) {
        m_boardDock->hide();
    }
    const QString name =
        m_file.path().isEmpty() ? tr("Random deal") : QFileInfo(m_file.path()).fileName();
    setWindowTitle(tr("%1[*] \u2014 Tenace").arg(name));
    setWindowModified(m_file.isModified() && !m_file.path().isEmpty());
}

bool MainWindow::maybeSave()
{
    // Only files prompt: random and pasted deals are scratch work (Save As keeps them).
    if (m_file.path().isEmpty() || !m_file.isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has changes that are not saved. Save them?")
            .arg(QFileInfo(m_file.path()).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

bool MainWindow::save()
{
    if (!m_file.canSaveInPlace())
        return saveAs();
    return saveTo(m_file.path());
}

bool MainWindow::saveAs()
{
    QString suggestion = m_file.path();
    if (suggestion.isEmpty())
        suggestion = tr("boards.pbn");
    else if (!suggestion.endsWith(QStringLiteral(".pbn"), Qt::CaseInsensitive))
        suggestion = QFileInfo(suggestion).path() + QLatin1Char('/') +
            QFileInfo(suggestion).completeBaseName() + QStringLiteral(".pbn");
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save as PBN"), suggestion, tr("PBN files (*.pbn)"));
    if (path.isEmpty())
        return false;
    return saveTo(path);
}

bool MainWindow::saveTo(const QString &path)
{
    const int current = m_current;
    std::string bytes;
    if (m_addResultsOnSave) {
        // Every board solved first, off the GUI thread, with a progress dialog that can cancel.
        QProgressDialog progress(tr("Adding the DD results\u2026"), tr("Cancel"), 0, m_file.count(),
                                 this);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        auto done = std::make_shared<std::atomic<int>>(0);
        core::CancelToken cancel;
        QFutureWatcher<std::string> watcher;
        QEventLoop loop;
        connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        connect(&progress, &QProgressDialog::canceled, &loop, [cancel] { cancel.cancel(); });
        QTimer poll;
        connect(&poll, &QTimer::timeout, &progress, [&] { progress.setValue(*done); });
        poll.start(100);
        const BoardFile *file = &m_file;
        watcher.setFuture(QtConcurrent::run([file, cancel, done] {
            lowerCurrentThreadPriority();
            return file->pbnBytesWithResults(cancel, [done](int n, int) { *done = n; });
        }));
        loop.exec();
        poll.stop();
        bytes = watcher.result();
        if (cancel.isCancelled() || bytes.empty())
            return false;
    }
    if (const auto saved = m_file.save(path, m_addResultsOnSave ? &bytes : nullptr); !saved) {
        QMessageBox::critical(this, tr("Save"), QString::fromStdString(saved.error().message));
        return false;
    }
    m_current = std::min(current, m_file.count() - 1);
    {
        QSettings settings;
        addRecentFile(settings, path);
    }
    refreshBoardList();
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

HandoutPage MainWindow::handoutPage() const
{
    HandoutPage page;
    page.table = m_table;
    const Board &board = m_session->board();
    if (m_tableReport && m_tableReport->isComplete() && m_tableReport->deal == board.deal)
        page.dd = m_tableReport->table;
    page.title = board.title;
    page.par = m_tableReport ? m_panel->parText() : QString();
    return page;
}

bool MainWindow::exportPicture(const QString &path)
{
    QString error;
    if (!writeHandout(path, handoutPage(), &error)) {
        QMessageBox::critical(this, tr("Export"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::copyPicture()
{
    QApplication::clipboard()->setImage(handoutImage(handoutPage()));
    statusBar()->showMessage(tr("The board is on the clipboard as a picture"), 4000);
}

void MainWindow::printBoard()
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageOrientation(QPageLayout::Landscape);
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    printHandouts(printer, {handoutPage()});
}

void MainWindow::printAllBoards()
{
    if (m_file.count() == 0)
        return;
    bool ok = false;
    const QStringList layouts {tr("One board per page"), tr("Hand record: 2 boards per page"),
                               tr("Hand record: 4 boards per page")};
    const QString layout =
        QInputDialog::getItem(this, tr("Print all boards"), tr("Layout"), layouts, 0, false, &ok);
    if (!ok)
        return;
    const int perPage = layout == layouts[0] ? 1 : layout == layouts[1] ? 2 : 4;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageOrientation(perPage == 1 ? QPageLayout::Landscape : QPageLayout::Portrait);
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // The DD tables of every board first, off the GUI thread.
    std::vector<core::Deal> deals;
    for (const Board &b : m_file.boards())
        deals.push_back(b.deal);
    QProgressDialog progress(tr("Solving the DD tables\u2026"), tr("Cancel"), 0,
                             static_cast<int>(deals.size()), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    auto done = std::make_shared<std::atomic<int>>(0);
    core::CancelToken cancel;
    core::TableOptions options;
    options.threads = m_preferences.tableThreads;
    QFutureWatcher<std::vector<core::Result<core::TableResult>>> watcher;
    QEventLoop loop;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, &loop, [cancel] { cancel.cancel(); });
    QTimer poll;
    connect(&poll, &QTimer::timeout, &progress, [&] { progress.setValue(*done); });
    poll.start(100);
    watcher.setFuture(QtConcurrent::run([deals, options, cancel, done] {
        lowerCurrentThreadPriority();
        return core::solveTables(deals, options, cancel, [done](std::size_t) { ++*done; });
    }));
    loop.exec(); // the GUI stays live; the progress dialog can cancel
    poll.stop();
    if (cancel.isCancelled())
        return;
    const auto tables = watcher.result();
    // Each board drawn by an offscreen table of the same size as the one on screen.
    std::vector<HandoutPage> pages;
    std::vector<std::unique_ptr<BoardSession>> sessions;
    std::vector<std::unique_ptr<TableWidget>> widgets;
    for (int i = 0; i < m_file.count(); ++i) {
        const Board &board = m_file.board(i);
        auto session = std::make_unique<BoardSession>();
        if (!session->setBoard(board))
            continue;
        auto widget = std::make_unique<TableWidget>(session.get());
        widget->resize(m_table->size());
        widget->setFourColour(m_table->isFourColour());
        HandoutPage page;
        page.table = widget.get();
        page.title = board.title;
        const auto &solved = tables[static_cast<std::size_t>(i)];
        if (solved && solved->status == core::SolveStatus::Solved) {
            page.dd = solved->table;
            page.par = QTextDocumentFragment::fromHtml(
                           parHtml(solved->table, board.vulnerability, board.dealer))
                           .toPlainText();
        }
        pages.push_back(page);
        sessions.push_back(std::move(session));
        widgets.push_back(std::move(widget));
    }
    printHandouts(printer, pages, perPage);
    statusBar()->showMessage(tr("Printed %1 boards").arg(pages.size()), 5000);
}

void MainWindow::addBoard()
{
    Board b;
    const quint64 seed = core::Dealer::randomSeed();
    b.deal = core::Dealer(seed).deal();
    b.seed = seed;
    const int number = m_file.count() + 1;
    setBoardNumber(b, number);
    b.title = tr("Board %1").arg(number);
    const int at = m_file.insertBoard(b, m_current);
    m_current = -1;
    refreshBoardList();
    showBoard(at);
}

void MainWindow::duplicateBoard()
{
    if (m_current < 0 || m_current >= m_file.count())
        return;
    Board b = m_file.board(m_current);
    b.title = tr("%1 (copy)").arg(b.title);
    const int at = m_file.insertBoard(b, m_current);
    m_current = -1;
    refreshBoardList();
    showBoard(at);
}

void MainWindow::deleteBoard()
{
    if (m_current < 0 || m_current >= m_file.count() || m_file.count() <= 1)
        return;
    const int at = m_current;
    m_file.removeBoard(at);
    m_current = -1;
    refreshBoardList();
    showBoard(std::min(at, m_file.count() - 1));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && !event->mimeData()->urls().isEmpty() &&
        event->mimeData()->urls().front().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile()) {
        event->acceptProposedAction();
        openFile(urls.front().toLocalFile());
    }
}

void MainWindow::newRandomDeal(std::optional<quint64> seed)
{
    if (!maybeSave())
        return;
    const quint64 s = seed.value_or(core::Dealer::randomSeed());
    core::Dealer dealer(s);
    Board b;
    b.deal = dealer.deal();
    b.seed = s;
    setBoardNumber(b, static_cast<int>(s % 16) + 1);
    b.title = tr("Random deal");
    b.contractOrigin = ContractOrigin::None;
    m_file.reset({b});
    m_current = -1;
    refreshBoardList();
    showBoard(0);
    m_autoContract = true;
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
    m_lastCards.reset();
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
    m_solverLabel->setText(parts.join(QStringLiteral("  \u00b7  ")));
}

void MainWindow::judgeLastCard()
{
    const core::PlayState *state = m_session->state();
    if (!m_lastCards || !state || state->history().empty())
        return;
    // Only a card played from the position that was scored: one more card, same line before it.
    const core::Position &before = m_lastCards->position;
    const core::Seat seat = before.toMove();
    // The trick's cards are not in `remaining`: one card played leaves one card fewer there.
    const int cardsBefore = before.remaining.cardCount();
    const int cardsNow = state->position().remaining.cardCount();
    if (cardsNow != cardsBefore - 1 || core::sideOf(seat) != m_session->declarerSide())
        return;
    const core::Card card = state->history().back();
    if (!before.remaining[seat].contains(card))
        return;
    const std::optional<core::CardJudgement> judgement = core::judgeCard(m_lastCards->result, card);
    if (!judgement)
        return;
    QString feedback;
    if (judgement->cost() == 0) {
        feedback = tr("%1 by %2: double-dummy optimal.").arg(cardText(card), seatText(seat));
    } else {
        QStringList bestCards;
        for (const core::Card c : judgement->bestCards)
            bestCards << cardText(c);
        const int cost = judgement->cost();
        feedback =
            (cost == 1
                 ? tr("%1 by %2 cost a trick.").arg(cardText(card), seatText(seat))
                 : tr("%1 by %2 cost %3 tricks.").arg(cardText(card), seatText(seat)).arg(cost)) +
            QLatin1Char(' ') + tr("Best: %1.").arg(bestCards.join(QStringLiteral(", ")));
    }
    m_feedback = feedback;
    setFeedback(feedback);
}

void MainWindow::setFeedback(const QString &text)
{
    m_feedbackBanner->setText(text);
    m_feedbackBanner->setVisible(!text.isEmpty());
}

void MainWindow::setTeachingMode(bool on)
{
    m_teaching = on;
    m_revealed = false;
    m_feedback.clear();
    if (m_teachingAction) {
        const QSignalBlocker blocker(m_teachingAction);
        m_teachingAction->setChecked(on);
    }
    updateHiddenHands();
    setFeedback(on ? tr("Teaching: play declarer's and dummy's cards; the defence plays "
                        "double-dummy. Ctrl+Shift+H shows every hand.")
                   : QString());
    // Defender to play now: let the scores of this position drive the first card.
    if (on) {
        if (const core::PlayState *state = m_session->state(); state && !state->isFinished())
            m_solver->requestCards(state->position());
    }
}

void MainWindow::revealHands()
{
    m_revealed = true;
    updateHiddenHands();
}

void MainWindow::updateHiddenHands()
{
    const Board &board = m_session->board();
    unsigned mask = board.hidden | m_manualHidden;
    if (m_teaching) {
        const core::Seat declarer = board.contract.declarer;
        mask |= 1u << index(core::next(declarer, 1));
        mask |= 1u << index(core::next(declarer, 3));
    }
    const unsigned hidden = m_revealed ? 0u : mask;
    m_table->setHiddenSeats(hidden);
    // Teaching hides every DD value until the hands are shown: they tell where the cards are.
    const bool secret = m_teaching && !m_revealed;
    const bool showDd = m_showDdAction && m_showDdAction->isChecked() && !secret;
    m_table->setAnnotationsVisible(m_annotationsAction && m_annotationsAction->isChecked() &&
                                   !secret);
    m_panel->setTableShown(showDd);
    m_panel->setParShown(m_showParAction && m_showParAction->isChecked() && !secret);
    m_evaluation->setConcealed(hidden, !showDd);
    m_trickModel->setUnplayedShown(hidden == 0);
    // The play analysis names the cards of the recorded play, hidden hands' included.
    const bool analysisAllowed = hidden == 0 && !secret;
    QAction *analysisToggle = m_playAnalysisDock->toggleViewAction();
    if (!analysisAllowed)
        m_playAnalysisDock->hide();
    else if (!analysisToggle->isEnabled()) // shown again now that the hands are
        m_playAnalysisDock->setVisible(!board.recordedPlay.empty());
    analysisToggle->setEnabled(analysisAllowed);
    if (m_simulateAction)
        m_simulateAction->setEnabled(hidden == 0);
    m_evaluation->setSimulateEnabled(hidden == 0);
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
