#include "core/analysis/suit_combination.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cctype>
#include <memory>
#include <numeric>
#include <unordered_map>

namespace tenace::core {

namespace {

constexpr int rankCount = 13;
constexpr SuitMask allRanks = (1 << rankCount) - 1;
constexpr int maxDefenderCards = 11;
// Beyond this much memory in outcome vectors a holding is refused as too large.
constexpr std::size_t maxVectorBytes = std::size_t {1} << 30;

double binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double result = 1;
    for (int i = 1; i <= k; ++i)
        result = result * (n - k + i) / i;
    return result;
}

// ---------------------------------------------------------------------------------------------
// The search.

using Vec = std::vector<std::uint8_t>; // per world: tricks (or 1 for a target reached)

enum class NodeKind : std::uint8_t { Leaf, Declarer, Defender, Pass };

struct Move
{
    SuitSeat seat;
    int rank; // -1: no card of the suit
};

// A node of the game tree with its front. `provenance[i]` says how vector i was made: declarer
// node {child, vector of the child}; defender node: one vector per child (children beyond
// `children.size()` were not searched: every world there was already lost); pass {vector}.
struct Node
{
    NodeKind kind = NodeKind::Leaf;
    std::vector<Move> moves;
    std::vector<std::shared_ptr<const Node>> children;
    std::vector<double> weights; // defender node: the probability of each move's worlds
    std::vector<Vec> front;
    std::vector<std::vector<std::uint32_t>> provenance;
};
using NodePtr = std::shared_ptr<const Node>;

struct State
{
    std::array<SuitMask, 4> hand {}; // North and South: the cards left
    std::array<SuitMask, 4> played {}; // East and West: the cards played
    std::array<bool, 4> shownOut {};
    int needed = 0; // target mode: tricks still needed
};

struct Trick
{
    SuitSeat leader = SuitSeat::North;
    std::array<int, 4> card {-2, -2, -2, -2}; // by seat; -1 a discard
    int count = 0;
};

constexpr int seatIndex(SuitSeat seat)
{
    return static_cast<int>(seat);
}
constexpr SuitSeat nextSeat(SuitSeat seat)
{
    return static_cast<SuitSeat>((seatIndex(seat) + 1) % 4);
}
constexpr bool isDeclarer(SuitSeat seat)
{
    return seat == SuitSeat::North || seat == SuitSeat::South;
}

class Search
{
public:
    Search(SuitHoldings holdings, const std::vector<int> &defenders,
           const std::vector<double> &probability, bool average, std::size_t maxNodes,
           const CancelToken *cancel)
        : m_holdings(holdings), m_probability(probability), m_average(average),
          m_maxNodes(maxNodes), m_cancel(cancel), m_worlds(probability.size())
    {
        for (std::size_t i = 0; i < defenders.size(); ++i)
            m_bitOfRank[static_cast<std::size_t>(defenders[i])] = static_cast<int>(i);
        m_defenders = static_cast<SuitMask>(allRanks & ~(holdings.north | holdings.south));
    }

    bool tooLarge() const { return m_tooLarge; }
    bool cancelled() const { return m_cancelled; }

    NodePtr root(int needed)
    {
        State state;
        state.hand[seatIndex(SuitSeat::North)] = m_holdings.north;
        state.hand[seatIndex(SuitSeat::South)] = m_holdings.south;
        state.needed = needed;
        return lead(state, true);
    }

    double value(const Vec &v) const
    {
        double sum = 0;
        for (std::size_t w = 0; w < m_worlds; ++w)
            sum += m_probability[w] * v[w];
        return sum;
    }

    std::vector<SuitPlay> extract(const Node &node, std::size_t vector) const;

private:
    bool stop()
    {
        if (m_stopped)
            return true;
        if (++m_nodes > m_maxNodes || m_vectorBytes > maxVectorBytes)
            m_tooLarge = m_stopped = true;
        else if (m_cancel && (m_nodes & 1023) == 0 && m_cancel->isCancelled())
            m_cancelled = m_stopped = true;
        return m_stopped;
    }

