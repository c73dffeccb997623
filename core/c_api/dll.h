/*
 * Tenace's DDS-compatible C API (libtenace-dds).
 *
 * The names, structs, parameters and status codes of the DDS DLL ("Double Dummy Problem Solver"
 * by Bo Haglund and Soren Hein, interface 1.1.20 and its successors), so that a C or C++ program
 * written against DDS's dll.h compiles and links against this library unchanged:
 *
 *   cc prog.c $(pkg-config --cflags --libs tenace-dds)      with  #include "dll.h"
 *
 * No initialisation call is needed. Every function blocks until it is done and is thread-safe:
 * each calling thread has its own solver, whose transposition table stays warm between calls on
 * the same deal and trump (so SolveBoard's mode 2 behaves like mode 1). threadIndex is checked
 * (0 .. MAXNOOFTHREADS - 1) as DDS does but is otherwise not needed.
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

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5

#define MAXNOOFTHREADS 16

/* Status codes. Every function returns RETURN_NO_FAULT or one of the errors. */
#define RETURN_NO_FAULT 1
#define RETURN_UNKNOWN_FAULT -1 /* a null result pointer, an invalid vulnerability, no memory */
#define RETURN_ZERO_CARDS -2
#define RETURN_TARGET_TOO_HIGH -3
#define RETURN_DUPLICATE_CARDS -4
#define RETURN_TARGET_WRONG_LO -5
#define RETURN_TARGET_WRONG_HI -7
#define RETURN_SOLNS_WRONG_LO -8
#define RETURN_SOLNS_WRONG_HI -9
#define RETURN_TOO_MANY_CARDS -10
#define RETURN_SUIT_OR_RANK -12
#define RETURN_PLAYED_CARD -13
#define RETURN_CARD_COUNT -14
#define RETURN_THREAD_INDEX -15
#define RETURN_MODE_WRONG_LO -16
#define RETURN_MODE_WRONG_HI -17
#define RETURN_TRUMP_WRONG -18
#define RETURN_FIRST_WRONG -19
#define RETURN_PBN_FAULT -99

#define TEXT_NO_FAULT "Success"
#define TEXT_UNKNOWN_FAULT "General error"
#define TEXT_ZERO_CARDS "Zero cards"
#define TEXT_TARGET_TOO_HIGH "Target exceeds number of tricks"
#define TEXT_DUPLICATE_CARDS "Cards duplicated"
#define TEXT_TARGET_WRONG_LO "Target is less than -1"
#define TEXT_TARGET_WRONG_HI "Target is higher than 13"
#define TEXT_SOLNS_WRONG_LO "Solutions parameter is less than 1"
#define TEXT_SOLNS_WRONG_HI "Solutions parameter is higher than 3"
#define TEXT_TOO_MANY_CARDS "Too many cards"
#define TEXT_SUIT_OR_RANK "currentTrickSuit or currentTrickRank has wrong data"
#define TEXT_PLAYED_CARD "Played card also remains in a hand"
#define TEXT_CARD_COUNT "Wrong number of remaining cards in a hand"
#define TEXT_THREAD_INDEX "Thread index is not 0 .. maximum"
#define TEXT_MODE_WRONG_LO "Mode parameter is less than 0"
#define TEXT_MODE_WRONG_HI "Mode parameter is higher than 2"
#define TEXT_TRUMP_WRONG "Trump is not in 0 .. 4"
#define TEXT_FIRST_WRONG "First is not in 0 .. 3"
#define TEXT_PBN_FAULT "PBN string error"

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

/* SolveBoard's answer: `cards` entries, each the highest card of a group of equivalent cards
 * (suit, rank), the lower cards of the group (`equals`, a holding) and its `score` (tricks for
 * the side to play; -1 target not reached, -2 single choice not searched in mode 0). */
struct futureTricks
{
    int nodes;
    int cards;
    int suit[13];
    int rank[13];
    int equals[13];
    int score[13];
};

struct ddTableDeal
{
    unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDealPBN
{
    char cards[80];
};

/* Tricks for declarer's side, [strain][declarer]. */
struct ddTableResults
{
    int resTable[DDS_STRAINS][DDS_HANDS];
};

/* Par() results: index 0 when North-South bid first, 1 when East-West do, e.g. parScore
 * "NS -460" / "EW 460" and parContractsString "NS:NS 23S,N 23H". */
struct parResults
{
    char parScore[2][16];
    char parContractsString[2][128];
};

/* Scores the cards of the hand to play. target: -1 = find the maximum, 0 .. 13 = the tricks to
 * reach; solutions: 1 = one card, 2 = every optimal card (or every card reaching the target),
 * 3 = every card with its score, highest first; mode: 0 = a single choice is not searched
 * (score -2), 1 and 2 = always search. */
EXTERN_C DLLEXPORT int STDCALL SolveBoard(struct deal dl, int target, int solutions, int mode,
                                          struct futureTricks *futp, int threadIndex);
EXTERN_C DLLEXPORT int STDCALL SolveBoardPBN(struct dealPBN dlPBN, int target, int solutions,
                                             int mode, struct futureTricks *futp, int threadIndex);

/* The double-dummy table of a deal (all 20 strain/declarer pairs), using all cores. An end
 * position (every hand holding the same number of cards, fewer than 13) gives declarer's tricks
 * of the cards left. */
EXTERN_C DLLEXPORT int STDCALL CalcDDtable(struct ddTableDeal tableDeal,
                                           struct ddTableResults *tablep);
EXTERN_C DLLEXPORT int STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN,
                                              struct ddTableResults *tablep);

/* The DD table and par. vulnerable: 0 = none, 1 = both, 2 = North-South, 3 = East-West. */
EXTERN_C DLLEXPORT int STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable,
                                       struct ddTableResults *tablep, struct parResults *presp);
EXTERN_C DLLEXPORT int STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN,
                                          struct ddTableResults *tablep, int vulnerable,
                                          struct parResults *presp);

/* Par from a DD table (the DDS 2.x replacement of CalcPar). */
EXTERN_C DLLEXPORT int STDCALL Par(struct ddTableResults *tablep, struct parResults *presp,
                                   int vulnerable);

/* DDS housekeeping, kept for programs that call it: SetMaxThreads does nothing and returns the
 * number of cores (threads are per call here); FreeMemory releases the calling thread's
 * transposition table; ErrorMessage writes the text of a status code into line. */
EXTERN_C DLLEXPORT int STDCALL SetMaxThreads(int userThreads);
EXTERN_C DLLEXPORT void STDCALL FreeMemory(void);
EXTERN_C DLLEXPORT void STDCALL ErrorMessage(int code, char line[80]);

#endif /* TENACE_DDS_DLL_H */
