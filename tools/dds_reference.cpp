// tenace-dds-reference: times DDS (the reference solver, from Debian's libdds-dev) on the deals of
// `tenace-cli bench`, one thread, CPU time per deal, and checks that every DD table and every
// opening-lead score equals Tenace's. Built only with -DTENACE_DDS_REFERENCE=ON (see
// scripts/dds-reference.sh); never installed. DDS is linked, not part of Tenace.

#include "core/analysis/single_dummy.h"
#include "core/commands/bench.h"
#include "core/model/dealer.h"
#include "core/solver/solver.h"

#include <dds/dll.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

using namespace tenace::core;

void report(const char *title, const std::vector<double> &ms, int equal, const char *judge)
{
    double sum = 0;
    for (double x : ms)
        sum += x;
    std::printf("%s: %zu deals, 1 thread\n", title, ms.size());
    std::printf("  ms per deal (CPU): mean %.1f  median %.1f  p90 %.1f  max %.1f\n",
                sum / static_cast<double>(ms.size()), percentile(ms, 0.5), percentile(ms, 0.9),
                percentile(ms, 1.0));
    std::printf("  equal to %s: %d of %zu\n", judge, equal, ms.size());
}

double cpuMilliseconds(std::clock_t since)
{
    return 1000.0 * static_cast<double>(std::clock() - since) / CLOCKS_PER_SEC;
}

// Every card of DDS's answer with its score (equal cards expanded), by card bit.
std::map<int, int> ddsScores(const futureTricks &ft)
{
    std::map<int, int> scores;
    for (int i = 0; i < ft.cards; ++i) {
        const int suit = ft.suit[i];
        scores[16 * suit + ft.rank[i]] = ft.score[i];
        for (int r = 2; r <= 14; ++r) {
            if ((ft.equals[i] >> r) & 1)
                scores[16 * suit + r] = ft.score[i];
        }
    }
    return scores;
}

std::map<int, int> tenaceScores(const SolveResult &result)
{
    std::map<int, int> scores;
    for (const CardScore &c : result.cards) {
        scores[c.card.bit()] = c.score;
        for (Card e : c.equals.cards())
            scores[e.bit()] = c.score;
    }
    return scores;
}

// The single-dummy lead table of `tenace-cli bench` (West's hand of Dealer(2026)'s first deal
// against 4S by South, unconstrained, seed 2026). Each of its layouts is solved by DDS (SolveBoard,
// solutions 3, a cold table each) and by a Solver kept across layouts, as the lead table's threads
// do, alternately, so that a change of load hits both alike; then Tenace's whole lead table runs on
// one thread. CPU time of each, and whether every card's mean is the same.
bool leadTable(int count)
{
    SingleDummySpec spec;
    spec.start[Seat::West] = Dealer(2026).deal()[Seat::West];
    spec.contract = {4, Strain::Spades, Doubling::Undoubled, Seat::South};
    spec.layouts = count;
    spec.seed = 2026;
    spec.guesses = false;
    spec.pool.threads = 1;
    auto knowledge =
        layoutKnowledge(spec.start, Strain::Spades, Seat::West, {}, Seat::West, Seat::North);
    auto sampler = knowledge ? LayoutSampler::make(*knowledge, spec.constraints)
                             : Result<LayoutSampler>(knowledge.error());
    if (!sampler)
        return false;
    Xoshiro256 random(spec.seed);
    Solver solver;
    std::map<int, double> ddsMean; // defence tricks by card bit
    double ddsMs = 0, solverMs = 0;
    bool same = true;
    for (int i = 0; i < count; ++i) {
        auto layout = sampler->sample(random);
        if (!layout)
            return false;
        dealPBN dl {};
        dl.trump = 0; // spades
        dl.first = 3; // West leads
        std::snprintf(dl.remainCards, sizeof dl.remainCards, "%s", layout->toPbn().c_str());
        futureTricks ft;
        std::clock_t start = std::clock();
        const int status = SolveBoardPBN(dl, -1, 3, 0, &ft, 0);
        ddsMs += cpuMilliseconds(start);
        if (status != RETURN_NO_FAULT)
            return false;
        start = std::clock();
        auto ours = solver.solve(Position {*layout, Strain::Spades, Seat::West, {}});
        solverMs += cpuMilliseconds(start);
        const std::map<int, int> scores = ddsScores(ft);
        same = same && ours && tenaceScores(*ours) == scores;
        for (const auto &[card, score] : scores)
            ddsMean[card] += static_cast<double>(score) / count;
    }
    const std::clock_t start = std::clock();
    auto table = analyseSingleDummy(spec);
    const double tableMs = cpuMilliseconds(start);
    if (!table)
        return false;
    same = same && table->layouts == count;
    for (const CardValue &v : table->cards)
        same = same && std::abs(13 - v.tricks - ddsMean[v.card.bit()]) < 1e-9;
    std::printf("Single-dummy lead table (%d layouts, 4S by South, every lead of West), 1 thread, "
                "ms per layout (CPU):\n"
                "  DDS %.2f, Tenace %.2f (%.2fx) alternately; Tenace's lead table %.2f (%.2fx)\n"
                "  every card of every layout and every mean %s\n",
                count, ddsMs / count, solverMs / count, solverMs / ddsMs, tableMs / count,
                tableMs / ddsMs, same ? "equal" : "DIFFER");
    return same;
}

} // namespace

