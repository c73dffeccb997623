#pragma once

// The file commands of tenace-cli, on bytes in and bytes out (the caller reads and writes the
// files): annotate (DD results into every board), convert (PBN or LIN to PBN, lossless or in
// the export format) and check (every problem of a file, with line and column). Problems are
// written to `messages` one per line, prefixed with the input's name. Blocking; thread-safe.

#include "core/analysis/pbn_annotate.h"
#include "core/formats/lin_reader.h"
#include "core/formats/pbn_reader.h"

#include <iosfwd>

namespace tenace::core {

struct FileBatchResult
{
    std::string output; // the bytes to write
    int problems = 0; // problems reported on `messages` (warnings, also reported, do not count)
    bool cancelled = false;
};

// PBN or LIN in, PBN out with DD results added (see annotatePbnDocument()). PBN input keeps the
// bytes of every game that did not change; LIN input is written in the export format.
FileBatchResult annotateFile(std::string_view bytes, std::string_view name,
                             const AnnotateOptions &options, std::ostream &messages,
                             const std::function<void(int, int)> &progress = {},
                             const CancelToken &cancel = {});

enum class ConvertFormat {
    Pbn, // the lossless writer for PBN input (an unchanged file comes out byte for byte), the
         // export format for LIN input
    PbnExport, // the strict PBN export format
    Lin, // one LIN line per board (what LIN cannot hold is left out)
};

// PBN or LIN in, PBN or LIN out. Problems found while reading are reported but do not stop the
// conversion: nothing read is dropped (short of what LIN cannot hold).
FileBatchResult convertFile(std::string_view bytes, std::string_view name, ConvertFormat format,
                            std::ostream &messages);

// Every problem of the file (syntax, values, deals, auctions, play), one line each with the
// line and column ("hands.pbn: line 12, column 5: warning: ..." for a warning); then a summary
// line ("hands.pbn: 3 problems in 2 of 32 boards", or "hands.pbn: 32 boards, no problems", with
// ", 2 warnings" when there are). Returns the number of problems; warnings do not count.
int checkFile(std::string_view bytes, std::string_view name, std::ostream &messages);

} // namespace tenace::core
