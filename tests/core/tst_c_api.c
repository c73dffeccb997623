/*
 * The DDS-compatible C API, called from plain C as a DDS program would: every function, every
 * status code, and answers checked against DDS's own (rows of tests/data/solveboard.tsv and
 * ddtables.tsv, FUT / TABLE / PAR lines of tests/data/dds-hands/list10.txt, embedded below).
 * DDS lists equal-score cards in its search order, which carries no meaning: the FUT entries
 * are compared as a set, and the scores must be in descending order.
 */
#include "dll.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed;
static int failed;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond) {                                                                                \
            ++passed;                                                                              \
        } else {                                                                                   \
            ++failed;                                                                              \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                       \
        }                                                                                          \
    } while (0)

#define CHECK_STATUS(call, expected)                                                               \
    do {                                                                                           \
        const int got_ = (call);                                                                   \
        if (got_ == (expected)) {                                                                  \
            ++passed;                                                                              \
        } else {                                                                                   \
            ++failed;                                                                              \
            fprintf(stderr, "%s:%d: FAIL: %s returned %d, expected %d\n", __FILE__, __LINE__,      \
                    #call, got_, (expected));                                                      \
        }                                                                                          \
    } while (0)

/* ---- Helpers written here, independently of the library. ---- */

static int rank_of(char c)
{
    static const char ranks[] = "23456789TJQKA";
    const char *p = strchr(ranks, c);
    return c && p ? (int)(p - ranks) + 2 : 0;
}

static int suit_of(char c)
{
    static const char suits[] = "SHDC";
    const char *p = strchr(suits, c);
    return c && p ? (int)(p - suits) : -1;
}

/* "N:AKQ.JT9.876.5432 ..." (always from North here) into holdings. */
static void holdings_from_pbn(const char *pbn, unsigned int cards[4][4])
{
    int hand = 0, suit = 0;
    memset(cards, 0, sizeof(unsigned int) * 16);
    for (pbn += 2; *pbn; ++pbn) {
        if (*pbn == '.')
            ++suit;
        else if (*pbn == ' ') {
            ++hand;
            suit = 0;
        } else
            cards[hand][suit] |= 1u << rank_of(*pbn);
    }
}

static struct deal make_deal(const char *pbn, int trump, int first)
{
    struct deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = trump;
    dl.first = first;
    holdings_from_pbn(pbn, dl.remainCards);
    return dl;
}

static struct dealPBN make_deal_pbn(const char *pbn, int trump, int first)
{
    struct dealPBN dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = trump;
    dl.first = first;
    strncpy(dl.remainCards, pbn, sizeof dl.remainCards - 1);
    return dl;
}

static struct ddTableDealPBN make_table_deal_pbn(const char *pbn)
{
    struct ddTableDealPBN dl;
    memset(&dl, 0, sizeof dl);
    strncpy(dl.cards, pbn, sizeof dl.cards - 1);
    return dl;
}

static int seat_of(char c)
{
    const char *p = strchr("NESW", c);
    return c && p ? (int)(p - "NESW") : -1;
}

static int strain_of(char c)
{
    const char *p = strchr("SHDCN", c);
    return c && p ? (int)(p - "SHDCN") : -1;
}

/* Reads n integers separated by spaces. */
static void read_ints(const char *text, int *out, int n)
{
    char *end = NULL;
    int i;
    for (i = 0; i < n; ++i) {
        out[i] = (int)strtol(text, &end, 10);
        text = end;
    }
}

/* Scores by [suit][rank] of every card, equals expanded; -100 where no card is listed. */
static void expand(const struct futureTricks *fut, int scores[4][15])
{
    int i, r, s;
    for (s = 0; s < 4; ++s)
        for (r = 0; r < 15; ++r)
            scores[s][r] = -100;
    for (i = 0; i < fut->cards; ++i) {
        scores[fut->suit[i]][fut->rank[i]] = fut->score[i];
        for (r = 2; r <= 14; ++r)
            if (fut->equals[i] & (1 << r))
                scores[fut->suit[i]][r] = fut->score[i];
    }
}

static int scores_descending(const struct futureTricks *fut)
{
    int i;
    for (i = 1; i < fut->cards; ++i)
        if (fut->score[i] > fut->score[i - 1])
            return 0;
    return 1;
}

/* ---- Reference data copied from tests/data. ---- */

/* solveboard.tsv: trump, leader, trick, remaining, (tomove, tricks_left,) max, cards. */
static const char *const solveboard_rows[][6] = {
    {"C", "W", "DA", "N:543.A8.98.32 KJ6.Q962.KJ. T9.4.Q652.AQ 7.T7.T743.4", "4", "D9=4 D8=4"},
    {"S", "E", "SA", "N:6.JT74.96. 92.5.T82. .K86.Q.KJ3 Q.9.K75.84", "1",
     "HK=1 H8=1 H6=1 DQ=1 CK=1 CJ=1 C3=1"},
    {"S", "N", "H8 H9 D6", "N:..K2.Q964 .A6.9.J53 54..Q.K82 .T5.JT5.T7", "1", "HT=1 H5=1"},
    {"N", "E", "-", "N:.A73.. A..9.T ..KJ4. Q2.9..", "2", "SA=2 CT=2 D9=0"},
};

/* ddtables.tsv rows 40, 44, 45 (random deals): deal, then S.N .. NT.W. */
static const char *const ddtable_rows[][2] = {
    {"N:T7.AT9.AK8.JT954 653.K864.T65.Q72 AQJ94.QJ2.42.A63 K82.753.QJ973.K8",
     "10 3 10 3 9 4 9 4 7 6 7 6 10 3 10 3 9 3 9 3"},
    {"N:.AQJT843.Q5.AQJ7 KT872.765.J4.964 Q5.92.KT9863.T83 AJ9643.K.A72.K52",
     "5 8 5 8 12 1 12 1 10 3 10 3 10 1 10 2 6 2 6 2"},
    {"N:QJT732.Q952.K.T3 985.AKJ8.654.A52 6.7643.JT73.K874 AK4.T.AQ982.QJ96",
     "5 8 5 8 3 10 3 10 2 11 2 11 2 11 2 11 2 11 2 11"},
};

/* dds-hands/list10.txt, the first three hands: PBN (dealer vul trump first deal), FUT, TABLE,
 * PAR. */
struct dds_hand
{
    int vul, trump, first;
    const char *deal;
    const char *fut;
    const char *table;
    const char *par[4];
};

static const struct dds_hand list10[] = {
    {0,
     0,
     0,
     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
     "9 2 2 2 3 0 0 1 1 1 5 8 11 10 6 12 2 6 13 0 0 0 768 0 2048 0 32 0 5 5 5 5 5 5 4 4 4",
     "5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6",
     {"NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S"}},
    {2,
     4,
     1,
     "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
     "7 3 3 3 1 2 0 0 2 8 12 10 6 12 5 0 0 2048 0 0 3072 28 4 4 4 3 3 3 2",
     "4 9 4 9 10 2 10 2 8 3 8 3 6 7 6 7 9 3 9 3",
     {"NS 100", "EW -100", "NS:EW 4Sx", "EW:EW 4Sx"}},
    {0,
     0,
     2,
     "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
     "8 1 2 2 0 1 1 3 3 14 3 7 5 5 9 6 13 0 4 64 0 28 0 0 0 3 3 3 3 2 2 1 1",
     "3 10 3 10 9 4 9 4 8 4 8 4 3 9 3 9 4 8 4 8",
     {"NS -300", "EW 300", "NS:NS 5Hx", "EW:NS 5Hx"}},
};

/* A full deal for the status-code tests (ddtables.tsv row 40). */
static const char *const full_deal =
    "N:T7.AT9.AK8.JT954 653.K864.T65.Q72 AQJ94.QJ2.42.A63 K82.753.QJ973.K8";
static const int full_deal_hearts[4] = {9, 4, 9, 4}; /* H.N H.E H.S H.W */
/* A five-card ending. With East on lead in no trump, East-West take 1 trick (not with the H3). */
static const char *const ending = "N:AK.Q2.A.. QJ.A3..2 T9.K4..3 32.J5.K..";

/* ---- Tests. ---- */

static void test_solveboard_rows(void)
{
    size_t row;
    for (row = 0; row < sizeof solveboard_rows / sizeof solveboard_rows[0]; ++row) {
        const char *const *r = solveboard_rows[row];
        struct dealPBN dl = make_deal_pbn(r[3], strain_of(r[0][0]), seat_of(r[1][0]));
        struct deal bin = make_deal(r[3], strain_of(r[0][0]), seat_of(r[1][0]));
        struct futureTricks fut, futBin;
        int scores[4][15], binScores[4][15], expected[4][15];
        int k = 0, i, s, rk;
        const char *p;
        for (p = r[2]; *p && *p != '-'; p += 3, ++k) {
            dl.currentTrickSuit[k] = bin.currentTrickSuit[k] = suit_of(p[0]);
            dl.currentTrickRank[k] = bin.currentTrickRank[k] = rank_of(p[1]);
            if (!p[2])
                break;
        }
        CHECK_STATUS(SolveBoardPBN(dl, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
        CHECK_STATUS(SolveBoard(bin, -1, 3, 1, &futBin, 1), RETURN_NO_FAULT);
        CHECK(scores_descending(&fut));
        CHECK(fut.cards > 0 && fut.score[0] == atoi(r[4]));
        for (s = 0; s < 4; ++s)
            for (rk = 0; rk < 15; ++rk)
                expected[s][rk] = -100;
        for (p = r[5]; *p;) { /* "D9=4 D8=4" */
            char *end = NULL;
            const int score = (int)strtol(p + 3, &end, 10);
            expected[suit_of(p[0])][rank_of(p[1])] = score;
            p = *end ? end + 1 : end;
        }
        expand(&fut, scores);
        expand(&futBin, binScores);
        for (i = 0; i < 4 * 15; ++i) {
            CHECK(scores[i / 15][i % 15] == expected[i / 15][i % 15]);
            CHECK(binScores[i / 15][i % 15] == expected[i / 15][i % 15]);
        }
    }
}

static void check_table(const struct ddTableResults *table, const char *numbers)
{
    int expected[20], i;
    read_ints(numbers, expected, 20);
    for (i = 0; i < 20; ++i)
        CHECK(table->resTable[i / 4][i % 4] == expected[i]);
}

static void test_ddtable_rows(void)
{
    size_t row;
    for (row = 0; row < sizeof ddtable_rows / sizeof ddtable_rows[0]; ++row) {
        struct ddTableDealPBN pbn = make_table_deal_pbn(ddtable_rows[row][0]);
        struct ddTableDeal bin;
        struct ddTableResults table;
        memset(&table, 0xff, sizeof table);
        CHECK_STATUS(CalcDDtablePBN(pbn, &table), RETURN_NO_FAULT);
        check_table(&table, ddtable_rows[row][1]);
        holdings_from_pbn(ddtable_rows[row][0], bin.cards);
        memset(&table, 0xff, sizeof table);
        CHECK_STATUS(CalcDDtable(bin, &table), RETURN_NO_FAULT);
        check_table(&table, ddtable_rows[row][1]);
    }
}

/* FUT as DDS returns it: the same (suit, rank, equals, score) entries, as a set. */
static void check_fut(const struct futureTricks *fut, const char *line)
{
    int v[1 + 4 * 13], n, i, j;
    read_ints(line, v, 1);
    n = v[0];
    read_ints(line, v, 1 + 4 * n);
    CHECK(fut->cards == n);
    CHECK(scores_descending(fut));
    for (i = 0; i < n && i < fut->cards; ++i) {
        int found = 0;
        for (j = 0; j < n; ++j)
            found |= fut->suit[i] == v[1 + j] && fut->rank[i] == v[1 + n + j] &&
                fut->equals[i] == v[1 + 2 * n + j] && fut->score[i] == v[1 + 3 * n + j];
        CHECK(found);
        if (!found)
            fprintf(stderr, "  unexpected entry suit %d rank %d equals %d score %d\n", fut->suit[i],
                    fut->rank[i], fut->equals[i], fut->score[i]);
    }
}

static void check_par(const struct parResults *par, const char *const expected[4])
{
    CHECK(strcmp(par->parScore[0], expected[0]) == 0);
    CHECK(strcmp(par->parScore[1], expected[1]) == 0);
    CHECK(strcmp(par->parContractsString[0], expected[2]) == 0);
    CHECK(strcmp(par->parContractsString[1], expected[3]) == 0);
}

static void test_list10(void)
{
    size_t i;
    for (i = 0; i < sizeof list10 / sizeof list10[0]; ++i) {
        const struct dds_hand *h = &list10[i];
        struct dealPBN dl = make_deal_pbn(h->deal, h->trump, h->first);
        struct futureTricks fut;
        struct ddTableResults table;
        struct parResults par;
        int numbers[20], k;
        CHECK_STATUS(SolveBoardPBN(dl, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
        check_fut(&fut, h->fut);
        /* Par from the reference table (cheap), then CalcParPBN (table and par) for one. */
        read_ints(h->table, numbers, 20);
        for (k = 0; k < 20; ++k)
            table.resTable[k / 4][k % 4] = numbers[k];
        memset(&par, 0, sizeof par);
        CHECK_STATUS(Par(&table, &par, h->vul), RETURN_NO_FAULT);
        check_par(&par, h->par);
        if (i == 0) {
            memset(&par, 0, sizeof par);
            CHECK_STATUS(CalcParPBN(make_table_deal_pbn(h->deal), &table, h->vul, &par),
                         RETURN_NO_FAULT);
            check_table(&table, h->table);
            check_par(&par, h->par);
        }
    }
}

static void test_calc_par_binary(void)
{
    /* ddtables.tsv row 44 with East-West vulnerable (DDS code 3): par.tsv's "EW" row. */
    static const char *const expected[4] = {"NS 980", "EW -980", "NS:NS 6H", "EW:NS 6H"};
    struct ddTableDeal bin;
    struct ddTableResults table;
    struct parResults par;
    holdings_from_pbn(ddtable_rows[1][0], bin.cards);
    memset(&par, 0, sizeof par);
    CHECK_STATUS(CalcPar(bin, 3, &table, &par), RETURN_NO_FAULT);
    check_table(&table, ddtable_rows[1][1]);
    check_par(&par, expected);
}

static void test_calc_par_pbn(void)
{
    /* par.tsv line 175: the deal of ddtables.tsv row 44, North-South vulnerable (DDS code 2). */
    static const char *const expected[4] = {"NS 800", "EW -800", "NS:EW 6Sx", "EW:EW 6Sx"};
    struct ddTableResults table;
    struct parResults par;
    memset(&par, 0, sizeof par);
    CHECK_STATUS(CalcParPBN(make_table_deal_pbn(ddtable_rows[1][0]), &table, 2, &par),
                 RETURN_NO_FAULT);
    check_table(&table, ddtable_rows[1][1]);
    check_par(&par, expected);
}

static void test_options(void)
{
    struct futureTricks fut, fut2;
    struct deal dl = make_deal(ending, 4, 1);
    int i;
    /* One optimal card (target -1, solutions 1) scores the maximum of solutions 3. */
    CHECK_STATUS(SolveBoard(dl, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == 1 && fut2.score[0] == fut.score[0]);
    /* Every optimal card. */
    CHECK_STATUS(SolveBoard(dl, -1, 2, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == 3);
    for (i = 0; i < fut2.cards; ++i)
        CHECK(fut2.score[i] == fut.score[0] && !(fut2.suit[i] == 1 && fut2.rank[i] == 3));
    /* Target 0: one card / all cards, score 0. */
    CHECK_STATUS(SolveBoard(dl, 0, 1, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == 1 && fut2.score[0] == 0);
    CHECK_STATUS(SolveBoard(dl, 0, 2, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == fut.cards);
    /* Unreachable target: no card (DDS 2.9), with solutions 1 and 2; solutions 3 scores all. */
    CHECK(fut.cards == 4 && fut.score[0] == 1 && fut.score[3] == 0);
    CHECK(fut.suit[3] == 1 && fut.rank[3] == 3);
    CHECK_STATUS(SolveBoard(dl, fut.score[0] + 1, 1, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == 0);
    CHECK_STATUS(SolveBoard(dl, fut.score[0] + 1, 2, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == 0);
    CHECK_STATUS(SolveBoard(dl, fut.score[0] + 1, 3, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards == fut.cards && fut2.score[0] == fut.score[0]);
    /* Reachable target: the score is the target. */
    CHECK_STATUS(SolveBoard(dl, fut.score[0], 2, 1, &fut2, 0), RETURN_NO_FAULT);
    CHECK(fut2.cards >= 1 && fut2.score[0] == fut.score[0]);
    /* Mode 2 reuses the table: each leader in hearts gets the DD table's answer. */
    for (i = 0; i < 4; ++i) {
        struct deal d = make_deal(full_deal, 1, i);
        CHECK_STATUS(SolveBoard(d, -1, 1, i == 0 ? 1 : 2, &fut, 0), RETURN_NO_FAULT);
        CHECK(fut.cards == 1 && fut.score[0] == 13 - full_deal_hearts[(i + 3) % 4]);
    }
    /* Mode 0: a single choice is not searched (score -2). North led the S2; East holds the S3
     * and the C2, so must play the S3. */
    dl = make_deal("N:.7.. 3...2 4.2.. K.8..", 4, 0);
    dl.currentTrickSuit[0] = 0;
    dl.currentTrickRank[0] = 2;
    CHECK_STATUS(SolveBoard(dl, -1, 3, 0, &fut, 0), RETURN_NO_FAULT);
    CHECK(fut.cards == 1 && fut.score[0] == -2 && fut.suit[0] == 0 && fut.rank[0] == 3 &&
          fut.equals[0] == 0);
    CHECK_STATUS(SolveBoard(dl, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    /* West's SK wins the trick and West's H8 the last one: East-West take both. */
    CHECK(fut.cards == 1 && fut.score[0] == 2);
    /* With a choice, mode 0 searches. */
    dl.first = 3;
    dl.currentTrickRank[0] = 0;
    dl.remainCards[0][0] |= 1u << 2;
    CHECK_STATUS(SolveBoard(dl, -1, 3, 0, &fut, 0), RETURN_NO_FAULT);
    CHECK(fut.cards == 2 && fut.score[0] >= 0 && fut.score[1] >= 0);
}

static void test_status_codes(void)
{
    struct futureTricks fut;
    struct deal good = make_deal(full_deal, 0, 0), dl;
    struct dealPBN pbn;
    struct ddTableDeal tableDeal;
    struct ddTableResults table;
    struct parResults par;
    char line[80];
    int h, s;

    CHECK_STATUS(SolveBoard(good, -1, 1, 1, &fut, 0), RETURN_NO_FAULT);
    CHECK_STATUS(SolveBoard(good, -1, 1, 1, &fut, -1), RETURN_THREAD_INDEX);
    CHECK_STATUS(SolveBoard(good, -1, 1, 1, &fut, MAXNOOFTHREADS), RETURN_THREAD_INDEX);
    CHECK_STATUS(SolveBoard(good, -1, 1, 1, NULL, 0), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(SolveBoard(good, -2, 1, 1, &fut, 0), RETURN_TARGET_WRONG_LO);
    CHECK_STATUS(SolveBoard(good, 14, 1, 1, &fut, 0), RETURN_TARGET_WRONG_HI);
    CHECK_STATUS(SolveBoard(good, -1, 0, 1, &fut, 0), RETURN_SOLNS_WRONG_LO);
    CHECK_STATUS(SolveBoard(good, -1, 4, 1, &fut, 0), RETURN_SOLNS_WRONG_HI);
    CHECK_STATUS(SolveBoard(good, -1, 1, -1, &fut, 0), RETURN_MODE_WRONG_LO);
    CHECK_STATUS(SolveBoard(good, -1, 1, 3, &fut, 0), RETURN_MODE_WRONG_HI);
    /* Several faults: the first in DDS's order wins. */
    CHECK_STATUS(SolveBoard(good, 14, 0, 1, &fut, 0), RETURN_TARGET_WRONG_HI);
    CHECK_STATUS(SolveBoard(good, -1, 5, 7, &fut, 0), RETURN_SOLNS_WRONG_HI);

    dl = good;
    dl.trump = 5;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_TRUMP_WRONG);
    dl = good;
    dl.first = 4;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_FIRST_WRONG);

    /* -12: current-trick cards out of range, or a card after an empty slot; holding bits
     * outside 2..14. */
    dl = good;
    dl.currentTrickRank[0] = 15;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl.currentTrickRank[0] = 1;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl.currentTrickRank[0] = 14;
    dl.currentTrickSuit[0] = 4;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl.currentTrickSuit[0] = -1;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl = good;
    dl.currentTrickSuit[1] = 0;
    dl.currentTrickRank[1] = 14;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl = good;
    dl.remainCards[2][3] |= 1u; /* bit 0 */
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);
    dl = good;
    dl.remainCards[1][0] |= 1u << 15;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_SUIT_OR_RANK);

    /* -2: no card left; -10: more than 52 cards (every hand holding the whole pack). */
    memset(&dl, 0, sizeof dl);
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_ZERO_CARDS);
    dl.currentTrickSuit[0] = 0;
    dl.currentTrickRank[0] = 14;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_ZERO_CARDS);
    for (h = 0; h < 4; ++h)
        for (s = 0; s < 4; ++s)
            dl.remainCards[h][s] = 0x7ffc;
    dl.currentTrickRank[0] = 0;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_TOO_MANY_CARDS);

    /* -3: target above the tricks left (5 in this ending). */
    dl = make_deal(ending, 4, 3);
    CHECK_STATUS(SolveBoard(dl, 5, 1, 1, &fut, 0), RETURN_NO_FAULT);
    CHECK_STATUS(SolveBoard(dl, 6, 1, 1, &fut, 0), RETURN_TARGET_TOO_HIGH);

    /* -13: North's SK played to the trick by North, and still held. */
    dl = make_deal(ending, 4, 0);
    dl.currentTrickSuit[0] = 0;
    dl.currentTrickRank[0] = 13;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_PLAYED_CARD);
    /* ... and correctly removed from North's hand: fine. */
    dl.remainCards[0][0] &= ~(1u << 13);
    CHECK_STATUS(SolveBoard(dl, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);

    /* -14: a hand short of a card (at the start of a trick), or the trick's lengths wrong. */
    dl = good;
    dl.remainCards[0][0] &= ~(1u << 10);
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_CARD_COUNT);
    dl.first = 1; /* East led the card North lacks: still wrong (East holds 13) */
    dl.currentTrickSuit[0] = 0;
    dl.currentTrickRank[0] = 10;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_CARD_COUNT);
    dl.first = 0; /* North led it: right (target 0 answers without a search) */
    CHECK_STATUS(SolveBoard(dl, 0, 1, 1, &fut, 0), RETURN_NO_FAULT);

    /* -4: East holds North's ST instead of its own S6 (every hand 13 cards). */
    dl = good;
    dl.remainCards[1][0] = (dl.remainCards[1][0] & ~(1u << 6)) | (1u << 10);
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_DUPLICATE_CARDS);
    /* Twice the same card in the trick. */
    dl = make_deal(ending, 4, 0);
    dl.remainCards[0][0] = 1u << 14;
    dl.remainCards[1][0] = 1u << 12;
    dl.currentTrickSuit[0] = dl.currentTrickSuit[1] = 0;
    dl.currentTrickRank[0] = dl.currentTrickRank[1] = 13;
    CHECK_STATUS(SolveBoard(dl, -1, 1, 1, &fut, 0), RETURN_DUPLICATE_CARDS);

    /* PBN: no hand letter, or cards beyond four hands. */
    pbn = make_deal_pbn("X:AK.Q2.A.. QJ.A3..2 T9.K4..3 32.J5.K..", 4, 3);
    CHECK_STATUS(SolveBoardPBN(pbn, -1, 1, 1, &fut, 0), RETURN_PBN_FAULT);
    /* As DDS 2.9: what follows the fourth hand is ignored; a fifth suit before it is not. */
    pbn = make_deal_pbn("N:AK.Q2.A.. QJ.A3..2 T9.K4..3 32.J5.K.. 4", 4, 3);
    CHECK_STATUS(SolveBoardPBN(pbn, -1, 1, 1, &fut, 0), RETURN_NO_FAULT);
    pbn = make_deal_pbn("N:AK.Q2.A...4 QJ.A3..2 T9.K4..3 32.J5.K..", 4, 3);
    CHECK_STATUS(SolveBoardPBN(pbn, -1, 1, 1, &fut, 0), RETURN_PBN_FAULT);
    pbn = make_deal_pbn("W:32.J5.K.. AK.Q2.A.. QJ.A3..2 T9.K4..3", 4, 3);
    CHECK_STATUS(SolveBoardPBN(pbn, -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    pbn = make_deal_pbn(ending, 4, 3);
    CHECK_STATUS(SolveBoardPBN(pbn, 6, 1, 1, &fut, 0), RETURN_TARGET_TOO_HIGH);
    CHECK_STATUS(SolveBoardPBN(pbn, -1, 1, 1, &fut, 16), RETURN_THREAD_INDEX);

    /* CalcDDtable reports the faults SolveBoard finds in the deal. */
    holdings_from_pbn(full_deal, tableDeal.cards);
    tableDeal.cards[3][3] &= ~(1u << 13);
    CHECK_STATUS(CalcDDtable(tableDeal, &table), RETURN_CARD_COUNT);
    tableDeal.cards[3][3] |= 1u << 13;
    tableDeal.cards[3][3] |= 1u << 1;
    CHECK_STATUS(CalcDDtable(tableDeal, &table), RETURN_SUIT_OR_RANK);
    tableDeal.cards[3][3] &= ~(1u << 1);
    tableDeal.cards[1][0] = (tableDeal.cards[1][0] & ~(1u << 6)) | (1u << 10);
    CHECK_STATUS(CalcDDtable(tableDeal, &table), RETURN_DUPLICATE_CARDS);
    memset(&tableDeal, 0, sizeof tableDeal);
    CHECK_STATUS(CalcDDtable(tableDeal, &table), RETURN_ZERO_CARDS);
    memset(&tableDeal, 0xff, sizeof tableDeal);
    for (h = 0; h < 4; ++h)
        for (s = 0; s < 4; ++s)
            tableDeal.cards[h][s] = 0x7ffc;
    CHECK_STATUS(CalcDDtable(tableDeal, &table), RETURN_TOO_MANY_CARDS);
    CHECK_STATUS(CalcDDtable(tableDeal, NULL), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(CalcDDtablePBN(make_table_deal_pbn("?"), &table), RETURN_PBN_FAULT);
    CHECK_STATUS(CalcDDtablePBN(make_table_deal_pbn(""), &table), RETURN_PBN_FAULT);
    CHECK_STATUS(CalcParPBN(make_table_deal_pbn("?"), &table, 0, &par), RETURN_PBN_FAULT);
    CHECK_STATUS(
        CalcParPBN(make_table_deal_pbn("N:AK.Q2.A.. QJ.A3..2 T9.K4..3 32.J5.."), &table, 0, &par),
        RETURN_CARD_COUNT);

    /* -1: an unknown vulnerability, a table value out of range, a null result pointer. */
    holdings_from_pbn(full_deal, tableDeal.cards);
    CHECK_STATUS(CalcPar(tableDeal, 4, &table, &par), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(CalcPar(tableDeal, -1, &table, &par), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(CalcPar(tableDeal, 0, &table, NULL), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(CalcParPBN(make_table_deal_pbn(full_deal), &table, 5, &par), RETURN_UNKNOWN_FAULT);
    memset(&table, 0, sizeof table);
    CHECK_STATUS(Par(&table, &par, 0), RETURN_NO_FAULT);
    CHECK(strcmp(par.parScore[0], "NS 0") == 0 && strcmp(par.parContractsString[0], "NS:") == 0);
    table.resTable[2][1] = 14;
    CHECK_STATUS(Par(&table, &par, 0), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(Par(&table, &par, 4), RETURN_UNKNOWN_FAULT);
    CHECK_STATUS(Par(NULL, &par, 0), RETURN_UNKNOWN_FAULT);

    ErrorMessage(RETURN_DUPLICATE_CARDS, line);
    CHECK(strcmp(line, TEXT_DUPLICATE_CARDS) == 0);
    ErrorMessage(RETURN_NO_FAULT, line);
    CHECK(strcmp(line, TEXT_NO_FAULT) == 0);
    ErrorMessage(RETURN_UNKNOWN_FAULT, line);
    CHECK(strcmp(line, TEXT_UNKNOWN_FAULT) == 0);
    ErrorMessage(-1000, line);
    CHECK(strcmp(line, "Not a DDS error code") == 0);
}

static void test_housekeeping(void)
{
    struct futureTricks fut;
    SetMaxThreads(0);
    FreeMemory();
    CHECK_STATUS(SolveBoard(make_deal(ending, 2, 1), -1, 3, 1, &fut, 0), RETURN_NO_FAULT);
    FreeMemory();
    FreeMemory();
}

/* An ending with a known answer: West on lead in NT, cards of each suit in order. */
static void test_end_position_table(void)
{
    struct ddTableDealPBN dl = make_table_deal_pbn("N:A... K... Q... J...");
    struct ddTableResults table;
    int s, h;
    CHECK_STATUS(CalcDDtablePBN(dl, &table), RETURN_NO_FAULT);
    /* Spades: North's ace wins whoever leads; no trump and other trumps alike. */
    for (s = 0; s < 5; ++s)
        for (h = 0; h < 4; ++h)
            CHECK(table.resTable[s][h] == (h % 2 == 0 ? 1 : 0));
}

/* Several threads at once, each with its own threadIndex: every answer as on one thread. */
struct thread_job
{
    int index;
    int wrong;
};

static void *solve_in_thread(void *arg)
{
    struct thread_job *job = (struct thread_job *)arg;
    int round, k;
    for (round = 0; round < 3; ++round) {
        for (k = 0; k < 3; ++k) {
            const struct dds_hand *h = &list10[(job->index + k) % 3];
            struct futureTricks fut;
            int expected[1 + 4 * 13];
            read_ints(h->fut, expected, 2 + 3 * 13);
            if (SolveBoardPBN(make_deal_pbn(h->deal, h->trump, h->first), -1, 1, 1, &fut,
                              job->index) != RETURN_NO_FAULT ||
                fut.cards != 1 || fut.score[0] != expected[1 + 3 * expected[0]])
                ++job->wrong;
        }
    }
    return NULL;
}

static void test_threads(void)
{
    pthread_t threads[4];
    struct thread_job jobs[4];
    int i;
    for (i = 0; i < 4; ++i) {
        jobs[i].index = i;
        jobs[i].wrong = 0;
        CHECK(pthread_create(&threads[i], NULL, solve_in_thread, &jobs[i]) == 0);
    }
    for (i = 0; i < 4; ++i) {
        CHECK(pthread_join(threads[i], NULL) == 0);
        CHECK(jobs[i].wrong == 0);
    }
}

int main(void)
{
    test_status_codes();
    test_options();
    test_housekeeping();
    test_end_position_table();
    test_solveboard_rows();
    test_list10();
    test_ddtable_rows();
    test_calc_par_binary();
    test_calc_par_pbn();
    test_threads();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
