#include "core/analysis/alpha_mu.h"

#include "core/analysis/alpha_mu_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tenace::core {

namespace {

using detail::bestScore;
using detail::Clock;
using detail::Outcome;
using detail::Search;
using detail::Worlds;

// What the search starts from: the known hands of declarer's side, the trick, the tricks won.
struct Setup
{
    Position known;
    int won = 0;
    std::vector<Card> legal; // S H D C, high to low
    std::vector<Deal> worlds;
};

Status checkWorld(const Deal &world, const LayoutKnowledge &knowledge, const Position &known,
                  std::size_t i)
{
    const std::string name = "world " + std::to_string(i + 1);
    Hand hidden;
    for (const Seat s : allSeats) {
        if (knowledge.hidden[static_cast<std::size_t>(index(s))] > 0)
            hidden = hidden | world[s];
        else if (world[s] != known.remaining[s])
            return Error {ErrorCode::InvalidArgument,
                          name + ": " + std::string(seatName(s)) +
                              "'s cards are not the known ones"};
    }
    if (hidden != knowledge.unseen)
        return Error {ErrorCode::InvalidArgument,
                      name + ": the hidden hands do not hold the unseen cards"};
    if (auto ok = validate(Position {world, known.trump, known.leader, known.trick}); !ok)
        return Error {ErrorCode::InvalidArgument, name + ": " + ok.error().message};
    return Ok {};
}

Result<Setup> prepare(const AlphaMuSpec &spec)
{
    const SingleDummySpec &b = spec.base;
    const Contract &contract = b.contract;
    const Seat dummy = partner(contract.declarer);
    const Side side = sideOf(contract.declarer);
    Setup setup;
    Seat leader = contract.openingLeader();
    std::vector<Card> trick;
    for (const Card card : b.played) {
        trick.push_back(card);
        if (trick.size() < 4)
            continue;
        const std::array<Card, 4> cards {trick[0], trick[1], trick[2], trick[3]};
        leader = trickWinner(leader, cards, contract.strain);
        setup.won += sideOf(leader) == side;
        trick.clear();
    }
    const Seat toMove = next(leader, static_cast<int>(trick.size()));
    if (sideOf(toMove) != side)
        return Error {ErrorCode::InvalidArgument,
                      "αμ values the cards of declarer's side, and " +
                          std::string(seatName(toMove)) + " (a defender) is to play"};
    auto knowledge = layoutKnowledge(b.start, contract.strain, contract.openingLeader(), b.played,
                                     contract.declarer, dummy);
    if (!knowledge)
        return knowledge.error();
    setup.known = {knowledge->known, contract.strain, leader, trick};
    if (setup.known.remaining[toMove].empty())
        return Error {ErrorCode::InvalidArgument, "the play is over: no card to value"};
    setup.legal = setup.known.legalCards().cards();
    if (!spec.worlds.empty()) {
        for (std::size_t i = 0; i < spec.worlds.size(); ++i)
            if (auto ok = checkWorld(spec.worlds[i], *knowledge, setup.known, i); !ok)
                return ok.error();
        setup.worlds = spec.worlds;
    } else {
        if (b.layouts < 1)
            return Error {ErrorCode::InvalidArgument, "the number of worlds must be at least 1"};
        auto sampler = LayoutSampler::make(*knowledge, b.constraints);
        if (!sampler)
            return sampler.error();
        Xoshiro256 random(b.seed); // as analyseSingleDummy draws them: the same layouts
        for (int i = 0; i < b.layouts && i <= maxAlphaMuWorlds; ++i) {
            auto layout = sampler->sample(random);
            if (!layout)
                return layout.error();
            setup.worlds.push_back(*layout);
        }
    }
    if (setup.worlds.size() > static_cast<std::size_t>(maxAlphaMuWorlds))
        return Error {ErrorCode::InvalidArgument,
                      std::to_string(spec.worlds.empty() ? b.layouts : spec.worlds.size()) +
                          " worlds (expected at most " + std::to_string(maxAlphaMuWorlds) + ")"};
    return setup;
}

AlphaMuResult summarise(const Setup &setup, const Search &search, const std::vector<Card> &moves,
                        const std::vector<int> &score, const std::vector<int> &depth)
{
    AlphaMuResult r;
    const double n = static_cast<double>(setup.worlds.size());
    r.worlds = static_cast<int>(setup.worlds.size());
    for (const Card card : setup.legal) {
        std::size_t i = 0;
        while (i + 1 < moves.size() && !search.sameClass(moves[i], card))
            ++i;
        AlphaMuCard v;
        v.card = card;
        v.make = score[i] / n;
        v.makeSe = std::sqrt(v.make * (1 - v.make) / n);
        v.depth = depth[i];
        r.cards.push_back(v);
    }
    std::stable_sort(r.cards.begin(), r.cards.end(),
                     [](const AlphaMuCard &a, const AlphaMuCard &b) { return a.make > b.make; });
    r.stats = search.stats();
    return r;
}

} // namespace

