// What a player reads around the numbers (offscreen): the auction grid from PBN and from LIN
// with alerts and their explanations, All Pass, the dealer and vulnerability marks; a contract
// chosen by hand greys the recorded bidding; the notes panel shows the board header and the
// commentary of a lesson file; a board without a recorded contract shows none, analyses the
// par contract and never writes it to the file.

#include "ui/auction_panel.h"
#include "ui/board_file.h"
#include "ui/board_list_model.h"
#include "ui/board_loader.h"
#include "ui/main_window.h"
#include "ui/notes_panel.h"

#include "core/formats/pbn_game.h"
#include "core/formats/pbn_writer.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace tenace;
using tenace::core::Seat;
using tenace::ui::AuctionCell;
using tenace::ui::AuctionGrid;
using tenace::ui::ContractOrigin;

namespace {

QString dataPath(const QString &name)
{
    return QStringLiteral(TENACE_TEST_DATA "/") + name;
}

ui::BoardFile openFile(const QString &name)
{
    ui::BoardFile file;
    const auto status = file.open(dataPath(name));
    if (!status)
        qWarning() << QString::fromStdString(status.error().message);
    return file;
}

// The grid as text, one row per line, cells separated by '|', notes as "^n".
QString gridText(const AuctionGrid &grid)
{
    QStringList rows;
    for (const auto &row : grid.rows) {
        QStringList cells;
        for (const auto &cell : row)
            cells << (cell ? cell->text +
                              (cell->note ? QStringLiteral("^%1").arg(*cell->note) : QString())
                           : QString());
        rows << cells.join(QLatin1Char('|'));
    }
    return rows.join(QLatin1Char('\n'));
}

bool waitIdle(ui::MainWindow &window)
{
    if (window.isAnalysisComplete() && !window.solver()->isBusy())
        return true;
    QSignalSpy idle(&window, &ui::MainWindow::analysisIdle);
    return idle.wait(30000);
}

} // namespace

class TestAuction : public QObject
{
    Q_OBJECT
private slots:
    void gridFromPbn();
    void gridFromLinWithAlerts();
    void gridFoldsOnlyPlainPasses();
    void panelMarksDealerVulnerabilityAndAlerts();
    void contractSetByHandGreysTheAuction();
    void noInventedContract();
    void passedOutBoard();
    void auctionGivesTheContract();
    void notesShowLessonCommentary();
    void notesDecodeLatin1();
    void boardWithoutAuctionSaysSo();
};

void TestAuction::gridFromPbn()
{
    const ui::BoardFile file = openFile(QStringLiteral("reading/lesson.pbn"));
    QCOMPARE(file.count(), 4);
    const ui::Board &b = file.board(0);
    QVERIFY(b.auction);
    const AuctionGrid grid = ui::auctionGrid(*b.auction, b.auctionNotes);
    // Dealer North: West's column is empty in the first row.
    QCOMPARE(gridText(grid), QStringLiteral("|Pass|Pass|1NT^1\nPass|3NT|All Pass|"));
    QCOMPARE(grid.notes.size(), std::size_t {1});
    QCOMPARE(grid.notes[0].index, 1);
    QCOMPARE(QString::fromStdString(grid.notes[0].text), QStringLiteral("15-17 balanced"));
    QCOMPARE(grid.rows[0][3]->explanation, QStringLiteral("15-17 balanced"));
    QCOMPARE(grid.rows[0][3]->seat, Seat::South);
    // The contract comes from the auction: the file's Contract tag says "?".
    QCOMPARE(b.contractOrigin, ContractOrigin::Recorded);
    QCOMPARE(b.contract,
             (core::Contract {3, core::Strain::NoTrump, core::Doubling::Undoubled, Seat::South}));
}

void TestAuction::gridFromLinWithAlerts()
{
    const ui::BoardFile file = openFile(QStringLiteral("fixtures/lin/endplay-example1.lin"));
    QVERIFY(file.count() >= 3);
    const ui::Board &b = file.board(0);
    QVERIFY(b.auction);
    const AuctionGrid grid = ui::auctionGrid(*b.auction, b.auctionNotes);
    QCOMPARE(gridText(grid),
             QStringLiteral("|Pass|Pass|1\u2665^1\n2\u2665^2|Pass|4\u2660^3|5\u2665^4\nAll "
                            "Pass|||"));
    QCOMPARE(grid.notes.size(), std::size_t {4});
    // LIN's an| explanations, BBO suit escapes shown as symbols.
    QCOMPARE(grid.rows[1][0]->explanation,
             QStringLiteral("Michaels -- 5+ \u2660; 9+ total points; forcing"));
    QCOMPARE(grid.rows[1][0]->seat, Seat::West);
    QCOMPARE(b.contract.declarer, Seat::South);
    QCOMPARE(b.contractOrigin, ContractOrigin::Recorded);
}

