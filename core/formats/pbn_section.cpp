#include "core/formats/pbn_section.h"

#include "core/formats/text_encoding.h"

namespace tenace::core {

namespace {

// White space within a line or a line end.
bool isBlank(char c)
{
    return isLineSpace(c) || c == '\r' || c == '\n';
}

bool endsElement(char c)
{
    return isBlank(c) || c == '{' || c == ';' || c == '"';
}

// Walks the section lines keeping track of line and column (in characters).
class SectionScanner
{
public:
    SectionScanner(const std::vector<std::string> &lines, PbnPosition start)
        : m_lines(lines), m_start(start)
    {
    }

    std::vector<PbnSectionToken> run()
    {
        for (m_line = 0; m_line < m_lines.size(); ++m_line) {
            const std::string &text = m_lines[m_line];
            m_pos = 0;
            if (!m_inBrace && !text.empty() && text[0] == '%' && columnAt(0) == 1)
                continue;
            if (m_inBrace)
                continueBrace();
            while (m_pos < text.size())
                step(text);
        }
        return std::move(m_tokens);
    }

private:
    PbnPosition here() const { return {m_start.line + static_cast<int>(m_line), columnAt(m_pos)}; }
    int columnAt(std::size_t pos) const
    {
        const int base = m_line == 0 ? m_start.column : 1;
        return base + utf8Length(std::string_view(m_lines[m_line]).substr(0, pos));
    }

    void step(const std::string &text)
    {
        const char c = text[m_pos];
        if (isBlank(c)) {
            ++m_pos;
        } else if (c == '{') {
            m_tokens.push_back({PbnSectionToken::Kind::Comment, "", here()});
            m_inBrace = true;
            continueBrace();
        } else if (c == ';') {
            m_tokens.push_back({PbnSectionToken::Kind::Comment, text.substr(m_pos), here()});
            m_pos = text.size();
        } else if (c == '"') {
            std::size_t end = m_pos + 1;
            while (end < text.size() && text[end] != '"')
                end += text[end] == '\\' && end + 1 < text.size() ? 2 : 1;
            const std::string_view inner =
                std::string_view(text).substr(m_pos + 1, end - m_pos - 1);
            m_tokens.push_back({PbnSectionToken::Kind::String, unescapePbnString(inner), here()});
            m_pos = end < text.size() ? end + 1 : end;
        } else {
            std::size_t end = m_pos;
            while (end < text.size() && !endsElement(text[end]))
                ++end;
            m_tokens.push_back(
                {PbnSectionToken::Kind::Element, text.substr(m_pos, end - m_pos), here()});
            m_pos = end;
        }
    }

    // Appends the current line to the open brace comment, closing it at '}'.
    void continueBrace()
    {
        const std::string &text = m_lines[m_line];
        std::string &comment = m_tokens.back().text;
        if (!comment.empty())
            comment += '\n';
        const std::size_t close = text.find('}', m_pos);
        const std::size_t end = close == std::string::npos ? text.size() : close + 1;
        comment.append(text, m_pos, end - m_pos);
        m_pos = end;
        m_inBrace = close == std::string::npos;
    }

    const std::vector<std::string> &m_lines;
    PbnPosition m_start;
    std::size_t m_line = 0;
    std::size_t m_pos = 0;
    bool m_inBrace = false;
    std::vector<PbnSectionToken> m_tokens;
};

} // namespace

Error pbnError(PbnPosition position, ErrorCode code, std::string what)
{
    if (position.line <= 0)
        return {code, std::move(what)};
    return {code,
            "line " + std::to_string(position.line) + ", column " +
                std::to_string(position.column) + ": " + std::move(what)};
}

std::string_view trimBlanks(std::string_view text)
{
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back()))
        text.remove_suffix(1);
    return text;
}

std::string toUpperAscii(std::string_view text)
{
    std::string out(text);
    for (char &c : out) {
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    }
    return out;
}

std::vector<std::string_view> splitBlanks(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && isBlank(text[pos]))
            ++pos;
        std::size_t end = pos;
        while (end < text.size() && !isBlank(text[end]))
            ++end;
        if (end > pos)
            out.push_back(text.substr(pos, end - pos));
        pos = end;
    }
    return out;
}

std::optional<int> parseDecimal(std::string_view text)
{
    if (text.empty() || text.size() > 9)
        return std::nullopt;
    int v = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::string quotedText(std::string_view text)
{
    constexpr std::size_t maxLength = 40;
    std::string out = "'";
    std::size_t i = 0;
    for (; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (i >= maxLength && (c & 0xC0) != 0x80)
            break;
        if (c < 0x20 || c == 0x7F) {
            static constexpr char hex[] = "0123456789ABCDEF";
            out += "0x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (i < text.size())
        out += "...";
    return out + "'";
}

std::string unescapePbnString(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\'))
            ++i;
        out += text[i];
    }
    return out;
}

std::string escapePbnString(std::string_view value)
{
    std::string out;
    out.reserve(value.size() + 2);
    for (std::size_t i = 0; i < value.size(); ++i) {
        const char c = value[i];
        if (c == '"') {
            out += "\\\"";
        } else if (c == '\\') {
            // A lone backslash before an ordinary character reads back as itself.
            const bool escapeNeeded =
                i + 1 == value.size() || value[i + 1] == '"' || value[i + 1] == '\\';
            out += escapeNeeded ? "\\\\" : "\\";
        } else {
            out += c;
        }
    }
    return out;
}

std::vector<PbnSectionToken> splitPbnSection(const std::vector<std::string> &lines,
                                             PbnPosition start)
{
    if (start.line <= 0)
        start = {0, 1};
    return SectionScanner(lines, start).run();
}

} // namespace tenace::core
