#pragma once

// Hand evaluation: high-card point scales, distribution points, the losing trick count, and the
// formulas of Jan, Huang and Yang, "Hand Strength Evaluation in Bridge Games with the Genetic
// Algorithm": H + TL + NL for suit contracts and H + L_wh for no-trump, with the parameter rows
// the paper publishes. Pure functions on Hands; thread-safe.
//
// A partnership method evaluates the 26 cards of two partners (North-South in the paper) for a
// strain. How lengths are taken, and why:
//   - H (card values) is a sum over the 26 cards, so it does not depend on the choice.
//   - TL = a x (L_t - b) takes L_t, the partnership's combined trump length (the fit is what
//     makes trump tricks). Taking it per hand and adding, a x (L_N - b) + a x (L_S - b), differs
//     from the combined form by the constant a x b for every partnership: correlations are
//     identical and fitted thresholds absorb the shift (the experiment's "htlnl-ga-per-hand-tl"
//     row checks it on data).
//   - NL (void / singleton / doubleton values) is taken per hand and added over the two hands:
//     shortness is a ruffing value of the hand that holds it. Combined lengths of 2 or fewer in a
//     side suit (26 cards, at most 2 in a suit) are rare, so NL on combined lengths almost never
//     scores; the experiment's "htlnl-ga-combined-nl" row measures that choice against DD data.
//   - Goren short-suit points, long-suit points, the Pavlicek-style count and the losing trick
//     count are per-hand methods; a partnership's value is the sum of its two hands.
//   - L_wh (no-trump long suits with honours) is per hand, summed.

#include "core/model/card.h"
#include "core/model/hand.h"

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// Values of A K Q J T for a high-card point scale (Table 2 of the paper); other cards are 0.
struct HcpScale
{
    std::string_view id; // "goren", "bamberger", ...
    std::string_view name; // "Goren", "Bamberger", ...
    std::array<double, 5> values; // A K Q J T
};

inline constexpr std::array<HcpScale, 9> hcpScales {{
    {"goren", "Goren/Milton", {4, 3, 2, 1, 0}},
    {"bamberger", "Bamberger", {7, 5, 3, 1, 0}},
    {"collet", "Collet", {4, 3, 2, 0.5, 0.5}},
    {"four-aces", "Four Aces", {3, 2, 1, 0.5, 0}},
    {"polish", "Polish", {7, 4, 3, 0, 0}},
    {"reith", "Reith", {6, 4, 3, 2, 1}},
    {"robertson", "Robertson", {7, 5, 3, 2, 1}},
    {"vernes", "Vernes", {4, 3.1, 1.9, 0.9, 0}},
    {"akq", "AKQ", {4, 3, 2, 0, 0}},
}};

inline constexpr const HcpScale &gorenScale = hcpScales[0];

// The sum of the scale's values over the hand's cards.
double highCardPoints(Hand hand, const HcpScale &scale = gorenScale);
// Goren's 4-3-2-1 count, as an integer: hcp() in core/model/hand.h.
// Goren short-suit points: void 5, singleton 3, doubleton 1, over all four suits.
int shortSuitPoints(Hand hand);
// Long-suit points: 1 for every card over four in a suit.
int longSuitPoints(Hand hand);
// Pavlicek-style distribution points, length and shortness combined: 1 per card over four in a
// suit, plus void 3, singleton 2, doubleton 1.
int pavlicekDistributionPoints(Hand hand);
// The losing trick count: in each suit, of the first min(length, 3) cards, every one that is not
// the A (singleton), the A or K (doubleton) or the A, K or Q (three or more cards). 0..12.
int losingTricks(Hand hand);

// Card values by rank for the paper's formulas: 2..8 are worth 0, 9 and T share one value.
struct CardValues
{
    double nineTen = 0, jack = 0, queen = 0, king = 0, ace = 0;
    double operator()(Rank rank) const;
};

// H + TL + NL (Table 10 of the paper): H sums card values, TL = a x (L_t - b), NL sums the
// void / singleton / doubleton values of the non-trump suits.
struct HtlnlRow
{
    std::string_view id; // "htlnl-ga", "htlnl-0.5", ...
    std::string_view label; // "GA", "resolution 0.5", ...
    CardValues cards;
    double a = 0, b = 0; // TL
    double voidValue = 0, singletonValue = 0, doubletonValue = 0; // NL
    double paperCorrelation = 0; // the paper's figures for this row
    std::array<double, 3> paperAccuracy {}; // Dis = 0, <= 1, <= 2
};

// clang-format off
inline constexpr std::array<HtlnlRow, 5> htlnlRows {{
    {"htlnl-ga", "GA", {0.215, 0.619, 1.224, 2.473, 4}, 1.402, 1.005, 3.390, 1.764, 0.510,
     0.923, {0.586, 0.975, 0.999}},
    {"htlnl-0.1", "resolution 0.1", {0.2, 0.6, 1.2, 2.5, 4}, 1.4, 1.0, 3.4, 1.8, 0.5,
     0.923, {0.584, 0.975, 0.999}},
    {"htlnl-0.25", "resolution 0.25", {0.25, 0.5, 1.25, 2.5, 4}, 1.5, 1, 3.5, 1.75, 0.5,
     0.922, {0.581, 0.974, 0.999}},
    {"htlnl-0.5", "resolution 0.5 (recommended)", {0, 0.5, 1.0, 2.5, 4}, 1.5, 1, 3.5, 2, 0.5,
     0.918, {0.567, 0.972, 0.999}},
    {"htlnl-1", "resolution 1", {0, 1, 1, 2, 4}, 1, 1, 3, 2, 1,
     0.901, {0.528, 0.957, 0.999}},
}};
// clang-format on

