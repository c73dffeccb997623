// The main window end to end (offscreen): a board opened from PBN shows the reference DD table
// and par; cards played by clicks carry the annotations a direct solver call gives; undo/redo;
// the editor; a stress run of plays and undos while the solver is busy; shortcuts and the
// generated keyboard help; no Qt warning in a scripted session; the DD line and the board list at
// the default size.

#include "core/formats/lin_reader.h"
#include "core/formats/pbn_reader.h"
#include "core/par/par.h"
#include "core/solver/solver.h"
#include "ui/analysis_panel.h"
#include "ui/board_session.h"
#include "ui/dd_table_model.h"
#include "ui/deal_editor.h"
#include "ui/main_window.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"
#include "ui/trick_list_model.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <map>

using namespace tenace;

namespace {

constexpr int solveTimeout = 180000; // generous: CI machines are shared

core::Card card(const char *text)
{
    return core::parseCard(text).value();
}

// Line `row` (1-based, after the header) of a reference file, split at tabs.
QStringList referenceRow(const char *file, int row)
{
    QFile f(QStringLiteral(TENACE_TEST_DATA "/") + QLatin1String(file));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (int i = 0; i <= row && !f.atEnd(); ++i) {
        const QByteArray line = f.readLine();
        if (i == row)
            return QString::fromUtf8(line).trimmed().split(QLatin1Char('\t'));
    }
    return {};
}

// What the table must show for each legal card: declarer's side's total tricks, from a direct
// solver call on the same position.
std::map<int, int> expectedAnnotations(const core::PlayState &state, core::Side declarerSide)
{
    core::Solver solver;
    const auto result = solver.solve(state.position(), {}).value();
    const bool declToMove = core::sideOf(state.toMove()) == declarerSide;
    const int left = state.position().tricksLeft();
    std::map<int, int> expected;
    for (const core::CardScore &cs : result.cards) {
        const int total = state.tricksWon(declarerSide) + (declToMove ? cs.score : left - cs.score);
        expected[cs.card.bit()] = total;
        for (const core::Card c : cs.equals.cards())
            expected[c.bit()] = total;
    }
    return expected;
}

void waitForAnalysis(ui::MainWindow &window)
{
    QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete() && !window.solver()->isBusy(),
                             solveTimeout);
}

void checkAnnotations(ui::MainWindow &window)
{
    const ui::BoardSession *session = window.session();
    const auto expected = expectedAnnotations(*session->state(), session->declarerSide());
    for (const core::Card c : session->state()->legalCards().cards())
        QCOMPARE(window.tableWidget()->annotation(c).value_or(-1),
                 expected.count(c.bit()) ? expected.at(c.bit()) : -2);
}

QStringList g_warnings;

// The offscreen platform's own notes ("does not support propagateSizeHints()") are not ours.
void collectWarnings(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if ((context.category && QByteArray(context.category).startsWith("qt.qpa")) ||
        message.contains(QStringLiteral("propagateSizeHints")))
        return;
    if (type == QtWarningMsg || type == QtCriticalMsg)
        g_warnings << message;
}

void collectShortcuts(const QMenu *menu, QList<QAction *> &out)
{
    for (QAction *a : menu->actions()) {
        if (a->menu())
            collectShortcuts(a->menu(), out);
        else if (!a->shortcut().isEmpty())
            out << a;
    }
}

