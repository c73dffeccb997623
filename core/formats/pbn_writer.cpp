#include "core/formats/pbn_writer.h"

#include "core/formats/text_encoding.h"

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

namespace tenace::core {

namespace {

constexpr std::string_view mandatoryTags[] = {
    "Event",  "Site",       "Date", "Board",   "West",     "North",    "East",  "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"};

bool isMandatory(std::string_view name)
{
    return std::find(std::begin(mandatoryTags), std::end(mandatoryTags), name) !=
        std::end(mandatoryTags);
}

// "% PBN 2.1" and "% EXPORT", which writePbnExport() writes once at the top.
bool isHeaderDirective(std::string_view text)
{
    const std::string t = toUpperAscii(trimBlanks(text.substr(1)));
    if (t == "EXPORT")
        return true;
    const std::string_view version =
        t.starts_with("PBN ") ? trimBlanks(std::string_view(t).substr(4)) : "";
    return !version.empty() && version.find_first_not_of("0123456789.") == std::string_view::npos;
}

std::string tagLine(std::string_view name, std::string_view value)
{
    std::string line = "[";
    line.append(name).append(" \"").append(escapePbnString(value)).append("\"]");
    return line;
}

// A tag with the comments and directives that follow it.
struct TagGroup
{
    const PbnTag *tag = nullptr;
    std::vector<const PbnItem *> attached;
};

class GameFormatter
{
public:
    GameFormatter(const PbnGame &game, std::string_view newline, bool dropHeaders)
        : m_game(game), m_newline(newline), m_dropHeaders(dropHeaders)
    {
    }

    std::string run()
    {
        collect();
        for (const PbnItem *item : m_leading)
            emitItem(*item);
        for (std::string_view name : mandatoryTags)
            emitMandatory(name);
        emitSorted(m_plain);
        emitSection(m_auction, m_auctionNotes);
        emitSection(m_play, m_playNotes);
        emitSorted(m_sections);
        return std::move(m_out);
    }

private:
    void collect()
    {
        for (const PbnItem &item : m_game.items()) {
            if (const auto *tag = std::get_if<PbnTag>(&item))
                m_groups.push_back({tag, {}});
            else if (m_groups.empty())
                m_leading.push_back(&item);
            else
                m_groups.back().attached.push_back(&item);
        }
        std::vector<TagGroup> *notes = nullptr;
        for (const TagGroup &g : m_groups) {
            const std::string &name = g.tag->name;
            if (name == "Auction" && !m_auction) {
                m_auction = &g, notes = &m_auctionNotes;
            } else if (name == "Play" && !m_play) {
                m_play = &g, notes = &m_playNotes;
            } else if (name == "Note") {
                const bool before = !notes;
                (before ? m_pendingNotes : *notes).push_back(g);
            } else if (isMandatory(name)) {
                m_mandatory.push_back(g);
            } else {
                (g.tag->section.empty() ? m_plain : m_sections).push_back(g);
            }
        }
        // Notes before any Auction or Play go with the auction, or the play, or the other tags.
        auto &home = m_auction ? m_auctionNotes : m_play ? m_playNotes : m_plain;
        home.insert(home.begin(), m_pendingNotes.begin(), m_pendingNotes.end());
    }

    // Each line end inside the text (CR LF, LF or a lone CR, as a reader may have kept it) is
    // written as the file's line end.
    void emitLine(std::string_view line)
    {
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (line[i] == '\n' || line[i] == '\r') {
                m_out += m_newline;
                i += lineEndLength(line, i) - 1;
            } else {
                m_out += line[i];
            }
        }
        m_out += m_newline;
    }

    void emitItem(const PbnItem &item)
    {
        if (const auto *c = std::get_if<PbnComment>(&item))
            emitLine(c->text);
        else if (const auto *d = std::get_if<PbnDirective>(&item);
                 d && !(m_dropHeaders && isHeaderDirective(d->text)))
            emitLine(d->text);
    }

