#include "core/analysis/alpha_mu.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace tenace::core {

namespace {

using Clock = std::chrono::steady_clock;

// A set of worlds, one bit each. In a vector of a front, bit w is 1 when the contract makes in
// world w; worlds a node does not search are 1 (they do not constrain the defenders' minimum).
struct Worlds
{
    std::array<std::uint64_t, 4> words {};

    static Worlds ones()
    {
        Worlds w;
        w.words.fill(~std::uint64_t {0});
        return w;
    }
    bool test(int i) const { return (words[static_cast<std::size_t>(i >> 6)] >> (i & 63)) & 1; }
    void set(int i) { words[static_cast<std::size_t>(i >> 6)] |= std::uint64_t {1} << (i & 63); }
    int count() const
    {
        int n = 0;
        for (const std::uint64_t w : words)
            n += std::popcount(w);
        return n;
    }
    bool empty() const { return count() == 0; }
    int first() const
    {
        for (std::size_t i = 0; i < words.size(); ++i)
            if (words[i] != 0)
                return static_cast<int>(64 * i) + std::countr_zero(words[i]);
        return -1;
    }
    Worlds operator&(const Worlds &o) const
    {
        Worlds r;
        for (std::size_t i = 0; i < words.size(); ++i)
            r.words[i] = words[i] & o.words[i];
        return r;
    }
    Worlds operator|(const Worlds &o) const
    {
        Worlds r;
        for (std::size_t i = 0; i < words.size(); ++i)
            r.words[i] = words[i] | o.words[i];
        return r;
    }
    Worlds operator~() const
    {
        Worlds r;
        for (std::size_t i = 0; i < words.size(); ++i)
            r.words[i] = ~words[i];
        return r;
    }
    bool isSubsetOf(const Worlds &o) const { return (*this & ~o).empty(); }
    template<typename F> void forEach(F f) const
    {
        for (std::size_t i = 0; i < words.size(); ++i)
            for (std::uint64_t w = words[i]; w != 0; w &= w - 1)
                f(static_cast<int>(64 * i) + std::countr_zero(w));
    }
    friend bool operator==(const Worlds &, const Worlds &) = default;
};

// The non-dominated vectors a node's strategies reach (the larger a vector, the better for
// declarer).
using Front = std::vector<Worlds>;

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

std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xbf58476d1ce4e5b9ULL;
}

// A node: the cards gone in completed tricks, the current trick, the tricks won, the worlds and
// the decisions left determine the hands of every world and the front.
struct NodeKey
{
    Worlds worlds;
    std::uint64_t gone = 0;
    std::uint32_t trick = 0;
    int leader = 0, won = 0, depth = 0;
    friend bool operator==(const NodeKey &, const NodeKey &) = default;
};

// A world's position for a double-dummy leaf.
struct LeafKey
{
    std::array<std::uint64_t, 4> hands {};
    std::uint32_t trick = 0;
    int leader = 0, won = 0;
    friend bool operator==(const LeafKey &, const LeafKey &) = default;
};

struct KeyHash
{
    std::size_t operator()(const NodeKey &k) const
    {
        std::uint64_t h = mix(k.gone, k.trick);
        for (const std::uint64_t w : k.worlds.words)
            h = mix(h, w);
        return static_cast<std::size_t>(mix(h, (k.leader << 16) | (k.won << 8) | k.depth));
    }
    std::size_t operator()(const LeafKey &k) const
    {
        std::uint64_t h = mix(k.trick, (k.leader << 8) | k.won);
        for (const std::uint64_t w : k.hands)
            h = mix(h, w);
        return static_cast<std::size_t>(h);
    }
};

struct Entry
{
    Front front;
    bool reachedDepth = false;
};

struct Outcome
{
    Front front;
    bool exact = true; // false: a root cut stopped a search below (exact above the bound only)
};

// The front of the Max node above a Min node, and the bits its vectors keep (lost worlds 0).
struct Parent
{
    const Front *front = nullptr;
    Worlds mask;
};

constexpr std::size_t maxEntries = std::size_t {1} << 20;
constexpr std::size_t maxLeaves = std::size_t {1} << 22;

