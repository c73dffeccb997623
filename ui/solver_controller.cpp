#include "ui/solver_controller.h"

#include "ui/board_file.h"

#include <QElapsedTimer>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <mutex>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

// A core result as a job's outcome: its error, cancelled, or its value made by `wrap`.
template<typename T, typename Wrap> JobOutcome outcomeOf(core::Result<T> result, Wrap wrap)
{
    JobOutcome outcome;
    if (!result)
        outcome.error = QString::fromStdString(result.error().message);
    else if (result->status == core::SolveStatus::Cancelled)
        outcome.cancelled = true;
    else
        outcome.value = wrap(std::move(*result));
    return outcome;
}

template<typename T> JobOutcome outcomeOf(core::Result<T> result)
{
    return outcomeOf(std::move(result),
                     [](T &&value) { return QVariant::fromValue(std::move(value)); });
}

} // namespace

// Solving runs a notch below the GUI (nice +5 on Linux; the threads a worker starts inherit
// it): on a machine with fewer cores than busy threads the GUI thread then gets the CPU first
// and never waits tens of milliseconds for a time slice. Unlike an idle-priority class, a nice
// level never starves the solver on a busy machine: it still gets its share.
void lowerCurrentThreadPriority()
{
#ifdef Q_OS_LINUX
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 5);
#endif
}

SolverWorker::SolverWorker(QObject *parent)
    : QObject(parent), m_solver(std::make_unique<core::Solver>())
{
}

void SolverWorker::configure(const core::SolverConfig &config)
{
    m_solver = std::make_unique<core::Solver>(config);
}

void SolverWorker::solveCards(quint64 generation, const core::Position &position,
                              const core::CancelToken &token)
{
    if (token.isCancelled()) {
        emit cancelled(generation);
        emit ended(generation);
        return;
    }
    QElapsedTimer clock;
    clock.start();
    core::SolveOptions options;
    options.cards = core::CardSelection::All;
    auto result = m_solver->solve(position, options, token);
    if (!result.ok())
        emit failed(generation, QString::fromStdString(result.error().message));
    else if (result->status == core::SolveStatus::Cancelled || token.isCancelled())
        emit cancelled(generation);
    else
        emit cardsFinished(generation, CardsReport {position, *result, clock.elapsed()});
    emit ended(generation);
}

// The strains are shared out over the core pool, like core::solveTable, so that each strain can
// be reported as soon as it is known.
void SolverWorker::solveTable(quint64 generation, const core::Deal &deal,
                              const core::CancelToken &token, int threads,
                              const core::SolverConfig &config)
{
    if (token.isCancelled()) {
        emit cancelled(generation);
        emit ended(generation);
        return;
    }
    if (auto ok = core::checkComplete(deal); !ok) {
        emit failed(generation, QString::fromStdString(ok.error().message));
        emit ended(generation);
        return;
    }
    QElapsedTimer clock;
    clock.start();
    TableReport report;
    report.deal = deal;
    std::mutex mutex;
    std::atomic<bool> stopped {false};
    const core::PoolOptions pool {std::clamp(threads, 0, 5), config};
    core::parallelFor(
        5, pool,
        [&](std::size_t s, core::Solver &solver) {
            if (stopped)
                return;
            auto part = solver.table(deal, token, 1u << s);
            if (!part || part->status == core::SolveStatus::Cancelled || token.isCancelled()) {
                stopped = true;
                return;
            }
            const std::lock_guard lock(mutex);
            report.table.tricks[s] = part->table.tricks[s];
            report.strains |= 1u << s;
            report.nodes += part->nodes;
            report.milliseconds = clock.elapsed();
            if (!report.isComplete())
                emit tableProgress(generation, report);
        },
        token);
    if (stopped || token.isCancelled()) {
        emit cancelled(generation);
    } else {
        report.milliseconds = clock.elapsed();
        emit tableProgress(generation, report);
    }
    emit ended(generation);
}

