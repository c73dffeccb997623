/* tenace-dds-layout: prints the size of every struct of a DDS dll.h and the offset of each
 * field, one "struct.field offset" line each, so that two headers (DDS's own and ours) can be
 * compared with diff, and the numbers pinned in tests/core/tst_dds_compat.c. Built against
 * DDS's header only with -DTENACE_DDS_REFERENCE=ON (see scripts/dds-reference.sh); never
 * installed. */
#include DLL_HEADER

#include <stddef.h>
#include <stdio.h>

#define SIZE(s) printf("%-36s %6zu\n", "sizeof " #s, sizeof(struct s))
#define FIELD(s, f) printf("%-36s %6zu\n", #s "." #f, offsetof(struct s, f))

int main(void)
{
    SIZE(futureTricks);
    FIELD(futureTricks, nodes), FIELD(futureTricks, cards), FIELD(futureTricks, suit);
    FIELD(futureTricks, rank), FIELD(futureTricks, equals), FIELD(futureTricks, score);
    SIZE(deal);
    FIELD(deal, trump), FIELD(deal, first), FIELD(deal, currentTrickSuit);
    FIELD(deal, currentTrickRank), FIELD(deal, remainCards);
    SIZE(dealPBN);
    FIELD(dealPBN, trump), FIELD(dealPBN, first), FIELD(dealPBN, currentTrickSuit);
    FIELD(dealPBN, currentTrickRank), FIELD(dealPBN, remainCards);
    SIZE(boards);
    FIELD(boards, noOfBoards), FIELD(boards, deals), FIELD(boards, target);
    FIELD(boards, solutions), FIELD(boards, mode);
    SIZE(boardsPBN);
    FIELD(boardsPBN, noOfBoards), FIELD(boardsPBN, deals), FIELD(boardsPBN, target);
    FIELD(boardsPBN, solutions), FIELD(boardsPBN, mode);
    SIZE(solvedBoards);
    FIELD(solvedBoards, noOfBoards), FIELD(solvedBoards, solvedBoard);
    SIZE(ddTableDeal);
    FIELD(ddTableDeal, cards);
    SIZE(ddTableDeals);
    FIELD(ddTableDeals, noOfTables), FIELD(ddTableDeals, deals);
    SIZE(ddTableDealPBN);
    FIELD(ddTableDealPBN, cards);
    SIZE(ddTableDealsPBN);
    FIELD(ddTableDealsPBN, noOfTables), FIELD(ddTableDealsPBN, deals);
    SIZE(ddTableResults);
    FIELD(ddTableResults, resTable);
    SIZE(ddTablesRes);
    FIELD(ddTablesRes, noOfBoards), FIELD(ddTablesRes, results);
    SIZE(parResults);
    FIELD(parResults, parScore), FIELD(parResults, parContractsString);
    SIZE(allParResults);
    FIELD(allParResults, presults);
    SIZE(parResultsDealer);
    FIELD(parResultsDealer, number), FIELD(parResultsDealer, score);
    FIELD(parResultsDealer, contracts);
    SIZE(contractType);
    FIELD(contractType, underTricks), FIELD(contractType, overTricks);
    FIELD(contractType, level), FIELD(contractType, denom), FIELD(contractType, seats);
    SIZE(parResultsMaster);
    FIELD(parResultsMaster, score), FIELD(parResultsMaster, number);
    FIELD(parResultsMaster, contracts);
    SIZE(parTextResults);
    FIELD(parTextResults, parText), FIELD(parTextResults, equal);
    SIZE(playTraceBin);
    FIELD(playTraceBin, number), FIELD(playTraceBin, suit), FIELD(playTraceBin, rank);
    SIZE(playTracePBN);
    FIELD(playTracePBN, number), FIELD(playTracePBN, cards);
    SIZE(solvedPlay);
    FIELD(solvedPlay, number), FIELD(solvedPlay, tricks);
    SIZE(playTracesBin);
    FIELD(playTracesBin, noOfBoards), FIELD(playTracesBin, plays);
    SIZE(playTracesPBN);
    FIELD(playTracesPBN, noOfBoards), FIELD(playTracesPBN, plays);
    SIZE(solvedPlays);
    FIELD(solvedPlays, noOfBoards), FIELD(solvedPlays, solved);
    SIZE(DDSInfo);
    FIELD(DDSInfo, major), FIELD(DDSInfo, minor), FIELD(DDSInfo, patch);
    FIELD(DDSInfo, versionString), FIELD(DDSInfo, system), FIELD(DDSInfo, numBits);
    FIELD(DDSInfo, compiler), FIELD(DDSInfo, constructor), FIELD(DDSInfo, numCores);
    FIELD(DDSInfo, threading), FIELD(DDSInfo, noOfThreads), FIELD(DDSInfo, threadSizes);
    FIELD(DDSInfo, systemString);
    printf("%-36s %6d\n", "DDS_VERSION", DDS_VERSION);
    printf("%-36s %6d\n", "MAXNOOFBOARDS", MAXNOOFBOARDS);
    printf("%-36s %6d\n", "MAXNOOFTABLES", MAXNOOFTABLES);
    return 0;
}