    // The world bits of the defender cards in `ranks`.
    std::uint32_t worldBits(SuitMask ranks) const
    {
        std::uint32_t bits = 0;
        for (int r = 0; r < rankCount; ++r)
            if (ranks & (1 << r))
                bits |= 1u << m_bitOfRank[static_cast<std::size_t>(r)];
        return bits;
    }

    SuitMask unplayed(const State &s) const
    {
        return static_cast<SuitMask>(m_defenders & ~(s.played[1] | s.played[3]));
    }

    // 1 for the worlds consistent with what the defenders have shown.
    Vec worlds(const State &s) const
    {
        const std::uint32_t west = worldBits(s.played[seatIndex(SuitSeat::West)]);
        const std::uint32_t east = worldBits(s.played[seatIndex(SuitSeat::East)]);
        const std::uint32_t left = worldBits(unplayed(s));
        Vec mask(m_worlds, 0);
        for (std::uint32_t w = 0; w < m_worlds; ++w) {
            bool ok = (w & west) == west && (w & east) == 0;
            if (s.shownOut[seatIndex(SuitSeat::West)])
                ok = ok && (w & left) == 0;
            if (s.shownOut[seatIndex(SuitSeat::East)])
                ok = ok && (w & left) == left;
            mask[w] = ok ? 1 : 0;
        }
        return mask;
    }

    std::uint64_t key(const State &s) const
    {
        std::uint64_t k = s.hand[0];
        k = k << 13 | s.hand[2];
        k = k << 13 | s.played[1];
        k = k << 13 | s.played[3];
        k = k << 1 | s.shownOut[1];
        k = k << 1 | s.shownOut[3];
        return k << 5 | static_cast<std::uint64_t>(m_average ? 0 : s.needed);
    }

    NodePtr leaf(const Vec &v)
    {
        auto node = std::make_shared<Node>();
        node->front.push_back(v);
        node->provenance.emplace_back();
        return kept(node);
    }

    NodePtr lead(const State &s, bool root = false);
    NodePtr play(State s, Trick t, const Vec &mask, bool root = false);
    NodePtr declarerPlays(const State &s, const Trick &t, const Vec &mask, SuitSeat seat);
    NodePtr defenderPlays(const State &s, const Trick &t, const Vec &mask, SuitSeat seat,
                          bool root);
    bool bestCombination(Node &node, const std::vector<Vec> &subs, const Vec &mask);
    // Polled between the expensive steps that do not create nodes.
    // Counts the memory of a node's front (the search is refused when it grows too large).
    NodePtr kept(const std::shared_ptr<Node> &node)
    {
        m_vectorBytes += node->front.size() * m_worlds;
        return node;
    }

    bool pollCancel()
    {
        if (m_cancel && m_cancel->isCancelled())
            m_cancelled = m_stopped = true;
        return m_stopped;
    }
    NodePtr endTrick(const State &s, const Trick &t, const Vec &mask);
    std::vector<int> declarerCards(SuitMask hand, SuitMask present) const;

