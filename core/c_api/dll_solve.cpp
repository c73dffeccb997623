// SolveBoard and its batch forms. A batch runs on the pool (poolOptions()), one solver per thread
// kept warm across its boards, so repeated deals in a batch reuse the transposition table as
// DDS's own batching does.

#include "core/c_api/dll_internal.h"

#include <algorithm>
#include <vector>

using namespace tenace::capi;
using tenace::core::Solver;

namespace {

int solveBoard(const deal &dl, int target, int solutions, int mode, futureTricks *futp,
               int threadIndex)
{
    if (threadIndex < 0 || threadIndex >= MAXNOOFTHREADS)
        return RETURN_THREAD_INDEX;
    if (!futp)
        return RETURN_UNKNOWN_FAULT;
    return solveWith(threadSolver(), dl, target, solutions, mode, *futp);
}

// Solves every board of `bop` on the pool; the first fault in board order is returned (the
// boards without one are solved all the same).
template<typename Boards> int solveAll(Boards *bop, solvedBoards *solvedp)
{
    if (!bop || !solvedp)
        return RETURN_UNKNOWN_FAULT;
    if (bop->noOfBoards > MAXNOOFBOARDS)
        return RETURN_TOO_MANY_BOARDS;
    const int count = std::max(bop->noOfBoards, 0);
    solvedp->noOfBoards = count;
    std::vector<int> status(static_cast<std::size_t>(count), RETURN_UNKNOWN_FAULT);
    tenace::core::parallelFor(
        static_cast<std::size_t>(count), poolOptions(), [&](std::size_t i, Solver &solver) {
            const int b = static_cast<int>(i);
            status[i] = guarded([&] {
                int converted = RETURN_NO_FAULT;
                const deal dl = dealAt(*bop, b, converted);
                if (converted != RETURN_NO_FAULT)
                    return converted;
                return solveWith(solver, dl, bop->target[b], bop->solutions[b], bop->mode[b],
                                 solvedp->solvedBoard[b]);
            });
        });
    for (int s : status)
        if (s != RETURN_NO_FAULT)
            return s;
    return RETURN_NO_FAULT;
}

} // namespace

int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                       struct futureTricks *futp, int threadIndex)
{
    return guarded([&] { return solveBoard(dl, target, solutions, mode, futp, threadIndex); });
}

int STDCALL SolveBoardPBN(struct dealPBN dlPBN, int target, int solutions, int mode,
                          struct futureTricks *futp, int threadIndex)
{
    return guarded([&] {
        deal dl;
        if (dealFromPbn(dlPBN, dl) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return solveBoard(dl, target, solutions, mode, futp, threadIndex);
    });
}

int STDCALL SolveAllBoards(struct boardsPBN *bop, struct solvedBoards *solvedp)
{
    return guarded([&] { return solveAll(bop, solvedp); });
}

int STDCALL SolveAllBoardsBin(struct boards *bop, struct solvedBoards *solvedp)
{
    return guarded([&] { return solveAll(bop, solvedp); });
}

int STDCALL SolveAllChunks(struct boardsPBN *bop, struct solvedBoards *solvedp, int chunkSize)
{
    return chunkSize < 1 ? RETURN_CHUNK_SIZE : SolveAllBoards(bop, solvedp);
}

int STDCALL SolveAllChunksBin(struct boards *bop, struct solvedBoards *solvedp, int chunkSize)
{
    return chunkSize < 1 ? RETURN_CHUNK_SIZE : SolveAllBoardsBin(bop, solvedp);
}

int STDCALL SolveAllChunksPBN(struct boardsPBN *bop, struct solvedBoards *solvedp, int chunkSize)
{
    return chunkSize < 1 ? RETURN_CHUNK_SIZE : SolveAllBoards(bop, solvedp);
}
