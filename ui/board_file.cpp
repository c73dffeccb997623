#include "ui/board_file.h"

#include "ui/board_loader.h"

#include "core/analysis/pbn_annotate.h"
#include "core/commands/pbn_batch.h"
#include "core/formats/lin_reader.h"
#include "core/formats/pbn_writer.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tenace::ui", text);
}

// Board `board`'s values written into its original game: the game keeps its other tags and
// sections; results that no longer hold are dropped.
core::PbnGame updatedGame(const core::PbnGame &original, const Board &board, int number)
{
    const std::optional<Board> before = boardFromGame(original, number);
    core::PbnGame game = original;
    const core::PbnGame fresh = pbnGameFromBoard(board, {});
    const bool dealChanged = !before || !(before->deal == board.deal);
    const bool contractChanged = !before || !(before->contract == board.contract);
    for (const char *tag : {"Dealer", "Vulnerable", "North", "East", "South", "West"}) {
        if (const auto value = fresh.tagValue(tag); value && !value->empty())
            game.setTag(tag, *value);
    }
    if (dealChanged) {
        game.setDeal(board.deal);
        for (const char *tag : {"DoubleDummyTricks", "OptimumResultTable", "OptimumScore",
                                "ParContract", "OptimumPlayTable"})
            game.removeTag(tag);
    }
    if (dealChanged || contractChanged) {
        game.setTag("Declarer", fresh.tagValue("Declarer").value_or("?"));
        game.setTag("Contract", fresh.tagValue("Contract").value_or("?"));
        for (const char *tag : {"Result", "Play", "OptimumPlayTable"})
            game.removeTag(tag);
    }
    return game;
}

} // namespace

core::Status BoardFile::open(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return core::Error {core::ErrorCode::Io,
                            tr("Cannot read %1: %2").arg(path, file.errorString()).toStdString()};
    const std::string bytes = file.readAll().toStdString();
    const QString name = QFileInfo(path).fileName();
    core::PbnReadOptions options;
    options.sourceName = name.toStdString();
    core::PbnReadResult read = core::readBridgeText(bytes, options.sourceName, options);
    std::vector<Board> boards;
    std::vector<int> games;
    QStringList problems;
    for (const core::PbnIssue &issue : read.issues)
        problems << QString::fromStdString(issue.error.message);
    int number = 0, skipped = 0;
    for (std::size_t g = 0; g < read.document.games.size(); ++g) {
        const core::PbnGame &game = read.document.games[g];
        if (!game.hasTags())
            continue;
        ++number;
        if (auto board = boardFromGame(game, number)) {
            boards.push_back(std::move(*board));
            games.push_back(static_cast<int>(g));
        } else {
            ++skipped;
        }
    }
    m_boards = std::move(boards);
    m_game = std::move(games);
    m_changed.assign(m_boards.size(), false);
    m_deletedGames.clear();
    m_document = std::move(read.document);
    m_path = path;
    const bool linName = name.endsWith(QStringLiteral(".lin"), Qt::CaseInsensitive);
    const bool pbnName = name.endsWith(QStringLiteral(".pbn"), Qt::CaseInsensitive);
    m_isPbn = !linName && (pbnName || !core::looksLikeLin(bytes));
    m_problems = problems;
    m_skipped = skipped;
    return core::Ok {};
}

void BoardFile::reset(std::vector<Board> boards)
{
    m_boards = std::move(boards);
    m_game.assign(m_boards.size(), -1);
    m_changed.assign(m_boards.size(), false);
    m_deletedGames.clear();
    m_document.reset();
    m_path.clear();
    m_isPbn = false;
    m_problems.clear();
    m_skipped = 0;
}

void BoardFile::setBoard(int i, const Board &board)
{
    Board &old = m_boards[static_cast<std::size_t>(i)];
    // The constraints are not saved: they alone change nothing in the file.
    Board compared = board;
    compared.constraints = old.constraints;
    const bool same = old == compared;
    old = board;
    if (!same)
        m_changed[static_cast<std::size_t>(i)] = true;
}

void BoardFile::setConstraints(int i, const std::array<QString, 4> &constraints)
{
    m_boards[static_cast<std::size_t>(i)].constraints = constraints;
}

