/* tst_dds_compat, the interface itself: struct layouts, the status codes of the documented
 * faults, ErrorMessage, the checks DDS does not make, and the configuration functions. */
#include "dds_compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Struct layouts: the DDS 2.9 interface's sizes and offsets on LP64 / ILP32 (int 4 bytes,
 * no padding but the tail of parTextResults' bool). ---- */

#define LAYOUT(expr, expected)                                                                     \
    check((size_t)(expr) == (size_t)(expected), #expr, __FILE__, __LINE__)

void test_layouts(void)
{
    LAYOUT(sizeof(struct futureTricks), 216);
    LAYOUT(offsetof(struct futureTricks, suit), 8);
    LAYOUT(offsetof(struct futureTricks, rank), 60);
    LAYOUT(offsetof(struct futureTricks, equals), 112);
    LAYOUT(offsetof(struct futureTricks, score), 164);
    LAYOUT(sizeof(struct deal), 96);
    LAYOUT(offsetof(struct deal, currentTrickSuit), 8);
    LAYOUT(offsetof(struct deal, currentTrickRank), 20);
    LAYOUT(offsetof(struct deal, remainCards), 32);
    LAYOUT(sizeof(struct dealPBN), 112);
    LAYOUT(offsetof(struct dealPBN, remainCards), 32);
    LAYOUT(sizeof(struct boards), 21604);
    LAYOUT(offsetof(struct boards, deals), 4);
    LAYOUT(offsetof(struct boards, target), 19204);
    LAYOUT(offsetof(struct boards, solutions), 20004);
    LAYOUT(offsetof(struct boards, mode), 20804);
    LAYOUT(sizeof(struct boardsPBN), 24804);
    LAYOUT(offsetof(struct boardsPBN, target), 22404);
    LAYOUT(offsetof(struct boardsPBN, solutions), 23204);
    LAYOUT(offsetof(struct boardsPBN, mode), 24004);
    LAYOUT(sizeof(struct solvedBoards), 43204);
    LAYOUT(offsetof(struct solvedBoards, solvedBoard), 4);
    LAYOUT(sizeof(struct ddTableDeal), 64);
    LAYOUT(sizeof(struct ddTableDeals), 12804);
    LAYOUT(offsetof(struct ddTableDeals, deals), 4);
    LAYOUT(sizeof(struct ddTableDealPBN), 80);
    LAYOUT(sizeof(struct ddTableDealsPBN), 16004);
    LAYOUT(sizeof(struct ddTableResults), 80);
    LAYOUT(sizeof(struct ddTablesRes), 16004);
    LAYOUT(offsetof(struct ddTablesRes, results), 4);
    LAYOUT(sizeof(struct parResults), 288);
    LAYOUT(offsetof(struct parResults, parContractsString), 32);
    LAYOUT(sizeof(struct allParResults), 11520);
    LAYOUT(sizeof(struct parResultsDealer), 108);
    LAYOUT(offsetof(struct parResultsDealer, score), 4);
    LAYOUT(offsetof(struct parResultsDealer, contracts), 8);
    LAYOUT(sizeof(struct contractType), 20);
    LAYOUT(offsetof(struct contractType, overTricks), 4);
    LAYOUT(offsetof(struct contractType, level), 8);
    LAYOUT(offsetof(struct contractType, denom), 12);
    LAYOUT(offsetof(struct contractType, seats), 16);
    LAYOUT(sizeof(struct parResultsMaster), 208);
    LAYOUT(offsetof(struct parResultsMaster, number), 4);
    LAYOUT(offsetof(struct parResultsMaster, contracts), 8);
    LAYOUT(sizeof(struct parTextResults), 257);
    LAYOUT(offsetof(struct parTextResults, equal), 256);
    LAYOUT(sizeof(struct playTraceBin), 420);
    LAYOUT(offsetof(struct playTraceBin, rank), 212);
    LAYOUT(sizeof(struct playTracePBN), 112);
    LAYOUT(offsetof(struct playTracePBN, cards), 4);
    LAYOUT(sizeof(struct solvedPlay), 216);
    LAYOUT(sizeof(struct playTracesBin), 84004);
    LAYOUT(sizeof(struct playTracesPBN), 22404);
    LAYOUT(sizeof(struct solvedPlays), 43204);
    LAYOUT(offsetof(struct solvedPlays, solved), 4);
    LAYOUT(sizeof(struct DDSInfo), 1204);
    LAYOUT(offsetof(struct DDSInfo, versionString), 12);
    LAYOUT(offsetof(struct DDSInfo, system), 24);
    LAYOUT(offsetof(struct DDSInfo, numBits), 28);
    LAYOUT(offsetof(struct DDSInfo, compiler), 32);
    LAYOUT(offsetof(struct DDSInfo, constructor), 36);
    LAYOUT(offsetof(struct DDSInfo, numCores), 40);
    LAYOUT(offsetof(struct DDSInfo, threading), 44);
    LAYOUT(offsetof(struct DDSInfo, noOfThreads), 48);
    LAYOUT(offsetof(struct DDSInfo, threadSizes), 52);
    LAYOUT(offsetof(struct DDSInfo, systemString), 180);
    CHECK(DDS_VERSION == 20900 && MAXNOOFBOARDS == 200 && MAXNOOFTABLES == 40);
    CHECK(DDS_HANDS == 4 && DDS_SUITS == 4 && DDS_STRAINS == 5);
}

/* ---- Status codes of the documented faults, ErrorMessage, configuration. ---- */

void test_status_codes(void)
{
    static const int codes[] = {
        RETURN_NO_FAULT,        RETURN_UNKNOWN_FAULT,   RETURN_ZERO_CARDS,
        RETURN_TARGET_TOO_HIGH, RETURN_DUPLICATE_CARDS, RETURN_TARGET_WRONG_LO,
        RETURN_TARGET_WRONG_HI, RETURN_SOLNS_WRONG_LO,  RETURN_SOLNS_WRONG_HI,
        RETURN_TOO_MANY_CARDS,  RETURN_SUIT_OR_RANK,    RETURN_PLAYED_CARD,
        RETURN_CARD_COUNT,      RETURN_THREAD_INDEX,    RETURN_MODE_WRONG_LO,
        RETURN_MODE_WRONG_HI,   RETURN_TRUMP_WRONG,     RETURN_FIRST_WRONG,
        RETURN_PLAY_FAULT,      RETURN_PBN_FAULT,       RETURN_TOO_MANY_BOARDS,
        RETURN_THREAD_CREATE,   RETURN_THREAD_WAIT,     RETURN_THREAD_MISSING,
        RETURN_NO_SUIT,         RETURN_TOO_MANY_TABLES, RETURN_CHUNK_SIZE};
    static const char *const texts[] = {
        TEXT_NO_FAULT,        TEXT_UNKNOWN_FAULT,   TEXT_ZERO_CARDS,      TEXT_TARGET_TOO_HIGH,
        TEXT_DUPLICATE_CARDS, TEXT_TARGET_WRONG_LO, TEXT_TARGET_WRONG_HI, TEXT_SOLNS_WRONG_LO,
        TEXT_SOLNS_WRONG_HI,  TEXT_TOO_MANY_CARDS,  TEXT_SUIT_OR_RANK,    TEXT_PLAYED_CARD,
        TEXT_CARD_COUNT,      TEXT_THREAD_INDEX,    TEXT_MODE_WRONG_LO,   TEXT_MODE_WRONG_HI,
        TEXT_TRUMP_WRONG,     TEXT_FIRST_WRONG,     TEXT_PLAY_FAULT,      TEXT_PBN_FAULT,
        TEXT_TOO_MANY_BOARDS, TEXT_THREAD_CREATE,   TEXT_THREAD_WAIT,     TEXT_THREAD_MISSING,
        TEXT_NO_SUIT,         TEXT_TOO_MANY_TABLES, TEXT_CHUNK_SIZE};
    static int no_strain[5] = {1, 1, 1, 1, 1}, all[5] = {0, 0, 0, 0, 0}, four[5] = {0, 0, 0, 0, 1};
    const struct hand *h = &hands[0];
    struct playTracePBN play;
    struct solvedPlay sp;
    struct futureTricks fut;
    char line[80];
    size_t i;

    for (i = 0; i < sizeof codes / sizeof codes[0]; ++i) {
        ErrorMessage(codes[i], line);
        CHECK(strcmp(line, texts[i]) == 0);
    }
    ErrorMessage(-6, line);
    CHECK(strcmp(line, "Not a DDS error code") == 0);
    ErrorMessage(2, line);
    CHECK(strcmp(line, "Not a DDS error code") == 0);

    /* Batches: no strain, too many tables for the strains, too many boards, chunk size. */
    table_deals_pbn.noOfTables = MAXNOOFTABLES + 1;
    for (i = 0; i < MAXNOOFTABLES * DDS_STRAINS; ++i)
        strcpy(table_deals_pbn.deals[i].cards, h->deal);
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, no_strain, &tables, NULL), RETURN_NO_SUIT);
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, all, &tables, NULL),
                 RETURN_TOO_MANY_TABLES);
    table_deals_pbn.noOfTables = MAXNOOFBOARDS / 4 + 1;
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, four, &tables, NULL),
                 RETURN_TOO_MANY_TABLES);
    /* As DDS: the filter first, then the strings, then the count, then the deals. */
    strcpy(table_deals_pbn.deals[3].cards, "N:AKQ");
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, four, &tables, NULL),
                 RETURN_TOO_MANY_TABLES);
    table_deals_pbn.noOfTables = MAXNOOFBOARDS / 4 + 1;
    strcpy(table_deals_pbn.deals[3].cards, "");
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, four, &tables, NULL), RETURN_PBN_FAULT);
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, no_strain, &tables, NULL),
                 RETURN_PBN_FAULT);
    bo_pbn.noOfBoards = MAXNOOFBOARDS + 1;
    CHECK_STATUS(SolveAllBoards(&bo_pbn, &solved), RETURN_TOO_MANY_BOARDS);
    CHECK_STATUS(SolveAllChunksPBN(&bo_pbn, &solved, 0), RETURN_CHUNK_SIZE);
    CHECK_STATUS(SolveAllChunks(&bo_pbn, &solved, -1), RETURN_CHUNK_SIZE);
    bo.noOfBoards = 0;
    CHECK_STATUS(SolveAllChunksBin(&bo, &solved, 0), RETURN_CHUNK_SIZE);
    CHECK_STATUS(SolveAllBoardsBin(&bo, &solved), RETURN_NO_FAULT);
    CHECK(solved.noOfBoards == 0);
    traces_pbn.noOfBoards = bo_pbn.noOfBoards;
    /* AnalyseAllPlays ignores the chunk size. */
    CHECK_STATUS(AnalyseAllPlaysPBN(&bo_pbn, &traces_pbn, &solved_plays, 0),
                 RETURN_TOO_MANY_BOARDS);
    traces_pbn.noOfBoards = bo_pbn.noOfBoards = 0;
    CHECK_STATUS(AnalyseAllPlaysPBN(&bo_pbn, &traces_pbn, &solved_plays, 0), RETURN_NO_FAULT);
    /* A bad board in a batch: its fault is returned. */
    bo_pbn.noOfBoards = 1;
    bo_pbn.deals[0] = deal_pbn_of(h);
    bo_pbn.target[0] = -1;
    bo_pbn.solutions[0] = 4;
    bo_pbn.mode[0] = 1;
    CHECK_STATUS(SolveAllBoards(&bo_pbn, &solved), RETURN_SOLNS_WRONG_HI);

    /* SolveBoard: junk after the fourth hand (ignored), first out of range, thread index. */
    {
        struct dealPBN dl = deal_pbn_of(h);
        strcat(dl.remainCards, " AK");
        CHECK_STATUS(SolveBoardPBN(dl, -1, 1, 1, &fut, 0), RETURN_NO_FAULT);
        CHECK(fut.cards == 1 && fut.score[0] == h->fut[1 + 3 * h->fut[0]]);
        dl = deal_pbn_of(h);
        dl.first = 4;
        CHECK_STATUS(SolveBoardPBN(dl, -1, 1, 1, &fut, 0), RETURN_FIRST_WRONG);
        dl.first = 0;
        CHECK_STATUS(SolveBoardPBN(dl, -1, 1, 1, &fut, THREAD_INDEXES), RETURN_THREAD_INDEX);
    }

    /* AnalysePlay: a card not held, a revoke, a bad count or card, the thread index. */
    memset(&play, 0, sizeof play);
    play.number = 1;
    strcpy(play.cards, "SA"); /* West holds the SA; North leads */
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_PLAY_FAULT);
    play.number = 2;
    strcpy(play.cards, "S6S8");
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_NO_FAULT);
    CHECK(sp.number == 3);
    play.number = 53;
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_PLAY_FAULT);
    play.number = -1;
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_PLAY_FAULT);
    play.number = 2;
    strcpy(play.cards, "X6S8");
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_PLAY_FAULT);
    memset(play.cards, 0, sizeof play.cards);
    strcpy(play.cards, "S6"); /* one card for two */
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_PLAY_FAULT);
    /* The trace is read before the thread index is checked. */
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, THREAD_INDEXES), RETURN_PLAY_FAULT);
    play.number = 1;
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, THREAD_INDEXES), RETURN_THREAD_INDEX);
    play.number = 0;
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_NO_FAULT);
    CHECK(sp.number == 1 && sp.tricks[0] == h->table[4 * h->trump + (h->first + 3) % 4]);
}

