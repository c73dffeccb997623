#include "core/formats/pbn_reader.h"

#include "core/formats/pbn_lexer.h"
#include "core/formats/text_encoding.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace tenace::core {

namespace {

using Kind = PbnLexToken::Kind;

bool isDataToken(const PbnLexToken &t)
{
    return t.kind == Kind::Symbol || t.kind == Kind::String || t.kind == Kind::RightBracket;
}

bool isTagName(std::string_view name)
{
    for (char c : name) {
        const bool ok =
            (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        if (!ok)
            return false;
    }
    return !name.empty();
}

// Splits `text` at line endings (CRLF, LF or CR), right-trimming each line.
std::vector<std::string> splitLines(std::string_view text)
{
    std::vector<std::string> lines;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t nl = text.find_first_of("\r\n", pos);
        lines.emplace_back(
            rightTrimmed(text.substr(pos, nl == std::string_view::npos ? nl : nl - pos)));
        if (nl == std::string_view::npos)
            break;
        pos = nl + lineEndLength(text, nl);
    }
    return lines;
}

// Builds the items of one game from its tokens.
class GameParser
{
public:
    GameParser(std::string_view text, std::vector<PbnLexToken> tokens, int gameIndex,
               std::size_t gameEnd, std::vector<PbnIssue> &issues)
        : m_text(text), m_tokens(std::move(tokens)), m_game(gameIndex), m_gameEnd(gameEnd),
          m_issues(issues)
    {
    }

    std::vector<PbnItem> run()
    {
        mergeNestedBraces();
        while (m_i < m_tokens.size()) {
            const PbnLexToken &t = m_tokens[m_i];
            if (t.kind == Kind::LeftBracket)
                tag();
            else if (t.kind == Kind::Comment)
                comment(t), ++m_i;
            else if (t.kind == Kind::Directive)
                m_items.emplace_back(PbnDirective {std::string(text(t)), t.position}), ++m_i;
            else
                strayText();
        }
        return std::move(m_items);
    }

private:
    std::string_view text(const PbnLexToken &t) const
    {
        return m_text.substr(t.begin, t.end - t.begin);
    }
    const PbnLexToken *peek() const { return m_i < m_tokens.size() ? &m_tokens[m_i] : nullptr; }
    void report(PbnPosition at, std::string what)
    {
        m_issues.push_back(pbnIssue(m_game, pbnError(at, ErrorCode::Syntax, std::move(what))));
    }

    // Brace comments do not nest, but writers nest them: "{ ... {aside} ... }" leaves a stray
    // '}' after the comment. It closes the comment rather than starting section data.
    void mergeNestedBraces()
    {
        for (std::size_t i = 1; i < m_tokens.size(); ++i) {
            PbnLexToken &prev = m_tokens[i - 1];
            if (m_tokens[i].kind == Kind::Symbol && text(m_tokens[i]) == "}" &&
                prev.kind == Kind::Comment && m_text[prev.begin] == '{') {
                prev.end = m_tokens[i].end;
                m_tokens.erase(m_tokens.begin() + static_cast<std::ptrdiff_t>(i--));
            }
        }
    }

    void comment(const PbnLexToken &t)
    {
        if (t.unterminated)
            report(t.position, "comment '{' is never closed");
        m_items.emplace_back(PbnComment {std::string(text(t)), !t.startsLine, t.position});
    }

    void strayText()
    {
        const PbnLexToken &t = m_tokens[m_i];
        report(t.position, "unexpected " + quotedText(text(t)) + " before the first tag");
        while (m_i < m_tokens.size() && isDataToken(m_tokens[m_i]))
            ++m_i;
    }

