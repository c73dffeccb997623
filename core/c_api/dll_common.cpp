// The checks and conversions shared by the C API. The boundary checks follow DDS's own order,
// so that a position with several faults gets the status code DDS gives it:
//   1. ranges: target (-5, -7), solutions (-8, -9), mode (-16, -17), trump (-18), first (-19),
//      current-trick cards (-12: rank not 0 or 2..14, suit not 0..3, a card after an empty slot),
//      holdings with bits outside 2..14 (-12);
//   2. values: no remaining card (-2), more than 52 (-10), target above the tricks left (-3), a
//      trick card still held (-13), hands of inconsistent lengths (-14), a card held twice or
//      played twice (-4).
// The PBN functions first convert the string as leniently as DDS does (-99 only when no hand
// letter starts it or a hand before the last has a fifth suit; what follows the fourth hand is
// ignored).

#include "core/c_api/dds_move_order.h"
#include "core/c_api/dll_internal.h"

#include "core/par/par.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cctype>
#include <climits>
#include <cstring>
#include <memory>
#include <string_view>

namespace tenace::capi {

using namespace tenace::core;

namespace {

constexpr unsigned int holdingMask = 0x7ffcu; // ranks 2..14

std::unique_ptr<Solver> &threadSolverSlot()
{
    thread_local std::unique_ptr<Solver> solver;
    return solver;
}

// The settings of SetMaxThreads / SetResources: DDS keeps them process-wide, so do we (0 = all
// cores, automatic memory).
std::atomic<int> g_poolThreads {0};
std::atomic<int> g_poolMegabytes {0};

int trickCardCount(const deal &dl)
{
    int n = 0;
    while (n < 3 && dl.currentTrickRank[n] != 0)
        ++n;
    return n;
}

Card trickCard(const deal &dl, int k)
{
    return {suitAt(dl.currentTrickSuit[k]), rankOf(dl.currentTrickRank[k])};
}

int checkHoldingBits(const Holdings &cards)
{
    for (int h = 0; h < DDS_HANDS; ++h)
        for (int s = 0; s < DDS_SUITS; ++s)
            if (cards[h][s] & ~holdingMask)
                return RETURN_SUIT_OR_RANK;
    return RETURN_NO_FAULT;
}

int checkRanges(const deal &dl, int target, int solutions, int mode)
{
    if (target < -1)
        return RETURN_TARGET_WRONG_LO;
    if (target > 13)
        return RETURN_TARGET_WRONG_HI;
    if (solutions < 1)
        return RETURN_SOLNS_WRONG_LO;
    if (solutions > 3)
        return RETURN_SOLNS_WRONG_HI;
    if (mode < 0)
        return RETURN_MODE_WRONG_LO;
    if (mode > 2)
        return RETURN_MODE_WRONG_HI;
    if (dl.trump < 0 || dl.trump > 4)
        return RETURN_TRUMP_WRONG;
    if (dl.first < 0 || dl.first > 3)
        return RETURN_FIRST_WRONG;
    bool gap = false;
    for (int k = 0; k < 3; ++k) {
        const int rank = dl.currentTrickRank[k];
        if (rank == 0) {
            gap = true;
            continue;
        }
        if (gap || rank < 2 || rank > 14 || dl.currentTrickSuit[k] < 0 ||
            dl.currentTrickSuit[k] > 3)
            return RETURN_SUIT_OR_RANK;
    }
    return checkHoldingBits(dl.remainCards);
}

int checkLengths(const deal &dl, int played)
{
    int lengths[DDS_HANDS] {};
    for (int h = 0; h < DDS_HANDS; ++h)
        for (unsigned int holding : dl.remainCards[h])
            lengths[h] += std::popcount(holding);
    for (int k = 0; k < played; ++k)
        ++lengths[(dl.first + k) % DDS_HANDS];
    for (int h = 1; h < DDS_HANDS; ++h)
        if (lengths[h] != lengths[0])
            return RETURN_CARD_COUNT;
    return RETURN_NO_FAULT;
}

int checkDuplicates(const deal &dl, int played)
{
    for (int s = 0; s < DDS_SUITS; ++s) {
        unsigned int seen = 0;
        for (const auto &hand : dl.remainCards) {
            if (seen & hand[s])
                return RETURN_DUPLICATE_CARDS;
            seen |= hand[s];
        }
    }
    for (int k = 0; k < played; ++k)
        for (int j = 0; j < k; ++j)
            if (trickCard(dl, j) == trickCard(dl, k))
                return RETURN_DUPLICATE_CARDS;
    return RETURN_NO_FAULT;
}

int checkValues(const deal &dl, int target)
{
    int cardCount = 0;
    for (const auto &hand : dl.remainCards)
        for (unsigned int holding : hand)
            cardCount += std::popcount(holding);
    if (cardCount == 0)
        return RETURN_ZERO_CARDS;
    if (cardCount > 52)
        return RETURN_TOO_MANY_CARDS;
    // Tricks left, the current one included (DDS counts them from the cards still held).
    const int tricksLeft = (cardCount + 3) / 4;
    if (target > tricksLeft)
        return RETURN_TARGET_TOO_HIGH;
    const int played = trickCardCount(dl);
    for (int k = 0; k < played; ++k) {
        const unsigned int bit = 1u << dl.currentTrickRank[k];
        for (const auto &hand : dl.remainCards)
            if (hand[dl.currentTrickSuit[k]] & bit)
                return RETURN_PLAYED_CARD;
    }
    if (const int status = checkLengths(dl, played); status != RETURN_NO_FAULT)
        return status;
    return checkDuplicates(dl, played);
}

// The index of `c` (any case) in `letters`, or -1.
int letterIndex(char c, std::string_view letters)
{
    const auto i = letters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    return c == '\0' || i == std::string_view::npos ? -1 : static_cast<int>(i);
}

int rankFromChar(char c)
{
    const int i = letterIndex(c, "23456789TJQKA");
    return i < 0 ? 0 : i + 2;
}

int seatFromChar(char c)
{
    return letterIndex(c, "NESW");
}

void fillFutureTricks(const SolveResult &result, futureTricks &fut)
{
    std::memset(&fut, 0, sizeof fut);
    fut.nodes = static_cast<int>(std::min<std::uint64_t>(result.nodes, INT_MAX));
    fut.cards = static_cast<int>(std::min<std::size_t>(result.cards.size(), 13));
    for (int i = 0; i < fut.cards; ++i) {
        const CardScore &c = result.cards[static_cast<std::size_t>(i)];
        fut.suit[i] = index(c.card.suit);
        fut.rank[i] = value(c.card.rank);
        fut.equals[i] = c.equals.suitMask(c.card.suit);
        fut.score[i] = c.score;
    }
}

// The last trick, as DDS answers it without searching: the one card of the hand to play, scored
// with whether its side wins the trick whatever the target (0 for target 0 with solutions 1, 2).
void lastTrick(const Position &position, int target, int solutions, futureTricks &fut)
{
    std::memset(&fut, 0, sizeof fut);
    std::array<Card, 4> cards {};
    for (std::size_t i = 0; i < position.trick.size(); ++i)
        cards[i] = position.trick[i];
    for (std::size_t i = position.trick.size(); i < 4; ++i)
        cards[i] = position.remaining[next(position.leader, static_cast<int>(i))].cards().front();
    const Seat mover = position.toMove();
    const Card own = cards[position.trick.size()];
    const Seat winner = trickWinner(position.leader, cards, position.trump);
    fut.cards = 1;
    fut.suit[0] = index(own.suit);
    fut.rank[0] = value(own.rank);
    fut.score[0] = target == 0 && solutions < 3 ? 0 : (sideOf(winner) == sideOf(mover) ? 1 : 0);
}

} // namespace

Solver &threadSolver()
{
    auto &slot = threadSolverSlot();
    if (!slot)
        slot = std::make_unique<Solver>();
    return *slot;
}

void releaseThreadSolver()
{
    threadSolverSlot().reset();
}

PoolOptions poolOptions()
{
    PoolOptions options;
    options.threads = g_poolThreads.load(std::memory_order_relaxed);
    if (const int megabytes = g_poolMegabytes.load(std::memory_order_relaxed); megabytes > 0) {
        const auto threads = static_cast<std::size_t>(poolThreads(options.threads, INT_MAX));
        const std::size_t bytes = (static_cast<std::size_t>(megabytes) << 20) / threads;
        options.solver.tableBytes =
            std::clamp<std::size_t>(bytes, std::size_t {4} << 20, defaultTableBytes);
    }
    return options;
}

void setPoolThreads(int threads)
{
    g_poolThreads.store(std::max(threads, 0), std::memory_order_relaxed);
}

void setPoolMemory(int megabytes)
{
    g_poolMegabytes.store(std::max(megabytes, 0), std::memory_order_relaxed);
}

int checkDeal(const deal &dl, int target, int solutions, int mode)
{
    if (const int status = checkRanges(dl, target, solutions, mode); status != RETURN_NO_FAULT)
        return status;
    return checkValues(dl, target);
}

int checkTableDeal(const Holdings &cards)
{
    deal dl {};
    dl.trump = 4;
    std::memcpy(dl.remainCards, cards, sizeof dl.remainCards);
    if (const int status = checkHoldingBits(cards); status != RETURN_NO_FAULT)
        return status;
    return checkValues(dl, -1);
}

Deal dealFromHoldings(const Holdings &cards)
{
    Deal result;
    for (int h = 0; h < DDS_HANDS; ++h)
        result.hands[static_cast<std::size_t>(h)] = Hand::fromSuitMasks(
            static_cast<std::uint16_t>(cards[h][0]), static_cast<std::uint16_t>(cards[h][1]),
            static_cast<std::uint16_t>(cards[h][2]), static_cast<std::uint16_t>(cards[h][3]));
    return result;
}

Position positionOf(const deal &dl)
{
    Position position;
    position.remaining = dealFromHoldings(dl.remainCards);
    position.trump = strainAt(dl.trump);
    position.leader = seatAt(dl.first);
    for (int k = 0; k < trickCardCount(dl); ++k)
        position.trick.push_back(trickCard(dl, k));
    return position;
}

// DDS's reading: a hand letter within the first three characters, one separator, then ranks,
// '.' between suits and ' ' between hands; any other character is skipped, and so is anything
// after the fourth hand. Reads at most 80 characters.
int convertPbn(const char (&text)[80], Holdings &cards)
{
    std::memset(cards, 0, sizeof cards);
    int pos = 0;
    while (pos < 3 && text[pos] != '\0' && seatFromChar(text[pos]) < 0)
        ++pos;
    if (pos >= 3 || text[pos] == '\0')
        return RETURN_PBN_FAULT;
    const int firstHand = seatFromChar(text[pos]);
    if (text[++pos] != '\0')
        ++pos; // the ':' after the hand letter
    int hand = 0;
    int suit = 0;
    for (; pos < 80 && text[pos] != '\0'; ++pos) {
        const char c = text[pos];
        if (c == '.') {
            ++suit;
        } else if (c == ' ') {
            ++hand;
            suit = 0;
        } else if (const int rank = rankFromChar(c)) {
            // As DDS: whatever follows the fourth hand's fourth suit is ignored.
            if (hand > 3 || (hand == 3 && suit > 3))
                break;
            if (suit > 3)
                return RETURN_PBN_FAULT;
            cards[(firstHand + hand) % DDS_HANDS][suit] |= 1u << rank;
        }
    }
    return RETURN_NO_FAULT;
}

int dealFromPbn(const dealPBN &dlPBN, deal &out)
{
    out = deal {};
    out.trump = dlPBN.trump;
    out.first = dlPBN.first;
    std::memcpy(out.currentTrickSuit, dlPBN.currentTrickSuit, sizeof out.currentTrickSuit);
    std::memcpy(out.currentTrickRank, dlPBN.currentTrickRank, sizeof out.currentTrickRank);
    return convertPbn(dlPBN.remainCards, out.remainCards);
}

deal dealAt(const boards &bop, int i, int &status)
{
    status = RETURN_NO_FAULT;
    return bop.deals[i];
}

deal dealAt(const boardsPBN &bop, int i, int &status)
{
    deal dl;
    status = dealFromPbn(bop.deals[i], dl);
    return dl;
}

int solveWith(Solver &solver, const deal &dl, int target, int solutions, int mode,
              futureTricks &fut)
{
    if (const int status = checkDeal(dl, target, solutions, mode); status != RETURN_NO_FAULT)
        return status;
    SolveOptions options;
    options.target = target;
    options.cards = static_cast<CardSelection>(solutions);
    options.searchSingleChoice = mode != 0;
    const Position position = positionOf(dl);
    if (position.tricksLeft() == 1) {
        lastTrick(position, target, solutions, fut);
        return RETURN_NO_FAULT;
    }
    // Cards of equal score, and the card of solutions 1, as DDS's root search finds them.
    options.order = ddsRootOrder(position);
    auto result = solver.solve(position, options);
    if (!result)
        return ddsStatus(result.error().code);
    fillFutureTricks(*result, fut);
    // A target out of reach: DDS 2.9 returns no card, and scores -1 unless the target was 1.
    if (solutions != 3 && target > 0 && fut.cards > 0 && fut.score[0] != target &&
        fut.score[0] != -2) {
        const int nodes = fut.nodes;
        std::memset(&fut, 0, sizeof fut);
        fut.nodes = nodes;
        fut.score[0] = target > 1 ? -1 : 0;
    }
    return RETURN_NO_FAULT;
}

DdTable tableOf(const ddTableResults &results)
{
    DdTable table;
    for (int s = 0; s < DDS_STRAINS; ++s)
        for (int h = 0; h < DDS_HANDS; ++h)
            table.tricks[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)] =
                results.resTable[s][h];
    return table;
}

