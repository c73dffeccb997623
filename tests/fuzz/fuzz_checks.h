#pragma once

// The properties the fuzz targets check, shared with tests/core/tst_fuzz_regressions.cpp so that
// a saved crashing input is checked in the normal build exactly as the fuzzer checked it. Each
// check returns the first property that does not hold ("" when all hold); faults (out-of-bounds
// reads, undefined behaviour) are left to the sanitizers. Qt-free. Blocking, thread-safe.

#include "core/formats/lin_reader.h"
#include "core/formats/pbn_game_reader.h"
#include "core/formats/pbn_reader.h"
#include "core/formats/pbn_writer.h"
#include "core/formats/text_encoding.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>

namespace tenace::fuzz {

using namespace tenace::core;

// Calls every typed accessor of the game and formats what they return, so that the values are
// used (and a bad one reaches a sanitizer).
inline std::size_t touchGame(const PbnGame &game)
{
    std::size_t n = game.items().size() + game.hidden();
    if (auto deal = game.deal())
        n += deal->toPbn().size() + deal->toPbn(game.dealer().value_or(Seat::North)).size();
    n += game.dealer().has_value() + game.vulnerability().has_value();
    n += game.declarer().has_value();
    const auto contract = game.contract();
    if (contract)
        n += contract->toPbn().size();
    if (auto result = game.result())
        n += result->tricksFor(Seat::South).value_or(0);
    if (auto auction = game.auction()) {
        for (const std::string &line : formatPbnAuction(*auction))
            n += line.size();
        if (auto outcome = evaluatePbnAuction(*auction))
            n += outcome->finished;
        if (auto dealer = game.dealer())
            n += pbnAuctionFromDealer(*auction, *dealer).calls.size();
    }
    if (auto play = game.play()) {
        for (const std::string &line : formatPbnPlay(*play))
            n += line.size();
        const auto deal = game.deal();
        const Strain trump = contract ? contract->strain : Strain::NoTrump;
        if (auto sequence = pbnPlaySequence(*play, trump, deal ? &*deal : nullptr))
            n += sequence->size();
    }
    n += game.auctionNotes().size() + game.playNotes().size();
    n += static_cast<std::size_t>(game.optimumScore().value_or(0));
    if (auto table = game.doubleDummyTricks())
        n += formatPbnDoubleDummyTricks(*table).size();
    if (auto table = game.optimumResultTable())
        n += formatPbnOptimumResultTable(*table).size();
    if (auto par = game.parContract())
        n += par->toPbn().size();
    if (auto rows = game.optimumPlayTable())
        n += formatPbnOptimumPlayTable(*rows).size();
    n += formatPbnGame(game).size();
    return n;
}

// The game's typed values as text, without positions or layout: what writing a game in the
// export layout must keep.
inline std::string gameSummary(const PbnGame &game)
{
    std::string s;
    auto put = [&s](const char *what, const std::string &value) {
        s.append(what).append("=").append(value).append("\n");
    };
    // The export layout writes "?" for a mandatory tag the game lacks.
    for (const char *name :
         {"Event", "Site", "Date", "Board", "West", "North", "East", "South", "Scoring"})
        put(name, game.tagValue(name).value_or("?"));
    for (const char *name : {"Room", "Stage", "HomeTeam", "VisitTeam"})
        put(name, game.tagValue(name).value_or("-"));
    const auto deal = game.deal();
    put("deal", deal ? deal->toPbn() : "-");
    put("dealer", game.dealer() ? std::to_string(int(*game.dealer())) : "-");
    put("vulnerable", game.vulnerability() ? std::to_string(int(*game.vulnerability())) : "-");
    put("contract", game.contract() ? game.contract()->toPbn() : "-");
    put("declarer", game.declarer() ? "yes" : "-");
    const auto result = game.result();
    put("result",
        result ? std::to_string(result->declarerTricks.value_or(-1)) + " " +
                std::to_string(result->nsTricks.value_or(-1)) + " " +
                std::to_string(result->ewTricks.value_or(-1))
               : "-");
    if (auto auction = game.auction()) {
        put("auction", std::to_string(int(auction->first)));
        for (const std::string &line : formatPbnAuction(*auction))
            put("call", line);
    }
    if (auto play = game.play()) {
        put("play", std::to_string(int(play->first)));
        for (const std::string &line : formatPbnPlay(*play))
            put("card", line);
    }
    for (const PbnNote &note : game.auctionNotes())
        put("auction note", std::to_string(note.index) + ":" + note.text);
    for (const PbnNote &note : game.playNotes())
        put("play note", std::to_string(note.index) + ":" + note.text);
    // Line ends inside multi-line comments are layout: section lines are read right-trimmed.
    std::string text;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\r') {
            if (i + 1 == s.size() || s[i + 1] != '\n')
                s[i] = '\n';
            else
                continue;
        }
        if (s[i] == '\n')
            text.resize(rightTrimmed(text).size());
        text += s[i];
    }
    return text;
}

inline std::size_t touchDocument(const PbnDocument &document)
{
    std::size_t n = 0;
    for (const PbnGame &game : document.games)
        n += touchGame(game);
    return n;
}