void TestAuction::gridFoldsOnlyPlainPasses()
{
    core::PbnAuction auction;
    auction.first = Seat::West;
    auction.calls = {core::PbnCall::bid(1, core::Strain::Clubs), core::PbnCall {}, core::PbnCall {},
                     core::PbnCall {}};
    QCOMPARE(gridText(ui::auctionGrid(auction, {})), QStringLiteral("1\u2663|All Pass||"));
    // A pass with a note is shown, not folded.
    auction.calls[3].annotations.note = 1;
    QCOMPARE(gridText(ui::auctionGrid(auction, {{1, "forcing pass"}})),
             QStringLiteral("1\u2663|Pass|Pass|Pass^1"));
    // An unfinished auction keeps its passes.
    auction.calls.pop_back();
    auction.calls[2].annotations.note.reset();
    QCOMPARE(gridText(ui::auctionGrid(auction, {})), QStringLiteral("1\u2663|Pass|Pass|"));
    // Four passes: passed out.
    auction.calls = {core::PbnCall {}, core::PbnCall {}, core::PbnCall {}, core::PbnCall {}};
    QCOMPARE(gridText(ui::auctionGrid(auction, {})), QStringLiteral("All Pass|||"));
}

void TestAuction::panelMarksDealerVulnerabilityAndAlerts()
{
    const ui::BoardFile file = openFile(QStringLiteral("reading/lesson.pbn"));
    ui::AuctionPanel panel;
    panel.resize(330, 300);
    panel.setBoard(file.board(2)); // dealer South, EW vulnerable, a takeout double alerted
    const QList<QLabel *> labels = panel.findChildren<QLabel *>();
    auto header = [&labels](const QString &start) -> QLabel * {
        for (QLabel *l : labels)
            if (l->text().startsWith(start))
                return l;
        return nullptr;
    };
    QVERIFY(header(QStringLiteral("South (D)")));
    QVERIFY(!header(QStringLiteral("North (D)")));
    QVERIFY(header(QStringLiteral("East"))->toolTip().contains(QStringLiteral("vulnerable")));
    QVERIFY(!header(QStringLiteral("East"))->toolTip().contains(QStringLiteral("not")));
    QVERIFY(header(QStringLiteral("North"))->toolTip().contains(QStringLiteral("not vulnerable")));
    // The double (West, third row) is alerted: its explanation on hover, listed below.
    QLabel *dbl = panel.cellLabel(2, 0);
    QVERIFY(dbl);
    QVERIFY(dbl->text().startsWith(QStringLiteral("Dbl")));
    QCOMPARE(dbl->toolTip(), QStringLiteral("takeout"));
    QVERIFY(panel.notesText().contains(QStringLiteral("takeout")));
    QCOMPARE(panel.summary(), QStringLiteral("4\u2665 by South"));
}

void TestAuction::contractSetByHandGreysTheAuction()
{
    ui::MainWindow window;
    QVERIFY(window.openFile(dataPath(QStringLiteral("fixtures/lin/endplay-example1.lin"))));
    ui::AuctionPanel *panel = window.auctionPanel();
    QVERIFY(panel->cellLabel(0, 3)->isEnabled());
    QCOMPARE(panel->summary(), QStringLiteral("5\u2665 by South"));
    core::Contract contract {3, core::Strain::NoTrump, core::Doubling::Undoubled, Seat::North};
    window.session()->setContract(contract);
    QVERIFY(!panel->cellLabel(0, 3)->isEnabled());
    QCOMPARE(panel->summary(), QStringLiteral("Contract set by hand: 3NT by North"));
    // The board list and the saved file carry the contract chosen by hand.
    QCOMPARE(window.boardFile().board(0).contractOrigin, ContractOrigin::ByHand);
    QCOMPARE(window.boardFile().board(0).contract, contract);
}

void TestAuction::noInventedContract()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lesson.pbn"));
    QVERIFY(QFile::copy(dataPath(QStringLiteral("reading/lesson.pbn")), path));
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    ui::MainWindow window;
    QVERIFY(window.openFile(path));
    window.showBoard(3); // Contract "?", no auction
    const QModelIndex contractCell =
        window.boardListModel()->index(3, ui::BoardListModel::Contract);
    QCOMPARE(contractCell.data().toString(), QStringLiteral("\u2014"));
    QCOMPARE(contractCell.data(Qt::ToolTipRole).toString(), QStringLiteral("No contract recorded"));
    QVERIFY(window.auctionPanel()->summary().startsWith(QStringLiteral("No contract recorded")));
    QVERIFY(waitIdle(window));
    // The analysis plays the par contract (3NT, 9 tricks for either North or South) as a
    // stand-in: not recorded, not an edit, no score against a recorded result.
    const ui::Board &shown = window.session()->board();
    QCOMPARE(shown.contractOrigin, ContractOrigin::None);
    QCOMPARE(shown.contract.strain, core::Strain::NoTrump);
    QCOMPARE(shown.contract.level, 3);
    QVERIFY(!window.boardFile().isModified());
    QVERIFY(!shown.result);
    // The copy of the board for the clipboard and a save of an edited board write no contract.
    QVERIFY(window.boardAsPbn().contains(QStringLiteral("[Contract \"?\"]")));
    QVERIFY(!window.boardAsPbn().contains(QStringLiteral("[Contract \"3NT\"]")));
    ui::Board edited = shown;
    edited.vulnerability = core::Vulnerability::Both;
    ui::BoardFile file = openFile(QStringLiteral("reading/lesson.pbn"));
    file.setBoard(3, edited);
    const std::string bytes = file.pbnBytes();
    QVERIFY(bytes.find("[Vulnerable \"All\"]") != std::string::npos);
    QCOMPARE(QByteArray::fromStdString(bytes).count("[Contract \"3NT\"]"), 0);
    QVERIFY(bytes.find("[Contract \"?\"]") != std::string::npos);
    // Saving the unchanged file writes its bytes back.
    QVERIFY(window.save());
    QFile in(path), original(dataPath(QStringLiteral("reading/lesson.pbn")));
    QVERIFY(in.open(QIODevice::ReadOnly) && original.open(QIODevice::ReadOnly));
    QCOMPARE(in.readAll(), original.readAll());
}

