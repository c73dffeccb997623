/*
 * Tenace's DDS-compatible C API (libtenace-dds).
 *
 * Every function, struct, constant and macro of the DDS 2.9 DLL interface ("Double Dummy Problem
 * Solver" by Bo Haglund and Soren Hein), with the same names, parameters, struct layouts (sizes
 * and offsets) and status codes, so that a C or C++ program written against DDS's dll.h compiles
 * and links against this library unchanged, and a program that loads libdds.so at run time can
 * load libtenace-dds.so instead:
 *
 *   cc prog.c $(pkg-config --cflags --libs tenace-dds)      with  #include "dll.h"
 *
 * No initialisation call is needed. Every function blocks until it is done and is thread-safe:
 * each calling thread has its own solver, whose transposition table stays warm between calls on
 * the same deal and trump (so SolveBoard's mode 2 behaves like mode 1). threadIndex is checked
 * (0 .. MAXNOOFTHREADS - 1) as DDS does but is otherwise not needed. The batch functions
 * (CalcDDtable, CalcAllTables, SolveAllBoards, AnalyseAllPlays) run on a pool of threads, all
 * cores unless SetMaxThreads or SetResources asks for fewer.
 *
 * Encodings (as DDS): suits and strains 0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs,
 * 4 = no trump; hands 0 = North, 1 = East, 2 = South, 3 = West; a holding is a bit string of
 * ranks, bit 2 = deuce .. bit 14 = ace (bits 0, 1 and 15 up must be zero); ranks are 2 .. 14.
 *
 * The constants are preprocessor macros because that is what DDS programs use.
 */
#ifndef TENACE_DDS_DLL_H
#define TENACE_DDS_DLL_H

#ifdef __cplusplus
#define EXTERN_C extern "C"
#else
#define EXTERN_C
#endif

#if defined(_WIN32)
#define DLLEXPORT __declspec(dllexport)
#define STDCALL __stdcall
#else
#define DLLEXPORT __attribute__((visibility("default")))
#define STDCALL
#endif

#if !defined(__cplusplus)
#include <stdbool.h> /* parTextResults.equal */
#endif
#if !defined(_WIN32) && !defined(INT8)
#define INT8 char
#endif

#define DDS_VERSION 20900 /* 2.9.0: major * 10000 + minor * 100 + patch */

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5

#define MAXNOOFBOARDS 200 /* boards per SolveAllBoards / AnalyseAllPlays call */
#define MAXNOOFTABLES 40 /* tables per CalcAllTables call with all five strains */
#define MAXNOOFTHREADS 16 /* threadIndex is 0 .. MAXNOOFTHREADS - 1 */

/* Status codes. Every int function returns RETURN_NO_FAULT or one of the errors; ErrorMessage
 * gives the matching TEXT_. */
