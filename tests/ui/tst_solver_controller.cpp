// SolverController: results arrive, stale generations are dropped, destruction while busy
// neither hangs nor emits.

#include "core/deal.h"
#include "core/play_state.h"
#include "ui/solver_controller.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace tenace;

namespace {

core::Deal sampleDeal()
{
    auto deal =
        core::parsePbnDeal("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7");
    return deal.value();
}

core::Position openingLead(core::Strain trump = core::Strain::Spades)
{
    auto state = core::PlayState::create(sampleDeal(), trump, core::Seat::East);
    return state.value().position();
}

} // namespace

class TestSolverController : public QObject
{
    Q_OBJECT
private slots:
    void cardsResultArrives()
    {
        ui::SolverController controller;
        QSignalSpy ready(&controller, &ui::SolverController::cardsReady);
        QSignalSpy busy(&controller, &ui::SolverController::busyChanged);
        const quint64 generation = controller.requestCards(openingLead());
        QVERIFY(controller.isBusy());
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
        QCOMPARE(ready.at(0).at(0).value<quint64>(), generation);
        const auto result = ready.at(0).at(1).value<core::SolveResult>();
        QCOMPARE(result.status, core::SolveStatus::Solved);
        QCOMPARE(result.tricks, 2); // East-West take 2 against 4S by North
        QVERIFY(!result.cards.empty());
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isBusy(), 5000);
        QVERIFY(busy.count() >= 2);
        QCOMPARE(busy.constLast().at(0).toBool(), false);
    }

    void tableResultArrives()
    {
        ui::SolverController controller;
        QSignalSpy ready(&controller, &ui::SolverController::tableReady);
        controller.requestTable(sampleDeal());
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 30000);
        const auto table = ready.at(0).at(1).value<core::DdTable>();
        QCOMPARE(table(core::Strain::Spades, core::Seat::North), 11);
        QCOMPARE(table(core::Strain::NoTrump, core::Seat::South), 11);
    }

    void staleResultsDropped()
    {
        for (const int debounce : {0, 150}) {
            ui::SolverController controller;
            controller.setDebounceMs(debounce);
            QSignalSpy ready(&controller, &ui::SolverController::cardsReady);
            controller.requestCards(openingLead(core::Strain::Spades));
            const quint64 last = controller.requestCards(openingLead(core::Strain::NoTrump));
            QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 20000);
            QTRY_VERIFY_WITH_TIMEOUT(!controller.isBusy(), 20000);
            QTest::qWait(100);
            QCOMPARE(ready.count(), 1);
            QCOMPARE(ready.at(0).at(0).value<quint64>(), last);
            QCOMPARE(ready.at(0).at(1).value<core::SolveResult>().tricks, 2); // 3NT+2 by N
        }
    }

    void destroyWhileBusy()
    {
        QElapsedTimer timer;
        timer.start();
        int emitted = 0;
        {
            auto controller = std::make_unique<ui::SolverController>();
            controller->setDebounceMs(0);
            connect(controller.get(), &ui::SolverController::cardsReady, this,
                    [&emitted] { ++emitted; });
            connect(controller.get(), &ui::SolverController::tableReady, this,
                    [&emitted] { ++emitted; });
            controller->requestTable(sampleDeal());
            controller->requestCards(openingLead());
            QTest::qWait(20); // let the workers start
            controller.reset();
        }
        QVERIFY2(timer.elapsed() < 5000, "destruction waited for a whole solve");
        QTest::qWait(200);
        QCOMPARE(emitted, 0);
    }
};

QTEST_MAIN(TestSolverController)
#include "tst_solver_controller.moc"
