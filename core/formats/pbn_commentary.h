#pragma once

// What a reader reads of a PBN game besides its deal: the commentary (every brace and semicolon
// comment, in file order: before the tags, between them and inside the Auction, Play and other
// sections) as plain text, and note and comment text with suit escapes shown as suit symbols.
// Pure functions, thread-safe. Never changes the game: the file keeps its bytes.

#include "core/formats/pbn_game.h"

#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// Comment or note text for display: PBN suit escapes (\S \H \D \C) and BBO's (!S !h ...) as
// the suit symbols, line breaks inside a paragraph joined, blank lines kept as paragraph
// breaks, blanks trimmed.
std::string pbnDisplayText(std::string_view text);

// The game's comments without their delimiters, as display text, in file order; empty comments
// left out.
std::vector<std::string> pbnCommentary(const PbnGame &game);

} // namespace tenace::core
