/*
 * DDS compatibility: DDS's own regression hands (tests/data/dds-hands/list*.txt, given on the
 * command line) through every function of the DDS 2.9 C API, called from C99 as a DDS program
 * calls it, written against the documented interface only. Per hand:
 *   FUT   SolveBoard(PBN) / SolveAllBoards(Bin) / SolveAllChunks(Bin/PBN), target -1, solutions
 *         3, mode 1: every entry (suit, rank, equals, score), scores descending; solutions 1 and
 *         2 agree with it, all in DDS's order (cards of equal score as DDS's root search finds
 *         them: docs/dds-compat.md);
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
 *
 * It builds against DDS's own header and library too; TENACE_COMPAT_AS_DDS=1 then skips the
 * checks DDS does not make (docs/dds-compat.md).
 *
 * Files: tst_dds_compat.c (the hands' records), dds_compat_faults.c (layouts, faults,
 * configuration), dds_compat_common.c and dds_compat.h (checks, files, deals).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include "dds_compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- FUT: every solving function, cycling over the hands. ---- */

/* The FUT line exactly: the same entries in the same order (cards of equal score in the order
 * DDS's root search finds them). */
static void check_fut(const struct futureTricks *fut, const struct hand *h, int number)
{
    const int *v = h->fut;
    const int n = v[0];
    int i;
    CHECK(fut->cards == n);
    for (i = 0; i < n && i < fut->cards; ++i) {
        const int same = fut->suit[i] == v[1 + i] && fut->rank[i] == v[1 + n + i] &&
            fut->equals[i] == v[1 + 2 * n + i] && fut->score[i] == v[1 + 3 * n + i];
        if (!CHECK(same))
            fprintf(stderr,
                    "  hand %d entry %d: suit %d rank %d equals %d score %d, expected "
                    "suit %d rank %d equals %d score %d\n",
                    number, i, fut->suit[i], fut->rank[i], fut->equals[i], fut->score[i], v[1 + i],
                    v[1 + n + i], v[1 + 2 * n + i], v[1 + 3 * n + i]);
    }
}

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
 * first board's answer): FUT's first card; FUT's cards of the maximum in FUT's order; out of
 * reach, no card (as DDS 2.9). */
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
            if (kind == 2) {
                /* Out of reach: no card, and score -1 (0 when the target was 1). */
                const int target = best + 1;
                CHECK(best == 13 || (fut->cards == 0 && fut->score[0] == (target > 1 ? -1 : 0)));
                continue;
            }
            /* Solutions 1: FUT's first card; solutions 2: FUT's cards of the maximum, in order. */
            CHECK(fut->cards == (kind == 0 ? 1 : optimal));
            for (k = 0; k < fut->cards && k < optimal; ++k)
                CHECK(fut->suit[k] == v[1 + k] && fut->rank[k] == v[1 + v[0] + k] &&
                      fut->equals[k] == v[1 + 2 * v[0] + k] && fut->score[k] == best);
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

/* The hands members[0 .. n-1] in one AnalyseAllPlaysBin (method 2) or AnalyseAllPlaysPBN call. */
static void analyse_batch(int method, const int *members, int n)
{
    int i;
    for (i = 0; i < n; ++i) {
        bo.deals[i] = deal_of(&hands[members[i]]);
        bo_pbn.deals[i] = deal_pbn_of(&hands[members[i]]);
        trace_bin_of(&hands[members[i]], &traces_bin.plays[i]);
        trace_pbn_of(&hands[members[i]], &traces_pbn.plays[i]);
    }
    bo.noOfBoards = bo_pbn.noOfBoards = traces_bin.noOfBoards = traces_pbn.noOfBoards = n;
    memset(&solved_plays, 0, sizeof solved_plays);
    if (method == 2)
        CHECK_STATUS(AnalyseAllPlaysBin(&bo, &traces_bin, &solved_plays, 1), RETURN_NO_FAULT);
    else
        CHECK_STATUS(AnalyseAllPlaysPBN(&bo_pbn, &traces_pbn, &solved_plays, 4), RETURN_NO_FAULT);
    CHECK(solved_plays.noOfBoards == n);
    for (i = 0; i < n; ++i)
        check_trace(&solved_plays.solved[i], &hands[members[i]], members[i] + 1);
}

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
        int next = method;
        while (next < hand_count) {
            int members[MAXNOOFBOARDS], n = 0;
            for (; next < hand_count && n < MAXNOOFBOARDS; next += 4)
                members[n++] = next;
            analyse_batch(method, members, n);
        }
    }
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
    printf("%d hands, %d passed, %d failed\n", hand_count, passed, failed);
    return failed == 0 ? 0 : 1;
}