SolverController::SolverController(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<CardsReport>();
    qRegisterMetaType<TableReport>();
    qRegisterMetaType<RequestKind>();
    qRegisterMetaType<PlayAnalysisReport>();
    qRegisterMetaType<core::SimulationResult>();
    qRegisterMetaType<TableResults>();
    qRegisterMetaType<core::SingleDummyResult>();
    qRegisterMetaType<core::AlphaMuResult>();
    qRegisterMetaType<ReviewReport>();
    qRegisterMetaType<LessonReport>();

    m_cardsThread.setObjectName(QStringLiteral("tenace-cards-solver"));
    m_tableThread.setObjectName(QStringLiteral("tenace-table-solver"));
    m_cardsWorker = new SolverWorker;
    m_tableWorker = new SolverWorker;
    m_cardsWorker->moveToThread(&m_cardsThread);
    m_tableWorker->moveToThread(&m_tableThread);

    // Queued explicitly: the table worker also emits from its helper threads.
    constexpr auto queued = Qt::QueuedConnection;
    connect(m_cardsWorker, &SolverWorker::cardsFinished, this, &SolverController::onCardsFinished,
            queued);
    connect(m_tableWorker, &SolverWorker::tableProgress, this, &SolverController::onTableProgress,
            queued);
    connect(m_cardsWorker, &SolverWorker::ended, this, [this] {
        m_cardsInFlight = std::max(0, m_cardsInFlight - 1);
        updateBusy();
    });
    connect(m_tableWorker, &SolverWorker::ended, this, [this] {
        m_tableInFlight = std::max(0, m_tableInFlight - 1);
        updateBusy();
    });
    connect(m_cardsWorker, &SolverWorker::failed, this,
            [this](quint64 generation, const QString &message) {
                if (generation == m_cardsGeneration)
                    emit solveFailed(message);
            });
    connect(m_tableWorker, &SolverWorker::failed, this,
            [this](quint64 generation, const QString &message) {
                if (generation == m_tableGeneration)
                    emit solveFailed(message);
            });

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &SolverController::dispatchCards);

    m_cardsThread.start();
    for (SolverWorker *worker : {m_cardsWorker, m_tableWorker})
        QMetaObject::invokeMethod(worker, &lowerCurrentThreadPriority, Qt::QueuedConnection);
    // The table has its own thread so that it never delays the card annotations. It runs at
    // normal priority: an idle-priority thread can starve for minutes on a busy machine.
    m_tableThread.start();

    for (int k = 0; k < requestKindCount; ++k) {
        const auto kind = static_cast<RequestKind>(k);
        auto &slot = m_lanes[static_cast<std::size_t>(k)];
        slot = std::make_unique<Lane>();
        slot->thread.setObjectName(QStringLiteral("tenace-solver-job-%1").arg(k));
        slot->worker = new SolverJobWorker(kind);
        slot->worker->moveToThread(&slot->thread);
        SolverJobWorker *worker = slot->worker;
        auto current = [this](RequestKind kind, quint64 generation) {
            return generation == lane(kind).generation;
        };
        connect(
            worker, &SolverJobWorker::progress, this,
            [this, current](RequestKind kind, quint64 generation, int done, int total) {
                if (current(kind, generation))
                    emit requestProgress(kind, generation, done, total);
            },
            queued);
        connect(
            worker, &SolverJobWorker::partial, this,
            [this, current](RequestKind kind, quint64 generation, const QVariant &value) {
                if (!current(kind, generation))
                    return;
                emit requestPartial(kind, generation, value);
                if (kind == RequestKind::SingleDummy)
                    emit singleDummyProgress(generation, value.value<core::SingleDummyResult>());
                else if (kind == RequestKind::AlphaMu)
                    emit alphaMuProgress(generation, value.value<core::AlphaMuResult>());
            },
            queued);
        connect(
            worker, &SolverJobWorker::finished, this,
            [this, current](RequestKind kind, quint64 generation, const QVariant &value) {
                if (current(kind, generation))
                    emit requestFinished(kind, generation, value);
            },
            queued);
        connect(
            worker, &SolverJobWorker::failed, this,
            [this, current](RequestKind kind, quint64 generation, const QString &message) {
                if (current(kind, generation))
                    emit requestFailed(kind, generation, message);
            },
            queued);
        connect(
            worker, &SolverJobWorker::cancelled, this,
            [this, current](RequestKind kind, quint64 generation) {
                if (current(kind, generation))
                    emit requestCancelled(kind, generation);
            },
            queued);
        connect(
            worker, &SolverJobWorker::ended, this,
            [this](RequestKind kind, quint64) {
                Lane &l = lane(kind);
                l.inFlight = std::max(0, l.inFlight - 1);
            },
            queued);
    }
}

SolverController::~SolverController()
{
    m_debounce.stop();
    m_cardsToken.cancel();
    m_tableToken.cancel();
    m_cardsThread.quit();
    m_tableThread.quit();
    for (auto &l : m_lanes) {
        l->token.cancel();
        l->thread.quit();
    }
    m_cardsThread.wait();
    m_tableThread.wait();
    for (auto &l : m_lanes)
        l->thread.wait();
    // The threads have stopped: the workers can be deleted from here. Results still queued for
    // this object are discarded with it.
    delete m_cardsWorker;
    delete m_tableWorker;
    for (auto &l : m_lanes)
        delete l->worker;
}