#define RETURN_NO_FAULT 1
#define TEXT_NO_FAULT "Success"
#define RETURN_UNKNOWN_FAULT -1 /* a null result pointer, an invalid vulnerability, no memory */
#define TEXT_UNKNOWN_FAULT "General error"
#define RETURN_ZERO_CARDS -2
#define TEXT_ZERO_CARDS "Zero cards"
#define RETURN_TARGET_TOO_HIGH -3
#define TEXT_TARGET_TOO_HIGH "Target exceeds number of tricks"
#define RETURN_DUPLICATE_CARDS -4
#define TEXT_DUPLICATE_CARDS "Cards duplicated"
#define RETURN_TARGET_WRONG_LO -5
#define TEXT_TARGET_WRONG_LO "Target is less than -1"
#define RETURN_TARGET_WRONG_HI -7
#define TEXT_TARGET_WRONG_HI "Target is higher than 13"
#define RETURN_SOLNS_WRONG_LO -8
#define TEXT_SOLNS_WRONG_LO "Solutions parameter is less than 1"
#define RETURN_SOLNS_WRONG_HI -9
#define TEXT_SOLNS_WRONG_HI "Solutions parameter is higher than 3"
#define RETURN_TOO_MANY_CARDS -10
#define TEXT_TOO_MANY_CARDS "Too many cards"
#define RETURN_SUIT_OR_RANK -12
#define TEXT_SUIT_OR_RANK "currentTrickSuit or currentTrickRank has wrong data"
#define RETURN_PLAYED_CARD -13
#define TEXT_PLAYED_CARD "Played card also remains in a hand"
#define RETURN_CARD_COUNT -14
#define TEXT_CARD_COUNT "Wrong number of remaining cards in a hand"
#define RETURN_THREAD_INDEX -15
#define TEXT_THREAD_INDEX "Thread index is not 0 .. maximum"
#define RETURN_MODE_WRONG_LO -16
#define TEXT_MODE_WRONG_LO "Mode parameter is less than 0"
#define RETURN_MODE_WRONG_HI -17
#define TEXT_MODE_WRONG_HI "Mode parameter is higher than 2"
#define RETURN_TRUMP_WRONG -18
#define TEXT_TRUMP_WRONG "Trump is not in 0 .. 4"
#define RETURN_FIRST_WRONG -19
#define TEXT_FIRST_WRONG "First is not in 0 .. 2" /* sic: first is 0 .. 3 */
#define RETURN_PLAY_FAULT -98 /* a card of a play trace not held, or not following suit */
#define TEXT_PLAY_FAULT "AnalysePlay input error"
#define RETURN_PBN_FAULT -99
#define TEXT_PBN_FAULT "PBN string error"
#define RETURN_TOO_MANY_BOARDS -101
#define TEXT_TOO_MANY_BOARDS "Too many boards requested"
#define RETURN_THREAD_CREATE -102
#define TEXT_THREAD_CREATE "Could not create threads"
#define RETURN_THREAD_WAIT -103
#define TEXT_THREAD_WAIT "Something failed waiting for thread to end"
#define RETURN_THREAD_MISSING -104
#define TEXT_THREAD_MISSING "Multi-threading system not present"
#define RETURN_NO_SUIT -201
#define TEXT_NO_SUIT "Denomination filter vector has no entries"
#define RETURN_TOO_MANY_TABLES -202
#define TEXT_TOO_MANY_TABLES "Too many DD tables requested"
#define RETURN_CHUNK_SIZE -301
#define TEXT_CHUNK_SIZE "Chunk size is less than 1"

/* SolveBoard's answer: `cards` entries, each the highest card of a group of equivalent cards
 * (suit, rank), the lower cards of the group (`equals`, a holding) and its `score` (tricks for
 * the side to play; -2 single choice not searched in mode 0). */
struct futureTricks
{
    int nodes;
    int cards;
    int suit[13];
    int rank[13];
    int equals[13];
    int score[13];
};

/* A position: the leader of the current trick, up to three cards already played to it (rank 0
 * = no card), and the cards still held (the current trick's cards excluded). */
struct deal
{
    int trump; /* 0-3 = S H D C, 4 = no trump */
    int first; /* the hand leading to the current trick, 0-3 = N E S W */
    int currentTrickSuit[3];
    int currentTrickRank[3]; /* 2-14, or 0 when no card has been played */
    unsigned int remainCards[DDS_HANDS][DDS_SUITS]; /* [hand][suit] holdings */
};

/* As deal, with the remaining cards as a PBN deal string, e.g.
 * "W:T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K". */
struct dealPBN
{
    int trump;
    int first;
    int currentTrickSuit[3];
    int currentTrickRank[3];
    char remainCards[80];
};

/* A batch for SolveAllBoards / AnalyseAllPlays: board i is deals[i] with SolveBoard's target,
 * solutions and mode. */
struct boards
{
    int noOfBoards;
    struct deal deals[MAXNOOFBOARDS];
    int target[MAXNOOFBOARDS];
    int solutions[MAXNOOFBOARDS];
    int mode[MAXNOOFBOARDS];
};

struct boardsPBN
{
    int noOfBoards;
    struct dealPBN deals[MAXNOOFBOARDS];
    int target[MAXNOOFBOARDS];
    int solutions[MAXNOOFBOARDS];
    int mode[MAXNOOFBOARDS];
};

