#include "ui/deal_check.h"

#include "ui/bridge_text.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>

namespace tenace::ui {

namespace core = tenace::core;

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("tenace::ui", text, disambiguation, n);
}

QString cardList(core::Hand hand, int limit)
{
    QStringList names;
    for (const core::Card c : hand.cards()) {
        if (names.size() == limit) {
            names << tr("\u2026 (%1 in all)").arg(hand.count());
            break;
        }
        names << cardText(c);
    }
    return names.join(QStringLiteral(", "));
}

} // namespace

namespace {

// The problems in words; `deal` is the one checked (for the short hands' lengths).
QStringList problemTexts(const core::Deal &deal, const core::DealCheckResult &check)
{
    QStringList texts;
    for (const core::DealProblem &p : check.problems) {
        switch (p.kind) {
        case core::DealProblemKind::DuplicateCard:
            texts << tr("Duplicate card %1 (%2 and %3)")
                         .arg(cardText(p.card), seatText(p.seat), seatText(p.other));
            break;
        case core::DealProblemKind::TooManyCards:
            texts << tr("%1 holds %2 cards (expected 13)").arg(seatText(p.seat)).arg(p.count);
            break;
        case core::DealProblemKind::NoCards:
            texts << tr("No cards yet: click cards in the palette or type the hands");
            break;
        case core::DealProblemKind::ShortHands: {
            QStringList shortHands;
            for (const core::Seat s : p.shortSeats)
                shortHands << tr("%1 holds %2").arg(seatText(s)).arg(deal[s].count());
            texts << tr("Every hand needs %1 cards: %2").arg(p.count).arg(shortHands.join(", "));
            break;
        }
        case core::DealProblemKind::MissingCards:
            texts << tr("Missing: %1").arg(cardList(p.cards, 12));
            break;
        case core::DealProblemKind::TrickTooLong:
            texts << tr("At most 3 cards can be on the table before the trick is complete");
            break;
        case core::DealProblemKind::TrickCardHeld:
            texts << tr("%1 is on the table and in %2's hand")
                         .arg(cardText(p.card), seatText(p.seat));
            break;
        case core::DealProblemKind::InvalidPosition:
            texts << QString::fromStdString(p.message);
            break;
        }
    }
    return texts;
}

} // namespace

DealCheck checkDeal(const core::Deal &deal)
{
    const core::DealCheckResult result = core::checkDealProblems(deal);
    DealCheck check;
    check.errors = problemTexts(deal, result);
    check.complete = result.complete;
    if (check.complete)
        check.info = tr("Complete deal");
    else if (check.errors.isEmpty())
        check.info =
            (result.cardsEach == 1 ? tr("End position: 1 card each")
                                   : tr("End position: %1 cards each").arg(result.cardsEach));
    return check;
}

DealCheck checkBoard(const Board &board)
{
    if (board.trick.empty())
        return checkDeal(board.deal);
    const core::Seat leader =
        board.leader.value_or(core::leftHandOpponent(board.contract.declarer));
    const core::DealCheckResult result =
        core::checkTrickProblems(board.deal, board.contract.strain, leader, board.trick);
    DealCheck check;
    check.errors = problemTexts(board.deal, result);
    if (result.problems.size() == 1 &&
        result.problems.front().kind == core::DealProblemKind::InvalidPosition) {
        check.errors =
            QStringList {tr("%1 (trick of %2 led by %3)")
                             .arg(check.errors.front())
                             .arg(board.trick.size() == 1 ? tr("1 card")
                                                          : tr("%1 cards").arg(board.trick.size()))
                             .arg(seatText(leader))};
    } else if (check.errors.isEmpty()) {
        const core::Position start {board.deal, board.contract.strain, leader, board.trick};
        check.info = tr("Mid-trick end position: %1 to play, %2 tricks left")
                         .arg(seatText(start.toMove()))
                         .arg(start.tricksLeft());
    }
    return check;
}

core::Result<std::vector<core::Card>> parseTrickText(const QString &input)
{
    QString text = input;
    text.replace(QStringLiteral("\u2660"), QStringLiteral("S"));
    text.replace(QStringLiteral("\u2665"), QStringLiteral("H"));
    text.replace(QStringLiteral("\u2666"), QStringLiteral("D"));
    text.replace(QStringLiteral("\u2663"), QStringLiteral("C"));
    std::vector<core::Card> cards;
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    for (const QString &word : text.split(separators, Qt::SkipEmptyParts)) {
        const auto card = core::parseCard(word.toStdString());
        if (!card)
            return core::Error {
                core::ErrorCode::Syntax,
                tr("'%1' is not a card: type them like SK S2").arg(word).toStdString()};
        cards.push_back(*card);
    }
    return cards;
}

core::Result<core::Hand> parseHandText(const QString &input)
{
    QString text = input.trimmed().toUpper();
    text.remove(QLatin1Char(' '));
    text.replace(QStringLiteral("10"), QStringLiteral("T"));
    if (text.isEmpty() || text == QStringLiteral("-"))
        return core::Hand {};
    const QStringList suits = text.split(QLatin1Char('.'));
    if (suits.size() != 4)
        return core::Error {core::ErrorCode::Syntax,
                            tr("%1 suits given: type four, separated by dots (\u2660.\u2665."
                               "\u2666.\u2663), e.g. AKQ.JT9.876.5432")
                                .arg(suits.size())
                                .toStdString()};
    core::Hand hand;
    for (int s = 0; s < 4; ++s) {
        const core::Suit suit = core::suitAt(s);
        const QString &ranks = suits[s];
        if (ranks == QStringLiteral("-"))
            continue;
        for (const QChar ch : ranks) {
            const auto rank = core::rankFromLetter(ch.toLatin1());
            if (!rank || ch.unicode() > 127)
                return core::Error {core::ErrorCode::Syntax,
                                    tr("'%1' is not a rank (in %2): use AKQJT98765432")
                                        .arg(ch)
                                        .arg(suitSymbol(suit))
                                        .toStdString()};
            const core::Card card {suit, *rank};
            if (hand.contains(card))
                return core::Error {core::ErrorCode::DuplicateCard,
                                    tr("%1 is typed twice").arg(cardText(card)).toStdString()};
            hand.add(card);
        }
    }
    return hand;
}

} // namespace tenace::ui
