#include "core/analysis/alpha_mu_search.h"

#include <algorithm>
#include <atomic>

namespace tenace::core::detail {

constexpr std::size_t maxEntries = std::size_t {1} << 20;
constexpr std::size_t maxLeaves = std::size_t {1} << 22;

void addToFront(Front &front, const Worlds &v)
{
    for (const Worlds &u : front)
        if (v.isSubsetOf(u))
            return;
    std::erase_if(front, [&](const Worlds &u) { return u.isSubsetOf(v); });
    front.push_back(v);
}

// The defenders answer each world on its own: every pair's per-world minimum.
Front product(const Front &a, const Front &b)
{
    Front out;
    for (const Worlds &x : a)
        for (const Worlds &y : b)
            addToFront(out, x & y);
    return out;
}

int bestScore(const Front &front, const Worlds &all)
{
    int best = 0;
    for (const Worlds &v : front)
        best = std::max(best, (v & all).count());
    return best;
}

Search::Undo Search::play(Card card, const Worlds &worlds)
{
    Undo u {m_trick, m_leader, m_won, m_gone};
    const Seat mover = toMove();
    worlds.forEach([&](int w) { m_deals[static_cast<std::size_t>(w)][mover].remove(card); });
    m_trick.push_back(card);
    if (m_trick.size() == 4) {
        const std::array<Card, 4> cards {m_trick[0], m_trick[1], m_trick[2], m_trick[3]};
        m_leader = trickWinner(m_leader, cards, m_trump);
        m_won += sideOf(m_leader) == m_side;
        for (const Card c : cards)
            m_gone.add(c);
        m_trick.clear();
    }
    return u;
}

void Search::undo(Card card, const Worlds &worlds, const Undo &u)
{
    m_trick = u.trick;
    m_leader = u.leader;
    m_won = u.won;
    m_gone = u.gone;
    const Seat mover = toMove();
    worlds.forEach([&](int w) { m_deals[static_cast<std::size_t>(w)][mover].add(card); });
}

// Legal cards of declarer's side (the same in every world), one per class: cards of a suit with
// nothing between them but cards of the same hand or of completed tricks are equal everywhere.
std::vector<Card> Search::representatives(int world) const
{
    const Hand hand = m_deals[static_cast<std::size_t>(world)][toMove()];
    const Position p {Deal {{hand, hand, hand, hand}}, m_trump, m_leader, m_trick};
    std::vector<Card> reps;
    for (const Card c : p.legalCards().cards())
        if (reps.empty() || !sameClass(reps.back(), c, world))
            reps.push_back(c);
    return reps;
}

bool Search::sameClass(Card rep, Card card, int world) const
{
    if (rep.suit != card.suit || card.bit() > rep.bit())
        return false;
    const Hand hand = m_deals[static_cast<std::size_t>(world)][toMove()];
    const std::uint64_t same = (hand | m_gone).bits();
    for (int b = card.bit() + 1; b < rep.bit(); ++b)
        if (!((same >> b) & 1))
            return false;
    return true;
}

std::vector<std::pair<Card, Worlds>> Search::defenderMoves(const Worlds &worlds) const
{
    const Seat mover = toMove();
    std::array<Worlds, 64> where {};
    Hand any;
    worlds.forEach([&](int w) {
        const Hand hand = m_deals[static_cast<std::size_t>(w)][mover];
        Hand legal = hand;
        if (!m_trick.empty()) {
            const Suit led = m_trick.front().suit;
            if (hand.length(led) > 0)
                legal = Hand(hand.bits() & (std::uint64_t {0xffff} << (16 * index(led))));
        }
        for (std::uint64_t b = legal.bits(); b != 0; b &= b - 1)
            where[static_cast<std::size_t>(std::countr_zero(b))].set(w);
        any = any | legal;
    });
    std::vector<std::pair<Card, Worlds>> moves;
    for (const Card c : any.cards())
        moves.emplace_back(c, where[static_cast<std::size_t>(c.bit())]);
    return moves;
}

Search::Leaf Search::leaf(int world) const
{
    Leaf l;
    l.position = {m_deals[static_cast<std::size_t>(world)], m_trump, m_leader, m_trick};
    for (std::size_t s = 0; s < 4; ++s)
        l.key.hands[s] = l.position.remaining.hands[s].bits();
    for (std::size_t i = 0; i < m_trick.size(); ++i)
        l.key.trick |= static_cast<std::uint32_t>(m_trick[i].bit() + 1) << (7 * i);
    l.key.leader = index(m_leader);
    l.key.won = m_won;
    l.need = m_need - m_won;
    return l;
}

// Solves the leaves not in the cache, in parallel when there are several.
void Search::solve(std::vector<Leaf> &leaves)
{
    std::vector<std::size_t> misses;
    for (std::size_t i = 0; i < leaves.size(); ++i) {
        Leaf &l = leaves[i];
        const int left = l.position.tricksLeft();
        if (l.need <= 0 || l.need > left) {
            l.made = l.need <= 0;
        } else if (const auto it = m_leaves.find(l.key); it != m_leaves.end()) {
            l.made = it->second;
            ++m_stats.leafCacheHits;
        } else {
            misses.push_back(i);
        }
    }
    std::atomic<std::uint64_t> nodes {0};
    auto job = [&](std::size_t j, Solver &solver) {
        Leaf &l = leaves[misses[j]];
        const int left = l.position.tricksLeft();
        const bool ours = sideOf(l.position.toMove()) == m_side;
        SolveOptions options;
        options.target = ours ? l.need : left - l.need + 1;
        options.cards = CardSelection::One;
        auto r = solver.solve(l.position, options, m_cancel);
        const bool reaches = r && r->status == SolveStatus::Solved && !r->cards.empty() &&
            r->cards.front().score >= options.target;
        l.made = ours == reaches;
        if (r)
            nodes += r->nodes;
    };
    if (misses.size() > 1 && poolThreads(m_spec.base.pool.threads, misses.size()) > 1)
        parallelFor(misses.size(), m_spec.base.pool, job, m_cancel);
    else
        for (std::size_t j = 0; j < misses.size() && !m_cancel.isCancelled(); ++j)
            job(j, m_solver);
    if (m_cancel.isCancelled()) {
        m_stopped = true;
        return;
    }
    m_stats.leafSolves += misses.size();
    m_stats.solverNodes += nodes;
    if (m_leaves.size() > maxLeaves)
        m_leaves.clear();
    for (const std::size_t i : misses)
        m_leaves.emplace(leaves[i].key, leaves[i].made);
}

// The worlds of `worlds` where the contract makes double dummy from here.
Worlds Search::solveWorlds(const Worlds &worlds)
{
    std::vector<Leaf> leaves;
    worlds.forEach([&](int w) { leaves.push_back(leaf(w)); });
    solve(leaves);
    Worlds made;
    std::size_t i = 0;
    worlds.forEach([&](int w) {
        if (leaves[i++].made)
            made.set(w);
    });
    return made;
}

Worlds Search::keepWorlds(const Worlds &worlds, int m, const std::vector<Card> &moves)
{
    if (m != 1)
        return m_cuts ? solveWorlds(worlds) : worlds;
    std::vector<Leaf> leaves;
    std::vector<int> owner;
    for (const Card card : moves) {
        const Undo u = play(card, worlds);
        worlds.forEach([&](int w) {
            leaves.push_back(leaf(w));
            owner.push_back(w);
        });
        undo(card, worlds, u);
    }
    solve(leaves);
    Worlds made;
    for (std::size_t i = 0; i < leaves.size(); ++i)
        if (leaves[i].made)
            made.set(owner[i]);
    return m_cuts ? made : worlds;
}

bool Search::pollStop()
{
    if (!m_stopped &&
        (m_cancel.isCancelled() || ((m_stats.nodes & 255) == 0 && Clock::now() >= m_deadline)))
        m_stopped = true;
    return m_stopped;
}

NodeKey Search::nodeKey(const Worlds &worlds, int m) const
{
    NodeKey k {worlds, m_gone.bits(), 0, index(m_leader), m_won, m};
    for (std::size_t i = 0; i < m_trick.size(); ++i)
        k.trick |= static_cast<std::uint32_t>(m_trick[i].bit() + 1) << (7 * i);
    return k;
}

// Step 1. The play is over, or the depth is reached (or one world is left: its double-dummy
// value): the leaf values. Step 2. The table. Step 3. The node's moves.
Outcome Search::search(const Worlds &worlds, int m, const Parent &parent)
{
    ++m_stats.nodes;
    if (pollStop())
        return {};
    const Seat mover = toMove();
    if (m_deals[static_cast<std::size_t>(worlds.first())][mover].empty())
        return {{m_won >= m_need ? Worlds::ones() : ~worlds}, true};
    if (m == 0 || (m_cuts && worlds.count() == 1)) {
        m_reachedDepth = m_reachedDepth || m == 0;
        const Worlds made = solveWorlds(worlds);
        return {{~worlds | made}, true};
    }
    NodeKey key;
    if (m_cuts) {
        key = nodeKey(worlds, m);
        if (const auto it = m_table.find(key); it != m_table.end()) {
            ++m_stats.tableHits;
            m_reachedDepth = m_reachedDepth || it->second.reachedDepth;
            return {it->second.front, true};
        }
    }
    const bool reachedBefore = m_reachedDepth;
    m_reachedDepth = false;
    bool dominated = false;
    Outcome out = sideOf(mover) == m_side ? maxNode(worlds, m, parent)
                                          : minNode(worlds, m, parent, dominated);
    if (m_cuts && out.exact && !dominated && !m_stopped) {
        if (m_table.size() > maxEntries)
            m_table.clear();
        m_table.emplace(key, Entry {out.front, m_reachedDepth});
    }
    m_reachedDepth = m_reachedDepth || reachedBefore;
    return out;
}

// Declarer's side chooses one card for every world: the union of the children's fronts. A
// world lost double dummy here is lost below (0 in every vector).
Outcome Search::maxNode(const Worlds &worlds, int m, const Parent &parent)
{
    const std::vector<Card> moves = representatives(worlds.first());
    if (moves.size() == 1) { // not a decision
        const Undo u = play(moves.front(), worlds);
        Outcome o = search(worlds, m, parent);
        undo(moves.front(), worlds, u);
        return o;
    }
    const Worlds keep = keepWorlds(worlds, m, moves);
    if (m_stopped)
        return {};
    if (keep.count() <= 1 && m_cuts)
        return {{~worlds | keep}, true};
    const Worlds mask = ~worlds | keep;
    Outcome out;
    for (const Card card : moves) {
        const Undo u = play(card, keep);
        const Outcome child = search(keep, m - 1, Parent {&out.front, mask});
        undo(card, keep, u);
        if (m_stopped)
            return {};
        out.exact = out.exact && child.exact;
        for (const Worlds &v : child.front)
            addToFront(out.front, v & mask);
        if (m_cuts && keep.isSubsetOf(out.front.front()) && out.front.size() == 1)
            break; // every world left makes: no card does better
    }
    return out;
}

// The defenders see the world and answer each on its own: the product of the children's fronts,
// each child searched on the worlds where its card is legal.
Outcome Search::minNode(const Worlds &worlds, int m, const Parent &parent, bool &dominated)
{
    const auto moves = defenderMoves(worlds);
    Outcome out {{Worlds::ones()}, true};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const auto &[card, where] = moves[i];
        const Undo u = play(card, where);
        const Outcome child = search(where, m, {});
        undo(card, where, u);
        if (m_stopped)
            return {};
        out.exact = out.exact && child.exact;
        out.front = product(out.front, child.front);
        if (!m_cuts || i + 1 == moves.size())
            continue;
        if (m_bound >= 0 && bestScore(out.front, m_all) <= m_bound) {
            out.exact = false; // the root cut: this card cannot beat the best one
            break;
        }
        if (parent.front && std::all_of(out.front.begin(), out.front.end(), [&](const Worlds &v) {
                return std::any_of(
                    parent.front->begin(), parent.front->end(),
                    [&](const Worlds &p) { return (v & parent.mask).isSubsetOf(p); });
            })) {
            dominated = true; // nothing here can enter the parent's front
            break;
        }
    }
    return out;
}

std::uint64_t Search::countLeaves(const Worlds &worlds, int m, std::uint64_t limit)
{
    const Seat mover = toMove();
    if (m_deals[static_cast<std::size_t>(worlds.first())][mover].empty())
        return 0;
    if (m == 0)
        return static_cast<std::uint64_t>(worlds.count());
    std::uint64_t n = 0;
    if (sideOf(mover) == m_side) {
        const std::vector<Card> moves = representatives(worlds.first());
        const int next = moves.size() > 1 ? m - 1 : m;
        for (std::size_t i = 0; i < moves.size() && n < limit; ++i) {
            const Undo u = play(moves[i], worlds);
            n += countLeaves(worlds, next, limit - n);
            undo(moves[i], worlds, u);
        }
    } else {
        for (const auto &[card, where] : defenderMoves(worlds)) {
            if (n >= limit)
                break;
            const Undo u = play(card, where);
            n += countLeaves(where, m, limit - n);
            undo(card, where, u);
        }
    }
    return std::min(n, limit);
}

} // namespace tenace::core::detail
