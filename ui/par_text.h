#pragma once

// Par for the par panel, in bridge language: the headline and reasons of core::explainPar, the
// par contracts, and both views when par depends on which side bids first. Pure functions of
// their arguments (microseconds); any thread.

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/par/par.h"

#include <QString>

#include <optional>

namespace tenace::ui {

// Rich text for the par panel; an error message when the table is invalid.
QString parHtml(const tenace::core::DdTable &table, tenace::core::Vulnerability vulnerability,
                tenace::core::Seat dealer);
// The par contracts in the window's notation, grouped by declarers: "3NT or 5♦ by North or
// South", "5♦× by East or West, down 2"; a contract making overtricks at the level it makes.
QString parContractsText(const tenace::core::ParResult &result);
// The first par contract as a playable contract (declarer: the partner who takes more tricks,
// North or East on a tie); nullopt when the deal is passed out.
std::optional<tenace::core::Contract> parContract(const tenace::core::DdTable &table,
                                                  tenace::core::Vulnerability vulnerability,
                                                  tenace::core::Seat dealer);

} // namespace tenace::ui