Result<std::vector<Deal>> alphaMuWorlds(const AlphaMuSpec &spec)
{
    auto setup = prepare(spec);
    if (!setup)
        return setup.error();
    return setup->worlds;
}

Result<AlphaMuResult> analyseAlphaMu(const AlphaMuSpec &spec, const CancelToken &cancel,
                                     const std::function<void(const AlphaMuResult &)> &progress)
{
    auto setup = prepare(spec);
    if (!setup)
        return setup.error();
    const Contract &contract = spec.base.contract;
    Search search(setup->worlds, setup->known, setup->won, sideOf(contract.declarer),
                  contract.tricksNeeded(), spec, cancel);
    const Clock::time_point start = Clock::now();
    const std::vector<Card> moves = search.rootMoves();
    std::vector<int> score(moves.size(), 0), depth(moves.size(), 0);
    AlphaMuResult result = summarise(*setup, search, moves, score, depth);
    result.viewer = contract.declarer;
    for (int m = 1; spec.depth <= 0 || m <= spec.depth; ++m) {
        const bool timed = m > 1 && spec.budget.count() > 0;
        search.startDepth(timed ? start + spec.budget : Clock::time_point::max());
        const Worlds keep = search.keepWorlds(search.all(), m, moves);
        if (search.stopped())
            break;
        std::vector<std::size_t> order(moves.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return score[a] > score[b]; });
        std::vector<int> nextScore(moves.size(), 0), nextDepth(moves.size(), m);
        int best = -1;
        for (std::size_t k = 0; k < order.size() && !keep.empty(); ++k) {
            const std::size_t i = order[k];
            search.setBound(best);
            const Outcome o = search.afterCard(moves[i], keep, m - 1);
            if (search.stopped())
                break;
            const int s = bestScore(o.front, keep);
            if (o.exact || s > best) {
                nextScore[i] = s;
                best = std::max(best, s);
            } else { // cut: it cannot beat the best card; the last depth's value bounds it
                nextScore[i] = score[i];
                nextDepth[i] = depth[i];
            }
        }
        if (search.stopped())
            break;
        score = nextScore;
        depth = nextDepth;
        const bool complete = keep.empty() || !search.reachedDepth();
        const int millis = static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count());
        std::vector<int> times = result.depthMillis;
        times.push_back(millis);
        result = summarise(*setup, search, moves, score, depth);
        result.viewer = contract.declarer;
        result.depth = m;
        result.complete = complete;
        result.depthMillis = times;
        if (progress)
            progress(result);
        if (complete || (spec.budget.count() > 0 && Clock::now() - start >= spec.budget))
            break;
    }
    result.stats = search.stats();
    if (cancel.isCancelled())
        result.status = SolveStatus::Cancelled;
    return result;
}

Result<std::uint64_t> countUncutLeaves(const AlphaMuSpec &spec, int depth, std::uint64_t limit)
{
    auto setup = prepare(spec);
    if (!setup)
        return setup.error();
    const Contract &contract = spec.base.contract;
    const CancelToken never;
    Search search(setup->worlds, setup->known, setup->won, sideOf(contract.declarer),
                  contract.tricksNeeded(), spec, never);
    std::uint64_t n = 0;
    for (const Card card : search.rootMoves())
        if (n < limit)
            n += search.countLeavesAfter(card, depth - 1, limit - n);
    return n;
}

} // namespace tenace::core