    SuitHoldings m_holdings;
    const std::vector<double> &m_probability;
    bool m_average;
    std::size_t m_maxNodes;
    std::size_t m_vectorBytes = 0; // the outcome vectors held by the nodes
    const CancelToken *m_cancel;
    std::size_t m_worlds;
    std::array<int, rankCount> m_bitOfRank {};
    SuitMask m_defenders = 0;
    std::size_t m_nodes = 0;
    bool m_stopped = false;
    bool m_tooLarge = false;
    bool m_cancelled = false;
    std::unordered_map<std::uint64_t, NodePtr> m_table;
};

bool dominatesOrEquals(const Vec &a, const Vec &b)
{
    constexpr std::size_t chunk = 64;
    for (std::size_t start = 0; start < a.size(); start += chunk) {
        bool ok = true;
        const std::size_t end = std::min(a.size(), start + chunk);
        for (std::size_t i = start; i < end; ++i)
            ok &= a[i] >= b[i];
        if (!ok)
            return false;
    }
    return true;
}

// The worlds where a vector is not 0, folded onto 256 bits: a vector dominates another only if
// its support holds the other's.
using Support = std::array<std::uint64_t, 4>;
Support support(const Vec &v)
{
    Support s {};
    for (std::size_t w = 0; w < v.size(); ++w)
        if (v[w])
            s[(w >> 6) & 3] |= std::uint64_t {1} << (w & 63);
    return s;
}

// Keeps the vectors no other vector dominates (one of equal ones), with their provenance.
void paretoReduce(std::vector<Vec> &front, std::vector<std::vector<std::uint32_t>> &provenance)
{
    if (front.size() < 2)
        return;
    std::vector<std::size_t> order(front.size());
    std::iota(order.begin(), order.end(), 0);
    std::vector<int> sums(front.size());
    std::vector<Support> supports(front.size());
    for (std::size_t i = 0; i < front.size(); ++i) {
        sums[i] = std::accumulate(front[i].begin(), front[i].end(), 0);
        supports[i] = support(front[i]);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return sums[a] > sums[b]; });
    std::vector<std::size_t> kept;
    for (std::size_t i : order) {
        const Support &si = supports[i];
        const bool dominated = std::any_of(kept.begin(), kept.end(), [&](std::size_t k) {
            const Support &sk = supports[k];
            if ((si[0] & ~sk[0]) | (si[1] & ~sk[1]) | (si[2] & ~sk[2]) | (si[3] & ~sk[3]))
                return false;
            return dominatesOrEquals(front[k], front[i]);
        });
        if (!dominated)
            kept.push_back(i);
    }
    std::vector<Vec> keptFront;
    std::vector<std::vector<std::uint32_t>> keptProvenance;
    for (std::size_t k : kept) {
        keptFront.push_back(std::move(front[k]));
        keptProvenance.push_back(std::move(provenance[k]));
    }
    front = std::move(keptFront);
    provenance = std::move(keptProvenance);
}

// The cards of `hand` worth trying: the lowest of each run of cards with no other present card
// between them (the others of the run do the same).
std::vector<int> Search::declarerCards(SuitMask hand, SuitMask present) const
{
    std::vector<int> cards;
    int previous = -1;
    for (int r = 0; r < rankCount; ++r) {
        if (!(hand & (1 << r)))
            continue;
        bool equal = previous >= 0;
        for (int between = previous + 1; equal && between < r; ++between)
            equal = !(present & (1 << between)) || (hand & (1 << between));
        if (!equal)
            cards.push_back(r);
        previous = r;
    }
    return cards;
}

NodePtr Search::lead(const State &s, bool root)
{
    const SuitMask north = s.hand[0];
    const SuitMask south = s.hand[2];
    const int tricksLeft = std::max(std::popcount(north), std::popcount(south));
    const Vec mask = worlds(s);
    if (!m_average && s.needed <= 0)
        return leaf(mask);
    if (!m_average && s.needed > tricksLeft)
        return leaf(Vec(m_worlds, 0));
    if (tricksLeft == 0)
        return leaf(Vec(m_worlds, 0));
    const std::uint64_t k = key(s);
    if (const auto found = m_table.find(k); found != m_table.end())
        return found->second;
    if (stop())
        return nullptr;
    auto node = std::make_shared<Node>();
    node->kind = NodeKind::Declarer;
    Vec best = mask;
    for (std::uint8_t &v : best)
        v = static_cast<std::uint8_t>(v * (m_average ? tricksLeft : 1));
    const SuitMask present = static_cast<SuitMask>(north | south | unplayed(s));
    bool perfect = false;
    for (SuitSeat seat : {SuitSeat::North, SuitSeat::South}) {
        // The highest cards first: a lead that takes every trick left ends the search.
        const auto cards =
            declarerCards(s.hand[static_cast<std::size_t>(seatIndex(seat))], present);
        for (auto rank = cards.rbegin(); rank != cards.rend() && !perfect; ++rank) {
            State next = s;
            next.hand[static_cast<std::size_t>(seatIndex(seat))] &=
                static_cast<SuitMask>(~(1 << *rank));
            Trick nt;
            nt.leader = seat;
            nt.card[static_cast<std::size_t>(seatIndex(seat))] = *rank;
            nt.count = 1;
            NodePtr child = play(next, nt, mask, root);
            if (!child)
                return nullptr;
            const std::uint32_t c = static_cast<std::uint32_t>(node->children.size());
            node->moves.push_back({seat, *rank});
            node->children.push_back(child);
            for (std::uint32_t j = 0; j < child->front.size(); ++j) {
                node->front.push_back(child->front[j]);
                node->provenance.push_back({c, j});
            }
            // A vector winning every trick left in every world: no other lead can do better.
            perfect = std::any_of(child->front.begin(), child->front.end(),
                                  [&](const Vec &v) { return v == best; });
        }
    }
    paretoReduce(node->front, node->provenance);
    if (!root)
        m_table.emplace(k, node);
    return kept(node);
}

