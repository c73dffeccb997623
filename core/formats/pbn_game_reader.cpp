#include "core/formats/pbn_game_reader.h"

#include "core/formats/pbn_lexer.h"
#include "core/formats/text_encoding.h"

#include <algorithm>

namespace tenace::core {

namespace {

constexpr std::size_t detectionWindow = 64 * 1024;

using Kind = PbnLexToken::Kind;

bool isUtf16(TextEncoding e)
{
    return e == TextEncoding::Utf16LeBom || e == TextEncoding::Utf16BeBom;
}

// A semi-empty line cut off by the end of the text read so far may go on with other characters.
bool isOpenBlankLine(std::string_view text, const PbnLexToken &t)
{
    return t.end == text.size() &&
        (t.end == t.begin || (text[t.end - 1] != '\n' && text[t.end - 1] != '\r'));
}

} // namespace

PbnGameReader::PbnGameReader(std::istream &in, PbnReadOptions options, std::size_t chunkSize)
    : m_in(in), m_options(std::move(options)), m_chunkSize(std::max<std::size_t>(chunkSize, 1))
{
}

void PbnGameReader::start()
{
    m_started = true;
    std::string first(detectionWindow, '\0');
    m_in.read(first.data(), static_cast<std::streamsize>(first.size()));
    first.resize(static_cast<std::size_t>(m_in.gcount()));
    m_bytesRead = first.size();
    m_eof = first.size() < detectionWindow;
    std::string_view bytes = first;
    if (bytes.starts_with("\xEF\xBB\xBF")) {
        m_encoding = TextEncoding::Utf8Bom;
        bytes.remove_prefix(3);
    } else if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
        m_encoding = bytes[0] == '\xFE' ? TextEncoding::Utf16BeBom : TextEncoding::Utf16LeBom;
        bytes.remove_prefix(2);
    } else if (!isValidUtf8(bytes.substr(0, m_eof ? bytes.size() : completeUtf8Length(bytes)))) {
        m_encoding = TextEncoding::Latin1;
    }
    append(bytes);
}

void PbnGameReader::append(std::string_view bytes)
{
    const std::size_t from = m_text.size();
    if (isUtf16(m_encoding))
        m_text += decodeTextAs(takeUtf16Units(bytes), m_encoding);
    else
        m_text += decodeTextAs(bytes, m_encoding);
    noticeNewline(from);
}

// The whole UTF-16 units of the bytes read so far; a high surrogate waits for its low half.
std::string PbnGameReader::takeUtf16Units(std::string_view bytes)
{
    m_carry.append(bytes);
    std::size_t usable = m_carry.size() & ~std::size_t {1};
    if (!m_eof && usable >= 2) {
        const bool big = m_encoding == TextEncoding::Utf16BeBom;
        const auto hi = static_cast<unsigned char>(m_carry[usable - (big ? 2 : 1)]);
        if (hi >= 0xD8 && hi <= 0xDB)
            usable -= 2;
    }
    std::string units = m_carry.substr(0, usable);
    m_carry.erase(0, usable);
    if (m_eof && !m_carry.empty()) {
        m_pendingIssues.push_back(
            {-1, 0, 0, {ErrorCode::Syntax, "the file ends in the middle of a UTF-16 character"}});
        m_carry.clear();
    }
    return units;
}

void PbnGameReader::noticeNewline(std::size_t from)
{
    if (m_newlineSeen)
        return;
    const std::size_t nl = m_text.find_first_of("\r\n", from);
    if (nl == std::string::npos || (nl + 1 == m_text.size() && !m_eof))
        return; // a CR at the end may be the first half of CRLF
    m_newline = m_text.substr(nl, lineEndLength(m_text, nl));
    m_newlineSeen = true;
}

// Reads at least as much again as the text not yet used, so that a long game is lexed a
// bounded number of times.
void PbnGameReader::readMore()
{
    if (m_pos > 0 && m_pos >= m_text.size() / 2) {
        m_text.erase(0, m_pos); // offsets relative to m_pos stay valid
        m_pos = 0;
    }
    std::string chunk(std::max(m_chunkSize, m_text.size() - m_pos), '\0');
    m_in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    chunk.resize(static_cast<std::size_t>(m_in.gcount()));
    m_bytesRead += chunk.size();
    m_eof = !m_in;
    append(chunk);
}

