#include "core/solver/solver.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

// The pool of solvers: threads started per call, one Solver each, jobs handed out by an atomic
// index. Never touches the jobs' data; never outlives the call.

namespace tenace::core {

int poolThreads(int threads, std::size_t jobs)
{
    const int wanted =
        threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return static_cast<int>(std::clamp<std::size_t>(static_cast<std::size_t>(wanted), 1,
                                                    std::max<std::size_t>(jobs, 1)));
}

void parallelFor(std::size_t count, const PoolOptions &options,
                 const std::function<void(std::size_t, Solver &)> &job, const CancelToken &cancel,
                 const std::function<void(std::size_t)> &done)
{
    std::atomic<std::size_t> next {0};
    auto work = [&] {
        Solver solver(options.solver);
        for (std::size_t i = next++; i < count && !cancel.isCancelled(); i = next++) {
            job(i, solver);
            if (done)
                done(i);
        }
    };
    std::vector<std::thread> threads;
    const int n = poolThreads(options.threads, count);
    for (int i = 1; i < n; ++i)
        threads.emplace_back(work);
    work();
    for (std::thread &t : threads)
        t.join();
}

} // namespace tenace::core
