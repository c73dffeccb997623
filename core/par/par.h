#pragma once

// Par: the result when both sides bid perfectly knowing all four hands, computed from a
// double-dummy table and the vulnerability. The side that can score most bids its best contract,
// the other side sacrifices (doubled, going down) whenever that costs less, and the bidding stops
// where neither side gains by going on. The results and their string forms agree with DDS 2.9
// (Par, DealerPar, SidesPar, ConvertToDealerTextFormat) on every deal of tests/data.
//
// How par is found: every contract from 1C to 7NT is scored for each side as if it were final
// (undoubled when it makes, doubled when it goes down, played by the better partner), then the
// auction is solved backwards from 7NT: a side that bids a contract gets the lesser of its score
// and what the opponents concede by bidding on. The side with a positive value wins the auction;
// both sides have one only when both can make the same highest contract (1NT, say), and then the
// first of them to bid gets it: the dealer form goes round the table from the dealer, the sides
// form lets one side bid first. The par contracts listed are, as in DDS, the winning side's
// contracts worth the par score that outrank everything the opponents could profitably bid, at
// each level where that holds; or else the opponents' sacrifices above the winning side's highest
// contract that cost exactly the par score.
//
// Every function is pure, takes microseconds, and is thread-safe.

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/error.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace tenace::core {

// One par contract: a making contract of the side that wins the auction, or a doubled sacrifice
// by the other side. Value type.
struct ParContract
{
    int level = 1; // the lowest level at which this contract is par (the DealerPar form)
    int highestLevel = 1; // levels level..highestLevel score the same (Par() writes "23S")
    Strain strain = Strain::NoTrump;
    Side side = Side::NorthSouth; // the declaring side
    std::optional<Seat> onlyDeclarer; // set when only this partner gets the par score
    bool doubled = false; // a sacrifice: doubled and going down
    int tricks = 0; // tricks declarer's side takes, double dummy

    int overtricks() const { return doubled ? 0 : tricks - 6 - level; }
    int undertricks() const { return doubled ? level + 6 - tricks : 0; }
    friend bool operator==(const ParContract &, const ParContract &) = default;
};

// A par result: the score and the par contracts, in the order NT, S, H, D, C (the order of DDS's
// Par() and of its text form). Several contracts always belong to the same side and share the
// score. Value type.
struct ParResult
{
    int score = 0; // from North-South's point of view (positive: NS score plus)
    std::vector<ParContract> contracts; // empty when the deal is passed out

    bool isPassedOut() const { return contracts.empty(); }
    int scoreFor(Side side) const { return side == Side::NorthSouth ? score : -score; }
    friend bool operator==(const ParResult &, const ParResult &) = default;
};

// Par for each side bidding first (DDS SidesPar, and Par() which formats the same results).
// The two results differ only on the rare deals where who bids first matters. Value type.
struct SidesPar
{
    std::array<ParResult, 2> bySide; // indexed by index(Side): the side that bids first

    const ParResult &operator[](Side first) const
    {
        return bySide[static_cast<std::size_t>(index(first))];
    }
    bool dependsOnFirstBidder() const { return !(bySide[0] == bySide[1]); }
    friend bool operator==(const SidesPar &, const SidesPar &) = default;
};

// Succeeds when every cell of the table holds 0..13 tricks.
Status checkDdTable(const DdTable &table);

// Par when `dealer` deals (DDS DealerPar / DealerParBin): the score and the contracts of the one
// side that wins the auction. Fails only on an invalid table.
Result<ParResult> dealerPar(const DdTable &table, Vulnerability vulnerability, Seat dealer);

// Par for each side bidding first (DDS SidesPar / SidesParBin). Fails only on an invalid table.
Result<SidesPar> sidesPar(const DdTable &table, Vulnerability vulnerability);

// The DDS string forms.
//
// Par() score, from `view`'s point of view: "NS -460", "EW 460". For DDS's parScore[v], format
// sidesPar(...)[v] with view v.
std::string formatParScore(const ParResult &result, Side view);
// Par() contracts: "NS:NS 23S,N 23H", "EW:E 7Nx"; nothing after the colon when passed out.
std::string formatParContracts(const ParResult &result, Side view);
// One contract in the DealerPar / SidesPar form: "4S*-EW-1", "3N-EW", "4N-W+1".
std::string formatDealerParContract(const ParContract &contract);
// All contracts in the order DealerPar lists them (making contracts by most tricks first, then
// S H D C NT; sacrifices by strain C D H S NT); {"pass"} when passed out.
std::vector<std::string> formatDealerParContracts(const ParResult &result);
// ConvertToDealerTextFormat: "Par -420: EW 4S", "Par 1400: E 7Nx-6"; "-" when passed out.
std::string formatDealerParText(const ParResult &result);

} // namespace tenace::core
