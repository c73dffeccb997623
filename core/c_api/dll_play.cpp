// Play analysis: the double-dummy value of a played sequence after each card, for declarer's
// side (declarer is the hand on the right of deal.first). One trace on the calling thread's
// solver; a batch on the pool.

#include "core/c_api/dll_internal.h"

#include "core/model/play_state.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>
#include <vector>

using namespace tenace::capi;
using namespace tenace::core;

namespace {

constexpr int maxPlays = 52;

// The cards of a binary trace; false when a suit or rank is out of range.
bool playsOf(const playTraceBin &play, std::vector<Card> &out)
{
    for (int i = 0; i < play.number; ++i) {
        if (play.suit[i] < 0 || play.suit[i] > 3 || play.rank[i] < 2 || play.rank[i] > 14)
            return false;
        out.push_back({suitAt(play.suit[i]), rankOf(play.rank[i])});
    }
    return true;
}

int indexIn(char c, std::string_view letters)
{
    const auto i = letters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    return c == '\0' || i == std::string_view::npos ? -1 : static_cast<int>(i);
}

// The cards of a PBN trace ("SAS2HK..."); false when a card is not suit letter then rank.
bool playsOf(const playTracePBN &play, std::vector<Card> &out)
{
    for (int i = 0; i < play.number; ++i) {
        const int suit = indexIn(play.cards[2 * i], "SHDC");
        const int rank = indexIn(play.cards[2 * i + 1], "23456789TJQKA");
        if (suit < 0 || rank < 0)
            return false;
        out.push_back({suitAt(suit), rankOf(rank + 2)});
    }
    return true;
}

// Declarer's side's tricks in `state`'s deal: won so far plus double dummy from here.
int declarerTricks(Solver &solver, const PlayState &state, Side declarerSide, int &status)
{
    if (state.isFinished())
        return state.tricksWon(declarerSide);
    const Position &p = state.position();
    const auto tricks = solver.tricks(p);
    if (!tricks) {
        status = ddsStatus(tricks.error().code);
        return 0;
    }
    const int future = sideOf(p.toMove()) == declarerSide ? *tricks : p.tricksLeft() - *tricks;
    return state.tricksWon(declarerSide) + future;
}

// The last trick is not analysed: after the cards before it, the rest is forced.
int analyse(Solver &solver, const deal &dl, const std::vector<Card> &plays, solvedPlay &out)
{
    out.number = 0;
    if (const int status = checkDeal(dl, -1, 1, 1); status != RETURN_NO_FAULT)
        return status;
    auto state = PlayState::create(positionOf(dl));
    if (!state)
        return ddsStatus(state.error().code);
    const int cards =
        state->position().remaining.cardCount() + static_cast<int>(state->position().trick.size());
    const int analysed = std::min(static_cast<int>(plays.size()), std::max(cards - 4, 0));
    const Side declarerSide = sideOf(rightHandOpponent(seatAt(dl.first)));
    int status = RETURN_NO_FAULT;
    int tricks[maxPlays + 1] {};
    tricks[0] = declarerTricks(solver, *state, declarerSide, status);
    for (std::size_t j = 0; j < plays.size() && status == RETURN_NO_FAULT; ++j) {
        if (!state->play(plays[j]))
            return RETURN_PLAY_FAULT;
        if (static_cast<int>(j) < analysed)
            tricks[j + 1] = declarerTricks(solver, *state, declarerSide, status);
    }
    if (status != RETURN_NO_FAULT)
        return status;
    out.number = analysed + 1;
    std::copy(tricks, tricks + out.number, out.tricks);
    return RETURN_NO_FAULT;
}

// The cards of a trace; RETURN_PLAY_FAULT for a count outside 0..52 or a card that is none.
template<typename Trace> int readTrace(const Trace &play, std::vector<Card> &plays)
{
    if (play.number < 0 || play.number > maxPlays || !playsOf(play, plays))
        return RETURN_PLAY_FAULT;
    return RETURN_NO_FAULT;
}

template<typename Trace>
int analyseTrace(Solver &solver, const deal &dl, const Trace &play, solvedPlay &out)
{
    out.number = 0;
    std::vector<Card> plays;
    if (const int status = readTrace(play, plays); status != RETURN_NO_FAULT)
        return status;
    return analyse(solver, dl, plays, out);
}

// As DDS: the trace is read before the thread index is checked.
template<typename Trace> int checkTraceAndThread(const Trace &play, int thrId)
{
    std::vector<Card> plays;
    if (const int status = readTrace(play, plays); status != RETURN_NO_FAULT)
        return status;
    if (thrId < 0 || thrId >= MAXNOOFTHREADS)
        return RETURN_THREAD_INDEX;
    return RETURN_NO_FAULT;
}

// Every trace of a batch on the pool; the first fault in board order is returned.
// chunkSize is ignored, as DDS 2.9 does here (it does not even check it).
template<typename Boards, typename Traces>
int analyseAll(Boards *bop, Traces *plp, solvedPlays *solvedp)
{
    if (!bop || !plp || !solvedp)
        return RETURN_UNKNOWN_FAULT;
    if (bop->noOfBoards > MAXNOOFBOARDS)
        return RETURN_TOO_MANY_BOARDS;
    if (bop->noOfBoards != plp->noOfBoards)
        return RETURN_UNKNOWN_FAULT;
    const int count = std::max(bop->noOfBoards, 0);
    solvedp->noOfBoards = count;
    std::vector<int> status(static_cast<std::size_t>(count), RETURN_UNKNOWN_FAULT);
    parallelFor(static_cast<std::size_t>(count), poolOptions(), [&](std::size_t i, Solver &solver) {
        const int b = static_cast<int>(i);
        status[i] = guarded([&] {
            int converted = RETURN_NO_FAULT;
            const deal dl = dealAt(*bop, b, converted);
            if (converted != RETURN_NO_FAULT)
                return converted;
            return analyseTrace(solver, dl, plp->plays[b], solvedp->solved[b]);
        });
    });
    for (int s : status)
        if (s != RETURN_NO_FAULT)
            return s;
    return RETURN_NO_FAULT;
}

} // namespace

int STDCALL AnalysePlayBin(struct deal dl, struct playTraceBin play, struct solvedPlay *solvedp,
                           int thrId)
{
    return guarded([&] {
        if (const int status = checkTraceAndThread(play, thrId); status != RETURN_NO_FAULT)
            return status;
        if (!solvedp)
            return RETURN_UNKNOWN_FAULT;
        return analyseTrace(threadSolver(), dl, play, *solvedp);
    });
}

int STDCALL AnalysePlayPBN(struct dealPBN dlPBN, struct playTracePBN playPBN,
                           struct solvedPlay *solvedp, int thrId)
{
    return guarded([&] {
        if (const int status = checkTraceAndThread(playPBN, thrId); status != RETURN_NO_FAULT)
            return status;
        if (!solvedp)
            return RETURN_UNKNOWN_FAULT;
        deal dl;
        if (dealFromPbn(dlPBN, dl) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return analyseTrace(threadSolver(), dl, playPBN, *solvedp);
    });
}

int STDCALL AnalyseAllPlaysBin(struct boards *bop, struct playTracesBin *plp,
                               struct solvedPlays *solvedp, int /*chunkSize*/)
{
    return guarded([&] { return analyseAll(bop, plp, solvedp); });
}

int STDCALL AnalyseAllPlaysPBN(struct boardsPBN *bopPBN, struct playTracesPBN *plpPBN,
                               struct solvedPlays *solvedp, int /*chunkSize*/)
{
    return guarded([&] { return analyseAll(bopPBN, plpPBN, solvedp); });
}
