// The main window starts, shows and closes cleanly, loads a PBN and analyses as cards are played.

#include "core/card.h"
#include "ui/dd_table_widget.h"
#include "ui/main_window.h"
#include "ui/solver_controller.h"
#include "ui/table_widget.h"

#include <QSignalSpy>
#include <QTest>

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void startsAndCloses()
    {
        tenace::ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!window.windowTitle().isEmpty());
        QVERIFY(window.close());
    }

    void opensAndAnalyses()
    {
        using namespace tenace;
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(
            QStringLiteral(TENACE_TEST_DATA "/../../resources/samples/sample.pbn")));
        ui::TableWidget *table = window.tableWidget();
        QVERIFY(table->hasDeal());
        QTRY_VERIFY_WITH_TIMEOUT(table->hasAnnotations(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(window.ddTableWidget()->table().has_value(), 30000);
        QCOMPARE((*window.ddTableWidget()->table())(core::Strain::Spades, core::Seat::North), 11);

        // Clicking a DD cell changes the contract and restarts play with declarer's LHO on lead.
        const int row = ui::DdTableWidget::rowOf(core::Seat::West);
        const int column = ui::DdTableWidget::columnOf(core::Strain::Diamonds);
        emit window.ddTableWidget()->cellClicked(row, column);
        QCOMPARE(table->declarer(), core::Seat::West);
        QCOMPARE(table->strain(), core::Strain::Diamonds);
        QCOMPARE(table->state()->toMove(), core::Seat::North);
        QVERIFY(!table->hasAnnotations());
        QTRY_VERIFY_WITH_TIMEOUT(table->hasAnnotations(), 20000);

        QVERIFY(table->playCard(core::parseCard("SA").value()));
        QVERIFY(table->playCard(core::parseCard("S3").value()));
        QVERIFY(!table->hasAnnotations());
        QTRY_VERIFY_WITH_TIMEOUT(table->hasAnnotations(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!window.solver()->isBusy(), 20000);
        window.grab().save(QStringLiteral("main_window_midtrick.png"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