    void tag()
    {
        PbnTag tag;
        tag.position = m_tokens[m_i++].position;
        const PbnLexToken *t = peek();
        if (!t || t->kind != Kind::Symbol)
            return report(t ? t->position : tag.position, "expected a tag name after '['");
        tag.name = std::string(text(*t));
        if (!isTagName(tag.name))
            report(t->position,
                   "invalid tag name " + quotedText(tag.name) + " (letters, digits and '_' only)");
        ++m_i;
        std::size_t end = t->end;
        tagValue(tag, end);
        section(tag, end);
        m_items.emplace_back(std::move(tag));
    }

    // Reads the value and the closing bracket; `end` becomes the offset after the tag.
    void tagValue(PbnTag &tag, std::size_t &end)
    {
        const PbnLexToken *t = peek();
        if (t && t->kind == Kind::String) {
            const std::string_view raw = text(*t);
            tag.value = unescapePbnString(raw.substr(1, raw.size() - (t->unterminated ? 1 : 2)));
            tag.valuePosition = t->position.advanced(1);
            if (t->unterminated)
                report(t->position, "the value of " + tag.name + " has no closing quote");
            end = t->end;
            t = m_tokens.size() > ++m_i ? &m_tokens[m_i] : nullptr;
        } else if (t && t->kind == Kind::Symbol) {
            report(t->position, "the value of " + tag.name + " is not quoted");
            tag.value = std::string(text(*t));
            tag.valuePosition = t->position;
            end = t->end;
            t = m_tokens.size() > ++m_i ? &m_tokens[m_i] : nullptr;
        } else {
            report(t ? t->position : tag.position, "tag " + tag.name + " has no value");
        }
        if (t && t->kind == Kind::RightBracket) {
            end = t->end;
            ++m_i;
        } else {
            report(t ? t->position : tag.position, "expected ']' after the value of " + tag.name);
        }
    }

    // Section data: everything up to the next tag when it holds more than comments.
    void section(PbnTag &tag, std::size_t tagEnd)
    {
        std::size_t j = m_i;
        bool data = false;
        for (; j < m_tokens.size() && m_tokens[j].kind != Kind::LeftBracket; ++j)
            data = data || isDataToken(m_tokens[j]);
        if (!data)
            return;
        const std::size_t spanEnd = j < m_tokens.size() ? m_tokens[j].begin : m_gameEnd;
        std::vector<std::string> lines = splitLines(m_text.substr(tagEnd, spanEnd - tagEnd));
        const PbnLexToken &first = m_tokens[m_i];
        const PbnLexToken &last = m_tokens[m_i - 1]; // the end of the tag
        if (first.startsLine) {
            // The rest of the tag's line is blank: drop it and any blank lines before the data.
            tag.sectionPosition = {first.position.line, 1};
            const auto skip = std::min<std::size_t>(
                static_cast<std::size_t>(first.position.line - last.position.line), lines.size());
            lines.erase(lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(skip));
        } else {
            tag.sectionPosition = last.position.advanced(utf8Length(text(last)));
        }
        while (!lines.empty() && lines.back().empty())
            lines.pop_back();
        for (auto &line : lines)
            line = std::string(rightTrimmed(line));
        for (; m_i < j; ++m_i) {
            if (m_tokens[m_i].kind == Kind::Comment && m_tokens[m_i].unterminated)
                report(m_tokens[m_i].position, "comment '{' is never closed");
        }
        tag.section = std::move(lines);
    }

    std::string_view m_text;
    std::vector<PbnLexToken> m_tokens;
    int m_game;
    std::size_t m_gameEnd;
    std::vector<PbnIssue> &m_issues;
    std::size_t m_i = 0;
    std::vector<PbnItem> m_items;
};

} // namespace

std::vector<PbnItem> parsePbnGameItems(std::string_view text, std::vector<PbnLexToken> tokens,
                                       int gameIndex, std::size_t gameEnd,
                                       std::vector<PbnIssue> &issues)
{
    return GameParser(text, std::move(tokens), gameIndex, gameEnd, issues).run();
}

