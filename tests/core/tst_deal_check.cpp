// Deal checks as values: duplicates, long and short hands, missing cards, mid-trick positions,
// and the fourth hand filled from the rest of the pack.

#include "core/model/deal_check.h"

#include <QTest>

using namespace tenace::core;

namespace {

Deal dealOf(const char *pbn)
{
    auto d = parsePbnDeal(pbn);
    if (!d)
        qFatal("%s", d.error().message.c_str());
    return *d;
}

constexpr const char *fullDeal =
    "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7";

std::vector<DealProblemKind> kinds(const DealCheckResult &check)
{
    std::vector<DealProblemKind> k;
    for (const DealProblem &p : check.problems)
        k.push_back(p.kind);
    return k;
}

} // namespace

class TestDealCheck : public QObject
{
    Q_OBJECT
private slots:
    void completeDeal()
    {
        const auto check = checkDealProblems(dealOf(fullDeal));
        QVERIFY(check.playable());
        QVERIFY(check.complete);
        QCOMPARE(check.cardsEach, 13);
    }

    void emptyDeal()
    {
        const auto check = checkDealProblems(Deal {});
        QCOMPARE(kinds(check), std::vector {DealProblemKind::NoCards});
        QVERIFY(!check.complete);
    }

    void endPosition()
    {
        const auto check = checkDealProblems(dealOf("N:AK... Q2... 43... 65..."));
        QVERIFY(check.playable());
        QVERIFY(!check.complete);
        QCOMPARE(check.cardsEach, 2);
    }

    void duplicateCard()
    {
        Deal deal = dealOf(fullDeal);
        deal[Seat::East].remove(Card {Suit::Spades, Rank::Four});
        deal[Seat::East].add(Card {Suit::Spades, Rank::Ace});
        const auto check = checkDealProblems(deal);
        QCOMPARE(kinds(check), std::vector {DealProblemKind::DuplicateCard});
        const DealProblem &p = check.problems.front();
        QCOMPARE(p.card, (Card {Suit::Spades, Rank::Ace}));
        QCOMPARE(p.seat, Seat::North);
        QCOMPARE(p.other, Seat::East);
    }

    void shortAndMissing()
    {
        Deal deal = dealOf(fullDeal);
        deal[Seat::West].remove(Card {Suit::Clubs, Rank::Seven});
        const auto check = checkDealProblems(deal);
        QCOMPARE(kinds(check),
                 (std::vector {DealProblemKind::ShortHands, DealProblemKind::MissingCards}));
        QCOMPARE(check.problems[0].count, 13);
        QCOMPARE(check.problems[0].shortSeats, std::vector {Seat::West});
        QCOMPARE(check.problems[1].cards.cards(), std::vector {(Card {Suit::Clubs, Rank::Seven})});
        QCOMPARE(missingCards(deal).count(), 1);
    }

    void tooManyCards()
    {
        Deal deal = dealOf(fullDeal);
        deal[Seat::North].add(Card {Suit::Clubs, Rank::Seven});
        deal[Seat::West].remove(Card {Suit::Clubs, Rank::Seven});
        const auto check = checkDealProblems(deal);
        QCOMPARE(check.problems.front().kind, DealProblemKind::TooManyCards);
        QCOMPARE(check.problems.front().seat, Seat::North);
        QCOMPARE(check.problems.front().count, 14);
    }

    void midTrick()
    {
        // West led the SA; North, East and South still hold two cards each.
        const Deal deal = dealOf("N:K2... Q3... 54... 6...");
        const std::vector<Card> trick {Card {Suit::Spades, Rank::Ace}};
        const auto ok = checkTrickProblems(deal, Strain::NoTrump, Seat::West, trick);
        QVERIFY2(ok.playable(), ok.problems.empty() ? "" : ok.problems.front().message.c_str());

        const std::vector<Card> held {Card {Suit::Spades, Rank::King}};
        const auto bad = checkTrickProblems(deal, Strain::NoTrump, Seat::West, held);
        QCOMPARE(kinds(bad), std::vector {DealProblemKind::TrickCardHeld});
        QCOMPARE(bad.problems.front().seat, Seat::North);

        const auto wrongLeader = checkTrickProblems(deal, Strain::NoTrump, Seat::North, trick);
        QCOMPARE(kinds(wrongLeader), std::vector {DealProblemKind::InvalidPosition});
        QVERIFY(!wrongLeader.problems.front().message.empty());

        const std::vector<Card> four {
            Card {Suit::Hearts, Rank::Ace}, Card {Suit::Hearts, Rank::King},
            Card {Suit::Hearts, Rank::Queen}, Card {Suit::Hearts, Rank::Jack}};
        QCOMPARE(checkTrickProblems(deal, Strain::NoTrump, Seat::West, four).problems.front().kind,
                 DealProblemKind::TrickTooLong);
    }

    void fourthHand()
    {
        const Deal full = dealOf(fullDeal);
        Deal three = full;
        three[Seat::East] = Hand {};
        QCOMPARE(fillFourthHand(three), std::optional {full});
        Deal two = three;
        two[Seat::West] = Hand {};
        QVERIFY(!fillFourthHand(two));
        QVERIFY(!fillFourthHand(full));
    }
};

QTEST_APPLESS_MAIN(TestDealCheck)
#include "tst_deal_check.moc"
