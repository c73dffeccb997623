// tenace-cli: batch double-dummy analysis. Parses the command line and dispatches to core's
// batch commands; no display needed.

#include <cstring>
#include <iostream>
#include <string_view>

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
  -h, --help     show this help
  -v, --version  show the version
)";

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
    std::cerr << "tenace-cli: unknown command '" << first << "'\n\n" << usage;
    return 2;
}
