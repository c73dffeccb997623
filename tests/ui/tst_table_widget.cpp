// TableWidget: clicking plays legal cards only; keyboard play; annotations belong to the current
// position; the best card; undo/redo through the session's QUndoStack.

#include "core/deal.h"
#include "ui/board_session.h"
#include "ui/table_widget.h"

#include <QTest>
#include <QUndoStack>

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

// A hand-made report for `position`: every legal card scored `score` for the side to move.
ui::CardsReport fakeReport(const core::Position &position, int score)
{
    ui::CardsReport report;
    report.position = position;
    report.result.tricks = score;
    for (const core::Card c : position.legalCards().cards())
        report.result.cards.push_back({c, core::Hand {}, score});
    return report;
}

} // namespace

class TestTableWidget : public QObject
{
    Q_OBJECT
private:
    void setUp(ui::BoardSession &session, ui::TableWidget &table)
    {
        ui::Board board;
        board.deal = sampleDeal();
        board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled, core::Seat::North};
        QVERIFY(session.setBoard(board).ok());
        table.resize(900, 700);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
    }

private slots:
    void clickLegalCardPlaysIt()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        QCOMPARE(table.bottomSeat(), core::Seat::North); // declarer at the bottom
        QCOMPARE(session.state()->toMove(), core::Seat::East);
        int changes = 0;
        connect(&session, &ui::BoardSession::positionChanged, this, [&changes] { ++changes; });
        const QRect r = table.cardRect(card("HJ"));
        QVERIFY(!r.isEmpty());
        QTest::mouseClick(&table, Qt::LeftButton, {}, r.center());
        QCOMPARE(session.state()->history().size(), std::size_t {1});
        QCOMPARE(session.state()->history().front(), card("HJ"));
        QCOMPARE(changes, 1);
        QVERIFY(table.cardRect(card("HJ")).isEmpty()); // gone from East's hand
    }

    void clickIllegalCardDoesNothing()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("HJ")).center());
        // South must follow hearts: a spade is illegal; North is not to play at all.
        QCOMPARE(session.state()->toMove(), core::Seat::South);
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("SQ")).center());
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("SA")).center());
        QCOMPARE(session.state()->history().size(), std::size_t {1});
        QTest::mouseClick(&table, Qt::LeftButton, {}, table.cardRect(card("HK")).center());
        QCOMPARE(session.state()->history().size(), std::size_t {2});
    }

    void keyboardPlay()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        QTest::keyClicks(&table, QStringLiteral("h10"));
        QCOMPARE(session.state()->history().size(), std::size_t {1});
        QCOMPARE(session.state()->history().front(), card("HT"));
        QTest::keyClicks(&table, QStringLiteral("k")); // South follows: a bare rank is enough
        QCOMPARE(session.state()->history().back(), card("HK"));
        QTest::keyClick(&table, Qt::Key_Backspace);
        QCOMPARE(session.state()->history().size(), std::size_t {1});
        // Arrow keys move a focus over West's legal cards (hearts), Enter plays it.
        QCOMPARE(session.state()->toMove(), core::Seat::South);
        QTest::keyClick(&table, Qt::Key_Right);
        QCOMPARE(table.focusCard().value_or(core::Card {}), card("HK"));
        QTest::keyClick(&table, Qt::Key_Right);
        QCOMPARE(table.focusCard().value_or(core::Card {}), card("HQ"));
        QTest::keyClick(&table, Qt::Key_Return);
        QCOMPARE(session.state()->history().back(), card("HQ"));
    }

    void annotationsOnlyForCurrentPosition()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        const core::Position start = session.state()->position();
        QVERIFY(!table.annotation(card("HJ")));
        // East-West take 2 of 13: declarer's side 11.
        table.setCardScores(fakeReport(start, 2));
        QCOMPARE(table.annotation(card("HJ")).value_or(-1), 11);
        QVERIFY(table.hasAnnotations());

        QVERIFY(session.play(card("HJ")));
        QVERIFY(!table.hasAnnotations());
        QVERIFY(!table.annotation(card("HK")));
        // A late result for the old position is ignored.
        table.setCardScores(fakeReport(start, 2));
        QVERIFY(!table.hasAnnotations());
        // The result for the new position is shown (South, declarer's side, to move: 11).
        const core::Position now = session.state()->position();
        table.setCardScores(fakeReport(now, 11));
        QCOMPARE(table.annotation(card("HK")).value_or(-1), 11);
        // Undo drops it again; redo brings the card back.
        session.undoStack()->undo();
        QVERIFY(!table.hasAnnotations());
        session.undoStack()->redo();
        QCOMPARE(session.state()->history().back(), card("HJ"));
    }

    void bestCardAndCosts()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        const core::Position start = session.state()->position();
        // East to move: hearts keep the defence at 2, anything else gives a trick away.
        ui::CardsReport report;
        report.position = start;
        report.result.tricks = 2;
        for (const core::Card c : start.legalCards().cards())
            report.result.cards.push_back({c, core::Hand {}, c.suit == core::Suit::Hearts ? 2 : 1});
        table.setCardScores(report);
        QCOMPARE(table.annotation(card("HJ")).value_or(-1), 11);
        QCOMPARE(table.annotation(card("S4")).value_or(-1), 12);
        QCOMPARE(table.bestCard().value_or(core::Card {}), card("H8")); // lowest optimal heart
        QVERIFY(session.play(*table.bestCard()));
        QVERIFY(!table.bestCard()); // no scores for the new position yet
    }

    void undoRedoAlongTheLine()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        for (const char *c : {"HJ", "HK", "H2", "H5", "S7", "S5", "SA", "S3"})
            QVERIFY(session.play(card(c)));
        QCOMPARE(session.state()->tricksWon(core::Side::NorthSouth), 2);
        session.previousTrick();
        QCOMPARE(session.cardsPlayed(), 4);
        session.previousTrick();
        QCOMPARE(session.cardsPlayed(), 0);
        session.nextTrick();
        QCOMPARE(session.cardsPlayed(), 4);
        // Replaying the next card of the line keeps the rest of it.
        QVERIFY(session.play(card("S7")));
        QCOMPARE(session.undoStack()->count(), 8);
        session.toEnd();
        QCOMPARE(session.cardsPlayed(), 8);
        session.toStart();
        QCOMPARE(session.state()->history().size(), std::size_t {0});
        // Another card starts a new line.
        QVERIFY(session.play(card("C3")));
        QCOMPARE(session.undoStack()->count(), 1);
    }
};

QTEST_MAIN(TestTableWidget)
#include "tst_table_widget.moc"
