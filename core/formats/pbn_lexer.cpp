#include "core/formats/pbn_lexer.h"

#include "core/formats/text_encoding.h"

namespace tenace::core {

namespace {

bool endsSymbol(char c)
{
    return isLineSpace(c) || c == '\n' || c == '\r' || c == '[' || c == ']' || c == '{' ||
        c == '}' || c == ';' || c == '"';
}

} // namespace

std::string_view PbnLexer::firstNewline() const
{
    const std::size_t pos = m_text.find_first_of("\r\n");
    if (pos == std::string_view::npos)
        return {};
    return m_text.substr(pos, lineEndLength(m_text, pos));
}

void PbnLexer::advanceColumns(std::size_t from, std::size_t to)
{
    for (std::size_t i = from; i < to; ++i)
        m_column += (static_cast<unsigned char>(m_text[i]) & 0xC0) == 0x80 ? 0 : 1;
}

void PbnLexer::newLine(std::size_t afterNewline)
{
    m_pos = afterNewline;
    m_lineBegin = afterNewline;
    ++m_line;
    m_column = 1;
    m_atLineStart = true;
    m_firstOnLine = true;
}

PbnLexToken PbnLexer::make(PbnLexToken::Kind kind, std::size_t end)
{
    PbnLexToken t;
    t.kind = kind;
    t.begin = m_pos;
    t.end = end;
    t.lineBegin = m_lineBegin;
    t.position = {m_line, m_column};
    t.startsLine = m_firstOnLine;
    m_firstOnLine = false;
    return t;
}

// At the start of a line: a semi-empty line or a '%' directive is a token of its own.
bool PbnLexer::lineStart(PbnLexToken &token)
{
    m_atLineStart = false;
    std::size_t p = m_pos;
    while (p < m_text.size() && isLineSpace(m_text[p]))
        ++p;
    if (p == m_text.size() || atNewline(p)) {
        if (p == m_text.size() && p == m_pos)
            return false;
        const std::size_t end = p == m_text.size() ? p : p + lineEndLength(m_text, p);
        token = make(PbnLexToken::Kind::BlankLine, end);
        if (p == m_text.size())
            m_pos = end;
        else
            newLine(end);
        return true;
    }
    if (m_text[m_pos] == '%') {
        std::size_t end = m_pos;
        while (end < m_text.size() && !atNewline(end))
            ++end;
        token = make(PbnLexToken::Kind::Directive, end);
        advanceColumns(m_pos, end);
        m_pos = end;
        return true;
    }
    return false;
}

void PbnLexer::skipSpaces()
{
    while (m_pos < m_text.size() && isLineSpace(m_text[m_pos])) {
        ++m_pos;
        ++m_column;
    }
}

std::size_t PbnLexer::stringEnd(bool &unterminated) const
{
    std::size_t p = m_pos + 1;
    while (p < m_text.size() && m_text[p] != '"' && !atNewline(p)) {
        const bool escape = m_text[p] == '\\' && p + 1 < m_text.size() &&
            (m_text[p + 1] == '"' || m_text[p + 1] == '\\');
        p += escape ? 2 : 1;
    }
    unterminated = p >= m_text.size() || m_text[p] != '"';
    return unterminated ? p : p + 1;
}

// Consumes a brace comment, which may span lines (semi-empty ones included).
std::size_t PbnLexer::braceEnd(bool &unterminated)
{
    std::size_t p = m_pos + 1;
    std::size_t segment = m_pos;
    while (p < m_text.size() && m_text[p] != '}') {
        if (atNewline(p)) {
            const std::size_t after = p + lineEndLength(m_text, p);
            ++m_line;
            m_column = 1;
            m_lineBegin = after;
            segment = after;
            p = after;
        } else {
            ++p;
        }
    }
    unterminated = p >= m_text.size();
    const std::size_t end = unterminated ? p : p + 1;
    advanceColumns(segment == m_pos ? m_pos : segment, end);
    return end;
}

PbnLexToken PbnLexer::next()
{
    using Kind = PbnLexToken::Kind;
    for (;;) {
        PbnLexToken token;
        if (m_atLineStart && lineStart(token))
            return token;
        skipSpaces();
        if (m_pos >= m_text.size())
            return make(Kind::End, m_pos);
        if (atNewline(m_pos)) {
            newLine(m_pos + lineEndLength(m_text, m_pos));
            continue;
        }
        const char c = m_text[m_pos];
        std::size_t end = m_pos + 1;
        bool unterminated = false;
        Kind kind = Kind::Symbol;
        if (c == '[' || c == ']') {
            kind = c == '[' ? Kind::LeftBracket : Kind::RightBracket;
        } else if (c == '"') {
            kind = Kind::String;
            end = stringEnd(unterminated);
        } else if (c == ';') {
            kind = Kind::Comment;
            while (end < m_text.size() && !atNewline(end))
                ++end;
        } else if (c == '{') {
            token = make(Kind::Comment, m_pos);
            token.end = m_pos = braceEnd(token.unterminated);
            return token;
        } else {
            while (end < m_text.size() && !endsSymbol(m_text[end]))
                ++end;
        }
        token = make(kind, end);
        token.unterminated = unterminated;
        advanceColumns(m_pos, end);
        m_pos = end;
        return token;
    }
}

} // namespace tenace::core