void storeTable(const DdTable &table, ddTableResults &out)
{
    for (int s = 0; s < DDS_STRAINS; ++s)
        for (int h = 0; h < DDS_HANDS; ++h)
            out.resTable[s][h] =
                table.tricks[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)];
}

std::optional<Vulnerability> vulnerabilityOf(int ddsCode)
{
    constexpr Vulnerability byCode[] {Vulnerability::None, Vulnerability::Both,
                                      Vulnerability::NorthSouth, Vulnerability::EastWest};
    if (ddsCode < 0 || ddsCode > 3)
        return std::nullopt;
    return byCode[ddsCode];
}

int parOf(const ddTableResults &tableResults, parResults &out, int vulnerable)
{
    const auto vulnerability = vulnerabilityOf(vulnerable);
    if (!vulnerability)
        return RETURN_UNKNOWN_FAULT;
    const auto sides = sidesPar(tableOf(tableResults), *vulnerability);
    if (!sides)
        return RETURN_UNKNOWN_FAULT;
    for (Side view : {Side::NorthSouth, Side::EastWest}) {
        const auto v = static_cast<std::size_t>(index(view));
        copyText(formatParScore((*sides)[view], view), out.parScore[v], sizeof out.parScore[v]);
        copyText(formatParContracts((*sides)[view], view), out.parContractsString[v],
                 sizeof out.parContractsString[v]);
    }
    return RETURN_NO_FAULT;
}

void copyText(const std::string &text, char *out, std::size_t size)
{
    const std::size_t n = std::min(text.size(), size - 1);
    std::memcpy(out, text.data(), n);
    std::memset(out + n, 0, size - n);
}

} // namespace tenace::capi
