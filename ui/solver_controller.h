#pragma once

// The one road every solve in the GUI takes (STYLE.md, "The solver worker"). SolverController
// lives on the GUI thread and never waits; it owns two QThreads, each running a SolverWorker:
// one scores the cards of the current position (its Solver stays warm between positions of the
// same deal), the other computes DD tables (strains spread over the core pool, each strain
// reported as soon as it is known). The longer requests (play analysis, simulation, save with DD
// results, print tables) run on a thread per kind, each with a SolverJobWorker, started on first
// use. Each request cancels the previous one of its kind, bumps that kind's generation counter
// and sends a value snapshot; results of stale generations are dropped before anything is
// emitted. Card requests are debounced (bursts of clicks or undo). The destructor cancels, quits
// and waits: the only wait on the GUI thread.

#include "ui/solver_job_worker.h"

#include "core/analysis/alpha_mu.h"
#include "core/analysis/lesson.h"
#include "core/analysis/play_review.h"
#include "core/analysis/simulation.h"
#include "core/analysis/single_dummy.h"
#include "core/model/dd_table.h"
#include "core/model/deal.h"
#include "core/model/position.h"
#include "core/solver/solver.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <array>
#include <memory>
#include <optional>
#include <vector>

namespace tenace::ui {

// Lowers the calling thread's priority (nice +5 on Linux) for solver work, so that the GUI
// thread gets a core first.
void lowerCurrentThreadPriority();

// Per-card scores of one position, with the position they belong to. Value type.
struct CardsReport
{
    tenace::core::Position position;
    tenace::core::SolveResult result;
    qint64 milliseconds = 0;
};

// A DD table, possibly partial: bit i of `strains` set when strain i is known. Value type.
struct TableReport
{
    tenace::core::Deal deal;
    tenace::core::DdTable table;
    unsigned strains = 0;
    std::uint64_t nodes = 0;
    qint64 milliseconds = 0;
    bool isComplete() const { return strains == 0x1f; }
};

// The recorded play of a board to analyse: declarer's side's DD tricks after every card.
struct PlayAnalysisRequest
{
    tenace::core::Deal deal;
    tenace::core::Strain trump = tenace::core::Strain::NoTrump;
    tenace::core::Seat leader = tenace::core::Seat::West;
    std::vector<tenace::core::Card> plays;
};

// A recorded play to review single dummy (core::reviewPlay): the cards that cost a DD trick,
// each judged a mistake or bad luck.
struct ReviewRequest
{
    tenace::core::Deal deal;
    tenace::core::Contract contract;
    tenace::core::Vulnerability vulnerability = tenace::core::Vulnerability::None;
    std::vector<tenace::core::Card> play;
    tenace::core::ReviewOptions options;
};
struct ReviewReport
{
    ReviewRequest request;
    tenace::core::PlayReview review;
};

// One step of a lesson (a snapshot): the student's card when given, else the defenders' card.
struct LessonStep
{
    std::optional<tenace::core::Lesson> lesson;
    std::optional<tenace::core::Card> studentCard;
};
// The lesson after the step, the defenders' card or the student card's decision.
struct LessonReport
{
    std::optional<tenace::core::Lesson> lesson;
    std::optional<tenace::core::Card> defenderCard;
    std::optional<tenace::core::LessonDecision> decision;
    qint64 milliseconds = 0;
};

// What the requests hand back (in requestFinished's QVariant), by kind: PlayAnalysis a
// PlayAnalysisReport, Simulation a core::SimulationResult, SaveResults the PBN bytes
// (QByteArray), PrintTables TableResults, SingleDummy a core::SingleDummyResult (also in
// requestPartial after each batch), Review a ReviewReport, Lesson a LessonReport, AlphaMu a
// core::AlphaMuResult (also in requestPartial after each depth).
struct PlayAnalysisReport
{
    PlayAnalysisRequest request;
    tenace::core::PlayAnalysis analysis;
};
using TableResults = std::vector<tenace::core::Result<tenace::core::TableResult>>;

class BoardFile;

} // namespace tenace::ui