NodePtr Search::play(State s, Trick t, const Vec &mask, bool root)
{
    if (t.count == 4)
        return endTrick(s, t, mask);
    SuitSeat seat = t.leader;
    for (int i = 0; i < t.count; ++i)
        seat = nextSeat(seat);
    if (isDeclarer(seat))
        return declarerPlays(s, t, mask, seat);
    return defenderPlays(s, t, mask, seat, root);
}

NodePtr Search::declarerPlays(const State &s, const Trick &t, const Vec &mask, SuitSeat seat)
{
    const auto h = static_cast<std::size_t>(seatIndex(seat));
    SuitMask present = static_cast<SuitMask>(s.hand[0] | s.hand[2] | unplayed(s));
    for (int c : t.card)
        if (c >= 0)
            present |= static_cast<SuitMask>(1 << c);
    std::vector<int> cards = declarerCards(s.hand[h], present);
    if (cards.empty())
        cards.push_back(-1);
    auto node = std::make_shared<Node>();
    node->kind = NodeKind::Declarer;
    for (int rank : cards) {
        State next = s;
        Trick nt = t;
        if (rank >= 0)
            next.hand[h] &= static_cast<SuitMask>(~(1 << rank));
        nt.card[h] = rank;
        ++nt.count;
        NodePtr child = play(next, nt, mask);
        if (!child)
            return nullptr;
        const std::uint32_t c = static_cast<std::uint32_t>(node->children.size());
        node->moves.push_back({seat, rank});
        node->children.push_back(child);
        for (std::uint32_t j = 0; j < child->front.size(); ++j) {
            node->front.push_back(child->front[j]);
            node->provenance.push_back({c, j});
        }
    }
    paretoReduce(node->front, node->provenance);
    return kept(node);
}

