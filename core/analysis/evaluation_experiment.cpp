#include "core/analysis/evaluation_experiment.h"

#include "core/model/dealer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace tenace::core {

namespace {

Suit trumpSuit(Strain strain)
{
    return suitAt(index(strain)); // only called for suits
}

// NS's tricks with `trump`: the better of North and South as declarer.
int nsTricks(Solver &solver, const Deal &deal, Strain trump, const CancelToken &cancel)
{
    int best = 0;
    for (Seat leader : {Seat::East, Seat::West}) { // North declares, then South
        Position position;
        position.remaining = deal;
        position.trump = trump;
        position.leader = leader;
        const auto defence = solver.tricks(position, cancel);
        if (!defence || *defence < 0)
            return -1;
        best = std::max(best, 13 - *defence);
    }
    return best;
}

} // namespace

double pearson(std::span<const double> x, std::span<const double> y)
{
    const std::size_t n = x.size();
    if (n < 2 || y.size() != n)
        return 0;
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= static_cast<double>(n);
    my /= static_cast<double>(n);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx <= 0 || syy <= 0)
        return 0;
    return sxy / std::sqrt(sxx * syy);
}

MethodScore scoreMethod(const EvaluationMethod &method, const std::vector<ExperimentHand> &hands)
{
    MethodScore score;
    score.method = &method;
    std::vector<double> strengths, tricks;
    strengths.reserve(hands.size());
    tricks.reserve(hands.size());
    for (const ExperimentHand &h : hands) {
        const Suit trump = h.strain == Strain::NoTrump ? longestCombinedSuit(h.north, h.south)
                                                       : trumpSuit(h.strain);
        strengths.push_back(method(h.north, h.south, trump));
        tricks.push_back(h.meanTricks);
    }
    score.correlation = pearson(strengths, tricks);
    score.predictor = TrickPredictor::fit(strengths, tricks);
    if (!hands.empty()) {
        int exact = 0, one = 0, two = 0;
        for (std::size_t i = 0; i < hands.size(); ++i) {
            const long distance =
                std::labs(score.predictor.predict(strengths[i]) - std::lround(tricks[i]));
            exact += distance == 0;
            one += distance <= 1;
            two += distance <= 2;
        }
        const double n = static_cast<double>(hands.size());
        score.exact = exact / n;
        score.withinOne = one / n;
        score.withinTwo = two / n;
    }
    return score;
}

