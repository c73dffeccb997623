// DD tables: one deal (CalcDDtable, on the pool), many deals (CalcAllTables,
// every table-and-strain pair a job of the pool), and CalcPar (a table and Par()).

#include "core/c_api/dll_internal.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

using namespace tenace::capi;
using namespace tenace::core;

namespace {

// The strains of `mask` (bit i = strain i) of a deal already checked, on `solver`: a full deal
// by Solver::table, an end position (every hand the same length, under 13) by the tricks of the
// cards left.
int tableOnSolver(Solver &solver, const Deal &d, unsigned mask, DdTable &table)
{
    if (checkComplete(d)) {
        auto result = solver.table(d, {}, mask);
        if (!result)
            return ddsStatus(result.error().code);
        for (Strain strain : allStrains)
            if ((mask >> index(strain)) & 1)
                table.tricks[static_cast<std::size_t>(index(strain))] =
                    result->table.tricks[static_cast<std::size_t>(index(strain))];
        return RETURN_NO_FAULT;
    }
    for (Strain strain : allStrains) {
        if (!((mask >> index(strain)) & 1))
            continue;
        for (Seat leader : allSeats) {
            const Position p {d, strain, leader, {}};
            auto tricks = solver.tricks(p);
            if (!tricks)
                return ddsStatus(tricks.error().code);
            table.at(strain, rightHandOpponent(leader)) = p.tricksLeft() - *tricks;
        }
    }
    return RETURN_NO_FAULT;
}

// The table of one deal already checked: a full deal on the pool, an end position on the
// calling thread's solver.
int computeTable(const Deal &d, ddTableResults &out)
{
    DdTable table;
    if (checkComplete(d)) {
        auto result = solveTable(d, poolOptions());
        if (!result)
            return ddsStatus(result.error().code);
        table = result->table;
    } else if (const int status = tableOnSolver(threadSolver(), d, 0x1f, table);
               status != RETURN_NO_FAULT) {
        return status;
    }
    storeTable(table, out);
    return RETURN_NO_FAULT;
}

int calcTable(const Holdings &cards, ddTableResults *tablep)
{
    if (!tablep)
        return RETURN_UNKNOWN_FAULT;
    if (const int status = checkTableDeal(cards); status != RETURN_NO_FAULT)
        return status;
    return computeTable(dealFromHoldings(cards), *tablep);
}

int calcPar(const Holdings &cards, int vulnerable, ddTableResults *tablep, parResults *presp)
{
    if (!tablep || !presp)
        return RETURN_UNKNOWN_FAULT;
    if (const int status = checkTableDeal(cards); status != RETURN_NO_FAULT)
        return status;
    if (!vulnerabilityOf(vulnerable))
        return RETURN_UNKNOWN_FAULT;
    if (const int status = computeTable(dealFromHoldings(cards), *tablep);
        status != RETURN_NO_FAULT)
        return status;
    return parOf(*tablep, *presp, vulnerable);
}

// The strains of a trumpFilter (bit i = strain i solved).
unsigned strainMask(const int *trumpFilter)
{
    unsigned mask = 0;
    for (int s = 0; s < DDS_STRAINS; ++s)
        if (trumpFilter[s] == 0)
            mask |= 1u << s;
    return mask;
}

// CalcAllTables on deals converted but not yet checked. As DDS: the strings (-99) and the filter
// (-201) before this, then the number of tables times strains (-202), then each deal as
// CalcDDtable checks it; mode -1 (or any value outside 0-3) or a filtered strain skips par.
int calcAllTables(const std::vector<Deal> &deals, const std::vector<int> &dealStatus, int mode,
                  unsigned mask, ddTablesRes *resp, allParResults *presp)
{
    const int strains = std::popcount(mask);
    const int tables = static_cast<int>(deals.size());
    if (tables * strains > MAXNOOFBOARDS)
        return RETURN_TOO_MANY_TABLES;
    for (int status : dealStatus)
        if (status != RETURN_NO_FAULT)
            return status;
    const bool withPar = mode >= 0 && mode <= 3 && strains == DDS_STRAINS;
    if (withPar && !presp)
        return RETURN_UNKNOWN_FAULT;

    std::vector<int> strainOf;
    for (int s = 0; s < DDS_STRAINS; ++s)
        if ((mask >> s) & 1)
            strainOf.push_back(s);
    std::vector<DdTable> results(deals.size());
    const std::size_t jobs = deals.size() * strainOf.size();
    std::vector<int> status(jobs, RETURN_UNKNOWN_FAULT);
    parallelFor(jobs, poolOptions(), [&](std::size_t job, Solver &solver) {
        const std::size_t t = job / strainOf.size();
        const unsigned strainBit = 1u << strainOf[job % strainOf.size()];
        status[job] =
            guarded([&] { return tableOnSolver(solver, deals[t], strainBit, results[t]); });
    });
    for (int s : status)
        if (s != RETURN_NO_FAULT)
            return s;
    resp->noOfBoards = DDS_HANDS * strains * tables;
    for (int t = 0; t < tables; ++t) {
        storeTable(results[static_cast<std::size_t>(t)], resp->results[t]);
        if (withPar) {
            if (const int s = parOf(resp->results[t], presp->presults[t], mode);
                s != RETURN_NO_FAULT)
                return s;
        }
    }
    return RETURN_NO_FAULT;
}

// The deals of a CalcAllTables call; `holdingsAt(i, out)` converts deal i.
template<typename Convert>
int allTables(int noOfTables, int mode, int *trumpFilter, ddTablesRes *resp, allParResults *presp,
              Convert holdingsAt)
{
    if (!trumpFilter || !resp)
        return RETURN_UNKNOWN_FAULT;
    const int stored = std::clamp(noOfTables, 0, MAXNOOFTABLES * DDS_STRAINS);
    std::vector<Deal> deals;
    std::vector<int> dealStatus;
    for (int i = 0; i < stored; ++i) {
        Holdings cards;
        if (const int status = holdingsAt(i, cards); status != RETURN_NO_FAULT)
            return status;
        dealStatus.push_back(checkTableDeal(cards));
        deals.push_back(dealFromHoldings(cards));
    }
    const unsigned mask = strainMask(trumpFilter);
    if (mask == 0)
        return RETURN_NO_SUIT;
    return calcAllTables(deals, dealStatus, mode, mask, resp, presp);
}

} // namespace

