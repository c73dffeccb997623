#include "core/par/par_explain.h"

#include "core/model/scoring.h"
#include "core/par/par.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace tenace::core {

namespace {

// A bid ranked from 1C (0) to 7NT (34).
struct Bid
{
    int level = 1;
    Strain strain = Strain::NoTrump;
};

constexpr std::array<Strain, 5> strainsUpward {Strain::Clubs, Strain::Diamonds, Strain::Hearts,
                                               Strain::Spades, Strain::NoTrump};
constexpr int topRank = 34;

constexpr Bid bidAt(int rank)
{
    return {rank / 5 + 1, strainsUpward[rank % 5]};
}
constexpr int rankOf(Bid bid)
{
    return (bid.level - 1) * 5 + (bid.strain == Strain::NoTrump ? 4 : 3 - index(bid.strain));
}

constexpr std::array<Seat, 2> partners(Side side)
{
    if (side == Side::NorthSouth)
        return {Seat::North, Seat::South};
    return {Seat::East, Seat::West};
}

bool makes(const DdTable &table, Side side, Bid bid)
{
    return table.bestTricks(bid.strain, side) >= bid.level + 6;
}

// `side`'s score if `bid` is final: undoubled when it makes, doubled when it goes down.
int finalScore(const DdTable &table, Vulnerability vulnerability, Side side, Bid bid)
{
    const int tricks = table.bestTricks(bid.strain, side);
    const Doubling doubling = tricks >= bid.level + 6 ? Doubling::Undoubled : Doubling::Doubled;
    return score({bid.level, bid.strain, doubling, partners(side)[0]}, tricks,
                 isVulnerable(vulnerability, side));
}

std::string side(Side s)
{
    return std::string(sideName(s));
}
std::string bidText(Bid bid)
{
    return std::to_string(bid.level) + std::string(strainName(bid.strain));
}

std::string strainWord(Strain strain)
{
    switch (strain) {
    case Strain::Spades:
        return "spades";
    case Strain::Hearts:
        return "hearts";
    case Strain::Diamonds:
        return "diamonds";
    case Strain::Clubs:
        return "clubs";
    case Strain::NoTrump:
        return "notrump";
    }
    return "notrump";
}

std::string vulnerabilityText(Vulnerability vulnerability, Side s)
{
    return side(s) + (isVulnerable(vulnerability, s) ? " vulnerable" : " not vulnerable");
}

// "a", "a or b", "a, b or c" (with `word` "and": "a and b").
std::string listText(const std::vector<std::string> &items, const std::string &word)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += i + 1 == items.size() ? ' ' + word + ' ' : std::string(", ");
        out += items[i];
    }
    return out;
}

std::string declarersText(Side s, std::optional<Seat> only)
{
    if (only)
        return std::string(seatName(*only));
    const auto [first, second] = partners(s);
    return std::string(seatName(first)) + " or " + std::string(seatName(second));
}

std::optional<Seat> betterPartner(const DdTable &table, Strain strain, Side s)
{
    const auto [first, second] = partners(s);
    if (table(strain, first) == table(strain, second))
        return std::nullopt;
    return table(strain, first) > table(strain, second) ? first : second;
}

// The par contracts grouped by declarers: "3NT or 5D by North or South", "4NT+1 by West",
// "7NTx or 7Hx by East, or 7Sx by East or West, down 4" (sacrifices at one par score all go
// down by the same number of tricks).
std::string contractsText(const std::vector<ParContract> &contracts)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    for (const ParContract &c : contracts) {
        std::string bid = bidText({c.level, c.strain});
        if (c.doubled)
            bid += 'x';
        else if (c.overtricks() > 0)
            bid += '+' + std::to_string(c.overtricks());
        const std::string declarers = declarersText(c.side, c.onlyDeclarer);
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const auto &g) { return g.first == declarers; });
        if (group == groups.end())
            groups.push_back({declarers, {bid}});
        else
            group->second.push_back(bid);
    }
    std::string out;
    for (const auto &[declarers, bids] : groups)
        out += (out.empty() ? "" : ", or ") + listText(bids, "or") + " by " + declarers;
    if (!contracts.empty() && contracts.front().doubled)
        out += ", down " + std::to_string(contracts.front().undertricks());
    return out;
}

std::string headline(const ParResult &par)
{
    if (par.isPassedOut())
        return "Par: 0, the deal is passed out.";
    const std::string winner = side(par.score > 0 ? Side::NorthSouth : Side::EastWest);
    return "Par: " + winner + " +" + std::to_string(std::abs(par.score)) + ", " +
        contractsText(par.contracts) + '.';
}

// The highest contract `s` makes, if any.
std::optional<Bid> highestMaking(const DdTable &table, Side s)
{
    for (int rank = topRank; rank >= 0; --rank) {
        if (makes(table, s, bidAt(rank)))
            return bidAt(rank);
    }
    return std::nullopt;
}

// The cheapest doubled contract `s` can bid above `rank` (none above 7NT): bid and cost.
struct Sacrifice
{
    Bid bid;
    int cost = 0;
};