NodePtr Search::defenderPlays(const State &s, const Trick &t, const Vec &mask, SuitSeat seat,
                              bool root)
{
    if (stop())
        return nullptr;
    const auto d = static_cast<std::size_t>(seatIndex(seat));
    const bool west = seat == SuitSeat::West;
    const SuitMask left = unplayed(s);
    const std::uint32_t leftBits = worldBits(left);
    auto node = std::make_shared<Node>();
    node->kind = NodeKind::Defender;
    // Step 1. The moves: each card this defender holds in some world, or a discard.
    std::vector<std::pair<Move, Vec>> moves;
    for (int r = rankCount - 1; r >= -1; --r) {
        if (r >= 0 && !(left & (1 << r)))
            continue;
        Vec sub(m_worlds, 0);
        bool any = false;
        const std::uint32_t bit = r >= 0 ? 1u << m_bitOfRank[static_cast<std::size_t>(r)] : 0;
        for (std::uint32_t w = 0; w < m_worlds; ++w) {
            if (!mask[w])
                continue;
            const std::uint32_t mine = west ? (w & leftBits) : (~w & leftBits);
            const bool holds = r >= 0 ? (mine & bit) != 0 : mine == 0;
            sub[w] = holds ? 1 : 0;
            any = any || holds;
        }
        if (any)
            moves.push_back({{seat, r}, std::move(sub)});
    }
    // Step 2. Combine the children's fronts world by world (the defenders choose per world).
    std::vector<Vec> partial {Vec(m_worlds, 255)};
    std::vector<std::vector<std::uint32_t>> provenance {{}};
    for (auto &[move, sub] : moves) {
        node->moves.push_back(move);
        double weight = 0;
        for (std::size_t w = 0; w < m_worlds; ++w)
            weight += sub[w] ? m_probability[w] : 0;
        node->weights.push_back(weight);
    }
    for (std::size_t a = 0; a < moves.size(); ++a) {
        const auto &[move, sub] = moves[a];
        State next = s;
        Trick nt = t;
        if (move.rank >= 0)
            next.played[d] |= static_cast<SuitMask>(1 << move.rank);
        else
            next.shownOut[d] = true;
        nt.card[d] = move.rank;
        ++nt.count;
        NodePtr child = play(next, nt, sub);
        if (!child)
            return nullptr;
        node->children.push_back(child);
        if (root)
            continue;
        std::vector<Vec> combined;
        std::vector<std::vector<std::uint32_t>> combinedProvenance;
        for (std::size_t p = 0; p < partial.size(); ++p)
            for (std::uint32_t j = 0; j < child->front.size(); ++j) {
                Vec v = partial[p];
                const Vec &f = child->front[j];
                for (std::size_t w = 0; w < m_worlds; ++w)
                    v[w] = sub[w] ? std::min(v[w], f[w]) : v[w];
                combined.push_back(std::move(v));
                auto pr = provenance[p];
                pr.push_back(j);
                combinedProvenance.push_back(std::move(pr));
            }
        paretoReduce(combined, combinedProvenance);
        if (pollCancel())
            return nullptr;
        partial = std::move(combined);
        provenance = std::move(combinedProvenance);
        if (partial.size() > 50'000) {
            m_tooLarge = m_stopped = true;
            return nullptr;
        }
        // Every world lost already, whatever declarer does: the other cards cannot help him.
        bool lost = partial.size() == 1;
        for (std::size_t w = 0; lost && w < m_worlds; ++w)
            lost = !mask[w] || partial[0][w] == 0;
        if (lost)
            break;
    }
    if (root) {
        std::vector<Vec> subs;
        for (auto &move : moves)
            subs.push_back(std::move(move.second));
        if (!bestCombination(*node, subs, mask))
            return nullptr;
        return kept(node);
    }
    for (Vec &v : partial)
        for (std::size_t w = 0; w < m_worlds; ++w)
            v[w] = mask[w] ? v[w] : 0;
    node->front = std::move(partial);
    node->provenance = std::move(provenance);
    return kept(node);
}

