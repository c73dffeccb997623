#pragma once

// Checks of a PBN game, each problem reported with its line and column: malformed tag values
// and sections, a deal that is not 13 cards a hand (end positions and unknown hands excepted),
// an auction with an illegal call or a contract other than the Contract tag, play by the wrong
// leader, of a card not held, or a revoke the file does not mark. Pure functions, thread-safe.

#include "core/pbn_game.h"

namespace tenace::core {

struct PbnIssue
{
    int game = -1; // index of the game in the document; -1 for the file as a whole
    int line = 0; // 1-based; 0 when unknown
    int column = 0;
    Error error; // the message starts with "line L, column C: " when the place is known
    friend bool operator==(const PbnIssue &, const PbnIssue &) = default;
};

// Makes an issue from an error whose message may start with "line L, column C: "; other
// messages get `fallback` as their place.
PbnIssue pbnIssue(int game, Error error, PbnPosition fallback = {});

std::vector<PbnIssue> validatePbnGame(const PbnGame &game, int gameIndex);

} // namespace tenace::core