std::optional<Sacrifice> cheapestSacrifice(const DdTable &table, Vulnerability vulnerability,
                                           Side s, int rank)
{
    std::optional<Sacrifice> best;
    for (int r = rank + 1; r <= topRank; ++r) {
        const int cost = -finalScore(table, vulnerability, s, bidAt(r));
        if (!best || cost < best->cost)
            best = Sacrifice {bidAt(r), cost};
    }
    return best;
}

std::string sacrificeText(const DdTable &table, Side s, const Sacrifice &sacrifice)
{
    const Bid bid = sacrifice.bid;
    const int down = bid.level + 6 - table.bestTricks(bid.strain, s);
    return bidText(bid) + "x by " + declarersText(s, betterPartner(table, bid.strain, s)) +
        ", down " + std::to_string(down);
}

void explainPassedOut(const DdTable &table, std::vector<std::string> &reasons)
{
    int ns = 0;
    int ew = 0;
    for (Strain strain : allStrains) {
        ns = std::max(ns, table.bestTricks(strain, Side::NorthSouth));
        ew = std::max(ew, table.bestTricks(strain, Side::EastWest));
    }
    reasons.push_back("Neither side can take seven tricks in any strain (NS take at most " +
                      std::to_string(ns) + ", EW at most " + std::to_string(ew) +
                      "), so all four players pass.");
}

// Why the winner bids at least this high, and which partner must declare.
void explainOpponentsAndDeclarer(const DdTable &table, const ParResult &par,
                                 std::vector<std::string> &reasons)
{
    const Side winner = par.contracts.front().side;
    const Side loser = otherSide(winner);
    if (const auto theirs = highestMaking(table, loser)) {
        const bool tied = std::any_of(par.contracts.begin(), par.contracts.end(), [&](auto &c) {
            return c.level == theirs->level && c.strain == theirs->strain;
        });
        reasons.push_back(tied ? side(loser) + " can also make " + bidText(*theirs) + ", but " +
                                  side(winner) + " get to bid it first."
                               : side(loser) + "'s highest making contract is " + bidText(*theirs) +
                                  ", so " + side(winner) + " have to outbid it.");
    }
    if (par.contracts.size() > 1) {
        std::vector<std::string> bids;
        for (const ParContract &c : par.contracts)
            bids.push_back(bidText({c.level, c.strain}));
        reasons.push_back(listText(bids, "and") + (bids.size() == 2 ? " both" : " all") +
                          " score " + std::to_string(std::abs(par.score)) + " for " + side(winner) +
                          '.');
    }
    for (const ParContract &c : par.contracts) {
        if (!c.onlyDeclarer)
            continue;
        const Seat other = partner(*c.onlyDeclarer);
        reasons.push_back("Only " + std::string(seatName(*c.onlyDeclarer)) + " takes " +
                          std::to_string(c.tricks) + " tricks in " + strainWord(c.strain) +
                          "; with " + std::string(seatName(other)) + " declaring, " + side(c.side) +
                          " take " + std::to_string(table(c.strain, other)) + '.');
    }
}

// Why a making par contract is not bid one level lower: a sacrifice would pay there.
void explainLevel(const DdTable &table, Vulnerability vulnerability, const ParResult &par,
                  std::vector<std::string> &reasons)
{
    const Side winner = par.contracts.front().side;
    const Side loser = otherSide(winner);
    const int value = std::abs(par.score);
    const auto theirs = highestMaking(table, loser);
    for (const ParContract &c : par.contracts) {
        const Bid lower {c.level - 1, c.strain};
        if (lower.level < 1 || (theirs && rankOf(lower) <= rankOf(*theirs)) ||
            finalScore(table, vulnerability, winner, lower) != value)
            continue;
        const auto sacrifice = cheapestSacrifice(table, vulnerability, loser, rankOf(lower));
        if (!sacrifice || sacrifice->cost >= value)
            continue;
        reasons.push_back(side(winner) + " bid " + bidText({c.level, c.strain}) + " rather than " +
                          bidText(lower) + ": over " + bidText(lower) + ", " + side(loser) +
                          " would sacrifice in " + sacrificeText(table, loser, *sacrifice) +
                          ", losing only " + std::to_string(sacrifice->cost) + " instead of " +
                          std::to_string(value) + '.');
        return; // the other par contracts are pushed up the same way
    }
}

