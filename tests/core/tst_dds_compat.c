/*
 * DDS compatibility: DDS's own regression hands (tests/data/dds-hands/list*.txt, given on the
 * command line) through every function of the DDS 2.9 C API, called from C99 as a DDS program
 * calls it, written against the documented interface only. Per hand:
 *   FUT   SolveBoard(PBN) / SolveAllBoards(Bin) / SolveAllChunks(Bin/PBN), target -1, solutions
 *         3, mode 1: every entry (suit, rank, equals, score), scores descending; solutions 1 and
 *         2 agree with it. Cards of equal score come in DDS's search order (see
 *         docs/dds-compat.md): the entries are compared as a set, and the records whose order
 *         is DDS's are counted and printed;
 *   TABLE CalcAllTables(PBN) in batches, with par (mode = the hand's vulnerability); CalcDDtable
 *         and CalcPar(PBN) on a few hands;
 *   PAR   Par() and CalcAllTables' par; SidesPar / SidesParBin scores;
 *   PAR2  DealerPar, and DealerParBin written back in DealerPar's form, and its text form;
 *   TRACE AnalysePlayPBN / AnalysePlayBin / AnalyseAllPlaysBin(PBN) on the PLAY line.
 * Also the struct layouts (sizes and offsets of the DDS 2.9 interface), the status codes of the
 * documented faults, ErrorMessage, and the configuration functions. With --time, the time of
 * CalcAllTables on the deals of the files on 1 and on 2 threads is printed.
 *
 *   tst_dds_compat [--time] FILE...
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include "dll.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The DDS manual: threadIndex is 0 .. 15 (DDS 2.9's header has no macro for it). */
#define THREAD_INDEXES 16

static int passed;
static int failed;

#define CHECK(cond) check((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __LINE__)

static int check(int ok, const char *what, const char *file, int line)
{
    if (ok)
        ++passed;
    else {
        ++failed;
        fprintf(stderr, "%s:%d: FAIL: %s\n", file, line, what);
    }
    return ok;
}

static void check_status(int got, int expected, const char *what, int line)
{
    if (got == expected)
        ++passed;
    else {
        ++failed;
        fprintf(stderr, "%s:%d: FAIL: %s returned %d, expected %d\n", __FILE__, line, what, got,
                expected);
    }
}

/* ---- Reading the hand files. ---- */

#define MAX_HANDS 1000

struct hand
{
    int dealer, vul, trump, first;
    char deal[80];
    int fut[1 + 4 * 13];
    int table[20];
    char par[4][128];
    int par2_score;
    int par2_count;
    char par2[10][16];
    int plays;
    char play[106];
    int trace_count;
    int trace[53];
};

static struct hand hands[MAX_HANDS];
static int hand_count;

/* Copies the quoted strings of `line` into out[i] (at most max, each < size); returns count. */
static int quoted(const char *line, char *out, int max, size_t size)
{
    int n = 0;
    const char *p = line;
    while (n < max && (p = strchr(p, '"')) != NULL) {
        const char *end = strchr(p + 1, '"');
        size_t len;
        if (!end)
            break;
        len = (size_t)(end - p - 1);
        if (len >= size)
            len = size - 1;
        memcpy(out + (size_t)n * size, p + 1, len);
        out[(size_t)n * size + len] = '\0';
        ++n;
        p = end + 1;
    }
    return n;
}

static int read_ints(const char *text, int *out, int max)
{
    int n = 0;
    char *end = NULL;
    while (n < max) {
        const long v = strtol(text, &end, 10);
        if (end == text)
            break;
        out[n++] = (int)v;
        text = end;
    }
    return n;
}

