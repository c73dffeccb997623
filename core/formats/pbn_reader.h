#pragma once

// The tolerant PBN reader: reads the import format and what real files do (tags in any order
// and across lines, comments and '%' directives kept, unknown tags and sections kept, "#"/"##"
// inheritance, any character set), never fails on a whole file because of one bad game, and
// reports every problem with its line and column. Blocking, thread-safe (no shared state).

#include "core/formats/pbn_document.h"
#include "core/formats/pbn_validation.h"

#include <filesystem>
#include <functional>

namespace tenace::core {

struct PbnReadOptions
{
    std::string sourceName; // put in front of messages ("hands.pbn: line 3, ...") when set
    bool checkSemantics = true; // also run validatePbnGame() on every game
    // Called after each game with the bytes of decoded text read so far and the total.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

struct PbnReadResult
{
    PbnDocument document; // always filled, as far as the text could be understood
    std::vector<PbnIssue> issues; // every problem, in file order (errors and warnings)
    bool ok() const { return pbnErrorCount(issues) == 0; } // true when only warnings
};

PbnReadResult readPbn(std::string_view bytes, const PbnReadOptions &options = {});

// Reads a file; fails only when the file cannot be read.
Result<PbnReadResult> readPbnFile(const std::filesystem::path &path,
                                  const PbnReadOptions &options = {});

// The whole file as bytes (used by the PBN and LIN readers).
Result<std::string> readFileBytes(const std::filesystem::path &path);

} // namespace tenace::core
