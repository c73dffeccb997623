#pragma once

// Reads a PBN file one game at a time, holding only the game being read and the text not yet
// used: for files too large to keep whole as a document (a 50 MB tournament archive). Gives the
// same games, separators and issues as readPbn(), with one difference: the character set is
// decided from the first 64 KiB (byte-order mark, else UTF-8 unless that part is not valid
// UTF-8, else ISO-8859-1), where readPbn() looks at the whole file; bytes of a UTF-8 file that
// turn out invalid later are kept as they are, so writing stays exact. Blocking; not
// thread-safe (one reader per stream).

#include "core/formats/pbn_lexer.h"
#include "core/formats/pbn_reader.h"

#include <cstdint>
#include <istream>

namespace tenace::core {

class PbnGameReader
{
public:
    // `chunkSize`: bytes read at a time after the first 64 KiB.
    explicit PbnGameReader(std::istream &in, PbnReadOptions options = {},
                           std::size_t chunkSize = 64 * 1024);

    // The next game, or nothing at the end of the input. Problems found while reading it are
    // appended to `issues`. Calls options.progress(bytesRead(), 0) after each game.
    std::optional<PbnGame> next(std::vector<PbnIssue> &issues);

    TextEncoding encoding() const { return m_encoding; }
    const std::string &newline() const { return m_newline; } // "\r\n" until one is seen
    const std::string &leading() const { return m_leading; } // known after the first next()
    std::uint64_t bytesRead() const { return m_bytesRead; }

private:
    struct Span
    {
        std::size_t end = 0; // relative to m_pos
        int nextLine = 0;
    };
    void start();
    void readMore();
    void append(std::string_view bytes);
    std::string takeUtf16Units(std::string_view bytes);
    void noticeNewline(std::size_t from);
    std::string_view rest() const { return std::string_view(m_text).substr(m_pos); }
    Span blankLines(std::size_t from, int line);
    std::optional<Span> gameTokens(std::vector<PbnLexToken> &tokens);
    void finishGame(PbnGame &game, std::vector<PbnIssue> gameIssues, std::vector<PbnIssue> &issues);
    void flushPendingIssues(std::vector<PbnIssue> &issues);

    std::istream &m_in;
    PbnReadOptions m_options;
    std::size_t m_chunkSize;
    TextEncoding m_encoding = TextEncoding::Utf8;
    std::string m_newline = "\r\n";
    bool m_newlineSeen = false;
    std::string m_leading;
    std::string m_text; // decoded text not yet used, from m_pos
    std::size_t m_pos = 0;
    int m_line = 1; // line number at m_pos
    std::string m_carry; // UTF-16 bytes of an incomplete unit or surrogate pair
    bool m_started = false;
    bool m_eof = false;
    std::uint64_t m_bytesRead = 0;
    int m_games = 0;
    std::vector<PbnIssue> m_pendingIssues;
    PbnInheritance m_inheritance;
};

} // namespace tenace::core
