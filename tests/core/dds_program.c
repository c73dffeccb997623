/* A minimal DDS program, built by c_api_pkgconfig.cmake against the installed library with
 * only `#include "dll.h"` and pkg-config's flags. */
#include "dll.h"

#include <stdio.h>
#include <string.h>

int main(void)
{
    struct dealPBN dl;
    struct futureTricks fut;
    struct ddTableDealPBN tableDeal;
    struct ddTableResults table;
    int status;

    memset(&dl, 0, sizeof dl);
    dl.trump = 4;
    dl.first = 1;
    strcpy(dl.remainCards, "N:AK.Q2.A.. QJ.A3..2 T9.K4..3 32.J5.K..");
    status = SolveBoardPBN(dl, -1, 3, 1, &fut, 0);
    if (status != RETURN_NO_FAULT || fut.cards != 4 || fut.score[0] != 1) {
        printf("SolveBoardPBN: status %d\n", status);
        return 1;
    }
    strcpy(tableDeal.cards, "N:A... K... Q... J...");
    status = CalcDDtablePBN(tableDeal, &table);
    if (status != RETURN_NO_FAULT || table.resTable[4][0] != 1 || table.resTable[4][1] != 0) {
        printf("CalcDDtablePBN: status %d\n", status);
        return 1;
    }
    printf("East leads for %d tricks in no trump\n", fut.score[0]);
    return 0;
}
