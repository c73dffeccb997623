#include "core/analysis/simulation.h"

#include "core/analysis/hand_eval.h"
#include "core/analysis/pbn_annotate.h"
#include "core/formats/pbn_game.h"
#include "core/formats/pbn_writer.h"
#include "core/model/dealer.h"
#include "core/par/par.h"

#include <atomic>
#include <charconv>
#include <cstdio>
#include <ostream>

namespace tenace::core {

namespace {

// Constraints that no hand can meet, found without dealing: a range that is empty or a seat whose
// minimum lengths need more than 13 cards; in a suit, more cards required than the deck leaves.
std::optional<std::string> impossibleConstraints(const SimulationSpec &spec,
                                                 const std::array<bool, 4> &random)
{
    std::array<int, 4> needed {}; // per suit: the fixed cards plus the random hands' minimums
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        const Hand fixed = spec.fixed[seat];
        for (Suit suit : allSuits)
            needed[static_cast<std::size_t>(index(suit))] += fixed.length(suit);
        if (!random[s])
            continue;
        const HandConstraint &c = spec.constraints[s];
        const std::string who(seatName(seat));
        if (c.minHcp > c.maxHcp || c.minHcp > 37 || c.maxHcp < 0)
            return who + "'s HCP range " + std::to_string(c.minHcp) + "-" +
                std::to_string(c.maxHcp) + " is empty";
        int minCards = 0, maxCards = 0;
        for (Suit suit : allSuits) {
            const std::size_t u = static_cast<std::size_t>(index(suit));
            if (c.minLength[u] > c.maxLength[u])
                return who + "'s " + std::string(1, suitLetter(suit)) + " length range " +
                    std::to_string(c.minLength[u]) + "-" + std::to_string(c.maxLength[u]) +
                    " is empty";
            minCards += c.minLength[u];
            maxCards += std::min(c.maxLength[u], 13);
            needed[u] += c.minLength[u];
        }
        if (minCards > 13)
            return who + "'s minimum suit lengths add up to " + std::to_string(minCards) + " cards";
        if (maxCards < 13)
            return who + "'s maximum suit lengths add up to only " + std::to_string(maxCards) +
                " cards";
    }
    for (Suit suit : allSuits) {
        if (needed[static_cast<std::size_t>(index(suit))] > 13)
            return "the hands need " +
                std::to_string(needed[static_cast<std::size_t>(index(suit))]) + " " +
                std::string(1, suitLetter(suit)) + " cards";
    }
    return std::nullopt;
}

} // namespace

Result<std::vector<Deal>> dealSimulation(const SimulationSpec &spec)
{
    if (spec.deals < 0)
        return Error {ErrorCode::InvalidArgument, "the number of deals is negative"};
    std::array<bool, 4> random {};
    bool constrained = false;
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        random[s] = spec.fixed[seat].empty();
        constrained = constrained || (random[s] && spec.constraints[s].constrains());
    }
    if (constrained) {
        if (auto why = impossibleConstraints(spec, random))
            return Error {ErrorCode::InvalidArgument, "no deal found: " + *why};
    }
    Dealer dealer(spec.seed);
    std::vector<Deal> deals;
    deals.reserve(static_cast<std::size_t>(spec.deals));
    for (int i = 0; i < spec.deals; ++i) {
        std::uint64_t attempts = 0;
        for (;;) {
            auto deal = dealer.dealRest(spec.fixed);
            if (!deal)
                return deal.error();
            bool ok = true;
            for (Seat seat : allSeats) {
                const std::size_t s = static_cast<std::size_t>(index(seat));
                if (random[s] && !spec.constraints[s].accepts((*deal)[seat])) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                deals.push_back(*deal);
                break;
            }
            if (++attempts >= spec.maxAttemptsPerDeal) {
                std::string which;
                for (Seat seat : allSeats) {
                    const std::size_t s = static_cast<std::size_t>(index(seat));
                    if (random[s] && spec.constraints[s].constrains())
                        which += std::string(which.empty() ? "" : "; ") +
                            std::string(seatName(seat)) + " " + spec.constraints[s].describe();
                }
                return Error {ErrorCode::InvalidArgument,
                              "no deal found after " + std::to_string(attempts) +
                                  " random layouts for deal " + std::to_string(i + 1) +
                                  ": the constraints (" + which + ") are too tight"};
            }
        }
    }
    return deals;
}

void TrickDistribution::add(const DdTable &table)
{
    ++deals;
    for (std::size_t s = 0; s < 5; ++s) {
        for (std::size_t d = 0; d < 4; ++d)
            ++counts[s][d][static_cast<std::size_t>(std::clamp(table.tricks[s][d], 0, 13))];
    }
}

double TrickDistribution::mean(Strain strain, Seat declarer) const
{
    if (deals == 0)
        return 0;
    const auto &c =
        counts[static_cast<std::size_t>(index(strain))][static_cast<std::size_t>(index(declarer))];
    long sum = 0;
    for (std::size_t t = 0; t < c.size(); ++t)
        sum += static_cast<long>(t) * c[t];
    return static_cast<double>(sum) / deals;
}

