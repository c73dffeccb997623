// tenace-cli: batch double-dummy analysis. Parses the command line and dispatches to core's
// batch commands; no display needed.

#include "core/batch.h"
#include "core/bench.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::string_view usage = R"(Usage: tenace-cli <command> [options] [FILE]

Batch double-dummy analysis. FILE is a TSV file of the reference formats or a PBN file;
"-" reads standard input. Results are written to standard output in the same TSV format.

Commands:
  table FILE     double-dummy tables (20 numbers per deal)
  solve FILE     every legal card of a position with its trick count
  trace FILE     double-dummy tricks after each card of a played sequence
  par FILE       par scores and contracts
  bench [FILE]   solver benchmark

Options:
  --threads N    worker threads (default: all cores)
  --memory MB    transposition-table limit per thread (default 48)
  --deals N      bench: number of deals (default 100 random deals, or all of FILE)
  --verbose      bench: also the time of each deal
  -h, --help     show this help
  -v, --version  show the version
)";

struct Arguments
{
    std::string command;
    std::string file;
    tenace::core::BatchOptions options;
    int deals = 0; // bench: 0 for the default
    bool verbose = false; // bench: one line per deal
    std::string error;
};

Arguments parseArguments(int argc, char *argv[])
{
    Arguments args;
    args.command = argv[1];
    for (int i = 2; i < argc; ++i) {
        const std::string_view a = argv[i];
        auto number = [&](int &out) {
            if (i + 1 >= argc) {
                args.error = std::string(a) + " needs a value";
                return;
            }
            char *end = nullptr;
            const long v = std::strtol(argv[++i], &end, 10);
            if (*end != '\0' || v < 0 || v > 1 << 20)
                args.error = std::string(a) + ": invalid number '" + argv[i] + "'";
            out = static_cast<int>(v);
        };
        if (a == "--threads") {
            number(args.options.threads);
        } else if (a == "--deals") {
            number(args.deals);
        } else if (a == "--verbose") {
            args.verbose = true;
        } else if (a == "--memory") {
            int mb = 0;
            number(mb);
            args.options.solver.tableBytes = static_cast<std::size_t>(std::max(mb, 1)) << 20;
        } else if (args.file.empty() && (a == "-" || a.empty() || a[0] != '-')) {
            args.file = a;
        } else {
            args.error = "unexpected argument '" + std::string(a) + "'";
        }
        if (!args.error.empty())
            break;
    }
    return args;
}

using BatchFn = tenace::core::BatchSummary (*)(std::istream &, std::ostream &, std::ostream &,
                                               const tenace::core::BatchOptions &);

int runBatch(const Arguments &args, BatchFn fn)
{
    if (args.file.empty()) {
        std::cerr << "tenace-cli " << args.command << ": missing FILE (use - for standard input)\n";
        return 2;
    }
    std::ifstream file;
    if (args.file != "-") {
        file.open(args.file, std::ios::binary);
        if (!file) {
            std::cerr << "tenace-cli: cannot open '" << args.file << "'\n";
            return 1;
        }
    }
    std::istream &in = args.file == "-" ? std::cin : file;
    const auto summary = fn(in, std::cout, std::cerr, args.options);
    return summary.errors == 0 ? 0 : 1;
}

// Bench: FILE's deals (checked against its tables) or random ones; one thread unless asked.
int runBenchCommand(const Arguments &args)
{
    tenace::core::BenchOptions bench;
    bench.threads = std::max(args.options.threads, 1);
    bench.solver = args.options.solver;
    bench.verbose = args.verbose;
    if (args.deals > 0)
        bench.count = args.deals;
    if (!args.file.empty()) {
        std::ifstream file(args.file, std::ios::binary);
        if (!file) {
            std::cerr << "tenace-cli: cannot open '" << args.file << "'\n";
            return 1;
        }
        auto deals = tenace::core::readBenchDeals(file);
        if (!deals) {
            std::cerr << "tenace-cli bench: " << args.file << ": " << deals.error().message << '\n';
            return 1;
        }
        bench.deals = std::move(*deals);
        if (args.deals > 0 && static_cast<std::size_t>(args.deals) < bench.deals.size())
            bench.deals.resize(static_cast<std::size_t>(args.deals));
        if (bench.deals.empty()) {
            std::cerr << "tenace-cli bench: no deal in '" << args.file << "'\n";
            return 1;
        }
    }
    tenace::core::runBench(bench, std::cout);
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc < 2) {
        std::cerr << usage;
        return 2;
    }
    const std::string_view first = argv[1];
    if (first == "-h" || first == "--help" || first == "help") {
        std::cout << usage;
        return 0;
    }
    if (first == "-v" || first == "--version") {
        std::cout << "tenace-cli " << TENACE_VERSION << '\n';
        return 0;
    }
    const Arguments args = parseArguments(argc, argv);
    if (!args.error.empty()) {
        std::cerr << "tenace-cli: " << args.error << "\n";
        return 2;
    }
    if (first == "table")
        return runBatch(args, tenace::core::runTableBatch);
    if (first == "solve")
        return runBatch(args, tenace::core::runSolveBatch);
    if (first == "trace")
        return runBatch(args, tenace::core::runTraceBatch);
    if (first == "par")
        return runBatch(args, tenace::core::runParBatch);
    if (first == "bench")
        return runBenchCommand(args);
    std::cerr << "tenace-cli: unknown command '" << first << "'\n\n" << usage;
    return 2;
}
