// What a card cost: scores by card, the judgement of one card against a solved position, and the
// cost of every card of a played line.

#include "core/analysis/card_cost.h"
#include "core/model/play_state.h"
#include "test_deals.h"

#include <QTest>

using namespace tenace::core;
using namespace tenace::core::testing;

namespace {

// The side to move scores 3 with SA (SK equivalent), 2 with HA, 1 with C2.
SolveResult sampleScores()
{
    SolveResult result;
    result.tricks = 3;
    Hand kings;
    kings.add(card("SK"));
    result.cards = {{card("SA"), kings, 3}, {card("HA"), {}, 2}, {card("C2"), {}, 1}};
    return result;
}

Deal sampleDeal()
{
    return *parsePbnDeal("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7");
}

} // namespace

class TestCardCost : public QObject
{
    Q_OBJECT
private slots:
    void scoresByCardIncludeEquals()
    {
        const auto scores = scoresByCard(sampleScores());
        QCOMPARE(scores[static_cast<std::size_t>(card("SA").bit())], 3);
        QCOMPARE(scores[static_cast<std::size_t>(card("SK").bit())], 3);
        QCOMPARE(scores[static_cast<std::size_t>(card("HA").bit())], 2);
        QCOMPARE(scores[static_cast<std::size_t>(card("D2").bit())], -1);
    }

    void judgement_data()
    {
        QTest::addColumn<QString>("played");
        QTest::addColumn<int>("cost");
        QTest::newRow("best") << "SA" << 0;
        QTest::newRow("equal to the best") << "SK" << 0;
        QTest::newRow("one trick") << "HA" << 1;
        QTest::newRow("two tricks") << "C2" << 2;
    }

    void judgement()
    {
        QFETCH(QString, played);
        QFETCH(int, cost);
        const auto j = judgeCard(sampleScores(), card(played.toLatin1().constData()));
        QVERIFY(j);
        QCOMPARE(j->best, 3);
        QCOMPARE(j->cost(), cost);
        QCOMPARE(j->bestCards, (std::vector {card("SA"), card("SK")}));
    }

    void unknownCard() { QVERIFY(!judgeCard(sampleScores(), card("D2"))); }

    void trickCostNeverNegative()
    {
        QCOMPARE(trickCost(5, 3), 2);
        QCOMPARE(trickCost(3, 5), 0);
    }

    void playLine()
    {
        // 4S by North: East leads. Declarer's side (NS) tricks before, and after each card.
        const std::vector<Card> plays {card("D9"), card("D4"), card("DA"), card("D2")};
        const std::vector<int> tricks {11, 11, 12, 12, 10};
        const auto costs = playCosts(sampleDeal(), Strain::Spades, Seat::East, plays, tricks);
        QCOMPARE(costs.size(), std::size_t {4});
        QCOMPARE(costs[0].seat, Seat::East);
        QCOMPARE(costs[1].seat, Seat::South);
        QCOMPARE(costs[2].seat, Seat::West);
        QCOMPARE(costs[0].cost, 0); // no change
        QCOMPARE(costs[1].cost, 0); // declarer's side gained
        QCOMPARE(costs[2].cost, 0); // no change
        QCOMPARE(costs[3].cost, 2); // declarer's side lost two
        QCOMPARE(costs[3].tricks, 10);
        // The defence giving a trick costs the defence.
        const std::vector<int> gift {11, 12};
        const auto given = playCosts(sampleDeal(), Strain::Spades, Seat::East, plays, gift);
        QCOMPARE(given.size(), std::size_t {1});
        QCOMPARE(given[0].cost, 1);
    }
};

QTEST_APPLESS_MAIN(TestCardCost)
#include "tst_card_cost.moc"
