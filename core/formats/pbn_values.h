#pragma once

// Typed values of PBN tags: Dealer, Vulnerable, Declarer, Contract, Result, Hidden, Note,
// OptimumScore, DoubleDummyTricks, OptimumResultTable, ParContract. Each parser accepts the
// import format (any case, the variants real files use) and returns an error naming the culprit;
// each formatter writes the export format. Pure functions, thread-safe.

#include "core/formats/pbn_section.h"
#include "core/model/contract.h"
#include "core/model/dd_table.h"
#include "core/model/error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tenace::core {

// A cell of a DdTable read from a file that the file does not give ("?", "-", short tables).
inline constexpr int unknownTricks = -1;
// A DdTable with every cell unknown.
DdTable unknownDdTable();

// "N", "e", ... (`what` names the tag in the message).
Result<Seat> parsePbnSeat(std::string_view text, std::string_view what);
// "None"/"Love"/"-", "NS", "EW", "All"/"Both", any case.
Result<Vulnerability> parsePbnVulnerability(std::string_view text);

// The Declarer tag: a seat, "^S" when declarer and dummy were swapped, "" when passed out.
struct PbnDeclarer
{
    std::optional<Seat> seat; // nullopt: passed out
    bool swapped = false;
    friend bool operator==(const PbnDeclarer &, const PbnDeclarer &) = default;
};
Result<PbnDeclarer> parsePbnDeclarer(std::string_view text);

// The Contract tag: "Pass", "4SX", "6N", "3NTxx", or a bare strain ("NT") in an end position.
struct PbnContract
{
    bool passedOut = false;
    int level = 0; // 1..7; 0 when only the strain is given (end positions)
    Strain strain = Strain::NoTrump;
    Doubling doubling = Doubling::Undoubled;
    std::string toPbn() const; // "Pass", "4SX", "3NT", "NT"
    friend bool operator==(const PbnContract &, const PbnContract &) = default;
};
Result<PbnContract> parsePbnContract(std::string_view text);

// The Result tag: "9", "^9", "NS 8", "EW 5 NS 8", or "" (passed out).
struct PbnResult
{
    std::optional<int> declarerTricks;
    std::optional<int> nsTricks;
    std::optional<int> ewTricks;
    bool disputed = false; // '^': the players agreed on a wrong number
    // Tricks won by declarer, using the NS/EW forms when that is how the file gives them.
    std::optional<int> tricksFor(Seat declarer) const;
    friend bool operator==(const PbnResult &, const PbnResult &) = default;
};
Result<PbnResult> parsePbnResult(std::string_view text);

// The Hidden tag ("WE"): bit i set when seat i is hidden.
Result<std::uint8_t> parsePbnHidden(std::string_view text);

// A Note tag: "<index>:<text>".
struct PbnNote
{
    int index = 0;
    std::string text;
    friend bool operator==(const PbnNote &, const PbnNote &) = default;
};
Result<PbnNote> parsePbnNote(std::string_view text);

// OptimumScore: "NS 420", "NS +90", "EW -100", "NS 600 EW -600". Returns North-South's score.
Result<int> parsePbnOptimumScore(std::string_view text);
std::string formatPbnOptimumScore(int nsScore); // "NS 420", "NS -100"

// DoubleDummyTricks: 20 hex digits, declarer N S E W x strain NT S H D C ("-"/"?" unknown).
Result<DdTable> parsePbnDoubleDummyTricks(std::string_view text);
std::string formatPbnDoubleDummyTricks(const DdTable &table);

// OptimumResultTable: the column names in the tag value (widths "\2R" and order marks allowed,
// any column order, extra columns ignored) and one row per declarer and strain in the section
// (comments skipped). Partial tables leave cells unknown; "?" and "-" cells are unknown too.
// Errors carry the position of the element at fault.
Result<DdTable> parsePbnOptimumResultTable(std::string_view columns,
                                           const std::vector<PbnSectionToken> &tokens);
// The layout BridgeComposer writes: value "Declarer;Denomination\2R;Result\2R" and 20 rows,
// declarers N S E W, strains NT S H D C ("N NT  7", "N  S  4"). Unknown cells are skipped.
std::string pbnOptimumResultTableColumns();
std::vector<std::string> formatPbnOptimumResultTable(const DdTable &table);

// OptimumPlayTable rows: for each card played, the optimum cards of the player to move, as suit
// masks (S H D C) in the Hand lane encoding (bit r for rank r).
std::string pbnOptimumPlayTableColumns(); // "S;H;D;C"
// Reads the rows back: columns S, H, D, C in any order (as the tag value names them), ranks in
// any order and case, "-" for none. Errors carry the position of the element at fault.
Result<std::vector<std::array<std::uint16_t, 4>>>
parsePbnOptimumPlayTable(std::string_view columns, const std::vector<PbnSectionToken> &tokens);
std::vector<std::string>
formatPbnOptimumPlayTable(const std::vector<std::array<std::uint16_t, 4>> &rows);

// ParContract (de facto): contracts separated by ',' or ';', each preceded by its side or
// declarer, or by nothing when a side was given before, and followed by the result: what
// BridgeComposer writes ("NS 6S=", "E 3N+2", "NS 4S=, NS 5Dx-1", "EW 4H=,EW 4S=") and the older
// forms ("NS 4S", "EW 5DX", "NS 4H,4S", "NS:N 3NT+1", "NS N 3NT+1", "EW 4SX-3"), any case.
// toPbn() writes BridgeComposer's form: "NS 4S=, N 3NT+1", "EW 5Dx-3", "Pass".
struct PbnParItem
{
    std::string declarers; // "" (either of the side) or the one seat: "N"
    int level = 1;
    Strain strain = Strain::NoTrump;
    Doubling doubling = Doubling::Undoubled;
    int overtricks = 0; // negative: undertricks (sacrifices)
    friend bool operator==(const PbnParItem &, const PbnParItem &) = default;
};
struct PbnParContract
{
    std::optional<Side> side; // nullopt: passed out ("Pass")
    std::vector<PbnParItem> contracts;
    std::string toPbn() const;
    friend bool operator==(const PbnParContract &, const PbnParContract &) = default;
};
Result<PbnParContract> parsePbnParContract(std::string_view text);

} // namespace tenace::core
