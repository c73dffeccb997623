// The hand evaluation panel and the simulation dialog (offscreen): the panel's counts for a known
// deal, its predictions next to the DD table's tricks; the dialog's results equal a direct
// core::runSimulation of the same spec (so the same seed reproduces them), cancel, impossible
// constraints reported, and the PBN it saves read back.

#include "core/analysis/hand_eval.h"
#include "core/analysis/simulation.h"
#include "core/formats/pbn_reader.h"
#include "core/solver/solver.h"
#include "ui/evaluation_panel.h"
#include "ui/main_window.h"
#include "ui/simulation_dialog.h"
#include "ui/solver_controller.h"

#include <QChartView>
#include <QFile>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace tenace;

namespace {

constexpr int solveTimeout = 300000; // generous: CI machines are shared

// A fixed, complete deal; North and South as in tst_hand_eval.
core::Deal testDeal()
{
    return core::parsePbnDeal(
               "N:AKQ2.KJ5.T98.A43 6543.T98.A65.JT9 JT987.AQ2.7.KQ52 .7643.KQJ432.876")
        .value();
}

QString text(QTableWidget *table, int row, int column)
{
    const QTableWidgetItem *item = table->item(row, column);
    return item ? item->text() : QString();
}

} // namespace

class TestEvaluation : public QObject
{
    Q_OBJECT
private slots:
    void panelCounts()
    {
        ui::EvaluationPanel panel;
        panel.setDeal(testDeal());
        QTableWidget *hands = panel.handsTable();
        // North: 4-3-3-3, 17 HCP, no short points, 7 losers.
        QCOMPARE(text(hands, 0, 0), QStringLiteral("4-3-3-3"));
        QCOMPARE(text(hands, 0, 1), QStringLiteral("17"));
        QCOMPARE(text(hands, 0, 2), QStringLiteral("0"));
        QCOMPARE(text(hands, 0, 3), QStringLiteral("7"));
        // South: 5-3-1-4, 12 HCP, singleton 3, losers 3 + 1 + 1 + 1.
        QCOMPARE(text(hands, 2, 0), QStringLiteral("5-3-1-4"));
        QCOMPARE(text(hands, 2, 1), QStringLiteral("12"));
        QCOMPARE(text(hands, 2, 2), QStringLiteral("3"));
        QCOMPARE(text(hands, 2, 3), QStringLiteral("6"));
        // West: 0-4-6-3, a spade void: 5 short points.
        QCOMPARE(text(hands, 3, 0), QStringLiteral("0-4-6-3"));
        QCOMPARE(text(hands, 3, 2), QStringLiteral("5"));
        // NS in spades, H + TL + NL at resolution 0.5: 37.5 (tst_hand_eval works it out).
        using Row = ui::EvaluationPanel::Row;
        const auto ns = core::Side::NorthSouth, ew = core::Side::EastWest;
        QCOMPARE(panel.sideText(ns, Row::Strength, core::Strain::Spades), QStringLiteral("37.5"));
        const auto predictor = core::storedPredictor(core::recommendedHtlnl.id);
        QVERIFY(predictor);
        QCOMPARE(panel.sideText(ns, Row::Predicted, core::Strain::Spades),
                 QString::number(predictor->predict(37.5)));
        // DD unknown until the table arrives.
        QCOMPARE(panel.sideText(ns, Row::DoubleDummy, core::Strain::Spades),
                 QStringLiteral("\u2026"));
        core::Solver solver;
        const auto table = solver.table(testDeal()).value().table;
        panel.setTable(table, 0x1f);
        for (core::Strain strain : core::allStrains) {
            QCOMPARE(panel.sideText(ns, Row::DoubleDummy, strain).toInt(),
                     table.bestTricks(strain, ns));
            QCOMPARE(panel.sideText(ew, Row::DoubleDummy, strain).toInt(),
                     table.bestTricks(strain, ew));
        }
        // A partial deal: nothing for the hands that are not full.
        core::Deal partial = testDeal();
        partial[core::Seat::East] = {};
        panel.setDeal(partial);
        QCOMPARE(text(hands, 1, 1), QString());
        QCOMPARE(panel.sideText(ew, Row::Strength, core::Strain::Spades), QString());
        QCOMPARE(panel.sideText(ns, Row::Strength, core::Strain::Spades), QStringLiteral("37.5"));
        panel.resize(360, 420);
        panel.grab().save(QStringLiteral("evaluation_panel.png"));
    }

