/* Shared by the files of tst_dds_compat (see tst_dds_compat.c): the checks, DDS's hand files,
 * deals built from them, and the batch structs (too large for the stack). */
#ifndef TENACE_DDS_COMPAT_H
#define TENACE_DDS_COMPAT_H

#include "dll.h"

#include <stddef.h>

/* The DDS manual: threadIndex is 0 .. 15 (DDS 2.9's header has no macro for it). */
#define THREAD_INDEXES 16

#define CHECK(cond) check((cond) != 0, #cond, __FILE__, __LINE__)
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __FILE__, __LINE__)

int check(int ok, const char *what, const char *file, int line);
void check_status(int got, int expected, const char *what, const char *file, int line);
extern int passed;
extern int failed;

#define MAX_HANDS 1000

/* One hand of a DDS hand file: its PBN, FUT, TABLE, PAR, PAR2, PLAY and TRACE records. */
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

extern struct hand hands[MAX_HANDS];
extern int hand_count;
/* Appends the hands of a list*.txt file; 0 when it cannot be read. */
int read_file(const char *path);

int index_of(char c, const char *letters);
void holdings_from_pbn(const char *pbn, unsigned int cards[4][4]);
struct deal deal_of(const struct hand *h);
struct dealPBN deal_pbn_of(const struct hand *h);

extern struct boards bo;
extern struct boardsPBN bo_pbn;
extern struct solvedBoards solved;
extern struct ddTableDeals table_deals;
extern struct ddTableDealsPBN table_deals_pbn;
extern struct ddTablesRes tables;
extern struct allParResults all_par;
extern struct playTracesBin traces_bin;
extern struct playTracesPBN traces_pbn;
extern struct solvedPlays solved_plays;

/* dds_compat_faults.c */
void test_layouts(void);
void test_status_codes(void);
void test_stricter_checks(void);
void test_configuration(void);

#endif
