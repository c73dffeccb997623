// MainWindow's widgets: the table and the deal editor in the centre, the teaching banner under
// them, and the docks (analysis, auction, tricks, hand evaluation, notes, boards, problems, play
// analysis) with the connections that only lay them out or forward a click. Construction only:
// it must never decide what to solve or hold state of its own.

#include "ui/main_window.h"

#include "ui/analysis_panel.h"
#include "ui/auction_panel.h"
#include "ui/board_list_model.h"
#include "ui/deal_editor.h"
#include "ui/evaluation_panel.h"
#include "ui/notes_panel.h"
#include "ui/play_analysis_panel.h"
#include "ui/table_widget.h"
#include "ui/trick_list_model.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace tenace::ui {

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

    buildSingleDummyDock();
    buildLessonDock();

    m_solverLabel = new QLabel;
    m_solverLabel->setObjectName(QStringLiteral("solverStatus"));
    statusBar()->addPermanentWidget(m_solverLabel);
}

} // namespace tenace::ui
