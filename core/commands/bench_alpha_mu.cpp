#include "core/commands/bench_alpha_mu.h"

#include "core/analysis/alpha_mu.h"
#include "core/commands/bench.h"
#include "core/formats/lin_reader.h"
#include "core/formats/pbn_play.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <numeric>
#include <ostream>

namespace tenace::core {

namespace {

using Clock = std::chrono::steady_clock;

struct Decision
{
    std::string board;
    int tricksLeft = 0;
    AlphaMuSpec spec;
};

// The first card of declarer's side with `left` tricks left (the current one included) and more
// than one legal card; -1 when none.
int decisionAt(const Deal &deal, const Contract &contract, const std::vector<Card> &cards, int left)
{
    Position p {deal, contract.strain, contract.openingLeader(), {}};
    for (std::size_t j = 0; j < cards.size(); ++j) {
        const Seat mover = p.toMove();
        if (sideOf(mover) == sideOf(contract.declarer) && p.tricksLeft() == left &&
            p.legalCards().count() > 1)
            return static_cast<int>(j);
        if (!p.legalCards().contains(cards[j]))
            return -1;
        p.remaining[mover].remove(cards[j]);
        p.trick.push_back(cards[j]);
        if (p.trick.size() == 4) {
            const std::array<Card, 4> t {p.trick[0], p.trick[1], p.trick[2], p.trick[3]};
            p.leader = trickWinner(p.leader, t, p.trump);
            p.trick.clear();
        }
    }
    return -1;
}

std::vector<Decision> decisions(const PbnReadResult &file, int wanted)
{
    std::vector<Decision> out;
    int board = 0;
    for (const PbnGame &game : file.document.games) {
        if (static_cast<int>(out.size()) >= wanted)
            break;
        const auto recorded = recordedPlay(game);
        if (!recorded)
            continue;
        const Deal *deal = &recorded->deal;
        const std::vector<Card> &cards = recorded->cards;
        const int first = 5 + board++ % 6;
        for (int k = 0; k < 6; ++k) {
            const int left = 5 + (first - 5 + k) % 6;
            const int j = decisionAt(*deal, recorded->contract, cards, left);
            if (j < 0)
                continue;
            Decision d;
            d.board = game.tagValue("Board").value_or("?");
            d.tricksLeft = left;
            d.spec.base.start = *deal;
            d.spec.base.contract = recorded->contract;
            d.spec.base.vulnerability = game.vulnerability().value_or(Vulnerability::None);
            d.spec.base.played.assign(cards.begin(), cards.begin() + j);
            out.push_back(d);
            break;
        }
    }
    return out;
}

std::string fixed(double value, int decimals)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

double mean(const std::vector<double> &v)
{
    return v.empty() ? 0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

} // namespace

int runAlphaMuBench(std::string_view bytes, std::string_view name,
                    const AlphaMuBenchOptions &options, std::ostream &out, std::ostream &errors)
{
    PbnReadOptions read;
    read.sourceName = std::string(name);
    const std::vector<Decision> all =
        decisions(readBridgeText(bytes, name, read), options.decisions);
    if (all.empty()) {
        errors << "tenace-cli bench --alpha-mu: " << name
               << ": no recorded play reaches a decision of declarer's side with 5 to 10 tricks "
                  "left\n";
        return 1;
    }
    std::map<int, int> byLeft;
    for (const Decision &d : all)
        ++byLeft[d.tricksLeft];
    out << "\u03b1\u03bc benchmark: " << all.size() << " declarer decisions from " << name
        << " (tricks left:";
    for (const auto &[left, n] : byLeft)
        out << ' ' << left << "\u00d7" << n;
    out << "), " << options.threads << " threads\n";
    const PoolOptions pool {options.threads, options.solver};
    constexpr auto cap = std::chrono::milliseconds {30'000};
    for (const int worlds : {20, 40}) {
        out << "W = " << worlds << "\n  M  median ms   mean ms   over " << cap.count() / 1000
            << " s   leaf solves  uncut leaves  avoided\n";
        for (int depth = 1; depth <= 3; ++depth) {
            std::vector<double> times;
            int over = 0;
            std::uint64_t solves = 0, uncut = 0, solvesCounted = 0;
            bool capped = false;
            for (const Decision &d : all) {
                AlphaMuSpec spec = d.spec;
                spec.base.layouts = worlds;
                spec.base.pool = pool;
                spec.depth = depth;
                spec.budget = cap;
                const Clock::time_point start = Clock::now();
                auto r = analyseAlphaMu(spec);
                const double ms =
                    std::chrono::duration<double, std::milli>(Clock::now() - start).count();
                if (!r) {
                    errors << "board " << d.board << ": " << r.error().message << '\n';
                    continue;
                }
                times.push_back(ms);
                over += r->depth < depth && !r->complete;
                solves += r->stats.leafSolves;
                auto count = countUncutLeaves(spec, depth, options.countLimit);
                if (count) {
                    uncut += *count;
                    solvesCounted += r->stats.leafSolves;
                    capped = capped || *count >= options.countLimit;
                }
            }
            const double avoided =
                uncut > 0 ? 100.0 * (1 - static_cast<double>(solvesCounted) / uncut) : 0;
            out << "  " << depth << "  " << fixed(percentile(times, 0.5), 1) << "  "
                << fixed(mean(times), 1) << "  " << over << "  " << solves << "  "
                << (capped ? ">=" : "") << uncut << "  " << fixed(avoided, 1) << "%\n";
        }
        std::map<int, int> reached;
        std::map<int, std::vector<int>> reachedByLeft;
        for (const Decision &d : all) {
            AlphaMuSpec spec = d.spec;
            spec.base.layouts = worlds;
            spec.base.pool = pool;
            spec.budget = std::chrono::milliseconds {2000};
            auto r = analyseAlphaMu(spec);
            if (!r)
                continue;
            const int depth = r->complete ? 99 : r->depth;
            ++reached[depth];
            reachedByLeft[d.tricksLeft].push_back(depth);
        }
        out << "  depth reached in 2 s (99: to the end of the play):";
        for (const auto &[depth, n] : reached)
            out << " M=" << depth << "\u00d7" << n;
        out << "\n  median depth in 2 s by tricks left:";
        for (auto &[left, depths] : reachedByLeft) {
            std::sort(depths.begin(), depths.end());
            out << ' ' << left << ":" << depths[depths.size() / 2];
        }
        out << '\n';
    }
    return 0;
}

} // namespace tenace::core
