#pragma once

// The reader of BBO's LIN format (hand records, vugraph files, handviewer URLs). Every board
// becomes a PBN game in a PbnDocument (so it can be saved as PBN): md| deal and dealer, sv|
// vulnerability, ah| and qx| board and room, pn| players, vg| event, mb| calls with ! alerts
// and an| explanations (as notes), pc| cards (put into trick rows), mc| claims (Result),
// nt| commentary (as comments on the call or card it follows). Problems are reported with
// line and column, and reading goes on. Blocking, thread-safe (no shared state).

#include "core/formats/pbn_reader.h"

namespace tenace::core {

// Reads LIN text: one or many boards per file or line, or a handviewer URL pasted whole
// ("...handviewer.html?lin=md|3S..."), which is URL-decoded first (then positions refer to the
// decoded text). The games of the result are new (they have no PBN source text).
PbnReadResult readLin(std::string_view bytes, const PbnReadOptions &options = {});

Result<PbnReadResult> readLinFile(const std::filesystem::path &path,
                                  const PbnReadOptions &options = {});

// True when the text looks like LIN rather than PBN (it starts with a "xx|" key or a URL).
bool looksLikeLin(std::string_view bytes);
// True when a file is to be read as LIN: its name ends in ".lin" or, unless it ends in ".pbn",
// its text looks like LIN.
bool isLinText(std::string_view bytes, std::string_view name);

// Reads PBN or LIN (see isLinText()); LIN games are checked as PBN games are.
// `options.sourceName` prefixes the messages.
PbnReadResult readBridgeText(std::string_view bytes, std::string_view name,
                             const PbnReadOptions &options = {});

} // namespace tenace::core