struct solvedBoards
{
    int noOfBoards;
    struct futureTricks solvedBoard[MAXNOOFBOARDS];
};

/* A complete deal: [hand][suit] holdings. */
struct ddTableDeal
{
    unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDeals
{
    int noOfTables;
    struct ddTableDeal deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableDealPBN
{
    char cards[80];
};

struct ddTableDealsPBN
{
    int noOfTables;
    struct ddTableDealPBN deals[MAXNOOFTABLES * DDS_STRAINS];
};

/* Tricks for declarer's side, [strain][declarer]. */
struct ddTableResults
{
    int resTable[DDS_STRAINS][DDS_HANDS];
};

struct ddTablesRes
{
    int noOfBoards; /* set by CalcAllTables: tables times strains solved */
    struct ddTableResults results[MAXNOOFTABLES * DDS_STRAINS];
};

/* Par() results: index 0 when North-South bid first, 1 when East-West do, e.g. parScore
 * "NS -460" / "EW 460" and parContractsString "NS:NS 23S,N 23H". */
struct parResults
{
    char parScore[2][16];
    char parContractsString[2][128];
};

struct allParResults
{
    struct parResults presults[MAXNOOFTABLES];
};

/* DealerPar / SidesPar: the score from North-South's view and the par contracts in the form
 * "4S*-EW-1", "3N-EW", "4N-W+1" ("pass" when passed out). */
struct parResultsDealer
{
    int number;
    int score;
    char contracts[10][10];
};

/* One par contract of DealerParBin / SidesParBin. */
struct contractType
{
    int underTricks; /* 0 = makes, 1-13 = a doubled sacrifice going down that many */
    int overTricks; /* 0-3 */
    int level; /* 1-7 */
    int denom; /* 0 = no trump, 1 = S, 2 = H, 3 = D, 4 = C */
    int seats; /* 0-3 = N E S W, 4 = NS, 5 = EW */
};

struct parResultsMaster
{
    int score; /* from North-South's view */
    int number; /* contracts[0 .. number - 1] */
    struct contractType contracts[10];
};

/* ConvertToSidesTextFormat: one line per side bidding first, e.g. "Par -110: EW 2S EW 2D+1";
 * equal is true when it does not matter who bids first (parText[1] is then empty). */
struct parTextResults
{
    char parText[2][128];
    bool equal;
};

/* A play sequence from the position of `deal`: number cards, suit (0-3) and rank (2-14). */
struct playTraceBin
{
    int number;
    int suit[52];
    int rank[52];
};

/* The cards as one string with no separators, e.g. "SAS2S3S4HK...". */
struct playTracePBN
{
    int number;
    char cards[106];
};

/* AnalysePlay's answer: number entries, tricks[0] before the first card, tricks[j] after card
 * j, each the tricks declarer's side ends with (won so far plus double dummy). */
struct solvedPlay
{
    int number;
    int tricks[53];
};

struct playTracesBin
{
    int noOfBoards;
    struct playTraceBin plays[MAXNOOFBOARDS];
};

struct playTracesPBN
{
    int noOfBoards;
    struct playTracePBN plays[MAXNOOFBOARDS];
};

struct solvedPlays
{
    int noOfBoards;
    struct solvedPlay solved[MAXNOOFBOARDS];
};

/* What GetDDSInfo reports: the DDS version implemented, the platform, and the threads. */
struct DDSInfo
{
    int major, minor, patch;
    char versionString[10];
    int system; /* 0 unknown, 1 Windows, 2 Cygwin, 3 Linux, 4 Apple */
    int numBits; /* 32 or 64 */
    int compiler; /* 0 unknown, 1 MSVC, 2 mingw, 3 g++, 4 clang */
    int constructor; /* 0 none, 1 DllMain, 2 Unix-style */
    int numCores;
    int threading; /* 0 none, 1 Windows, 2 OpenMP, 3 GCD, 4 Boost, 5 STL, 6 TBB, 7-8 for_each */
    int noOfThreads;
    char threadSizes[128];
    char systemString[1024];
};

/* ---- Configuration. None is needed; each takes effect for the following calls. ---- */

/* The threads of the batch functions: userThreads (0 or less: all cores). */
EXTERN_C DLLEXPORT void STDCALL SetMaxThreads(int userThreads);
/* The threading system: 0 (default) and 5 (STL threads) are accepted, and both mean the pool;
 * others return RETURN_THREAD_MISSING. */
EXTERN_C DLLEXPORT int STDCALL SetThreading(int code);
/* Threads (0 or less: all cores) as SetMaxThreads; maxMemoryMB (0 or less: automatic) caps the
 * transposition tables of the batch functions' threads together. */
EXTERN_C DLLEXPORT void STDCALL SetResources(int maxMemoryMB, int maxThreads);
/* Releases the calling thread's transposition table. */
EXTERN_C DLLEXPORT void STDCALL FreeMemory(void);
EXTERN_C DLLEXPORT void STDCALL GetDDSInfo(struct DDSInfo *info);
/* The text of a status code (TEXT_UNKNOWN_FAULT for a code that is none of them). */
EXTERN_C DLLEXPORT void STDCALL ErrorMessage(int code, char line[80]);

/* ---- One position or one deal. ---- */

/* Scores the cards of the hand to play. target: -1 = find the maximum, 0 .. 13 = the tricks to
 * reach; solutions: 1 = one card, 2 = every optimal card (or every card reaching the target; no
 * card when the target is out of reach), 3 = every card with its score, highest first (cards of
 * equal score suit by suit, S H D C, highest first: DDS lists them in its search order); mode: 0
 * = a single choice is not searched (score -2), 1 and 2 = always search. */
EXTERN_C DLLEXPORT int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                                          struct futureTricks *futp, int threadIndex);
EXTERN_C DLLEXPORT int STDCALL SolveBoardPBN(struct dealPBN dlPBN, int target, int solutions,
                                             int mode, struct futureTricks *futp, int threadIndex);

/* The double-dummy table of a deal (all 20 strain/declarer pairs). An end position (every hand
 * holding the same number of cards, fewer than 13) gives declarer's tricks of the cards left. */
EXTERN_C DLLEXPORT int STDCALL CalcDDtable(struct ddTableDeal tableDeal,
                                           struct ddTableResults *tablep);
EXTERN_C DLLEXPORT int STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN,
                                              struct ddTableResults *tablep);