int BoardFile::insertBoard(const Board &board, int after)
{
    const int at = after < 0 ? count() : std::min(after + 1, count());
    m_boards.insert(m_boards.begin() + at, board);
    m_game.insert(m_game.begin() + at, -1);
    m_changed.insert(m_changed.begin() + at, true);
    return at;
}

void BoardFile::removeBoard(int i)
{
    const std::size_t k = static_cast<std::size_t>(i);
    if (m_game[k] >= 0)
        m_deletedGames.push_back(m_game[k]);
    m_boards.erase(m_boards.begin() + i);
    m_game.erase(m_game.begin() + i);
    m_changed.erase(m_changed.begin() + i);
}

bool BoardFile::isModified() const
{
    return !m_deletedGames.empty() ||
        std::any_of(m_changed.begin(), m_changed.end(), [](bool c) { return c; });
}

core::PbnDocument BoardFile::buildDocument() const
{
    core::PbnDocument out;
    const std::vector<core::PbnGame> *original = m_document ? &m_document->games : nullptr;
    if (m_document && m_isPbn) {
        out.encoding = m_document->encoding;
        out.newline = m_document->newline;
        out.leading = m_document->leading;
    } else {
        out.newline = "\r\n";
        out.leading = "% PBN 2.1\r\n% EXPORT\r\n";
    }
    // Games that are not boards (comments, unplayable deals) stay where they were.
    std::vector<bool> isBoard(original ? original->size() : 0, false);
    for (int g : m_game) {
        if (g >= 0)
            isBoard[static_cast<std::size_t>(g)] = true;
    }
    for (int g : m_deletedGames)
        isBoard[static_cast<std::size_t>(g)] = true;
    std::size_t nextOriginal = 0;
    auto flushUpTo = [&](std::size_t end) {
        for (; nextOriginal < end && original; ++nextOriginal) {
            if (!isBoard[nextOriginal])
                out.games.push_back((*original)[nextOriginal]);
        }
    };
    for (std::size_t i = 0; i < m_boards.size(); ++i) {
        const int g = m_game[i];
        if (g >= 0 && original) {
            // A PBN game is kept as read unless edited; a LIN game is always written anew.
            flushUpTo(static_cast<std::size_t>(g) + 1);
            const core::PbnGame &game = (*original)[static_cast<std::size_t>(g)];
            out.games.push_back(m_changed[i] || !m_isPbn
                                    ? updatedGame(game, m_boards[i], static_cast<int>(i) + 1)
                                    : game);
        } else {
            out.games.push_back(pbnGameFromBoard(m_boards[i], {}));
        }
    }
    if (original)
        flushUpTo(original->size());
    return out;
}

std::string BoardFile::writeDocument(const core::PbnDocument &document) const
{
    return m_isPbn ? core::writePbn(document) : core::writePbnExport(document);
}

std::string BoardFile::pbnBytesWithResults(const core::CancelToken &cancel,
                                           const std::function<void(int, int)> &progress) const
{
    core::PbnDocument document = buildDocument();
    core::AnnotateOptions options;
    options.playTable = false;
    const core::AnnotateSummary summary =
        core::annotatePbnDocument(document, options, progress, cancel);
    if (summary.cancelled || cancel.isCancelled())
        return {};
    return writeDocument(document);
}

core::Status BoardFile::save(const QString &path, const std::string *given)
{
    const std::string bytes = given ? *given : pbnBytes();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(bytes.data(), static_cast<qint64>(bytes.size())) !=
            static_cast<qint64>(bytes.size()) ||
        !file.commit())
        return core::Error {core::ErrorCode::Io,
                            tr("Cannot write %1: %2").arg(path, file.errorString()).toStdString()};
    // What was written is now the file: read it back as the new baseline. The boards come back
    // in list order; the constraints, which the file does not hold, stay with them.
    std::vector<std::optional<std::array<QString, 4>>> constraints;
    for (const Board &board : m_boards)
        constraints.push_back(board.constraints);
    if (auto reopened = open(path); !reopened)
        return reopened;
    if (constraints.size() == m_boards.size()) {
        for (std::size_t i = 0; i < m_boards.size(); ++i)
            m_boards[i].constraints = constraints[i];
    }
    return core::Ok {};
}

} // namespace tenace::ui
