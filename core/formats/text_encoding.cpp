#include "core/formats/text_encoding.h"

namespace tenace::core {

namespace {

constexpr std::string_view utf8Bom = "\xEF\xBB\xBF";
constexpr char32_t replacement = 0xFFFD;

bool isContinuation(unsigned char c)
{
    return (c & 0xC0) == 0x80;
}

void appendUtf8(std::string &out, char32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Decodes one code point at `pos` and advances. With `allowSurrogates`, 3-byte encodings of
// U+D800..U+DFFF are accepted (they stand for unpaired UTF-16 units). Returns nothing for
// malformed input (and advances by one byte).
bool nextCodePoint(std::string_view s, std::size_t &pos, char32_t &cp, bool allowSurrogates)
{
    const auto lead = static_cast<unsigned char>(s[pos]);
    int extra = 0;
    char32_t min = 0;
    if (lead < 0x80) {
        cp = lead;
        ++pos;
        return true;
    }
    if ((lead & 0xE0) == 0xC0) {
        extra = 1, cp = lead & 0x1F, min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
        extra = 2, cp = lead & 0x0F, min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
        extra = 3, cp = lead & 0x07, min = 0x10000;
    } else {
        ++pos;
        return false;
    }
    if (pos + static_cast<std::size_t>(extra) >= s.size()) {
        ++pos;
        return false;
    }
    for (int i = 1; i <= extra; ++i) {
        const auto c = static_cast<unsigned char>(s[pos + static_cast<std::size_t>(i)]);
        if (!isContinuation(c)) {
            ++pos;
            return false;
        }
        cp = (cp << 6) | (c & 0x3F);
    }
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    if (cp < min || cp > 0x10FFFF || (surrogate && !allowSurrogates)) {
        ++pos;
        return false;
    }
    pos += static_cast<std::size_t>(extra) + 1;
    return true;
}

std::string decodeLatin1(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size() + bytes.size() / 8);
    for (char c : bytes)
        appendUtf8(out, static_cast<unsigned char>(c));
    return out;
}

std::string decodeUtf16(std::string_view bytes, bool bigEndian)
{
    std::string out;
    out.reserve(bytes.size() / 2 + bytes.size() / 8);
    auto unit = [&](std::size_t i) {
        const auto a = static_cast<unsigned char>(bytes[i]);
        const auto b = static_cast<unsigned char>(bytes[i + 1]);
        return static_cast<char32_t>(bigEndian ? (a << 8 | b) : (b << 8 | a));
    };
    const std::size_t n = bytes.size() & ~std::size_t {1};
    for (std::size_t i = 0; i < n; i += 2) {
        char32_t u = unit(i);
        if (u >= 0xD800 && u <= 0xDBFF && i + 3 < n) {
            const char32_t low = unit(i + 2);
            if (low >= 0xDC00 && low <= 0xDFFF) {
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                i += 2;
            }
        }
        appendUtf8(out, u); // an unpaired surrogate is kept as its 3-byte form
    }
    return out;
}

void appendUtf16(std::string &out, char32_t u, bool bigEndian)
{
    auto put = [&](char32_t v) {
        const char hi = static_cast<char>((v >> 8) & 0xFF);
        const char lo = static_cast<char>(v & 0xFF);
        out += bigEndian ? hi : lo;
        out += bigEndian ? lo : hi;
    };
    if (u >= 0x10000) {
        u -= 0x10000;
        put(0xD800 + (u >> 10));
        put(0xDC00 + (u & 0x3FF));
    } else {
        put(u);
    }
}

} // namespace

std::string_view encodingName(TextEncoding encoding)
{
    switch (encoding) {
    case TextEncoding::Utf8:
        return "UTF-8";
    case TextEncoding::Utf8Bom:
        return "UTF-8 with BOM";
    case TextEncoding::Utf16LeBom:
        return "UTF-16LE with BOM";
    case TextEncoding::Utf16BeBom:
        return "UTF-16BE with BOM";
    case TextEncoding::Latin1:
        return "ISO-8859-1";
    }
    return "UTF-8";
}

bool isValidUtf8(std::string_view text)
{
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < text.size()) {
        if (!nextCodePoint(text, pos, cp, false))
            return false;
    }
    return true;
}

