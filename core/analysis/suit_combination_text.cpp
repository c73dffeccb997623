// Suit combinations as text: the holdings read, and the lines written (the compact one-line form
// for TSV, and the outline).

#include "core/analysis/suit_combination.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <string_view>

namespace tenace::core {

namespace {

constexpr int rankCount = 13;
constexpr std::string_view rankLetters = "23456789TJQKA";

// One hand's text: explicit ranks and the number of small cards.
struct ParsedHand
{
    SuitMask ranks = 0;
    int smalls = 0;
};

Result<ParsedHand> parseHand(std::string_view text, std::string_view name)
{
    ParsedHand hand;
    if (text == "-")
        return hand;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
        if (c == ' ')
            continue;
        int rank = -1;
        if (c == 'X') {
            ++hand.smalls;
            continue;
        }
        if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') {
            rank = 8;
            ++i;
        } else if (const auto at = rankLetters.find(c); at != std::string_view::npos) {
            rank = static_cast<int>(at);
        }
        if (rank < 0)
            return Error {ErrorCode::Syntax,
                          std::string(name) + ": unknown rank '" + std::string(1, text[i]) +
                              "' in '" + std::string(text) +
                              "' (expected A K Q J 10 or T, 9 to 2, x for a small card)"};
        if (hand.ranks & (1 << rank))
            return Error {ErrorCode::DuplicateCard,
                          std::string(name) + " holds " + suitRankText(rank) + " twice"};
        hand.ranks |= static_cast<SuitMask>(1 << rank);
    }
    return hand;
}

// The lowest `count` ranks not in `used`, or nullopt when there are not enough.
std::optional<SuitMask> smallCards(SuitMask used, int count)
{
    SuitMask result = 0;
    for (int rank = 0; rank < rankCount && count > 0; ++rank)
        if (!(used & (1 << rank))) {
            result |= static_cast<SuitMask>(1 << rank);
            --count;
        }
    if (count > 0)
        return std::nullopt;
    return result;
}

bool sameLine(const std::vector<SuitPlay> &a, const std::vector<SuitPlay> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].seat != b[i].seat || a[i].rank != b[i].rank || !sameLine(a[i].next, b[i].next))
            return false;
    return true;
}

std::string playText(SuitSeat seat, int rank)
{
    std::string text(1, suitSeatLetter(seat));
    text += ' ';
    text += suitRankText(rank);
    return text;
}

// A defender's lowest card among `plays` (highest first, a discard last): the branch a line
// is read along.
const SuitPlay &lowestPlay(const std::vector<SuitPlay> &plays)
{
    for (auto p = plays.rbegin(); p != plays.rend(); ++p)
        if (p->rank >= 0)
            return *p;
    return plays.back();
}

// Declarer's answers to a defender's cards that differ from `usual`, grouped by answer:
// " (W K/Q: A; W -: 2)".
std::string otherAnswers(const std::vector<SuitPlay> &plays, int usual)
{
    std::vector<std::pair<int, std::string>> answers;
    for (const SuitPlay &p : plays) {
        if (p.next.empty() || p.next.front().rank == usual)
            continue;
        const int answer = p.next.front().rank;
        auto same = std::find_if(answers.begin(), answers.end(),
                                 [&](const auto &a) { return a.first == answer; });
        if (same == answers.end()) {
            answers.emplace_back(answer, playText(p.seat, p.rank));
        } else {
            same->second += '/';
            same->second += suitRankText(p.rank);
        }
    }
    std::string text;
    for (const auto &[answer, cards] : answers) {
        text += text.empty() ? " (" : "; ";
        text += cards;
        text += ": ";
        text += suitRankText(answer);
    }
    if (!text.empty())
        text += ')';
    return text;
}

bool isLowest(SuitMask hand, int rank)
{
    return rank >= 0 && hand != 0 && std::countr_zero(hand) == rank;
}

void removeCard(SuitHoldings &hands, const SuitPlay &play)
{
    if (play.rank < 0)
        return;
    const auto bit = static_cast<SuitMask>(~(1 << play.rank));
    if (play.seat == SuitSeat::North)
        hands.north &= bit;
    else if (play.seat == SuitSeat::South)
        hands.south &= bit;
}

SuitLineNode chain(const SuitPlayGroup &first, int index)
{
    SuitLineNode node;
    node.text = suitGroupText(first);
    const std::vector<SuitPlay> *next = &first.play->next;
    for (++index;; ++index) {
        const auto groups = groupSuitPlays(*next);
        if (groups.size() != 1) {
            for (const SuitPlayGroup &g : groups)
                node.children.push_back(chain(g, index));
            return node;
        }
        node.text += index % 4 == 0 ? "; " : ", ";
        node.text += suitGroupText(groups[0]);
        next = &groups[0].play->next;
    }
}

void writeOutline(const std::vector<SuitLineNode> &nodes, int depth, std::string &out)
{
    for (const SuitLineNode &node : nodes) {
        out += std::string(static_cast<std::size_t>(depth) * 2, ' ') + node.text + '\n';
        writeOutline(node.children, depth + 1, out);
    }
}

} // namespace