// Below the first lead only the best vector counts (the root's value is the largest expected
// score of its front): a branch and bound over one vector per child replaces the product of the
// children's fronts, which grows too large with many layouts.
bool Search::bestCombination(Node &node, const std::vector<Vec> &subs, const Vec &mask)
{
    const std::size_t m = node.children.size();
    // bound[a][w]: the most any vector of children a.. can leave in world w.
    std::vector<Vec> bound(m + 1, Vec(m_worlds, 255));
    for (std::size_t a = m; a-- > 0;) {
        for (std::size_t w = 0; w < m_worlds; ++w) {
            std::uint8_t most = 0;
            for (const Vec &v : node.children[a]->front)
                most = std::max(most, v[w]);
            bound[a][w] = std::min(bound[a + 1][w], subs[a][w] ? most : std::uint8_t {255});
        }
    }
    std::vector<std::vector<std::uint32_t>> order(m);
    for (std::size_t a = 0; a < m; ++a) {
        const auto &front = node.children[a]->front;
        order[a].resize(front.size());
        std::iota(order[a].begin(), order[a].end(), 0u);
        std::sort(order[a].begin(), order[a].end(), [&](std::uint32_t x, std::uint32_t y) {
            return value(front[x]) > value(front[y]);
        });
    }
    double bestValue = -1;
    Vec bestVec;
    std::vector<std::uint32_t> choice(m), bestChoice;
    std::size_t steps = 0;
    const auto search = [&](auto &&self, std::size_t a, const Vec &partial) -> void {
        if ((++steps & 4095) == 0 && pollCancel())
            return;
        if (m_stopped)
            return;
        double limit = 0;
        for (std::size_t w = 0; w < m_worlds; ++w)
            if (mask[w])
                limit += m_probability[w] * std::min(partial[w], bound[a][w]);
        if (limit <= bestValue)
            return;
        if (a == m) {
            bestValue = limit;
            bestVec = partial;
            bestChoice = choice;
            return;
        }
        for (std::uint32_t j : order[a]) {
            Vec next = partial;
            const Vec &f = node.children[a]->front[j];
            for (std::size_t w = 0; w < m_worlds; ++w)
                next[w] = subs[a][w] ? std::min(next[w], f[w]) : next[w];
            choice[a] = j;
            self(self, a + 1, next);
        }
    };
    search(search, 0, Vec(m_worlds, 255));
    if (m_stopped)
        return false;
    for (std::size_t w = 0; w < m_worlds; ++w)
        bestVec[w] = mask[w] ? bestVec[w] : 0;
    node.front = {bestVec};
    node.provenance = {bestChoice};
    return true;
}

NodePtr Search::endTrick(const State &s, const Trick &t, const Vec &mask)
{
    int best = -1;
    SuitSeat winner = t.leader;
    for (SuitSeat seat : {SuitSeat::North, SuitSeat::East, SuitSeat::South, SuitSeat::West})
        if (t.card[static_cast<std::size_t>(seatIndex(seat))] > best) {
            best = t.card[static_cast<std::size_t>(seatIndex(seat))];
            winner = seat;
        }
    const bool won = isDeclarer(winner);
    State next = s;
    if (!m_average && won)
        --next.needed;
    NodePtr child = lead(next);
    if (!child)
        return nullptr;
    auto node = std::make_shared<Node>();
    node->kind = NodeKind::Pass;
    node->children.push_back(child);
    for (std::uint32_t j = 0; j < child->front.size(); ++j) {
        Vec v = child->front[j];
        if (m_average && won)
            for (std::size_t w = 0; w < m_worlds; ++w)
                v[w] = static_cast<std::uint8_t>(v[w] + mask[w]);
        node->front.push_back(std::move(v));
        node->provenance.push_back({j});
    }
    return kept(node);
}

std::vector<SuitPlay> Search::extract(const Node &node, std::size_t vector) const
{
    const auto &pr = node.provenance[vector];
    switch (node.kind) {
    case NodeKind::Leaf:
        return {};
    case NodeKind::Pass:
        return extract(*node.children[0], pr[0]);
    case NodeKind::Declarer: {
        SuitPlay p;
        p.seat = node.moves[pr[0]].seat;
        p.rank = node.moves[pr[0]].rank;
        p.next = extract(*node.children[pr[0]], pr[1]);
        return {std::move(p)};
    }
    case NodeKind::Defender:
        break;
    }
    std::vector<SuitPlay> plays;
    for (std::size_t a = 0; a < node.moves.size(); ++a) {
        SuitPlay p;
        p.seat = node.moves[a].seat;
        p.rank = node.moves[a].rank;
        p.weight = node.weights[a];
        if (a < node.children.size() && a < pr.size())
            p.next = extract(*node.children[a], pr[a]);
        plays.push_back(std::move(p));
    }
    return plays;
}

// The weights of declarer's plays: those of the worlds reaching them.
void fillWeights(std::vector<SuitPlay> &plays, double weight)
{
    for (SuitPlay &p : plays) {
        if (isDeclarer(p.seat))
            p.weight = weight;
        fillWeights(p.next, p.weight);
    }
}

std::size_t best(const Search &search, const Node &root)
{
    std::size_t best = 0;
    for (std::size_t i = 1; i < root.front.size(); ++i)
        if (search.value(root.front[i]) > search.value(root.front[best]))
            best = i;
    return best;
}

} // namespace

