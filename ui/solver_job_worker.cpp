#include "ui/solver_job_worker.h"

namespace tenace::ui {

SolverJobWorker::SolverJobWorker(RequestKind kind, QObject *parent) : QObject(parent), m_kind(kind)
{
}

void SolverJobWorker::run(quint64 generation, const SolverJob &job,
                          const tenace::core::CancelToken &token)
{
    if (token.isCancelled()) {
        emit cancelled(m_kind, generation);
        emit ended(m_kind, generation);
        return;
    }
    // Emitted from the pool's threads too: the controller's connections are queued.
    const JobProgress report {
        [this, generation](int done, int total) { emit progress(m_kind, generation, done, total); },
        [this, generation](const QVariant &value) { emit partial(m_kind, generation, value); }};
    const JobOutcome outcome = job(token, report);
    if (outcome.cancelled || token.isCancelled())
        emit cancelled(m_kind, generation);
    else if (!outcome.error.isEmpty())
        emit failed(m_kind, generation, outcome.error);
    else
        emit finished(m_kind, generation, outcome.value);
    emit ended(m_kind, generation);
}

} // namespace tenace::ui
