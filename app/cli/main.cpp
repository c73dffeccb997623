// tenace-cli: batch double-dummy analysis. Parses the command line and dispatches to core's
// batch commands; no display needed.

#include "core/batch.h"

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
  -h, --help     show this help
  -v, --version  show the version
)";

struct Arguments
{
    std::string command;
    std::string file;
    tenace::core::BatchOptions options;
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
    std::cerr << "tenace-cli: unknown command '" << first << "'\n\n" << usage;
    return 2;
}