    void emitGroup(const TagGroup &g, const std::string &value,
                   const std::vector<std::string> &section)
    {
        emitLine(tagLine(g.tag->name, value));
        for (const auto &line : section)
            emitLine(line);
        for (const PbnItem *item : g.attached)
            emitItem(*item);
    }

    void emitMandatory(std::string_view name)
    {
        bool found = false;
        for (const TagGroup &g : m_mandatory) {
            if (g.tag->name == name) {
                emitGroup(g, found ? g.tag->value : exportValue(*g.tag), g.tag->section);
                found = true;
            }
        }
        if (!found)
            emitLine(tagLine(name, missingValue(name)));
    }

    void emitSorted(std::vector<TagGroup> &groups)
    {
        std::stable_sort(groups.begin(), groups.end(), [](const TagGroup &a, const TagGroup &b) {
            return a.tag->name < b.tag->name;
        });
        for (const TagGroup &g : groups)
            emitGroup(g, g.tag->value, g.tag->section);
    }

    void emitSection(const TagGroup *g, const std::vector<TagGroup> &notes)
    {
        if (!g)
            return;
        std::string value = g->tag->value;
        std::vector<std::string> lines = g->tag->section;
        if (g->tag->name == "Auction") {
            if (auto auction = m_game.auction()) {
                if (auto dealer = m_game.dealer())
                    *auction = pbnAuctionFromDealer(std::move(*auction), *dealer);
                value = std::string(1, seatLetter(auction->first));
                lines = formatPbnAuction(*auction);
            }
        } else if (auto play = m_game.play()) {
            value = std::string(1, seatLetter(play->first));
            lines = formatPbnPlay(*play);
        }
        emitGroup(*g, value, lines);
        for (const TagGroup &note : notes)
            emitGroup(note, note.tag->value, note.tag->section);
    }

    std::string missingValue(std::string_view name) const
    {
        if (auto inherited = m_game.tagValue(name))
            return *inherited;
        const auto contract = m_game.contract();
        if ((name == "Declarer" || name == "Result") && contract && contract->passedOut)
            return {};
        return "?";
    }

    std::string exportValue(const PbnTag &tag) const;

    const PbnGame &m_game;
    std::string_view m_newline;
    bool m_dropHeaders;
    std::string m_out;
    std::vector<const PbnItem *> m_leading;
    std::vector<TagGroup> m_groups;
    std::vector<TagGroup> m_mandatory, m_plain, m_sections, m_auctionNotes, m_playNotes,
        m_pendingNotes;
    const TagGroup *m_auction = nullptr;
    const TagGroup *m_play = nullptr;
};

// Mandatory tag values in export form; values that do not parse are kept as written.
std::string GameFormatter::exportValue(const PbnTag &tag) const
{
    const std::string &v = tag.value;
    if (v == "#" || v.starts_with("##") || v == "?")
        return v;
    if (tag.name == "Dealer") {
        if (auto seat = parsePbnSeat(v, "dealer"))
            return std::string(1, seatLetter(*seat));
    } else if (tag.name == "Vulnerable") {
        if (auto vul = parsePbnVulnerability(v))
            return std::string(vulnerabilityName(*vul));
    } else if (tag.name == "Deal") {
        if (auto deal = parsePbnDeal(v)) {
            const auto dealer = m_game.dealer();
            return deal->toPbn(dealer ? *dealer : *seatFromLetter(trimBlanks(v)[0]));
        }
    } else if (tag.name == "Declarer") {
        if (auto d = parsePbnDeclarer(v))
            return d->seat ? std::string(d->swapped ? "^" : "").append(1, seatLetter(*d->seat))
                           : std::string();
    } else if (tag.name == "Contract") {
        if (auto c = parsePbnContract(v))
            return c->toPbn();
    } else if (tag.name == "Result") {
        const auto r = parsePbnResult(v);
        const auto declarer = m_game.declarer();
        std::optional<int> tricks = r ? r->declarerTricks : std::nullopt;
        if (r && !tricks && declarer && declarer->seat)
            tricks = r->tricksFor(*declarer->seat);
        if (tricks)
            return std::string(r->disputed ? "^" : "").append(std::to_string(*tricks));
    }
    return v;
}

} // namespace

