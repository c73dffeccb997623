#include "core/analysis/single_dummy.h"

#include "core/model/scoring.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <numeric>

namespace tenace::core {

namespace {

// Where the play stands after `played`: the current trick and the tricks declarer's side won.
struct PlayRecord
{
    Seat leader = Seat::West;
    std::vector<Card> trick;
    int declarerTricks = 0;
    Seat toMove() const { return next(leader, static_cast<int>(trick.size())); }
};

PlayRecord replay(std::span<const Card> played, Seat openingLeader, Strain trump, Side declarer)
{
    PlayRecord r;
    r.leader = openingLeader;
    for (const Card card : played) {
        r.trick.push_back(card);
        if (r.trick.size() < 4)
            continue;
        const std::array<Card, 4> cards {r.trick[0], r.trick[1], r.trick[2], r.trick[3]};
        r.leader = trickWinner(r.leader, cards, trump);
        r.declarerTricks += sideOf(r.leader) == declarer;
        r.trick.clear();
    }
    return r;
}

// Plays `card` for the seat to move (it must be legal).
void playCard(Position &p, Card card)
{
    p.remaining[p.toMove()].remove(card);
    p.trick.push_back(card);
    if (p.trick.size() == 4) {
        const std::array<Card, 4> cards {p.trick[0], p.trick[1], p.trick[2], p.trick[3]};
        p.leader = trickWinner(p.leader, cards, p.trump);
        p.trick.clear();
    }
}

// The cards of a solve's groups that score `score` (equal cards expanded).
Hand cardsScoring(const SolveResult &solved, int score)
{
    Hand hand;
    for (const CardScore &s : solved.cards) {
        if (s.score == score) {
            hand.add(s.card);
            hand = hand | s.equals;
        }
    }
    return hand;
}

// What one layout says of each legal card.
struct LayoutOutcome
{
    std::vector<int> tricks; // declarer's side's final tricks, per legal card
    std::vector<Hand> nextBest; // the right cards at the side's next decision (empty: none)
    std::uint64_t nodes = 0;
    bool cancelled = false;
};

struct Context
{
    const SingleDummySpec &spec;
    PlayRecord record;
    Seat viewer;
    Side declarerSide;
    std::vector<Card> legal; // the seat to play's legal cards, S H D C high to low
};

bool controlledBy(const Context &c, Seat seat)
{
    if (sideOf(c.viewer) == c.declarerSide)
        return sideOf(seat) == c.declarerSide; // declarer plays dummy's cards too
    return seat == c.viewer;
}

// The right cards at the viewer's next decision after `card`, the others playing double dummy;
// empty when the play ends first or the choice does not matter.
Hand nextDecision(const Context &c, Position p, Card card, Solver &solver,
                  const CancelToken &cancel)
{
    playCard(p, card);
    for (int step = 0; step < 4 && p.tricksLeft() > 0; ++step) {
        SolveOptions options;
        const bool ours = controlledBy(c, p.toMove());
        options.cards = ours ? CardSelection::All : CardSelection::One;
        auto solved = solver.solve(p, options, cancel);
        if (!solved || solved->status == SolveStatus::Cancelled || solved->cards.empty())
            return {};
        if (ours) {
            const Hand best = cardsScoring(*solved, solved->cards.front().score);
            return best == p.legalCards() ? Hand {} : best;
        }
        playCard(p, solved->cards.front().card);
    }
    return {};
}

LayoutOutcome solveLayout(const Context &c, const Deal &layout, Solver &solver,
                          const CancelToken &cancel)
{
    LayoutOutcome out;
    const Position p {layout, c.spec.contract.strain, c.record.leader, c.record.trick};
    const std::uint64_t before = solver.nodes();
    auto solved = solver.solve(p, {}, cancel);
    if (!solved || solved->status == SolveStatus::Cancelled) {
        out.cancelled = true;
        return out;
    }
    const bool declarerToMove = sideOf(p.toMove()) == c.declarerSide;
    const int left = p.tricksLeft();
    out.tricks.assign(c.legal.size(), 0);
    out.nextBest.assign(c.legal.size(), Hand {});
    for (const CardScore &s : solved->cards) {
        const int final = c.record.declarerTricks + (declarerToMove ? s.score : left - s.score);
        Hand group = s.equals;
        group.add(s.card);
        Hand next;
        if (c.spec.guesses)
            next = nextDecision(c, p, s.card, solver, cancel);
        for (std::size_t i = 0; i < c.legal.size(); ++i) {
            if (group.contains(c.legal[i])) {
                out.tricks[i] = final;
                out.nextBest[i] = next;
            }
        }
    }
    out.nodes = solver.nodes() - before;
    out.cancelled = cancel.isCancelled();
    return out;
}

double standardError(double sum, double squares, int n)
{
    if (n < 2)
        return 0;
    const double mean = sum / n;
    const double variance = std::max(0.0, (squares - n * mean * mean) / (n - 1));
    return std::sqrt(variance / n);
}

SingleDummyResult summarise(const Context &c, const std::vector<LayoutOutcome> &outcomes, int n)
{
    SingleDummyResult result;
    result.viewer = c.viewer;
    result.layouts = n;
    const Contract &contract = c.spec.contract;
    const bool vulnerable = isVulnerable(c.spec.vulnerability, c.declarerSide);
    const int sign = sideOf(c.viewer) == c.declarerSide ? 1 : -1;
    const std::size_t cards = c.legal.size();
    // The viewer side's score of card i on layout l.
    auto viewerScore = [&](std::size_t l, std::size_t i) {
        return sign * score(contract, outcomes[l].tricks[i], vulnerable);
    };
    std::vector<double> meanScore(cards, 0);
    for (std::size_t i = 0; i < cards; ++i) {
        for (int l = 0; l < n; ++l)
            meanScore[i] += viewerScore(static_cast<std::size_t>(l), i);
        meanScore[i] /= std::max(n, 1);
    }
    const std::size_t best = static_cast<std::size_t>(
        std::max_element(meanScore.begin(), meanScore.end()) - meanScore.begin());
    for (std::size_t i = 0; i < cards; ++i) {
        CardValue v;
        v.card = c.legal[i];
        double t = 0, t2 = 0, m = 0, imp = 0, imp2 = 0;
        int better = 0, equal = 0, decisions = 0;
        std::array<int, 64> right {};
        for (int l = 0; l < n; ++l) {
            const LayoutOutcome &o = outcomes[static_cast<std::size_t>(l)];
            const int tricks = o.tricks[i];
            t += tricks;
            t2 += static_cast<double>(tricks) * tricks;
            m += tricks >= contract.tricksNeeded();
            const int diff = viewerScore(static_cast<std::size_t>(l), i) -
                viewerScore(static_cast<std::size_t>(l), best);
            const int d = imps(diff);
            imp += d;
            imp2 += static_cast<double>(d) * d;
            better += diff > 0;
            equal += diff == 0;
            if (!o.nextBest[i].empty()) {
                ++decisions;
                for (const Card card : o.nextBest[i].cards())
                    ++right[static_cast<std::size_t>(card.bit())];
            }
        }
        const double count = std::max(n, 1);
        v.tricks = t / count;
        v.tricksSe = standardError(t, t2, n);
        v.make = m / count;
        v.makeSe = n > 1 ? std::sqrt(v.make * (1 - v.make) / n) : 0;
        v.imps = imp / count;
        v.impsSe = standardError(imp, imp2, n);
        v.better = better / count;
        v.equal = equal / count;
        v.worse = 1 - v.better - v.equal;
        // A guess: at the next decision no card is right in 95% of the layouts that reach one
        // (and enough of them do for it to matter).
        const int mostRight = *std::max_element(right.begin(), right.end());
        v.guess = decisions >= std::max(4, n / 20) && mostRight < 0.95 * decisions;
        result.cards.push_back(v);
    }
    std::vector<std::size_t> order(cards);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return meanScore[a] > meanScore[b]; });
    std::vector<CardValue> sorted;
    for (const std::size_t i : order)
        sorted.push_back(result.cards[i]);
    result.cards = std::move(sorted);
    for (int l = 0; l < n; ++l) // only the prefix: later layouts may be being solved
        result.nodes += outcomes[static_cast<std::size_t>(l)].nodes;
    return result;
}

