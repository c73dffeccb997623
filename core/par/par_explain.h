#pragma once

// Par in plain bridge language, for the par panel: the chain of reasons a club player needs to
// see why par is what it is. Pure functions, thread-safe, microseconds.

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/error.h"

#include <string>
#include <vector>

namespace tenace::core {

// A headline ("Par: NS +620, 4S by North or South.") and the reasons, one sentence each: what the
// other side can make, why the contract is bid at that level, which sacrifice pays or not and by
// how much at this vulnerability, why the bidding stops, and whether par depends on who bids
// first. Value type.
struct ParExplanation
{
    std::string headline;
    std::vector<std::string> reasons;

    std::string text() const; // the headline and the reasons, separated by spaces
    friend bool operator==(const ParExplanation &, const ParExplanation &) = default;
};

// Explains dealerPar(table, vulnerability, dealer). Fails only on an invalid table.
Result<ParExplanation> explainPar(const DdTable &table, Vulnerability vulnerability, Seat dealer);

} // namespace tenace::core