/* Faults DDS 2.9 does not check (it reads out of bounds, or crashes): rejected here, see
 * docs/dds-compat.md. Skipped with TENACE_COMPAT_AS_DDS set, which is for running this program
 * against DDS itself to check that the rest of it is faithful. */
void test_stricter_checks(void)
{
    struct ddTableResults t;
    struct parResultsDealer dealer;
    struct parResults par;
    static int four[5] = {0, 0, 0, 0, 1};
    struct playTracePBN play;
    struct solvedPlay sp;
    if (getenv("TENACE_COMPAT_AS_DDS"))
        return;
    /* A bad deal among CalcAllTables' (DDS 2.9 crashes writing its dump file). */
    table_deals_pbn.noOfTables = 4;
    strcpy(table_deals_pbn.deals[0].cards, hands[0].deal);
    strcpy(table_deals_pbn.deals[3].cards, "N:AKQ");
    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, four, &tables, NULL), RETURN_CARD_COUNT);
    /* A revoke in a play trace (DDS 2.9 analyses it): East holds spades. */
    memset(&play, 0, sizeof play);
    play.number = 2;
    strcpy(play.cards, "S6H7");
    CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(&hands[0]), play, &sp, 0), RETURN_PLAY_FAULT);
    memset(&t, 0, sizeof t);
    CHECK_STATUS(DealerPar(&t, &dealer, 4, 0), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(DealerPar(&t, &dealer, 0, 4), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(Par(&t, &par, 4), RETURN_UNKNOWN_FAULT);
    t.resTable[1][2] = 14;
    CHECK_STATUS(DealerPar(&t, &dealer, 0, 0), RETURN_UNKNOWN_FAULT);
}

void test_configuration(void)
{
    struct DDSInfo info;
    memset(&info, 0x55, sizeof info);
    GetDDSInfo(&info);
    CHECK(info.major == 2 && info.minor == 9 && info.patch == 0);
    CHECK(strcmp(info.versionString, "2.9.0") == 0);
    CHECK(info.numCores >= 1 && info.noOfThreads >= 1 && info.numBits >= 32);
    CHECK(memchr(info.systemString, '\0', sizeof info.systemString) != NULL);
    SetMaxThreads(1);
    GetDDSInfo(&info);
    CHECK(info.noOfThreads == 1);
    SetResources(100, 2);
    GetDDSInfo(&info);
    CHECK(info.noOfThreads == 2 || info.numCores < 2);
    SetResources(0, 0);
    SetMaxThreads(0);
    CHECK_STATUS(SetThreading(0), RETURN_NO_FAULT);
    CHECK_STATUS(SetThreading(5), RETURN_NO_FAULT);
    CHECK_STATUS(SetThreading(1), RETURN_THREAD_MISSING);
    CHECK_STATUS(SetThreading(9), RETURN_THREAD_MISSING);
    SetThreading(0);
    FreeMemory();
}