int STDCALL CalcDDtable(struct ddTableDeal tableDeal, struct ddTableResults *tablep)
{
    return guarded([&] { return calcTable(tableDeal.cards, tablep); });
}

int STDCALL CalcDDtablePBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep)
{
    return guarded([&] {
        Holdings cards;
        if (convertPbn(tableDealPBN.cards, cards) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return calcTable(cards, tablep);
    });
}

int STDCALL CalcAllTables(struct ddTableDeals *dealsp, int mode, int trumpFilter[DDS_STRAINS],
                          struct ddTablesRes *resp, struct allParResults *presp)
{
    return guarded([&] {
        if (!dealsp)
            return RETURN_UNKNOWN_FAULT;
        return allTables(dealsp->noOfTables, mode, trumpFilter, resp, presp,
                         [&](int i, Holdings &cards) {
                             std::memcpy(cards, dealsp->deals[i].cards, sizeof cards);
                             return RETURN_NO_FAULT;
                         });
    });
}

int STDCALL CalcAllTablesPBN(struct ddTableDealsPBN *dealsp, int mode, int trumpFilter[DDS_STRAINS],
                             struct ddTablesRes *resp, struct allParResults *presp)
{
    return guarded([&] {
        if (!dealsp)
            return RETURN_UNKNOWN_FAULT;
        return allTables(dealsp->noOfTables, mode, trumpFilter, resp, presp,
                         [&](int i, Holdings &cards) {
                             return convertPbn(dealsp->deals[i].cards, cards) == RETURN_NO_FAULT
                                 ? RETURN_NO_FAULT
                                 : RETURN_PBN_FAULT;
                         });
    });
}

int STDCALL CalcPar(struct ddTableDeal tableDeal, int vulnerable, struct ddTableResults *tablep,
                    struct parResults *presp)
{
    return guarded([&] { return calcPar(tableDeal.cards, vulnerable, tablep, presp); });
}

int STDCALL CalcParPBN(struct ddTableDealPBN tableDealPBN, struct ddTableResults *tablep,
                       int vulnerable, struct parResults *presp)
{
    return guarded([&] {
        Holdings cards;
        if (convertPbn(tableDealPBN.cards, cards) != RETURN_NO_FAULT)
            return RETURN_PBN_FAULT;
        return calcPar(cards, vulnerable, tablep, presp);
    });
}
