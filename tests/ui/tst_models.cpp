// The item models under QAbstractItemModelTester: the DD table (partial, complete, cleared,
// current cell) and the trick list (as cards are played, undone and replayed).

#include "core/deal.h"
#include "ui/board_session.h"
#include "ui/dd_table_model.h"
#include "ui/trick_list_model.h"

#include <QAbstractItemModelTester>
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
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