quint64 SolverController::startRequest(RequestKind kind, SolverJob job)
{
    Lane &l = lane(kind);
    l.token.cancel();
    l.token = core::CancelToken {};
    const quint64 generation = ++l.generation;
    if (!l.thread.isRunning()) {
        l.thread.start();
        QMetaObject::invokeMethod(l.worker, &lowerCurrentThreadPriority, Qt::QueuedConnection);
    }
    ++l.inFlight;
    SolverJobWorker *worker = l.worker;
    const core::CancelToken token = l.token;
    QMetaObject::invokeMethod(
        worker,
        [worker, generation, job = std::move(job), token] { worker->run(generation, job, token); },
        Qt::QueuedConnection);
    return generation;
}

void SolverController::cancelRequest(RequestKind kind)
{
    lane(kind).token.cancel();
}

quint64 SolverController::requestPlayAnalysis(const PlayAnalysisRequest &request)
{
    return startRequest(
        RequestKind::PlayAnalysis, [request](const core::CancelToken &token, const auto &) {
            JobOutcome outcome;
            core::Solver solver;
            auto analysis = solver.analysePlay(request.deal, request.trump, request.leader,
                                               request.plays, token);
            if (!analysis)
                outcome.error = QString::fromStdString(analysis.error().message);
            else if (analysis->status == core::SolveStatus::Cancelled)
                outcome.cancelled = true;
            else
                outcome.value =
                    QVariant::fromValue(PlayAnalysisReport {request, std::move(*analysis)});
            return outcome;
        });
}

quint64 SolverController::requestSimulation(const core::SimulationSpec &spec)
{
    return startRequest(
        RequestKind::Simulation, [spec](const core::CancelToken &token, const auto &progress) {
            return outcomeOf(
                core::runSimulation(spec, token, [&progress](std::size_t done, std::size_t total) {
                    progress(static_cast<int>(done), static_cast<int>(total));
                }));
        });
}

quint64 SolverController::requestSaveResults(const BoardFile &file)
{
    return startRequest(RequestKind::SaveResults,
                        [file](const core::CancelToken &token, const auto &progress) {
                            JobOutcome outcome;
                            const std::string bytes = file.pbnBytesWithResults(token, progress);
                            if (bytes.empty())
                                outcome.cancelled = true;
                            else
                                outcome.value = QByteArray::fromStdString(bytes);
                            return outcome;
                        });
}

quint64 SolverController::requestPrintTables(const std::vector<core::Deal> &deals)
{
    core::TableOptions options;
    options.threads = m_tableThreads;
    return startRequest(RequestKind::PrintTables,
                        [deals, options](const core::CancelToken &token, const auto &progress) {
                            JobOutcome outcome;
                            std::atomic<int> done {0};
                            const int total = static_cast<int>(deals.size());
                            TableResults tables =
                                core::solveTables(deals, options, token,
                                                  [&](std::size_t) { progress(++done, total); });
                            if (token.isCancelled())
                                outcome.cancelled = true;
                            else
                                outcome.value = QVariant::fromValue(std::move(tables));
                            return outcome;
                        });
}

quint64 SolverController::requestSingleDummy(const core::SingleDummySpec &spec)
{
    return startRequest(
        RequestKind::SingleDummy, [spec](const core::CancelToken &token, const auto &progress) {
            return outcomeOf(core::analyseSingleDummy(
                spec, token, [&progress, &spec](const core::SingleDummyResult &partial) {
                    progress.partial(QVariant::fromValue(partial));
                    progress(partial.layouts, spec.layouts);
                }));
        });
}

quint64 SolverController::requestReview(const ReviewRequest &request)
{
    return startRequest(
        RequestKind::Review, [request](const core::CancelToken &token, const auto &) {
            return outcomeOf(
                core::reviewPlay(request.deal, request.contract, request.vulnerability,
                                 request.play, request.options, token),
                [&request](core::PlayReview &&review) {
                    return QVariant::fromValue(ReviewReport {request, std::move(review)});
                });
        });
}

quint64 SolverController::requestAlphaMu(const core::AlphaMuSpec &spec)
{
    return startRequest(
        RequestKind::AlphaMu, [spec](const core::CancelToken &token, const auto &progress) {
            return outcomeOf(core::analyseAlphaMu(
                spec, token, [&progress, &spec](const core::AlphaMuResult &partial) {
                    progress.partial(QVariant::fromValue(partial));
                    progress(partial.depth, spec.depth);
                }));
        });
}

