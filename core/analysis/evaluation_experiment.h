#pragma once

// The measurement of Jan, Huang and Yang's paper, on random deals: for K North-South pairs of
// hands, deal M random East-West layouts each, take North-South's mean DD tricks in a strain,
// and for every evaluation method compute the Pearson correlation between strength and mean
// tricks, and how often the method's trick prediction (thresholds fitted on the same data, as in
// the paper) hits the rounded mean exactly, within one and within two tricks.
//
// North-South's tricks in a deal are those of the better NS declarer (the larger of North's and
// South's DD tricks), the partnership's result in that strain. The strain is NS's longest
// combined suit (ties: more combined HCP, then the higher suit) unless one is named.
// Reproducible from the seed on any number of threads. Blocking; cancellable.

#include "core/analysis/hand_eval.h"
#include "core/model/card.h"
#include "core/model/error.h"
#include "core/solver/solver.h"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tenace::core {

struct ExperimentOptions
{
    int hands = 1000; // K North-South pairs
    int deals = 100; // M East-West layouts per pair
    std::uint64_t seed = 1;
    std::optional<Strain> strain; // nullopt: NS's longest combined suit
    TableOptions solver; // threads (0: all cores), memory
};

struct ExperimentHand
{
    Hand north, south;
    Strain strain = Strain::NoTrump;
    double meanTricks = 0; // NS's mean DD tricks over the M layouts
};

struct MethodScore
{
    const EvaluationMethod *method = nullptr;
    double correlation = 0; // Pearson, strength vs mean tricks
    double exact = 0, withinOne = 0, withinTwo = 0; // |predicted - rounded mean| = 0, <= 1, <= 2
    TrickPredictor predictor;
};

struct ExperimentResult
{
    SolveStatus status = SolveStatus::Solved;
    std::vector<ExperimentHand> hands;
    std::vector<MethodScore> scores; // evaluationMethods() order
    std::uint64_t nodes = 0;
    double seconds = 0;
};

// Pearson's correlation coefficient; 0 when either series is constant or the sizes differ.
double pearson(std::span<const double> x, std::span<const double> y);

// Correlation and accuracy of one method over the hands.
MethodScore scoreMethod(const EvaluationMethod &method, const std::vector<ExperimentHand> &hands);

// Deals, solves (`progress(done, total)` from worker threads, per NS pair) and scores.
ExperimentResult runExperiment(const ExperimentOptions &options, const CancelToken &cancel = {},
                               const std::function<void(std::size_t, std::size_t)> &progress = {});

// The table shaped like the paper's Tables 11 and 9/10: the setup, then one row per method with
// our correlation and accuracies next to the paper's correlation.
void writeExperimentTable(const ExperimentOptions &options, const ExperimentResult &result,
                          std::ostream &out);
// One line per method: id, correlation, acc0, acc1, acc2 (tab-separated, 4 decimals).
void writeExperimentTsv(const ExperimentResult &result, std::ostream &out);

} // namespace tenace::core
