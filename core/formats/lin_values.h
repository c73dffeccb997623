#pragma once

// The syntax layer of LIN (BBO): "key|value|" pairs with their positions, handviewer URLs, and
// the values that need parsing (md| deals, mb| calls). Pure functions, thread-safe.

#include "core/formats/pbn_auction.h"
#include "core/formats/pbn_validation.h"
#include "core/model/deal.h"

namespace tenace::core {

struct LinPair
{
    std::string key; // lower case
    std::string value;
    PbnPosition keyPosition;
    PbnPosition valuePosition;
    std::size_t offset = 0; // of the key, in bytes
};

bool isLinKeyChar(char c); // letters and digits

// Splits LIN text into pairs. Keys are 1 to 3 letters or digits; anything else is reported (as
// an issue of no game) and skipped. Line breaks between pairs do not matter; a value may run to
// the end of the text without its closing '|'.
std::vector<LinPair> splitLinPairs(std::string_view text, std::vector<PbnIssue> &issues);

// A handviewer URL ("https://...handviewer.html?lin=md%7C3S...") becomes the URL-decoded value
// of its lin= parameter ('+' for spaces); any other text is returned as it is.
std::string unwrapLinUrl(std::string_view text);

// md|: an optional dealer digit (1 South, 2 West, 3 North, 4 East), then hands in the order
// South, West, North, East separated by commas, each suit letter followed by its ranks in any
// order and case. When three hands of 13 cards are given the fourth is the rest of the deck;
// other missing hands are unknown.
struct LinDeal
{
    std::optional<Seat> dealer;
    Deal deal;
};
Result<LinDeal> parseLinDeal(std::string_view value, PbnPosition at);

// mb|: "p", "d", "r", "1N", "7S", any case; a trailing '!' is an alert (`alert` set).
Result<PbnCall> parseLinCall(std::string_view value, PbnPosition at, bool &alert);

// One rs| result: "4SWx-4" (4SX by West, down 4), "3NN=", "1NS+2"; nothing for anything else
// ("", "PASS", a board not played).
struct LinResult
{
    PbnContract contract;
    Seat declarer = Seat::North;
    int tricks = 0;
};
std::optional<LinResult> parseLinResult(std::string_view text);

} // namespace tenace::core
