#pragma once

// Internals of dds_move_order.cpp: the position as DDS's move generator sees it at the root, and
// DDS's weights for a hand following or discarding (dds_move_order_follow.cpp). Not exported.

#include <array>
#include <bit>
#include <span>

namespace tenace::capi::dds_order {

// A suit's cards as DDS keeps them: bit r - 2 for rank r.
using Ranks = unsigned;

constexpr Ranks bitOf(int rank)
{
    return 1u << (rank - 2);
}
constexpr int topRank(Ranks r)
{
    return r == 0 ? 0 : 2 + std::bit_width(r) - 1;
}

struct TopCard
{
    int rank = 0;
    int hand = -1;
};

struct Move
{
    int suit = 0;
    int rank = 0;
    bool sequence = false; // lower cards equivalent to it
    int weight = 0;
};

// What the weights read of the position: DDS's `pos` fields for the root.
struct RootView
{
    int leader = 0;
    int toMove = 0;
    int trump = 4; // 4: no trump (or no trump left, as DDS then weighs)
    int actualTrump = 4; // the contract's strain
    // The trick so far, as DDS tracks it: the lead's suit, and after each card the card winning
    // so far and its place in the trick (0 for the leader).
    int leadSuit = 0;
    int played = 0;
    std::array<Move, 3> winning {};
    std::array<int, 3> winningPlace {};
    std::array<Ranks, 4> gone {}; // cards out of play (the trick's cards are still in play)
    int tricks = 0; // DDS's trick index: tricks left - 1
    std::array<std::array<Ranks, 4>, 4> held {}; // [hand][suit]
    std::array<std::array<int, 4>, 4> length {};
    std::array<Ranks, 4> all {}; // every held card of the suit
    std::array<TopCard, 4> winner {}, second {};
    std::array<int, 4> thirdHand {}; // holder of the third-highest card, -1 if none

    int lho() const { return (leader + 1) % 4; }
    int partner() const { return (leader + 2) % 4; }
    int rho() const { return (leader + 3) % 4; }
    // 1 for the suit's highest remaining card, 2 for the next...
    int relativeRank(int suit, int rank) const
    {
        return 1 + std::popcount(all[static_cast<std::size_t>(suit)] >> (rank - 1));
    }
};

// DDS's weights for the moves of a hand following suit (all of them) or discarding/ruffing
// (the moves of one suit) while a trick is in progress.
void weighFollowing(const RootView &v, std::span<Move> moves);
void weighDiscards(const RootView &v, int suit, std::span<Move> moves);

} // namespace tenace::capi::dds_order
