#pragma once

// The token layer shared by the Auction and Play sections: calls or cards, each with its
// annotations (irregularity prefix, suffix, note reference, NAGs, comments), and the end markers
// '*' and '+'. Pure functions, thread-safe.

#include "core/formats/pbn_section.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tenace::core {

// How a section ends: after its last call or card (or 13 tricks), with '*' (nothing more will
// be given), or with '+' (to be continued).
enum class PbnSectionEnd : std::uint8_t { Open, Stopped, Continued };

// What follows a call or card: at most one note reference, NAGs (suffixes such as "!" are
// translated into their NAG), and the comments that refer to it, verbatim.
struct PbnAnnotations
{
    std::optional<int> note; // =n=
    std::vector<int> nags; // ascending
    std::vector<std::string> comments; // "{...}" or "; ..."
    bool empty() const { return !note && nags.empty() && comments.empty(); }
    friend bool operator==(const PbnAnnotations &, const PbnAnnotations &) = default;
};

struct PbnMove
{
    std::string token; // "1NT", "Pass", "SK", "-", "+", "^S"
    char irregularity = 0; // 'I' (insufficient bid), 'R' (revoke), 'L' (lead out of turn)
    PbnAnnotations annotations;
    PbnPosition position;
};

struct PbnMoveList
{
    std::vector<PbnMove> moves;
    PbnSectionEnd end = PbnSectionEnd::Open;
    std::vector<std::string> leadingComments; // before the first move
    std::vector<std::string> trailingComments; // after '*'
};

// Splits section tokens into moves. `suffixBase` is 0 for calls ("!" = $1) and 6 for cards
// ("!" = $7). Errors carry the position of the token at fault.
Result<PbnMoveList> parsePbnMoves(const std::vector<PbnSectionToken> &tokens, int suffixBase);

// " =1= $3 {comment}": the export form of annotations, each preceded by a space. NAGs ascending.
// Unless the annotations end the line, a "; comment" is written as "{ comment}".
std::string formatPbnAnnotations(const PbnAnnotations &annotations, bool endOfLine = true);

} // namespace tenace::core