double TrickDistribution::makeProbability(Strain strain, Seat declarer, int level) const
{
    if (deals == 0)
        return 0;
    const auto &c =
        counts[static_cast<std::size_t>(index(strain))][static_cast<std::size_t>(index(declarer))];
    int made = 0;
    for (int t = std::clamp(level + 6, 0, 14); t <= 13; ++t)
        made += c[static_cast<std::size_t>(t)];
    return static_cast<double>(made) / deals;
}

Result<SimulationResult>
runSimulation(const SimulationSpec &spec, const CancelToken &cancel,
              const std::function<void(std::size_t done, std::size_t total)> &progress)
{
    auto deals = dealSimulation(spec);
    if (!deals)
        return deals.error();
    SimulationResult result;
    result.deals = std::move(*deals);
    std::atomic<std::size_t> done {0};
    const std::size_t total = result.deals.size();
    auto solved = solveTables(result.deals, spec.table, cancel, [&](std::size_t) {
        const std::size_t n = ++done;
        if (progress)
            progress(n, total);
    });
    for (std::size_t i = 0; i < solved.size(); ++i) {
        if (!solved[i])
            return solved[i].error();
        if (solved[i]->status == SolveStatus::Cancelled || cancel.isCancelled()) {
            result.status = SolveStatus::Cancelled;
            break;
        }
        result.tables.push_back(solved[i]->table);
        result.distribution.add(solved[i]->table);
        result.nodes += solved[i]->nodes;
    }
    if (result.status == SolveStatus::Cancelled) {
        result.tables.clear();
        result.distribution = {};
    }
    return result;
}

void writeSimulationReport(const SimulationSpec &spec, const SimulationResult &result,
                           bool histogram, std::ostream &out)
{
    char buf[160];
    out << "Simulation: " << result.tables.size() << " deals, seed " << spec.seed << '\n';
    for (Seat seat : allSeats) {
        const std::size_t s = static_cast<std::size_t>(index(seat));
        out << "  " << seatName(seat) << ": ";
        if (!spec.fixed[seat].empty())
            out << spec.fixed[seat].toPbn() << " (fixed)\n";
        else
            out << "random, " << spec.constraints[s].describe() << '\n';
    }
    const TrickDistribution &d = result.distribution;
    out << "\nMean tricks for declarer\n       N      E      S      W\n";
    for (Strain strain : allStrains) {
        std::snprintf(buf, sizeof buf, "%-3s", std::string(strainName(strain)).c_str());
        out << buf;
        for (Seat seat : allSeats) {
            std::snprintf(buf, sizeof buf, " %6.2f", d.mean(strain, seat));
            out << buf;
        }
        out << '\n';
    }
    out << "\nChance of making (percent), by level\n";
    out << "          1     2     3     4     5     6     7\n";
    for (Strain strain : allStrains) {
        for (Seat seat : allSeats) {
            std::snprintf(buf, sizeof buf, "%-3s %c ", std::string(strainName(strain)).c_str(),
                          seatLetter(seat));
            out << buf;
            for (int level = 1; level <= 7; ++level) {
                std::snprintf(buf, sizeof buf, " %5.1f",
                              100.0 * d.makeProbability(strain, seat, level));
                out << buf;
            }
            out << '\n';
        }
    }
    if (histogram) {
        out << "\nDeals by tricks taken\n       ";
        for (int t = 0; t <= 13; ++t) {
            std::snprintf(buf, sizeof buf, " %4d", t);
            out << buf;
        }
        out << '\n';
        for (std::size_t s = 0; s < 5; ++s) {
            for (std::size_t seat = 0; seat < 4; ++seat) {
                std::snprintf(buf, sizeof buf, "%-3s %c  ",
                              std::string(strainName(strainAt(static_cast<int>(s)))).c_str(),
                              seatLetter(seatAt(static_cast<int>(seat))));
                out << buf;
                for (int count : d.counts[s][seat]) {
                    std::snprintf(buf, sizeof buf, " %4d", count);
                    out << buf;
                }
                out << '\n';
            }
        }
    }
}

void writeSimulationPbn(const SimulationSpec &spec, const SimulationResult &result,
                        std::ostream &out)
{
    out << "% PBN 2.1\n% EXPORT\n";
    for (std::size_t i = 0; i < result.tables.size(); ++i) {
        PbnGame game;
        game.setTag("Event", "Simulation, seed " + std::to_string(spec.seed));
        game.setTag("Board", std::to_string(i + 1));
        game.setTag("Dealer", "N");
        game.setTag("Vulnerable", "None");
        game.setDeal(result.deals[i]);
        const DdTable &table = result.tables[i];
        std::optional<int> score;
        std::optional<PbnParContract> par;
        if (auto p = dealerPar(table, Vulnerability::None, Seat::North)) {
            score = p->score;
            par = toPbnParContract(*p);
        }
        game.setDdResults(table, score, par);
        out << '\n' << formatPbnGame(game, "\n");
    }
}

} // namespace tenace::core