ExperimentResult runExperiment(const ExperimentOptions &options, const CancelToken &cancel,
                               const std::function<void(std::size_t, std::size_t)> &progress)
{
    const auto started = std::chrono::steady_clock::now();
    ExperimentResult result;
    const std::size_t hands = static_cast<std::size_t>(std::max(options.hands, 0));
    const std::size_t layouts = static_cast<std::size_t>(std::max(options.deals, 1));

    // Every deal first, in seed order: pair k's North and South come from a full random deal,
    // then its M layouts of the other 26 cards.
    Dealer dealer(options.seed);
    std::vector<Deal> deals;
    deals.reserve(hands * layouts);
    result.hands.resize(hands);
    for (std::size_t k = 0; k < hands; ++k) {
        const Deal first = dealer.deal();
        ExperimentHand &h = result.hands[k];
        h.north = first[Seat::North];
        h.south = first[Seat::South];
        h.strain = options.strain.value_or(
            static_cast<Strain>(index(longestCombinedSuit(h.north, h.south))));
        Deal fixed;
        fixed[Seat::North] = h.north;
        fixed[Seat::South] = h.south;
        for (std::size_t m = 0; m < layouts; ++m)
            deals.push_back(*dealer.dealRest(fixed));
    }

    std::vector<int> tricks(deals.size(), 0);
    std::vector<std::atomic<int>> remaining(hands);
    for (auto &r : remaining)
        r.store(static_cast<int>(layouts));
    std::atomic<std::size_t> pairsDone {0};
    std::atomic<std::uint64_t> nodes {0};
    std::atomic<bool> cancelled {false};
    parallelFor(
        deals.size(), options.solver,
        [&](std::size_t i, Solver &solver) {
            const std::size_t k = i / layouts;
            const std::uint64_t before = solver.nodes();
            const int t = nsTricks(solver, deals[i], result.hands[k].strain, cancel);
            nodes += solver.nodes() - before;
            if (t < 0) {
                cancelled = true;
                return;
            }
            tricks[i] = t;
            if (--remaining[k] == 0 && progress)
                progress(++pairsDone, hands);
        },
        cancel);
    result.nodes = nodes;
    if (cancelled || cancel.isCancelled()) {
        result.status = SolveStatus::Cancelled;
        return result;
    }

    for (std::size_t k = 0; k < hands; ++k) {
        long sum = 0;
        for (std::size_t m = 0; m < layouts; ++m)
            sum += tricks[k * layouts + m];
        result.hands[k].meanTricks = static_cast<double>(sum) / static_cast<double>(layouts);
    }
    for (const EvaluationMethod &method : evaluationMethods())
        result.scores.push_back(scoreMethod(method, result.hands));
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

void writeExperimentTable(const ExperimentOptions &options, const ExperimentResult &result,
                          std::ostream &out)
{
    char buf[240];
    auto score = [&](std::string_view id) -> const MethodScore * {
        for (const MethodScore &s : result.scores) {
            if (s.method->id == id)
                return &s;
        }
        return nullptr;
    };
    // "0.859 (0.859)": ours, then the paper's.
    auto pair = [&](const MethodScore *s) {
        char text[32] = "-";
        if (s && s->method->paperCorrelation > 0)
            std::snprintf(text, sizeof text, "%.3f (%.3f)", s->correlation,
                          s->method->paperCorrelation);
        else if (s)
            std::snprintf(text, sizeof text, "%.3f", s->correlation);
        return std::string(text);
    };
    out << "Hand evaluation against double dummy: " << result.hands.size()
        << " North-South pairs x " << options.deals << " random East-West layouts, seed "
        << options.seed << '\n';
    out << "Strain: "
        << (options.strain ? std::string(strainName(*options.strain))
                           : std::string("NS's longest combined suit"))
        << "; NS tricks = the better of North and South as declarer\n";
    std::snprintf(buf, sizeof buf, "Solved in %.1f s (%.2f M nodes)\n", result.seconds,
                  static_cast<double>(result.nodes) / 1e6);
    out << buf;

    out << "\nCorrelation with NS's mean DD tricks, ours (the paper's), Table 11 layout\n";
    std::snprintf(buf, sizeof buf, "%-12s %-15s %-15s %-15s %-15s %-15s\n", "scale", "HCP", "Long",
                  "Short", "Pavlicek", "Loser");
    out << buf;
    for (const HcpScale &scale : hcpScales) {
        const std::string id(scale.id);
        const std::string hcpId = id == "goren" ? "goren-hcp" : id;
        std::snprintf(buf, sizeof buf, "%-12s %-15s %-15s %-15s %-15s %-15s\n",
                      std::string(scale.name).c_str(), pair(score(hcpId)).c_str(),
                      pair(score(id + "-long")).c_str(), pair(score(id + "-short")).c_str(),
                      pair(score(id + "-pavlicek")).c_str(),
                      id == "goren" ? pair(score("ltc")).c_str() : "");
        out << buf;
    }

    auto rows = [&](const char *title, auto &table) {
        out << '\n' << title << '\n';
        std::snprintf(buf, sizeof buf, "%-14s %-30s %-15s %-15s %-15s %-15s\n", "id", "row",
                      "correlation", "Dis = 0", "Dis <= 1", "Dis <= 2");
        out << buf;
        for (const auto &row : table) {
            const MethodScore *s = score(row.id);
            if (!s)
                continue;
            char acc[3][32];
            const double ours[3] = {s->exact, s->withinOne, s->withinTwo};
            for (int i = 0; i < 3; ++i)
                std::snprintf(acc[i], sizeof acc[i], "%.3f (%.3f)", ours[i],
                              row.paperAccuracy[static_cast<std::size_t>(i)]);
            std::snprintf(buf, sizeof buf, "%-14s %-30s %-15s %-15s %-15s %-15s\n",
                          std::string(row.id).c_str(), std::string(row.label).c_str(),
                          pair(s).c_str(), acc[0], acc[1], acc[2]);
            out << buf;
        }
    };
    rows("H + TL + NL rows, ours (the paper's), Table 10 layout", htlnlRows);
    rows("H + L_wh no-trump rows, ours (the paper's; theirs are on no-trump data), Table 12 layout",
         noTrumpRows);

    out << "\nHow H + TL + NL takes lengths (GA row)\n";
    for (const char *id : {"htlnl-ga", "htlnl-ga-per-hand-tl", "htlnl-ga-combined-nl"}) {
        if (const MethodScore *s = score(id)) {
            std::snprintf(buf, sizeof buf, "  %-22s %.4f  %s\n", id, s->correlation,
                          s->method->description.c_str());
            out << buf;
        }
    }

    out << "\nEvery method\n";
    std::snprintf(buf, sizeof buf, "%-22s %8s %8s %8s %8s %8s  %s\n", "method", "corr", "paper",
                  "dis=0", "dis<=1", "dis<=2", "description");
    out << buf;
    for (const MethodScore &s : result.scores) {
        char paper[16] = "-";
        if (s.method->paperCorrelation > 0)
            std::snprintf(paper, sizeof paper, "%.3f", s.method->paperCorrelation);
        std::snprintf(buf, sizeof buf, "%-22s %8.3f %8s %8.3f %8.3f %8.3f  %s\n",
                      s.method->id.c_str(), s.correlation, paper, s.exact, s.withinOne, s.withinTwo,
                      s.method->description.c_str());
        out << buf;
    }
    out << "\nTrick thresholds fitted on these hands (strength >= threshold: the next group)\n";
    for (const MethodScore &s : result.scores) {
        if (s.method->id != "goren-hcp" && s.method->id != "goren-short" &&
            s.method->id != "htlnl-ga" && s.method->id != recommendedHtlnl.id &&
            s.method->id != recommendedNoTrump.id)
            continue;
        out << s.method->id << ':';
        for (std::size_t i = 0; i < s.predictor.tricks.size(); ++i) {
            if (i > 0) {
                std::snprintf(buf, sizeof buf, " <%.3f>", s.predictor.thresholds[i - 1]);
                out << buf;
            }
            out << ' ' << s.predictor.tricks[i];
        }
        out << '\n';
    }
}

void writeExperimentTsv(const ExperimentResult &result, std::ostream &out)
{
    char buf[160];
    for (const MethodScore &s : result.scores) {
        std::snprintf(buf, sizeof buf, "%s\t%.4f\t%.4f\t%.4f\t%.4f\n", s.method->id.c_str(),
                      s.correlation, s.exact, s.withinOne, s.withinTwo);
        out << buf;
    }
}

} // namespace tenace::core
