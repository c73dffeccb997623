#include "core/solver/solver.h"

#include "core/model/play_state.h"
#include "core/solver/search_engine.h"
#include "core/solver/transposition_table.h"

#include <algorithm>
#include <thread>

namespace tenace::core {

namespace {

// The side holding more trumps in `strain`, or more high-card points in no-trump or when the
// trumps split evenly; North-South on a tie.
Side strongerSide(const Deal &deal, Strain strain)
{
    int trumps = 0, points = 0; // North-South's lead over East-West
    for (Seat seat : allSeats) {
        const int sign = sideOf(seat) == Side::NorthSouth ? 1 : -1;
        if (strain != Strain::NoTrump)
            trumps += sign * deal[seat].length(suitAt(index(strain)));
        points += sign * hcp(deal[seat]);
    }
    const int edge = trumps != 0 ? trumps : points;
    return edge >= 0 ? Side::NorthSouth : Side::EastWest;
}

// The legal cards of the hand to move, grouped into runs of equivalent cards: no card of
// another hand, and no card already played to this trick, lies between them.
std::vector<CardScore> legalGroups(const Position &position)
{
    const Hand legal = position.legalCards();
    Hand present = position.remaining.allCards();
    for (Card c : position.trick)
        present.add(c);
    const Hand others = present - legal;
    std::vector<CardScore> groups;
    for (Suit s : allSuits) {
        const std::uint32_t mine = legal.suitMask(s);
        const std::uint32_t blockers = others.suitMask(s);
        for (int r = 14; r >= 2; --r) {
            if (!((mine >> r) & 1))
                continue;
            const Card card {s, rankOf(r)};
            if (!groups.empty() && groups.back().card.suit == s) {
                // Same group as the previous card when nothing separates them.
                const CardScore &prev = groups.back();
                const int lowest = prev.equals.empty() ? value(prev.card.rank)
                                                       : std::countr_zero(prev.equals.suitMask(s));
                const std::uint32_t between = blockers & ((1u << lowest) - 1) & ~((2u << r) - 1);
                if (!between) {
                    groups.back().equals.add(card);
                    continue;
                }
            }
            groups.push_back({card, Hand {}, 0});
        }
    }
    return groups;
}

// Sorts the groups by score, best first (unless `byScore` is false), then in the order of
// `order` (a group named by any of its cards; groups not named keep their order, after the
// others).
void orderGroups(std::vector<CardScore> &groups, const std::vector<Card> &order, bool byScore)
{
    auto rank = [&](const CardScore &g) {
        for (std::size_t i = 0; i < order.size(); ++i)
            if (order[i] == g.card || g.equals.contains(order[i]))
                return i;
        return order.size();
    };
    std::stable_sort(groups.begin(), groups.end(), [&](const CardScore &a, const CardScore &b) {
        if (byScore && a.score != b.score)
            return a.score > b.score;
        return rank(a) < rank(b);
    });
}

bool scoreOrder(const CardScore &a, const CardScore &b)
{
    if (a.score != b.score)
        return a.score > b.score;
    if (a.card.suit != b.card.suit)
        return index(a.card.suit) < index(b.card.suit);
    return value(a.card.rank) > value(b.card.rank);
}

Status checkOptions(const Position &position, const SolveOptions &options)
{
    if (options.target < -1)
        return Error {ErrorCode::TargetBelowMinusOne,
                      "target " + std::to_string(options.target) + " (expected -1..13)"};
    if (options.target > 13)
        return Error {ErrorCode::TargetAbove13,
                      "target " + std::to_string(options.target) + " (expected -1..13)"};
    if (static_cast<int>(options.cards) < 1)
        return Error {ErrorCode::SolutionsBelow1, "solutions below 1 (expected 1, 2 or 3)"};
    if (static_cast<int>(options.cards) > 3)
        return Error {ErrorCode::SolutionsAbove3, "solutions above 3 (expected 1, 2 or 3)"};
    if (auto ok = validate(position); !ok)
        return ok;
    if (options.target > position.tricksLeft())
        return Error {ErrorCode::TargetTooHigh,
                      "target " + std::to_string(options.target) + " exceeds the " +
                          std::to_string(position.tricksLeft()) + " tricks left"};
    return Ok {};
}

} // namespace

Solver::Solver(SolverConfig config)
    : m_table(std::make_unique<detail::TranspositionTable>(config.tableBytes)),
      m_engine(detail::makeSearchEngine(*m_table, config.portableSearch))
{
}

Solver::~Solver() = default;

void Solver::clear()
{
    m_table->clear();
    m_lastTrump = -1;
}

std::uint64_t Solver::trickStarts() const
{
    return m_engine->trickStarts();
}

std::size_t Solver::peakTableBytes() const
{
    return m_table->peakBytes();
}

void Solver::prepare(const Position &position)
{
    // The table holds position-intrinsic bounds for one trump strain. It is kept while the
    // positions come from the same deal (each hand a subset of the deal's hand) and cleared for a
    // new deal or trump, so that it holds what is useful now.
    Deal cards = position.remaining;
    for (std::size_t i = 0; i < position.trick.size(); ++i)
        cards[next(position.leader, static_cast<int>(i))].add(position.trick[i]);
    bool sameDeal = m_lastTrump == index(position.trump);
    for (int h = 0; h < 4 && sameDeal; ++h)
        sameDeal = (cards.hands[h] - m_lastDeal.hands[h]).empty();
    if (!sameDeal) {
        m_table->clear();
        m_lastDeal = cards;
        m_lastTrump = index(position.trump);
    }
}

int Solver::exact(const Position &position, int guess, const CancelToken &cancel)
{
    prepare(position);
    m_engine->load(position);
    const std::uint64_t before = m_engine->nodes();
    const int v = m_engine->solve(guess, cancel.flag());
    m_nodes += m_engine->nodes() - before;
    return v;
}

Result<int> Solver::tricks(const Position &position, const CancelToken &cancel)
{
    if (auto ok = validate(position); !ok)
        return ok.error();
    return exact(position, (position.tricksLeft() + 1) / 2, cancel);
}

Result<SolveResult> Solver::solve(const Position &position, const SolveOptions &options,
                                  const CancelToken &cancel)
{
    if (auto ok = checkOptions(position, options); !ok)
        return ok.error();
    SolveResult result;
    std::vector<CardScore> groups = legalGroups(position);
    const int tricksLeft = position.tricksLeft();

    // Step 1. A single choice is not searched unless asked to.
    if (groups.size() == 1 && !options.searchSingleChoice) {
        groups.front().score = -2;
        result.cards = groups;
        result.tricks = -2;
        return result;
    }
    // Step 2. Target 0 with one or all cards: every card "makes" 0 tricks.
    if (options.target == 0 && options.cards != CardSelection::All) {
        if (!options.order.empty())
            orderGroups(groups, options.order, false);
        if (options.cards == CardSelection::One)
            groups.resize(1);
        result.cards = groups;
        return result;
    }

    prepare(position);
    m_engine->load(position);
    const std::uint64_t before = m_engine->nodes();
    auto finish = [&](SolveResult r) -> Result<SolveResult> {
        r.nodes = m_engine->nodes() - before;
        m_nodes += r.nodes;
        if (m_engine->stopped())
            return SolveResult {SolveStatus::Cancelled, 0, {}, r.nodes};
        return r;
    };
    const auto *stop = cancel.flag();

    // Step 3. Every card with its exact score. Each suit's lowest card first, and each search
    // guessing the best score so far: 2.0% fewer nodes per opening lead on four sets of random
    // deals (0-3.8%) than each suit's highest card first, guessing the previous card's score.
    if (options.cards == CardSelection::All) {
        std::sort(groups.begin(), groups.end(), [](const CardScore &a, const CardScore &b) {
            return a.card.suit != b.card.suit ? index(a.card.suit) < index(b.card.suit)
                                              : value(a.card.rank) < value(b.card.rank);
        });
        int guess = (tricksLeft + 1) / 2;
        int best = 0;
        for (CardScore &g : groups) {
            m_engine->playRoot(g.card.bit());
            g.score = m_engine->solve(guess, stop);
            m_engine->undoRoot();
            if (m_engine->stopped())
                return finish(result);
            best = std::max(best, g.score);
            guess = best;
        }
        if (options.order.empty())
            std::sort(groups.begin(), groups.end(), scoreOrder);
        else
            orderGroups(groups, options.order, true);
        result.tricks = best;
        result.cards = std::move(groups);
        return finish(result);
    }

    // Step 4. One or all cards meeting the target (the maximum when target == -1).
    int target = options.target;
    if (target == -1) {
        target = m_engine->solve((tricksLeft + 1) / 2, stop);
        if (m_engine->stopped())
            return finish(result);
        result.tricks = target;
    }
    if (!options.order.empty())
        orderGroups(groups, options.order, false);
    std::vector<CardScore> meeting;
    for (CardScore &g : groups) {
        if (target > 0) {
            m_engine->playRoot(g.card.bit());
            const bool ok = m_engine->reaches(target, stop);
            m_engine->undoRoot();
            if (m_engine->stopped())
                return finish(result);
            if (!ok)
                continue;
        }
        g.score = target;
        meeting.push_back(g);
        if (options.cards == CardSelection::One)
            break;
    }
    if (meeting.empty()) {
        // Target out of reach: one card scored -1, or every card scored 0 when the side can take
        // no trick at all.
        const bool none = !m_engine->reaches(1, stop);
        if (none && options.cards == CardSelection::Optimal) {
            meeting = groups;
            for (CardScore &g : meeting)
                g.score = 0;
        } else {
            meeting.push_back(groups.front());
            meeting.back().score = none ? 0 : -1;
        }
    }
    result.cards = std::move(meeting);
    return finish(result);
}

Result<TableResult> Solver::table(const Deal &deal, const CancelToken &cancel, unsigned strains)
{
    if (auto ok = checkComplete(deal); !ok)
        return ok.error();
    TableResult result;
    const std::uint64_t before = m_nodes;
    for (Strain strain : allStrains) {
        if (!((strains >> index(strain)) & 1))
            continue;
        // One side's two leaders first, then the other's, each guessing the previous leader's
        // result (turned round when the other side leads): 0.6-0.8% fewer nodes than N, E, S, W.
        // The stronger side (more trumps, else more high-card points) leads first: 1-1.6% fewer
        // nodes than North-South always first.
        const bool eastWestFirst = strongerSide(deal, strain) == Side::EastWest;
        const std::array<Seat, 4> leaders = eastWestFirst
            ? std::array {Seat::East, Seat::West, Seat::North, Seat::South}
            : std::array {Seat::North, Seat::South, Seat::East, Seat::West};
        int guess = 7;
        for (Seat leader : leaders) {
            if (leader == leaders[2]) // the other side's first leader
                guess = 13 - guess;
            const int v = exact(Position {deal, strain, leader, {}}, guess, cancel);
            if (v < 0) {
                result.status = SolveStatus::Cancelled;
                result.nodes = m_nodes - before;
                return result;
            }
            result.table.tricks[static_cast<std::size_t>(index(strain))]
                               [static_cast<std::size_t>(index(rightHandOpponent(leader)))] =
                13 - v;
            guess = v;
        }
    }
    result.nodes = m_nodes - before;
    return result;
}

Result<PlayAnalysis> Solver::analysePlay(const Deal &deal, Strain trump, Seat leader,
                                         std::span<const Card> plays, const CancelToken &cancel)
{
    auto state = PlayState::create(deal, trump, leader);
    if (!state)
        return state.error();
    const Side declarerSide = sideOf(rightHandOpponent(leader));
    PlayAnalysis analysis;
    const std::uint64_t before = m_nodes;
    int guess = (state->position().tricksLeft() + 1) / 2;
    for (std::size_t j = 0; j <= plays.size(); ++j) {
        if (j > 0) {
            auto ok = state->play(plays[j - 1]);
            if (!ok)
                return Error {ErrorCode::IllegalPlay,
                              "card " + std::to_string(j) + " (" + plays[j - 1].toString() +
                                  "): " + ok.error().message};
        }
        int future = 0;
        if (!state->isFinished()) {
            const Position &p = state->position();
            const int v = exact(p, guess, cancel);
            if (v < 0) {
                analysis.status = SolveStatus::Cancelled;
                analysis.nodes = m_nodes - before;
                return analysis;
            }
            guess = v;
            future = sideOf(p.toMove()) == declarerSide ? v : p.tricksLeft() - v;
        }
        analysis.tricks.push_back(state->tricksWon(declarerSide) + future);
    }
    analysis.nodes = m_nodes - before;
    return analysis;
}

Result<TableResult> solveTable(const Deal &deal, const TableOptions &options,
                               const CancelToken &cancel)
{
    if (auto ok = checkComplete(deal); !ok)
        return ok.error();
    // One job per strain: the threads share out the five strains.
    TableResult result;
    std::atomic<std::uint64_t> nodes {0};
    std::atomic<bool> cancelled {false};
    parallelFor(
        5, options,
        [&](std::size_t s, Solver &solver) {
            const std::uint64_t before = solver.nodes();
            auto part = solver.table(deal, cancel, 1u << s);
            nodes += solver.nodes() - before;
            if (!part || part->status == SolveStatus::Cancelled) {
                cancelled = true;
                return;
            }
            result.table.tricks[s] = part->table.tricks[s];
        },
        cancel);
    result.nodes = nodes;
    if (cancelled || cancel.isCancelled())
        result.status = SolveStatus::Cancelled;
    return result;
}

std::vector<Result<TableResult>> solveTables(std::span<const Deal> deals,
                                             const TableOptions &options, const CancelToken &cancel,
                                             const std::function<void(std::size_t)> &done)
{
    std::vector<Result<TableResult>> results(deals.size(), Result<TableResult>(TableResult {}));
    parallelFor(
        deals.size(), options,
        [&](std::size_t i, Solver &solver) { results[i] = solver.table(deals[i], cancel); }, {},
        done);
    return results;
}

} // namespace tenace::core
