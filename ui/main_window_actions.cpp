// MainWindow's menus, toolbar and keyboard shortcuts.

#include "ui/main_window.h"

#include "ui/about_dialog.h"
#include "ui/analysis_panel.h"
#include "ui/bridge_text.h"
#include "ui/deal_editor.h"
#include "ui/suit_combination_dialog.h"
#include "ui/table_widget.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoStack>

namespace tenace::ui {

namespace core = tenace::core;

void MainWindow::buildActions()
{
    QUndoStack *stack = m_session->undoStack();

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open =
        file->addAction(tr("&Open\u2026"), QKeySequence::Open, this, &MainWindow::openDialog);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    QAction *random = file->addAction(tr("&New random deal"), QKeySequence::New, this,
                                      [this] { newRandomDeal(); });
    random->setToolTip(tr("Deal a random board (its seed is shown in the Board panel)"));
    m_editAction = file->addAction(tr("&Edit deal"));
    m_editAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_editAction->setCheckable(true);
    connect(m_editAction, &QAction::toggled, this, &MainWindow::setEditMode);
    file->addAction(
        tr("&Paste deal"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this, [this] {
            setEditMode(true);
            if (m_editor->pasteText(QApplication::clipboard()->text()) && m_editor->isPlayable())
                emit m_editor->applied(m_editor->board());
        });
    file->addAction(tr("&Copy board as PBN"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
                    [this] { QApplication::clipboard()->setText(boardAsPbn()); })
        ->setToolTip(tr("Copy the deal, contract and the cards played so far as a PBN game"));
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] { save(); })
        ->setToolTip(tr("Save the boards as PBN; unchanged boards keep their bytes"));
    // Explicit: QKeySequence::SaveAs is empty under some desktops' key schemes.
    file->addAction(tr("Save &as\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this,
                    [this] { saveAs(); })
        ->setObjectName(QStringLiteral("saveAsAction"));
    QAction *addResults = file->addAction(tr("Add DD &results when saving"));
    addResults->setCheckable(true);
    addResults->setToolTip(tr("Write DoubleDummyTricks, OptimumResultTable, OptimumScore and "
                              "ParContract into every board when saving"));
    connect(addResults, &QAction::toggled, this, &MainWindow::setAddResultsOnSave);
    QMenu *exportMenu = file->addMenu(tr("E&xport"));
    exportMenu
        ->addAction(tr("Save &picture\u2026"), this,
                    [this] {
                        const QString path = QFileDialog::getSaveFileName(
                            this, tr("Save picture"),
                            m_session->board().title + QStringLiteral(".png"),
                            tr("PNG image (*.png);;SVG image (*.svg)"));
                        if (!path.isEmpty())
                            exportPicture(path);
                    })
        ->setToolTip(tr("The table with its DD table and par, as PNG or SVG"));
    exportMenu->addAction(tr("&Copy picture"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C), this,
                          &MainWindow::copyPicture);
    exportMenu->addAction(tr("&Print board\u2026"), QKeySequence::Print, this,
                          &MainWindow::printBoard);
    exportMenu->addAction(tr("Print &all boards\u2026"), this, &MainWindow::printAllBoards)
        ->setToolTip(tr("One board per page, each with its DD table and par"));
    file->addSeparator();
    // Closing the window (not QApplication::quit) so that unsaved changes are asked about first.
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *boardMenu = menuBar()->addMenu(tr("&Board"));
    boardMenu->addAction(tr("Pre&vious board"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), this,
                         [this] { showBoard(m_current - 1); });
    boardMenu->addAction(tr("Ne&xt board"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), this,
                         [this] { showBoard(m_current + 1); });
    boardMenu->addSeparator();
    boardMenu
        ->addAction(tr("&Add a random board"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_N), this,
                    &MainWindow::addBoard)
        ->setToolTip(tr("Insert a new random deal after this board"));
    boardMenu->addAction(tr("&Duplicate board"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D), this,
                         &MainWindow::duplicateBoard);
    boardMenu->addAction(tr("De&lete board"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Delete),
                         this, &MainWindow::deleteBoard);

    QMenu *play = menuBar()->addMenu(tr("&Play"));
    QAction *undo = stack->createUndoAction(this, tr("&Undo"));
    undo->setShortcuts({QKeySequence::Undo});
    QAction *redo = stack->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence::Redo});
    play->addAction(undo);
    play->addAction(redo);
    play->addSeparator();
    m_startAction = play->addAction(tr("Back to &start"), QKeySequence(Qt::CTRL | Qt::Key_Home),
                                    this, [this] { m_session->toStart(); });
    m_prevTrickAction =
        play->addAction(tr("&Previous trick"), QKeySequence(Qt::CTRL | Qt::Key_Left), this,
                        [this] { m_session->previousTrick(); });
    m_nextTrickAction = play->addAction(tr("&Next trick"), QKeySequence(Qt::CTRL | Qt::Key_Right),
                                        this, [this] { m_session->nextTrick(); });
    m_endAction = play->addAction(tr("To the &end"), QKeySequence(Qt::CTRL | Qt::Key_End), this,
                                  [this] { m_session->toEnd(); });
    play->addSeparator();
    m_bestAction = play->addAction(
        tr("Play the &best card"), QKeySequence(Qt::CTRL | Qt::Key_B), this, [this] {
            if (!playBestCard())
                statusBar()->showMessage(tr("Wait for the analysis of this position"), 3000);
        });
    m_bestAction->setToolTip(tr("Play a double-dummy optimal card (the lowest among equals)"));
    m_playOutAction =
        play->addAction(tr("Play &out optimally"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B),
                        this, &MainWindow::playOutOptimally);
    m_playOutAction->setToolTip(tr("Play the rest of the deal double-dummy, card by card"));

