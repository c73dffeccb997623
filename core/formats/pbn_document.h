#pragma once

// A PBN file as a document: a sequence of games, plus what is needed to write it back exactly
// (character set, line ending, the semi-empty lines before the first game). Value type; not
// thread-safe.

#include "core/formats/pbn_game.h"
#include "core/formats/text_encoding.h"

#include <map>

namespace tenace::core {

// The tag values games inherit from earlier games, worked out game by game in file order (see
// PbnDocument::resolveInheritance()). Used whole by the document and game by game by the
// streaming reader. Not thread-safe.
class PbnInheritance
{
public:
    using ValueMap = std::map<std::string, std::string, std::less<>>;
    void apply(PbnGame &game); // sets the game's inherited values, then remembers its own

private:
    ValueMap m_last; // the last real value of each tag
    ValueMap m_sticky; // "##" values
    ValueMap m_previousDeal; // the deal tags of the nearest earlier game with a Deal
};

struct PbnDocument
{
    TextEncoding encoding = TextEncoding::Utf8; // written back in the same encoding
    std::string newline = "\r\n"; // the file's line ending, used for games rewritten
    std::string leading; // semi-empty lines before the first game, verbatim
    std::vector<PbnGame> games;

    // Works out, for every game, the tag values it inherits: "#" (the nearest earlier real
    // value, "?" not counting as one, else ""), "##text" (text, for this game and all later ones
    // until redefined), and the deal tags (Event, Site, Date, Board, Dealer, Vulnerable, Deal,
    // Scoring) of a game that omits its Deal because it repeats the previous game's board. The
    // reader calls this; call it again after editing tags that later games inherit.
    void resolveInheritance();

    friend bool operator==(const PbnDocument &, const PbnDocument &) = default;
};

} // namespace tenace::core