// A club session: board 1 at ten tables, with a recorded play at each.
QString writeClubSession()
{
    const QString path = QStringLiteral("club_session.pbn");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    for (int t = 1; t <= 10; ++t)
        f.write(QStringLiteral("[Board \"1\"]\n[Table \"%1\"]\n[North \"zhou666\"]\n"
                               "[East \"Maximilian Alexander von Schwarzenberg\"]\n"
                               "[South \"Li\"]\n[West \"Ann\"]\n[Dealer \"N\"]\n"
                               "[Vulnerable \"None\"]\n[Deal \"N:AKQ2.KJ5.T98.A43 "
                               "6543.T98.A65.JT9 JT987.AQ2.7.KQ52 .7643.KQJ432.876\"]\n"
                               "[Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n"
                               "[Play \"W\"]\nDK D8 DA D7\n*\n\n")
                    .arg(t)
                    .toUtf8());
    return path;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void startsAndCloses()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.windowTitle().isEmpty());
        QVERIFY(window.close());
    }

    // Reference deals of tests/data (DDS 2.9): the DD table panel shows ddtables.tsv, the par
    // panel the DealerPar text of par.tsv (dealer North, none vulnerable).
    void referenceTableAndPar_data()
    {
        QTest::addColumn<int>("deal");
        QTest::newRow("deal 39 (first random)") << 39;
        QTest::newRow("deal 40") << 40;
        QTest::newRow("deal 41") << 41;
    }

    void referenceTableAndPar()
    {
        QFETCH(int, deal);
        const QStringList dd = referenceRow("ddtables.tsv", deal);
        const QStringList par = referenceRow("par.tsv", 4 * (deal - 1) + 1);
        QCOMPARE(dd.size(), 21);
        QCOMPARE(par.at(0), dd.at(0));
        QCOMPARE(par.at(1), QStringLiteral("None"));
        const QString path = QStringLiteral("reference_%1.pbn").arg(deal);
        QFile pbn(path);
        QVERIFY(pbn.open(QIODevice::WriteOnly | QIODevice::Truncate));
        pbn.write(QStringLiteral("[Board \"%1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                                 "[Deal \"%2\"]\n\n")
                      .arg(deal)
                      .arg(dd.at(0))
                      .toUtf8());
        pbn.close();

        ui::MainWindow window;
        window.show();
        QVERIFY(window.openFile(path));
        waitForAnalysis(window);
        const ui::DdTableModel *model = window.analysisPanel()->ddModel();
        QVERIFY(model->isComplete());
        for (int s = 0; s < 5; ++s)
            for (int d = 0; d < 4; ++d) {
                const auto strain = core::strainAt(s);
                const auto seat = core::seatAt(d);
                const QModelIndex cell =
                    model->index(ui::DdTableModel::rowOf(seat), ui::DdTableModel::columnOf(strain));
                QCOMPARE(cell.data().toString(), dd.at(1 + 4 * s + d));
            }
        // dealer.N.score (NS's view), in the window's words: "Par: NS +460, 5NT by ..." and no
        // DDS text ("Par 460: NS 3N+2").
        const int score = par.at(6).toInt();
        const QString text = window.analysisPanel()->parText();
        const QString expected = score == 0 ? QStringLiteral("Par: 0")
            : score > 0                     ? QStringLiteral("Par: NS +%1").arg(score)
                                            : QStringLiteral("Par: EW +%1").arg(-score);
        QVERIFY2(text.contains(expected), qPrintable(text));
        QVERIFY2(!text.contains(par.at(8)) && !text.contains(par.at(7)), qPrintable(text));
    }

    void playTrickByClicks()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(
            QStringLiteral(TENACE_TEST_DATA "/../../resources/samples/sample.pbn")));
        ui::TableWidget *table = window.tableWidget();
        waitForAnalysis(window);
        QCOMPARE(
            window.analysisPanel()->ddModel()->table()(core::Strain::Spades, core::Seat::North),
            11);
        checkAnnotations(window);
        // East leads a club, then everyone follows with a click.
        for (const char *c : {"C3", "C2", "CQ", "CA"}) {
            const QRect r = table->cardRect(card(c));
            QVERIFY2(!r.isEmpty(), c);
            QTest::mouseClick(table, Qt::LeftButton, {}, r.center());
            QVERIFY(!window.session()->state()->history().empty());
            QCOMPARE(QString::fromStdString(window.session()->state()->history().back().toString()),
                     QString::fromLatin1(c));
            QVERIFY(!table->hasAnnotations()); // never a number of the previous position
            waitForAnalysis(window);
            if (!window.session()->state()->isFinished())
                checkAnnotations(window);
        }
        QCOMPARE(window.session()->state()->tricksWon(core::Side::NorthSouth), 1);
        window.grab().save(QStringLiteral("main_window_after_trick.png"));
    }

    void undoRedoByKeyboard()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(1);
        waitForAnalysis(window);
        ui::BoardSession *session = window.session();
        const core::Position start = session->state()->position();
        for (int i = 0; i < 3; ++i) {
            QVERIFY(window.playBestCard());
            waitForAnalysis(window);
        }
        QCOMPARE(session->cardsPlayed(), 3);
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(session->cardsPlayed(), 2);
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(session->cardsPlayed(), 3);
        QTest::keyClick(&window, Qt::Key_Home, Qt::ControlModifier);
        QCOMPARE(session->state()->position(), start);
        waitForAnalysis(window);
        checkAnnotations(window);
        QTest::keyClick(&window, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(session->cardsPlayed(), 3);
        waitForAnalysis(window);
        checkAnnotations(window);
    }

    void editByTyping()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setEditMode(true);
        ui::DealEditor *editor = window.dealEditor();
        editor->clearDeal();
        QLineEdit *north = editor->handEdit(core::Seat::North);
        QTest::keyClicks(north, QStringLiteral("AKT62.A95.62.AK4X"));
        QVERIFY2(editor->validationText().contains(QStringLiteral("'X' is not a rank")),
                 qPrintable(editor->validationText()));
        QTest::keyClick(north, Qt::Key_Backspace);
        QVERIFY(!editor->validationText().contains(QStringLiteral("rank")));
        QTest::keyClicks(editor->handEdit(core::Seat::East), QStringLiteral("43.JT8.983.T9853"));
        QTest::keyClicks(editor->handEdit(core::Seat::South), QStringLiteral("Q87.KQ3.QJ74.J62"));
        // West with 14 cards: a precise message, and no "Analyse".
        QTest::keyClicks(editor->handEdit(core::Seat::West), QStringLiteral("J95.7642.AKT5.Q73"));
        QVERIFY2(editor->validationText().contains(QStringLiteral("West holds 14 cards")),
                 qPrintable(editor->validationText()));
        QVERIFY2(editor->validationText().contains(QStringLiteral("Duplicate card \u26633")),
                 qPrintable(editor->validationText()));
        QVERIFY(!editor->isPlayable());
        editor->handEdit(core::Seat::West)->clear();
        QTest::keyClicks(editor->handEdit(core::Seat::West), QStringLiteral("J95.7642.."));
        QVERIFY(editor->fillFourth());
        QCOMPARE(editor->handEdit(core::Seat::West)->text(), QStringLiteral("J95.7642.AKT5.Q7"));
        QVERIFY(editor->isPlayable());
        emit editor->applied(editor->board());
        QVERIFY(!window.isEditMode());
        QCOMPARE(window.session()->board().deal,
                 core::parsePbnDeal("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 "
                                    "J95.7642.AKT5.Q7")
                     .value());
        waitForAnalysis(window);
    }

    // A teacher's end position: two cards each, West has already led the ♣A to this trick.
    void endPositionMidTrick()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setEditMode(true);
        ui::DealEditor *editor = window.dealEditor();
        editor->clearDeal();
        QTest::keyClicks(editor->handEdit(core::Seat::North), QStringLiteral("AK..."));
        QTest::keyClicks(editor->handEdit(core::Seat::East), QStringLiteral("Q2..."));
        QTest::keyClicks(editor->handEdit(core::Seat::South), QStringLiteral("..A2."));
        QTest::keyClicks(editor->handEdit(core::Seat::West), QStringLiteral("...K"));
        QVERIFY2(editor->validationText().contains(QStringLiteral("West holds 1")),
                 qPrintable(editor->validationText()));
        QTest::keyClicks(editor->findChild<QLineEdit *>(QStringLiteral("trick")),
                         QStringLiteral("CA"));
        QVERIFY2(editor->validationText().contains(
                     QStringLiteral("Mid-trick end position: North to play, 2 tricks left")),
                 qPrintable(editor->validationText()));
        QVERIFY(editor->isPlayable());
        emit editor->applied(editor->board());
        const core::PlayState *state = window.session()->state();
        QVERIFY(state);
        QCOMPARE(state->toMove(), core::Seat::North);
        QCOMPARE(state->currentTrick().size(), std::size_t {1});
        QCOMPARE(window.trickModel()->index(0, 4).data().toString(), QStringLiteral("\u2663A"));
        waitForAnalysis(window);
        checkAnnotations(window);
        // North discards, East and South follow; West wins the trick with the ♣A.
        for (const char *c : {"SK", "S2", "D2"})
            QVERIFY(window.session()->play(card(c)));
        QCOMPARE(window.session()->state()->tricksWon(core::Side::EastWest), 1);
        waitForAnalysis(window);
        checkAnnotations(window);
        window.grab().save(QStringLiteral("main_window_end_position.png"));
    }

    // Plays and takes back 100 cards as fast as events allow while the solver works; every
    // annotation shown must belong to the position shown, and the last ones match the solver.
    void stressPlayAndUndo()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(7);
        waitForAnalysis(window);
        ui::BoardSession *session = window.session();
        ui::TableWidget *table = window.tableWidget();
        // Every annotation set shown, by position.
        std::map<std::string, std::pair<core::PlayState, std::map<int, int>>> shown;
        int mismatches = 0;
        auto record = [&] {
            if (!table->hasAnnotations() || !session->state())
                return;
            const core::PlayState &state = *session->state();
            std::map<int, int> values;
            for (const core::Card c : state.legalCards().cards())
                values[c.bit()] = table->annotation(c).value_or(-1);
            const std::string key =
                state.position().remaining.toPbn() + '/' + std::to_string(state.history().size());
            auto [it, inserted] = shown.emplace(key, std::pair(state, values));
            if (!inserted && it->second.second != values)
                ++mismatches;
        };
        connect(window.solver(), &ui::SolverController::cardsReady, this, record);
        std::uint32_t random = 12345;
        for (int i = 0; i < 100; ++i) {
            random = random * 1103515245u + 12345u;
            const core::PlayState *state = session->state();
            if (state->isFinished() || (i % 3 == 2 && session->cardsPlayed() > 0)) {
                session->undoStack()->undo();
            } else {
                const auto legal = state->legalCards().cards();
                QVERIFY(session->play(legal[(random >> 16) % legal.size()]));
            }
            record();
            QCoreApplication::processEvents();
            if (i % 10 == 9) // now and then a pause, so that some positions get their values
                QTest::qWait(400);
        }
        waitForAnalysis(window);
        record();
        QCOMPARE(mismatches, 0);
        QVERIFY(shown.size() >= 2);
        // Each position shown had the solver's values for that position.
        checkAnnotations(window);
        for (const auto &[key, entry] : shown) {
            const auto expected = expectedAnnotations(entry.first, session->declarerSide());
            for (const auto &[bit, value] : entry.second)
                QCOMPARE(value, expected.at(bit));
        }
        qInfo("%zu positions annotated during the run", shown.size());
    }

    // A BBO LIN file opens like a PBN file: every board with a deal, the first one shown.
    void opensLinFiles()
    {
        const QString path =
            QStringLiteral(TENACE_TEST_DATA "/fixtures/lin/bridgebots-usbf_sf_14502.lin");
        auto expected = core::readLinFile(path.toStdString());
        QVERIFY(expected);
        std::vector<core::Deal> deals;
        for (const core::PbnGame &g : expected->document.games)
            if (auto d = g.deal(); d && core::checkComplete(*d))
                deals.push_back(*d);
        QVERIFY(deals.size() >= 10);
        ui::MainWindow window;
        QVERIFY(window.openFile(path));
        QCOMPARE(window.analysisPanel()->boardCombo()->count(), int(deals.size()));
        QCOMPARE(window.session()->board().deal, deals.front());
        window.showBoard(3);
        QCOMPARE(window.session()->board().deal, deals[3]);
    }

    // Copy board as PBN: the game read back has the board's deal, contract and the cards played,
    // and pastes into the editor as the same deal.
    void copiesBoardAsPbn()
    {
        ui::MainWindow window;
        QVERIFY(window.openFile(
            QStringLiteral(TENACE_TEST_DATA "/../../resources/samples/sample.pbn")));
        waitForAnalysis(window);
        for (int i = 0; i < 5; ++i) {
            QVERIFY(window.playBestCard());
            waitForAnalysis(window);
        }
        const QString text = window.boardAsPbn();
        const core::PbnReadResult read = core::readPbn(text.toStdString());
        QVERIFY2(read.ok(), qPrintable(text));
        QCOMPARE(read.document.games.size(), std::size_t(1));
        const core::PbnGame &game = read.document.games[0];
        const ui::Board &board = window.session()->board();
        QCOMPARE(game.deal(), board.deal);
        QCOMPARE(game.dealer(), board.dealer);
        QCOMPARE(game.vulnerability(), board.vulnerability);
        QCOMPARE(game.declarer()->seat, board.contract.declarer);
        QCOMPARE(game.contract()->level, board.contract.level);
        QCOMPARE(game.contract()->strain, board.contract.strain);
        const auto sequence =
            core::pbnPlaySequence(*game.play(), board.contract.strain, &board.deal);
        QVERIFY(sequence);
        std::vector<core::Card> cards;
        for (const core::PbnPlayedCard &c : *sequence)
            cards.push_back(c.card);
        QVERIFY(cards == window.session()->state()->history());
        ui::DealEditor editor;
        QVERIFY(editor.pasteText(text));
        QCOMPARE(editor.board().deal, board.deal);
    }

    // A LIN record or handviewer URL pasted into the deal editor gives its deal.
    void pastesLin()
    {
        ui::DealEditor editor;
        const QString lin = QStringLiteral(
            "pn|S,W,N,E|st||md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,|"
            "rh||ah|Board 15|sv|n|mb|p|mb|1H|");
        QVERIFY(editor.pasteText(lin));
        const core::Deal expected =
            core::readLin(lin.toStdString()).document.games.at(0).deal().value();
        QCOMPARE(editor.board().deal, expected);
        QVERIFY(editor.pasteText(
            QStringLiteral("https://www.bridgebase.com/tools/handviewer.html?lin=") + lin));
        QCOMPARE(editor.board().deal, expected);
    }
    // Save As has its own shortcut on every desktop; Help > Keyboard lists every shortcut the
    // menus have, as it is generated from them.
    void shortcutsAndKeyboardHelp()
    {
        ui::MainWindow window;
        auto *saveAs = window.findChild<QAction *>(QStringLiteral("saveAsAction"));
        QVERIFY(saveAs);
        QCOMPARE(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        const QString help = window.keyboardHelp();
        QList<QAction *> actions;
        for (QAction *a : window.menuBar()->actions())
            if (a->menu())
                collectShortcuts(a->menu(), actions);
        QVERIFY(actions.size() >= 20);
        for (QAction *a : actions)
            for (const QKeySequence &key : a->shortcuts())
                QVERIFY2(key.isEmpty() ||
                             help.contains(key.toString(QKeySequence::NativeText).toHtmlEscaped()),
                         qPrintable(a->text() + QLatin1Char(' ') + key.toString()));
        for (const QKeySequence &key :
             {QKeySequence(Qt::CTRL | Qt::Key_T), QKeySequence(Qt::CTRL | Qt::Key_PageUp),
              QKeySequence(Qt::CTRL | Qt::Key_PageDown), QKeySequence(Qt::CTRL | Qt::Key_O),
              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)})
            QVERIFY2(help.contains(key.toString(QKeySequence::NativeText)),
                     qPrintable(key.toString()));
    }

    // A session as a player has it, with a message handler that collects Qt's warnings: none.
    void noQtWarnings()
    {
        g_warnings.clear();
        const QtMessageHandler previous = qInstallMessageHandler(collectWarnings);
        const auto restore = qScopeGuard([previous] { qInstallMessageHandler(previous); });
        {
            ui::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.openFile(writeClubSession()));
            waitForAnalysis(window);
            ui::BoardSession *session = window.session();
            session->nextTrick();
            session->toEnd();
            session->toStart();
            window.showBoard(3);
            waitForAnalysis(window);
            // Teaching: the student plays cards that cost a trick when there are some, so that
            // every verdict is written once.
            window.setTeachingMode(true);
            for (int turn = 0; turn < 6 && !session->state()->isFinished(); ++turn) {
                QTRY_VERIFY_WITH_TIMEOUT(core::sideOf(session->state()->toMove()) ==
                                                 session->declarerSide() &&
                                             window.tableWidget()->hasAnnotations(),
                                         solveTimeout);
                ui::TableWidget *table = window.tableWidget();
                const int best = table->bestTricks().value();
                std::optional<core::Card> pick;
                for (const core::Card c : session->state()->legalCards().cards())
                    if (table->annotation(c).value_or(best) == best - 1)
                        pick = c;
                QVERIFY(session->play(pick.value_or(*table->bestCard())));
                QVERIFY(!window.lastFeedback().isEmpty());
            }
            window.revealHands();
            window.setTeachingMode(false);
            window.newRandomDeal(7);
            waitForAnalysis(window);
            window.playOutOptimally();
            QTRY_VERIFY_WITH_TIMEOUT(window.session()->state()->isFinished(), solveTimeout);
        }
        QVERIFY2(g_warnings.isEmpty(), qPrintable(g_warnings.join(QLatin1Char('\n'))));
    }

    // At the default size with every dock open: the DD line at least as large as the seat
    // labels; a club session's board list names each table.
    void defaultSizeReadable()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(writeClubSession()));
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            dock->show();
        waitForAnalysis(window);
        QCoreApplication::processEvents();
        const ui::TableWidget *table = window.tableWidget();
        QVERIFY(!table->summaryLines().isEmpty());
        QVERIFY2(table->summaryFont().pixelSize() >= table->seatLabelFont().pixelSize(),
                 qPrintable(QStringLiteral("%1 < %2 at %3x%4")
                                .arg(table->summaryFont().pixelSize())
                                .arg(table->seatLabelFont().pixelSize())
                                .arg(table->width())
                                .arg(table->height())));
        window.grab().save(QStringLiteral("main_window_all_docks.png"));

        ui::MainWindow fresh; // the docks as they open with a file
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QVERIFY(fresh.openFile(writeClubSession()));
        QCoreApplication::processEvents();
        QTableView *list = fresh.boardView();
        QVERIFY(list->isVisible());
        QVERIFY(list->model()->index(1, 1).data().toString().contains(QStringLiteral("Table 2")));
        // At the default size the board list shows at least eight rows, the play-analysis
        // strip included, and no horizontal scrolling hides a column.
        fresh.showBoard(0);
        QCoreApplication::processEvents();
        const int rows = list->viewport()->height() / list->rowHeight(0);
        QVERIFY2(rows >= 8, qPrintable(QStringLiteral("%1 rows").arg(rows)));
        QVERIFY(!list->horizontalScrollBar()->isVisible());
        fresh.grab().save(QStringLiteral("main_window_club.png"));
        // The smallest size the layout is checked at fits the window's minimum.
        fresh.resize(1024, 700);
        QCoreApplication::processEvents();
        QCOMPARE(fresh.size(), QSize(1024, 700));
        fresh.grab().save(QStringLiteral("main_window_club_1024x700.png"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