quint64 SolverController::requestLesson(const LessonStep &step)
{
    return startRequest(RequestKind::Lesson, [step](const core::CancelToken &token, const auto &) {
        QElapsedTimer clock;
        clock.start();
        JobOutcome outcome;
        LessonReport report;
        report.lesson = step.lesson;
        if (!report.lesson) {
            outcome.error = QStringLiteral("no lesson");
            return outcome;
        }
        core::Lesson &lesson = *report.lesson;
        if (step.studentCard) {
            auto decision = lesson.playStudent(*step.studentCard, token);
            if (!decision)
                outcome.error = QString::fromStdString(decision.error().message);
            else if (!*decision)
                outcome.cancelled = true;
            else
                report.decision = **decision;
        } else {
            auto card = lesson.defenderCard(token);
            if (!card)
                outcome.error = QString::fromStdString(card.error().message);
            else if (!*card)
                outcome.cancelled = true;
            else if (auto ok = lesson.playDefender(**card); !ok)
                outcome.error = QString::fromStdString(ok.error().message);
            else
                report.defenderCard = **card;
        }
        report.milliseconds = clock.elapsed();
        if (outcome.error.isEmpty() && !outcome.cancelled)
            outcome.value = QVariant::fromValue(std::move(report));
        return outcome;
    });
}

void SolverController::setSolverLimits(int tableThreads, std::size_t tableBytes)
{
    m_tableThreads = std::max(tableThreads, 0);
    if (tableBytes == m_tableBytes)
        return;
    m_tableBytes = tableBytes;
    SolverWorker *worker = m_cardsWorker;
    const core::SolverConfig config {tableBytes};
    QMetaObject::invokeMethod(
        worker, [worker, config] { worker->configure(config); }, Qt::QueuedConnection);
}

quint64 SolverController::requestCards(const core::Position &position)
{
    m_cardsToken.cancel();
    m_cardsToken = core::CancelToken {};
    ++m_cardsGeneration;
    // A request goes at once unless it comes in a burst: within the debounce interval of the
    // previous one while that one is still pending or being solved.
    const bool burst = m_debounce.isActive() && (m_pendingCards || m_cardsInFlight > 0);
    m_pendingCards = position;
    if (m_debounce.interval() > 0)
        m_debounce.start();
    if (!burst || m_debounce.interval() <= 0)
        dispatchCards();
    updateBusy();
    return m_cardsGeneration;
}

void SolverController::dispatchCards()
{
    if (!m_pendingCards)
        return;
    const quint64 generation = m_cardsGeneration;
    const core::Position position = std::move(*m_pendingCards);
    m_pendingCards.reset();
    const core::CancelToken token = m_cardsToken;
    ++m_cardsInFlight;
    SolverWorker *worker = m_cardsWorker;
    QMetaObject::invokeMethod(
        worker,
        [worker, generation, position, token] { worker->solveCards(generation, position, token); },
        Qt::QueuedConnection);
    updateBusy();
}

quint64 SolverController::requestTable(const core::Deal &deal)
{
    m_tableToken.cancel();
    m_tableToken = core::CancelToken {};
    const quint64 generation = ++m_tableGeneration;
    const core::CancelToken token = m_tableToken;
    ++m_tableInFlight;
    SolverWorker *worker = m_tableWorker;
    const int threads = m_tableThreads;
    const core::SolverConfig config {m_tableBytes};
    QMetaObject::invokeMethod(
        worker,
        [worker, generation, deal, token, threads, config] {
            worker->solveTable(generation, deal, token, threads, config);
        },
        Qt::QueuedConnection);
    updateBusy();
    return generation;
}

void SolverController::cancelCards()
{
    m_debounce.stop();
    m_pendingCards.reset();
    m_cardsToken.cancel();
    ++m_cardsGeneration;
    updateBusy();
}

void SolverController::cancelTable()
{
    m_tableToken.cancel();
    ++m_tableGeneration;
    updateBusy();
}

void SolverController::cancelAll()
{
    cancelCards();
    cancelTable();
}

void SolverController::onCardsFinished(quint64 generation, const CardsReport &report)
{
    if (generation == m_cardsGeneration && !m_pendingCards)
        emit cardsReady(generation, report);
}

void SolverController::onTableProgress(quint64 generation, const TableReport &report)
{
    if (generation == m_tableGeneration)
        emit tableProgress(generation, report);
}

void SolverController::updateBusy()
{
    const bool busy = isCardsBusy() || isTableBusy();
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace tenace::ui
