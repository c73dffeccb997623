// TableWidget: clicking plays legal cards only; annotations belong to the current position.

#include "core/deal.h"
#include "ui/table_widget.h"

#include <QTest>

using namespace tenace;

namespace {

core::Deal sampleDeal()
{
    return core::parsePbnDeal(
               "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7")
        .value();
}

core::Card card(const char *text)
{
    return core::parseCard(text).value();
}

// A hand-made result for `position`: every legal card scored `score` for the side to move.
core::SolveResult fakeResult(const core::Position &position, int score)
{
    core::SolveResult result;
    result.tricks = score;
    for (const core::Card c : position.legalCards().cards())
        result.cards.push_back({c, core::Hand {}, score});
    return result;
}

} // namespace

class TestTableWidget : public QObject
{
    Q_OBJECT
private:
    void setUp(ui::TableWidget &table)
    {
        table.resize(900, 700);
        table.setBoard(sampleDeal(), core::Seat::North, core::Vulnerability::None);
        table.setContract(core::Strain::Spades, core::Seat::North, 4);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
    }

private slots:
    void clickLegalCardPlaysIt()
    {
        ui::TableWidget table;
        setUp(table);
        QCOMPARE(table.state()->toMove(), core::Seat::East);
        int changes = 0;
        connect(&table, &ui::TableWidget::positionChanged, this, [&changes] { ++changes; });
        const QRect r = table.cardRect(card("HJ"));
        QVERIFY(!r.isEmpty());
        QTest::mouseClick(&table, Qt::LeftButton, {}, r.center());
        QCOMPARE(table.state()->history().size(), std::size_t {1});
        QCOMPARE(table.state()->history().front(), card("HJ"));
        QCOMPARE(changes, 1);
        QVERIFY(table.cardRect(card("HJ")).isEmpty()); // gone from East's hand
    }

    void clickIllegalCardDoesNothing()
    {
        ui::TableWidget table;
        setUp(table);
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("HJ")).center());
        // South must follow hearts: a spade is illegal; North is not to play at all.
        QCOMPARE(table.state()->toMove(), core::Seat::South);
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("SQ")).center());
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("SA")).center());
        QCOMPARE(table.state()->history().size(), std::size_t {1});
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("HK")).center());
        QCOMPARE(table.state()->history().size(), std::size_t {2});
    }

    void keyboardPlay()
    {
        ui::TableWidget table;
        setUp(table);
        QTest::keyClicks(&table, QStringLiteral("h10"));
        QCOMPARE(table.state()->history().size(), std::size_t {1});
        QCOMPARE(table.state()->history().front(), card("HT"));
        QTest::keyClicks(&table, QStringLiteral("k")); // South follows: bare rank is enough
        QCOMPARE(table.state()->history().back(), card("HK"));
        QTest::keyClick(&table, Qt::Key_Backspace);
        QCOMPARE(table.state()->history().size(), std::size_t {1});
    }

    void annotationsOnlyForCurrentPosition()
    {
        ui::TableWidget table;
        setUp(table);
        const core::Position start = table.state()->position();
        QVERIFY(!table.annotation(card("HJ")));
        // East-West take 2 of 13: declarer's side 11.
        table.setCardScores(start, fakeResult(start, 2));
        QCOMPARE(table.annotation(card("HJ")).value_or(-1), 11);
        QVERIFY(table.hasAnnotations());

        QVERIFY(table.playCard(card("HJ")));
        QVERIFY(!table.hasAnnotations());
        QVERIFY(!table.annotation(card("HK")));
        // A late result for the old position is ignored.
        table.setCardScores(start, fakeResult(start, 2));
        QVERIFY(!table.hasAnnotations());
        // The result for the new position is shown (South, declarer's side, to move: 11).
        const core::Position now = table.state()->position();
        table.setCardScores(now, fakeResult(now, 11));
        QCOMPARE(table.annotation(card("HK")).value_or(-1), 11);
        // Undo drops it again.
        QVERIFY(table.undo());
        QVERIFY(!table.hasAnnotations());
        QVERIFY(table.redo());
        QCOMPARE(table.state()->history().back(), card("HJ"));
    }

    void bestCardAndCosts()
    {
        ui::TableWidget table;
        setUp(table);
        const core::Position start = table.state()->position();
        // East to move: hearts keep the defence at 2, anything else gives a trick away.
        core::SolveResult result;
        result.tricks = 2;
        for (const core::Card c : start.legalCards().cards())
            result.cards.push_back({c, core::Hand {}, c.suit == core::Suit::Hearts ? 2 : 1});
        table.setCardScores(start, result);
        QCOMPARE(table.annotation(card("HJ")).value_or(-1), 11);
        QCOMPARE(table.annotation(card("S4")).value_or(-1), 12);
        QVERIFY(table.playBestCard());
        QCOMPARE(table.state()->history().back(), card("H8")); // lowest optimal heart
        QVERIFY(!table.playBestCard()); // no scores for the new position yet
    }
};

QTEST_MAIN(TestTableWidget)
#include "tst_table_widget.moc"
