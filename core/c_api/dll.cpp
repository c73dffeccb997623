// The DDS-compatible C API on top of core's Solver and par. The boundary checks follow DDS's own
// order, so that a position with several faults gets the status code DDS gives it:
//   1. threadIndex (-15);
//   2. ranges: target (-5, -7), solutions (-8, -9), mode (-16, -17), trump (-18), first (-19),
//      current-trick cards (-12: rank not 0 or 2..14, suit not 0..3, a card after an empty slot),
//      holdings with bits outside 2..14 (-12);
//   3. values: no remaining card (-2), more than 52 (-10), target above the tricks left (-3), a
//      trick card still held (-13), hands of inconsistent lengths (-14), a card held twice or
//      played twice (-4).
// The PBN functions first convert the string as leniently as DDS does (-99 only when no hand
// letter starts it or cards overflow four hands or four suits). Nothing here throws across the C
// boundary: an exception (out of memory) becomes RETURN_UNKNOWN_FAULT.

#include "core/c_api/dll.h"

#include "core/par/par.h"
#include "core/solver/solver.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <climits>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>

namespace {

using namespace tenace::core;

using Holdings = unsigned int[DDS_HANDS][DDS_SUITS];

constexpr unsigned int holdingMask = 0x7ffcu; // ranks 2..14

// The calling thread's solver, created on first use; its table stays warm between calls.
std::unique_ptr<Solver> &threadSolverSlot()
{
    thread_local std::unique_ptr<Solver> solver;
    return solver;
}

Solver &threadSolver()
{
    auto &slot = threadSolverSlot();
    if (!slot)
        slot = std::make_unique<Solver>();
    return *slot;
}

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
    int lengths[DDS_HANDS] {};
    for (int h = 0; h < DDS_HANDS; ++h)
        for (unsigned int holding : dl.remainCards[h])
            lengths[h] += std::popcount(holding);
    for (int k = 0; k < played; ++k)
        ++lengths[(dl.first + k) % DDS_HANDS];
    for (int h = 1; h < DDS_HANDS; ++h)
        if (lengths[h] != lengths[0])
            return RETURN_CARD_COUNT;
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

// DDS's reading of a PBN deal: a hand letter within the first three characters, one separator,
// then ranks, '.' between suits and ' ' between hands; any other character is skipped. Reads at
// most 80 characters.
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
            if (hand > 3 || suit > 3)
                return RETURN_PBN_FAULT;
            cards[(firstHand + hand) % DDS_HANDS][suit] |= 1u << rank;
        }
    }
    return RETURN_NO_FAULT;
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

int solveBoard(const deal &dl, int target, int solutions, int mode, futureTricks *futp,
               int threadIndex)
{
    if (threadIndex < 0 || threadIndex >= MAXNOOFTHREADS)
        return RETURN_THREAD_INDEX;
    if (!futp)
        return RETURN_UNKNOWN_FAULT;
    if (const int status = checkRanges(dl, target, solutions, mode); status != RETURN_NO_FAULT)
        return status;
    if (const int status = checkValues(dl, target); status != RETURN_NO_FAULT)
        return status;
    SolveOptions options;
    options.target = target;
    options.cards = static_cast<CardSelection>(solutions);
    options.searchSingleChoice = mode != 0;
    auto result = threadSolver().solve(positionOf(dl), options);
    if (!result)
        return ddsStatus(result.error().code);
    fillFutureTricks(*result, *futp);
    return RETURN_NO_FAULT;
}

// Checks a table deal as SolveBoard checks its opening-lead positions.
int checkTableDeal(const Holdings &cards)
{
    deal dl {};
    dl.trump = 4;
    std::memcpy(dl.remainCards, cards, sizeof dl.remainCards);
    if (const int status = checkHoldingBits(cards); status != RETURN_NO_FAULT)
        return status;
    return checkValues(dl, -1);
}

// The table of a deal already checked: all cores for a full deal, the calling thread's solver
// for an end position (the tricks of the cards left).
int computeTable(const Deal &d, ddTableResults &out)
{
    DdTable table;
    if (checkComplete(d)) {
        auto result = solveTable(d);
        if (!result)
            return ddsStatus(result.error().code);
        table = result->table;
    } else {
        Solver &solver = threadSolver();
        for (Strain strain : allStrains) {
            for (Seat leader : allSeats) {
                const Position p {d, strain, leader, {}};
                auto tricks = solver.tricks(p);
                if (!tricks)
                    return ddsStatus(tricks.error().code);
                table.at(strain, rightHandOpponent(leader)) = p.tricksLeft() - *tricks;
            }
        }
    }
    for (int s = 0; s < DDS_STRAINS; ++s)
        for (int h = 0; h < DDS_HANDS; ++h)
            out.resTable[s][h] =
                table.tricks[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)];
    return RETURN_NO_FAULT;
}

int calcTable(const Holdings &cards, ddTableResults *tablep)
{
    if (!tablep)
        return RETURN_UNKNOWN_FAULT;
    if (const int status = checkTableDeal(cards); status != RETURN_NO_FAULT)
        return status;
    return computeTable(dealFromHoldings(cards), *tablep);
}

std::optional<Vulnerability> vulnerabilityOf(int ddsCode)
{
    constexpr Vulnerability byCode[] {Vulnerability::None, Vulnerability::Both,
                                      Vulnerability::NorthSouth, Vulnerability::EastWest};
    if (ddsCode < 0 || ddsCode > 3)
        return std::nullopt;
    return byCode[ddsCode];
}

void copyText(const std::string &text, char *out, std::size_t size)
{
    const std::size_t n = std::min(text.size(), size - 1);
    std::memcpy(out, text.data(), n);
    std::memset(out + n, 0, size - n);
}

