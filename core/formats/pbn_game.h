#pragma once

// One PBN game as read: its items in file order (tags with their section data, comments,
// '%' directives) and the exact text it was read from, so that an unchanged game is written back
// byte for byte. Any edit through the non-const interface drops that text and the game is then
// written in the export layout. Typed accessors parse tag values on demand and see inherited
// values ("#", "##", tags omitted for a shared deal); they return nothing for a tag that is
// absent or malformed (the reader reports malformed ones). Value type; not thread-safe.

#include "core/formats/pbn_auction.h"
#include "core/formats/pbn_play.h"
#include "core/formats/pbn_values.h"
#include "core/model/deal.h"

#include <utility>
#include <variant>

namespace tenace::core {

struct PbnTag
{
    std::string name;
    std::string value; // unescaped, as written ("#" and "##..." kept)
    // Section data (Auction, Play, tables, unknown sections): the lines after the tag up to the
    // next tag, right-trimmed, comments kept verbatim. Empty for a plain tag.
    std::vector<std::string> section;
    PbnPosition position; // of '['
    PbnPosition valuePosition; // of the first character inside the quotes
    PbnPosition sectionPosition; // of the first character of section[0]

    std::vector<PbnSectionToken> sectionTokens() const
    {
        return splitPbnSection(section, sectionPosition);
    }
    friend bool operator==(const PbnTag &, const PbnTag &) = default;
};

// A comment between tags, attached to the tag before it (or to the start of the game).
struct PbnComment
{
    std::string text; // with its delimiters: "{...}" or "; ..."
    bool sameLine = false; // it started on the line of the item before it (layout only)
    PbnPosition position;
    // Layout does not count: the export format moves comments after a tag to a line of their own.
    friend bool operator==(const PbnComment &a, const PbnComment &b) { return a.text == b.text; }
};

// A line starting with '%' in column 1 ("% PBN 2.1", "% EXPORT", application data).
struct PbnDirective
{
    std::string text; // the whole line
    PbnPosition position;
    friend bool operator==(const PbnDirective &, const PbnDirective &) = default;
};

using PbnItem = std::variant<PbnTag, PbnComment, PbnDirective>;

class PbnGame
{
public:
    PbnGame() = default;
    // A game as read: `source` is the exact text of its lines, `separator` the semi-empty
    // lines after it.
    PbnGame(std::vector<PbnItem> items, std::string source, std::string separator);

    const std::vector<PbnItem> &items() const { return m_items; }
    std::vector<PbnItem> &editItems(); // marks the game modified
    bool isModified() const { return !m_source.has_value(); }
    const std::string &source() const; // empty once modified
    const std::string &separator() const { return m_separator; }
    void setSeparator(std::string separator) { m_separator = std::move(separator); }
    bool hasTags() const;

    // Raw tags. A repeated tag (other than Note) is ignored, as the standard says: find the first.
    const PbnTag *findTag(std::string_view name) const;
    std::vector<const PbnTag *> findTags(std::string_view name) const;
    // The value in effect: the tag's own value, or the inherited one for "#", "##text" and for
    // tags given by "##" in an earlier game or omitted for a shared deal.
    std::optional<std::string> tagValue(std::string_view name) const;
    bool isInherited(std::string_view name) const;
    // Values in effect from other games, set by PbnDocument::resolveInheritance().
    void setInherited(std::vector<std::pair<std::string, std::string>> values);

    // Edits: each marks the game modified.
    void setTag(std::string_view name, std::string value); // replaces the first or appends
    void appendTag(std::string_view name, std::string value); // appends (Note tags repeat)
    void setSection(std::string_view name, std::string value, std::vector<std::string> lines);
    void removeTag(std::string_view name); // every occurrence
    void appendComment(std::string text);

    // Typed values (nothing when absent or malformed).
    std::optional<Seat> dealer() const;
    std::optional<Vulnerability> vulnerability() const;
    std::optional<Deal> deal() const;
    std::optional<PbnDeclarer> declarer() const;
    std::optional<PbnContract> contract() const;
    std::optional<PbnResult> result() const;
    std::optional<PbnAuction> auction() const;
    std::optional<PbnPlay> play() const;
    std::vector<PbnNote> auctionNotes() const; // Note tags after Auction (before Play)
    std::vector<PbnNote> playNotes() const; // Note tags after Play
    std::uint8_t hidden() const; // bit i: seat i hidden
    std::optional<int> optimumScore() const; // North-South's
    std::optional<DdTable> doubleDummyTricks() const;
    std::optional<DdTable> optimumResultTable() const;
    std::optional<PbnParContract> parContract() const;
    std::optional<std::vector<std::array<std::uint16_t, 4>>> optimumPlayTable() const;

    // Typed edits.
    void setDeal(const Deal &deal); // written from the dealer when known
    void setAuction(const PbnAuction &auction);
    void setPlay(const PbnPlay &play);
    // Writes DoubleDummyTricks, OptimumResultTable (20 rows) and, when given, OptimumScore and
    // ParContract.
    void setDdResults(const DdTable &table, std::optional<int> optimumScoreNs = std::nullopt,
                      const std::optional<PbnParContract> &par = std::nullopt);
    // OptimumPlayTable: one row per card of the Play section (see formatPbnOptimumPlayTable).
    void setOptimumPlayTable(const std::vector<std::array<std::uint16_t, 4>> &rows);

    // Games compare by content (their items); the source text and positions do not count.
    friend bool operator==(const PbnGame &a, const PbnGame &b) { return a.m_items == b.m_items; }

private:
    PbnTag *findMutableTag(std::string_view name);
    std::vector<PbnNote> notesBetween(std::string_view after, std::string_view before) const;
    void touch() { m_source.reset(); }

    std::vector<PbnItem> m_items;
    std::optional<std::string> m_source;
    std::string m_separator;
    std::vector<std::pair<std::string, std::string>> m_inherited;
};

// The contract a game records: its Contract and Declarer tags (a Contract of a strain only, as
// end positions write it, gives level 0), else the end of a finished auction; `passedOut` when
// the tags or the auction say so. No contract when the game records none.
struct PbnRecordedContract
{
    bool passedOut = false;
    std::optional<Contract> contract;
};
PbnRecordedContract recordedContract(const PbnGame &game);

// A game's full deal, its contract (of a level) and its recorded play in playing order, the
// cards checked against the deal; nullopt when one of them is missing or the play is not legal.
struct PbnRecordedPlay
{
    Deal deal;
    Contract contract;
    std::vector<Card> cards;
};
std::optional<PbnRecordedPlay> recordedPlay(const PbnGame &game);

// Tags the standard forbids to inherit with "#" (4.8).
bool isPbnUninheritableTag(std::string_view name);

} // namespace tenace::core
