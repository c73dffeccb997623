#pragma once

// Internals shared by the DDS-compatible C API's source files (dll_*.cpp): argument checks in
// DDS's order, conversions between DDS's structs and core's types, the calling thread's solver,
// the pool settings made by SetMaxThreads / SetResources, and the exception barrier. Nothing
// here is exported.

#include "core/c_api/dll.h"

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/position.h"
#include "core/solver/solver.h"

#include <optional>
#include <string>

namespace tenace::capi {

using Holdings = unsigned int[DDS_HANDS][DDS_SUITS];

// The calling thread's solver, created on first use; its table stays warm between calls.
core::Solver &threadSolver();
// Forgets the calling thread's solver (FreeMemory).
void releaseThreadSolver();

// The pool for the batch functions: the threads and memory set by SetMaxThreads/SetResources.
core::PoolOptions poolOptions();
void setPoolThreads(int threads);
void setPoolMemory(int megabytes);

// DDS's checks of SolveBoard's arguments and position, first fault first (see dll_common.cpp).
int checkDeal(const deal &dl, int target, int solutions, int mode);
// A table deal checked as SolveBoard checks the opening lead of it.
int checkTableDeal(const Holdings &cards);

core::Deal dealFromHoldings(const Holdings &cards);
core::Position positionOf(const deal &dl);
// DDS's reading of a PBN deal into holdings: RETURN_NO_FAULT or RETURN_PBN_FAULT.
int convertPbn(const char (&text)[80], Holdings &cards);
// dlPBN with its cards converted: RETURN_NO_FAULT or RETURN_PBN_FAULT.
int dealFromPbn(const dealPBN &dlPBN, deal &out);
// Board i of a batch, its PBN converted; `status` says whether it could be.
deal dealAt(const boards &bop, int i, int &status);
deal dealAt(const boardsPBN &bop, int i, int &status);

// SolveBoard on `solver`, arguments checked (threadIndex excepted).
int solveWith(core::Solver &solver, const deal &dl, int target, int solutions, int mode,
              futureTricks &fut);

core::DdTable tableOf(const ddTableResults &results);
void storeTable(const core::DdTable &table, ddTableResults &out);
// DDS's vulnerability codes 0-3 (None, Both, NS, EW).
std::optional<core::Vulnerability> vulnerabilityOf(int ddsCode);
// Par() for a table: RETURN_NO_FAULT, or RETURN_UNKNOWN_FAULT for a bad table or vulnerability.
int parOf(const ddTableResults &table, parResults &out, int vulnerable);

// Copies `text` into out[size], truncated and zero-filled.
void copyText(const std::string &text, char *out, std::size_t size);

// Runs `body` and turns any exception (out of memory) into RETURN_UNKNOWN_FAULT: nothing
// throws across the C boundary.
template<typename Body> int guarded(Body body) noexcept
{
    try {
        return body();
    } catch (...) {
        return RETURN_UNKNOWN_FAULT;
    }
}

} // namespace tenace::capi
