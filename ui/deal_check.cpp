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

core::Hand missingCards(const core::Deal &deal)
{
    return core::Hand::fullDeck() - deal.allCards();
}

DealCheck checkDeal(const core::Deal &deal)
{
    DealCheck check;
    // Cards claimed by two hands.
    for (int a = 0; a < 4; ++a)
        for (int b = a + 1; b < 4; ++b) {
            const core::Hand both =
                deal.hands[static_cast<std::size_t>(a)] & deal.hands[static_cast<std::size_t>(b)];
            for (const core::Card c : both.cards())
                check.errors << tr("Duplicate card %1 (%2 and %3)")
                                    .arg(cardText(c), seatText(core::seatAt(a)),
                                         seatText(core::seatAt(b)));
        }
    std::array<int, 4> counts {};
    for (const core::Seat s : core::allSeats)
        counts[static_cast<std::size_t>(index(s))] = deal[s].count();
    const int most = *std::max_element(counts.begin(), counts.end());
    const bool equal =
        std::all_of(counts.begin(), counts.end(), [&](int n) { return n == counts[0]; });
    for (const core::Seat s : core::allSeats)
        if (deal[s].count() > 13)
            check.errors
                << tr("%1 holds %2 cards (expected 13)").arg(seatText(s)).arg(deal[s].count());
    if (most == 0) {
        check.errors << tr("No cards yet: click cards in the palette or type the hands");
    } else if (!equal && most <= 13) {
        QStringList shortHands;
        for (const core::Seat s : core::allSeats)
            if (deal[s].count() < most)
                shortHands << tr("%1 holds %2").arg(seatText(s)).arg(deal[s].count());
        check.errors << tr("Every hand needs %1 cards: %2").arg(most).arg(shortHands.join(", "));
        const core::Hand missing = missingCards(deal);
        if (most == 13 && !missing.empty())
            check.errors << tr("Missing: %1").arg(cardList(missing, 12));
    }
    check.complete = check.errors.isEmpty() && counts[0] == 13;
    if (check.complete)
        check.info = tr("Complete deal");
    else if (check.errors.isEmpty())
        check.info = (counts[0] == 1 ? tr("End position: 1 card each")
                                     : tr("End position: %1 cards each").arg(counts[0]));
    return check;
}

DealCheck checkBoard(const Board &board)
{
    if (board.trick.empty())
        return checkDeal(board.deal);
    DealCheck check;
    const core::Seat leader =
        board.leader.value_or(core::leftHandOpponent(board.contract.declarer));
    if (board.trick.size() > 3)
        check.errors << tr("At most 3 cards can be on the table before the trick is complete");
    for (const core::Card c : board.trick)
        if (const auto holder = board.deal.holder(c))
            check.errors
                << tr("%1 is on the table and in %2's hand").arg(cardText(c), seatText(*holder));
    if (check.errors.isEmpty()) {
        const core::Position start {board.deal, board.contract.strain, leader, board.trick};
        if (auto ok = core::validate(start); !ok)
            check.errors << tr("%1 (trick of %2 led by %3)")
                                .arg(QString::fromStdString(ok.error().message))
                                .arg(board.trick.size() == 1
                                         ? tr("1 card")
                                         : tr("%1 cards").arg(board.trick.size()))
                                .arg(seatText(leader));
        else
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

std::optional<core::Deal> fillFourthHand(const core::Deal &deal)
{
    // Only a full deal is unambiguous: three hands of 13 and the rest of the pack.
    std::optional<core::Seat> shortSeat;
    for (const core::Seat s : core::allSeats) {
        if (deal[s].count() == 13)
            continue;
        if (shortSeat || deal[s].count() > 13)
            return std::nullopt;
        shortSeat = s;
    }
    if (!shortSeat)
        return std::nullopt;
    const core::Hand missing = missingCards(deal);
    if (deal.allCards().count() != deal.cardCount() ||
        missing.count() != 13 - deal[*shortSeat].count())
        return std::nullopt;
    core::Deal filled = deal;
    filled[*shortSeat] = filled[*shortSeat] | missing;
    return filled;
}

} // namespace tenace::ui