int par(const ddTableResults &tableResults, parResults &out, int vulnerable)
{
    const auto vulnerability = vulnerabilityOf(vulnerable);
    if (!vulnerability)
        return RETURN_UNKNOWN_FAULT;
    DdTable table;
    for (int s = 0; s < DDS_STRAINS; ++s)
        for (int h = 0; h < DDS_HANDS; ++h)
            table.tricks[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)] =
                tableResults.resTable[s][h];
    const auto sides = sidesPar(table, *vulnerability);
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

int calcPar(const Holdings &cards, int vulnerable, ddTableResults *tablep, parResults *presp)
{
    if (!tablep || !presp)
        return RETURN_UNKNOWN_FAULT;
    if (const int status = checkTableDeal(cards); status != RETURN_NO_FAULT)
        return status;
    if (!vulnerabilityOf(vulnerable))
        return RETURN_UNKNOWN_FAULT;
    if (const int status = computeTable(dealFromHoldings(cards), *tablep);
        status != RETURN_NO_FAULT)
        return status;
    return par(*tablep, *presp, vulnerable);
}

// Runs `body` and turns any exception into RETURN_UNKNOWN_FAULT.
template<typename Body> int guarded(Body body) noexcept
{
    try {
        return body();
    } catch (...) {
        return RETURN_UNKNOWN_FAULT;
    }
}

const char *errorText(int code)
{
    struct Text
    {
        int code;
        const char *text;
    };
    static constexpr Text texts[] {
        {RETURN_NO_FAULT, TEXT_NO_FAULT},
        {RETURN_ZERO_CARDS, TEXT_ZERO_CARDS},
        {RETURN_TARGET_TOO_HIGH, TEXT_TARGET_TOO_HIGH},
        {RETURN_DUPLICATE_CARDS, TEXT_DUPLICATE_CARDS},
        {RETURN_TARGET_WRONG_LO, TEXT_TARGET_WRONG_LO},
        {RETURN_TARGET_WRONG_HI, TEXT_TARGET_WRONG_HI},
        {RETURN_SOLNS_WRONG_LO, TEXT_SOLNS_WRONG_LO},
        {RETURN_SOLNS_WRONG_HI, TEXT_SOLNS_WRONG_HI},
        {RETURN_TOO_MANY_CARDS, TEXT_TOO_MANY_CARDS},
        {RETURN_SUIT_OR_RANK, TEXT_SUIT_OR_RANK},
        {RETURN_PLAYED_CARD, TEXT_PLAYED_CARD},
        {RETURN_CARD_COUNT, TEXT_CARD_COUNT},
        {RETURN_THREAD_INDEX, TEXT_THREAD_INDEX},
        {RETURN_MODE_WRONG_LO, TEXT_MODE_WRONG_LO},
        {RETURN_MODE_WRONG_HI, TEXT_MODE_WRONG_HI},
        {RETURN_TRUMP_WRONG, TEXT_TRUMP_WRONG},
        {RETURN_FIRST_WRONG, TEXT_FIRST_WRONG},
        {RETURN_PBN_FAULT, TEXT_PBN_FAULT},
    };
    for (const Text &t : texts)
        if (t.code == code)
            return t.text;
    return TEXT_UNKNOWN_FAULT;
}

deal dealOf(const dealPBN &dlPBN, const Holdings &cards)
{
    deal dl {};
    dl.trump = dlPBN.trump;
    dl.first = dlPBN.first;
    std::memcpy(dl.currentTrickSuit, dlPBN.currentTrickSuit, sizeof dl.currentTrickSuit);
    std::memcpy(dl.currentTrickRank, dlPBN.currentTrickRank, sizeof dl.currentTrickRank);
    std::memcpy(dl.remainCards, cards, sizeof dl.remainCards);
    return dl;
}

} // namespace

int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                       struct futureTricks *futp, int threadIndex)
{
    return guarded([&] { return solveBoard(dl, target, solutions, mode, futp, threadIndex); });
}

int STDCALL SolveBoardPBN(struct dealPBN dlPBN, int target, int solutions, int mode,
                          struct futureTricks *futp, int threadIndex)
{
    return guarded([&] {
        Holdings cards;
        if (convertPbn(dlPBN.remainCards, cards) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return solveBoard(dealOf(dlPBN, cards), target, solutions, mode, futp, threadIndex);
    });
}

int STDCALL CalcDDtable(struct ddTableDeal tableDeal, struct ddTableResults *tablep)
{
    return guarded([&] { return calcTable(tableDeal.cards, tablep); });
}

int STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep)
{
    return guarded([&] {
        Holdings cards;
        if (convertPbn(tableDealPBN.cards, cards) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return calcTable(cards, tablep);
    });
}

int STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable, struct ddTableResults *tablep,
                    struct parResults *presp)
{
    return guarded([&] { return calcPar(tableDeal.cards, vulnerable, tablep, presp); });
}

int STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep,
                       int vulnerable, struct parResults *presp)
{
    return guarded([&] {
        Holdings cards;
        if (convertPbn(tableDealPBN.cards, cards) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return calcPar(cards, vulnerable, tablep, presp);
    });
}

int STDCALL Par(struct ddTableResults *tablep, struct parResults *presp, int vulnerable)
{
    return guarded([&] {
        if (!tablep || !presp)
            return RETURN_UNKNOWN_FAULT;
        return par(*tablep, *presp, vulnerable);
    });
}

int STDCALL SetMaxThreads(int)
{
    return poolThreads(0, std::numeric_limits<std::size_t>::max());
}

void STDCALL FreeMemory(void)
{
    threadSolverSlot().reset();
}

void STDCALL ErrorMessage(int code, char line[80])
{
    if (!line)
        return;
    std::strncpy(line, errorText(code), 79);
    line[79] = '\0';
}
