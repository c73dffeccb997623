// Single dummy in the window, beyond the values (offscreen): the constraints editor (checked as
// typed, bad text never applied, presets, filled from the auction), the constraints reaching the
// single-dummy request (the values change, an impossible one is named), kept per board; the
// unseen hands greyed; the opening-lead table opening by itself at trick one only.

#include "ui/board_file.h"
#include "ui/board_session.h"
#include "ui/constraints_panel.h"
#include "ui/lead_table_model.h"
#include "ui/main_window.h"
#include "ui/play_analysis_panel.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tenace;

namespace {

constexpr int solveTimeout = 600000; // generous: CI machines are shared

unsigned bit(core::Seat seat)
{
    return 1u << core::index(seat);
}

// Board 1: North opens a 15-17 1NT and plays 3NT; East leads. Board 2: 4♠ by North, no auction.
const char *twoBoards = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
                        "[Deal \"N:AQ4.KJ52.A93.K87 KJ952.Q7.864.J52 T6.A843.KQ7.AQ63 "
                        "873.T96.JT52.T94\"]\n[Declarer \"N\"]\n[Contract \"3NT\"]\n"
                        "[Auction \"N\"]\n1NT Pass 3NT AP\n\n"
                        "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n"
                        "[Deal \"N:KJ952.Q7.864.J52 T6.A843.KQ7.AQ63 873.T96.JT52.T94 "
                        "AQ4.KJ52.A93.K87\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n\n";

QString writeBoards(const QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("boards.pbn"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(twoBoards);
    return path;
}

// Types `text` into `edit` as the user would, then presses Enter.
void typeConstraint(QLineEdit *edit, const QString &text)
{
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
}

std::vector<double> tricksOf(const core::SingleDummyResult &result)
{
    std::vector<double> tricks(64, -1);
    for (const core::CardValue &v : result.cards)
        tricks[static_cast<std::size_t>(v.card.bit())] = v.tricks;
    return tricks;
}

} // namespace

class TestSdConstraints : public QObject
{
    Q_OBJECT
private slots:
    void editorRejectsBadText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "hcp=15-17,X=3"
                                     << "East: constraint 'X=3': unknown key 'X'";
        QTest::newRow("empty range") << "hcp=17-15"
                                     << "East: constraint 'hcp=17-15': the range";
        QTest::newRow("bad card") << "has=ZK"
                                  << "East: constraint 'has=ZK': expected cards";
        QTest::newRow("no range") << "S"
                                  << "East: constraint 'S': expected KEY=MIN-MAX";
    }
    void editorRejectsBadText()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        ui::ConstraintsPanel panel;
        panel.show();
        QSignalSpy edited(&panel, &ui::ConstraintsPanel::constraintsEdited);
        panel.setConstraints({{QString(), QStringLiteral("hcp=12-14"), QString(), QString()}});
        QLineEdit *east = panel.editor(core::Seat::East);
        typeConstraint(east, text);
        QTest::qWait(800); // past the pause that applies good text
        QVERIFY2(panel.errorText(core::Seat::East).startsWith(message),
                 qPrintable(panel.errorText(core::Seat::East)));
        QCOMPARE(edited.count(), 0);
        QCOMPARE(panel.constraints()[1], QStringLiteral("hcp=12-14")); // the last good one
        // Fixed, it is applied and the message goes.
        typeConstraint(east, QStringLiteral("hcp=15-17,balanced"));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.errorText(core::Seat::East), QString());
        QCOMPARE(panel.constraints()[1], QStringLiteral("hcp=15-17,balanced"));
    }

    void presetsFillTheText()
    {
        ui::ConstraintsPanel panel;
        QSignalSpy edited(&panel, &ui::ConstraintsPanel::constraintsEdited);
        QComboBox *box = panel.presetBox(core::Seat::South);
        QCOMPARE(box->count(), int(core::constraintPresets().size()) + 2); // any, 16, custom
        const int weakTwo = box->findText(QStringLiteral("Weak two in hearts"));
        QVERIFY(weakTwo > 0);
        emit box->activated(weakTwo);
        QCOMPARE(panel.editor(core::Seat::South)->text(), QStringLiteral("hcp=5-10,H=6-6,S=0-3"));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(panel.constraints()[2], QStringLiteral("hcp=5-10,H=6-6,S=0-3"));
        // An edited preset is custom.
        typeConstraint(panel.editor(core::Seat::South), QStringLiteral("hcp=6-10,H=6-6"));
        QCOMPARE(box->currentIndex(), box->count() - 1);
    }

    void filledFromTheAuction()
    {
        QTemporaryDir dir;
        ui::BoardFile file;
        QVERIFY(file.open(writeBoards(dir)).ok());
        QCOMPARE(file.count(), 2);
        const auto first = ui::constraintsFromAuction(file.board(0));
        QCOMPARE(first[0], QStringLiteral("hcp=15-17,balanced")); // North's 1NT
        QCOMPARE(first[1], QString()); // East passed over it: nothing reliable
        const auto second = ui::constraintsFromAuction(file.board(1));
        QVERIFY(std::all_of(second.begin(), second.end(),
                            [](const QString &t) { return t.isEmpty(); }));
        // Passes before a weak two, and a takeout double of 1♥.
        ui::Board board = file.board(0);
        core::PbnAuction auction;
        auction.first = core::Seat::North;
        core::PbnCall pass;
        core::PbnCall dbl;
        dbl.kind = core::PbnCallKind::Double;
        auction.calls = {pass, core::PbnCall::bid(1, core::Strain::Hearts), dbl};
        board.auction = auction;
        const auto third = ui::constraintsFromAuction(board);
        QCOMPARE(third[0], QStringLiteral("hcp=0-11"));
        QCOMPARE(third[1], QStringLiteral("hcp=11-21,H=5-13,S=0-5"));
        QCOMPARE(third[2], QStringLiteral("hcp=12-21,H=0-2,S=3-5,D=3-5,C=3-5"));
        // Alerted calls: a 1NT explained as 12-14, then an artificial 2♦ over it.
        core::PbnCall notrump = core::PbnCall::bid(1, core::Strain::NoTrump);
        notrump.annotations.note = 1;
        core::PbnCall multi = core::PbnCall::bid(2, core::Strain::Diamonds);
        multi.annotations.note = 2;
        auction.first = core::Seat::East;
        auction.calls = {notrump, multi};
        board.auction = auction;
        board.auctionNotes = {{1, "12 - 14 HCP"}, {2, "one major"}};
        const auto fourth = ui::constraintsFromAuction(board);
        QCOMPARE(fourth[1], QStringLiteral("hcp=12-14,balanced"));
        QCOMPARE(fourth[2], QString());
        // Opening 2♦: a weak two, unless alerted.
        auction.first = core::Seat::South;
        auction.calls = {multi};
        board.auction = auction;
        QCOMPARE(ui::constraintsFromAuction(board)[2], QString());
        auction.calls[0].annotations.note.reset();
        board.auction = auction;
        QCOMPARE(ui::constraintsFromAuction(board)[2],
                 QStringLiteral("hcp=5-10,D=6-6,S=0-3,H=0-3"));
    }

    void constraintsReachTheRequest()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.resize(1240, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.constraintsDock()->show();
        window.setSingleDummyMode(true);
        QSignalSpy progress(window.solver(), &ui::SolverController::singleDummyProgress);
        QVERIFY(window.openFile(writeBoards(dir)));
        ui::ConstraintsPanel *panel = window.constraintsPanel();
        // Filled from the auction: North's 1NT. East leads, North is unseen.
        QCOMPARE(window.session()->board().constraints.value()[0],
                 QStringLiteral("hcp=15-17,balanced"));
        QCOMPARE(panel->editor(core::Seat::North)->text(), QStringLiteral("hcp=15-17,balanced"));
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty(), solveTimeout);
        const quint64 constrained = window.singleDummyGeneration();
        const auto first = progress.at(0).at(1).value<core::SingleDummyResult>();
        QCOMPARE(progress.at(0).at(0).toULongLong(), constrained);
        QCOMPARE(first.viewer, core::Seat::East);

        // No constraint on North: the same seed deals other layouts, the values change.
        progress.clear();
        typeConstraint(panel->editor(core::Seat::North), QString());
        QVERIFY(window.singleDummyGeneration() != constrained);
        QVERIFY(!window.session()->board().constraints.value()[0].size());
        const quint64 free = window.singleDummyGeneration();
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(progress.begin(), progress.end(),
                        [&](const QList<QVariant> &args) { return args.at(0) == free; }),
            solveTimeout);
        core::SingleDummyResult second;
        for (const QList<QVariant> &args : progress)
            if (args.at(0) == free) {
                second = args.at(1).value<core::SingleDummyResult>();
                break;
            }
        QCOMPARE(second.layouts, first.layouts);
        QVERIFY(tricksOf(second) != tricksOf(first));

        // East holds ♠K: West cannot. The message names the seat and its constraint.
        typeConstraint(panel->editor(core::Seat::West), QStringLiteral("has=SK"));
        QVERIFY(!window.tableWidget()->hasSingleDummyValues()); // not for these constraints
        QTRY_VERIFY_WITH_TIMEOUT(!panel->problem().isEmpty(), solveTimeout);
        QVERIFY(!window.tableWidget()->hasSingleDummyValues());
        QVERIFY2(panel->problem().contains(QLatin1String("West")), qPrintable(panel->problem()));
        QVERIFY(panel->problem().contains(QStringLiteral("has \u2660K")));
        auto *leadStatus = window.findChild<QLabel *>(QStringLiteral("leadStatus"));
        QVERIFY(leadStatus->text().contains(QLatin1String("West")));
        // Taken back, the values come again and the message goes.
        typeConstraint(panel->editor(core::Seat::West), QString());
        QVERIFY(panel->problem().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(window.tableWidget()->hasSingleDummyValues(), solveTimeout);
        // A text being typed that does not read yet: shown in red, the values stay.
        QTest::keyClicks(panel->editor(core::Seat::West), QStringLiteral("hcp=6-,S=5+"));
        QVERIFY(!panel->errorText(core::Seat::West).isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(window.leadModel()->result().layouts >= 100, solveTimeout);
        window.grab().save(QStringLiteral("sd-constraints.png"));
        window.setSingleDummyMode(false);
    }

    void keptPerBoard()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.setSingleDummyMode(false);
        QVERIFY(window.openFile(writeBoards(dir)));
        ui::ConstraintsPanel *panel = window.constraintsPanel();
        // A row still being typed keeps its text when another row is applied.
        typeConstraint(panel->editor(core::Seat::West), QStringLiteral("hcp=8-,S=5+"));
        typeConstraint(panel->editor(core::Seat::South), QStringLiteral("hcp=8-10,S=0-2"));
        QCOMPARE(panel->editor(core::Seat::West)->text(), QStringLiteral("hcp=8-,S=5+"));
        QVERIFY(!panel->errorText(core::Seat::West).isEmpty());
        QCOMPARE(window.session()->board().constraints.value()[3], QString());
        typeConstraint(panel->editor(core::Seat::West), QString());
        QCOMPARE(window.session()->board().constraints.value()[2],
                 QStringLiteral("hcp=8-10,S=0-2"));
        window.showBoard(1);
        QCOMPARE(panel->editor(core::Seat::South)->text(), QString());
        QCOMPARE(panel->editor(core::Seat::North)->text(), QString());
        typeConstraint(panel->editor(core::Seat::East), QStringLiteral("hcp=11-"));
        window.showBoard(0);
        QCOMPARE(panel->editor(core::Seat::South)->text(), QStringLiteral("hcp=8-10,S=0-2"));
        QCOMPARE(panel->editor(core::Seat::North)->text(), QStringLiteral("hcp=15-17,balanced"));
        QCOMPARE(panel->editor(core::Seat::East)->text(), QString());
        window.showBoard(1);
        QCOMPARE(panel->editor(core::Seat::East)->text(), QStringLiteral("hcp=11-"));
        // Memory only: the file is not modified, and saves to the same bytes.
        QVERIFY(!window.boardFile().isModified());
        QFile original(window.boardFile().path());
        QVERIFY(original.open(QIODevice::ReadOnly));
        QCOMPARE(window.boardFile().pbnBytes(), original.readAll().toStdString());
        // A save reads the file back: the constraints stay with their boards.
        QVERIFY(window.saveTo(window.boardFile().path()));
        QCOMPARE(window.boardFile().board(0).constraints.value()[2],
                 QStringLiteral("hcp=8-10,S=0-2"));
        window.showBoard(0);
        QCOMPARE(panel->editor(core::Seat::South)->text(), QStringLiteral("hcp=8-10,S=0-2"));
    }

    void reviewUsesConstraints()
    {
        ui::MainWindow window;
        window.setSingleDummyMode(false);
        ui::PlayAnalysisPanel *panel = window.playAnalysisPanel();
        QSignalSpy reviewed(panel, &ui::PlayAnalysisPanel::reviewFinished);
        QVERIFY(
            window.openFile(QStringLiteral(TENACE_TEST_DATA "/fixtures/lin/endplay-example1.lin")));
        int index = -1;
        for (int i = 0; i < window.boardFile().count(); ++i)
            if (window.boardFile().board(i).title == QLatin1String("Board 8"))
                index = i;
        QVERIFY(index >= 0);
        window.showBoard(index);
        QTRY_VERIFY_WITH_TIMEOUT(reviewed.count() >= 1 && !panel->isReviewing(), solveTimeout);
        QVERIFY(!panel->strip()->reviews().empty());
        // West cannot hold every point: no card can be judged from a view that does not see West.
        reviewed.clear();
        typeConstraint(window.constraintsPanel()->editor(core::Seat::West),
                       QStringLiteral("hcp=37"));
        QVERIFY(panel->isReviewing());
        QVERIFY(panel->strip()->reviews().empty());
        QTRY_VERIFY_WITH_TIMEOUT(reviewed.count() >= 1 && !panel->isReviewing(), solveTimeout);
        QVERIFY2(panel->summary().contains(QLatin1String("West")), qPrintable(panel->summary()));
        QVERIFY(panel->strip()->reviews().empty());
        reviewed.clear();
        typeConstraint(window.constraintsPanel()->editor(core::Seat::West), QString());
        QTRY_VERIFY_WITH_TIMEOUT(reviewed.count() >= 1 && !panel->isReviewing(), solveTimeout);
        QVERIFY(!panel->strip()->reviews().empty());
    }

    void unseenHandsGreyed()
    {
        ui::MainWindow window;
        window.resize(1240, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *grey = window.findChild<QAction *>(QStringLiteral("greyUnseenAction"));
        QVERIFY(grey);
        grey->setChecked(true);
        window.setSingleDummyMode(false);
        QTemporaryDir dir;
        QVERIFY(window.openFile(writeBoards(dir)));
        ui::TableWidget *table = window.tableWidget();
        QCOMPARE(table->greyedSeats(), 0u); // not in double dummy
        window.setSingleDummyMode(true);
        const core::Seat leader = window.session()->openingLeader();
        QCOMPARE(table->unseenSeats(), 0xfu & ~bit(leader));
        QCOMPARE(table->greyedSeats(), 0xfu & ~bit(leader));
        const QImage greyed = table->grab().toImage();
        grey->setChecked(false);
        QCOMPARE(table->greyedSeats(), 0u);
        QVERIFY(table->grab().toImage() != greyed);
        grey->setChecked(true);
        // After the lead, dummy is seen; declarer's view when dummy is to play.
        QVERIFY(window.session()->play(window.session()->state()->legalCards().cards().front()));
        const core::Seat declarer = window.session()->contract().declarer;
        QCOMPARE(table->greyedSeats(), bit(core::next(declarer, 1)) | bit(core::next(declarer, 3)));
        // Teaching hides the defenders face down and shows nothing single dummy.
        window.setTeachingMode(true);
        QCOMPARE(table->greyedSeats(), 0u);
        QCOMPARE(table->hiddenSeats(), bit(core::next(declarer, 1)) | bit(core::next(declarer, 3)));
        window.setTeachingMode(false);
        window.setSingleDummyMode(false);
    }

    void leadDockOpensAtTrickOne()
    {
        QTemporaryDir dir;
        ui::MainWindow window;
        window.resize(1240, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSingleDummyMode(false);
        QVERIFY(window.openFile(writeBoards(dir)));
        QDockWidget *dock = window.leadDock();
        QVERIFY(!dock->isVisible());
        // At trick two, single dummy does not open it.
        ui::BoardSession *session = window.session();
        QVERIFY(session->play(session->state()->legalCards().cards().front()));
        window.setSingleDummyMode(true);
        QVERIFY(!dock->isVisible());
        auto *leadStatus = window.findChild<QLabel *>(QStringLiteral("leadStatus"));
        QCOMPARE(leadStatus->text(), QStringLiteral("Opening leads are valued at trick one."));
        // Back at the lead it opens, without taking the focus.
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.tableWidget()->setFocus();
        QVERIFY(window.tableWidget()->hasFocus());
        QWidget *focus = QApplication::focusWidget();
        session->goTo(0);
        QVERIFY(dock->isVisible());
        QCOMPARE(QApplication::focusWidget(), focus);
        // The lead played before its values came: the dock does not claim to be valuing it.
        QVERIFY(leadStatus->text().startsWith(QLatin1String("Valuing East")));
        session->goTo(1);
        QCOMPARE(leadStatus->text(), QStringLiteral("Opening leads are valued at trick one."));
        session->goTo(0);
        // Closed by the user, it stays closed on this board...
        dock->close();
        session->goTo(1);
        session->goTo(0);
        QVERIFY(!dock->isVisible());
        window.setSingleDummyMode(false);
        window.setSingleDummyMode(true);
        QVERIFY(!dock->isVisible());
        // ... and opens again on the next one.
        window.showBoard(1);
        QVERIFY(dock->isVisible());
        dock->close();
        // Not in teaching mode.
        window.setTeachingMode(true);
        window.showBoard(0);
        QVERIFY(!dock->isVisible());
        window.setTeachingMode(false);
        window.setSingleDummyMode(false);
    }
};

QTEST_MAIN(TestSdConstraints)
#include "tst_sd_constraints.moc"
