// The item models under QAbstractItemModelTester: the DD table (partial, complete, cleared,
// current cell), the trick list (as cards are played, undone and replayed; unplayed cards left
// out while a hand is hidden) and the board list (repeated boards named by room or players); the
// window's notation for contracts and par.

#include "core/model/deal.h"
#include "core/par/par.h"
#include "ui/board_file.h"
#include "ui/board_list_model.h"
#include "ui/board_session.h"
#include "ui/bridge_text.h"
#include "ui/dd_table_model.h"
#include "ui/par_text.h"
#include "ui/trick_list_model.h"

#include <QAbstractItemModelTester>
#include <QRegularExpression>
#include <QTest>
#include <QUndoStack>

using namespace tenace;

namespace {

core::Deal sampleDeal()
{
    return core::parsePbnDeal(
               "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7")
        .value();
}

core::Card card(const char *text)
{
    return core::parseCard(text).value();
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT
private slots:
    void ddTableModel()
    {
        ui::DdTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), 5);
        model.clear(true);
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("\u2026"));
        core::DdTable table;
        table.at(core::Strain::Spades, core::Seat::North) = 11;
        table.at(core::Strain::Spades, core::Seat::East) = 2;
        model.setTable(table, 1u << index(core::Strain::Spades));
        const QModelIndex spadesNorth =
            model.index(ui::DdTableModel::rowOf(core::Seat::North),
                        ui::DdTableModel::columnOf(core::Strain::Spades));
        QCOMPARE(spadesNorth.data().toString(), QStringLiteral("11"));
        QVERIFY(spadesNorth.data(Qt::FontRole).value<QFont>().bold());
        QCOMPARE(model.tricksAt(model.index(0, ui::DdTableModel::columnOf(core::Strain::NoTrump))),
                 -1);
        QVERIFY(!model.isComplete());
        model.setTable(table);
        QVERIFY(model.isComplete());
        model.setCurrent(core::Strain::Spades, core::Seat::North);
        QVERIFY(spadesNorth.data(Qt::BackgroundRole).isValid());
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("\u2660"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toString(), QStringLiteral("E"));
        model.clear(false);
        QCOMPARE(spadesNorth.data().toString(), QStringLiteral("\u2013"));
    }

    void trickListModel()
    {
        ui::BoardSession session;
        ui::TrickListModel model(&session);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        ui::Board board;
        board.deal = sampleDeal();
        board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled, core::Seat::North};
        QVERIFY(session.setBoard(board).ok());
        QCOMPARE(model.rowCount(), 0);
        for (const char *c : {"HJ", "HK", "H2", "H5", "S7"})
            QVERIFY(session.play(card(c)));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.currentRow(), 1);
        using M = ui::TrickListModel;
        QCOMPARE(model.index(0, M::EastColumn).data().toString(), QStringLiteral("\u2665J"));
        QCOMPARE(model.index(0, M::WinnerColumn).data().toString(), QStringLiteral("S"));
        QVERIFY(model.index(0, M::EastColumn).data(Qt::FontRole).value<QFont>().bold()); // lead
        QCOMPARE(model.index(1, M::NumberColumn).data().toInt(), 2);
        QCOMPARE(model.index(1, M::WinnerColumn).data().toString(), QString());
        QCOMPARE(model.index(0, 0).data(M::CardsRole).toInt(), 4);
        // Back to the end of trick 1: trick 2 stays in the list (redo), greyed.
        session.goTo(4);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.currentRow(), 0);
        session.toStart();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.currentRow(), -1);
        session.toEnd();
        QCOMPARE(model.currentRow(), 1);
        QVERIFY(session.play(card("S5")));
        QCOMPARE(model.index(1, M::WestColumn).data().toString(), QStringLiteral("\u26605"));
    }
    void contractNotation()
    {
        const core::Contract doubled {5, core::Strain::Diamonds, core::Doubling::Doubled,
                                      core::Seat::East};
        QCOMPARE(ui::contractText(doubled), QStringLiteral("5\u2666\u00d7 by East"));
        QCOMPARE(ui::contractText(doubled, ui::SeatForm::Letter),
                 QStringLiteral("5\u2666\u00d7 by E"));
        const core::Contract nt {3, core::Strain::NoTrump, core::Doubling::Redoubled,
                                 core::Seat::South};
        QCOMPARE(ui::contractText(nt), QStringLiteral("3NT\u00d7\u00d7 by South"));
    }

    // Par contracts in the window's notation: a partscore making overtricks at the level it
    // makes, a sacrifice doubled with its undertricks; never DDS's "1H+2" or "5D*-EW-2".
    void parNotation()
    {
        core::ParResult overtricks;
        overtricks.score = 140;
        overtricks.contracts.push_back(
            {1, 3, core::Strain::Hearts, core::Side::NorthSouth, core::Seat::North, false, 9});
        QCOMPARE(ui::parContractsText(overtricks), QStringLiteral("3\u2665 by North"));
        core::ParResult sacrifice;
        sacrifice.score = 300;
        sacrifice.contracts.push_back(
            {5, 5, core::Strain::Diamonds, core::Side::EastWest, std::nullopt, true, 9});
        QCOMPARE(ui::parContractsText(sacrifice),
                 QStringLiteral("5\u2666\u00d7 by East or West, down 2"));

        // A whole par panel: symbols only, no letter contracts, no DDS text.
        core::DdTable table; // by strain S H D C NT, declarer N E S W
        table.tricks = {{{10, 3, 10, 3}, {8, 4, 8, 4}, {4, 9, 4, 9}, {6, 7, 6, 7}, {7, 5, 7, 5}}};
        const QString html = ui::parHtml(table, core::Vulnerability::EastWest, core::Seat::North);
        QVERIFY2(html.contains(QStringLiteral("4\u2660 by")), qPrintable(html));
        const QRegularExpression letters(QStringLiteral("\\b[1-7](N|NT|S|H|D|C)(x|\\*|\\+|-|\\b)"));
        QVERIFY2(!letters.match(html).hasMatch(), qPrintable(html));
        QVERIFY2(!html.contains(QStringLiteral("Par contracts:")), qPrintable(html));
    }

    // A club session: the same board at ten tables. The list tells them apart by table (PBN
    // Table or Room) or, without one, by the players.
    void repeatedBoardsNamed()
    {
        std::vector<ui::Board> boards;
        for (int t = 1; t <= 3; ++t) {
            ui::Board b;
            b.deal = sampleDeal();
            b.title = QStringLiteral("Board 1");
            b.room = t < 3 ? QStringLiteral("Table %1").arg(t) : QString();
            b.players = {QStringLiteral("Ann%1").arg(t), QStringLiteral("Bob"),
                         QStringLiteral("Cid"), QStringLiteral("Dan")};
            boards.push_back(b);
        }
        ui::Board other;
        other.deal = sampleDeal();
        other.title = QStringLiteral("Board 2");
        other.room = QStringLiteral("Table 1");
        boards.push_back(other);
        ui::BoardFile file;
        file.reset(boards);
        ui::BoardListModel model(&file);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.refresh();
        auto title = [&](int row) {
            return model.index(row, ui::BoardListModel::Title).data().toString();
        };
        QCOMPARE(title(0), QStringLiteral("Board 1 \u00b7 Table 1"));
        QCOMPARE(title(1), QStringLiteral("Board 1 \u00b7 Table 2"));
        QCOMPARE(title(2), QStringLiteral("Board 1 \u00b7 Ann3\u2013Cid v Bob\u2013Dan"));
        QCOMPARE(title(3), QStringLiteral("Board 2")); // not repeated: the title alone
        const QString tip =
            model.index(0, ui::BoardListModel::Title).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Ann1")), qPrintable(tip));
        QCOMPARE(model.index(0, ui::BoardListModel::Contract).data().toString(),
                 ui::contractText(boards[0].contract, ui::SeatForm::Letter));
    }

    // While a hand is hidden the trick list shows the cards played, not the rest of the line.
    void trickListHidesUnplayed()
    {
        ui::BoardSession session;
        ui::Board board;
        board.deal = sampleDeal();
        board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled, core::Seat::North};
        QVERIFY(session.setBoard(board).ok());
        ui::TrickListModel model(&session);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (const char *c : {"HJ", "H3", "H2", "HA", "S2"})
            QVERIFY(session.play(card(c)));
        session.goTo(1); // four cards only in the redo line
        QCOMPARE(model.rowCount(), 2);
        model.setUnplayedShown(false);
        QCOMPARE(model.rowCount(), 1);
        for (int c = ui::TrickListModel::NorthColumn; c <= ui::TrickListModel::WestColumn; ++c) {
            const QString text = model.index(0, c).data().toString();
            QVERIFY2(text.isEmpty() || text == ui::cardText(card("HJ")), qPrintable(text));
        }
        model.setUnplayedShown(true);
        QCOMPARE(model.rowCount(), 2);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
