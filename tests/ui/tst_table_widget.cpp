// TableWidget: clicking plays legal cards only; keyboard play; annotations belong to the current
// position; the best card; undo/redo through the session's QUndoStack; the text on the table
// (one minus sign in costs, value labels and player names that never run together, the DD line
// at the size of the seat labels); the finished trick stays until the next card.

#include "core/model/deal.h"
#include "ui/board_session.h"
#include "ui/table_widget.h"

#include <QTest>

Q_DECLARE_METATYPE(tenace::ui::AnnotationStyle)
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

// East (defence) to lead: clubs cost 10 tricks, diamonds 1, hearts and spades nothing; the
// labels under East's cards are "−10", "−1" and "2".
ui::CardsReport costlyReport(const core::Position &position)
{
    ui::CardsReport report;
    report.position = position;
    report.result.tricks = 11; // the defence's best
    for (const core::Card c : position.legalCards().cards()) {
        const int score = c.suit == core::Suit::Clubs ? 1
            : c.suit == core::Suit::Diamonds          ? 10
                                                      : 11;
        report.result.cards.push_back({c, core::Hand {}, score});
    }
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
    // A card that costs the defence tricks reads "−2": one minus sign (U+2212), in the label
    // and the tooltip, in every style that shows a cost.
    void defenceCostSingleMinus_data()
    {
        QTest::addColumn<ui::AnnotationStyle>("style");
        QTest::newRow("mixed") << ui::AnnotationStyle::Mixed;
        QTest::newRow("tricks lost") << ui::AnnotationStyle::TricksLost;
    }

    void defenceCostSingleMinus()
    {
        QFETCH(ui::AnnotationStyle, style);
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        table.setAnnotationStyle(style);
        table.setCardScores(costlyReport(session.state()->position()));
        QCOMPARE(table.annotationText(card("C3")), QStringLiteral("\u221210"));
        QCOMPARE(table.annotationText(card("D3")), QStringLiteral("\u22121"));
        for (const char *c : {"C3", "D3"}) {
            const QString tip = table.toolTipAt(table.cardRect(card(c)).center());
            QVERIFY2(!tip.isEmpty(), c);
            QVERIFY2(!tip.contains(QLatin1Char('-')) && !tip.contains(QChar(0x2212)) &&
                         tip.contains(QStringLiteral("cost")),
                     qPrintable(tip));
        }
        QVERIFY(table.toolTipAt(table.cardRect(card("C3")).center())
                    .contains(QStringLiteral("costs 10 tricks")));
    }

    // The value labels of a hand never overlap, whatever the window and card size.
    void labelsDoNotOverlap_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("scale");
        QTest::newRow("smallest, small cards") << QSize(460, 380) << 80;
        QTest::newRow("smallest, large cards") << QSize(460, 380) << 130;
        QTest::newRow("default") << QSize(650, 700) << 100;
        QTest::newRow("wide") << QSize(1000, 900) << 100;
        QTest::newRow("narrow and tall, small cards") << QSize(470, 1000) << 80;
    }

    void labelsDoNotOverlap()
    {
        QFETCH(QSize, size);
        QFETCH(int, scale);
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        table.resize(size);
        table.setCardScale(scale);
        table.setAnnotationStyle(ui::AnnotationStyle::Mixed);
        table.setCardScores(costlyReport(session.state()->position()));
        const std::vector<QRectF> rects = table.annotationRects();
        QCOMPARE(rects.size(), std::size_t {13}); // East's thirteen cards
        for (std::size_t i = 0; i < rects.size(); ++i) {
            QVERIFY(rects[i].width() > 0);
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                QVERIFY2(!rects[i].intersects(rects[j]),
                         qPrintable(QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j)));
        }
        table.grab().save(QStringLiteral("table_labels_%1x%2_%3.png")
                              .arg(size.width())
                              .arg(size.height())
                              .arg(scale));
    }

    // A player's name never runs into the role tags; a long one is elided, in full as a tooltip.
    void playerNamesApartFromTags_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("smallest") << QSize(460, 380);
        QTest::newRow("default") << QSize(650, 700);
        QTest::newRow("wide") << QSize(1400, 900);
    }

    void playerNamesApartFromTags()
    {
        QFETCH(QSize, size);
        ui::BoardSession session;
        ui::TableWidget table(&session);
        ui::Board board;
        board.deal = sampleDeal();
        board.dealer = core::Seat::North;
        board.vulnerability = core::Vulnerability::Both;
        board.contract = {4, core::Strain::Spades, core::Doubling::Undoubled, core::Seat::North};
        const QString longName = QStringLiteral("Maximilian Alexander von Schwarzenberg-Habsburg");
        board.players = {QStringLiteral("zhou666"), longName, QStringLiteral("Li"), longName};
        QVERIFY(session.setBoard(board).ok());
        table.resize(size);
        table.show();
        QVERIFY(QTest::qWaitForWindowExposed(&table));
        for (const core::Seat seat : core::allSeats) {
            const QRectF name = table.playerNameRect(seat);
            const QRectF tags = table.roleTagsRect(seat);
            if (!tags.isEmpty() && !table.playerNameText(seat).isEmpty())
                QVERIFY2(name.right() < tags.left(),
                         qPrintable(QStringLiteral("%1: name ends at %2, tags start at %3")
                                        .arg(core::index(seat))
                                        .arg(name.right())
                                        .arg(tags.left())));
        }
        // North is declarer and dealer: "zhou666" is shown apart from its tags, or elided.
        const QString east = table.playerNameText(core::Seat::East);
        QVERIFY2(east != longName, qPrintable(east));
        QCOMPARE(table.toolTipAt(table.playerNameRect(core::Seat::East).center().toPoint()),
                 longName);
        table.grab().save(
            QStringLiteral("table_names_%1x%2.png").arg(size.width()).arg(size.height()));
    }

    // The finished trick stays on the table until the next card is played.
    void finishedTrickStays()
    {
        ui::BoardSession session;
        ui::TableWidget table(&session);
        setUp(session, table);
        for (const char *c : {"HJ", "HK", "H2", "H5"})
            QVERIFY(session.play(card(c)));
        const std::vector<core::Card> shown = table.centreTrick();
        QCOMPARE(shown.size(), std::size_t {4});
        QCOMPARE(shown.front(), card("HJ"));
        QVERIFY(session.play(card("S7")));
        QCOMPARE(table.centreTrick(), std::vector<core::Card> {card("S7")});
    }
};

QTEST_MAIN(TestTableWidget)
#include "tst_table_widget.moc"
