#pragma once

// Suit combinations, solved exactly: declarer's two hands (North, dummy; South, declarer) hold
// some cards of one suit and the defenders hold the rest. Every split of the missing cards
// between West and East is a world, weighted by its a-priori probability (the other suits fill
// the hands). Entries are unlimited: at every trick declarer leads from either hand. Declarer
// sees his cards and every card played; the defenders see everything and know declarer's line,
// so in each world they answer with the play that hurts the line most (falsecards included).
//
// The search is alpha-mu at full depth: Pareto fronts of per-world outcome vectors, the union of
// the children's fronts where declarer plays, their per-world minimum combined where a defender
// plays; transpositions at the start of each trick; equal cards of declarer's hands tried once.
// Blocking; cancellable through the token; thread-safe (no shared state).

#include "core/model/error.h"
#include "core/solver/solver.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// Ranks 0 (the two) to 12 (the ace), one bit each.
using SuitMask = std::uint16_t;

struct SuitHoldings
{
    SuitMask north = 0;
    SuitMask south = 0;
    friend bool operator==(const SuitHoldings &, const SuitHoldings &) = default;
};

// Parses two holdings: ranks AKQJT98765432 (or 10), any case; `x` is a small card (the lowest
// ranks neither hand names, North's first); `-` or nothing is a void. The error names the card:
// "North: unknown rank 'Z' in 'AZ3'", "Q in both North and South".
Result<SuitHoldings> parseSuitHoldings(std::string_view north, std::string_view south);

// "A", "K", ..., "10", ..., "2".
std::string suitRankText(int rank);
// "AKJ54", or "-" for a void.
std::string suitHoldingText(SuitMask mask);

enum class SuitSeat : std::uint8_t { North, East, South, West };
char suitSeatLetter(SuitSeat seat);

// One card of a line: the seat, the rank (-1: the seat has no card of the suit left and
// discards), the a-priori probability of the worlds where this play happens (a defender's card
// covers the worlds where he holds it) and the plays that can follow: one for declarer's hands,
// one per card a defender may play.
struct SuitPlay
{
    SuitSeat seat = SuitSeat::South;
    int rank = -1;
    double weight = 0;
    std::vector<SuitPlay> next;
};

struct SuitTarget
{
    int tricks = 0;
    double probability = 0; // of taking at least `tricks` tricks with the best line
    std::vector<SuitPlay> line; // the first lead (one play) and what follows
    std::vector<bool> wins; // per world: the line takes `tricks` tricks there
};

struct SuitOptions
{
    int onlyTarget = 0; // 0: every target from 1 to the most possible
    bool average = true; // also the line with the most tricks on average
    std::size_t maxNodes = 4'000'000; // beyond this the holding is refused as too large
};

struct SuitAnalysis
{
    SolveStatus status = SolveStatus::Solved;
    SuitHoldings holdings;
    // The defenders' ranks, lowest first. World w gives West the ranks whose bit i is set in w
    // (defenders[i]) and East the others.
    std::vector<int> defenders;
    std::vector<double> worldProbability; // per world; they sum to 1
    std::vector<double> splits; // index a: West holds a of the missing cards
    int mostTricks = 0; // the most tricks any line takes in some world (every target solved)
    std::vector<SuitTarget> targets; // by increasing tricks
    double averageTricks = 0;
    std::vector<SuitPlay> averageLine;
};

// Solves every target (or only options.onlyTarget) and the line with the most tricks on average.
// Refuses, with an error, holdings that leave more than 11 cards to the defenders or whose search
// passes options.maxNodes or a gigabyte of outcome vectors. A cancelled run returns status
// Cancelled and no results.
Result<SuitAnalysis> analyseSuit(const SuitHoldings &holdings, const SuitOptions &options = {},
                                 const CancelToken *cancel = nullptr);

// West's and East's cards in world w: "KJ4 - 9"... as "West KJ4, East 9".
std::string suitWorldText(const SuitAnalysis &analysis, std::size_t world);

// A line on one line of text: every trick along the likeliest branch, declarer's answers to the
// defenders' other cards in brackets, the partner's card when it is not his lowest:
// "S leads 4 to J (W Q: A); then N A, N K".
std::string compactSuitLine(const SuitHoldings &holdings, const std::vector<SuitPlay> &line);

// The plays of one node grouped: a defender's cards that lead to the same continuation together.
struct SuitPlayGroup
{
    SuitSeat seat = SuitSeat::South;
    std::vector<int> ranks; // highest first; -1 a discard
    double weight = 0; // the largest of the plays' weights
    const SuitPlay *play = nullptr; // the first of the group: its `next` is the continuation
};
std::vector<SuitPlayGroup> groupSuitPlays(const std::vector<SuitPlay> &plays);
// "W 2/3/4", "S 10", "E -" (a discard).
std::string suitGroupText(const SuitPlayGroup &group);

// A line as an outline: each node the plays up to the next defender's choice ("S 4, W 2/3, N J"),
// its children the branches of that choice. Tricks are separated by "; ".
struct SuitLineNode
{
    std::string text;
    std::vector<SuitLineNode> children;
};
std::vector<SuitLineNode> suitLineOutline(const std::vector<SuitPlay> &line);
// The outline as indented text, one node a line.
std::string suitLineTree(const std::vector<SuitPlay> &line);

} // namespace tenace::core
