#include "core/c_api/dds_move_order.h"

#include "core/c_api/dds_move_order_weights.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <utility>

namespace tenace::capi {
namespace {

using core::Card;
using core::Position;
using namespace dds_order;

int holder(const RootView &v, const Position &position, int suit, int rank)
{
    for (int h = 0; h < 4; ++h)
        if (v.held[static_cast<std::size_t>(h)][static_cast<std::size_t>(suit)] & bitOf(rank))
            return h;
    for (std::size_t k = 0; k < position.trick.size(); ++k) {
        const Card &c = position.trick[k];
        if (core::index(c.suit) == suit && core::value(c.rank) == rank)
            return (v.leader + static_cast<int>(k)) % 4;
    }
    return -1;
}

RootView viewOf(const Position &position)
{
    RootView v;
    v.leader = core::index(position.leader);
    v.tricks = position.tricksLeft() - 1;
    for (std::size_t h = 0; h < 4; ++h)
        for (std::size_t s = 0; s < 4; ++s) {
            const Ranks r = position.remaining.hands[h].suitMask(static_cast<core::Suit>(s)) >> 2;
            v.held[h][s] = r;
            v.length[h][s] = std::popcount(r);
            v.all[s] |= r;
        }
    std::array<Ranks, 4> inTrick {};
    for (const Card &c : position.trick)
        inTrick[static_cast<std::size_t>(core::index(c.suit))] |= bitOf(core::value(c.rank));
    for (std::size_t s = 0; s < 4; ++s)
        v.gone[s] = ~(v.all[s] | inTrick[s]) & 0x1fffu;
    for (std::size_t s = 0; s < 4; ++s) {
        std::array<int, 3> top {};
        Ranks rest = v.all[s] | inTrick[s]; // DDS counts the trick's cards among the top cards
        for (int &t : top) {
            t = topRank(rest);
            if (t)
                rest &= ~bitOf(t);
        }
        const int suit = static_cast<int>(s);
        v.winner[s] = {top[0], top[0] ? holder(v, position, suit, top[0]) : -1};
        v.second[s] = {top[1], top[1] ? holder(v, position, suit, top[1]) : -1};
        v.thirdHand[s] = top[2] ? holder(v, position, suit, top[2]) : -1;
    }
    v.actualTrump = core::index(position.trump);
    if (v.actualTrump < 4 && v.winner[static_cast<std::size_t>(v.actualTrump)].rank != 0)
        v.trump = v.actualTrump;
    v.played = static_cast<int>(position.trick.size());
    v.toMove = (v.leader + v.played) % 4;
    for (int k = 0; k < v.played; ++k) {
        const Card &c = position.trick[static_cast<std::size_t>(k)];
        const Move m {core::index(c.suit), core::value(c.rank), false, 0};
        auto &w = v.winning[static_cast<std::size_t>(k)];
        auto &place = v.winningPlace[static_cast<std::size_t>(k)];
        if (k == 0) {
            w = m;
            place = 0;
            v.leadSuit = m.suit;
            continue;
        }
        const Move &before = v.winning[static_cast<std::size_t>(k - 1)];
        const bool wins = m.suit == before.suit ? m.rank > before.rank : m.suit == v.actualTrump;
        w = wins ? m : before;
        place = wins ? k : v.winningPlace[static_cast<std::size_t>(k - 1)];
    }
    return v;
}

// The moves of the hand to play in one suit, highest first: one per run of its cards, runs merged
// when every card between them is out of play.
void addMoves(const RootView &v, int suit, std::vector<Move> &moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const Ranks own = v.held[static_cast<std::size_t>(v.toMove)][s];
    const Ranks gone = v.gone[s];
    int rank = 14;
    while (rank >= 2) {
        if (!(own & bitOf(rank))) {
            --rank;
            continue;
        }
        Move m {suit, rank, false, 0};
        int low = rank; // lowest card of the group so far
        for (int r = rank - 1; r >= 2; --r) {
            if (own & bitOf(r)) {
                m.sequence = true;
                low = r;
            } else if (!(gone & bitOf(r))) {
                break;
            }
        }
        // A run may end in gone cards with no card of ours below them: the group ends at `low`.
        moves.push_back(m);
        rank = low - 1;
    }
}

int ruffsOrFollows(const RootView &v, int hand, int suit)
{
    // DDS's "follows suit, or has no trump to ruff with".
    return v.length[static_cast<std::size_t>(hand)][static_cast<std::size_t>(suit)] != 0 ||
        v.length[static_cast<std::size_t>(hand)][static_cast<std::size_t>(v.trump)] == 0;
}

bool trumpLeadWins(const RootView &v, int suit, const Move &m)
{
    const auto s = static_cast<std::size_t>(suit);
    const auto t = static_cast<std::size_t>(v.trump);
    const auto lho = static_cast<std::size_t>(v.lho());
    const auto rho = static_cast<std::size_t>(v.rho());
    const auto pd = static_cast<std::size_t>(v.partner());
    const bool side = suit != v.trump;
    if (v.winner[s].rank == m.rank) {
        if (!side)
            return true;
        if (v.length[pd][s] != 0 || v.length[pd][t] == 0)
            return ruffsOrFollows(v, v.lho(), suit) && ruffsOrFollows(v, v.rho(), suit);
        return (v.length[lho][s] != 0 || v.held[pd][t] > v.held[lho][t]) &&
            (v.length[rho][s] != 0 || v.held[pd][t] > v.held[rho][t]);
    }
    if (v.held[pd][s] > (v.held[lho][s] | v.held[rho][s])) {
        if (!side)
            return true;
        return ruffsOrFollows(v, v.lho(), suit) && ruffsOrFollows(v, v.rho(), suit);
    }
    if (!side || !(v.length[pd][s] == 0 && v.length[pd][t] != 0))
        return false;
    const bool lhoRuffs = v.length[lho][s] == 0 && v.length[lho][t] != 0;
    const bool rhoRuffs = v.length[rho][s] == 0 && v.length[rho][t] != 0;
    if (lhoRuffs && rhoRuffs)
        return v.held[pd][t] > (v.held[lho][t] | v.held[rho][t]);
    if (lhoRuffs)
        return v.held[pd][t] > v.held[lho][t];
    if (rhoRuffs)
        return v.held[pd][t] > v.held[rho][t];
    return true;
}

int thirdCardBonus(const RootView &v, int suit, int both, int one)
{
    const auto s = static_cast<std::size_t>(suit);
    const int pd = v.partner();
    const int third = v.thirdHand[s];
    const bool partnerLong = v.length[static_cast<std::size_t>(pd)][s] > 1;
    if (v.second[s].hand == pd && third == pd)
        return both;
    if ((v.second[s].hand == v.leader && third == pd && partnerLong) ||
        (v.second[s].hand == pd && third == v.leader && partnerLong))
        return one;
    return 0;
}

bool singletonTopOpposite(const RootView &v, int suit)
{
    const auto s = static_cast<std::size_t>(suit);
    return (v.length[static_cast<std::size_t>(v.lho())][s] == 1 && v.winner[s].hand == v.lho()) ||
        (v.length[static_cast<std::size_t>(v.rho())][s] == 1 && v.winner[s].hand == v.rho());
}

int opponentsWeight(const RootView &v, int suit, int divisor)
{
    const auto s = static_cast<std::size_t>(suit);
    const int lh = v.length[static_cast<std::size_t>(v.lho())][s];
    const int rh = v.length[static_cast<std::size_t>(v.rho())][s];
    const int countLh = (lh == 0 ? v.tricks + 1 : lh) << 2;
    const int countRh = (rh == 0 ? v.tricks + 1 : rh) << 2;
    return -(((countLh + countRh) << 5) / divisor);
}

void weighTrumpLead(const RootView &v, int suit, std::span<Move> moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const auto t = static_cast<std::size_t>(v.trump);
    const int lead = v.leader, lho = v.lho(), rho = v.rho(), pd = v.partner();
    const auto up = [](int h) { return static_cast<std::size_t>(h); };
    const int own = v.length[up(lead)][s];
    const int rh = v.length[up(rho)][s];
    const bool side = suit != v.trump;
    int bonus = 0;
    if (side &&
        ((v.held[up(lho)][s] == 0 && v.held[up(lho)][t] != 0) ||
         (v.held[up(rho)][s] == 0 && v.held[up(rho)][t] != 0)))
        bonus = -12;
    if (side && v.length[up(pd)][s] == 0 && v.length[up(pd)][t] > 0 && rh > 0)
        bonus += 17;
    if (v.winner[s].hand == rho || v.second[s].hand == rho) {
        if (rh != 1)
            bonus -= 12;
    } else if (v.winner[s].hand == lho && v.second[s].hand == pd) {
        if (v.length[up(pd)][s] != 1)
            bonus += 27;
    }
    if (side && own == 1 && v.length[up(lead)][t] > 0 && v.length[up(pd)][s] > 1 &&
        v.winner[s].hand == pd)
        bonus += 19;
    const int base = bonus + opponentsWeight(v, suit, 13);
    for (Move &m : moves) {
        const int rel = v.relativeRank(suit, m.rank);
        int delta = base;
        if (trumpLeadWins(v, suit, m)) {
            if (singletonTopOpposite(v, suit))
                m.weight = delta + 35 + rel;
            else if (v.winner[s].hand == lead)
                m.weight = v.second[s].hand == pd ? delta + 48 + rel
                    : v.winner[s].rank == m.rank  ? delta + 31
                                                  : delta - 3 + rel;
            else if (v.winner[s].hand == pd)
                m.weight = v.second[s].hand == lead ? delta + 42 + rel : delta + 28 + rel;
            else if (m.sequence && m.rank == v.second[s].rank)
                m.weight = delta + 40;
            else
                m.weight = m.sequence ? delta + 22 + rel : delta + 11 + rel;
            continue;
        }
        delta += thirdCardBonus(v, suit, 20, 13);
        if (singletonTopOpposite(v, suit))
            m.weight = delta + rel + 2;
        else if (v.winner[s].hand == lead)
            m.weight = v.second[s].hand == pd ? delta + 33 + rel
                : v.winner[s].rank == m.rank  ? delta + 38
                                              : delta - 14 + rel;
        else if (v.winner[s].hand == pd)
            m.weight = delta + 34 + rel;
        else if (m.sequence && m.rank == v.second[s].rank)
            m.weight = delta + 35;
        else
            m.weight = delta + 17 - m.rank;
    }
}

void weighNoTrumpLead(const RootView &v, int suit, std::span<Move> moves)
{
    const auto s = static_cast<std::size_t>(suit);
    const int lead = v.leader, lho = v.lho(), rho = v.rho(), pd = v.partner();
    const auto up = [](int h) { return static_cast<std::size_t>(h); };
    const int lh = v.length[up(lho)][s];
    const int rh = v.length[up(rho)][s];
    int base = opponentsWeight(v, suit, 19);
    if (v.length[up(pd)][s] == 0)
        base -= 9;
    for (Move &m : moves) {
        const int rel = v.relativeRank(suit, m.rank);
        int delta = base;
        if (v.winner[s].rank == m.rank ||
            v.held[up(pd)][s] > (v.held[up(lho)][s] | v.held[up(rho)][s])) {
            if (v.second[s].hand == rho) {
                if (rh != 1)
                    delta -= 1;
            } else if (v.second[s].hand == lho) {
                delta += lh != 1 ? 22 : 16;
            }
            const bool clear =
                (v.second[s].hand != lho || lh == 1) && (v.second[s].hand != rho || rh == 1);
            m.weight = delta + (clear ? 45 : 18) + rel;
            continue;
        }
        if (v.winner[s].hand == rho || v.second[s].hand == rho) {
            if (rh != 1)
                delta -= 10;
        } else if (v.winner[s].hand == lho && v.second[s].hand == pd) {
            if (v.length[up(pd)][s] != 1)
                delta += 31;
        }
        delta += thirdCardBonus(v, suit, 35, 25);
        if (singletonTopOpposite(v, suit))
            m.weight = delta + 28 + rel;
        else if (v.winner[s].hand == lead)
            m.weight = delta - 17 + rel;
        else if (!m.sequence)
            m.weight = delta + 12 + rel;
        else if (m.rank == v.second[s].rank)
            m.weight = delta + 48;
        else
            m.weight = delta + 29 - rel;
    }
}

// DDS sorts a move list with a fixed compare-exchange network per length (2 to 12), heaviest
// first; equal weights end where the network leaves them, so the network itself is part of the
// order. Other lengths use a stable insertion sort.
using Network = std::span<const std::pair<std::uint8_t, std::uint8_t>>;

constexpr std::pair<std::uint8_t, std::uint8_t> net2[] = {{0, 1}};
constexpr std::pair<std::uint8_t, std::uint8_t> net3[] = {{0, 1}, {0, 2}, {1, 2}};
constexpr std::pair<std::uint8_t, std::uint8_t> net4[] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}};
constexpr std::pair<std::uint8_t, std::uint8_t> net5[] = {{0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2},
                                                          {0, 4}, {2, 4}, {1, 2}, {3, 4}};