// One αμ search over fixed worlds. The play state is shared by all worlds (the cards played are
// the same; the trick winner does not depend on the hidden cards); each world has its own hands.
// Sequential, except the double-dummy leaves of a node, solved on the pool.
class Search
{
public:
    Search(std::vector<Deal> worlds, const Position &start, int won, Side side, int need,
           const AlphaMuSpec &spec, const CancelToken &cancel)
        : m_deals(std::move(worlds)), m_trick(start.trick), m_trump(start.trump),
          m_leader(start.leader), m_won(won), m_side(side), m_need(need), m_spec(spec),
          m_cancel(cancel), m_cuts(spec.cuts)
    {
        for (int w = 0; w < static_cast<int>(m_deals.size()); ++w)
            m_all.set(w);
        m_gone = Hand::fullDeck() - m_deals.front().allCards();
        for (const Card c : m_trick)
            m_gone.remove(c);
    }

    const Worlds &all() const { return m_all; }
    const AlphaMuStats &stats() const { return m_stats; }
    bool stopped() const { return m_stopped; }
    bool reachedDepth() const { return m_reachedDepth; }
    void startDepth(Clock::time_point deadline)
    {
        m_deadline = deadline;
        m_reachedDepth = false;
    }
    void setBound(int bound) { m_bound = m_cuts ? bound : -1; }

    // The legal cards of the seat to play at the root, one per class of equal cards.
    std::vector<Card> rootMoves() const { return representatives(m_all.first()); }
    // Whether `card` is equal to `rep` (a representative at the root).
    bool sameClass(Card rep, Card card) const { return sameClass(rep, card, m_all.first()); }

    // The worlds where the contract still makes double dummy at a decision with `m` decisions
    // left (m == 1: after some card of `moves`, whose leaves are then solved in one batch).
    Worlds keepWorlds(const Worlds &worlds, int m, const std::vector<Card> &moves);
    // The front after `card` of declarer's side on `worlds` (from the root).
    Outcome afterCard(Card card, const Worlds &worlds, int m)
    {
        const Undo u = play(card, worlds);
        Outcome o = search(worlds, m, {});
        undo(card, worlds, u);
        return o;
    }
    // The leaves an uncut search to `m` more decisions after `card` (from the root) solves.
    std::uint64_t countLeavesAfter(Card card, int m, std::uint64_t limit)
    {
        const Undo u = play(card, m_all);
        const std::uint64_t n = countLeaves(m_all, m, limit);
        undo(card, m_all, u);
        return n;
    }

private:
    std::uint64_t countLeaves(const Worlds &worlds, int m, std::uint64_t limit);
    struct Undo
    {
        std::vector<Card> trick;
        Seat leader;
        int won;
        Hand gone;
    };
    struct Leaf
    {
        Position position;
        LeafKey key;
        int need = 0;
        bool made = false;
    };

    Seat toMove() const { return next(m_leader, static_cast<int>(m_trick.size())); }
    Undo play(Card card, const Worlds &worlds);
    void undo(Card card, const Worlds &worlds, const Undo &u);
    std::vector<Card> representatives(int world) const;
    bool sameClass(Card rep, Card card, int world) const;
    std::vector<std::pair<Card, Worlds>> defenderMoves(const Worlds &worlds) const;
    Leaf leaf(int world) const;
    void solve(std::vector<Leaf> &leaves);
    Worlds solveWorlds(const Worlds &worlds);
    bool pollStop();
    Outcome search(const Worlds &worlds, int m, const Parent &parent);
    Outcome maxNode(const Worlds &worlds, int m, const Parent &parent);
    Outcome minNode(const Worlds &worlds, int m, const Parent &parent, bool &dominated);
    NodeKey nodeKey(const Worlds &worlds, int m) const;

    std::vector<Deal> m_deals; // the hands still held in each world
    std::vector<Card> m_trick;
    Strain m_trump;
    Seat m_leader;
    int m_won; // tricks declarer's side has won
    Hand m_gone; // cards of completed tricks
    Side m_side;
    int m_need; // tricks declarer's side needs in all
    const AlphaMuSpec &m_spec;
    const CancelToken &m_cancel;
    bool m_cuts;
    Worlds m_all;
    int m_bound = -1; // the root's best score so far (-1: none)
    Clock::time_point m_deadline = Clock::time_point::max();
    bool m_stopped = false;
    bool m_reachedDepth = false; // a leaf at the depth limit was reached (deeper may differ)
    AlphaMuStats m_stats;
    Solver m_solver {SolverConfig {std::size_t {8} << 20, false}};
    std::unordered_map<NodeKey, Entry, KeyHash> m_table;
    std::unordered_map<LeafKey, bool, KeyHash> m_leaves;
};

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
