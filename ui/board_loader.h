#pragma once

// Boards from PBN and LIN: the one place where the UI turns PBN games into Boards (deal, dealer,
// vulnerability, contract, declarer, player names, board number), through the core PBN reader.
// Blocking (file I/O); GUI thread for small files.

#include "ui/board_session.h"

#include "core/model/error.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace tenace::core {
class PbnGame;
}

namespace tenace::ui {

struct LoadedBoards
{
    std::vector<Board> boards; // games with a playable deal, in file order
    QStringList problems; // the reader's issues, "line 3, column 9: ..."
    int skipped = 0; // games without a playable deal
};

// Every game of the PBN or LIN text with a deal that can be played (LIN when the source name
// ends in .lin, or when the text looks like LIN: "md|...", a handviewer URL).
LoadedBoards boardsFromPbnText(const std::string &bytes, const QString &sourceName = {});
// The board as a PBN game: board number, dealer, vulnerability, players, deal, contract and, when
// play started from a full deal's opening lead, the cards `played` so far (Play section).
tenace::core::PbnGame pbnGameFromBoard(const Board &board,
                                       const std::vector<tenace::core::Card> &played);
// One game as a board; nullopt when it has no playable deal. `number` names untitled games.
std::optional<Board> boardFromGame(const tenace::core::PbnGame &game, int number);

} // namespace tenace::ui
