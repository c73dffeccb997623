// Suit-combination lines as text: the compact one-line form (for TSV) and the outline.

#include "core/analysis/suit_combination.h"

#include <algorithm>
#include <bit>

namespace tenace::core {

namespace {

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

} // namespace tenace::core