// Whether the best card (by the summary) is ahead of every card that differs from it on some
// layout by more than two standard errors of the paired difference of the viewer side's tricks.
bool isSettled(const Context &c, const std::vector<LayoutOutcome> &outcomes, int n,
               const SingleDummyResult &summary)
{
    if (n < 10 || summary.cards.size() < 2)
        return summary.cards.size() < 2;
    const int sign = sideOf(c.viewer) == c.declarerSide ? 1 : -1;
    auto indexOf = [&](Card card) {
        return static_cast<std::size_t>(std::find(c.legal.begin(), c.legal.end(), card) -
                                        c.legal.begin());
    };
    const std::size_t best = indexOf(summary.cards.front().card);
    for (std::size_t i = 0; i < c.legal.size(); ++i) {
        if (i == best)
            continue;
        double sum = 0, squares = 0;
        for (int l = 0; l < n; ++l) {
            const LayoutOutcome &o = outcomes[static_cast<std::size_t>(l)];
            const double d = sign * (o.tricks[best] - o.tricks[i]);
            sum += d;
            squares += d * d;
        }
        if (squares == 0)
            continue; // the same card on every layout so far
        if (sum / n <= 2 * standardError(sum, squares, n))
            return false;
    }
    return true;
}

// Solves the layouts on the pool, one continuous run (no thread waits for a batch's slowest
// layout). The values are over a prefix of the layouts, so that they are the same on any number of
// threads: progress and the settled test at fixed prefix lengths (the first report after twice
// the threads, for a quick first estimate, then every `batch`), called by whichever thread
// completes the prefix, one at a time and in order.
Result<SingleDummyResult>
solveLayouts(const Context &c, const std::vector<Deal> &layouts, const CancelToken &cancel,
             const std::function<void(const SingleDummyResult &)> &progress)
{
    const SingleDummySpec &spec = c.spec;
    const int total = static_cast<int>(layouts.size());
    const int threads = poolThreads(spec.pool.threads, layouts.size());
    const int first = spec.batch > 0 ? spec.batch : 2 * threads;
    const int batch = spec.batch > 0 ? spec.batch : std::max(4 * threads, total / 40);
    std::vector<LayoutOutcome> outcomes(layouts.size());
    std::vector<char> finished(layouts.size(), 0);
    std::mutex mutex; // guards finished, prefix, next, settledAt (and publishes outcomes)
    int prefix = 0; // layouts 0..prefix-1 all solved
    int next = std::min(first, total); // the next prefix length that reports
    std::atomic<int> settledAt {0}; // > 0: the values stop at this prefix
    parallelFor(
        layouts.size(), spec.pool,
        [&](std::size_t l, Solver &solver) {
            if (settledAt.load(std::memory_order_relaxed) == 0)
                outcomes[l] = solveLayout(c, layouts[l], solver, cancel);
        },
        cancel,
        [&](std::size_t l) {
            const std::lock_guard lock(mutex);
            finished[l] = 1;
            while (prefix < total && finished[static_cast<std::size_t>(prefix)])
                ++prefix;
            while (settledAt == 0 && next < total && prefix >= next) {
                const int n = next;
                next = std::min(n + batch, total);
                if (!progress && !spec.untilSettled)
                    continue;
                if (std::any_of(outcomes.begin(), outcomes.begin() + n,
                                [](const LayoutOutcome &o) { return o.cancelled; }))
                    return;
                const SingleDummyResult partial = summarise(c, outcomes, n);
                if (spec.untilSettled && isSettled(c, outcomes, n, partial))
                    settledAt = n;
                else if (progress)
                    progress(partial);
            }
        });
    int n = settledAt > 0 ? settledAt.load() : total;
    bool cancelled = false;
    for (int l = 0; l < n && !cancelled; ++l) {
        const LayoutOutcome &o = outcomes[static_cast<std::size_t>(l)];
        cancelled = o.cancelled || o.tricks.empty();
        if (cancelled)
            n = l; // the values of the layouts done so far
    }
    SingleDummyResult result = summarise(c, outcomes, n);
    result.settled = settledAt > 0;
    if (cancelled)
        result.status = SolveStatus::Cancelled;
    return result;
}

} // namespace

