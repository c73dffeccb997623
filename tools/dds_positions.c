/*
 * tenace-dds-positions: DDS's SolveBoardPBN answers (target -1, mode 1, solutions 1, 2 and 3) for
 * the mid-play positions of a solveboard.tsv file, one line per position, in the form of
 * tests/data/dds-positions.tsv. Linked against DDS (or, as tenace-dds-positions-ours, against
 * libtenace-dds, so that the two outputs can be diffed).
 *
 *   tenace-dds-positions tests/data/solveboard.tsv > dds-positions.tsv
 */
#include DLL_HEADER

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int seat_of(char c)
{
    return c == 'N' ? 0 : c == 'E' ? 1 : c == 'S' ? 2 : 3;
}
static int strain_of(char c)
{
    return c == 'S' ? 0 : c == 'H' ? 1 : c == 'D' ? 2 : c == 'C' ? 3 : 4;
}
static int rank_of(char c)
{
    return (int)(strchr("23456789TJQKA", c) - "23456789TJQKA") + 2;
}

static void print_fut(const struct futureTricks *fut)
{
    int i;
    printf("\t%d", fut->cards);
    for (i = 0; i < fut->cards; ++i)
        printf(" %c%c:%d:%d", "SHDC"[fut->suit[i] & 3], "xx23456789TJQKA"[fut->rank[i] & 15],
               fut -> equals[i], fut -> score[i]);
}

int main(int argc, char **argv)
{
    char line[1024];
    FILE *in;
    if (argc != 2 || !(in = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: tenace-dds-positions SOLVEBOARD.TSV\n");
        return 2;
    }
    SetMaxThreads(1);
    printf("#trump\tleader\ttrick\tremaining\tsolutions_1\tsolutions_2\tsolutions_3\n");
    while (fgets(line, sizeof line, in)) {
        char *field[8], *p = line, *c;
        struct dealPBN dl;
        int i, k = 0, solutions;
        if (line[0] == '#')
            continue;
        for (i = 0; i < 8; ++i) {
            field[i] = p;
            p = p ? strchr(p, '\t') : NULL;
            if (p)
                *p++ = '\0';
        }
        memset(&dl, 0, sizeof dl);
        dl.trump = strain_of(field[0][0]);
        dl.first = seat_of(field[1][0]);
        for (c = field[2]; *c && *c != '-'; c += c[2] == ' ' ? 3 : 2, ++k) {
            dl.currentTrickSuit[k] = strain_of(c[0]);
            dl.currentTrickRank[k] = rank_of(c[1]);
        }
        strncpy(dl.remainCards, field[3], sizeof dl.remainCards - 1);
        printf("%s\t%s\t%s\t%s", field[0], field[1], field[2], field[3]);
        for (solutions = 1; solutions <= 3; ++solutions) {
            struct futureTricks fut;
            memset(&fut, 0, sizeof fut);
            if (SolveBoardPBN(dl, -1, solutions, 1, &fut, 0) != RETURN_NO_FAULT)
                return 1;
            print_fut(&fut);
        }
        printf("\n");
    }
    return 0;
}
