#include "core/par/par.h"

#include "core/model/scoring.h"

#include <algorithm>
#include <cassert>
#include <climits>

namespace tenace::core {

namespace {

// The 35 bids from 1C (rank 0) to 7NT (rank 34).
constexpr int bidCount = 35;
constexpr int noScore = INT_MIN;

// Strains from the lowest-ranking up, and the order DDS's Par() lists them in.
constexpr std::array<Strain, 5> strainsUpward {Strain::Clubs, Strain::Diamonds, Strain::Hearts,
                                               Strain::Spades, Strain::NoTrump};
constexpr std::array<Strain, 5> parOrder {Strain::NoTrump, Strain::Spades, Strain::Hearts,
                                          Strain::Diamonds, Strain::Clubs};

struct Bid
{
    int level = 1;
    Strain strain = Strain::NoTrump;
};

constexpr Bid bidAt(int rank)
{
    return {rank / 5 + 1, strainsUpward[rank % 5]};
}
constexpr int strainRank(Strain s)
{
    return s == Strain::NoTrump ? 4 : 3 - index(s);
}
constexpr int rankOf(int level, Strain s)
{
    return (level - 1) * 5 + strainRank(s);
}

constexpr std::array<Seat, 2> partners(Side side)
{
    if (side == Side::NorthSouth)
        return {Seat::North, Seat::South};
    return {Seat::East, Seat::West};
}

// The partner who takes more tricks than the other, if they differ.
std::optional<Seat> betterPartner(const DdTable &table, Strain strain, Side side)
{
    const auto [first, second] = partners(side);
    if (table(strain, first) == table(strain, second))
        return std::nullopt;
    return table(strain, first) > table(strain, second) ? first : second;
}

// `side`'s score if `bid` is the final contract, declared by the better partner: undoubled when
// it makes, doubled when it goes down (the opponents always double a contract that fails).
int finalScore(const DdTable &table, Vulnerability vulnerability, Side side, Bid bid)
{
    const int tricks = table.bestTricks(bid.strain, side);
    const Doubling doubling = tricks >= bid.level + 6 ? Doubling::Undoubled : Doubling::Doubled;
    const Contract contract {bid.level, bid.strain, doubling, partners(side)[0]};
    return score(contract, tricks, isVulnerable(vulnerability, side));
}

using PerBid = std::array<int, bidCount>;

// The auction, solved backwards from 7NT.
struct Auction
{
    std::array<PerBid, 2> finalScore {}; // [side][rank]: side's score if its bid is final
    // [side][rank]: what side gets after bidding `rank`, both sides bidding on perfectly: the
    // lesser of its final score and what the opponents concede by bidding higher.
    std::array<PerBid, 2> value {};

