/* The shared part of tst_dds_compat: checks, DDS's hand files, deals, batch structs. */
#include "dds_compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int passed;
int failed;

int check(int ok, const char *what, const char *file, int line)
{
    if (ok)
        ++passed;
    else {
        ++failed;
        fprintf(stderr, "%s:%d: FAIL: %s\n", file, line, what);
    }
    return ok;
}

void check_status(int got, int expected, const char *what, const char *file, int line)
{
    if (got == expected)
        ++passed;
    else {
        ++failed;
        fprintf(stderr, "%s:%d: FAIL: %s returned %d, expected %d\n", file, line, what, got,
                expected);
    }
}

/* ---- Reading the hand files. ---- */

struct hand hands[MAX_HANDS];
int hand_count;

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

int read_file(const char *path)
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

int index_of(char c, const char *letters)
{
    const char *p = c ? strchr(letters, c) : NULL;
    return p ? (int)(p - letters) : -1;
}

/* "E:QJT5432.T.6.QJ82 ..." (any first hand) into [hand][suit] holdings. */
void holdings_from_pbn(const char *pbn, unsigned int cards[4][4])
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

struct deal deal_of(const struct hand *h)
{
    struct deal dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = h->trump;
    dl.first = h->first;
    holdings_from_pbn(h->deal, dl.remainCards);
    return dl;
}

struct dealPBN deal_pbn_of(const struct hand *h)
{
    struct dealPBN dl;
    memset(&dl, 0, sizeof dl);
    dl.trump = h->trump;
    dl.first = h->first;
    strcpy(dl.remainCards, h->deal);
    return dl;
}

struct boards bo;
struct boardsPBN bo_pbn;
struct solvedBoards solved;
struct ddTableDeals table_deals;
struct ddTableDealsPBN table_deals_pbn;
struct ddTablesRes tables;
struct allParResults all_par;
struct playTracesBin traces_bin;
struct playTracesPBN traces_pbn;
struct solvedPlays solved_plays;
