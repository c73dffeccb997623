#include "ui/solver_controller.h"

#include <QThread>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

SolverWorker::SolverWorker(QObject *parent) : QObject(parent) { }

void SolverWorker::solveCards(quint64 generation, const core::Position &position,
                              const core::CancelToken &token)
{
    if (token.isCancelled()) {
        emit cancelled(generation);
        return;
    }
    core::SolveOptions options;
    options.cards = core::CardSelection::All;
    auto result = m_solver.solve(position, options, token);
    if (!result.ok())
        emit failed(generation, QString::fromStdString(result.error().message));
    else if (result->status == core::SolveStatus::Cancelled || token.isCancelled())
        emit cancelled(generation);
    else
        emit cardsFinished(generation, *result);
}

void SolverWorker::solveTable(quint64 generation, const core::Deal &deal,
                              const core::CancelToken &token)
{
    if (token.isCancelled()) {
        emit cancelled(generation);
        return;
    }
    core::TableOptions options;
    options.threads = std::max(1, QThread::idealThreadCount());
    auto result = core::solveTable(deal, options, token);
    if (!result.ok())
        emit failed(generation, QString::fromStdString(result.error().message));
    else if (result->status == core::SolveStatus::Cancelled || token.isCancelled())
        emit cancelled(generation);
    else
        emit tableFinished(generation, result->table);
}

SolverController::SolverController(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<core::SolveResult>();
    qRegisterMetaType<core::DdTable>();

    m_cardsThread.setObjectName(QStringLiteral("tenace-cards-solver"));
    m_tableThread.setObjectName(QStringLiteral("tenace-table-solver"));
    m_cardsWorker = new SolverWorker;
    m_tableWorker = new SolverWorker;
    m_cardsWorker->moveToThread(&m_cardsThread);
    m_tableWorker->moveToThread(&m_tableThread);

    connect(m_cardsWorker, &SolverWorker::cardsFinished, this, &SolverController::onCardsFinished);
    connect(m_cardsWorker, &SolverWorker::cancelled, this, &SolverController::onCardsEnded);
    connect(m_cardsWorker, &SolverWorker::failed, this,
            [this](quint64 generation, const QString &message) {
                if (generation == m_cardsGeneration)
                    emit solveFailed(message);
                onCardsEnded(generation);
            });
    connect(m_tableWorker, &SolverWorker::tableFinished, this, &SolverController::onTableFinished);
    connect(m_tableWorker, &SolverWorker::cancelled, this, &SolverController::onTableEnded);
    connect(m_tableWorker, &SolverWorker::failed, this,
            [this](quint64 generation, const QString &message) {
                if (generation == m_tableGeneration)
                    emit solveFailed(message);
                onTableEnded(generation);
            });

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &SolverController::dispatchCards);

    m_cardsThread.start();
    m_tableThread.start();
}

SolverController::~SolverController()
{
    m_debounce.stop();
    m_cardsToken.cancel();
    m_tableToken.cancel();
    m_cardsThread.quit();
    m_tableThread.quit();
    m_cardsThread.wait();
    m_tableThread.wait();
    // The threads have stopped: the workers can be deleted from here.
    delete m_cardsWorker;
    delete m_tableWorker;
}

quint64 SolverController::requestCards(const core::Position &position)
{
    m_cardsToken.cancel();
    m_cardsToken = core::CancelToken {};
    ++m_cardsGeneration;
    m_pendingCards = position;
    if (m_debounce.interval() <= 0) {
        m_debounce.stop();
        dispatchCards();
    } else {
        m_debounce.start();
    }
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
    QMetaObject::invokeMethod(
        worker, [worker, generation, deal, token] { worker->solveTable(generation, deal, token); },
        Qt::QueuedConnection);
    updateBusy();
    return generation;
}

void SolverController::cancelAll()
{
    m_debounce.stop();
    m_pendingCards.reset();
    m_cardsToken.cancel();
    m_tableToken.cancel();
    ++m_cardsGeneration;
    ++m_tableGeneration;
    updateBusy();
}

void SolverController::onCardsFinished(quint64 generation, const core::SolveResult &result)
{
    if (generation == m_cardsGeneration && !m_pendingCards)
        emit cardsReady(generation, result);
    onCardsEnded(generation);
}

void SolverController::onTableFinished(quint64 generation, const core::DdTable &table)
{
    if (generation == m_tableGeneration)
        emit tableReady(generation, table);
    onTableEnded(generation);
}

void SolverController::onCardsEnded(quint64)
{
    m_cardsInFlight = std::max(0, m_cardsInFlight - 1);
    updateBusy();
}

void SolverController::onTableEnded(quint64)
{
    m_tableInFlight = std::max(0, m_tableInFlight - 1);
    updateBusy();
}

void SolverController::updateBusy()
{
    const bool busy = m_pendingCards.has_value() || m_cardsInFlight > 0 || m_tableInFlight > 0;
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace tenace::ui
