// Par from a DD table in DDS's forms: Par() strings, DealerPar / SidesPar strings, the binary
// parResultsMaster, and its two text conversions. The par itself is core/par's.

#include "core/c_api/dll_internal.h"

#include "core/par/par.h"

#include <algorithm>
#include <cstring>
#include <string>

using namespace tenace::capi;
using namespace tenace::core;

namespace {

constexpr int maxContracts = 10; // parResultsDealer.contracts, parResultsMaster.contracts

// DDS's contractType encodings: denom 0 = NT, 1-4 = S H D C; seats 0-3 = N E S W, 4 = NS, 5 = EW.
int denomOf(Strain strain)
{
    return strain == Strain::NoTrump ? 0 : index(strain) + 1;
}

int seatsOf(const ParContract &c)
{
    if (c.onlyDeclarer)
        return index(*c.onlyDeclarer);
    return c.side == Side::NorthSouth ? 4 : 5;
}

void storePar(const ParResult &result, int score, parResultsDealer &out)
{
    std::memset(&out, 0, sizeof out);
    out.score = score;
    const auto texts = formatDealerParContracts(result);
    out.number = static_cast<int>(std::min<std::size_t>(texts.size(), maxContracts));
    for (int i = 0; i < out.number; ++i)
        copyText(texts[static_cast<std::size_t>(i)], out.contracts[i], sizeof out.contracts[i]);
}

void storePar(const ParResult &result, int score, parResultsMaster &out)
{
    std::memset(&out, 0, sizeof out);
    out.score = score;
    out.number = static_cast<int>(std::min<std::size_t>(result.contracts.size(), maxContracts));
    for (int i = 0; i < out.number; ++i) {
        const ParContract &c = result.contracts[static_cast<std::size_t>(i)];
        out.contracts[i] = {c.undertricks(), c.overtricks(), c.level, denomOf(c.strain),
                            seatsOf(c)};
    }
}

// The table and arguments of the par functions: RETURN_UNKNOWN_FAULT for a null pointer, a
// dealer or vulnerability out of range, or a table entry outside 0..13.
bool validArguments(const ddTableResults *tablep, const void *presp, int dealer, int vulnerable)
{
    return tablep && presp && dealer >= 0 && dealer <= 3 && vulnerabilityOf(vulnerable) &&
        checkDdTable(tableOf(*tablep));
}

// "Par -420: EW 4S", "Par 1400: E 7Nx-6"; no trump written `noTrump` ("N" or "NT").
int parText(const parResultsMaster &pres, const char *noTrump, std::string &out)
{
    static constexpr const char *seats[] {"N", "E", "S", "W", "NS", "EW"};
    static constexpr const char *denoms[] {"", "S", "H", "D", "C"};
    out = "Par " + std::to_string(pres.score) + ':';
    if (pres.number < 0 || pres.number > maxContracts)
        return RETURN_UNKNOWN_FAULT;
    if (pres.number == 0)
        out += " pass";
    for (int i = 0; i < pres.number; ++i) {
        const contractType &c = pres.contracts[i];
        if (c.seats < 0 || c.seats > 5 || c.denom < 0 || c.denom > 4 || c.level < 1 || c.level > 7)
            return RETURN_UNKNOWN_FAULT;
        out += ' ' + std::string(seats[c.seats]) + ' ' + std::to_string(c.level) +
            (c.denom == 0 ? noTrump : denoms[c.denom]);
        if (c.underTricks > 0)
            out += "x-" + std::to_string(c.underTricks);
        else if (c.overTricks > 0)
            out += '+' + std::to_string(c.overTricks);
    }
    return RETURN_NO_FAULT;
}

bool sameContracts(const parResultsMaster &a, const parResultsMaster &b)
{
    if (a.number != b.number || a.score != -b.score)
        return false;
    for (int i = 0; i < a.number && i < maxContracts; ++i)
        if (std::memcmp(&a.contracts[i], &b.contracts[i], sizeof a.contracts[i]) != 0)
            return false;
    return true;
}

} // namespace

int STDCALL Par(struct ddTableResults *tablep, struct parResults *presp, int vulnerable)
{
    return guarded([&] {
        if (!tablep || !presp)
            return RETURN_UNKNOWN_FAULT;
        return parOf(*tablep, *presp, vulnerable);
    });
}

namespace {

// DealerPar and DealerParBin: the par of `dealer`'s side first, in either form.
template<typename Out>
int dealerParInto(ddTableResults *tablep, Out *presp, int dealer, int vulnerable)
{
    return guarded([&] {
        if (!validArguments(tablep, presp, dealer, vulnerable))
            return RETURN_UNKNOWN_FAULT;
        const auto result =
            dealerPar(tableOf(*tablep), *vulnerabilityOf(vulnerable), seatAt(dealer));
        if (!result)
            return RETURN_UNKNOWN_FAULT;
        storePar(*result, result->score, *presp);
        return RETURN_NO_FAULT;
    });
}

// SidesPar and SidesParBin: each side's par as if it bid first, each score from its own view.
template<typename Out> int sidesParInto(ddTableResults *tablep, Out sidesRes[2], int vulnerable)
{
    return guarded([&] {
        if (!validArguments(tablep, sidesRes, 0, vulnerable))
            return RETURN_UNKNOWN_FAULT;
        const auto sides = sidesPar(tableOf(*tablep), *vulnerabilityOf(vulnerable));
        if (!sides)
            return RETURN_UNKNOWN_FAULT;
        for (Side side : {Side::NorthSouth, Side::EastWest})
            storePar((*sides)[side], (*sides)[side].scoreFor(side), sidesRes[index(side)]);
        return RETURN_NO_FAULT;
    });
}

} // namespace

int STDCALL DealerPar(struct ddTableResults *tablep, struct parResultsDealer *presp, int dealer,
                      int vulnerable)
{
    return dealerParInto(tablep, presp, dealer, vulnerable);
}

int STDCALL SidesPar(struct ddTableResults *tablep, struct parResultsDealer sidesRes[2],
                     int vulnerable)
{
    return sidesParInto(tablep, sidesRes, vulnerable);
}

int STDCALL DealerParBin(struct ddTableResults *tablep, struct parResultsMaster *presp, int dealer,
                         int vulnerable)
{
    return dealerParInto(tablep, presp, dealer, vulnerable);
}

int STDCALL SidesParBin(struct ddTableResults *tablep, struct parResultsMaster sidesRes[2],
                        int vulnerable)
{
    return sidesParInto(tablep, sidesRes, vulnerable);
}

int STDCALL ConvertToDealerTextFormat(struct parResultsMaster *pres, char *resp)
{
    return guarded([&] {
        if (!pres || !resp)
            return RETURN_UNKNOWN_FAULT;
        std::string text;
        const int status = parText(*pres, "N", text);
        copyText(text, resp, 80);
        return status;
    });
}

int STDCALL ConvertToSidesTextFormat(struct parResultsMaster *pres, struct parTextResults *resp)
{
    return guarded([&] {
        if (!pres || !resp)
            return RETURN_UNKNOWN_FAULT;
        std::memset(resp, 0, sizeof *resp);
        for (int side = 0; side < 2; ++side) {
            std::string text;
            const int status = parText(pres[side], "NT", text);
            copyText(text, resp->parText[side], sizeof resp->parText[side]);
            if (status != RETURN_NO_FAULT)
                return status;
        }
        resp->equal = sameContracts(pres[0], pres[1]);
        return RETURN_NO_FAULT;
    });
}
