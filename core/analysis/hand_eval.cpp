#include "core/analysis/hand_eval.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tenace::core {

namespace {

constexpr std::array<Rank, 5> akqjt {Rank::Ace, Rank::King, Rank::Queen, Rank::Jack, Rank::Ten};

bool holds(Hand hand, Suit suit, Rank rank)
{
    return (hand.suitMask(suit) >> value(rank)) & 1;
}

// The value of a void, singleton or doubleton; 0 for three cards or more.
template<typename T> T shortValue(int length, T voidValue, T singletonValue, T doubletonValue)
{
    return length == 0 ? voidValue
        : length == 1  ? singletonValue
        : length == 2  ? doubletonValue
                       : T {};
}

double shortValue(int length, const HtlnlRow &row)
{
    return shortValue(length, row.voidValue, row.singletonValue, row.doubletonValue);
}

bool hasHonour(Hand hand, Suit suit)
{
    return std::any_of(akqjt.begin(), akqjt.end(), [&](Rank r) { return holds(hand, suit, r); });
}

// The paper's Table 11 rows (HCP, long, short, Pavlicek) for the scales, in hcpScales order.
constexpr std::array<std::array<double, 4>, 9> paperTable11 {{
    {0.746, 0.806, 0.859, 0.804},
    {0.758, 0.804, 0.852, 0.794},
    {0.749, 0.810, 0.862, 0.807},
    {0.765, 0.825, 0.863, 0.841},
    {0.750, 0.797, 0.845, 0.787},
    {0.742, 0.793, 0.843, 0.783},
    {0.754, 0.800, 0.848, 0.789},
    {0.748, 0.809, 0.861, 0.806},
    {0.739, 0.798, 0.850, 0.795},
}};
constexpr double paperLoserCorrelation = 0.700;

std::vector<EvaluationMethod> makeMethods()
{
    std::vector<EvaluationMethod> methods;
    for (std::size_t i = 0; i < hcpScales.size(); ++i) {
        const HcpScale &scale = hcpScales[i];
        const std::string id(scale.id);
        const std::string name(scale.name);
        const std::string values = [&] {
            std::string v;
            for (double x : scale.values) {
                char buf[16];
                std::snprintf(buf, sizeof buf, "%g", x);
                if (!v.empty())
                    v += '-';
                v += buf;
            }
            return v;
        }();
        methods.push_back({i == 0 ? "goren-hcp" : id, name + " HCP " + values + " (AKQJT)",
                           [&scale](Hand a, Hand b, Suit) {
                               return highCardPoints(a, scale) + highCardPoints(b, scale);
                           },
                           paperTable11[i][0], false});
        methods.push_back({id + "-long", name + " HCP + 1 per card over four",
                           [&scale](Hand a, Hand b, Suit) {
                               return highCardPoints(a, scale) + highCardPoints(b, scale) +
                                   longSuitPoints(a) + longSuitPoints(b);
                           },
                           paperTable11[i][1], false});
        methods.push_back({id + "-short", name + " HCP + void 5, singleton 3, doubleton 1",
                           [&scale](Hand a, Hand b, Suit) {
                               return highCardPoints(a, scale) + highCardPoints(b, scale) +
                                   shortSuitPoints(a) + shortSuitPoints(b);
                           },
                           paperTable11[i][2], false});
        methods.push_back({id + "-pavlicek", name + " HCP + length and shortness (Pavlicek-style)",
                           [&scale](Hand a, Hand b, Suit) {
                               return highCardPoints(a, scale) + highCardPoints(b, scale) +
                                   pavlicekDistributionPoints(a) + pavlicekDistributionPoints(b);
                           },
                           paperTable11[i][3], false});
    }
    methods.push_back(
        {"ltc", "24 - losing trick count of both hands",
         [](Hand a, Hand b, Suit) { return 24.0 - losingTricks(a) - losingTricks(b); },
         paperLoserCorrelation, false});
    for (const HtlnlRow &row : htlnlRows) {
        methods.push_back({std::string(row.id), "H + TL + NL, " + std::string(row.label),
                           [&row](Hand a, Hand b, Suit trump) { return htlnl(a, b, trump, row); },
                           row.paperCorrelation, false});
    }
    methods.push_back({"htlnl-ga-per-hand-tl", "H + TL + NL, GA, TL per hand and added",
                       [](Hand a, Hand b, Suit trump) {
                           return htlnl(a, b, trump, htlnlRows[0], LengthBasis::PerHand,
                                        LengthBasis::PerHand);
                       },
                       0, false});
    methods.push_back({"htlnl-ga-combined-nl", "H + TL + NL, GA, NL on combined lengths",
                       [](Hand a, Hand b, Suit trump) {
                           return htlnl(a, b, trump, htlnlRows[0], LengthBasis::Combined,
                                        LengthBasis::Combined);
                       },
                       0, false});
    for (const NoTrumpRow &row : noTrumpRows) {
        methods.push_back({std::string(row.id), "H + L_wh (no-trump), " + std::string(row.label),
                           [&row](Hand a, Hand b, Suit) { return noTrumpStrength(a, b, row); },
                           row.paperCorrelation, true});
    }
    return methods;
}

} // namespace

