#pragma once

// The PBN writer. Lossless mode writes a document back exactly as read, except for the games
// that were changed (or added), which are written in the export layout; export mode writes
// every game in the strict export format. Files are written atomically. Pure functions apart
// from the file functions; blocking, thread-safe.

#include "core/formats/pbn_document.h"

#include <filesystem>
#include <ostream>

namespace tenace::core {

enum class PbnWriteMode { Lossless, Export };

// The bytes of the document in its encoding. Unchanged games are their source text; changed
// and new games use the export layout with the document's line ending; games stay separated by
// their original semi-empty lines (an empty line for new ones).
std::string writePbn(const PbnDocument &document);

// The strict export format: "% PBN 2.1" and "% EXPORT" first, CRLF line endings, one empty line
// between games, every game laid out by formatPbnGame().
std::string writePbnExport(const PbnDocument &document);

// The export layout of one game (UTF-8): leading comments and directives; the 15 mandatory tags
// in order ("?" when unknown, "" for Declarer and Result when passed out, inherited values when
// the game omits a tag); the other tags alphabetically; Auction and its notes; Play and its
// notes; the other sections alphabetically. Values in export form (Deal from the dealer with
// ranks in order, "None"/"All", upper case); comments stay with the tag, call or card they
// follow. Every line ends with `newline`.
std::string formatPbnGame(const PbnGame &game, std::string_view newline = "\r\n");

// Writes games one at a time, exactly as writePbn() writes the same games as a document: for
// files read game by game with PbnGameReader. Blocking; not thread-safe.
class PbnGameWriter
{
public:
    PbnGameWriter(std::ostream &out, TextEncoding encoding, std::string newline,
                  std::string_view leading = {});
    void write(const PbnGame &game);
    // Writes what is still buffered; fails when the stream did.
    Status finish();

private:
    void put(std::string_view utf8);
    void flush();

    std::ostream &m_out;
    TextEncoding m_encoding;
    std::string m_newline;
    std::string m_buffer; // UTF-8, encoded when flushed
    bool m_bomWritten = false;
    bool m_afterGame = false;
    bool m_separated = true; // the last game ended with semi-empty lines
    char m_last = 0;
};

// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: a failed write
// leaves the original untouched.
Status writeFileAtomically(const std::filesystem::path &path, std::string_view bytes);

Status writePbnFile(const std::filesystem::path &path, const PbnDocument &document,
                    PbnWriteMode mode = PbnWriteMode::Lossless);

} // namespace tenace::core
