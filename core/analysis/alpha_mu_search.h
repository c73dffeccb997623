#pragma once

// The αμ search itself (see alpha_mu.h): world sets, Pareto fronts and the search over fixed
// worlds. Internal to core/analysis.

#include "core/analysis/alpha_mu.h"

#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace tenace::core::detail {

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

// Adds `v` to `front` unless a vector there contains it; drops the vectors it contains.
void addToFront(Front &front, const Worlds &v);
// The defenders answer each world on its own: every pair's per-world minimum.
Front product(const Front &a, const Front &b);
// The most worlds of `all` a vector of `front` makes.
int bestScore(const Front &front, const Worlds &all);

inline std::uint64_t mix(std::uint64_t h, std::uint64_t v)
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

} // namespace tenace::core::detail
