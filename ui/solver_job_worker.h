#pragma once

// The worker behind the SolverController's longer requests (play analysis, simulation, save with
// DD results, print tables, single dummy, review of a played board, a lesson's step, αμ): it runs
// one job at a time on its thread, each job a closure over a value snapshot that solves on the core
// pool and reports progress. It never touches widgets and never outlives its controller, which owns
// its thread. Must never be driven by anything but the SolverController (it does not know about
// stale generations: the controller drops them).

#include "core/solver/solver.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QVariant>

#include <functional>

namespace tenace::ui {

// The kinds of request the SolverController runs besides card scores and the DD table.
enum class RequestKind {
    PlayAnalysis,
    Simulation,
    SaveResults,
    PrintTables,
    SingleDummy,
    Review,
    Lesson,
    AlphaMu
};
inline constexpr int requestKindCount = 8;

// What a job hands back: a value, an error, or that it was cancelled.
struct JobOutcome
{
    QVariant value;
    QString error;
    bool cancelled = false;
};

// How a job reports while it runs: `progress(done, total)` counts, `partial(value)` hands over
// the results so far (a job that improves an estimate). Either may be called from any thread.
struct JobProgress
{
    std::function<void(int, int)> counts;
    std::function<void(const QVariant &)> partial;
    void operator()(int done, int total) const { counts(done, total); }
};

// A job: blocking, on the worker's thread.
using SolverJob =
    std::function<JobOutcome(const tenace::core::CancelToken &, const JobProgress &progress)>;

class SolverJobWorker : public QObject
{
    Q_OBJECT
public:
    explicit SolverJobWorker(RequestKind kind, QObject *parent = nullptr);

    // Runs `job` unless `token` is already cancelled; emits exactly one of finished, failed or
    // cancelled, then ended.
    void run(quint64 generation, const SolverJob &job, const tenace::core::CancelToken &token);

signals:
    void progress(tenace::ui::RequestKind kind, quint64 generation, int done, int total);
    void partial(tenace::ui::RequestKind kind, quint64 generation, const QVariant &value);
    void finished(tenace::ui::RequestKind kind, quint64 generation, const QVariant &value);
    void failed(tenace::ui::RequestKind kind, quint64 generation, const QString &message);
    void cancelled(tenace::ui::RequestKind kind, quint64 generation);
    void ended(tenace::ui::RequestKind kind, quint64 generation);

private:
    RequestKind m_kind;
};

} // namespace tenace::ui

Q_DECLARE_METATYPE(tenace::ui::RequestKind)