double highCardPoints(Hand hand, const HcpScale &scale)
{
    double sum = 0;
    for (Suit suit : allSuits) {
        for (std::size_t i = 0; i < akqjt.size(); ++i) {
            if (holds(hand, suit, akqjt[i]))
                sum += scale.values[i];
        }
    }
    return sum;
}

int shortSuitPoints(Hand hand)
{
    int points = 0;
    for (Suit suit : allSuits)
        points += shortValue(hand.length(suit), 5, 3, 1);
    return points;
}

int longSuitPoints(Hand hand)
{
    int points = 0;
    for (Suit suit : allSuits)
        points += std::max(hand.length(suit) - 4, 0);
    return points;
}

int pavlicekDistributionPoints(Hand hand)
{
    int points = longSuitPoints(hand);
    for (Suit suit : allSuits)
        points += shortValue(hand.length(suit), 3, 2, 1);
    return points;
}

int losingTricks(Hand hand)
{
    int losers = 0;
    for (Suit suit : allSuits) {
        const int counted = std::min(hand.length(suit), 3);
        int covered = 0;
        for (int i = 0; i < counted; ++i) {
            if (holds(hand, suit, akqjt[static_cast<std::size_t>(i)]))
                ++covered;
        }
        losers += counted - covered;
    }
    return losers;
}

double CardValues::operator()(Rank rank) const
{
    switch (rank) {
    case Rank::Ace:
        return ace;
    case Rank::King:
        return king;
    case Rank::Queen:
        return queen;
    case Rank::Jack:
        return jack;
    case Rank::Ten:
    case Rank::Nine:
        return nineTen;
    default:
        return 0;
    }
}

double cardValueSum(Hand hand, const CardValues &values)
{
    double sum = 0;
    for (Suit suit : allSuits) {
        for (int v = value(Rank::Nine); v <= value(Rank::Ace); ++v) {
            if ((hand.suitMask(suit) >> v) & 1)
                sum += values(rankOf(v));
        }
    }
    return sum;
}

double htlnl(Hand a, Hand b, Suit trump, const HtlnlRow &row, LengthBasis tl, LengthBasis nl)
{
    double strength = cardValueSum(a, row.cards) + cardValueSum(b, row.cards);
    if (tl == LengthBasis::Combined) {
        strength += row.a * (a.length(trump) + b.length(trump) - row.b);
    } else {
        strength += row.a * (a.length(trump) - row.b) + row.a * (b.length(trump) - row.b);
    }
    for (Suit suit : allSuits) {
        if (suit == trump)
            continue;
        if (nl == LengthBasis::Combined) {
            strength += shortValue(a.length(suit) + b.length(suit), row);
        } else {
            strength += shortValue(a.length(suit), row) + shortValue(b.length(suit), row);
        }
    }
    return strength;
}