    play->addSeparator();
    m_teachingAction = play->addAction(tr("&Teaching mode"));
    m_teachingAction->setCheckable(true);
    m_teachingAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    m_teachingAction->setToolTip(tr("Play declarer seeing declarer and dummy; the defence plays "
                                    "double-dummy and every card gets a verdict"));
    connect(m_teachingAction, &QAction::toggled, this, &MainWindow::setTeachingMode);
    m_lessonAction = play->addAction(tr("&Lesson mode"));
    m_lessonAction->setCheckable(true);
    m_lessonAction->setToolTip(tr("Play declarer against defenders whose unseen cards are "
                                  "rearranged to beat a line that is not the safest"));
    connect(m_lessonAction, &QAction::toggled, this, &MainWindow::setLessonMode);
    play->addAction(tr("&Show all hands"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H), this,
                    &MainWindow::revealHands);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *rotate = view->addAction(tr("&Rotate table"), QKeySequence(Qt::CTRL | Qt::Key_R), this,
                                      [this] { m_table->rotate(); });
    rotate->setToolTip(tr("Turn the table a quarter; a new contract puts declarer at the bottom"));
    QAction *annotations = view->addAction(tr("Show &double-dummy values"));
    annotations->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    annotations->setCheckable(true);
    annotations->setChecked(true);
    annotations->setToolTip(tr("Show or hide the tricks under each playable card (Ctrl+D)"));
    m_annotationsAction = annotations;
    connect(annotations, &QAction::toggled, this, &MainWindow::updateHiddenHands);
    // A teacher may keep the DD table or par out of sight on their own (remembered).
    const QSettings settings;
    m_singleDummyAction = view->addAction(tr("&Single dummy"));
    m_singleDummyAction->setObjectName(QStringLiteral("singleDummyAction"));
    m_singleDummyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_singleDummyAction->setCheckable(true);
    m_singleDummyAction->setToolTip(
        tr("Value the cards of the hand to play from its own view, by sampling the layouts it "
           "cannot see (Ctrl+Shift+D)"));
    connect(m_singleDummyAction, &QAction::toggled, this, &MainWindow::setSingleDummyMode);
    QAction *greyUnseen = view->addAction(tr("&Grey unseen hands"));
    greyUnseen->setObjectName(QStringLiteral("greyUnseenAction"));
    greyUnseen->setCheckable(true);
    greyUnseen->setChecked(settings.value(QStringLiteral("view/greyUnseen"), true).toBool());
    greyUnseen->setToolTip(tr("In single dummy, fade the hands the player to move cannot see"));
    m_table->setGreyUnseen(greyUnseen->isChecked());
    connect(greyUnseen, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("view/greyUnseen"), on);
        m_table->setGreyUnseen(on);
    });
    m_showDdAction = view->addAction(tr("Show DD &table"));
    m_showDdAction->setObjectName(QStringLiteral("showDdTableAction"));
    m_showDdAction->setCheckable(true);
    m_showDdAction->setChecked(settings.value(QStringLiteral("view/showDdTable"), true).toBool());
    m_showParAction = view->addAction(tr("Show &par"));
    m_showParAction->setObjectName(QStringLiteral("showParAction"));
    m_showParAction->setCheckable(true);
    m_showParAction->setChecked(settings.value(QStringLiteral("view/showPar"), true).toBool());
    connect(m_showDdAction, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("view/showDdTable"), on);
        updateHiddenHands();
    });
    connect(m_showParAction, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("view/showPar"), on);
        updateHiddenHands();
    });
    QMenu *hide = view->addMenu(tr("&Hide hands"));
    for (const core::Seat seat : core::allSeats) {
        QAction *a = hide->addAction(seatText(seat));
        a->setCheckable(true);
        connect(a, &QAction::toggled, this, [this, seat](bool on) {
            const unsigned bit = 1u << index(seat);
            m_manualHidden = on ? (m_manualHidden | bit) : (m_manualHidden & ~bit);
            m_revealed = false;
            updateHiddenHands();
        });
    }
    m_fourColourAction = view->addAction(tr("&Four-colour deck"));
    m_fourColourAction->setCheckable(true);
    connect(m_fourColourAction, &QAction::toggled, this, [this](bool on) {
        Preferences p = m_preferences;
        p.fourColour = on;
        setPreferences(p);
    });
    QAction *preferences =
        view->addAction(tr("&Preferences\u2026"), this, &MainWindow::showPreferences);
    preferences->setShortcuts({QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    preferences->setMenuRole(QAction::PreferencesRole);
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QMenu *toolsMenu = menuBar()->addMenu(tr("&Tools"));
    QAction *simulate = m_simulateAction =
        toolsMenu->addAction(tr("&Simulate\u2026"), QKeySequence(Qt::CTRL | Qt::Key_M), this,
                             [this] { showSimulation(); });
    simulate->setObjectName(QStringLiteral("simulateAction"));
    simulate->setStatusTip(tr("Keep some hands, deal the others at random and solve every deal"));
    QAction *leads = m_leadDock->toggleViewAction();
    leads->setText(tr("&Opening leads"));
    leads->setStatusTip(tr("The leader's cards valued single dummy at trick one"));
    toolsMenu->addAction(leads);
    QAction *constraints = m_constraintsDock->toggleViewAction();
    constraints->setText(tr("Single-dummy &constraints"));
    constraints->setStatusTip(tr("What the auction says of the hands dealt at random"));
    toolsMenu->addAction(constraints);
    QAction *suit = toolsMenu->addAction(tr("S&uit combination\u2026"), this, [this] {
        auto *dialog = findChild<SuitCombinationDialog *>();
        if (!dialog)
            dialog = new SuitCombinationDialog(this);
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    suit->setObjectName(QStringLiteral("suitCombinationAction"));
    suit->setStatusTip(tr("The best lines of play of one suit and their chances"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard"), this, [this] {
        QMessageBox box(QMessageBox::Information, tr("Keyboard"), keyboardHelp(), QMessageBox::Ok,
                        this);
        box.setTextFormat(Qt::RichText);
        box.exec();
    });
    help->addAction(tr("&About Tenace"), this, [this] {
        AboutDialog about(this);
        about.exec();
    });

    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolbar"));
    tools->setMovable(false);
    tools->setToolButtonStyle(Qt::ToolButtonTextOnly);
    tools->addAction(open);
    tools->addAction(random);
    tools->addAction(m_editAction);
    tools->addSeparator();
    tools->addAction(m_startAction);
    tools->addAction(m_prevTrickAction);
    tools->addAction(undo);
    tools->addAction(redo);
    tools->addAction(m_nextTrickAction);
    tools->addAction(m_endAction);
    tools->addSeparator();
    tools->addAction(m_bestAction);
    tools->addAction(m_playOutAction);
    tools->addSeparator();
    tools->addAction(rotate);
    tools->addAction(annotations);
    tools->addAction(m_singleDummyAction);
    // Short toolbar labels; the menus keep the long ones.
    m_startAction->setIconText(tr("\u21e4 Start"));
    m_prevTrickAction->setIconText(tr("\u25c2 Trick"));
    undo->setIconText(tr("\u21b6 Undo"));
    redo->setIconText(tr("Redo \u21b7"));
    m_nextTrickAction->setIconText(tr("Trick \u25b8"));
    m_endAction->setIconText(tr("End \u21e5"));
    m_bestAction->setIconText(tr("Best card"));
    m_playOutAction->setIconText(tr("Play out"));
    annotations->setIconText(tr("DD values"));
    m_singleDummyAction->setIconText(tr("Single dummy"));
    rotate->setIconText(tr("Rotate"));
    m_editAction->setIconText(tr("Edit"));
    random->setIconText(tr("New deal"));
    open->setIconText(tr("Open"));

    connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateActions);
}

namespace {

// The actions of `menu` and its submenus that have a shortcut, as table rows.
void collectShortcuts(const QMenu *menu, QStringList &rows)
{
    for (QAction *action : menu->actions()) {
        if (action->menu()) {
            collectShortcuts(action->menu(), rows);
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts())
            if (!key.isEmpty())
                keys << key.toString(QKeySequence::NativeText).toHtmlEscaped();
        if (keys.isEmpty())
            continue;
        QString text = action->text();
        text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        text.remove(QStringLiteral("\u2026"));
        rows << QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(keys.join(QStringLiteral(" / ")), text.toHtmlEscaped());
    }
}

} // namespace

QString MainWindow::keyboardHelp() const
{
    QStringList rows;
    for (QAction *action : menuBar()->actions())
        if (action->menu())
            collectShortcuts(action->menu(), rows);
    return tr("<p><b>Play a card:</b> type it (S Q, H 10 or HT; a bare rank when following "
              "suit), or move with the arrow keys and press Enter. Backspace takes a card "
              "back.</p>") +
        QStringLiteral("<table cellspacing='0' cellpadding='2'>%1</table>")
            .arg(rows.join(QString()));
}

void MainWindow::updateActions()
{
    if (!m_startAction)
        return;
    const core::PlayState *state = m_session->state();
    const bool editing = isEditMode();
    const int played = m_session->cardsPlayed();
    const int total = m_session->undoStack()->count();
    m_startAction->setEnabled(!editing && played > 0);
    m_prevTrickAction->setEnabled(!editing && played > 0);
    m_nextTrickAction->setEnabled(!editing && played < total);
    m_endAction->setEnabled(!editing && played < total);
    const bool playing = !editing && state && !state->isFinished();
    m_bestAction->setEnabled(playing);
    m_playOutAction->setEnabled(playing);
}

} // namespace tenace::ui
