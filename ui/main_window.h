#pragma once

// The analyzer's main window: the table in the centre (or the deal editor in edit mode), the
// analysis panel (board, contract, DD table, par) and the trick list in docks, menus, toolbar
// and status bar. It wires the BoardSession to the SolverController: every position change asks
// for card scores, every new deal for its DD table; results are shown only when they belong to
// what is on screen. GUI thread only; never waits for the solver. Its concerns are spread over
// main_window.cpp (the wiring and the solver's results), main_window_actions.cpp (menus),
// main_window_docks.cpp (widgets and docks), main_window_file.cpp (open, save, print, export) and
// main_window_teaching.cpp (teaching mode).

#include "ui/board_export.h"
#include "ui/board_file.h"
#include "ui/board_session.h"
#include "ui/preferences.h"
#include "ui/solver_controller.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QScrollArea;
class QMenu;
class QPrinter;
class QProgressDialog;
class QStackedWidget;
class QTableView;

namespace tenace::ui {

class AnalysisPanel;
class AuctionPanel;
class NotesPanel;
class BoardListModel;
class ConstraintsPanel;
class DealEditor;
class LeadTableModel;
class LessonPanel;
class EvaluationPanel;
class PlayAnalysisPanel;
class SimulationDialog;
class TableWidget;
class TrickListModel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens `path` (PBN or LIN) and shows its first board; problems go to the Problems panel.
    // Asks first when the open file has unsaved changes; false when cancelled or unreadable.
    bool openFile(const QString &path);
    // Save (in place for a PBN file, else as Save As does), Save As (asks for a name). False when
    // cancelled or failed (the user is told why). With DD results added, the save is a request of
    // the solver controller: true means it started (isSaving()); fileSaved follows on success.
    bool save();
    bool saveAs();
    bool saveTo(const QString &path);
    void setAddResultsOnSave(bool on) { m_addResultsOnSave = on; }
    bool isSaving() const { return m_saveGeneration != 0; }
    // Unsaved changes in an open file: asks Save / Discard / Cancel. True to go on now. False to
    // stop, or when a save with DD results runs (started now or before): `then` is called once it
    // has succeeded.
    bool maybeSave(std::function<void()> then = {});
    void addBoard();
    void duplicateBoard();
    void deleteBoard();
    const BoardFile &boardFile() const { return m_file; }
    // The board shown as a handout page: the table as it looks, the DD table and par if known.
    HandoutPage handoutPage() const;
    bool exportPicture(const QString &path);
    void copyPicture();
    void printBoard();
    // Every board of the list, one per page, each with its DD table (solved first by the
    // controller, with a non-blocking progress dialog that can cancel; printed when solved).
    void printAllBoards();
    bool isPrinting() const { return m_printGeneration != 0; }
    BoardListModel *boardListModel() const { return m_boardList; }
    QTableView *boardView() const { return m_boardView; }
    QListWidget *problemList() const { return m_problemList; }
    // Deals the board for `seed` (a fresh seed when nullopt), replacing the board list (asks
    // first when the open file has unsaved changes).
    void newRandomDeal(std::optional<quint64> seed = std::nullopt);
    void showBoard(int index);
    // Edit mode: the deal editor replaces the table.
    void setEditMode(bool on);
    bool isEditMode() const;
    // Plays DD-optimal cards until the end (each as soon as its position is solved).
    void playOutOptimally();
    bool playBestCard();
    // Teaching: the defenders' hands hidden (with any the board hides), no DD values shown, the
    // defence played double-dummy by the program, and after each card of declarer's side a
    // verdict: optimal, or how many tricks it cost and which cards were best.
    void setTeachingMode(bool on);
    bool isTeachingMode() const { return m_teaching; }
    // Shows every hand (until the next board).
    void revealHands();
    // Play > Lesson mode (main_window_lesson.cpp): the board on the table as a lesson, the
    // student declarer; exclusive with teaching mode. The defenders play double dummy in a
    // layout that is rearranged, when the student's line is not the safest, so that it fails.
    void setLessonMode(bool on);
    bool isLessonMode() const { return m_lessonMode; }
    // Starts lesson `index` of the course (lesson mode on); false when it cannot be read.
    bool startCourseLesson(int index);
    int courseSize() const;
    const std::optional<tenace::core::Lesson> &lesson() const { return m_lesson; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    QDockWidget *lessonDock() const { return m_lessonDock; }
    // The last verdict on a card of declarer's side (teaching mode). It stays in the banner under
    // the table until the next verdict replaces it; teaching's end clears it.
    QString lastFeedback() const { return m_feedback; }
    QLabel *feedbackBanner() const { return m_feedbackBanner; }
    // Help > Keyboard: every menu action that has a shortcut, with its shortcuts, as HTML.
    QString keyboardHelp() const;

    // True when everything on screen is solved: card annotations (unless play is over) and,
    // for a full deal, the DD table.
    bool isAnalysisComplete() const;

    BoardSession *session() const { return m_session; }
    TableWidget *tableWidget() const { return m_table; }
    AnalysisPanel *analysisPanel() const { return m_panel; }
    DealEditor *dealEditor() const { return m_editor; }
    TrickListModel *trickModel() const { return m_trickModel; }
    QTableView *trickView() const { return m_trickView; }
    SolverController *solver() const { return m_solver; }

    // The board shown and the cards played so far, as a PBN game (what Copy board puts on the
    // clipboard).
    QString boardAsPbn() const;

    const Preferences &preferences() const { return m_preferences; }
    // Applies `preferences` to the table, panels and solver, and saves them (QSettings).
    void setPreferences(const Preferences &preferences);
    void showPreferences();
    // The simulation dialog for the deal on the table (created on first use, non-modal).
    SimulationDialog *showSimulation();
    // View > Single dummy: the values under the cards of the hand to play are single dummy,
    // from that seat's view (remembered). The opening-lead table uses the same request.
    void setSingleDummyMode(bool on);
    bool isSingleDummyMode() const;
    LeadTableModel *leadModel() const { return m_leadModel; }
    QDockWidget *leadDock() const { return m_leadDock; }
    quint64 singleDummyGeneration() const { return m_sdGeneration; }
    // Of the αμ values awaited for declarer's side (0: none).
    quint64 alphaMuGeneration() const { return m_amGeneration; }
    // The single-dummy constraints of the board on the table (Tools > Single-dummy constraints).
    ConstraintsPanel *constraintsPanel() const { return m_constraints; }
    QDockWidget *constraintsDock() const { return m_constraintsDock; }
    EvaluationPanel *evaluationPanel() const { return m_evaluation; }
    PlayAnalysisPanel *playAnalysisPanel() const { return m_playAnalysis; }
    AuctionPanel *auctionPanel() const { return m_auction; }
    NotesPanel *notesPanel() const { return m_notes; }

signals:
    // The solver went idle with everything on screen solved (see isAnalysisComplete()).
    void analysisIdle();
    // The file was written to `path`.
    void fileSaved(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void buildUi();
    void fillRecentMenu();
    void refreshBoardList();
    void showProblems(const QStringList &problems);
    void buildActions();
    void onBoardChanged();
    void onContractChanged();
    void onPositionChanged();
    void onCardsReady(quint64 generation, const CardsReport &report);
    void onTableProgress(quint64 generation, const TableReport &report);
    // Single dummy (main_window_single_dummy.cpp).
    void buildSingleDummyDock();
    void requestSingleDummy();
    void onSingleDummyProgress(quint64 generation, const tenace::core::SingleDummyResult &result);
    void onSingleDummyFailed(const QString &message);
    void onAlphaMuProgress(quint64 generation, const tenace::core::AlphaMuResult &result);
    // A new board: its constraints in the editor, filled from the auction when it has none.
    void showBoardConstraints();
    void onConstraintsChanged();
    // At the opening lead in single-dummy mode, shows the lead table (unless closed on this
    // board); never in teaching mode, never taking the focus.
    void openLeadDockAtLead();
    void onBusyChanged(bool busy);
    void updateActions();
    void updateSolverStatus();
    void openDialog();
    void editContract(const tenace::core::Contract &contract);
    void setFourColour(bool on);
    // File handling (main_window_file.cpp).
    bool writeFile(const QString &path, const std::string *bytes);
    QProgressDialog *showProgress(const QString &text, int total, RequestKind kind);
    void onRequestProgress(RequestKind kind, quint64 generation, int done, int total);
    void onRequestFinished(RequestKind kind, quint64 generation, const QVariant &value);
    // Failed (`message` set) or cancelled.
    void onRequestStopped(RequestKind kind, quint64 generation, const QString &message);
    void finishPrint(const TableResults &tables);
    void endSave();
    void endPrint();

    BoardSession *m_session = nullptr;
    SolverController *m_solver = nullptr;
    QStackedWidget *m_stack = nullptr;
    TableWidget *m_table = nullptr;
    DealEditor *m_editor = nullptr;
    QScrollArea *m_editorScroll = nullptr;
    AnalysisPanel *m_panel = nullptr;
    EvaluationPanel *m_evaluation = nullptr;
    PlayAnalysisPanel *m_playAnalysis = nullptr;
    AuctionPanel *m_auction = nullptr;
    QDockWidget *m_auctionDock = nullptr;
    NotesPanel *m_notes = nullptr;
    QDockWidget *m_notesDock = nullptr;
    QDockWidget *m_playAnalysisDock = nullptr;
    QPointer<SimulationDialog> m_simulation;
    tenace::core::Deal m_simulationDeal;
    TrickListModel *m_trickModel = nullptr;
    QTableView *m_trickView = nullptr;
    QLabel *m_solverLabel = nullptr;
    QAction *m_editAction = nullptr;
    QAction *m_fourColourAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_prevTrickAction = nullptr;
    QAction *m_nextTrickAction = nullptr;
    QAction *m_startAction = nullptr;
    QAction *m_endAction = nullptr;
    QAction *m_bestAction = nullptr;
    QAction *m_playOutAction = nullptr;

    Preferences m_preferences;
    BoardFile m_file;
    int m_current = -1;
    BoardListModel *m_boardList = nullptr;
    QTableView *m_boardView = nullptr;
    QDockWidget *m_boardDock = nullptr;
    QListWidget *m_problemList = nullptr;
    QDockWidget *m_problemsDock = nullptr;
    std::optional<TableReport> m_tableReport;
    bool m_autoContract = false; // a random deal: play the par contract once it is known
    bool m_autoPlay = false;
    bool m_teaching = false;
    bool m_addResultsOnSave = false; // File > Add DD results when saving
    bool m_revealed = false;
    unsigned m_manualHidden = 0; // View > Hide hands
    QString m_feedback;
    std::optional<CardsReport> m_lastCards; // scores of the position shown
    QAction *m_teachingAction = nullptr;
    QAction *m_annotationsAction = nullptr; // View > Show double-dummy values
    QAction *m_showDdAction = nullptr; // View > Show DD table
    QAction *m_showParAction = nullptr; // View > Show par
    QAction *m_simulateAction = nullptr;
    QAction *m_singleDummyAction = nullptr;
    LeadTableModel *m_leadModel = nullptr;
    QDockWidget *m_leadDock = nullptr;
    QLabel *m_leadStatus = nullptr;
    quint64 m_sdGeneration = 0; // of the single-dummy values awaited; 0: none
    tenace::core::Position m_sdPosition; // they are for
    bool m_sdAtLead = false;
    quint64 m_amGeneration = 0; // of the αμ values awaited (for m_sdPosition); 0: none
    ConstraintsPanel *m_constraints = nullptr;
    QDockWidget *m_constraintsDock = nullptr;
    bool m_prefilling = false; // constraints filled from the auction: play restarts anyway
    bool m_openingLeadDock = false; // the lead dock is being opened at the lead
    std::optional<tenace::core::Deal> m_leadDockClosedFor; // the board it was closed on
    QString m_sdStatus;
    QLabel *m_feedbackBanner = nullptr;
    // Hides the hands that are hidden, and blanks what the window would reveal of them: in
    // teaching mode (until revealHands) every DD value, par and the play analysis; for any hidden
    // hand its evaluation and the cards it has not played yet.
    void updateHiddenHands();
    void setFeedback(const QString &text);
    void judgeLastCard();
    // Lesson mode (main_window_lesson.cpp).
    void buildLessonDock();
    bool startBoardLesson();
    bool beginLesson(const Board &board, const tenace::core::LessonSetup &setup);
    // The lesson's layout and cards on the table; `keepPending`: with the student's cards
    // played on the table since the step was asked for.
    void applyLessonLayout(bool keepPending);
    void endLesson(const QString &why);
    void syncLesson();
    void onLessonStep(quint64 generation, const LessonReport &report);
    void showLessonSummary();
    bool m_lessonMode = false;
    std::optional<tenace::core::Lesson> m_lesson; // the lesson's state, level with the table
    Board m_lessonBoard; // the lesson's board (the deal replaced by the current layout)
    int m_lessonIndex = -1; // in the course; -1: a board of a file
    quint64 m_lessonGeneration = 0; // of the step awaited; 0: none
    bool m_lessonApplying = false; // the window itself moves the table: not a student card
    QElapsedTimer m_lessonClock; // since the last card
    std::vector<tenace::core::PbnGame> m_course;
    LessonPanel *m_lessonPanel = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    QAction *m_lessonAction = nullptr;
    QString m_cardsStatus;
    QString m_tableStatus;

    // A save with DD results or a print of every board in progress (0: none).
    quint64 m_saveGeneration = 0;
    QString m_savePath;
    std::function<void()> m_afterSave;
    QPointer<QProgressDialog> m_saveProgress;
    quint64 m_printGeneration = 0;
    std::unique_ptr<QPrinter> m_printer;
    int m_printPerPage = 1;
    std::vector<Board> m_printBoards;
    QPointer<QProgressDialog> m_printProgress;
};

} // namespace tenace::ui