static int read_file(const char *path)
{
    char line[1024];
    FILE *f = fopen(path, "r");
    struct hand *h = NULL;
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "PBN ", 4) == 0 && hand_count < MAX_HANDS) {
            h = &hands[hand_count++];
            memset(h, 0, sizeof *h);
            sscanf(line + 4, "%d %d %d %d", &h->dealer, &h->vul, &h->trump, &h->first);
            quoted(line, h->deal, 1, sizeof h->deal);
        } else if (!h) {
            continue;
        } else if (strncmp(line, "FUT ", 4) == 0) {
            read_ints(line + 4, h->fut, 1 + 4 * 13);
        } else if (strncmp(line, "TABLE ", 6) == 0) {
            read_ints(line + 6, h->table, 20);
        } else if (strncmp(line, "PAR ", 4) == 0) {
            quoted(line, &h->par[0][0], 4, sizeof h->par[0]);
        } else if (strncmp(line, "PAR2 ", 5) == 0) {
            char items[11][16];
            const int n = quoted(line, &items[0][0], 11, sizeof items[0]);
            int i;
            h->par2_score = atoi(items[0]);
            h->par2_count = n - 1;
            for (i = 1; i < n; ++i)
                strcpy(h->par2[i - 1], items[i]);
        } else if (strncmp(line, "PLAY ", 5) == 0) {
            h->plays = atoi(line + 5);
            quoted(line, h->play, 1, sizeof h->play);
        } else if (strncmp(line, "TRACE ", 6) == 0) {
            read_ints(line + 6, &h->trace_count, 1);
            read_ints(strchr(line + 6, ' ') ? strchr(line + 6, ' ') + 1 : line, h->trace,
                      h->trace_count < 53 ? h->trace_count : 53);
        }
    }
    fclose(f);
    return 1;
}

/* ---- Deals, written here independently of the library. ---- */

static int index_of(char c, const char *letters)
{
    const char *p = c ? strchr(letters, c) : NULL;
    return p ? (int)(p - letters) : -1;
}

/* "E:QJT5432.T.6.QJ82 ..." (any first hand) into [hand][suit] holdings. */
static void holdings_from_pbn(const char *pbn, unsigned int cards[4][4])
{
    int hand = index_of(pbn[0], "NESW"), suit = 0;
    memset(cards, 0, sizeof(unsigned int) * 16);
    for (pbn += 2; *pbn; ++pbn) {
        if (*pbn == '.')
            ++suit;
        else if (*pbn == ' ') {
            hand = (hand + 1) % 4;
            suit = 0;
        } else
            cards[hand][suit] |= 1u << (index_of(*pbn, "23456789TJQKA") + 2);
    }
}

static struct deal deal_of(const struct hand *h)
{
    struct deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = h->trump;
    dl.first = h->first;
    holdings_from_pbn(h->deal, dl.remainCards);
    return dl;
}

static struct dealPBN deal_pbn_of(const struct hand *h)
{
    struct dealPBN dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = h->trump;
    dl.first = h->first;
    strcpy(dl.remainCards, h->deal);
    return dl;
}

/* ---- Struct layouts: the DDS 2.9 interface's sizes and offsets on LP64 / ILP32 (int 4 bytes,
 * no padding but the tail of parTextResults' bool). ---- */

