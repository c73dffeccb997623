#include "core/commands/suit_command.h"

#include "core/analysis/suit_combination.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <ostream>

namespace tenace::core {

namespace {

std::string percent(double p)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f", p * 100);
    return buffer;
}

void writeReport(const SuitAnalysis &a, std::ostream &out)
{
    const SuitHoldings &h = a.holdings;
    out << "North " << suitHoldingText(h.north) << ", South " << suitHoldingText(h.south)
        << "; the defenders hold " << a.defenders.size() << " cards\n\n";
    if (a.targets.empty())
        out << "No line takes a trick in any layout.\n";
    for (const SuitTarget &t : a.targets) {
        out << t.tricks << (t.tricks == 1 ? " trick:  " : " tricks: ") << percent(t.probability)
            << "%  " << compactSuitLine(h, t.line) << '\n';
    }
    char average[32];
    std::snprintf(average, sizeof average, "%.4f", a.averageTricks);
    out << "\nMost tricks on average: " << average << "  " << compactSuitLine(h, a.averageLine)
        << "\n\nA-priori splits (West-East):\n";
    const std::size_t n = a.defenders.size();
    for (std::size_t west = 0; west <= n; ++west)
        out << "  " << west << '-' << n - west << "  " << percent(a.splits[west]) << "%\n";
}

} // namespace

int runSuitCommand(const SuitCommand &command, std::ostream &out, std::ostream &errors)
{
    const auto holdings = parseSuitHoldings(command.north, command.south);
    if (!holdings) {
        errors << "tenace-cli suit: " << holdings.error().message << '\n';
        return 2;
    }
    const int most = std::max(std::popcount(holdings->north), std::popcount(holdings->south));
    if (command.tricks < 0 || command.tricks > most) {
        errors << "tenace-cli suit: --tricks " << command.tricks << ": expected 1 to " << most
               << " (the tricks North and South can take)\n";
        return 2;
    }
    SuitOptions options;
    options.onlyTarget = command.tricks;
    options.average = !command.tsv && command.tricks == 0;
    const auto analysis = analyseSuit(*holdings, options);
    if (!analysis) {
        errors << "tenace-cli suit: " << analysis.error().message << '\n';
        return analysis.error().code == ErrorCode::InvalidArgument ? 1 : 2;
    }
    if (command.tsv) {
        for (const SuitTarget &t : analysis->targets)
            out << t.tricks << '\t' << percent(t.probability) << '\t'
                << compactSuitLine(*holdings, t.line) << '\n';
        return 0;
    }
    if (command.tricks > 0) {
        for (const SuitTarget &t : analysis->targets)
            out << t.tricks << " tricks: " << percent(t.probability) << "%\n"
                << suitLineTree(t.line);
        return 0;
    }
    writeReport(*analysis, out);
    return 0;
}

} // namespace tenace::core
