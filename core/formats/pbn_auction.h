#pragma once

// The Auction section of a PBN game: the calls from the player in the Auction tag, with their
// annotations, and the outcome (final contract) with the legality of each call. Value types;
// pure functions, thread-safe.

#include "core/formats/pbn_moves.h"
#include "core/model/contract.h"

namespace tenace::core {

enum class PbnCallKind : std::uint8_t {
    Pass,
    Double,
    Redouble,
    Bid,
    AllPass, // "AP": all remaining players pass
    Placeholder, // "-": not yet this player's turn (seats before the dealer)
    Skipped, // "^S": the player could not call (a call out of rotation)
};

struct PbnCall
{
    PbnCallKind kind = PbnCallKind::Pass;
    int level = 0; // Bid only
    Strain strain = Strain::NoTrump; // Bid only
    bool insufficient = false; // "^I": an insufficient bid the opponents accepted
    PbnAnnotations annotations;
    PbnPosition position;

    static PbnCall bid(int level, Strain strain)
    {
        PbnCall c;
        c.kind = PbnCallKind::Bid;
        c.level = level;
        c.strain = strain;
        return c;
    }
    std::string toPbn() const; // "Pass", "X", "XX", "1NT", "AP", "-", "^S", "^I 1C"
    friend bool operator==(const PbnCall &, const PbnCall &) = default;
};

struct PbnAuction
{
    Seat first = Seat::North; // the player of the first call (the Auction tag value)
    std::vector<PbnCall> calls;
    PbnSectionEnd end = PbnSectionEnd::Open;
    std::vector<std::string> leadingComments;
    std::vector<std::string> trailingComments;
    friend bool operator==(const PbnAuction &, const PbnAuction &) = default;
};

// Parses the section. `first` is the Auction tag value. Calls and suffixes in any case ("pass",
// "1nt", "xx"), "all pass" (two words, as teaching files write it) read as AP; errors carry the
// position of the token at fault.
Result<PbnAuction> parsePbnAuction(Seat first, const std::vector<PbnSectionToken> &tokens);

// Export layout: four calls per line, annotations after each call, then '*' or '+' on a line of
// its own.
std::vector<std::string> formatPbnAuction(const PbnAuction &auction);

// The auction starting from the dealer: drops the leading "-" placeholders when they lead up to
// `dealer` (the export format starts with the dealer).
PbnAuction pbnAuctionFromDealer(PbnAuction auction, Seat dealer);

struct PbnAuctionOutcome
{
    bool finished = false; // ended by passes (or AP)
    bool passedOut = false;
    Contract contract; // when finished and not passed out
    // What was tolerated, each message starting with the place: passes after the end of the
    // auction (teaching files write them).
    std::vector<Error> warnings;
};

// Replays the calls: checks each one (a bid above the last unless marked insufficient, a double
// of an opponent's bid, a redouble of an opponent's double, nothing after the end but passes,
// which are warnings) and works out the final contract and its declarer.
Result<PbnAuctionOutcome> evaluatePbnAuction(const PbnAuction &auction);

} // namespace tenace::core
