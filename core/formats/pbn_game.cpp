#include "core/formats/pbn_game.h"

#include <algorithm>

namespace tenace::core {

namespace {

bool isInheritMarker(std::string_view value)
{
    return value == "#" || value.starts_with("##");
}

template<typename T, typename Parse>
std::optional<T> parsed(const std::optional<std::string> &value, Parse parse)
{
    if (!value)
        return std::nullopt;
    auto r = parse(*value);
    if (!r)
        return std::nullopt;
    return std::move(*r);
}

} // namespace

bool isPbnUninheritableTag(std::string_view name)
{
    static constexpr std::string_view names[] = {"Dealer",   "Vulnerable", "Deal", "Declarer",
                                                 "Contract", "Auction",    "Play", "Note"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

PbnGame::PbnGame(std::vector<PbnItem> items, std::string source, std::string separator)
    : m_items(std::move(items)), m_source(std::move(source)), m_separator(std::move(separator))
{
}

std::vector<PbnItem> &PbnGame::editItems()
{
    touch();
    return m_items;
}

const std::string &PbnGame::source() const
{
    static const std::string none;
    return m_source ? *m_source : none;
}

bool PbnGame::hasTags() const
{
    return std::any_of(m_items.begin(), m_items.end(),
                       [](const PbnItem &i) { return std::holds_alternative<PbnTag>(i); });
}

const PbnTag *PbnGame::findTag(std::string_view name) const
{
    for (const PbnItem &item : m_items) {
        if (const auto *tag = std::get_if<PbnTag>(&item); tag && tag->name == name)
            return tag;
    }
    return nullptr;
}

PbnTag *PbnGame::findMutableTag(std::string_view name)
{
    return const_cast<PbnTag *>(std::as_const(*this).findTag(name));
}

std::vector<const PbnTag *> PbnGame::findTags(std::string_view name) const
{
    std::vector<const PbnTag *> out;
    for (const PbnItem &item : m_items) {
        if (const auto *tag = std::get_if<PbnTag>(&item); tag && tag->name == name)
            out.push_back(tag);
    }
    return out;
}

std::optional<std::string> PbnGame::tagValue(std::string_view name) const
{
    const PbnTag *tag = findTag(name);
    if (tag && !isInheritMarker(tag->value))
        return tag->value;
    for (const auto &[n, v] : m_inherited) {
        if (n == name)
            return v;
    }
    if (tag) // inheritance not resolved: "##text" means text, "#" means nothing known
        return tag->value == "#" ? std::string() : tag->value.substr(2);
    return std::nullopt;
}

bool PbnGame::isInherited(std::string_view name) const
{
    const PbnTag *tag = findTag(name);
    if (tag && !isInheritMarker(tag->value))
        return false;
    return std::any_of(m_inherited.begin(), m_inherited.end(),
                       [&](const auto &p) { return p.first == name; });
}

void PbnGame::setInherited(std::vector<std::pair<std::string, std::string>> values)
{
    m_inherited = std::move(values);
}

void PbnGame::setTag(std::string_view name, std::string value)
{
    touch();
    if (PbnTag *tag = findMutableTag(name)) {
        tag->value = std::move(value);
        return;
    }
    appendTag(name, std::move(value));
}

void PbnGame::appendTag(std::string_view name, std::string value)
{
    touch();
    PbnTag tag;
    tag.name = std::string(name);
    tag.value = std::move(value);
    m_items.emplace_back(std::move(tag));
}

void PbnGame::setSection(std::string_view name, std::string value, std::vector<std::string> lines)
{
    setTag(name, std::move(value));
    PbnTag *tag = findMutableTag(name);
    tag->section = std::move(lines);
    tag->sectionPosition = {};
}

void PbnGame::removeTag(std::string_view name)
{
    touch();
    std::erase_if(m_items, [&](const PbnItem &item) {
        const auto *tag = std::get_if<PbnTag>(&item);
        return tag && tag->name == name;
    });
}

void PbnGame::appendComment(std::string text)
{
    touch();
    m_items.emplace_back(PbnComment {std::move(text), false, {}});
}

std::optional<Seat> PbnGame::dealer() const
{
    return parsed<Seat>(tagValue("Dealer"),
                        [](const std::string &v) { return parsePbnSeat(v, "dealer"); });
}

std::optional<Vulnerability> PbnGame::vulnerability() const
{
    return parsed<Vulnerability>(tagValue("Vulnerable"), parsePbnVulnerability);
}

std::optional<Deal> PbnGame::deal() const
{
    return parsed<Deal>(tagValue("Deal"), parsePbnDeal);
}

std::optional<PbnDeclarer> PbnGame::declarer() const
{
    return parsed<PbnDeclarer>(tagValue("Declarer"), parsePbnDeclarer);
}

std::optional<PbnContract> PbnGame::contract() const
{
    return parsed<PbnContract>(tagValue("Contract"), parsePbnContract);
}

std::optional<PbnResult> PbnGame::result() const
{
    return parsed<PbnResult>(tagValue("Result"), parsePbnResult);
}

std::optional<PbnAuction> PbnGame::auction() const
{
    const PbnTag *tag = findTag("Auction");
    if (!tag)
        return std::nullopt;
    auto seat = parsePbnSeat(tag->value, "auction seat");
    if (!seat)
        return std::nullopt;
    auto auction = parsePbnAuction(*seat, tag->sectionTokens());
    return auction ? std::optional(std::move(*auction)) : std::nullopt;
}

std::optional<PbnPlay> PbnGame::play() const
{
    const PbnTag *tag = findTag("Play");
    if (!tag)
        return std::nullopt;
    auto seat = parsePbnSeat(tag->value, "opening leader");
    if (!seat)
        return std::nullopt;
    auto play = parsePbnPlay(*seat, tag->sectionTokens());
    return play ? std::optional(std::move(*play)) : std::nullopt;
}

std::vector<PbnNote> PbnGame::notesBetween(std::string_view after, std::string_view before) const
{
    // Notes before any Auction or Play tag are taken as auction notes.
    bool inside = after == "Auction";
    std::vector<PbnNote> out;
    for (const PbnItem &item : m_items) {
        const auto *tag = std::get_if<PbnTag>(&item);
        if (!tag)
            continue;
        if (tag->name == after)
            inside = true;
        else if (tag->name == before)
            inside = false;
        else if (inside && tag->name == "Note") {
            if (auto note = parsePbnNote(tag->value))
                out.push_back(std::move(*note));
        }
    }
    return out;
}

std::vector<PbnNote> PbnGame::auctionNotes() const
{
    return notesBetween("Auction", "Play");
}

std::vector<PbnNote> PbnGame::playNotes() const
{
    return notesBetween("Play", "Auction");
}

std::uint8_t PbnGame::hidden() const
{
    return parsed<std::uint8_t>(tagValue("Hidden"), parsePbnHidden).value_or(0);
}

std::optional<int> PbnGame::optimumScore() const
{
    return parsed<int>(tagValue("OptimumScore"), parsePbnOptimumScore);
}

std::optional<DdTable> PbnGame::doubleDummyTricks() const
{
    return parsed<DdTable>(tagValue("DoubleDummyTricks"), parsePbnDoubleDummyTricks);
}

std::optional<DdTable> PbnGame::optimumResultTable() const
{
    const PbnTag *tag = findTag("OptimumResultTable");
    if (!tag)
        return std::nullopt;
    auto table = parsePbnOptimumResultTable(tag->value, tag->sectionTokens());
    return table ? std::optional(*table) : std::nullopt;
}

std::optional<PbnParContract> PbnGame::parContract() const
{
    return parsed<PbnParContract>(tagValue("ParContract"), parsePbnParContract);
}

std::optional<std::vector<std::array<std::uint16_t, 4>>> PbnGame::optimumPlayTable() const
{
    const PbnTag *tag = findTag("OptimumPlayTable");
    if (!tag)
        return std::nullopt;
    auto rows = parsePbnOptimumPlayTable(tag->value, tag->sectionTokens());
    return rows ? std::optional(std::move(*rows)) : std::nullopt;
}

void PbnGame::setDeal(const Deal &deal)
{
    setTag("Deal", deal.toPbn(dealer().value_or(Seat::North)));
}

void PbnGame::setAuction(const PbnAuction &auction)
{
    setSection("Auction", std::string(1, seatLetter(auction.first)), formatPbnAuction(auction));
}

void PbnGame::setPlay(const PbnPlay &play)
{
    setSection("Play", std::string(1, seatLetter(play.first)), formatPbnPlay(play));
}

void PbnGame::setDdResults(const DdTable &table, std::optional<int> optimumScoreNs,
                           const std::optional<PbnParContract> &par)
{
    setTag("DoubleDummyTricks", formatPbnDoubleDummyTricks(table));
    setSection("OptimumResultTable", pbnOptimumResultTableColumns(),
               formatPbnOptimumResultTable(table));
    if (optimumScoreNs)
        setTag("OptimumScore", formatPbnOptimumScore(*optimumScoreNs));
    if (par)
        setTag("ParContract", par->toPbn());
}

void PbnGame::setOptimumPlayTable(const std::vector<std::array<std::uint16_t, 4>> &rows)
{
    setSection("OptimumPlayTable", pbnOptimumPlayTableColumns(), formatPbnOptimumPlayTable(rows));
}

PbnRecordedContract recordedContract(const PbnGame &game)
{
    const auto contract = game.contract();
    const auto declarer = game.declarer();
    if (contract && contract->passedOut)
        return {true, std::nullopt};
    if (contract && declarer && declarer->seat)
        return {false,
                Contract {contract->level, contract->strain, contract->doubling, *declarer->seat}};
    if (const auto auction = game.auction()) {
        const auto outcome = evaluatePbnAuction(*auction);
        if (outcome && outcome->finished)
            return outcome->passedOut ? PbnRecordedContract {true, std::nullopt}
                                      : PbnRecordedContract {false, outcome->contract};
    }
    return {};
}

std::optional<PbnRecordedPlay> recordedPlay(const PbnGame &game)
{
    const auto deal = game.deal();
    const auto recorded = recordedContract(game);
    const auto play = game.play();
    if (!deal || deal->cardCount() != 52 || !recorded.contract || recorded.contract->level == 0 ||
        !play)
        return std::nullopt;
    const auto sequence = pbnPlaySequence(*play, recorded.contract->strain, &*deal);
    if (!sequence)
        return std::nullopt;
    PbnRecordedPlay out {*deal, *recorded.contract, {}};
    for (const PbnPlayedCard &c : *sequence)
        out.cards.push_back(c.card);
    return out;
}

} // namespace tenace::core