    void dialogMatchesCore()
    {
        ui::SolverController solver;
        ui::SimulationDialog dialog(testDeal(), &solver);
        dialog.setDeals(8);
        dialog.setSeed(2024);
        dialog.setHcpRange(core::Seat::East, 5, 12);
        dialog.setChartSelection(core::Strain::Spades, core::Seat::South);
        QSignalSpy spy(&dialog, &ui::SimulationDialog::simulationFinished);
        dialog.show();
        dialog.start();
        QVERIFY(dialog.isRunning());
        QVERIFY(spy.wait(solveTimeout));
        QVERIFY2(dialog.result(), qPrintable(dialog.statusText()));

        core::SimulationSpec spec;
        spec.fixed[core::Seat::North] = testDeal()[core::Seat::North];
        spec.fixed[core::Seat::South] = testDeal()[core::Seat::South];
        spec.constraints[1].minHcp = 5;
        spec.constraints[1].maxHcp = 12;
        spec.deals = 8;
        spec.seed = 2024;
        const auto direct = core::runSimulation(spec);
        QVERIFY(direct);
        QVERIFY(dialog.result()->deals == direct->deals);
        QVERIFY(dialog.result()->tables == direct->tables);
        const auto counts = dialog.chartCounts();
        int total = 0;
        for (int t = 0; t <= 13; ++t) {
            QCOMPARE(counts[static_cast<std::size_t>(t)],
                     direct->distribution.counts[0][2][static_cast<std::size_t>(t)]);
            total += counts[static_cast<std::size_t>(t)];
        }
        QCOMPARE(total, 8);
        QCOMPARE(text(dialog.meanTable(), 0, 2),
                 QString::number(direct->distribution.mean(core::Strain::Spades, core::Seat::South),
                                 'f', 2));
        QCOMPARE(text(dialog.makeTable(), 0, 3),
                 QString::number(100.0 *
                                     direct->distribution.makeProbability(core::Strain::Spades,
                                                                          core::Seat::South, 4),
                                 'f', 0));
        for (const core::Deal &d : dialog.result()->deals) {
            const int east = core::hcp(d[core::Seat::East]);
            QVERIFY(east >= 5 && east <= 12);
        }
        dialog.resize(760, 720);
        dialog.grab().save(QStringLiteral("simulation_dialog.png"));

        // Saved as PBN: the same deals and DD tables read back.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("simulation.pbn"));
        QVERIFY(dialog.savePbn(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto read = core::readPbn(file.readAll().toStdString());
        QVERIFY(read.ok());
        std::vector<const core::PbnGame *> games;
        for (const core::PbnGame &game : read.document.games) {
            if (game.hasTags())
                games.push_back(&game);
        }
        QCOMPARE(games.size(), std::size_t {8});
        for (std::size_t i = 0; i < 8; ++i) {
            QVERIFY(games[i]->deal() == direct->deals[i]);
            QVERIFY(games[i]->doubleDummyTricks() == direct->tables[i]);
        }
    }

    void cancelAndImpossible()
    {
        ui::SolverController solver;
        ui::SimulationDialog dialog(testDeal(), &solver);
        dialog.setDeals(5000);
        QSignalSpy spy(&dialog, &ui::SimulationDialog::simulationFinished);
        dialog.start();
        QTest::qWait(50);
        dialog.cancel();
        QVERIFY(spy.wait(solveTimeout));
        QVERIFY(!dialog.isRunning());
        QVERIFY(!dialog.result());
        QCOMPARE(dialog.statusText(), QStringLiteral("Cancelled."));

        // East cannot hold 12 HCP: North-South hold 29.
        dialog.setDeals(3);
        dialog.setHcpRange(core::Seat::East, 12, 37);
        dialog.setHcpRange(core::Seat::West, 12, 37);
        dialog.start();
        QVERIFY(spy.wait(solveTimeout));
        QVERIFY(!dialog.result());
        QVERIFY2(dialog.statusText().contains(QStringLiteral("no deal found")),
                 qPrintable(dialog.statusText()));
    }

    void fromMainWindow()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.newRandomDeal(77);
        ui::SimulationDialog *dialog = window.showSimulation();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        // North and South of the table's deal are kept by default.
        const core::SimulationSpec spec = dialog->spec();
        QCOMPARE(spec.fixed[core::Seat::North], window.session()->board().deal[core::Seat::North]);
        QVERIFY(spec.fixed[core::Seat::East].empty());
        // The same deal: the same dialog; another deal: a new one.
        QCOMPARE(window.showSimulation(), dialog);
        window.newRandomDeal(78);
        QVERIFY(window.showSimulation() != dialog);
        // The panel follows the table and gets its DD tricks.
        QTRY_VERIFY_WITH_TIMEOUT(window.isAnalysisComplete(), solveTimeout);
        const QString dd = window.evaluationPanel()->sideText(
            core::Side::NorthSouth, ui::EvaluationPanel::Row::DoubleDummy, core::Strain::NoTrump);
        QVERIFY2(!dd.isEmpty() && dd != QStringLiteral("\u2026"), qPrintable(dd));
        window.grab().save(QStringLiteral("main_window_evaluation.png"));
    }
};

QTEST_MAIN(TestEvaluation)
#include "tst_evaluation.moc"
