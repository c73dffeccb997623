#pragma once

// The boards of an open file and what became of them: the PBN document as read (so that saving
// keeps the bytes of every game that did not change), which boards were edited, added or
// deleted, and the file's path. Saving writes PBN atomically (QSaveFile); a file read as LIN is
// saved as PBN under a new name. GUI thread (blocking file I/O, small files).

#include "ui/board_session.h"

#include "core/formats/pbn_document.h"
#include "core/solver/solver.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace tenace::ui {

class BoardFile
{
public:
    // Reads PBN or LIN. Keeps every game; the playable ones become boards. Problems (with line
    // and column) are listed in problems(). Fails only when the file cannot be read.
    tenace::core::Status open(const QString &path);
    // A list that is not a file yet (random deals, pasted boards): Save asks for a name.
    void reset(std::vector<Board> boards);

    const std::vector<Board> &boards() const { return m_boards; }
    int count() const { return static_cast<int>(m_boards.size()); }
    const Board &board(int i) const { return m_boards[static_cast<std::size_t>(i)]; }
    // Replaces board i (edited deal, contract...); marks it changed when it differs.
    void setBoard(int i, const Board &board);
    // Replaces board i's single-dummy constraints without marking it changed: they live in
    // memory only, and survive a save.
    void setConstraints(int i, const std::array<QString, 4> &constraints);
    // Inserts a board after `after` (-1: at the end), marked changed; returns its index.
    int insertBoard(const Board &board, int after = -1);
    void removeBoard(int i);
    bool isChanged(int i) const { return m_changed[static_cast<std::size_t>(i)]; }

    // Something to save: a board changed, added or deleted.
    bool isModified() const;
    QString path() const { return m_path; }
    // Save can write back to path(): a PBN file (a LIN file is saved as PBN under a new name).
    bool canSaveInPlace() const { return !m_path.isEmpty() && m_isPbn; }
    QStringList problems() const { return m_problems; }
    int skippedGames() const { return m_skipped; }

    // The PBN text Save writes: unchanged games byte for byte, edited games rewritten from their
    // board (the game's other tags and sections kept; DD result tags dropped when the deal
    // changed), new boards appended in list order, deleted boards left out.
    std::string pbnBytes() const { return writeDocument(buildDocument()); }
    // pbnBytes() with the DD results of every board added (DoubleDummyTricks,
    // OptimumResultTable, OptimumScore, ParContract): games that gain tags are rewritten.
    // Blocking (solves every board on all cores); const, so it may run on a worker thread while
    // the file is not changed. Empty when cancelled.
    std::string pbnBytesWithResults(const tenace::core::CancelToken &cancel,
                                    const std::function<void(int, int)> &progress = {}) const;
    // Writes `bytes` (default: pbnBytes()) to `path` atomically and makes it the file's path; on
    // success nothing is modified any more. The error names the file.
    tenace::core::Status save(const QString &path, const std::string *bytes = nullptr);

private:
    tenace::core::PbnDocument buildDocument() const;
    std::string writeDocument(const tenace::core::PbnDocument &document) const;

    std::vector<Board> m_boards;
    std::vector<bool> m_changed; // per board: edited or new since the last save
    std::vector<int> m_game; // per board: its game in m_document, -1 for a new board
    std::optional<tenace::core::PbnDocument> m_document;
    std::vector<int> m_deletedGames;
    QString m_path;
    bool m_isPbn = false;
    QStringList m_problems;
    int m_skipped = 0;
};

} // namespace tenace::ui
