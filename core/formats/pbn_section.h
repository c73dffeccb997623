#pragma once

// Shared PBN text vocabulary: positions in the source text, errors that carry them, string
// escapes, and the splitting of section data (Auction, Play, tables) into elements, strings and
// comments. Pure functions, thread-safe.

#include "core/model/error.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// A place in the source text, 1-based (0 when unknown, e.g. for a game built in memory).
// Positions are bookkeeping for messages, not content: they never take part in equality, so a
// game read back from another layout compares equal to the original.
struct PbnPosition
{
    int line = 0;
    int column = 0;
    PbnPosition advanced(int columns) const { return {line, column + columns}; }
    friend bool operator==(const PbnPosition &, const PbnPosition &) { return true; }
};

// An error whose message starts with "line L, column C: " when the position is known.
Error pbnError(PbnPosition position, ErrorCode code, std::string what);

// Small text helpers shared by the PBN and LIN readers.
std::string_view trimBlanks(std::string_view text); // spaces, tabs, CR, LF at both ends
std::string toUpperAscii(std::string_view text);
std::vector<std::string_view> splitBlanks(std::string_view text);
// A non-negative decimal integer made only of digits (at most 9); nullopt otherwise.
std::optional<int> parseDecimal(std::string_view text);
// 'text' for messages; control characters as 0xNN, long text cut.
std::string quotedText(std::string_view text);

// String tokens: \" and \\ are escapes; any other backslash is kept as written (suit symbols
// such as \S in notes). escapePbnString() is the inverse on every string.
std::string unescapePbnString(std::string_view text);
std::string escapePbnString(std::string_view value);

// One element of section data.
struct PbnSectionToken
{
    enum class Kind { Element, String, Comment };
    Kind kind = Kind::Element;
    std::string text; // unescaped for strings; comments verbatim with their delimiters
    PbnPosition position;
    friend bool operator==(const PbnSectionToken &, const PbnSectionToken &) = default;
};

// Splits section lines (as stored in PbnTag::section) into tokens separated by white space.
// `start` is the position of the first character of lines[0]; later lines start at column 1.
// Lines starting with '%' outside a brace comment are escapes and are skipped.
std::vector<PbnSectionToken> splitPbnSection(const std::vector<std::string> &lines,
                                             PbnPosition start);

} // namespace tenace::core