std::vector<SuitPlayGroup> groupSuitPlays(const std::vector<SuitPlay> &plays)
{
    std::vector<SuitPlayGroup> groups;
    for (const SuitPlay &play : plays) {
        auto same = std::find_if(groups.begin(), groups.end(), [&](const SuitPlayGroup &g) {
            return g.seat == play.seat && sameLine(g.play->next, play.next);
        });
        if (same == groups.end()) {
            groups.push_back({play.seat, {play.rank}, play.weight, &play});
        } else {
            same->ranks.push_back(play.rank);
            same->weight = std::max(same->weight, play.weight);
        }
    }
    return groups;
}

std::string suitGroupText(const SuitPlayGroup &group)
{
    std::string text(1, suitSeatLetter(group.seat));
    for (std::size_t i = 0; i < group.ranks.size(); ++i) {
        text += i == 0 ? ' ' : '/';
        text += suitRankText(group.ranks[i]);
    }
    return text;
}

std::vector<SuitLineNode> suitLineOutline(const std::vector<SuitPlay> &line)
{
    std::vector<SuitLineNode> nodes;
    for (const SuitPlayGroup &g : groupSuitPlays(line))
        nodes.push_back(chain(g, 0));
    return nodes;
}

std::string suitLineTree(const std::vector<SuitPlay> &line)
{
    std::string out;
    writeOutline(suitLineOutline(line), 0, out);
    return out;
}

std::string compactSuitLine(const SuitHoldings &holdings, const std::vector<SuitPlay> &line)
{
    std::string text;
    SuitHoldings hands = holdings;
    const std::vector<SuitPlay> *next = &line;
    for (int trick = 0; !next->empty(); ++trick) {
        const SuitPlay &lead = next->front();
        if (trick == 0) {
            text += suitSeatLetter(lead.seat);
            text += " leads ";
            text += suitRankText(lead.rank);
        } else {
            text += trick == 1 ? "; then " : ", ";
            text += playText(lead.seat, lead.rank);
        }
        removeCard(hands, lead);
        if (lead.next.empty())
            break;
        const SuitPlay &second = lowestPlay(lead.next);
        if (second.next.empty())
            break;
        const SuitPlay &third = second.next.front();
        const SuitMask thirdHand = third.seat == SuitSeat::North ? hands.north : hands.south;
        // The partner's card when he had a choice, unless he follows low under a higher lead.
        if (third.rank >= 0 && std::popcount(thirdHand) > 1 &&
            (third.rank > lead.rank || !isLowest(thirdHand, third.rank))) {
            text += " to ";
            text += suitRankText(third.rank);
        }
        text += otherAnswers(lead.next, third.rank);
        removeCard(hands, third);
        if (third.next.empty())
            break;
        next = &lowestPlay(third.next).next;
    }
    return text;
}

std::string suitRankText(int rank)
{
    if (rank == 8)
        return "10";
    if (rank < 0 || rank >= rankCount)
        return "-";
    return std::string(1, rankLetters[static_cast<std::size_t>(rank)]);
}

std::string suitHoldingText(SuitMask mask)
{
    std::string text;
    for (int r = rankCount - 1; r >= 0; --r)
        if (mask & (1 << r))
            text += suitRankText(r);
    return text.empty() ? "-" : text;
}

char suitSeatLetter(SuitSeat seat)
{
    return "NESW"[static_cast<int>(seat)];
}

Result<SuitHoldings> parseSuitHoldings(std::string_view north, std::string_view south)
{
    auto n = parseHand(north, "North");
    if (!n)
        return n.error();
    auto s = parseHand(south, "South");
    if (!s)
        return s.error();
    if (const SuitMask both = n->ranks & s->ranks; both != 0)
        return Error {ErrorCode::DuplicateCard,
                      suitRankText(std::countr_zero(both)) + " in both North and South"};
    const int total = std::popcount(n->ranks) + std::popcount(s->ranks) + n->smalls + s->smalls;
    if (total > rankCount)
        return Error {ErrorCode::TooManyCards,
                      "North and South hold " + std::to_string(total) +
                          " cards of the suit (at most 13)"};
    const SuitMask named = n->ranks | s->ranks;
    const auto northSmall = smallCards(named, n->smalls);
    const auto southSmall = smallCards(named | northSmall.value_or(0), s->smalls);
    SuitHoldings holdings;
    holdings.north = static_cast<SuitMask>(n->ranks | northSmall.value_or(0));
    holdings.south = static_cast<SuitMask>(s->ranks | southSmall.value_or(0));
    return holdings;
}

std::string suitWorldText(const SuitAnalysis &analysis, std::size_t world)
{
    SuitMask west = 0;
    SuitMask east = 0;
    for (std::size_t i = 0; i < analysis.defenders.size(); ++i)
        (world >> i & 1 ? west : east) |= static_cast<SuitMask>(1 << analysis.defenders[i]);
    return "West " + suitHoldingText(west) + ", East " + suitHoldingText(east);
}

} // namespace tenace::core