std::size_t lineEndLength(std::string_view text, std::size_t pos)
{
    return text[pos] == '\r' && pos + 1 < text.size() && text[pos + 1] == '\n' ? 2 : 1;
}

bool isLineSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

std::string_view rightTrimmed(std::string_view line)
{
    while (!line.empty() && isLineSpace(line.back()))
        line.remove_suffix(1);
    return line;
}

int utf8Length(std::string_view text)
{
    int n = 0;
    for (char c : text)
        n += isContinuation(static_cast<unsigned char>(c)) ? 0 : 1;
    return n;
}

DecodedText decodeText(std::string_view bytes)
{
    DecodedText out;
    if (bytes.starts_with(utf8Bom)) {
        bytes.remove_prefix(utf8Bom.size());
        // Invalid sequences after a UTF-8 BOM are kept as they are, so the file is restored
        // exactly; they read as garbage characters, which they are.
        out.encoding = TextEncoding::Utf8Bom;
        out.text = std::string(bytes);
        return out;
    }
    if (bytes.starts_with("\xFF\xFE") || bytes.starts_with("\xFE\xFF")) {
        const bool bigEndian = bytes[0] == '\xFE';
        bytes.remove_prefix(2);
        out.encoding = bigEndian ? TextEncoding::Utf16BeBom : TextEncoding::Utf16LeBom;
        out.truncated = bytes.size() % 2 != 0;
        out.text = decodeUtf16(bytes, bigEndian);
        return out;
    }
    if (isValidUtf8(bytes)) {
        out.text = std::string(bytes);
        return out;
    }
    out.encoding = TextEncoding::Latin1;
    out.text = decodeLatin1(bytes);
    return out;
}

std::string decodeTextAs(std::string_view bytes, TextEncoding encoding)
{
    switch (encoding) {
    case TextEncoding::Latin1:
        return decodeLatin1(bytes);
    case TextEncoding::Utf16LeBom:
        return decodeUtf16(bytes, false);
    case TextEncoding::Utf16BeBom:
        return decodeUtf16(bytes, true);
    case TextEncoding::Utf8:
    case TextEncoding::Utf8Bom:
        break;
    }
    return std::string(bytes);
}

std::size_t completeUtf8Length(std::string_view bytes)
{
    for (std::size_t back = 1; back <= 3 && back <= bytes.size(); ++back) {
        const auto c = static_cast<unsigned char>(bytes[bytes.size() - back]);
        if (isContinuation(c))
            continue;
        const std::size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return need > back ? bytes.size() - back : bytes.size();
    }
    return bytes.size();
}

std::string encodeText(std::string_view utf8, TextEncoding encoding, bool withBom)
{
    if (encoding == TextEncoding::Utf8 || (encoding == TextEncoding::Utf8Bom && !withBom))
        return std::string(utf8);
    if (encoding == TextEncoding::Utf8Bom)
        return std::string(utf8Bom) + std::string(utf8);
    std::string out;
    const bool utf16 = encoding == TextEncoding::Utf16LeBom || encoding == TextEncoding::Utf16BeBom;
    const bool bigEndian = encoding == TextEncoding::Utf16BeBom;
    if (utf16 && withBom) {
        out.push_back(bigEndian ? '\xFE' : '\xFF');
        out.push_back(bigEndian ? '\xFF' : '\xFE');
    }
    out.reserve(utf16 ? utf8.size() * 2 + 2 : utf8.size());
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        char32_t cp = 0;
        if (!nextCodePoint(utf8, pos, cp, utf16))
            cp = utf16 ? replacement : U'?';
        if (utf16)
            appendUtf16(out, cp, bigEndian);
        else
            out += cp <= 0xFF ? static_cast<char>(cp) : '?';
    }
    return out;
}

} // namespace tenace::core
