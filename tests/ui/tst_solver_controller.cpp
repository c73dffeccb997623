// SolverController: results arrive, stale generations are dropped, cancellation is prompt,
// the DD table fills strain by strain, and destruction while busy neither hangs nor emits; the
// same for every longer request kind (play analysis, simulation, save with results, print tables,
// single dummy, review).

#include "core/model/deal.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"
#include "ui/board_file.h"
#include "ui/solver_controller.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <chrono>
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

// A deal whose positions take long to solve, so that a cancel always finds the work running.
core::Deal hardDeal()
{
    return *core::parsePbnDeal(
        "N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962");
}

QString fixture(const char *name)
{
    return QStringLiteral(TENACE_TEST_DATA "/fixtures/pbn/") + QLatin1String(name);
}

// East's opening lead against 3NT by North on the sample deal, from East's view.
core::SingleDummySpec singleDummySpec(int layouts)
{
    core::SingleDummySpec spec;
    spec.start = sampleDeal();
    spec.contract = {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::North};
    spec.layouts = layouts;
    spec.batch = 4;
    spec.pool.threads = 2;
    return spec;
}

// Starts a request of `kind`: `large` ones run for seconds; small ones differ by `variant`.
quint64 startRequest(ui::SolverController &controller, ui::RequestKind kind, bool large,
                     int variant = 0)
{
    switch (kind) {
    case ui::RequestKind::PlayAnalysis: {
        ui::PlayAnalysisRequest request {
            large ? hardDeal() : sampleDeal(), core::Strain::NoTrump, core::Seat::West, {}};
        auto state = core::PlayState::create(request.deal, request.trump, request.leader);
        for (int i = 0; i < (large ? 24 : variant); ++i) {
            const core::Card card = state->legalCards().cards().front();
            request.plays.push_back(card);
            state->play(card);
        }
        return controller.requestPlayAnalysis(request);
    }
    case ui::RequestKind::Simulation: {
        core::SimulationSpec spec;
        spec.fixed[core::Seat::North] = sampleDeal()[core::Seat::North];
        spec.fixed[core::Seat::South] = sampleDeal()[core::Seat::South];
        spec.deals = large ? 5000 : 2 + variant;
        return controller.requestSimulation(spec);
    }
    case ui::RequestKind::SaveResults: {
        ui::BoardFile file;
        file.open(fixture(large ? "endplay-example2.pbn" : "bridgebots-sample.pbn"));
        return controller.requestSaveResults(file);
    }
    case ui::RequestKind::PrintTables: {
        core::Dealer dealer(7);
        std::vector<core::Deal> deals;
        for (int i = 0; i < (large ? 300 : 1 + variant); ++i)
            deals.push_back(dealer.deal());
        return controller.requestPrintTables(deals);
    }
    case ui::RequestKind::SingleDummy:
        return controller.requestSingleDummy(singleDummySpec(large ? 20000 : 8 + variant));
    case ui::RequestKind::Review: {
        ui::ReviewRequest request;
        request.deal = large ? hardDeal() : sampleDeal();
        request.contract = {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::North};
        auto state = core::PlayState::create(request.deal, core::Strain::NoTrump, core::Seat::East);
        for (int i = 0; i < (large ? 40 : 4 + variant); ++i) {
            const core::Card card = state->legalCards().cards().back();
            request.play.push_back(card);
            state->play(card);
        }
        request.options.layouts = large ? 5000 : 6;
        request.options.pool.threads = 2;
        return controller.requestReview(request);
    }
    case ui::RequestKind::Lesson: {
        // Small: the defenders' opening lead. Large: dummy's first card weighed over 5000
        // sampled layouts of a deal whose positions take long to solve.
        core::LessonSetup setup;
        setup.deal = large ? hardDeal() : sampleDeal();
        setup.contract = {3, core::Strain::NoTrump, core::Doubling::Undoubled, core::Seat::North};
        setup.student = core::Seat::North;
        core::LessonOptions options;
        ui::LessonStep step;
        if (large) {
            options.enumerateLimit = 0;
            options.sampledLayouts = 5000;
            auto state =
                core::PlayState::create(setup.deal, core::Strain::NoTrump, core::Seat::East);
            setup.played = {state->legalCards().cards().front()};
            state->play(setup.played.front());
            step.studentCard = state->legalCards().cards().back();
        }
        step.lesson = core::Lesson::make(setup, options).value();
        return controller.requestLesson(step);
    }
    case ui::RequestKind::AlphaMu: {
        // Dummy's first card after East's lead. Small: depth 1 over a few worlds. Large: every
        // depth over 40 worlds of a deal whose positions take long to solve, without a budget.
        core::AlphaMuSpec spec;
        spec.base = singleDummySpec(large ? 40 : 8 + variant);
        if (large)
            spec.base.start = hardDeal();
        auto state =
            core::PlayState::create(spec.base.start, core::Strain::NoTrump, core::Seat::East);
        spec.base.played = {state->legalCards().cards().front()};
        spec.depth = large ? 0 : 1;
        spec.budget = std::chrono::milliseconds {0};
        return controller.requestAlphaMu(spec);
    }
    }
    return 0;
}