// The paper's recommended row (resolution 0.5).
inline constexpr const HtlnlRow &recommendedHtlnl = htlnlRows[3];

// H + L_wh for no-trump (Table 12): H sums card values; L_wh adds a x (L - b) for every suit of
// length >= b that holds an honour (A K Q J T).
struct NoTrumpRow
{
    std::string_view id; // "nt-ga", "nt-0.5", ...
    std::string_view label;
    CardValues cards;
    double a = 0, b = 0;
    double paperCorrelation = 0;
    std::array<double, 3> paperAccuracy {};
};

// clang-format off
inline constexpr std::array<NoTrumpRow, 5> noTrumpRows {{
    {"nt-ga", "GA", {0.298, 0.848, 1.595, 2.676, 4}, 0.240, 0.091, 0.923, {0.575, 0.971, 0.999}},
    {"nt-0.1", "resolution 0.1", {0.3, 0.8, 1.6, 2.7, 4}, 0.2, 0.1, 0.923, {0.574, 0.971, 0.999}},
    {"nt-0.25", "resolution 0.25", {0.25, 0.75, 1.5, 2.75, 4}, 0.25, 0, 0.922,
     {0.569, 0.971, 0.999}},
    {"nt-0.5", "resolution 0.5", {0.5, 1, 1.5, 2.5, 4}, 0, 0, 0.916, {0.557, 0.965, 0.998}},
    {"nt-1", "resolution 1", {0, 1, 2, 3, 4}, 0, 0, 0.905, {0.535, 0.954, 0.997}},
}};
// clang-format on

inline constexpr const NoTrumpRow &recommendedNoTrump = noTrumpRows[1];

// The sum of `values` over the cards of `hand`.
double cardValueSum(Hand hand, const CardValues &values);

// How a partnership formula takes suit lengths (see the header comment).
enum class LengthBasis { Combined, PerHand };

// H + TL + NL of the partnership `a` + `b` with `trump` (a suit). TL on the combined trump
// length unless `tl` is PerHand; NL per hand unless `nl` is Combined.
double htlnl(Hand a, Hand b, Suit trump, const HtlnlRow &row,
             LengthBasis tl = LengthBasis::Combined, LengthBasis nl = LengthBasis::PerHand);
// H + L_wh of the partnership (per hand, summed).
double noTrumpStrength(Hand a, Hand b, const NoTrumpRow &row);

// The partnership's trump suit for the paper's setup: its longest combined suit; ties go to the
// suit with more combined Goren HCP, then to the higher-ranking suit.
Suit longestCombinedSuit(Hand a, Hand b);

// Maps a strength to tricks with the paper's thresholds: the midpoints between the mean
// strengths of adjacent (non-empty) trick groups. Fitted on data (fit()), or stored with a method.
struct TrickPredictor
{
    std::vector<int> tricks; // the groups, ascending; empty: not fitted
    std::vector<double> thresholds; // thresholds[i] separates tricks[i] and tricks[i + 1]

    // The group whose interval holds `strength` (the lowest group below the first threshold).
    int predict(double strength) const;
    // Groups samples by std::lround(meanTricks) and places thresholds between adjacent groups'
    // mean strengths. Spans of equal length; empty input gives an empty predictor.
    static TrickPredictor fit(std::span<const double> strengths,
                              std::span<const double> meanTricks);
};

// A partnership evaluation method, by id ("goren-hcp", "htlnl-0.5", "ltc", ...).
struct EvaluationMethod
{
    std::string id;
    std::string description;
    // The strength of partners `a` and `b` with `trump` (a suit for suit methods; ignored by
    // no-trump and plain count methods).
    std::function<double(Hand a, Hand b, Suit trump)> evaluate;
    double paperCorrelation = 0; // Table 10 / 11 / 12 of the paper, 0 when it has none
    bool noTrump = false; // meant for no-trump contracts

    double operator()(Hand a, Hand b, Suit trump) const { return evaluate(a, b, trump); }
};

// Every method the experiment compares: for each HCP scale its count alone ("goren-hcp",
// "bamberger", ...) and with long-suit ("-long"), short-suit ("-short") and Pavlicek-style
// ("-pavlicek") points; "ltc" (24 minus the partnership's losers); every H + TL + NL row, with the
// two length-basis variants of the GA row; every no-trump row.
const std::vector<EvaluationMethod> &evaluationMethods();
const EvaluationMethod *findEvaluationMethod(std::string_view id);

// Per-hand summary for display.
struct HandEvaluation
{
    int hcp = 0;
    int shortPoints = 0;
    int longPoints = 0;
    int losers = 0;
    std::array<int, 4> lengths {};
};
HandEvaluation evaluateHand(Hand hand);

// Thresholds fitted by `tenace-cli experiment` (seeded; see the README) for the methods the
// analyzer shows: the recommended H + TL + NL row (suit contracts, mean tricks of the better NS
// declarer in the longest combined suit) and the recommended no-trump row. nullopt for others.
std::optional<TrickPredictor> storedPredictor(std::string_view methodId);

} // namespace tenace::core