// Why the opponents do not sacrifice against a making par contract.
void explainNoSacrifice(const DdTable &table, Vulnerability vulnerability, const ParResult &par,
                        std::vector<std::string> &reasons)
{
    const ParContract &c = par.contracts.front();
    const Side loser = otherSide(c.side);
    const int value = std::abs(par.score);
    const Bid bid {c.level, c.strain};
    const auto sacrifice = cheapestSacrifice(table, vulnerability, loser, rankOf(bid));
    if (!sacrifice) {
        reasons.push_back("Nothing outranks 7NT, so " + side(loser) + " cannot sacrifice.");
        return;
    }
    const std::string against = par.contracts.size() > 1 ? "Over " + bidText(bid) + ", " : "";
    std::string text = against + side(loser) + "'s best sacrifice, " +
        sacrificeText(table, loser, *sacrifice) + ", would cost " +
        std::to_string(sacrifice->cost) + " with " + vulnerabilityText(vulnerability, loser);
    if (sacrifice->cost == value) {
        text += ", exactly what " + side(c.side) + " score, so " + side(loser) +
            " gain nothing by sacrificing.";
    } else {
        text += ", " + std::to_string(sacrifice->cost - value) + " more than " +
            std::to_string(value) + ", so " + side(loser) + " defend.";
    }
    reasons.push_back(text);
}

// `s`'s best-scoring making contract above `rank` (-1: any contract), and its score.
struct ScoredBid
{
    Bid bid;
    int score = 0;
};

std::optional<ScoredBid> bestMaking(const DdTable &table, Vulnerability vulnerability, Side s,
                                    int rank)
{
    std::optional<ScoredBid> best;
    for (int r = rank + 1; r <= topRank; ++r) {
        const int value = finalScore(table, vulnerability, s, bidAt(r));
        if (makes(table, s, bidAt(r)) && (!best || value > best->score))
            best = ScoredBid {bidAt(r), value};
    }
    return best;
}

// Why the winner lets a sacrifice starting at `lowest` (a rank) stand.
std::string whySacrificeStands(const DdTable &table, Side winner, int lowest, int value)
{
    const std::string collect = side(winner) + " double and collect " + std::to_string(value) + '.';
    if (lowest == topRank)
        return "Nothing outranks 7NT, so " + collect;
    for (int rank = lowest + 1; rank <= topRank; ++rank) {
        if (makes(table, winner, bidAt(rank)))
            return "Bidding on would not help " + side(winner) + ": " + side(otherSide(winner)) +
                " would sacrifice again, so " + collect;
    }
    return side(winner) + " cannot make anything higher than " + bidText(bidAt(lowest)) +
        ", so they double and collect " + std::to_string(value) + '.';
}

// A sacrifice par: what the other side could make, what the sacrifice costs, why it stands.
void explainSacrifice(const DdTable &table, Vulnerability vulnerability, const ParResult &par,
                      std::vector<std::string> &reasons)
{
    const Side sacrificer = par.contracts.front().side;
    const Side winner = otherSide(sacrificer);
    const int value = std::abs(par.score);
    const auto theirs = highestMaking(table, sacrificer);
    const auto best = bestMaking(table, vulnerability, winner, theirs ? rankOf(*theirs) : -1);
    if (best) {
        reasons.push_back(side(winner) + " can make " + bidText(best->bid) + ", worth " +
                          std::to_string(best->score) + " with " +
                          vulnerabilityText(vulnerability, winner) + '.');
    }
    std::string text = side(sacrificer) + " sacrifice in " + contractsText(par.contracts) + ": " +
        (par.contracts.size() > 1 ? "each costs " : "it costs ") + std::to_string(value) +
        " with " + vulnerabilityText(vulnerability, sacrificer);
    if (best)
        text += ", " + std::to_string(best->score - value) + " less than " +
            std::to_string(best->score);
    reasons.push_back(text + '.');
    int lowest = topRank;
    for (const ParContract &c : par.contracts)
        lowest = std::min(lowest, rankOf({c.level, c.strain}));
    reasons.push_back(whySacrificeStands(table, winner, lowest, value));
}

std::string scoreText(const ParResult &par)
{
    if (par.isPassedOut())
        return "0";
    return side(par.score > 0 ? Side::NorthSouth : Side::EastWest) + " +" +
        std::to_string(std::abs(par.score));
}

} // namespace

std::string ParExplanation::text() const
{
    std::string out = headline;
    for (const std::string &reason : reasons)
        out += ' ' + reason;
    return out;
}

Result<ParExplanation> explainPar(const DdTable &table, Vulnerability vulnerability, Seat dealer)
{
    const auto par = dealerPar(table, vulnerability, dealer);
    if (!par)
        return par.error();
    const auto sides = sidesPar(table, vulnerability);
    ParExplanation explanation {headline(*par), {}};
    std::vector<std::string> &reasons = explanation.reasons;
    if (par->isPassedOut()) {
        explainPassedOut(table, reasons);
    } else if (!par->contracts.front().doubled) {
        explainOpponentsAndDeclarer(table, *par, reasons);
        explainLevel(table, vulnerability, *par, reasons);
        explainNoSacrifice(table, vulnerability, *par, reasons);
    } else {
        explainSacrifice(table, vulnerability, *par, reasons);
    }
    if (sides->dependsOnFirstBidder()) {
        reasons.push_back("Par depends on who bids first: it is " +
                          scoreText((*sides)[Side::NorthSouth]) + " if NS bid first and " +
                          scoreText((*sides)[Side::EastWest]) + " if EW do; here " +
                          std::string(seatName(dealer)) + " deals.");
    }
    return explanation;
}

} // namespace tenace::core