void addKinds()
{
    QTest::addColumn<ui::RequestKind>("kind");
    QTest::newRow("play analysis") << ui::RequestKind::PlayAnalysis;
    QTest::newRow("simulation") << ui::RequestKind::Simulation;
    QTest::newRow("save with results") << ui::RequestKind::SaveResults;
    QTest::newRow("print tables") << ui::RequestKind::PrintTables;
    QTest::newRow("single dummy") << ui::RequestKind::SingleDummy;
    QTest::newRow("review") << ui::RequestKind::Review;
    QTest::newRow("lesson") << ui::RequestKind::Lesson;
    QTest::newRow("alpha mu") << ui::RequestKind::AlphaMu;
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
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 120000);
        QCOMPARE(ready.at(0).at(0).value<quint64>(), generation);
        const auto report = ready.at(0).at(1).value<ui::CardsReport>();
        QCOMPARE(report.position, openingLead());
        QCOMPARE(report.result.status, core::SolveStatus::Solved);
        QCOMPARE(report.result.tricks, 2); // East-West take 2 against 4S by North
        QVERIFY(!report.result.cards.empty());
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isBusy(), 120000);
        QVERIFY(busy.count() >= 2);
        QCOMPARE(busy.constLast().at(0).toBool(), false);
    }

    void tableFillsStrainByStrain()
    {
        ui::SolverController controller;
        QSignalSpy progress(&controller, &ui::SolverController::tableProgress);
        controller.requestTable(sampleDeal());
        QTRY_VERIFY_WITH_TIMEOUT(
            !progress.isEmpty() && progress.constLast().at(1).value<ui::TableReport>().isComplete(),
            120000);
        unsigned previous = 0;
        for (const auto &args : progress) {
            const auto report = args.at(1).value<ui::TableReport>();
            QVERIFY((report.strains & previous) == previous); // strains only get added
            previous = report.strains;
        }
        QCOMPARE(progress.size(), 5);
        const auto table = progress.constLast().at(1).value<ui::TableReport>().table;
        QCOMPARE(table(core::Strain::Spades, core::Seat::North), 11);
        QCOMPARE(table(core::Strain::NoTrump, core::Seat::South), 11);
        QCOMPARE(table(core::Strain::Clubs, core::Seat::East), 4);
    }

    void staleResultsDropped_data()
    {
        QTest::addColumn<int>("debounce");
        QTest::newRow("immediate") << 0;
        QTest::newRow("debounced") << 150;
    }

    void staleResultsDropped()
    {
        QFETCH(int, debounce);
        ui::SolverController controller;
        controller.setDebounceMs(debounce);
        QSignalSpy ready(&controller, &ui::SolverController::cardsReady);
        controller.requestCards(openingLead(core::Strain::Spades));
        controller.requestCards(openingLead(core::Strain::Hearts));
        const quint64 last = controller.requestCards(openingLead(core::Strain::NoTrump));
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isBusy(), 120000);
        QTest::qWait(100);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(ready.at(0).at(0).value<quint64>(), last);
        const auto report = ready.at(0).at(1).value<ui::CardsReport>();
        QCOMPARE(report.position.trump, core::Strain::NoTrump);
        QCOMPARE(report.result.tricks, 2); // 3NT+2 by N
    }

    void staleTableDropped()
    {
        ui::SolverController controller;
        QSignalSpy progress(&controller, &ui::SolverController::tableProgress);
        core::Deal rotated;
        for (const core::Seat s : core::allSeats)
            rotated[core::next(s)] = sampleDeal()[s];
        controller.requestTable(sampleDeal());
        const quint64 last = controller.requestTable(rotated);
        QTRY_VERIFY_WITH_TIMEOUT(
            !progress.isEmpty() && progress.constLast().at(1).value<ui::TableReport>().isComplete(),
            120000);
        for (const auto &args : progress) {
            QCOMPARE(args.at(0).value<quint64>(), last);
            QCOMPARE(args.at(1).value<ui::TableReport>().deal, rotated);
        }
        // North's spades are now East's: 11 tricks.
        QCOMPARE(progress.constLast().at(1).value<ui::TableReport>().table(core::Strain::Spades,
                                                                           core::Seat::East),
                 11);
    }

    void cancelArrivesQuickly()
    {
        ui::SolverController controller;
        QSignalSpy busy(&controller, &ui::SolverController::busyChanged);
        QSignalSpy progress(&controller, &ui::SolverController::tableProgress);
        QSignalSpy cards(&controller, &ui::SolverController::cardsReady);
        controller.setDebounceMs(0);
        controller.requestTable(sampleDeal());
        controller.requestCards(openingLead());
        QTest::qWait(30); // let the workers start
        const auto before = progress.size() + cards.size();
        QElapsedTimer timer;
        timer.start();
        controller.cancelAll();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isBusy(), 2000);
        QVERIFY2(timer.elapsed() < 500,
                 qPrintable(QStringLiteral("cancel took %1 ms").arg(timer.elapsed())));
        QCOMPARE(busy.constLast().at(0).toBool(), false);
        QTest::qWait(100);
        QCOMPARE(progress.size() + cards.size(), before); // nothing delivered after the cancel
    }

    void requestStaleDropped_data() { addKinds(); }

    void requestStaleDropped()
    {
        QFETCH(ui::RequestKind, kind);
        ui::SolverController controller;
        QSignalSpy finished(&controller, &ui::SolverController::requestFinished);
        QSignalSpy cancelled(&controller, &ui::SolverController::requestCancelled);
        startRequest(controller, kind, false, 0);
        const quint64 last = startRequest(controller, kind, false, 1);
        QCOMPARE(controller.requestGeneration(kind), last);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRequestBusy(kind), 120000);
        QTest::qWait(100);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(cancelled.count(), 0); // the first one's cancel is stale too
        QCOMPARE(finished.at(0).at(0).value<ui::RequestKind>(), kind);
        QCOMPARE(finished.at(0).at(1).value<quint64>(), last);
        const QVariant value = finished.at(0).at(2);
        switch (kind) {
        case ui::RequestKind::PlayAnalysis: {
            const auto report = value.value<ui::PlayAnalysisReport>();
            QCOMPARE(report.request.plays.size(), std::size_t {1});
            QCOMPARE(report.analysis.tricks.size(), std::size_t {2});
            QCOMPARE(report.analysis.tricks.front(), 11); // 3NT+2 by North
            break;
        }
        case ui::RequestKind::Simulation:
            QCOMPARE(value.value<core::SimulationResult>().tables.size(), std::size_t {3});
            break;
        case ui::RequestKind::SaveResults:
            QVERIFY(value.toByteArray().contains("[OptimumResultTable"));
            break;
        case ui::RequestKind::PrintTables:
            QCOMPARE(value.value<ui::TableResults>().size(), std::size_t {2});
            break;
        case ui::RequestKind::SingleDummy: {
            const auto result = value.value<core::SingleDummyResult>();
            QCOMPARE(result.layouts, 9);
            QCOMPARE(result.cards.size(), std::size_t {13});
            QCOMPARE(result.viewer, core::Seat::East);
            break;
        }
        case ui::RequestKind::Review: {
            const auto report = value.value<ui::ReviewReport>();
            QCOMPARE(report.request.play.size(), std::size_t {5});
            QCOMPARE(report.review.ddTricks.size(), std::size_t {6});
            break;
        }
        case ui::RequestKind::Lesson: {
            const auto report = value.value<ui::LessonReport>();
            QVERIFY(report.lesson && report.defenderCard);
            QCOMPARE(report.lesson->played(), std::vector<core::Card> {*report.defenderCard});
            QVERIFY(sampleDeal()[core::Seat::East].contains(*report.defenderCard));
            break;
        }
        case ui::RequestKind::AlphaMu: {
            const auto result = value.value<core::AlphaMuResult>();
            QCOMPARE(result.worlds, 9);
            QCOMPARE(result.depth, 1);
            QCOMPARE(result.viewer, core::Seat::North);
            auto state =
                core::PlayState::create(sampleDeal(), core::Strain::NoTrump, core::Seat::East);
            state->play(state->legalCards().cards().front());
            QCOMPARE(result.cards.size(), state->legalCards().cards().size()); // South's
            break;
        }
        }
    }

    void singleDummyProgressBeforeFinished()
    {
        ui::SolverController controller;
        QSignalSpy progress(&controller, &ui::SolverController::singleDummyProgress);
        QSignalSpy finished(&controller, &ui::SolverController::requestFinished);
        std::vector<int> order; // layouts of each report, -1 for finished
        connect(
            &controller, &ui::SolverController::singleDummyProgress, this,
            [&order](quint64, const core::SingleDummyResult &r) { order.push_back(r.layouts); });
        connect(&controller, &ui::SolverController::requestFinished, this,
                [&order] { order.push_back(-1); });
        const quint64 generation = controller.requestSingleDummy(singleDummySpec(16));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(progress.count() >= 2); // batches of 4
        QCOMPARE(progress.at(0).at(0).value<quint64>(), generation);
        QCOMPARE(order.back(), -1);
        for (std::size_t i = 1; i + 1 < order.size(); ++i)
            QVERIFY(order[i] > order[i - 1]); // more layouts each time
        QCOMPARE(progress.constLast().at(1).value<core::SingleDummyResult>().cards.size(),
                 std::size_t {13});
    }

    void singleDummyStaleProgressDropped()
    {
        ui::SolverController controller;
        QSignalSpy progress(&controller, &ui::SolverController::singleDummyProgress);
        QSignalSpy finished(&controller, &ui::SolverController::requestFinished);
        controller.requestSingleDummy(singleDummySpec(20000));
        QTest::qWait(100); // the first one runs and reports
        const quint64 last = controller.requestSingleDummy(singleDummySpec(8));
        // Reports of the first request shown before the second was made were current then; any
        // that arrives from now on is stale.
        progress.clear();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QTest::qWait(100);
        for (const auto &args : progress)
            QCOMPARE(args.at(0).value<quint64>(), last);
        QCOMPARE(finished.at(0).at(1).value<quint64>(), last);
    }

    void requestCancelArrivesQuickly_data() { addKinds(); }

    void requestCancelArrivesQuickly()
    {
        QFETCH(ui::RequestKind, kind);
        ui::SolverController controller;
        QSignalSpy finished(&controller, &ui::SolverController::requestFinished);
        QSignalSpy cancelled(&controller, &ui::SolverController::requestCancelled);
        const quint64 generation = startRequest(controller, kind, true);
        QVERIFY(controller.isRequestBusy(kind));
        QTest::qWait(50); // let the worker start
        QElapsedTimer timer;
        timer.start();
        controller.cancelRequest(kind);
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 2000);
        QVERIFY2(timer.elapsed() < 500,
                 qPrintable(QStringLiteral("cancel took %1 ms").arg(timer.elapsed())));
        QCOMPARE(cancelled.at(0).at(1).value<quint64>(), generation);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRequestBusy(kind), 2000);
        QTest::qWait(100);
        QCOMPARE(finished.count(), 0);
    }

    void destroyWhileRequestsRun()
    {
        QElapsedTimer timer;
        timer.start();
        int emitted = 0;
        {
            auto controller = std::make_unique<ui::SolverController>();
            connect(controller.get(), &ui::SolverController::requestFinished, this,
                    [&emitted] { ++emitted; });
            connect(controller.get(), &ui::SolverController::requestProgress, this,
                    [&emitted] { ++emitted; });
            connect(controller.get(), &ui::SolverController::requestCancelled, this,
                    [&emitted] { ++emitted; });
            connect(controller.get(), &ui::SolverController::requestFailed, this,
                    [&emitted] { ++emitted; });
            connect(controller.get(), &ui::SolverController::singleDummyProgress, this,
                    [&emitted] { ++emitted; });
            for (int k = 0; k < ui::requestKindCount; ++k)
                startRequest(*controller, static_cast<ui::RequestKind>(k), true);
            QTest::qWait(20); // let the workers start
            emitted = 0; // what arrived before destruction does not count
            controller.reset();
        }
        QVERIFY2(timer.elapsed() < 5000, "destruction waited for a whole request");
        QTest::qWait(200);
        QCOMPARE(emitted, 0);
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
            connect(controller.get(), &ui::SolverController::tableProgress, this,
                    [&emitted] { ++emitted; });
            controller->requestTable(sampleDeal());
            controller->requestCards(openingLead());
            QTest::qWait(20); // let the workers start
            emitted = 0; // what arrived before destruction does not count
            controller.reset();
        }
        QVERIFY2(timer.elapsed() < 5000, "destruction waited for a whole solve");
        QTest::qWait(200);
        QCOMPARE(emitted, 0);
    }
};

QTEST_MAIN(TestSolverController)
#include "tst_solver_controller.moc"