Q_DECLARE_METATYPE(tenace::ui::CardsReport)
Q_DECLARE_METATYPE(tenace::ui::TableReport)
Q_DECLARE_METATYPE(tenace::ui::PlayAnalysisReport)
Q_DECLARE_METATYPE(tenace::core::SimulationResult)
Q_DECLARE_METATYPE(tenace::ui::TableResults)
Q_DECLARE_METATYPE(tenace::core::SingleDummyResult)
Q_DECLARE_METATYPE(tenace::core::AlphaMuResult)
Q_DECLARE_METATYPE(tenace::ui::ReviewReport)
Q_DECLARE_METATYPE(tenace::ui::LessonReport)

namespace tenace::ui {

// Runs on a worker thread; owns its Solver; never touches widgets. Its functions are invoked by
// queued calls from SolverController; the token may already be cancelled when a job starts.
class SolverWorker : public QObject
{
    Q_OBJECT
public:
    explicit SolverWorker(QObject *parent = nullptr);

    void solveCards(quint64 generation, const tenace::core::Position &position,
                    const tenace::core::CancelToken &token);
    // `threads`: threads for the strains (0: all cores, at most 5); each has its own Solver
    // limited to `config`.
    void solveTable(quint64 generation, const tenace::core::Deal &deal,
                    const tenace::core::CancelToken &token, int threads,
                    const tenace::core::SolverConfig &config);
    // Replaces the card solver by one limited to `config` (its table starts cold).
    void configure(const tenace::core::SolverConfig &config);

signals:
    void cardsFinished(quint64 generation, const tenace::ui::CardsReport &report);
    // Emitted after each strain (from the worker's helper threads too), then once complete.
    void tableProgress(quint64 generation, const tenace::ui::TableReport &report);
    void failed(quint64 generation, const QString &message);
    void cancelled(quint64 generation);
    // The job of `generation` is over, whatever its outcome.
    void ended(quint64 generation);

private:
    std::unique_ptr<tenace::core::Solver> m_solver;
};

class SolverController : public QObject
{
    Q_OBJECT
public:
    explicit SolverController(QObject *parent = nullptr);
    ~SolverController() override;

    // Delay before a card request is sent to the worker; 0 sends at once. Default 150 ms
    // (the first request after a quiet spell goes at once: only bursts wait).
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }
    int debounceMs() const { return m_debounce.interval(); }
    // Threads for DD tables (0: all cores) and the transposition-table limit of every solver;
    // used from the next request on.
    void setSolverLimits(int tableThreads, std::size_t tableBytes);
    int tableThreads() const { return m_tableThreads; }
    std::size_t tableBytes() const { return m_tableBytes; }

    // Scores every legal card of `position`. Returns the generation the result will carry.
    quint64 requestCards(const tenace::core::Position &position);
    // Computes the DD table of a complete deal. Returns the generation.
    quint64 requestTable(const tenace::core::Deal &deal);
    // Drops pending and running jobs; no result of an earlier request is delivered afterwards.
    void cancelAll();
    void cancelCards();
    void cancelTable();