constexpr std::pair<std::uint8_t, std::uint8_t> net6[] = {
    {0, 1}, {2, 3}, {4, 5}, {0, 2}, {1, 3}, {1, 2}, {0, 4}, {1, 5}, {2, 4}, {3, 5}, {1, 2}, {3, 4}};
constexpr std::pair<std::uint8_t, std::uint8_t> net7[] = {
    {0, 1}, {2, 3}, {4, 5}, {0, 2}, {4, 6}, {1, 3}, {1, 2}, {5, 6},
    {0, 4}, {1, 5}, {2, 6}, {2, 4}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net8[] = {
    {0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {4, 6}, {1, 3}, {5, 7}, {1, 2}, {5, 6},
    {0, 4}, {1, 5}, {2, 6}, {3, 7}, {2, 4}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net9[] = {
    {0, 1}, {3, 4}, {6, 7}, {1, 2}, {4, 5}, {7, 8}, {0, 1}, {3, 4}, {6, 7},
    {0, 3}, {3, 6}, {0, 3}, {1, 4}, {4, 7}, {1, 4}, {2, 5}, {5, 8}, {2, 5},
    {1, 3}, {5, 7}, {2, 6}, {4, 6}, {2, 4}, {2, 3}, {5, 6}};
constexpr std::pair<std::uint8_t, std::uint8_t> net10[] = {
    {1, 8}, {0, 4}, {5, 9}, {2, 6}, {3, 7}, {0, 3}, {6, 9}, {2, 5}, {0, 1}, {3, 6},
    {8, 9}, {4, 7}, {0, 2}, {4, 8}, {1, 5}, {7, 9}, {1, 2}, {3, 4}, {5, 6}, {7, 8},
    {1, 3}, {6, 8}, {2, 4}, {5, 7}, {2, 3}, {6, 7}, {3, 5}, {4, 6}, {4, 5}};
constexpr std::pair<std::uint8_t, std::uint8_t> net11[] = {
    {0, 1},  {2, 3}, {4, 5}, {6, 7},  {8, 9}, {1, 3},  {5, 7},  {0, 2}, {4, 6},
    {8, 10}, {1, 2}, {5, 6}, {9, 10}, {1, 5}, {6, 10}, {5, 9},  {2, 6}, {1, 5},
    {6, 10}, {0, 4}, {3, 7}, {4, 8},  {0, 4}, {1, 4},  {7, 10}, {3, 8}, {2, 3},
    {8, 9},  {2, 4}, {7, 9}, {3, 5},  {6, 8}, {3, 4},  {5, 6},  {7, 8}};
constexpr std::pair<std::uint8_t, std::uint8_t> net12[] = {
    {0, 1},  {2, 3},  {4, 5},  {6, 7}, {8, 9},  {10, 11}, {1, 3},  {5, 7}, {9, 11}, {0, 2},
    {4, 6},  {8, 10}, {1, 2},  {5, 6}, {9, 10}, {1, 5},   {6, 10}, {5, 9}, {2, 6},  {1, 5},
    {6, 10}, {0, 4},  {7, 11}, {3, 7}, {4, 8},  {0, 4},   {7, 11}, {1, 4}, {7, 10}, {3, 8},
    {2, 3},  {8, 9},  {2, 4},  {7, 9}, {3, 5},  {6, 8},   {3, 4},  {5, 6}, {7, 8}};

Network networkFor(std::size_t n)
{
    switch (n) {
    case 2:
        return net2;
    case 3:
        return net3;
    case 4:
        return net4;
    case 5:
        return net5;
    case 6:
        return net6;
    case 7:
        return net7;
    case 8:
        return net8;
    case 9:
        return net9;
    case 10:
        return net10;
    case 11:
        return net11;
    case 12:
        return net12;
    default:
        return {};
    }
}

void sortAsDds(std::vector<Move> &moves)
{
    if (const Network net = networkFor(moves.size()); !net.empty()) {
        for (const auto &[i, j] : net)
            if (moves[i].weight < moves[j].weight)
                std::swap(moves[i], moves[j]);
        return;
    }
    for (std::size_t i = 1; i < moves.size(); ++i) {
        const Move m = moves[i];
        std::size_t j = i;
        for (; j > 0 && m.weight > moves[j - 1].weight; --j)
            moves[j] = moves[j - 1];
        moves[j] = m;
    }
}

} // namespace

std::vector<Card> ddsRootOrder(const Position &position)
{
    if (position.trick.size() > 3)
        return {};
    const RootView v = viewOf(position);
    std::vector<Move> moves;
    const auto hand = static_cast<std::size_t>(v.toMove);
    if (v.played > 0 && v.held[hand][static_cast<std::size_t>(v.leadSuit)] != 0) {
        addMoves(v, v.leadSuit, moves);
        weighFollowing(v, moves);
    } else {
        for (int suit = 0; suit < 4; ++suit) {
            if (v.held[hand][static_cast<std::size_t>(suit)] == 0)
                continue;
            const std::size_t first = moves.size();
            addMoves(v, suit, moves);
            const std::span<Move> added(moves.begin() + static_cast<std::ptrdiff_t>(first),
                                        moves.end());
            if (v.played > 0)
                weighDiscards(v, suit, added);
            else if (v.trump < 4)
                weighTrumpLead(v, suit, added);
            else
                weighNoTrumpLead(v, suit, added);
        }
    }
    sortAsDds(moves);
    std::vector<Card> order;
    order.reserve(moves.size());
    for (const Move &m : moves)
        order.push_back(Card {static_cast<core::Suit>(m.suit), static_cast<core::Rank>(m.rank)});
    return order;
}

} // namespace tenace::capi
