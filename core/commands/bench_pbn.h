#pragma once

// The PBN reading benchmark of `tenace-cli bench`: a large generated file (random deals with
// tags, an auction, a full random play and a comment per game, the shape of a tournament
// archive) read whole with readPbn() and game by game with PbnGameReader, in MB/s and games/s.
// Blocking; thread-safe.

#include <cstdint>
#include <iosfwd>
#include <string>

namespace tenace::core {

// `games` games in the PBN export layout (CRLF), the same bytes for the same seed.
std::string generatePbnArchive(int games, std::uint64_t seed);

// Generates `games` games, reads them three times each way, and reports the median speeds.
void runPbnReadBench(int games, std::uint64_t seed, std::ostream &out);

} // namespace tenace::core
