#pragma once

// Character sets of bridge text files. Files are decoded to UTF-8 on reading and encoded back to
// the encoding they came in on writing; the round trip is exact for every input that decodes
// without problems (UTF-8, ISO-8859-1 and UTF-16 with unpaired surrogates alike). Pure
// functions, thread-safe.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tenace::core {

enum class TextEncoding : std::uint8_t {
    Utf8, // no byte-order mark (plain ASCII counts as UTF-8)
    Utf8Bom,
    Utf16LeBom,
    Utf16BeBom,
    Latin1, // ISO-8859-1: any file that is not valid UTF-8
};

std::string_view encodingName(TextEncoding encoding); // "UTF-8", "UTF-8 with BOM", ...

struct DecodedText
{
    std::string text; // UTF-8 without the byte-order mark
    TextEncoding encoding = TextEncoding::Utf8;
    bool truncated = false; // UTF-16 with an odd number of bytes: the last byte was dropped
};

// Detects the encoding (byte-order mark, else valid UTF-8, else ISO-8859-1) and decodes.
// Unpaired UTF-16 surrogates are kept as 3-byte sequences and invalid bytes after a UTF-8 BOM
// as they are, so that encodeText() restores every input except odd-length UTF-16.
DecodedText decodeText(std::string_view bytes);

// Decodes bytes known to be in `encoding`, without a byte-order mark, as decodeText() does: for
// reading a file in pieces (UTF-8 pieces pass through; UTF-16 pieces must hold whole units).
std::string decodeTextAs(std::string_view bytes, TextEncoding encoding);

// Encodes UTF-8 text (as produced by decodeText or edited) into `encoding`, with its byte-order
// mark unless `withBom` is false (pieces after the first). Characters that ISO-8859-1 cannot
// represent become '?'; invalid UTF-8 becomes U+FFFD (or '?').
std::string encodeText(std::string_view utf8, TextEncoding encoding, bool withBom = true);

// The length of `bytes` without a multi-byte UTF-8 sequence cut off at its end.
std::size_t completeUtf8Length(std::string_view bytes);

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or values above U+10FFFF).
bool isValidUtf8(std::string_view text);

// Number of characters (code points) in UTF-8 `text`: columns in messages count characters,
// not bytes.
int utf8Length(std::string_view text);

// Length of the line end at `pos` of `text`, a CR or LF: 2 for CR LF, else 1.
std::size_t lineEndLength(std::string_view text, std::size_t pos);

// True for the white space a line holds between its tokens: space, tab, vertical tab, form feed.
bool isLineSpace(char c);

// `line` without the white space (isLineSpace) at its end: how section lines are read.
std::string_view rightTrimmed(std::string_view line);

} // namespace tenace::core
