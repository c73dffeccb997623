// The deal editor's checks and commands: hand text parsing, precise validation messages, the
// fourth hand, pasting PBN, and the palette.

#include "ui/card_palette.h"
#include "ui/deal_check.h"
#include "ui/deal_editor.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace tenace;

Q_DECLARE_METATYPE(tenace::core::Deal)

namespace {

core::Deal deal(const char *pbn)
{
    const auto parsed = core::parsePbnDeal(pbn);
    if (!parsed.ok())
        qFatal("bad test deal %s: %s", pbn, parsed.error().message.c_str());
    return parsed.value();
}

// The sample deal with `card` also given to `seat` (the PBN parser refuses duplicates).
core::Deal withDuplicate(const char *pbn, core::Seat seat, const char *card)
{
    core::Deal d = deal(pbn);
    d[seat].add(core::parseCard(card).value());
    return d;
}

constexpr const char *sample =
    "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7";

} // namespace

class TestDealEditor : public QObject
{
    Q_OBJECT
private slots:
    void parseHand_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pbn"); // expected hand, or empty for an error
        QTest::addColumn<QString>("error"); // part of the message
        QTest::newRow("full") << "AKQ.JT9.876.5432"
                              << "AKQ.JT9.876.5432"
                              << "";
        QTest::newRow("ten as 10, lower case") << "a10.k.-.q2"
                                               << "AT.K..Q2"
                                               << "";
        QTest::newRow("empty") << ""
                               << "..."
                               << "";
        QTest::newRow("three suits") << "AKQ.JT9.876"
                                     << ""
                                     << "3 suits given";
        QTest::newRow("bad rank") << "AKQ.JX9.876.5432"
                                  << ""
                                  << "'X' is not a rank (in \u2665)";
        QTest::newRow("twice") << "AKA.2.3.4"
                               << ""
                               << "\u2660A is typed twice";
    }

    void parseHand()
    {
        QFETCH(QString, text);
        QFETCH(QString, pbn);
        QFETCH(QString, error);
        const auto hand = ui::parseHandText(text);
        if (error.isEmpty()) {
            QVERIFY(hand.ok());
            QCOMPARE(QString::fromStdString(hand->toPbn()), pbn);
        } else {
            QVERIFY(!hand.ok());
            QVERIFY2(QString::fromStdString(hand.error().message).contains(error),
                     hand.error().message.c_str());
        }
    }

    void check_data()
    {
        QTest::addColumn<core::Deal>("input");
        QTest::addColumn<bool>("playable");
        QTest::addColumn<QString>("message");
        QTest::newRow("complete") << deal(sample) << true << "Complete deal";
        QTest::newRow("end position")
            << deal("N:AK... Q2... ..A2. ...AK") << true << "End position: 2 cards each";
        QTest::newRow("missing card")
            << deal("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q") << false
            << "Missing: \u26637";
        QTest::newRow("fourteen")
            << withDuplicate("N:AKT62.A95.62.AK4 43.JT8.983.T985 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7",
                             core::Seat::West, "C3")
            << false << "West holds 14 cards (expected 13)";
        QTest::newRow("duplicate")
            << withDuplicate("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q",
                             core::Seat::West, "C2")
            << false << "Duplicate card \u26632 (South and West)";
        QTest::newRow("empty") << core::Deal {} << false << "No cards yet";
    }

    void check()
    {
        QFETCH(core::Deal, input);
        QFETCH(bool, playable);
        QFETCH(QString, message);
        const ui::DealCheck result = ui::checkDeal(input);
        QCOMPARE(result.playable(), playable);
        const QString all = result.errors.join(QLatin1Char('\n')) + QLatin1Char('\n') + result.info;
        QVERIFY2(all.contains(message), qPrintable(all));
    }

    void fillFourth()
    {
        core::Deal three = deal(sample);
        three[core::Seat::West] = core::Hand {};
        const auto filled = ui::fillFourthHand(three);
        QVERIFY(filled);
        QCOMPARE(*filled, deal(sample));
        QVERIFY(!ui::fillFourthHand(deal(sample))); // nothing to fill
        three[core::Seat::East] = core::Hand {};
        QVERIFY(!ui::fillFourthHand(three)); // two hands short: ambiguous
    }

    void editorPasteAndPalette()
    {
        ui::DealEditor editor;
        editor.resize(800, 600);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QVERIFY(editor.pasteText(QString::fromLatin1(sample)));
        QVERIFY(editor.isPlayable());
        QCOMPARE(editor.handEdit(core::Seat::South)->text(), QStringLiteral("Q87.KQ3.QJ74.J62"));
        QVERIFY(!editor.pasteText(QStringLiteral("N:AKQ.JT9")));
        QVERIFY(editor.validationText().contains(QStringLiteral("PBN deal")));
        // A whole board with tags.
        QVERIFY(editor.pasteText(
            QStringLiteral("[Board \"4\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n[Deal \"%1\"]\n")
                .arg(QString::fromLatin1(sample))));
        QCOMPARE(editor.board().dealer, core::Seat::West);
        QCOMPARE(editor.board().vulnerability, core::Vulnerability::Both);
        // Clicking North's ♠A gives it to East (the target), removing it from North.
        editor.setTargetSeat(core::Seat::East);
        const core::Card ace {core::Suit::Spades, core::Rank::Ace};
        QTest::mouseClick(editor.palette(), Qt::LeftButton, {},
                          editor.palette()->cellRect(ace).center());
        QVERIFY(editor.board().deal[core::Seat::East].contains(ace));
        QVERIFY(!editor.board().deal[core::Seat::North].contains(ace));
        QVERIFY(editor.validationText().contains(QStringLiteral("Every hand needs 14 cards")) ||
                editor.validationText().contains(QStringLiteral("East holds 14 cards")));
        QVERIFY(!editor.isPlayable());
        QSignalSpy applied(&editor, &ui::DealEditor::applied);
        editor.clearDeal();
        QVERIFY(!editor.isPlayable());
        editor.grab().save(QStringLiteral("deal_editor.png"));
    }
};

QTEST_MAIN(TestDealEditor)
#include "tst_deal_editor.moc"
