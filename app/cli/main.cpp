// tenace-cli: batch double-dummy analysis. Parses the command line and dispatches to core's
// batch commands; no display needed.

#include "core/analysis/evaluation_experiment.h"
#include "core/analysis/simulation.h"
#include "core/commands/batch.h"
#include "core/commands/bench.h"
#include "core/commands/bench_alpha_mu.h"
#include "core/commands/pbn_batch.h"
#include "core/commands/single_dummy_command.h"
#include "core/commands/suit_command.h"
#include "core/formats/pbn_writer.h"
#include "core/model/dealer.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::string_view usage = R"(Usage: tenace-cli <command> [options] [FILE]

Batch double-dummy analysis.

Commands on TSV files of the reference formats, or on PBN and LIN files (read board by board);
"-" reads standard input; results go to standard output in the same TSV format:
  table FILE     double-dummy tables (20 numbers per deal)
  solve FILE     every legal card of a position with its trick count (of a PBN or LIN board:
                 the opening lead of its contract)
  trace FILE     double-dummy tricks after each card of a played sequence (of a PBN or LIN
                 board: its recorded play)
  par FILE       par scores and contracts (of a PBN or LIN board: for its vulnerability)
  bench [FILE]   solver, simulation and PBN reader benchmark
A file is PBN or LIN when its name ends in .pbn or .lin or its first line starts with '['.

Simulation and hand evaluation:
  simulate       keep the hands of --deal, deal the others at random (under --constrain), solve
                 every deal's DD table; print mean tricks, the chance of making each level and,
                 with --histogram, the trick distribution per strain and declarer
  experiment     hand evaluation methods against DD tricks (Jan, Huang and Yang's measurement):
                 --hands K North-South pairs, --deals M East-West layouts each; correlation and
                 trick-prediction accuracy per method

Single dummy (what a card is worth given only what its player sees; layouts sampled under
--constrain, each solved double dummy; see the README for the columns):
  lead           the opening leads of --hand against --contract by --declarer: the defence's
                 mean tricks, the chance of setting the contract, standard error, IMPs and
                 pairs against the best lead
  sd             every legal card of the seat to play in --deal after --played, from that
                 seat's view (declarer's when dummy plays): declarer's side's mean tricks, the
                 chance of making, standard error, IMPs, pairs, and "guess" where it rests on one
  review FILE    every card of each board's recorded play that cost a double-dummy trick: a
                 mistake single dummy, a guess (declarer's side's cards, by alpha-mu: no card
                 sure and another about as good), or the best card on an unlucky layout
                 (--deals layouts per card, default 100)

Suit combinations (exact: every layout of the missing cards, the defenders answering the line
with their best play; entries unlimited):
  suit NORTH SOUTH     the best line for each number of tricks with its chance, the line with
                       the most tricks on average and the a-priori splits, e.g. "AKJ54 9876";
                       x is a small card, - a void

Commands on PBN and LIN files (LIN is recognised by its .lin name or its content):
  annotate IN -o OUT   add DD results to every board: DoubleDummyTricks, OptimumResultTable,
                       OptimumScore, ParContract, and OptimumPlayTable for recorded play
  convert IN -o OUT    write IN as PBN: unchanged bytes for PBN input, the export format with
                       --export (always for LIN input); as LIN when OUT ends in .lin
  check FILE...        list every problem with file, line and column (warnings marked
                       "warning:")
OUT may be IN (the file is replaced atomically) or "-" for standard output.

Every command exits with status 0 when its input had no problem (warnings do not count) and 1
otherwise.

