// The bridge model: cards, hands, positions and the play state (legal cards, play, undo).

#include "core/model/play_state.h"

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
} // namespace

class TestModel : public QObject
{
    Q_OBJECT
private slots:
    void cards();
    void seats();
    void handSet();
    void legalCardsFollowSuit();
    void playAndUndo();
    void illegalPlays();
    void trickWinners();
    void positionValidation_data();
    void positionValidation();
};

void TestModel::cards()
{
    QCOMPARE(parseCard("SA")->toString(), std::string("SA"));
    QCOMPARE(parseCard("h10")->toString(), std::string("HT"));
    QVERIFY(!parseCard("X2"));
    QVERIFY(!parseCard("S1"));
    QVERIFY(!parseCard("S"));
    QCOMPARE(Card::fromBit(Card {Suit::Clubs, Rank::Queen}.bit()),
             (Card {Suit::Clubs, Rank::Queen}));
    QCOMPARE(Card({Suit::Spades, Rank::Two}).bit(), 2);
    QCOMPARE(Card({Suit::Hearts, Rank::Ace}).bit(), 30);
}

void TestModel::seats()
{
    QCOMPARE(next(Seat::West), Seat::North);
    QCOMPARE(partner(Seat::East), Seat::West);
    QCOMPARE(leftHandOpponent(Seat::South), Seat::West);
    QCOMPARE(rightHandOpponent(Seat::North), Seat::West);
    QCOMPARE(sideOf(Seat::South), Side::NorthSouth);
    QCOMPARE(sideOf(Seat::West), Side::EastWest);
}

void TestModel::handSet()
{
    Hand h;
    QVERIFY(h.empty());
    h.add({Suit::Spades, Rank::Ace});
    h.add({Suit::Clubs, Rank::Two});
    h.add({Suit::Clubs, Rank::Ten});
    QCOMPARE(h.count(), 3);
    QCOMPARE(h.length(Suit::Clubs), 2);
    QCOMPARE(h.suitMask(Suit::Clubs), std::uint16_t((1 << 10) | (1 << 2)));
    QCOMPARE(h.toPbn(), std::string("A...T2"));
    h.remove({Suit::Spades, Rank::Ace});
    QCOMPARE(h.toPbn(), std::string("...T2"));
    QCOMPARE(Hand::fullDeck().count(), 52);
}

void TestModel::legalCardsFollowSuit()
{
    auto state = PlayState::create(
        dealOf("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7"),
        Strain::Spades, Seat::East);
    QVERIFY(state.ok());
    QCOMPARE(state->legalCards().count(), 13);
    QVERIFY(state->play({Suit::Hearts, Rank::Eight}).ok());
    QCOMPARE(state->toMove(), Seat::South);
    QCOMPARE(state->legalCards().toPbn(), std::string(".KQ3.."));
}

void TestModel::playAndUndo()
{
    const Deal deal =
        dealOf("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7");
    auto state = PlayState::create(deal, Strain::Spades, Seat::East);
    QVERIFY(state.ok());
    // H8 H3 H4 H9: North's nine wins.
    for (const char *c : {"H8", "H3", "H4", "H9"})
        QVERIFY(state->play(*parseCard(c)).ok());
    QCOMPARE(state->leader(), Seat::North);
    QCOMPARE(state->tricksWon(Side::NorthSouth), 1);
    QCOMPARE(state->tricksWon(Side::EastWest), 0);
    QVERIFY(state->currentTrick().empty());
    // North leads D6, East D9, South D7, West ruffs? No: West holds DA and must follow.
    for (const char *c : {"D6", "D9", "D7", "DA"})
        QVERIFY(state->play(*parseCard(c)).ok());
    QCOMPARE(state->leader(), Seat::West);
    QCOMPARE(state->tricksWon(Side::EastWest), 1);
    QCOMPARE(state->history().size(), std::size_t(8));
    for (int i = 0; i < 8; ++i)
        QVERIFY(state->undo());
    QVERIFY(!state->undo());
    QCOMPARE(state->leader(), Seat::East);
    QCOMPARE(state->tricksWon(Side::NorthSouth), 0);
    QCOMPARE(state->tricksWon(Side::EastWest), 0);
    QVERIFY(state->position().remaining == deal);
}

void TestModel::illegalPlays()
{
    auto state = PlayState::create(
        dealOf("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7"),
        Strain::NoTrump, Seat::East);
    QVERIFY(state.ok());
    auto notHeld = state->play(*parseCard("SA"));
    QCOMPARE(notHeld.error().message, std::string("SA is not held by East"));
    QVERIFY(state->play(*parseCard("H8")).ok());
    auto revoke = state->play(*parseCard("SQ"));
    QCOMPARE(revoke.error().message, std::string("South must follow H with SQ in hand"));
    QCOMPARE(revoke.error().code, ErrorCode::IllegalPlay);
    QCOMPARE(state->history().size(), std::size_t(1));
}

void TestModel::trickWinners()
{
    auto c = [](const char *s) { return *parseCard(s); };
    std::array<Card, 4> noTrumps {c("H2"), c("HA"), c("S3"), c("HK")};
    QCOMPARE(trickWinner(Seat::North, noTrumps, Strain::NoTrump), Seat::East);
    QCOMPARE(trickWinner(Seat::North, noTrumps, Strain::Spades), Seat::South);
    std::array<Card, 4> overruff {c("D2"), c("C3"), c("C4"), c("DA")};
    QCOMPARE(trickWinner(Seat::West, overruff, Strain::Clubs), Seat::East); // overruff
    QCOMPARE(trickWinner(Seat::West, overruff, Strain::Hearts), Seat::South);
}

void TestModel::positionValidation_data()
{
    QTest::addColumn<QString>("remaining");
    QTest::addColumn<QString>("trick");
    QTest::addColumn<int>("leader");
    QTest::addColumn<int>("status");
    QTest::newRow("ok start") << "N:A... K... Q... J..."
                              << "" << 0 << 1;
    QTest::newRow("ok mid-trick") << "N:6.JT74.96. 92.5.T82. .K86.Q.KJ3 Q.9.K75.84"
                                  << "SA" << 1 << 1;
    QTest::newRow("played still held") << "N:A... K... Q... J..."
                                       << "SA" << 0 << -13;
    QTest::newRow("wrong count") << "N:AK... Q... J... T..."
                                 << "" << 0 << -14;
    QTest::newRow("wrong count mid") << "N:A... K... Q... J..."
                                     << "S2" << 0 << -14;
    QTest::newRow("trick dup") << "N:.A.. .K.. ..Q. ...J"
                               << "S2 S2" << 1 << -4;
}

void TestModel::positionValidation()
{
    QFETCH(QString, remaining);
    QFETCH(QString, trick);
    QFETCH(int, leader);
    QFETCH(int, status);
    Position p {dealOf(remaining.toLatin1().constData()), Strain::NoTrump, seatAt(leader), {}};
    for (const QString &card : trick.split(' ', Qt::SkipEmptyParts))
        p.trick.push_back(*parseCard(card.toStdString()));
    auto result = validate(p);
    QCOMPARE(result.ok() ? 1 : ddsStatus(result.error().code), status);
}

QTEST_APPLESS_MAIN(TestModel)
#include "tst_model.moc"