std::string formatPbnGame(const PbnGame &game, std::string_view newline)
{
    return GameFormatter(game, newline, false).run();
}

PbnGameWriter::PbnGameWriter(std::ostream &out, TextEncoding encoding, std::string newline,
                             std::string_view leading)
    : m_out(out), m_encoding(encoding), m_newline(std::move(newline))
{
    put(leading);
}

void PbnGameWriter::put(std::string_view utf8)
{
    if (utf8.empty())
        return;
    m_buffer += utf8;
    m_last = utf8.back();
}

void PbnGameWriter::flush()
{
    if (m_buffer.empty() && m_bomWritten)
        return;
    const std::string bytes = encodeText(m_buffer, m_encoding, !m_bomWritten);
    m_out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    m_buffer.clear();
    m_bomWritten = true;
}

void PbnGameWriter::write(const PbnGame &game)
{
    const bool atLineStart = m_last == 0 || m_last == '\n' || m_last == '\r';
    if (m_afterGame && !m_separated) {
        // The game before was the last one of its file or a new one: separate the games.
        if (!atLineStart)
            put(m_newline);
        put(m_newline);
    } else if (game.isModified() && !atLineStart) {
        put(m_newline);
    }
    if (game.isModified())
        put(formatPbnGame(game, m_newline));
    else
        put(game.source());
    put(game.separator());
    m_afterGame = true;
    m_separated = !game.separator().empty();
    if (m_buffer.size() >= 64 * 1024)
        flush();
}

Status PbnGameWriter::finish()
{
    flush();
    m_out.flush();
    if (!m_out)
        return Error {ErrorCode::Io, "cannot write the PBN text"};
    return Ok {};
}

std::string writePbn(const PbnDocument &document)
{
    std::ostringstream out;
    PbnGameWriter writer(out, document.encoding, document.newline, document.leading);
    for (const PbnGame &game : document.games)
        writer.write(game);
    (void)writer.finish();
    return std::move(out).str();
}

std::string writePbnExport(const PbnDocument &document)
{
    constexpr std::string_view crlf = "\r\n";
    std::string out = "% PBN 2.1\r\n% EXPORT\r\n";
    bool first = true;
    for (const PbnGame &game : document.games) {
        std::string text = GameFormatter(game, crlf, true).run();
        if (!game.hasTags() && text.empty())
            continue;
        if (!first)
            out += crlf;
        out += text;
        first = false;
    }
    return encodeText(out, document.encoding);
}

Status writeFileAtomically(const std::filesystem::path &path, std::string_view bytes)
{
    namespace fs = std::filesystem;
    fs::path temporary = path;
    temporary += ".tmp-" + std::to_string(std::random_device {}());
    std::error_code ignored;
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out)
            return Error {ErrorCode::Io, "cannot create '" + temporary.string() + "'"};
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            out.close();
            fs::remove(temporary, ignored);
            return Error {ErrorCode::Io, "cannot write '" + temporary.string() + "'"};
        }
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);
    if (ec) {
        fs::remove(temporary, ignored);
        return Error {ErrorCode::Io, "cannot replace '" + path.string() + "': " + ec.message()};
    }
    return Ok {};
}

Status writePbnFile(const std::filesystem::path &path, const PbnDocument &document,
                    PbnWriteMode mode)
{
    return writeFileAtomically(
        path, mode == PbnWriteMode::Lossless ? writePbn(document) : writePbnExport(document));
}

} // namespace tenace::core
