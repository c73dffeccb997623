#pragma once

// Par for many deals in the format of tests/data/par.tsv: reads deals and vulnerabilities, writes
// every par.tsv column (DDS Par both views, DealerPar and its text form for each dealer,
// SidesPar). The DD tables come from a caller-supplied function, so the batch runs with the
// solver, a cache, or reference tables alike.

#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/deal.h"
#include "core/model/error.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace tenace::core {

// Supplies the DD table of a complete deal, or an error.
using DdTableSource = std::function<Result<DdTable>(const Deal &)>;

// The par.tsv header line (starting with '#', the 22 column names), without a newline.
std::string parTableHeader();

// One par.tsv row (no newline): the deal as PBN from North, the vulnerability ("None", "NS",
// "EW", "All"), then the par columns. Fails only on an invalid table. Pure, thread-safe.
Result<std::string> parTableRow(const Deal &deal, Vulnerability vulnerability,
                                const DdTable &table);

// Reads tab-separated lines whose first two columns are a PBN deal and a vulnerability ("None",
// "NS", "EW", "All" or "Both", any case; further columns are ignored; blank lines and lines
// starting with '#' are skipped) and writes the header and one par.tsv row per deal, each line
// ending in '\n'. Stops at the first bad line with an error naming its line number; the rows
// before it have been written. Blocks while `source` solves; thread-safe if `source` is.
Status writeParTable(std::istream &in, std::ostream &out, const DdTableSource &source);

} // namespace tenace::core