void TestAuction::passedOutBoard()
{
    const ui::BoardFile file = openFile(QStringLiteral("reading/lesson.pbn"));
    const ui::Board &b = file.board(1);
    QVERIFY(b.passedOut);
    QCOMPARE(b.contractOrigin, ContractOrigin::None);
    ui::BoardListModel model(&file);
    QCOMPARE(model.index(1, ui::BoardListModel::Contract).data().toString(),
             QStringLiteral("Pass"));
    ui::AuctionPanel panel;
    panel.setBoard(b);
    QVERIFY(panel.summary().startsWith(QStringLiteral("Passed out")));
    QCOMPARE(gridText(panel.grid()), QStringLiteral("||All Pass|")); // dealer East
    const core::PbnGame game = ui::pbnGameFromBoard(b, {});
    QCOMPARE(game.tagValue("Contract").value_or("x"), std::string("Pass"));
}

void TestAuction::auctionGivesTheContract()
{
    // Contract "?" but a finished auction: 1♥ by South, raised to 4♥ after a redouble.
    const ui::BoardFile file = openFile(QStringLiteral("reading/lesson.pbn"));
    const ui::Board &b = file.board(2);
    QCOMPARE(b.contractOrigin, ContractOrigin::Recorded);
    const core::Contract expected {4, core::Strain::Hearts, core::Doubling::Undoubled, Seat::South};
    QCOMPARE(b.contract, expected);
}

void TestAuction::notesShowLessonCommentary()
{
    ui::MainWindow window;
    QVERIFY(window.openFile(dataPath(QStringLiteral("reading/lesson.pbn"))));
    const QString text = window.notesPanel()->plainText();
    QVERIFY(text.contains(QStringLiteral("Tuesday lesson: finesses")));
    QVERIFY(text.contains(QStringLiteral("Club room 2")));
    QVERIFY(text.contains(QStringLiteral("M. Teacher")));
    QVERIFY(text.contains(QStringLiteral("Student")));
    QVERIFY(text.contains(QStringLiteral("West leads the \u26603. Plan the play")));
    QVERIFY(text.contains(QStringLiteral("four top tricks in the minors and the \u2660A.")));
    // Paragraphs of one comment stay paragraphs; the order is the file's.
    QVERIFY(text.indexOf(QStringLiteral("How many tricks")) <
            text.indexOf(QStringLiteral("Count")));
    // The second board inherits the event ("#") and has its own commentary.
    window.showBoard(1);
    const QString second = window.notesPanel()->plainText();
    QVERIFY(second.contains(QStringLiteral("Tuesday lesson: finesses")));
    QVERIFY(second.contains(QStringLiteral("Nobody opened")));
    QVERIFY(!second.contains(QStringLiteral("Plan the play")));
}

void TestAuction::notesDecodeLatin1()
{
    const ui::BoardFile file = openFile(QStringLiteral("reading/latin1.pbn"));
    QCOMPARE(file.count(), 1);
    const QString html = ui::notesHtml(file.board(0));
    ui::NotesPanel panel;
    panel.setBoard(file.board(0));
    QVERIFY(panel.plainText().contains(QStringLiteral("\u00dcbungsabend")));
    QVERIFY(panel.plainText().contains(QStringLiteral("Sch\u00f6n gespielt: der \u2660K sitzt.")));
    QVERIFY(html.contains(QStringLiteral("\u00dcbungsabend")));
}

void TestAuction::boardWithoutAuctionSaysSo()
{
    const ui::BoardFile file = openFile(QStringLiteral("reading/latin1.pbn"));
    ui::AuctionPanel panel;
    panel.setBoard(file.board(0));
    panel.show();
    QVERIFY(panel.findChild<QLabel *>(QStringLiteral("auctionEmpty"))->isVisible());
    QVERIFY(panel.grid().rows.empty());
    QCOMPARE(panel.summary(), QStringLiteral("3NT by South"));
    ui::NotesPanel notes;
    ui::Board plain = file.board(0);
    plain.commentary.clear();
    notes.setBoard(plain);
    QVERIFY(!notes.hasCommentary());
    QVERIFY(notes.plainText().contains(QStringLiteral("No commentary")));
}

QTEST_MAIN(TestAuction)
#include "tst_auction.moc"
