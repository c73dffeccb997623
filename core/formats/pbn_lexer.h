#pragma once

// The token layer of the PBN reader: brackets, names and other symbols, strings, comments,
// '%' directive lines and semi-empty lines (which separate games), each with its byte range and
// line/column. Never fails: malformed text (an unterminated string or comment) is flagged on
// the token. Not thread-safe (one lexer per text).

#include "core/formats/pbn_validation.h"

#include <cstddef>
#include <string_view>

namespace tenace::core {

struct PbnLexToken
{
    enum class Kind {
        LeftBracket,
        RightBracket,
        Symbol,
        String,
        Comment,
        Directive,
        BlankLine,
        End
    };
    Kind kind = Kind::End;
    std::size_t begin = 0; // byte range in the text
    std::size_t end = 0;
    std::size_t lineBegin = 0; // where the token's (first) line begins
    PbnPosition position;
    bool startsLine = false; // first token on its line
    bool unterminated = false; // a string or brace comment without its closing character
};

class PbnLexer
{
public:
    // `firstLine` is the line number of the text's first line (when it is part of a file).
    explicit PbnLexer(std::string_view text, int firstLine = 1)
        : m_text(text), m_line(firstLine) { }
    PbnLexToken next();
    std::string_view text() const { return m_text; }
    // The first line ending in the text ("\r\n", "\n" or "\r"), or "" when there is none.
    std::string_view firstNewline() const;

private:
    bool atNewline(std::size_t pos) const { return m_text[pos] == '\n' || m_text[pos] == '\r'; }
    void advanceColumns(std::size_t from, std::size_t to);
    void newLine(std::size_t afterNewline);
    bool lineStart(PbnLexToken &token);
    void skipSpaces();
    PbnLexToken make(PbnLexToken::Kind kind, std::size_t end);
    std::size_t stringEnd(bool &unterminated) const;
    std::size_t braceEnd(bool &unterminated);

    std::string_view m_text;
    int m_line = 1;
    std::size_t m_pos = 0;
    std::size_t m_lineBegin = 0;
    int m_column = 1;
    bool m_atLineStart = true;
    bool m_firstOnLine = true;
};

// The items of one game from its tokens (implemented with the reader) (`gameEnd`: where the game's
// text ends in `text`). Syntax problems are appended to `issues` under game number `gameIndex`.
std::vector<PbnItem> parsePbnGameItems(std::string_view text, std::vector<PbnLexToken> tokens,
                                       int gameIndex, std::size_t gameEnd,
                                       std::vector<PbnIssue> &issues);

} // namespace tenace::core