int imps(int scoreDifference)
{
    static constexpr int limits[] = {20,   50,   90,   130,  170,  220,  270,  320,
                                     370,  430,  500,  600,  750,  900,  1100, 1300,
                                     1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000};
    const int magnitude = std::abs(scoreDifference);
    int imp = 0;
    while (imp < static_cast<int>(std::size(limits)) && magnitude >= limits[imp])
        ++imp;
    return scoreDifference < 0 ? -imp : imp;
}

Result<SingleDummyResult>
analyseSingleDummy(const SingleDummySpec &spec, const CancelToken &cancel,
                   const std::function<void(const SingleDummyResult &)> &progress)
{
    const Contract &contract = spec.contract;
    const Seat leader = contract.openingLeader();
    const Seat dummy = partner(contract.declarer);
    const Side declarerSide = sideOf(contract.declarer);
    if (spec.layouts < 1)
        return Error {ErrorCode::InvalidArgument, "the number of layouts must be at least 1"};
    const PlayRecord record = replay(spec.played, leader, contract.strain, declarerSide);
    const Seat toMove = record.toMove();
    const Seat viewer = spec.viewer.value_or(toMove == dummy ? contract.declarer : toMove);
    auto knowledge =
        layoutKnowledge(spec.start, contract.strain, leader, spec.played, viewer, dummy);
    if (!knowledge)
        return knowledge.error();
    if (knowledge->hidden[static_cast<std::size_t>(index(toMove))] > 0)
        return Error {ErrorCode::InvalidArgument,
                      std::string(seatName(viewer)) + " cannot see the cards of " +
                          std::string(seatName(toMove)) + ", who is to play"};
    auto sampler = LayoutSampler::make(*knowledge, spec.constraints);
    if (!sampler)
        return sampler.error();

    Context c {spec, record, viewer, declarerSide, {}};
    const Position known {knowledge->known, contract.strain, record.leader, record.trick};
    if (known.remaining[toMove].empty())
        return Error {ErrorCode::InvalidArgument, "the play is over: no card to value"};
    c.legal = known.legalCards().cards();

    // The layouts first, in seed order: the same values on any number of threads.
    Xoshiro256 random(spec.seed);
    std::vector<Deal> layouts;
    layouts.reserve(static_cast<std::size_t>(spec.layouts));
    for (int i = 0; i < spec.layouts; ++i) {
        if (cancel.isCancelled()) {
            SingleDummyResult result = summarise(c, {}, 0);
            result.status = SolveStatus::Cancelled;
            return result;
        }
        auto layout = sampler->sample(random);
        if (!layout)
            return layout.error();
        layouts.push_back(*layout);
    }
    return solveLayouts(c, layouts, cancel, progress);
}

} // namespace tenace::core