// The document and issues of a PbnGameReader over `bytes`, `chunkSize` bytes at a time, with the
// issues in the order readPbn() gives them.
inline PbnReadResult readPbnStreamed(const std::string &bytes, std::size_t chunkSize)
{
    std::istringstream in(bytes);
    PbnGameReader reader(in, {}, chunkSize);
    PbnReadResult out;
    while (auto game = reader.next(out.issues))
        out.document.games.push_back(std::move(*game));
    out.document.encoding = reader.encoding();
    out.document.newline = reader.newline();
    out.document.leading = reader.leading();
    std::stable_sort(out.issues.begin(), out.issues.end(),
                     [](const PbnIssue &a, const PbnIssue &b) {
                         return a.game != b.game ? a.game < b.game : a.line < b.line;
                     });
    return out;
}

// Everything the streaming reader promises to give as readPbn() does: items, source text,
// separators, issues.
inline std::string streamedDifference(const PbnReadResult &whole, const PbnReadResult &streamed)
{
    const auto &a = whole.document;
    const auto &b = streamed.document;
    if (a.encoding != b.encoding || a.newline != b.newline || a.leading != b.leading)
        return "streamed: encoding, newline or leading text differs";
    if (a.games.size() != b.games.size())
        return "streamed: " + std::to_string(b.games.size()) + " games instead of " +
            std::to_string(a.games.size());
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        if (!(a.games[i] == b.games[i]) || a.games[i].source() != b.games[i].source() ||
            a.games[i].separator() != b.games[i].separator())
            return "streamed: game " + std::to_string(i) + " differs";
    }
    if (whole.issues != streamed.issues)
        return "streamed: " + std::to_string(streamed.issues.size()) + " issues instead of " +
            std::to_string(whole.issues.size());
    return {};
}

// The PBN reader, the lossless writer and the streaming reader:
// - writing back what was read gives the input bytes (except UTF-16 with an odd number of bytes,
//   whose last byte is dropped), and reading that again gives an equal document;
// - PbnGameReader gives what readPbn() gives, for input inside its 64 KiB encoding window, and
//   for valid UTF-8 pushed beyond the window (so that it is read in small chunks).
inline std::string checkPbn(std::string_view bytes)
{
    const PbnReadResult whole = readPbn(bytes);
    touchDocument(whole.document);
    const std::string out = writePbn(whole.document);
    const bool truncated = decodeText(bytes).truncated;
    if (!truncated && out != bytes)
        return "lossless write differs from the input";
    // (When the bytes are the input's, reading them again is what was just done.)
    if (out != bytes && readPbn(out).document != whole.document)
        return "read -> write -> read gives another document";
    (void)writePbnExport(whole.document);

    const std::string text(bytes);
    const std::size_t chunk = 1 + (bytes.empty() ? 0 : static_cast<unsigned char>(bytes[0]) % 61);
    // Beyond the window, a file that is not UTF-8 may be read as UTF-8 by the streaming reader
    // (documented): the fuzzers never get there (-max_len=65536), regression files may.
    const bool sameEncoding =
        text.size() <= 64 * 1024 || whole.document.encoding != TextEncoding::Latin1;
    if (sameEncoding) {
        if (auto d = streamedDifference(whole, readPbnStreamed(text, chunk)); !d.empty())
            return d;
    }
    // One input in four (it costs a 64 KiB read), chosen by its first byte.
    if (chunk % 4 == 0 && isValidUtf8(text)) {
        // A long '%' line fills the encoding window; the input then arrives chunk by chunk.
        const std::string padded = "%" + std::string(64 * 1024, '-') + "\n" + text;
        if (auto d = streamedDifference(readPbn(padded), readPbnStreamed(padded, chunk));
            !d.empty())
            return "after 64 KiB: " + d;
    }
    return {};
}

// The LIN reader: every board read becomes a game whose typed values can be used and written as
// PBN; the PBN written reads back to games with the same typed values (unless the file was
// ISO-8859-1, which cannot hold every character the games may contain). Only the first few games
// go through PBN: a vugraph file has hundreds, and the round trip is the same for each.
inline std::string checkLin(std::string_view bytes)
{
    constexpr std::size_t gamesWritten = 8;
    (void)looksLikeLin(bytes);
    const PbnReadResult lin = readLin(bytes);
    touchDocument(lin.document);
    PbnDocument first = lin.document;
    if (first.games.size() > gamesWritten)
        first.games.resize(gamesWritten);
    const PbnReadResult back = readPbn(writePbn(first));
    touchDocument(back.document);
    if (first.encoding == TextEncoding::Latin1)
        return {};
    if (back.document.games.size() != first.games.size())
        return "LIN written as PBN: " + std::to_string(back.document.games.size()) +
            " games instead of " + std::to_string(first.games.size());
    for (std::size_t i = 0; i < first.games.size(); ++i) {
        const std::string a = gameSummary(first.games[i]);
        const std::string b = gameSummary(back.document.games[i]);
        if (a != b)
            return "LIN written as PBN: game " + std::to_string(i) + " reads back as\n" + b +
                "instead of\n" + a;
    }
    return {};
}

} // namespace tenace::fuzz