    // The longer requests. Each returns the generation its signals will carry; a new request
    // of a kind cancels the previous one of that kind only.
    quint64 requestPlayAnalysis(const PlayAnalysisRequest &request);
    quint64 requestSimulation(const tenace::core::SimulationSpec &spec);
    // Every board of `file` (a snapshot) with its DD results, as PBN bytes.
    quint64 requestSaveResults(const BoardFile &file);
    // The DD tables of `deals`, with the table threads and memory of setSolverLimits().
    quint64 requestPrintTables(const std::vector<tenace::core::Deal> &deals);
    // Single-dummy values of the cards of the seat to play (`spec` is a snapshot): the values
    // so far arrive in singleDummyProgress after each batch, then requestFinished.
    quint64 requestSingleDummy(const tenace::core::SingleDummySpec &spec);
    quint64 requestReview(const ReviewRequest &request);
    // αμ values of declarer's side's cards (`spec` is a snapshot): the values after each depth
    // arrive in alphaMuProgress, the last ones in requestFinished too.
    quint64 requestAlphaMu(const tenace::core::AlphaMuSpec &spec);
    // A lesson's step: the defenders' card played, or the student's card and its decision.
    quint64 requestLesson(const LessonStep &step);
    // Cancels the running request of `kind`: requestCancelled follows with its generation.
    void cancelRequest(RequestKind kind);
    quint64 requestGeneration(RequestKind kind) const { return lane(kind).generation; }
    bool isRequestBusy(RequestKind kind) const { return lane(kind).inFlight > 0; }

    quint64 cardsGeneration() const { return m_cardsGeneration; }
    quint64 tableGeneration() const { return m_tableGeneration; }
    bool isBusy() const { return m_busy; }
    bool isCardsBusy() const { return m_pendingCards.has_value() || m_cardsInFlight > 0; }
    bool isTableBusy() const { return m_tableInFlight > 0; }

signals:
    void cardsReady(quint64 generation, const tenace::ui::CardsReport &report);
    // Each strain as it is solved; the last one has isComplete().
    void tableProgress(quint64 generation, const tenace::ui::TableReport &report);
    void solveFailed(const QString &message);
    void busyChanged(bool busy);
    // The longer requests, current generations only.
    void requestProgress(tenace::ui::RequestKind kind, quint64 generation, int done, int total);
    // The results so far of a request that refines them (current generations only).
    void requestPartial(tenace::ui::RequestKind kind, quint64 generation, const QVariant &value);
    // The single-dummy values so far (after each batch; the last one is in requestFinished).
    void singleDummyProgress(quint64 generation, const tenace::core::SingleDummyResult &result);
    // The αμ values after each completed depth (current generations only).
    void alphaMuProgress(quint64 generation, const tenace::core::AlphaMuResult &result);
    void requestFinished(tenace::ui::RequestKind kind, quint64 generation, const QVariant &value);
    void requestFailed(tenace::ui::RequestKind kind, quint64 generation, const QString &message);
    void requestCancelled(tenace::ui::RequestKind kind, quint64 generation);

private:
    // One kind of longer request: its thread (started on first use), worker, token and
    // generation.
    struct Lane
    {
        QThread thread;
        SolverJobWorker *worker = nullptr;
        tenace::core::CancelToken token;
        quint64 generation = 0;
        int inFlight = 0;
    };
    Lane &lane(RequestKind kind) { return *m_lanes[static_cast<std::size_t>(kind)]; }
    const Lane &lane(RequestKind kind) const { return *m_lanes[static_cast<std::size_t>(kind)]; }
    quint64 startRequest(RequestKind kind, SolverJob job);

    void dispatchCards();
    void onCardsFinished(quint64 generation, const CardsReport &report);
    void onTableProgress(quint64 generation, const TableReport &report);
    void updateBusy();

    int m_tableThreads = 0;
    std::size_t m_tableBytes = tenace::core::defaultTableBytes;
    QThread m_cardsThread;
    QThread m_tableThread;
    SolverWorker *m_cardsWorker = nullptr;
    SolverWorker *m_tableWorker = nullptr;
    QTimer m_debounce;

    std::optional<tenace::core::Position> m_pendingCards;
    tenace::core::CancelToken m_cardsToken;
    tenace::core::CancelToken m_tableToken;
    quint64 m_cardsGeneration = 0;
    quint64 m_tableGeneration = 0;
    int m_cardsInFlight = 0;
    int m_tableInFlight = 0;
    bool m_busy = false;
    std::array<std::unique_ptr<Lane>, requestKindCount> m_lanes;
};

} // namespace tenace::ui
