#include "core/commands/bench_pbn.h"

#include "core/formats/pbn_game_reader.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <vector>

namespace tenace::core {

namespace {

// A random legal play of all 13 tricks in no-trump, West leading, in Play-section rows.
std::vector<std::string> randomPlay(const Deal &deal, Xoshiro256 &random)
{
    PbnPlay play;
    play.first = Seat::West;
    auto state = PlayState::create(deal, Strain::NoTrump, Seat::West);
    std::array<PbnPlayCard, 4> row;
    while (state && !state->isFinished()) {
        const Seat seat = state->toMove();
        const std::vector<Card> legal = state->legalCards().cards();
        const Card c = legal[static_cast<std::size_t>(random.below(legal.size()))];
        row[static_cast<std::size_t>((index(seat) + 1) % 4)] = PbnPlayCard::of(c);
        (void)state->play(c);
        if (state->currentTrick().empty()) {
            play.tricks.push_back(row);
            row = {};
        }
    }
    play.end = PbnSectionEnd::Open;
    return formatPbnPlay(play);
}

void appendGame(std::string &out, int board, const Deal &deal, Xoshiro256 &random)
{
    static constexpr std::string_view vulnerabilities[4] = {"None", "NS", "EW", "All"};
    const std::string n = std::to_string(board);
    out += "[Event \"Tenace Bench Open Pairs\"]\r\n[Site \"Online\"]\r\n[Date \"2026.11.22\"]\r\n";
    out += "[Board \"" + n + "\"]\r\n";
    out += "[West \"Player W" + n + "\"]\r\n[North \"Player N" + n + "\"]\r\n";
    out += "[East \"Player E" + n + "\"]\r\n[South \"Player S" + n + "\"]\r\n";
    out += "[Dealer \"N\"]\r\n[Vulnerable \"" + std::string(vulnerabilities[board % 4]) + "\"]\r\n";
    out += "[Deal \"" + deal.toPbn() + "\"]\r\n[Scoring \"MP\"]\r\n";
    out += "[Declarer \"S\"]\r\n[Contract \"3NT\"]\r\n[Result \"9\"]\r\n";
    out += "[Auction \"N\"]\r\nPass Pass 1NT Pass\r\n3NT Pass Pass Pass\r\n";
    out += "[Play \"W\"]\r\n";
    for (const std::string &line : randomPlay(deal, random))
        out += line + "\r\n";
    out += "[Score \"NS 400\"]\r\n{Board " + n + ": a comment the reader keeps.}\r\n\r\n";
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

template<typename Read> double medianSeconds(int runs, Read read)
{
    std::vector<double> seconds;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        read();
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return medianOf(seconds);
}

} // namespace

std::string generatePbnArchive(int games, std::uint64_t seed)
{
    Dealer dealer(seed);
    Xoshiro256 random(seed ^ 0x9e3779b97f4a7c15ull);
    std::string out = "% PBN 2.1\r\n% EXPORT\r\n";
    for (int board = 1; board <= games; ++board)
        appendGame(out, board, dealer.deal(), random);
    return out;
}

void runPbnReadBench(int games, std::uint64_t seed, std::ostream &out)
{
    const std::string text = generatePbnArchive(games, seed);
    const double megabytes = static_cast<double>(text.size()) / 1e6;
    std::size_t readGames = 0;
    std::size_t issues = 0;
    const double whole = medianSeconds(3, [&] {
        const PbnReadResult read = readPbn(text);
        readGames = read.document.games.size();
        issues = read.issues.size();
    });
    std::size_t streamedGames = 0;
    const double streamed = medianSeconds(3, [&] {
        std::istringstream in(text);
        PbnGameReader reader(in);
        std::vector<PbnIssue> found;
        streamedGames = 0;
        while (reader.next(found))
            ++streamedGames;
    });
    out << std::fixed << std::setprecision(1) << "PBN reading: " << games << " generated games, "
        << megabytes << " MB (" << readGames << " read, " << issues << " problems)\n";
    for (const auto &[label, seconds, count] :
         {std::tuple {"whole file (readPbn, checks on)", whole, readGames},
          std::tuple {"game by game (PbnGameReader)  ", streamed, streamedGames}}) {
        out << "  " << std::left << std::setw(34) << label << std::right << std::setw(7)
            << megabytes / seconds << " MB/s " << std::setw(9) << std::setprecision(0)
            << static_cast<double>(count) / seconds << " games/s (median of 3)\n"
            << std::setprecision(1);
    }
}

} // namespace tenace::core