Options:
  -o, --output FILE  annotate, convert: the file to write
  --export           convert: write the strict PBN export format
  --no-play          annotate: skip OptimumPlayTable
  --threads N        worker threads (default: all cores)
  --memory MB        transposition-table limit per thread (default 64)
  --deals N          bench: number of deals (default 100 random deals, or all of FILE)
  --verbose          bench: also the time of each deal
  --pbn-games N      bench: games in the PBN reading benchmark (default 10000; 0 skips it)
  --no-solver        bench: only the PBN reading benchmark
  --sim-deals N      bench: deals of the simulation benchmark (default 20; 0 skips it)
  --lead-layouts N   bench: layouts of the single-dummy lead table (default 100; 0 skips it)
  --deal PBN         simulate: the fixed hands, "-" for a random one (default: N and S of a
                     random deal): "N:AKQ2.KJ5.T98.A43 - J54.AQ92.KJ7.KQ5 -"
  --constrain S:LIST simulate, lead, sd: constraints on hidden seat S, e.g. "E:hcp=12-17,S=5-"
                     (keys hcp, S, H, D, C with ranges 5-7, 5-, -2, 5; balanced; has=SKHQ);
                     repeatable
  --deals N          simulate: deals (default 100); experiment: layouts per pair (default 100);
                     lead, sd: layouts (default 1000 and 200)
  --hands K          experiment: North-South pairs (default 1000)
  --strain X         experiment: S, H, D, C or NT (default: NS's longest combined suit)
  --seed S           simulate, experiment, lead, sd: the random seed (default 1)
  --histogram        simulate: also the number of deals for each trick count
  --pbn FILE         simulate: also write every deal with its DD table as PBN
  --tsv              experiment: one line per method: id, correlation, acc0, acc1, acc2;
                     lead, sd: one line per card (card, tricks, set or make, se, imps, better,
                     equal, worse, guess); suit: one line per number of tricks (tricks,
                     percent, line)
  --tricks K         suit: only the line for K tricks
  --hand S:HAND      lead: the leader's hand, e.g. "W:KQT5.987.A32.J54"
  --contract C       lead, sd: the contract, e.g. 4S, 3NT, 5DX
  --declarer S       lead, sd: declarer, N E S or W
  --vul V            lead, sd: None, NS, EW or All (default None)
  --played CARDS     sd: the cards played from the opening lead, e.g. "H2 HA H5 H3"
  --until-settled    lead, sd: stop once the best card is ahead beyond two standard errors
                     (--deals is then the most layouts)
  --alpha-mu         sd: αμ for declarer's side (no strategy fusion): each card's chance of
                     making and the depth M reached; bench: only the αμ benchmark, on FILE's
                     recorded plays (e.g. tests/data/fixtures/pbn/endplay-example2.pbn)
  --worlds W         sd --alpha-mu: layouts searched (default 40)
  --depth M          sd --alpha-mu: the last depth (declarer's decisions searched blind)
  --budget MS        sd --alpha-mu: time budget of the deepening (default 2000, none with --depth)
  -h, --help         show this help
  -v, --version      show the version
)";

struct Arguments
{
    std::string command;
    std::string file;
    std::vector<std::string> moreFiles; // check: every FILE after the first
    std::string output; // -o
    bool exportFormat = false;
    bool playTable = true;
    tenace::core::BatchOptions options;
    int deals = 0; // bench: 0 for the default
    int pbnGames = 10000; // bench
    int simulationDeals = 20; // bench
    int leadLayouts = 100; // bench
    bool solverBench = true; // bench
    bool verbose = false; // bench: one line per deal
    std::string deal; // simulate, sd: --deal
    std::string hand; // lead: --hand
    std::string contract; // lead, sd: --contract
    std::string declarer; // lead, sd: --declarer
    std::string vulnerability = "None"; // lead, sd: --vul
    std::string played; // sd: --played
    bool untilSettled = false; // lead, sd
    bool alphaMu = false; // sd, bench
    int worlds = 0; // sd --alpha-mu
    int depth = 0; // sd --alpha-mu
    int budgetMs = -1; // sd --alpha-mu
    std::vector<std::string> constraints; // simulate: --constrain
    std::string pbnOutput; // simulate: --pbn
    bool histogram = false; // simulate
    int hands = 1000; // experiment
    std::string strain; // experiment
    std::uint64_t seed = 1; // simulate, experiment
    bool tsv = false; // experiment
    int tricks = 0; // suit: --tricks
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
        } else if (a == "--tricks") {
            number(args.tricks);
        } else if (a == "--hands") {
            number(args.hands);
        } else if (a == "--seed") {
            char *end = nullptr;
            if (i + 1 >= argc)
                args.error = "--seed needs a value";
            else if (args.seed = std::strtoull(argv[++i], &end, 10);
                     *end != '\0' || argv[i][0] == '-')
                args.error = std::string("--seed: invalid number '") + argv[i] + "'";
        } else if (a == "--hand" || a == "--contract" || a == "--declarer" || a == "--vul" ||
                   a == "--played") {
            if (i + 1 >= argc)
                args.error = std::string(a) + " needs a value";
            else if (a == "--hand")
                args.hand = argv[++i];
            else if (a == "--contract")
                args.contract = argv[++i];
            else if (a == "--declarer")
                args.declarer = argv[++i];
            else if (a == "--vul")
                args.vulnerability = argv[++i];
            else
                args.played = argv[++i];
        } else if (a == "--until-settled") {
            args.untilSettled = true;
        } else if (a == "--alpha-mu") {
            args.alphaMu = true;
        } else if (a == "--worlds") {
            number(args.worlds);
        } else if (a == "--depth") {
            number(args.depth);
        } else if (a == "--budget") {
            number(args.budgetMs);
        } else if (a == "--deal" || a == "--constrain" || a == "--pbn" || a == "--strain") {
            if (i + 1 >= argc)
                args.error = std::string(a) + " needs a value";
            else if (a == "--deal")
                args.deal = argv[++i];
            else if (a == "--constrain")
                args.constraints.emplace_back(argv[++i]);
            else if (a == "--pbn")
                args.pbnOutput = argv[++i];
            else
                args.strain = argv[++i];
        } else if (a == "--histogram") {
            args.histogram = true;
        } else if (a == "--tsv") {
            args.tsv = true;
        } else if (a == "--verbose") {
            args.verbose = true;
        } else if (a == "--sim-deals") {
            number(args.simulationDeals);
        } else if (a == "--lead-layouts") {
            number(args.leadLayouts);
        } else if (a == "--pbn-games") {
            number(args.pbnGames);
        } else if (a == "--no-solver") {
            args.solverBench = false;
        } else if (a == "--export") {
            args.exportFormat = true;
        } else if (a == "--no-play") {
            args.playTable = false;
        } else if (a == "-o" || a == "--output") {
            if (i + 1 >= argc)
                args.error = std::string(a) + " needs a file name";
            else
                args.output = argv[++i];
        } else if (a == "--memory") {
            int mb = 0;
            number(mb);
            args.options.solver.tableBytes = static_cast<std::size_t>(std::max(mb, 1)) << 20;
        } else if (args.file.empty() && (a == "-" || a.empty() || a[0] != '-')) {
            args.file = a;
        } else if ((args.command == "check" || args.command == "suit") &&
                   (a == "-" || a.empty() || a[0] != '-')) {
            args.moreFiles.emplace_back(a);
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
    tenace::core::BatchOptions options = args.options;
    options.inputName = args.file == "-" ? "<stdin>" : args.file;
    const auto summary = fn(in, std::cout, std::cerr, options);
    return summary.errors == 0 ? 0 : 1;
}

// The bytes of FILE, or of standard input for "-".
tenace::core::Result<std::string> readInput(const std::string &file)
{
    if (file != "-")
        return tenace::core::readFileBytes(file);
    return std::string(std::istreambuf_iterator<char>(std::cin), {});
}

// Writes OUT atomically, or to standard output for "-".
bool writeOutput(const std::string &file, const std::string &bytes)
{
    if (file == "-") {
        std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        return static_cast<bool>(std::cout.flush());
    }
    if (auto written = tenace::core::writeFileAtomically(file, bytes); !written) {
        std::cerr << "tenace-cli: " << written.error().message << '\n';
        return false;
    }
    return true;
}

// annotate and convert: IN -o OUT. Exit status 1 when the input had problems (the output is
// still written: nothing read is dropped), 2 on a usage error.
int runFileCommand(const Arguments &args)
{
    if (args.file.empty() || args.output.empty()) {
        std::cerr << "tenace-cli " << args.command << ": usage: tenace-cli " << args.command
                  << " IN -o OUT\n";
        return 2;
    }
    const auto bytes = readInput(args.file);
    if (!bytes) {
        std::cerr << "tenace-cli: " << bytes.error().message << '\n';
        return 1;
    }
    const std::string name = args.file == "-" ? "<stdin>" : args.file;
    tenace::core::FileBatchResult result;
    if (args.command == "convert") {
        using tenace::core::ConvertFormat;
        const bool toLin = args.output.size() > 4 &&
            (args.output.ends_with(".lin") || args.output.ends_with(".LIN"));
        const ConvertFormat format = toLin ? ConvertFormat::Lin
            : args.exportFormat            ? ConvertFormat::PbnExport
                                           : ConvertFormat::Pbn;
        result = tenace::core::convertFile(*bytes, name, format, std::cerr);
    } else {
        tenace::core::AnnotateOptions options;
        options.playTable = args.playTable;
        options.threads = args.options.threads;
        options.solver = args.options.solver;
        const bool tty = isatty(STDERR_FILENO) != 0;
        auto progress = [tty](int done, int total) {
            if (tty)
                std::cerr << "\rannotate: " << done << '/' << total << " boards" << std::flush;
            else if (done == total || done % std::max(total / 10, 1) == 0)
                std::cerr << "annotate: " << done << '/' << total << " boards\n";
        };
        result = tenace::core::annotateFile(*bytes, name, options, std::cerr, progress);
        if (tty)
            std::cerr << '\n';
    }
    if (!writeOutput(args.output, result.output))
        return 1;
    return result.problems == 0 ? 0 : 1;
}

// check FILE...: every problem of every file; exit status 1 if any (warnings do not count).
int runCheckCommand(const Arguments &args)
{
    if (args.file.empty()) {
        std::cerr << "tenace-cli check: usage: tenace-cli check FILE...\n";
        return 2;
    }
    std::vector<std::string> files {args.file};
    files.insert(files.end(), args.moreFiles.begin(), args.moreFiles.end());
    int problems = 0;
    for (const std::string &file : files) {
        const auto bytes = readInput(file);
        if (!bytes) {
            std::cout << file << ": " << bytes.error().message << '\n';
            ++problems;
            continue;
        }
        problems += tenace::core::checkFile(*bytes, file == "-" ? "<stdin>" : file, std::cout);
    }
    return problems == 0 ? 0 : 1;
}

// Bench: FILE's deals (checked against its tables) or random ones; one thread unless asked.
int runBenchCommand(const Arguments &args)
{
    if (args.alphaMu) {
        std::ifstream file(args.file, std::ios::binary);
        if (args.file.empty() || !file) {
            std::cerr
                << "tenace-cli bench --alpha-mu: needs a PBN or LIN FILE with recorded play\n";
            return 2;
        }
        const std::string bytes {std::istreambuf_iterator<char>(file), {}};
        tenace::core::AlphaMuBenchOptions options;
        options.threads = args.options.threads > 0 ? args.options.threads : 2;
        options.solver = args.options.solver;
        if (args.deals > 0)
            options.decisions = args.deals;
        return tenace::core::runAlphaMuBench(bytes, args.file, options, std::cout, std::cerr);
    }
    tenace::core::BenchOptions bench;
    bench.threads = std::max(args.options.threads, 1);
    bench.solver = args.options.solver;
    bench.verbose = args.verbose;
    bench.pbnGames = args.pbnGames;
    bench.simulationDeals = args.simulationDeals;
    bench.leadLayouts = args.leadLayouts;
    bench.solverBench = args.solverBench;
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

// Progress on standard error: a live counter on a terminal, every tenth otherwise.
std::function<void(std::size_t, std::size_t)> progressPrinter(const char *what, const char *unit)
{
    const bool tty = isatty(STDERR_FILENO) != 0;
    return [tty, what, unit](std::size_t done, std::size_t total) {
        static std::mutex mutex;
        const std::lock_guard lock(mutex);
        if (tty)
            std::cerr << '\r' << what << ": " << done << '/' << total << ' ' << unit
                      << (done == total ? "\n" : "") << std::flush;
        else if (done == total || done % std::max<std::size_t>(total / 10, 1) == 0)
            std::cerr << what << ": " << done << '/' << total << ' ' << unit << '\n';
    };
}

// simulate: fixed hands from --deal (default North and South of Dealer(seed)'s first deal).
int runSimulateCommand(const Arguments &args)
{
    using namespace tenace::core;
    SimulationSpec spec;
    spec.seed = args.seed;
    spec.deals = args.deals > 0 ? args.deals : 100;
    spec.table.threads = args.options.threads;
    spec.table.solver = args.options.solver;
    if (!args.deal.empty()) {
        auto deal = parsePbnDeal(args.deal);
        if (!deal) {
            std::cerr << "tenace-cli simulate: --deal: " << deal.error().message << '\n';
            return 2;
        }
        spec.fixed = *deal;
    } else {
        const Deal random = Dealer(args.seed).deal();
        spec.fixed[Seat::North] = random[Seat::North];
        spec.fixed[Seat::South] = random[Seat::South];
    }
    for (const std::string &item : args.constraints) {
        auto parsed = parseSeatConstraint(item);
        if (!parsed) {
            std::cerr << "tenace-cli simulate: --constrain " << parsed.error().message << '\n';
            return 2;
        }
        if (!spec.fixed[parsed->seat].empty()) {
            std::cerr << "tenace-cli simulate: --constrain " << seatName(parsed->seat)
                      << ": that hand is fixed by --deal\n";
            return 2;
        }
        spec.constraints[static_cast<std::size_t>(index(parsed->seat))] = parsed->constraint;
    }
    auto result = runSimulation(spec, {}, progressPrinter("simulate", "deals"));
    if (!result) {
        std::cerr << "tenace-cli simulate: " << result.error().message << '\n';
        return 1;
    }
    writeSimulationReport(spec, *result, args.histogram, std::cout);
    if (!args.pbnOutput.empty()) {
        std::ostringstream pbn;
        writeSimulationPbn(spec, *result, pbn);
        if (!writeOutput(args.pbnOutput, pbn.str()))
            return 1;
    }
    return 0;
}

// lead and sd: single-dummy values (see core/commands/single_dummy_command.h).
int runSingleDummy(const Arguments &args, bool lead)
{
    tenace::core::SingleDummyCommand command;
    command.hand = args.hand;
    command.deal = args.deal;
    command.contract = args.contract;
    command.declarer = args.declarer;
    command.vulnerability = args.vulnerability;
    command.played = args.played;
    command.constraints = args.constraints;
    command.layouts = args.deals;
    command.seed = args.seed;
    command.tsv = args.tsv;
    command.untilSettled = args.untilSettled;
    command.alphaMu = args.alphaMu;
    command.worlds = args.worlds;
    command.depth = args.depth;
    command.budgetMs = args.budgetMs;
    command.pool = {args.options.threads, args.options.solver};
    return tenace::core::runSingleDummyCommand(lead, command, std::cout, std::cerr);
}

// review FILE: the recorded play of every board, mistake or bad luck.
int runReviewCommand(const Arguments &args)
{
    if (args.file.empty()) {
        std::cerr << "tenace-cli review: missing FILE\n";
        return 2;
    }
    auto bytes = readInput(args.file);
    if (!bytes) {
        std::cerr << "tenace-cli review: " << bytes.error().message << '\n';
        return 1;
    }
    return tenace::core::runReviewCommand(*bytes, args.file, args.deals, args.seed,
                                          {args.options.threads, args.options.solver}, std::cout,
                                          std::cerr);
}

int runExperimentCommand(const Arguments &args)
{
    using namespace tenace::core;
    ExperimentOptions options;
    options.hands = args.hands;
    options.deals = args.deals > 0 ? args.deals : 100;
    options.seed = args.seed;
    options.solver.threads = args.options.threads;
    options.solver.solver = args.options.solver;
    if (!args.strain.empty()) {
        const auto strain = args.strain == "NT" || args.strain == "nt" || args.strain == "N"
            ? std::optional<Strain>(Strain::NoTrump)
            : args.strain.size() == 1 ? strainFromLetter(args.strain[0])
                                      : std::nullopt;
        if (!strain) {
            std::cerr << "tenace-cli experiment: --strain '" << args.strain
                      << "': expected S, H, D, C or NT\n";
            return 2;
        }
        options.strain = strain;
    }
    if (options.hands < 2) {
        std::cerr << "tenace-cli experiment: --hands must be at least 2\n";
        return 2;
    }
    const auto result = runExperiment(options, {}, progressPrinter("experiment", "pairs"));
    if (args.tsv)
        writeExperimentTsv(result, std::cout);
    else
        writeExperimentTable(options, result, std::cout);
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
    if (first == "annotate" || first == "convert")
        return runFileCommand(args);
    if (first == "check")
        return runCheckCommand(args);
    if (first == "simulate")
        return runSimulateCommand(args);
    if (first == "experiment")
        return runExperimentCommand(args);
    if (first == "lead" || first == "sd")
        return runSingleDummy(args, first == "lead");
    if (first == "review")
        return runReviewCommand(args);
    if (first == "suit") {
        if (args.moreFiles.size() != 1) {
            std::cerr
                << "tenace-cli suit: usage: tenace-cli suit NORTH SOUTH [--tricks K] [--tsv]\n";
            return 2;
        }
        return tenace::core::runSuitCommand({args.file, args.moreFiles[0], args.tricks, args.tsv},
                                            std::cout, std::cerr);
    }
    std::cerr << "tenace-cli: unknown command '" << first << "'\n\n" << usage;
    return 2;
}