int main(int argc, char **argv)
{
    std::string file;
    int count = 0; // 0: 100 random deals, or every deal of FILE (as tenace-cli bench)
    bool verbose = false;
    int leadLayouts = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--lead-layouts" && i + 1 < argc) {
            leadLayouts = std::atoi(argv[++i]);
        } else if (a == "--deals" && i + 1 < argc) {
            char *end = nullptr;
            const long n = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || n < 1 || n > 1000000) {
                std::fprintf(stderr, "tenace-dds-reference: --deals: invalid number '%s'\n",
                             argv[i]);
                return 2;
            }
            count = static_cast<int>(n);
        } else if (a == "--verbose") {
            verbose = true;
        } else if (a == "--help" || a == "-h" || a[0] == '-' || !file.empty()) {
            std::fprintf(
                stderr,
                "usage: tenace-dds-reference [FILE] [--deals N] [--verbose] [--lead-layouts N]\n"
                "Times DDS on the deals of tenace-cli bench [FILE] [--deals N] [--verbose];\n"
                "with --lead-layouts N, on the layouts of its single-dummy lead table instead.\n");
            return a == "--help" || a == "-h" ? 0 : 2;
        } else {
            file = a;
        }
    }
    if (leadLayouts > 0) {
        SetMaxThreads(1);
        return leadTable(leadLayouts) ? 0 : 1;
    }
    std::vector<BenchDeal> deals;
    if (!file.empty()) {
        std::ifstream in(file);
        if (!in) {
            std::fprintf(stderr, "tenace-dds-reference: cannot open %s\n", file.c_str());
            return 1;
        }
        auto read = readBenchDeals(in);
        if (!read) {
            std::fprintf(stderr, "tenace-dds-reference: %s: %s\n", file.c_str(),
                         read.error().message.c_str());
            return 1;
        }
        deals = std::move(*read);
        if (count > 0 && static_cast<std::size_t>(count) < deals.size())
            deals.resize(static_cast<std::size_t>(count));
    } else {
        Dealer dealer(2026);
        for (int i = 0; i < (count > 0 ? count : 100); ++i)
            deals.push_back({dealer.deal(), std::nullopt});
    }
    if (deals.empty()) {
        std::fprintf(stderr, "tenace-dds-reference: no deals\n");
        return 1;
    }
    SetMaxThreads(1);
    DDSInfo info;
    GetDDSInfo(&info);
    std::printf("DDS %s (libdds), %zu deals, 1 thread, CPU time\n", info.versionString,
                deals.size());

    Solver solver;
    std::vector<double> tableMs, leadMs;
    int equal = 0;
    bool ok = true;
    for (const BenchDeal &d : deals) {
        ddTableDealPBN td;
        std::snprintf(td.cards, sizeof td.cards, "%s", d.deal.toPbn().c_str());
        ddTableResults r;
        const std::clock_t start = std::clock();
        const int status = CalcDDtablePBN(td, &r);
        tableMs.push_back(cpuMilliseconds(start));
        if (status != RETURN_NO_FAULT) {
            std::fprintf(stderr, "tenace-dds-reference: CalcDDtablePBN status %d on %s\n", status,
                         td.cards);
            return 1;
        }
        DdTable ours;
        if (d.expected) {
            ours = *d.expected;
        } else if (auto t = solver.table(d.deal)) {
            ours = t->table;
        }
        bool same = true;
        for (int s = 0; s < 5; ++s) {
            for (int h = 0; h < 4; ++h)
                same = same &&
                    ours.tricks[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)] ==
                        r.resTable[s][h];
        }
        if (!same) {
            std::printf("MISMATCH deal %zu %s: DDS", tableMs.size(), td.cards);
            for (int i = 0; i < 20; ++i)
                std::printf(" %d", r.resTable[i / 4][i % 4]);
            std::printf(", %s", d.expected ? "file" : "Tenace");
            for (int i = 0; i < 20; ++i)
                std::printf(
                    " %d",
                    ours.tricks[static_cast<std::size_t>(i / 4)][static_cast<std::size_t>(i % 4)]);
            std::printf("\n");
        }
        equal += same;
        ok = ok && same;
    }
    report("DD tables (20 results per deal)", tableMs, equal,
           deals.front().expected ? "the file's tables" : "Tenace's");

    equal = 0;
    std::uint64_t ddsTrickStarts = 0, tenaceTrickStarts = 0;
    for (const BenchDeal &d : deals) {
        dealPBN dl {};
        dl.trump = 4; // no trump
        dl.first = 3; // West leads
        std::snprintf(dl.remainCards, sizeof dl.remainCards, "%s", d.deal.toPbn().c_str());
        futureTricks ft;
        const std::clock_t start = std::clock();
        const int status = SolveBoardPBN(dl, -1, 3, 1, &ft, 0);
        leadMs.push_back(cpuMilliseconds(start));
        if (status != RETURN_NO_FAULT) {
            std::fprintf(stderr, "tenace-dds-reference: SolveBoardPBN status %d on %s\n", status,
                         dl.remainCards);
            return 1;
        }
        const std::uint64_t before = solver.trickStarts();
        auto ours = solver.solve(Position {d.deal, Strain::NoTrump, Seat::West, {}},
                                 SolveOptions {-1, CardSelection::All, true, {}});
        ddsTrickStarts += static_cast<std::uint64_t>(ft.nodes);
        tenaceTrickStarts += solver.trickStarts() - before;
        const bool same = ours && tenaceScores(*ours) == ddsScores(ft);
        if (!same)
            std::printf("MISMATCH opening lead, deal %zu %s\n", leadMs.size(), dl.remainCards);
        equal += same;
        ok = ok && same;
    }
    report("Opening lead, every card (NT, West leads, solutions=3)", leadMs, equal, "Tenace's");
    // DDS counts a node per trick completed in its search: Tenace's trick starts.
    const double n = static_cast<double>(deals.size());
    const double dds = static_cast<double>(ddsTrickStarts);
    const double tenace = static_cast<double>(tenaceTrickStarts);
    std::printf("  trick starts per deal: DDS %.0f k, Tenace %.0f k (%.2fx)\n", dds / n / 1000,
                tenace / n / 1000, dds > 0 ? tenace / dds : 0.0);
    if (verbose) {
        std::printf("Per deal (table ms, lead ms, deal):\n");
        for (std::size_t i = 0; i < deals.size(); ++i)
            std::printf("  %zu\t%.1f\t%.1f\t%s\n", i + 1, tableMs[i], leadMs[i],
                        deals[i].deal.toPbn().c_str());
    }
    return ok ? 0 : 1;
}
