#include "core/formats/pbn_moves.h"

#include <algorithm>

namespace tenace::core {

namespace {

bool isMoveChar(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

int suffixNag(std::string_view s)
{
    static constexpr std::string_view suffixes[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; ++i) {
        if (s == suffixes[i])
            return i + 1;
    }
    return 0;
}

// Reads the PBN tokens inside one white-space separated element ("2H!", "=1=", "$12", "^I").
class MoveParser
{
public:
    explicit MoveParser(int suffixBase) : m_suffixBase(suffixBase) { }

    Status element(const PbnSectionToken &t)
    {
        std::string_view s = t.text;
        std::size_t pos = 0;
        while (pos < s.size()) {
            const PbnPosition at = t.position.advanced(static_cast<int>(pos));
            if (auto ok = piece(s, pos, at); !ok)
                return ok;
        }
        return Ok {};
    }

    void comment(const std::string &text)
    {
        if (m_list.end == PbnSectionEnd::Stopped)
            m_list.trailingComments.push_back(text);
        else if (m_list.moves.empty())
            m_list.leadingComments.push_back(text);
        else
            m_list.moves.back().annotations.comments.push_back(text);
    }

    Result<PbnMoveList> finish(PbnPosition end)
    {
        if (m_pendingIrregularity)
            return pbnError(end, ErrorCode::Syntax,
                            "'^' irregularity without a call or card after it");
        return std::move(m_list);
    }

private:
    Status piece(std::string_view s, std::size_t &pos, PbnPosition at)
    {
        const char c = s[pos];
        if (m_list.end == PbnSectionEnd::Stopped)
            return pbnError(at, ErrorCode::Syntax,
                            "unexpected " + quotedText(s.substr(pos)) + " after '*'");
        if (c == '=')
            return note(s, pos, at);
        if (c == '$')
            return nag(s, pos, at);
        if (c == '!' || c == '?') {
            std::size_t end = pos + 1;
            if (end < s.size() && (s[end] == '!' || s[end] == '?'))
                ++end;
            return addNag(suffixNag(s.substr(pos, end - pos)) + m_suffixBase, pos, end, at);
        }
        if (c == '*') {
            ++pos;
            m_list.end = PbnSectionEnd::Stopped;
            return Ok {};
        }
        if (c == '^')
            return irregularity(s, pos, at);
        if (c == '+' || isMoveChar(c)) {
            std::size_t end = pos + 1;
            while (c != '+' && end < s.size() && isMoveChar(s[end]))
                ++end;
            addMove(std::string(s.substr(pos, end - pos)), at);
            pos = end;
            return Ok {};
        }
        return pbnError(at, ErrorCode::Syntax,
                        "unexpected character " + quotedText(s.substr(pos, 1)));
    }

    void addMove(std::string token, PbnPosition at)
    {
        PbnMove move;
        move.token = std::move(token);
        move.irregularity = m_pendingIrregularity;
        move.position = at;
        m_pendingIrregularity = 0;
        m_list.moves.push_back(std::move(move));
    }

    Status note(std::string_view s, std::size_t &pos, PbnPosition at)
    {
        const std::size_t close = s.find('=', pos + 1);
        auto n = close == std::string_view::npos ? std::nullopt
                                                 : parseDecimal(s.substr(pos + 1, close - pos - 1));
        if (!n)
            return pbnError(at, ErrorCode::Syntax,
                            "invalid note reference " + quotedText(s.substr(pos)) +
                                " (expected =<number>=)");
        if (m_list.moves.empty())
            return pbnError(at, ErrorCode::Syntax, "note reference before the first call or card");
        auto &ann = m_list.moves.back().annotations;
        if (ann.note)
            return pbnError(at, ErrorCode::Syntax, "second note reference for one call or card");
        ann.note = *n;
        pos = close + 1;
        return Ok {};
    }

    Status nag(std::string_view s, std::size_t &pos, PbnPosition at)
    {
        std::size_t end = pos + 1;
        while (end < s.size() && s[end] >= '0' && s[end] <= '9')
            ++end;
        auto n = parseDecimal(s.substr(pos + 1, end - pos - 1));
        if (!n || *n > 255)
            return pbnError(at, ErrorCode::Syntax,
                            "invalid NAG " + quotedText(s.substr(pos, end - pos)) +
                                " (expected $0 to $255)");
        return addNag(*n, pos, end, at);
    }

    Status addNag(int value, std::size_t &pos, std::size_t end, PbnPosition at)
    {
        if (m_list.moves.empty())
            return pbnError(at, ErrorCode::Syntax, "annotation before the first call or card");
        auto &nags = m_list.moves.back().annotations.nags;
        nags.insert(std::upper_bound(nags.begin(), nags.end(), value), value);
        pos = end;
        return Ok {};
    }

    Status irregularity(std::string_view s, std::size_t &pos, PbnPosition at)
    {
        const char kind = pos + 1 < s.size() ? static_cast<char>(s[pos + 1] & ~0x20) : 0;
        if (kind != 'I' && kind != 'S' && kind != 'R' && kind != 'L')
            return pbnError(at, ErrorCode::Syntax,
                            "unknown irregularity " + quotedText(s.substr(pos, 2)) +
                                " (expected ^I, ^S, ^R or ^L)");
        pos += 2;
        if (kind == 'S')
            addMove("^S", at);
        else
            m_pendingIrregularity = kind;
        return Ok {};
    }

    int m_suffixBase = 0;
    char m_pendingIrregularity = 0;
    PbnMoveList m_list;
};

} // namespace

Result<PbnMoveList> parsePbnMoves(const std::vector<PbnSectionToken> &tokens, int suffixBase)
{
    MoveParser parser(suffixBase);
    PbnPosition last;
    for (const PbnSectionToken &t : tokens) {
        last = t.position;
        if (t.kind == PbnSectionToken::Kind::Comment) {
            parser.comment(t.text);
            continue;
        }
        if (t.kind == PbnSectionToken::Kind::String)
            return pbnError(t.position, ErrorCode::Syntax, "unexpected string \"" + t.text + "\"");
        if (auto ok = parser.element(t); !ok)
            return ok.error();
    }
    return parser.finish(last);
}

std::string formatPbnAnnotations(const PbnAnnotations &annotations, bool endOfLine)
{
    std::string out;
    if (annotations.note)
        out.append(" =").append(std::to_string(*annotations.note)).append("=");
    std::vector<int> nags = annotations.nags;
    std::sort(nags.begin(), nags.end());
    for (int n : nags)
        out.append(" $").append(std::to_string(n));
    for (std::size_t i = 0; i < annotations.comments.size(); ++i) {
        std::string c = annotations.comments[i];
        if (c[0] == ';' && (i + 1 < annotations.comments.size() || !endOfLine)) {
            // A rest-of-line comment with more on its line becomes a brace comment.
            std::replace(c.begin(), c.end(), '}', ')');
            c[0] = '{';
            c += '}';
        }
        out.append(" ").append(c);
    }
    return out;
}

} // namespace tenace::core
