#pragma once

// The LIN writer: every board of a document as one line of BBO's LIN format, readable by
// BBO's handviewer and by readLin(): players (pn|), deal with its dealer (md|), board (ah|),
// vulnerability (sv|), the auction (mb|, alerts with their note as an| explanation), the play
// (pc|, pg| after each trick) and a claim (mc|) when the play stops short of the Result.
// What LIN cannot hold (other tags, comments) is left out: PBN is the lossless format.
// Pure; thread-safe.

#include "core/formats/pbn_document.h"

namespace tenace::core {

// One board as a LIN line (with a trailing newline); empty for a game without a full deal.
std::string formatLinBoard(const PbnGame &game);

// Every board of the document, one per line.
std::string writeLin(const PbnDocument &document);

} // namespace tenace::core