/* ---- Batches, spread over the threads. ---- */

/* The tables of dealsp->noOfTables deals, only the strains whose trumpFilter entry is 0 (the
 * others stay 0); resp->noOfBoards = 4 * tables * strains. mode: -1 = no par, 0-3 = par for
 * that vulnerability into presp->presults[i] when no strain is filtered out (presp may be NULL
 * without par). At most
 * MAXNOOFBOARDS / strains tables (RETURN_TOO_MANY_TABLES), at least one strain
 * (RETURN_NO_SUIT). */
EXTERN_C DLLEXPORT int STDCALL CalcAllTables(struct ddTableDeals *dealsp, int mode,
                                             int trumpFilter[DDS_STRAINS], struct ddTablesRes *resp,
                                             struct allParResults *presp);
EXTERN_C DLLEXPORT int STDCALL CalcAllTablesPBN(struct ddTableDealsPBN *dealsp, int mode,
                                                int trumpFilter[DDS_STRAINS],
                                                struct ddTablesRes *resp,
                                                struct allParResults *presp);

/* SolveBoard on each board (at most MAXNOOFBOARDS: RETURN_TOO_MANY_BOARDS); the first board's
 * fault, in board order, is returned. The Chunks forms are the same; chunkSize must be >= 1
 * (RETURN_CHUNK_SIZE) and is otherwise ignored. */
