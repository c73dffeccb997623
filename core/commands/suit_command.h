#pragma once

// tenace-cli suit NORTH SOUTH: the best line for every target number of tricks with its chance,
// the line with the most tricks on average and the a-priori splits, as a table a player reads;
// or, as TSV, exactly one line per target: tricks, percent (two decimals), the compact line.
// Blocking; writes only to the streams given.

#include <iosfwd>
#include <string>

namespace tenace::core {

struct SuitCommand
{
    std::string north;
    std::string south;
    int tricks = 0; // 0: every target
    bool tsv = false;
};

// Returns the exit status: 0, 1 when the search was refused, 2 for bad holdings or --tricks.
int runSuitCommand(const SuitCommand &command, std::ostream &out, std::ostream &errors);

} // namespace tenace::core