// The semi-empty lines from `from`: where they end (the start of the next game's first line, or
// the end of the input) and the line number there.
PbnGameReader::Span PbnGameReader::blankLines(std::size_t from, int line)
{
    for (;;) {
        const std::string_view text = rest().substr(from);
        PbnLexer lexer(text, line);
        PbnLexToken t = lexer.next();
        while (t.kind == Kind::BlankLine)
            t = lexer.next();
        if (t.kind != Kind::End)
            return {from + t.lineBegin, t.position.line};
        if (m_eof)
            return {from + text.size(), t.position.line};
        readMore(); // the blank lines may go on, or the last one may not be blank
    }
}

// The tokens of the game at m_pos, up to the semi-empty line that ends it; nothing when the
// text read so far does not show where it ends.
std::optional<PbnGameReader::Span> PbnGameReader::gameTokens(std::vector<PbnLexToken> &tokens)
{
    tokens.clear();
    const std::string_view text = rest();
    PbnLexer lexer(text, m_line);
    for (PbnLexToken t = lexer.next();; t = lexer.next()) {
        if (t.kind == Kind::End)
            return m_eof ? std::optional(Span {text.size(), t.position.line}) : std::nullopt;
        if (t.kind == Kind::BlankLine) {
            if (isOpenBlankLine(text, t) && !m_eof)
                return std::nullopt;
            return Span {t.begin, t.position.line};
        }
        tokens.push_back(t);
    }
}

std::optional<PbnGame> PbnGameReader::next(std::vector<PbnIssue> &issues)
{
    if (!m_started) {
        start();
        const Span lead = blankLines(0, 1);
        m_leading = std::string(rest().substr(0, lead.end));
        m_pos += lead.end;
        m_line = lead.nextLine;
    }
    flushPendingIssues(issues);
    if (rest().empty() && m_eof)
        return std::nullopt;
    std::vector<PbnLexToken> tokens;
    std::optional<Span> game;
    while (!(game = gameTokens(tokens)))
        readMore();
    const Span separator = blankLines(game->end, game->nextLine);
    const std::string_view text = rest();
    std::vector<PbnIssue> gameIssues;
    auto items = parsePbnGameItems(text, std::move(tokens), m_games, game->end, gameIssues);
    PbnGame result(std::move(items), std::string(text.substr(0, game->end)),
                   std::string(text.substr(game->end, separator.end - game->end)));
    m_pos += separator.end;
    m_line = separator.nextLine;
    finishGame(result, std::move(gameIssues), issues);
    flushPendingIssues(issues);
    return result;
}

void PbnGameReader::finishGame(PbnGame &game, std::vector<PbnIssue> gameIssues,
                               std::vector<PbnIssue> &issues)
{
    m_inheritance.apply(game);
    if (m_options.checkSemantics) {
        auto found = validatePbnGame(game, m_games);
        gameIssues.insert(gameIssues.end(), found.begin(), found.end());
    }
    std::stable_sort(gameIssues.begin(), gameIssues.end(),
                     [](const PbnIssue &a, const PbnIssue &b) { return a.line < b.line; });
    for (auto &issue : gameIssues) {
        if (!m_options.sourceName.empty())
            issue.error.message = m_options.sourceName + ": " + issue.error.message;
        issues.push_back(std::move(issue));
    }
    ++m_games;
    if (m_options.progress)
        m_options.progress(static_cast<std::size_t>(m_bytesRead), 0);
}

void PbnGameReader::flushPendingIssues(std::vector<PbnIssue> &issues)
{
    for (auto &issue : m_pendingIssues) {
        if (!m_options.sourceName.empty())
            issue.error.message = m_options.sourceName + ": " + issue.error.message;
        issues.push_back(std::move(issue));
    }
    m_pendingIssues.clear();
}

} // namespace tenace::core