EXTERN_C DLLEXPORT int STDCALL SolveAllBoards(struct boardsPBN *bop, struct solvedBoards *solvedp);
EXTERN_C DLLEXPORT int STDCALL SolveAllBoardsBin(struct boards *bop, struct solvedBoards *solvedp);
EXTERN_C DLLEXPORT int STDCALL SolveAllChunks(struct boardsPBN *bop, struct solvedBoards *solvedp,
                                              int chunkSize);
EXTERN_C DLLEXPORT int STDCALL SolveAllChunksBin(struct boards *bop, struct solvedBoards *solvedp,
                                                 int chunkSize);
EXTERN_C DLLEXPORT int STDCALL SolveAllChunksPBN(struct boardsPBN *bop,
                                                 struct solvedBoards *solvedp, int chunkSize);

/* ---- Par from a table. vulnerable: 0 = none, 1 = both, 2 = North-South, 3 = East-West;
 * dealer 0-3 = N E S W. An invalid argument or table entry returns RETURN_UNKNOWN_FAULT. ---- */

EXTERN_C DLLEXPORT int STDCALL Par(struct ddTableResults *tablep, struct parResults *presp,
                                   int vulnerable);
/* The DD table and Par() in one call (deprecated in DDS, kept). */
EXTERN_C DLLEXPORT int STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable,
                                       struct ddTableResults *tablep, struct parResults *presp);
EXTERN_C DLLEXPORT int STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN,
                                          struct ddTableResults *tablep, int vulnerable,
                                          struct parResults *presp);
/* Par for each side bidding first: sidesRes[0] North-South, sidesRes[1] East-West. */
EXTERN_C DLLEXPORT int STDCALL SidesPar(struct ddTableResults *tablep,
                                        struct parResultsDealer sidesRes[2], int vulnerable);
EXTERN_C DLLEXPORT int STDCALL DealerPar(struct ddTableResults *tablep,
                                         struct parResultsDealer *presp, int dealer,
                                         int vulnerable);
EXTERN_C DLLEXPORT int STDCALL DealerParBin(struct ddTableResults *tablep,
                                            struct parResultsMaster *presp, int dealer,
                                            int vulnerable);
EXTERN_C DLLEXPORT int STDCALL SidesParBin(struct ddTableResults *tablep,
                                           struct parResultsMaster sidesRes[2], int vulnerable);
/* DealerParBin's result as text ("Par -420: EW 4S"; "Par 0: pass" when passed out) into resp,
 * which must hold 80 characters. */
EXTERN_C DLLEXPORT int STDCALL ConvertToDealerTextFormat(struct parResultsMaster *pres, char *resp);
/* SidesParBin's two results (pres[0], pres[1]) as text, "NS Par ...", "EW Par ...". */
EXTERN_C DLLEXPORT int STDCALL ConvertToSidesTextFormat(struct parResultsMaster *pres,
                                                        struct parTextResults *resp);

/* ---- Play analysis: declarer (the hand on the right of dl.first) and the tricks after each
 * card. solved->number = play.number + 1, at most 49: the last trick is not analysed. A card not
 * held or not following suit returns RETURN_PLAY_FAULT (DDS 2.9 lets a revoke through). The
 * batch forms ignore chunkSize, as DDS 2.9 does. ---- */

EXTERN_C DLLEXPORT int STDCALL AnalysePlayBin(struct deal dl, struct playTraceBin play,
                                              struct solvedPlay *solvedp, int thrId);
EXTERN_C DLLEXPORT int STDCALL AnalysePlayPBN(struct dealPBN dlPBN, struct playTracePBN playPBN,
                                              struct solvedPlay *solvedp, int thrId);
EXTERN_C DLLEXPORT int STDCALL AnalyseAllPlaysBin(struct boards *bop, struct playTracesBin *plp,
                                                  struct solvedPlays *solvedp, int chunkSize);
EXTERN_C DLLEXPORT int STDCALL AnalyseAllPlaysPBN(struct boardsPBN *bopPBN,
                                                  struct playTracesPBN *plpPBN,
                                                  struct solvedPlays *solvedp, int chunkSize);

#endif /* TENACE_DDS_DLL_H */