    const PerBid &finalFor(Side s) const { return finalScore[static_cast<std::size_t>(index(s))]; }
    const PerBid &valueFor(Side s) const { return value[static_cast<std::size_t>(index(s))]; }
};

Auction solveAuction(const DdTable &table, Vulnerability vulnerability)
{
    Auction auction;
    for (std::size_t side = 0; side < 2; ++side) {
        for (int rank = 0; rank < bidCount; ++rank)
            auction.finalScore[side][static_cast<std::size_t>(rank)] =
                finalScore(table, vulnerability, static_cast<Side>(side), bidAt(rank));
    }
    std::array<int, 2> bestAbove {noScore, noScore}; // best value of a higher bid, per side
    for (int rank = bidCount - 1; rank >= 0; --rank) {
        const auto r = static_cast<std::size_t>(rank);
        for (std::size_t side = 0; side < 2; ++side) {
            const int other = bestAbove[1 - side];
            const int own = auction.finalScore[side][r];
            auction.value[side][r] = other == noScore ? own : std::min(own, -other);
        }
        for (std::size_t side = 0; side < 2; ++side)
            bestAbove[side] = std::max(bestAbove[side], auction.value[side][r]);
    }
    return auction;
}

std::optional<int> lowestPositive(const PerBid &values)
{
    for (int rank = 0; rank < bidCount; ++rank) {
        if (values[static_cast<std::size_t>(rank)] > 0)
            return rank;
    }
    return std::nullopt;
}

// The side that wins the auction; nullopt when nothing makes. Both sides have a contract worth a
// positive score only when they can make the same highest contract; then the first seat in
// `biddingOrder` that makes it bids it first.
std::optional<Side> auctionWinner(const Auction &auction, const DdTable &table,
                                  const std::array<Seat, 4> &biddingOrder)
{
    const auto ns = lowestPositive(auction.valueFor(Side::NorthSouth));
    const auto ew = lowestPositive(auction.valueFor(Side::EastWest));
    if (!ns || !ew) {
        if (ns)
            return Side::NorthSouth;
        if (ew)
            return Side::EastWest;
        return std::nullopt;
    }
    const Bid tied = bidAt(*ns);
    for (Seat seat : biddingOrder) {
        if (table(tied.strain, seat) >= tied.level + 6)
            return sideOf(seat);
    }
    return Side::NorthSouth; // not reached: a positive value means someone makes the bid
}

ParContract parContract(const DdTable &table, Side side, Strain strain, int level, int highestLevel,
                        bool doubled)
{
    return {level,
            highestLevel,
            strain,
            side,
            betterPartner(table, strain, side),
            doubled,
            table.bestTricks(strain, side)};
}

// The winner's contracts that score `par` and that the opponents cannot profitably overbid (each
// higher contract of theirs, left to play, scores at most -par), at each level where that holds.
std::vector<ParContract> makingContracts(const Auction &auction, const DdTable &table, Side winner,
                                         int par)
{
    const PerBid &own = auction.finalFor(winner);
    const PerBid &theirs = auction.finalFor(otherSide(winner));
    PerBid theirBestAbove {};
    int best = noScore;
    for (int rank = bidCount - 1; rank >= 0; --rank) {
        theirBestAbove[static_cast<std::size_t>(rank)] = best;
        best = std::max(best, theirs[static_cast<std::size_t>(rank)]);
    }
    std::vector<ParContract> contracts;
    for (Strain strain : parOrder) {
        int lowest = 0;
        int highest = 0;
        for (int level = 1; level <= 7; ++level) {
            const auto r = static_cast<std::size_t>(rankOf(level, strain));
            if (own[r] != par || theirBestAbove[r] > -par)
                continue;
            if (lowest == 0)
                lowest = level;
            highest = level;
        }
        if (lowest != 0)
            contracts.push_back(parContract(table, winner, strain, lowest, highest, false));
    }
    return contracts;
}

// The opponents' sacrifices above the winner's highest bid worth `par` that cost exactly `par`.
std::vector<ParContract> sacrifices(const Auction &auction, const DdTable &table, Side winner,
                                    int par)
{
    const Side sacrificer = otherSide(winner);
    const PerBid &winnerValue = auction.valueFor(winner);
    int top = 0;
    for (int rank = 0; rank < bidCount; ++rank) {
        if (winnerValue[static_cast<std::size_t>(rank)] == par)
            top = rank;
    }
    std::vector<ParContract> contracts;
    for (Strain strain : parOrder) {
        for (int level = 1; level <= 7; ++level) {
            const int rank = rankOf(level, strain);
            const auto r = static_cast<std::size_t>(rank);
            if (rank > top && auction.finalFor(sacrificer)[r] == -par &&
                auction.valueFor(sacrificer)[r] == -par) {
                contracts.push_back(parContract(table, sacrificer, strain, level, level, true));
                break;
            }
        }
    }
    return contracts;
}

ParResult solvePar(const DdTable &table, Vulnerability vulnerability,
                   const std::array<Seat, 4> &biddingOrder)
{
    const Auction auction = solveAuction(table, vulnerability);
    const auto winner = auctionWinner(auction, table, biddingOrder);
    if (!winner)
        return {};
    const PerBid &values = auction.valueFor(*winner);
    const int par = *std::max_element(values.begin(), values.end());
    ParResult result;
    result.score = *winner == Side::NorthSouth ? par : -par;
    result.contracts = makingContracts(auction, table, *winner, par);
    if (result.contracts.empty())
        result.contracts = sacrifices(auction, table, *winner, par);
    assert(!result.contracts.empty());
    return result;
}

std::string seatsText(const ParContract &contract)
{
    if (contract.onlyDeclarer)
        return std::string(1, seatLetter(*contract.onlyDeclarer));
    return std::string(sideName(contract.side));
}

} // namespace

Status checkDdTable(const DdTable &table)
{
    for (Strain strain : allStrains) {
        for (Seat seat : allSeats) {
            const int tricks = table(strain, seat);
            if (tricks < 0 || tricks > 13) {
                return Error {ErrorCode::InvalidArgument,
                              "DD table: " + std::to_string(tricks) + " tricks for " +
                                  std::string(strainName(strain)) + " by " +
                                  std::string(seatName(seat)) + " (expected 0..13)"};
            }
        }
    }
    return Ok {};
}

Result<ParResult> dealerPar(const DdTable &table, Vulnerability vulnerability, Seat dealer)
{
    if (auto status = checkDdTable(table); !status)
        return status.error();
    const std::array<Seat, 4> order {dealer, next(dealer, 1), next(dealer, 2), next(dealer, 3)};
    return solvePar(table, vulnerability, order);
}

Result<SidesPar> sidesPar(const DdTable &table, Vulnerability vulnerability)
{
    if (auto status = checkDdTable(table); !status)
        return status.error();
    SidesPar result;
    result.bySide[0] =
        solvePar(table, vulnerability, {Seat::North, Seat::South, Seat::East, Seat::West});
    result.bySide[1] =
        solvePar(table, vulnerability, {Seat::East, Seat::West, Seat::North, Seat::South});
    return result;
}

std::string formatParScore(const ParResult &result, Side view)
{
    return std::string(sideName(view)) + ' ' + std::to_string(result.scoreFor(view));
}

std::string formatParContracts(const ParResult &result, Side view)
{
    std::string out = std::string(sideName(view)) + ':';
    for (std::size_t i = 0; i < result.contracts.size(); ++i) {
        const ParContract &c = result.contracts[i];
        if (i > 0)
            out += ',';
        out += seatsText(c) + ' ';
        for (int level = c.level; level <= c.highestLevel; ++level)
            out += static_cast<char>('0' + level);
        out += strainLetter(c.strain);
        if (c.doubled)
            out += 'x';
    }
    return out;
}

std::string formatDealerParContract(const ParContract &contract)
{
    std::string out = std::to_string(contract.level) + strainLetter(contract.strain);
    if (contract.doubled)
        out += '*';
    out += '-' + seatsText(contract);
    if (contract.overtricks() > 0)
        out += '+' + std::to_string(contract.overtricks());
    if (contract.undertricks() > 0)
        out += '-' + std::to_string(contract.undertricks());
    return out;
}

std::vector<std::string> formatDealerParContracts(const ParResult &result)
{
    if (result.isPassedOut())
        return {"pass"};
    std::vector<ParContract> contracts = result.contracts;
    std::stable_sort(contracts.begin(), contracts.end(),
                     [](const ParContract &a, const ParContract &b) {
                         if (a.doubled)
                             return strainRank(a.strain) < strainRank(b.strain);
                         if (a.tricks != b.tricks)
                             return a.tricks > b.tricks;
                         return index(a.strain) < index(b.strain);
                     });
    std::vector<std::string> out;
    for (const ParContract &c : contracts)
        out.push_back(formatDealerParContract(c));
    return out;
}

std::string formatDealerParText(const ParResult &result)
{
    if (result.isPassedOut())
        return "-";
    std::string out = "Par " + std::to_string(result.score) + ':';
    for (const ParContract &c : result.contracts) {
        out += ' ' + seatsText(c) + ' ' + std::to_string(c.level) + strainLetter(c.strain);
        if (c.doubled)
            out += "x-" + std::to_string(c.undertricks());
        else if (c.overtricks() > 0)
            out += '+' + std::to_string(c.overtricks());
    }
    return out;
}

} // namespace tenace::core