double noTrumpStrength(Hand a, Hand b, const NoTrumpRow &row)
{
    double strength = cardValueSum(a, row.cards) + cardValueSum(b, row.cards);
    for (Hand hand : {a, b}) {
        for (Suit suit : allSuits) {
            const int length = hand.length(suit);
            if (length > 0 && length >= row.b && hasHonour(hand, suit))
                strength += row.a * (length - row.b);
        }
    }
    return strength;
}

Suit longestCombinedSuit(Hand a, Hand b)
{
    Suit best = Suit::Spades;
    int bestLength = -1;
    double bestHcp = -1;
    for (Suit suit : allSuits) { // S H D C: a later suit must be strictly better
        const int length = a.length(suit) + b.length(suit);
        const Hand both = a | b;
        const double points = highCardPoints(
            Hand(both.bits() & (std::uint64_t {fullSuitMask} << (16 * index(suit)))));
        if (length > bestLength || (length == bestLength && points > bestHcp)) {
            best = suit;
            bestLength = length;
            bestHcp = points;
        }
    }
    return best;
}

int TrickPredictor::predict(double strength) const
{
    if (tricks.empty())
        return 0;
    std::size_t i = 0;
    while (i < thresholds.size() && strength >= thresholds[i])
        ++i;
    return tricks[i];
}

TrickPredictor TrickPredictor::fit(std::span<const double> strengths,
                                   std::span<const double> meanTricks)
{
    std::map<int, std::pair<double, int>> groups; // rounded tricks -> (sum of strengths, count)
    const std::size_t n = std::min(strengths.size(), meanTricks.size());
    for (std::size_t i = 0; i < n; ++i) {
        auto &g = groups[static_cast<int>(std::lround(meanTricks[i]))];
        g.first += strengths[i];
        ++g.second;
    }
    TrickPredictor predictor;
    double previousMean = 0;
    for (const auto &[tricks, g] : groups) {
        const double mean = g.first / g.second;
        if (!predictor.tricks.empty())
            predictor.thresholds.push_back((previousMean + mean) / 2);
        predictor.tricks.push_back(tricks);
        previousMean = mean;
    }
    return predictor;
}

const std::vector<EvaluationMethod> &evaluationMethods()
{
    static const std::vector<EvaluationMethod> methods = makeMethods();
    return methods;
}

const EvaluationMethod *findEvaluationMethod(std::string_view id)
{
    for (const EvaluationMethod &m : evaluationMethods()) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

HandEvaluation evaluateHand(Hand hand)
{
    HandEvaluation e;
    e.hcp = hcp(hand);
    e.shortPoints = shortSuitPoints(hand);
    e.longPoints = longSuitPoints(hand);
    e.losers = losingTricks(hand);
    for (Suit suit : allSuits)
        e.lengths[static_cast<std::size_t>(index(suit))] = hand.length(suit);
    return e;
}

std::optional<TrickPredictor> storedPredictor(std::string_view methodId)
{
    // Fitted by `tenace-cli experiment --hands 1000 --deals 20 --seed 1` (suit contracts: NS's
    // longest combined suit, the better NS declarer) and `--hands 300 --deals 10 --seed 2
    // --strain NT` (no-trump). Rerunning those commands prints the same numbers.
    if (methodId == recommendedHtlnl.id)
        return TrickPredictor {{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
                               {18.400, 18.730, 21.117, 22.943, 24.992, 27.223, 29.485, 31.804,
                                34.080, 36.506, 39.745}};
    if (methodId == recommendedNoTrump.id)
        return TrickPredictor {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
                               {15.755, 17.972, 19.450, 21.121, 22.703, 24.434, 26.425, 27.823,
                                29.504, 31.215, 31.830, 34.248}};
    if (methodId == "goren-short")
        return TrickPredictor {{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
                               {12.050, 13.425, 15.829, 17.770, 19.795, 22.047, 24.274, 26.600,
                                28.841, 31.259, 34.312}};
    return std::nullopt;
}

} // namespace tenace::core