namespace {

// Splits the text into games at semi-empty lines and parses each one.
class DocumentReader
{
public:
    DocumentReader(const std::string &text, const PbnReadOptions &options, PbnReadResult &result)
        : m_text(text), m_options(options), m_result(result)
    {
    }

    void run()
    {
        PbnLexer lexer(m_text);
        if (auto nl = lexer.firstNewline(); !nl.empty())
            m_result.document.newline = std::string(nl);
        for (;;) {
            PbnLexToken t = lexer.next();
            if (t.kind == Kind::End)
                break;
            if (t.kind == Kind::BlankLine) {
                if (!m_tokens.empty())
                    finishGame(t.begin);
                continue;
            }
            if (m_tokens.empty())
                m_begin = t.lineBegin;
            m_tokens.push_back(t);
        }
        if (!m_tokens.empty())
            finishGame(m_text.size());
        assignSeparators();
    }

private:
    void finishGame(std::size_t end)
    {
        auto &games = m_result.document.games;
        auto items = parsePbnGameItems(m_text, std::move(m_tokens), static_cast<int>(games.size()),
                                       end, m_result.issues);
        games.emplace_back(std::move(items), m_text.substr(m_begin, end - m_begin), std::string());
        m_spans.emplace_back(m_begin, end);
        m_tokens.clear();
        if (m_options.progress)
            m_options.progress(end, m_text.size());
    }

    // Whatever lies between games (semi-empty lines) is kept with the game before it.
    void assignSeparators()
    {
        auto &doc = m_result.document;
        doc.leading = m_text.substr(0, m_spans.empty() ? m_text.size() : m_spans.front().first);
        for (std::size_t i = 0; i < m_spans.size(); ++i) {
            const std::size_t from = m_spans[i].second;
            const std::size_t to = i + 1 < m_spans.size() ? m_spans[i + 1].first : m_text.size();
            doc.games[i].setSeparator(m_text.substr(from, to - from));
        }
    }

    const std::string &m_text;
    const PbnReadOptions &m_options;
    PbnReadResult &m_result;
    std::vector<PbnLexToken> m_tokens;
    std::size_t m_begin = 0;
    std::vector<std::pair<std::size_t, std::size_t>> m_spans;
};

} // namespace

PbnReadResult readPbn(std::string_view bytes, const PbnReadOptions &options)
{
    PbnReadResult result;
    const DecodedText decoded = decodeText(bytes);
    result.document.encoding = decoded.encoding;
    if (decoded.truncated)
        result.issues.push_back(
            {-1, 0, 0, {ErrorCode::Syntax, "the file ends in the middle of a UTF-16 character"}});
    DocumentReader(decoded.text, options, result).run();
    result.document.resolveInheritance();
    if (options.checkSemantics) {
        for (std::size_t i = 0; i < result.document.games.size(); ++i) {
            auto found = validatePbnGame(result.document.games[i], static_cast<int>(i));
            result.issues.insert(result.issues.end(), found.begin(), found.end());
        }
    }
    std::stable_sort(result.issues.begin(), result.issues.end(),
                     [](const PbnIssue &a, const PbnIssue &b) {
                         return a.game != b.game ? a.game < b.game : a.line < b.line;
                     });
    if (!options.sourceName.empty()) {
        for (auto &issue : result.issues)
            issue.error.message = options.sourceName + ": " + issue.error.message;
    }
    return result;
}

Result<std::string> readFileBytes(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error {ErrorCode::Io, "cannot open '" + path.string() + "' for reading"};
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        return Error {ErrorCode::Io, "cannot read '" + path.string() + "'"};
    return bytes;
}

Result<PbnReadResult> readPbnFile(const std::filesystem::path &path, const PbnReadOptions &options)
{
    auto bytes = readFileBytes(path);
    if (!bytes)
        return bytes.error();
    PbnReadOptions named = options;
    if (named.sourceName.empty())
        named.sourceName = path.filename().string();
    return readPbn(*bytes, named);
}

} // namespace tenace::core