Result<SuitAnalysis> analyseSuit(const SuitHoldings &holdings, const SuitOptions &options,
                                 const CancelToken *cancel)
{
    if ((holdings.north & holdings.south) || ((holdings.north | holdings.south) & ~allRanks))
        return Error {ErrorCode::InvalidArgument, "North and South share a card"};
    if (holdings.north == 0 && holdings.south == 0)
        return Error {ErrorCode::NoCards, "North and South hold no card of the suit"};
    SuitAnalysis analysis;
    analysis.holdings = holdings;
    const SuitMask defenders = static_cast<SuitMask>(allRanks & ~(holdings.north | holdings.south));
    for (int r = 0; r < rankCount; ++r)
        if (defenders & (1 << r))
            analysis.defenders.push_back(r);
    const int n = static_cast<int>(analysis.defenders.size());
    if (n > maxDefenderCards)
        return Error {ErrorCode::InvalidArgument,
                      "the defenders hold " + std::to_string(n) +
                          " cards of the suit: too many layouts to search (at most " +
                          std::to_string(maxDefenderCards) + ")"};
    const double all = binomial(26, 13);
    analysis.splits.assign(static_cast<std::size_t>(n + 1), 0);
    for (std::uint32_t w = 0; w < (1u << n); ++w) {
        const int west = std::popcount(w);
        const double p = binomial(26 - n, 13 - west) / all;
        analysis.worldProbability.push_back(p);
        analysis.splits[static_cast<std::size_t>(west)] += p;
    }
    const int tricksMax = std::max(std::popcount(holdings.north), std::popcount(holdings.south));
    const auto refused = [&](const Search &search) -> std::optional<Result<SuitAnalysis>> {
        if (search.cancelled()) {
            SuitAnalysis cancelled;
            cancelled.status = SolveStatus::Cancelled;
            cancelled.holdings = holdings;
            return cancelled;
        }
        if (search.tooLarge())
            return Error {ErrorCode::InvalidArgument,
                          "North " + suitHoldingText(holdings.north) + ", South " +
                              suitHoldingText(holdings.south) + ": the search is too large"};
        return std::nullopt;
    };
    {
        Search search(holdings, analysis.defenders, analysis.worldProbability, false,
                      options.maxNodes, cancel);
        const int first = options.onlyTarget > 0 ? options.onlyTarget : 1;
        const int last = options.onlyTarget > 0 ? options.onlyTarget : tricksMax;
        for (int k = first; k <= last; ++k) {
            const NodePtr root = cancel && cancel->isCancelled() ? nullptr : search.root(k);
            if (!root && !search.tooLarge() && cancel && cancel->isCancelled()) {
                SuitAnalysis cancelled;
                cancelled.status = SolveStatus::Cancelled;
                cancelled.holdings = holdings;
                return cancelled;
            }
            if (!root)
                return *refused(search);
            SuitTarget target;
            target.tricks = k;
            const std::size_t b = best(search, *root);
            target.probability = search.value(root->front[b]);
            if (target.probability <= 0 && options.onlyTarget == 0)
                break;
            target.line = search.extract(*root, b);
            fillWeights(target.line, 1.0);
            for (std::uint8_t v : root->front[b])
                target.wins.push_back(v != 0);
            analysis.targets.push_back(std::move(target));
        }
        if (options.onlyTarget == 0)
            analysis.mostTricks = static_cast<int>(analysis.targets.size());
    }
    if (options.average) {
        Search search(holdings, analysis.defenders, analysis.worldProbability, true,
                      options.maxNodes, cancel);
        const NodePtr root = search.root(0);
        if (!root)
            return *refused(search);
        const std::size_t b = best(search, *root);
        analysis.averageTricks = search.value(root->front[b]);
        analysis.averageLine = search.extract(*root, b);
        fillWeights(analysis.averageLine, 1.0);
    }
    return analysis;
}

} // namespace tenace::core