#define LAYOUT(expr, expected)                                                                     \
    check((size_t)(expr) == (size_t)(expected), #expr, __FILE__, __LINE__)

static void test_layouts(void)
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

/* ---- FUT: every solving function, cycling over the hands. ---- */

static int fut_in_order;
static int fut_checked;

/* The FUT line: the same entries with scores descending (checked), in the same order
 * (counted). */
static void check_fut(const struct futureTricks *fut, const struct hand *h, int number)
{
    const int *v = h->fut;
    const int n = v[0];
    int i, j, same_order = fut->cards == n;
    CHECK(fut->cards == n);
    for (i = 1; i < fut->cards; ++i)
        CHECK(fut->score[i] <= fut->score[i - 1]);
    for (i = 0; i < n && i < fut->cards; ++i) {
        int found = 0;
        for (j = 0; j < n; ++j)
            found |= fut->suit[i] == v[1 + j] && fut->rank[i] == v[1 + n + j] &&
                fut->equals[i] == v[1 + 2 * n + j] && fut->score[i] == v[1 + 3 * n + j];
        if (!CHECK(found))
            fprintf(stderr, "  hand %d: unexpected entry suit %d rank %d equals %d score %d\n",
                    number, fut->suit[i], fut->rank[i], fut->equals[i], fut->score[i]);
        same_order &= fut->suit[i] == v[1 + i] && fut->rank[i] == v[1 + n + i];
    }
    ++fut_checked;
    if (same_order)
        ++fut_in_order;
    else if (getenv("TENACE_SHOW_ORDER")) {
        fprintf(stderr, "  hand %d order:", number);
        for (i = 0; i < fut->cards; ++i)
            fprintf(stderr, " %c%d=%d", "SHDC"[fut->suit[i] & 3], fut -> rank[i], fut -> score[i]);
        fprintf(stderr, "\n");
    }
}

static struct boards bo;
static struct boardsPBN bo_pbn;
static struct solvedBoards solved;

/* Solves hand i by method i % 7: SolveBoardPBN, SolveBoard, SolveAllBoards, SolveAllBoardsBin,
 * SolveAllChunks, SolveAllChunksBin, SolveAllChunksPBN. */
static void test_fut(void)
{
    int i;
    for (i = 0; i < hand_count; ++i) {
        const struct hand *h = &hands[i];
        struct futureTricks fut;
        const int method = i % 7;
        memset(&fut, 0, sizeof fut);
        if (method < 2) {
            if (method == 0)
                CHECK_STATUS(SolveBoardPBN(deal_pbn_of(h), -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
            else
                CHECK_STATUS(SolveBoard(deal_of(h), -1, 3, 1, &fut, 1), RETURN_NO_FAULT);
        } else {
            bo.noOfBoards = bo_pbn.noOfBoards = 1;
            bo.deals[0] = deal_of(h);
            bo_pbn.deals[0] = deal_pbn_of(h);
            bo.target[0] = bo_pbn.target[0] = -1;
            bo.solutions[0] = bo_pbn.solutions[0] = 3;
            bo.mode[0] = bo_pbn.mode[0] = 1;
            memset(&solved, 0, sizeof solved);
            if (method == 2)
                CHECK_STATUS(SolveAllBoards(&bo_pbn, &solved), RETURN_NO_FAULT);
            else if (method == 3)
                CHECK_STATUS(SolveAllBoardsBin(&bo, &solved), RETURN_NO_FAULT);
            else if (method == 4)
                CHECK_STATUS(SolveAllChunks(&bo_pbn, &solved, 1), RETURN_NO_FAULT);
            else if (method == 5)
                CHECK_STATUS(SolveAllChunksBin(&bo, &solved, 2), RETURN_NO_FAULT);
            else
                CHECK_STATUS(SolveAllChunksPBN(&bo_pbn, &solved, 10), RETURN_NO_FAULT);
            CHECK(solved.noOfBoards == 1);
            fut = solved.solvedBoard[0];
        }
        check_fut(&fut, h, i + 1);
    }
}

/* Solutions 1, then solutions 2, then the maximum plus one as target, each in one batch of the
 * hands (at most MAXNOOFBOARDS; one board per deal, since DDS's batches give a repeated deal the
 * first board's answer): one card scoring the maximum; every card of the maximum, the same set
 * as FUT's; out of reach, no card (as DDS 2.9). */
static void solve_batch(int n, int kind)
{
    int i;
    bo_pbn.noOfBoards = n;
    for (i = 0; i < n; ++i) {
        const int *v = hands[i].fut;
        const int best = v[1 + 3 * v[0]];
        bo_pbn.deals[i] = deal_pbn_of(&hands[i]);
        bo_pbn.target[i] = kind < 2 ? -1 : (best < 13 ? best + 1 : 13);
        bo_pbn.solutions[i] = kind == 0 ? 1 : 2;
        bo_pbn.mode[i] = 1;
    }
    memset(&solved, 0, sizeof solved);
    CHECK_STATUS(SolveAllBoards(&bo_pbn, &solved), RETURN_NO_FAULT);
    CHECK(solved.noOfBoards == n);
}

static void test_fut_batch(void)
{
    const int n = hand_count < MAXNOOFBOARDS ? hand_count : MAXNOOFBOARDS;
    int i, k, kind;
    for (kind = 0; kind < 3; ++kind) {
        solve_batch(n, kind);
        for (i = 0; i < n; ++i) {
            const int *v = hands[i].fut;
            const int best = v[1 + 3 * v[0]];
            const struct futureTricks *fut = &solved.solvedBoard[i];
            int optimal = 0;
            for (k = 0; k < v[0]; ++k)
                optimal += v[1 + 3 * v[0] + k] == best;
            if (kind == 0)
                CHECK(fut->cards == 1 && fut->score[0] == best);
            else if (kind == 2)
                CHECK(best == 13 || fut->cards == 0);
            else {
                CHECK(fut->cards == optimal);
                for (k = 0; k < fut->cards && k < optimal; ++k) {
                    int j, found = 0;
                    for (j = 0; j < optimal; ++j)
                        found |= fut->suit[k] == v[1 + j] && fut->rank[k] == v[1 + v[0] + j];
                    CHECK(fut->score[k] == best && found);
                }
            }
        }
    }
}

/* ---- TABLE, PAR, PAR2. ---- */

static void check_table(const struct ddTableResults *t, const struct hand *h)
{
    int k, same = 1;
    for (k = 0; k < 20; ++k)
        same &= t->resTable[k / 4][k % 4] == h->table[k];
    CHECK(same);
}

static void check_par(const struct parResults *par, const struct hand *h)
{
    CHECK(strcmp(par->parScore[0], h->par[0]) == 0);
    CHECK(strcmp(par->parScore[1], h->par[1]) == 0);
    CHECK(strcmp(par->parContractsString[0], h->par[2]) == 0);
    CHECK(strcmp(par->parContractsString[1], h->par[3]) == 0);
}

static struct ddTableDeals table_deals;
static struct ddTableDealsPBN table_deals_pbn;
static struct ddTablesRes tables;
static struct allParResults all_par;

/* Every TABLE through CalcAllTables(PBN), 10 deals a call, with par for the hand's
 * vulnerability (the calls group hands of the same vulnerability). */
static void test_tables(void)
{
    static int filter[5] = {0, 0, 0, 0, 0};
    int vul, i, calls = 0;
    for (vul = 0; vul < 4; ++vul) {
        int members[10], n = 0;
        for (i = 0; i <= hand_count; ++i) {
            if (i < hand_count && hands[i].vul == vul)
                members[n++] = i;
            if (n == 10 || (i == hand_count && n > 0)) {
                int k;
                table_deals.noOfTables = table_deals_pbn.noOfTables = n;
                for (k = 0; k < n; ++k) {
                    holdings_from_pbn(hands[members[k]].deal, table_deals.deals[k].cards);
                    strcpy(table_deals_pbn.deals[k].cards, hands[members[k]].deal);
                }
                memset(&tables, 0, sizeof tables);
                if (calls++ % 2 == 0)
                    CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, vul, filter, &tables, &all_par),
                                 RETURN_NO_FAULT);
                else
                    CHECK_STATUS(CalcAllTables(&table_deals, vul, filter, &tables, &all_par),
                                 RETURN_NO_FAULT);
                CHECK(tables.noOfBoards == 20 * n);
                for (k = 0; k < n; ++k) {
                    check_table(&tables.results[k], &hands[members[k]]);
                    check_par(&all_par.presults[k], &hands[members[k]]);
                }
                n = 0;
            }
        }
    }
}

/* A DealerParBin contract in DealerPar's form (out holds 64 characters): "4S*-EW-1", "3N-EW",
 * "4N-W+1". */
static void dealer_form(const struct contractType *c, char *out)
{
    static const char *const seats[] = {"N", "E", "S", "W", "NS", "EW"};
    char tail[16] = "";
    if (c->underTricks > 0)
        snprintf(tail, sizeof tail, "-%d", c->underTricks);
    else if (c->overTricks > 0)
        snprintf(tail, sizeof tail, "+%d", c->overTricks);
    snprintf(out, 64, "%d%c%s-%s%s", c->level, "NSHDC"[c->denom % 5],
             c -> underTricks > 0 ? "*" : "", seats[c->seats % 6], tail);
}

static int listed(const char *contract, const struct hand *h)
{
    int k;
    for (k = 0; k < h->par2_count; ++k)
        if (strcmp(contract, h->par2[k]) == 0)
            return 1;
    return 0;
}

/* Par from the reference table in every form: Par() (PAR), DealerPar / DealerParBin (PAR2,
 * contracts in order for DealerPar, as a set for the binary form), the text form, SidesPar and
 * SidesParBin (the PAR scores), ConvertToSidesTextFormat. */
static void test_par(void)
{
    int i, k;
    for (i = 0; i < hand_count; ++i) {
        const struct hand *h = &hands[i];
        struct ddTableResults t;
        struct parResults par;
        struct parResultsDealer dealer, sides[2];
        struct parResultsMaster master, sides_bin[2];
        struct parTextResults sides_text;
        char text[80], expected_text[80];
        for (k = 0; k < 20; ++k)
            t.resTable[k / 4][k % 4] = h->table[k];
        CHECK_STATUS(Par(&t, &par, h->vul), RETURN_NO_FAULT);
        check_par(&par, h);

        CHECK_STATUS(DealerPar(&t, &dealer, h->dealer, h->vul), RETURN_NO_FAULT);
        CHECK(dealer.score == h->par2_score && dealer.number == h->par2_count);
        for (k = 0; k < dealer.number && k < h->par2_count; ++k)
            CHECK(strcmp(dealer.contracts[k], h->par2[k]) == 0);

        CHECK_STATUS(DealerParBin(&t, &master, h->dealer, h->vul), RETURN_NO_FAULT);
        CHECK(master.score == h->par2_score && master.number == h->par2_count);
        for (k = 0; k < master.number && k < 10; ++k) {
            char form[64];
            dealer_form(&master.contracts[k], form);
            if (!CHECK(listed(form, h)))
                fprintf(stderr, "  hand %d: DealerParBin contract %s\n", i + 1, form);
        }
        CHECK_STATUS(ConvertToDealerTextFormat(&master, text), RETURN_NO_FAULT);
        sprintf(expected_text, "Par %d:", h->par2_score);
        CHECK(strncmp(text, expected_text, strlen(expected_text)) == 0);

        /* Par()'s scores are the SidesPar scores, each from its own side's view. */
        CHECK_STATUS(SidesPar(&t, sides, h->vul), RETURN_NO_FAULT);
        CHECK(sides[0].score == atoi(h->par[0] + 3) && sides[1].score == atoi(h->par[1] + 3));
        CHECK_STATUS(SidesParBin(&t, sides_bin, h->vul), RETURN_NO_FAULT);
        CHECK(sides_bin[0].score == sides[0].score && sides_bin[1].score == sides[1].score);
        CHECK(sides_bin[0].number == sides[0].number && sides_bin[1].number == sides[1].number);
        CHECK_STATUS(ConvertToSidesTextFormat(sides_bin, &sides_text), RETURN_NO_FAULT);
        sprintf(expected_text, "Par %d:", sides[0].score);
        CHECK(strncmp(sides_text.parText[0], expected_text, strlen(expected_text)) == 0);
        /* Equal when the side bidding first does not matter: PAR's two contract strings are
         * then the same after the view. */
        CHECK(sides_text.equal == (strcmp(h->par[2] + 3, h->par[3] + 3) == 0));
    }
}

/* CalcDDtable, CalcDDtablePBN, CalcPar and CalcParPBN on the first hands. */
static void test_single_tables(void)
{
    int i;
    for (i = 0; i < hand_count && i < 4; ++i) {
        const struct hand *h = &hands[i];
        struct ddTableDeal bin;
        struct ddTableDealPBN pbn;
        struct ddTableResults t;
        struct parResults par;
        holdings_from_pbn(h->deal, bin.cards);
        strcpy(pbn.cards, h->deal);
        memset(&t, 0, sizeof t);
        memset(&par, 0, sizeof par);
        switch (i) {
        case 0:
            CHECK_STATUS(CalcDDtable(bin, &t), RETURN_NO_FAULT);
            break;
        case 1:
            CHECK_STATUS(CalcDDtablePBN(pbn, &t), RETURN_NO_FAULT);
            break;
        case 2:
            CHECK_STATUS(CalcPar(bin, h->vul, &t, &par), RETURN_NO_FAULT);
            check_par(&par, h);
            break;
        default:
            CHECK_STATUS(CalcParPBN(pbn, &t, h->vul, &par), RETURN_NO_FAULT);
            check_par(&par, h);
        }
        check_table(&t, h);
    }
}

/* ---- TRACE. ---- */

static void check_trace(const struct solvedPlay *sp, const struct hand *h, int number)
{
    int k, same = sp->number == h->trace_count;
    for (k = 0; same && k < sp->number; ++k)
        same = sp->tricks[k] == h->trace[k];
    if (!CHECK(same))
        fprintf(stderr, "  hand %d: trace of %d entries, expected %d\n", number, sp->number,
                h->trace_count);
}

static void trace_bin_of(const struct hand *h, struct playTraceBin *out)
{
    int k;
    memset(out, 0, sizeof *out);
    out->number = h->plays;
    for (k = 0; k < h->plays; ++k) {
        out->suit[k] = index_of(h->play[2 * k], "SHDC");
        out->rank[k] = index_of(h->play[2 * k + 1], "23456789TJQKA") + 2;
    }
}

static void trace_pbn_of(const struct hand *h, struct playTracePBN *out)
{
    memset(out, 0, sizeof *out);
    out->number = h->plays;
    strcpy(out->cards, h->play);
}

static struct playTracesBin traces_bin;
static struct playTracesPBN traces_pbn;
static struct solvedPlays solved_plays;

/* Hand i through AnalysePlayPBN, AnalysePlayBin, AnalyseAllPlaysBin or AnalyseAllPlaysPBN by
 * i % 4, the batches collecting their hands (each trace is analysed once). */
static void test_traces(void)
{
    int i, method;
    for (i = 0; i < hand_count; ++i) {
        const struct hand *h = &hands[i];
        struct solvedPlay sp;
        memset(&sp, 0, sizeof sp);
        if (i % 4 == 0) {
            struct playTracePBN play;
            trace_pbn_of(h, &play);
            CHECK_STATUS(AnalysePlayPBN(deal_pbn_of(h), play, &sp, 0), RETURN_NO_FAULT);
            check_trace(&sp, h, i + 1);
        } else if (i % 4 == 1) {
            struct playTraceBin play;
            trace_bin_of(h, &play);
            CHECK_STATUS(AnalysePlayBin(deal_of(h), play, &sp, 1), RETURN_NO_FAULT);
            check_trace(&sp, h, i + 1);
        }
    }
    for (method = 2; method < 4; ++method) {
        int members[MAXNOOFBOARDS], n = 0;
        for (i = method; i < hand_count && n < MAXNOOFBOARDS; i += 4) {
            members[n] = i;
            bo.deals[n] = deal_of(&hands[i]);
            bo_pbn.deals[n] = deal_pbn_of(&hands[i]);
            trace_bin_of(&hands[i], &traces_bin.plays[n]);
            trace_pbn_of(&hands[i], &traces_pbn.plays[n]);
            ++n;
        }
        if (n == 0)
            continue;
        bo.noOfBoards = bo_pbn.noOfBoards = traces_bin.noOfBoards = traces_pbn.noOfBoards = n;
        memset(&solved_plays, 0, sizeof solved_plays);
        if (method == 2)
            CHECK_STATUS(AnalyseAllPlaysBin(&bo, &traces_bin, &solved_plays, 1), RETURN_NO_FAULT);
        else
            CHECK_STATUS(AnalyseAllPlaysPBN(&bo_pbn, &traces_pbn, &solved_plays, 4),
                         RETURN_NO_FAULT);
        CHECK(solved_plays.noOfBoards == n);
        for (i = 0; i < n; ++i)
            check_trace(&solved_plays.solved[i], &hands[members[i]], members[i] + 1);
    }
}

/* ---- Status codes of the documented faults, ErrorMessage, configuration. ---- */

static void test_status_codes(void)
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
static void test_stricter_checks(void)
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

static void test_configuration(void)
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

/* ---- Timing: CalcAllTables of the files' deals, on 1 and on 2 threads. ---- */

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double time_tables(int threads)
{
    static int filter[5] = {0, 0, 0, 0, 0};
    double start;
    int first;
    SetMaxThreads(threads);
    start = seconds_now();
    for (first = 0; first < hand_count; first += MAXNOOFTABLES) {
        const int n = hand_count - first < MAXNOOFTABLES ? hand_count - first : MAXNOOFTABLES;
        int k;
        table_deals_pbn.noOfTables = n;
        for (k = 0; k < n; ++k)
            strcpy(table_deals_pbn.deals[k].cards, hands[first + k].deal);
        CHECK_STATUS(CalcAllTablesPBN(&table_deals_pbn, -1, filter, &tables, NULL),
                     RETURN_NO_FAULT);
        for (k = 0; k < n; ++k)
            check_table(&tables.results[k], &hands[first + k]);
    }
    SetMaxThreads(0);
    return seconds_now() - start;
}

int main(int argc, char **argv)
{
    int i, timing = 0;
    for (i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--time") == 0)
            timing = 1;
        else if (!read_file(argv[i]))
            return 2;
    }
    if (hand_count == 0) {
        fprintf(stderr, "usage: tst_dds_compat [--time] list10.txt ...\n");
        return 2;
    }
    test_layouts();
    test_single_tables();
    test_par();
    test_fut();
    test_fut_batch();
    test_traces();
    test_tables();
    test_status_codes();
    test_stricter_checks();
    test_configuration();
    if (timing) {
        const double one = time_tables(1), two = time_tables(2);
        printf("CalcAllTables, %d deals: 1 thread %.2f s, 2 threads %.2f s (%.2fx)\n", hand_count,
               one, two, one / two);
    }
    printf("FUT in DDS's order: %d of %d\n", fut_in_order, fut_checked);
    printf("%d hands, %d passed, %d failed\n", hand_count, passed, failed);
    return failed == 0 ? 0 : 1;
}
