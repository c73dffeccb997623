#include "core/formats/pbn_commentary.h"

namespace tenace::core {

namespace {

// "♠" "♥" "♦" "♣" for S H D C (either case); nullptr otherwise.
const char *suitSymbolFor(char c)
{
    switch (c) {
    case 'S':
    case 's':
        return "\u2660";
    case 'H':
    case 'h':
        return "\u2665";
    case 'D':
    case 'd':
        return "\u2666";
    case 'C':
    case 'c':
        return "\u2663";
    default:
        return nullptr;
    }
}

bool isLower(char c)
{
    return c >= 'a' && c <= 'z';
}

// The suit escape starting at text[i], if any: "\S" (PBN, upper case) or "!s"/"!S" (BBO) not
// followed by a lower-case letter (so "!Hearts" or "!ss" stay as they are).
const char *suitEscapeAt(std::string_view text, std::size_t i)
{
    if (i + 1 >= text.size())
        return nullptr;
    const char marker = text[i], letter = text[i + 1];
    if (marker == '\\')
        return isLower(letter) ? nullptr : suitSymbolFor(letter);
    if (marker == '!' && (i + 2 >= text.size() || !isLower(text[i + 2])))
        return suitSymbolFor(letter);
    return nullptr;
}

std::string withoutDelimiters(std::string_view comment)
{
    if (comment.starts_with('{')) {
        comment.remove_prefix(1);
        if (comment.ends_with('}'))
            comment.remove_suffix(1);
    } else if (comment.starts_with(';')) {
        comment.remove_prefix(1);
    }
    return std::string(comment);
}

void addComment(std::vector<std::string> &out, std::string_view comment)
{
    std::string text = pbnDisplayText(withoutDelimiters(comment));
    if (!text.empty())
        out.push_back(std::move(text));
}

} // namespace

std::string pbnDisplayText(std::string_view text)
{
    // Suit escapes first, then the paragraphs: lines joined by a space, blank lines as "\n\n".
    std::string symbols;
    symbols.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (const char *symbol = suitEscapeAt(text, i)) {
            symbols += symbol;
            ++i;
        } else if (text[i] != '\r') {
            symbols += text[i];
        }
    }
    std::string out;
    int pendingBreaks = 0;
    std::size_t start = 0;
    while (start <= symbols.size()) {
        std::size_t end = symbols.find('\n', start);
        if (end == std::string::npos)
            end = symbols.size();
        const std::string_view line =
            trimBlanks(std::string_view(symbols).substr(start, end - start));
        if (line.empty()) {
            ++pendingBreaks;
        } else {
            if (!out.empty())
                out += pendingBreaks > 0 ? "\n\n" : " ";
            out += line;
            pendingBreaks = 0;
        }
        start = end + 1;
    }
    return out;
}

std::vector<std::string> pbnCommentary(const PbnGame &game)
{
    std::vector<std::string> out;
    for (const PbnItem &item : game.items()) {
        if (const auto *comment = std::get_if<PbnComment>(&item)) {
            addComment(out, comment->text);
        } else if (const auto *tag = std::get_if<PbnTag>(&item); tag && !tag->section.empty()) {
            for (const PbnSectionToken &token : tag->sectionTokens()) {
                if (token.kind == PbnSectionToken::Kind::Comment)
                    addComment(out, token.text);
            }
        }
    }
    return out;
}

} // namespace tenace::core
