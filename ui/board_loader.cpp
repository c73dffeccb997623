#include "ui/board_loader.h"

#include "ui/deal_check.h"

#include "core/formats/lin_reader.h"
#include "core/formats/pbn_commentary.h"
#include "core/formats/pbn_play.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tenace::ui", text);
}

} // namespace

namespace {

// The contract the game records: its Contract and Declarer tags, else the outcome of a
// finished auction. Sets the board's contract, its origin and passedOut.
void readContract(const core::PbnGame &game, Board &b)
{
    const core::PbnRecordedContract recorded = core::recordedContract(game);
    b.passedOut = recorded.passedOut;
    if (!recorded.contract) {
        b.contractOrigin = ContractOrigin::None;
        return;
    }
    b.contract = *recorded.contract;
    // End positions name only the strain: a stand-in level for the score.
    if (b.contract.level == 0)
        b.contract.level = 3;
    b.contractOrigin = ContractOrigin::Recorded;
}

// Descriptive tags a reader wants to see, with their labels, in this order.
void readDetails(const core::PbnGame &game, Board &b)
{
    static const std::pair<const char *, const char *> tags[] = {
        {"Event", QT_TRANSLATE_NOOP("tenace::ui", "Event")},
        {"Site", QT_TRANSLATE_NOOP("tenace::ui", "Site")},
        {"Date", QT_TRANSLATE_NOOP("tenace::ui", "Date")},
        {"Stage", QT_TRANSLATE_NOOP("tenace::ui", "Stage")},
        {"Round", QT_TRANSLATE_NOOP("tenace::ui", "Round")},
        {"Room", QT_TRANSLATE_NOOP("tenace::ui", "Room")},
        {"Table", QT_TRANSLATE_NOOP("tenace::ui", "Table")},
        {"Scoring", QT_TRANSLATE_NOOP("tenace::ui", "Scoring")},
        {"Description", QT_TRANSLATE_NOOP("tenace::ui", "Description")},
        {"Annotator", QT_TRANSLATE_NOOP("tenace::ui", "Annotator")},
        {"Student", QT_TRANSLATE_NOOP("tenace::ui", "Student")},
        {"Teacher", QT_TRANSLATE_NOOP("tenace::ui", "Teacher")},
    };
    for (const auto &[tag, label] : tags) {
        const std::string value = game.tagValue(tag).value_or(std::string {});
        if (!value.empty() && value != "?" && value != "#")
            b.details.emplace_back(tr(label), QString::fromStdString(core::pbnDisplayText(value)));
    }
    for (const std::string &comment : core::pbnCommentary(game))
        b.commentary << QString::fromStdString(comment);
}

} // namespace

std::optional<Board> boardFromGame(const core::PbnGame &game, int number)
{
    const std::optional<core::Deal> deal = game.deal();
    if (!deal || !checkDeal(*deal).playable())
        return std::nullopt;
    Board b;
    b.deal = *deal;
    b.dealer = game.dealer().value_or(core::Seat::North);
    b.vulnerability = game.vulnerability().value_or(core::Vulnerability::None);
    b.auction = game.auction();
    if (b.auction)
        b.auctionNotes = game.auctionNotes();
    readContract(game, b);
    readDetails(game, b);
    b.hidden = game.hidden();
    const bool recorded = b.contractOrigin == ContractOrigin::Recorded;
    if (const auto result = game.result(); result && recorded)
        b.result = result->tricksFor(b.contract.declarer);
    // The recorded play, when it starts with the lead of declarer's left-hand opponent.
    if (const auto play = game.play(); play && recorded &&
        play->first == core::next(b.contract.declarer, 1) && b.deal.cardCount() == 52) {
        if (auto sequence = core::pbnPlaySequence(*play, b.contract.strain, &b.deal)) {
            for (const core::PbnPlayedCard &played : *sequence)
                b.recordedPlay.push_back(played.card);
        }
    }
    static constexpr const char *seatTags[] = {"North", "East", "South", "West"};
    for (const core::Seat s : core::allSeats)
        b.players[static_cast<std::size_t>(index(s))] =
            QString::fromStdString(game.tagValue(seatTags[index(s)]).value_or(std::string {}));
    if (const auto room = game.tagValue("Room"); room && !room->empty())
        b.room = QString::fromStdString(*room);
    else if (const auto table = game.tagValue("Table"); table && !table->empty())
        b.room = tr("Table %1").arg(QString::fromStdString(*table));
    const QString board = QString::fromStdString(game.tagValue("Board").value_or(std::string {}));
    b.title = board.isEmpty() ? tr("Game %1").arg(number) : tr("Board %1").arg(board);
    return b;
}

core::PbnGame pbnGameFromBoard(const Board &board, const std::vector<core::Card> &played)
{
    core::PbnGame game;
    QString number = board.title;
    number.remove(QRegularExpression(QStringLiteral("[^0-9]")));
    if (!number.isEmpty())
        game.setTag("Board", number.toStdString());
    game.setTag("Dealer", std::string(1, core::seatLetter(board.dealer)));
    game.setTag("Vulnerable", std::string(core::vulnerabilityName(board.vulnerability)));
    for (const core::Seat seat : core::allSeats) {
        const QString &name = board.players[static_cast<std::size_t>(index(seat))];
        if (!name.isEmpty())
            game.setTag(std::string(core::seatName(seat)), name.toStdString());
    }
    game.setDeal(board.deal);
    // Nothing recorded: no contract is invented, and no play in a stand-in contract.
    const bool none = board.contractOrigin == ContractOrigin::None;
    if (none) {
        game.setTag("Declarer", board.passedOut ? "" : "?");
        game.setTag("Contract", board.passedOut ? "Pass" : "?");
    } else {
        game.setTag("Declarer", std::string(1, core::seatLetter(board.contract.declarer)));
        core::PbnContract contract;
        contract.level = board.contract.level;
        contract.strain = board.contract.strain;
        contract.doubling = board.contract.doubling;
        game.setTag("Contract", contract.toPbn());
    }
    if (board.auction) {
        game.setAuction(*board.auction);
        for (const core::PbnNote &note : board.auctionNotes)
            game.appendTag("Note", std::to_string(note.index) + ":" + note.text);
    }
    if (!none && board.trick.empty() && !played.empty()) {
        const core::Seat leader = board.leader.value_or(core::next(board.contract.declarer, 1));
        game.setPlay(core::pbnPlayFromSequence(leader, played, board.contract.strain));
    }
    return game;
}

LoadedBoards boardsFromPbnText(const std::string &bytes, const QString &sourceName)
{
    core::PbnReadOptions options;
    options.sourceName = sourceName.toStdString();
    const core::PbnReadResult read =
        core::readBridgeText(bytes, options.sourceName, options); // PBN or LIN
    LoadedBoards loaded;
    for (const core::PbnIssue &issue : read.issues)
        loaded.problems << QString::fromStdString(issue.error.message);
    int number = 0;
    for (const core::PbnGame &game : read.document.games) {
        if (!game.hasTags())
            continue;
        ++number;
        if (auto board = boardFromGame(game, number))
            loaded.boards.push_back(std::move(*board));
        else
            ++loaded.skipped;
    }
    return loaded;
}

} // namespace tenace::ui
