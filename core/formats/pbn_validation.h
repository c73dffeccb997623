#pragma once

// Checks of a PBN game, each problem reported with its line and column: malformed tag values
// and sections, a deal that is not 13 cards a hand (end positions and unknown hands excepted),
// an auction with an illegal call or a contract other than the Contract tag, play by the wrong
// leader, of a card not held, or a revoke the file does not mark; warnings for what is tolerated
// (passes after the end of the auction). Pure functions, thread-safe.

#include "core/formats/pbn_game.h"

#include <cstdint>

namespace tenace::core {

// An error makes the game or file wrong; a warning notes something tolerated (a Pass after the
// end of the auction) that changes nothing read.
enum class PbnSeverity : std::uint8_t { Error, Warning };

struct PbnIssue
{
    int game = -1; // index of the game in the document; -1 for the file as a whole
    int line = 0; // 1-based; 0 when unknown
    int column = 0;
    Error error; // the message starts with "line L, column C: " when the place is known, then
                 // "warning: " for a warning
    PbnSeverity severity = PbnSeverity::Error;
    bool isWarning() const { return severity == PbnSeverity::Warning; }
    friend bool operator==(const PbnIssue &, const PbnIssue &) = default;
};

// Makes an issue from an error whose message may start with "line L, column C: "; other
// messages get `fallback` as their place.
PbnIssue pbnIssue(int game, Error error, PbnPosition fallback = {});
// The same for a warning: "warning: " goes after the place.
PbnIssue pbnWarning(int game, Error error, PbnPosition fallback = {});
// The issues that are errors (not warnings).
int pbnErrorCount(const std::vector<PbnIssue> &issues);

std::vector<PbnIssue> validatePbnGame(const PbnGame &game, int gameIndex);

} // namespace tenace::core
