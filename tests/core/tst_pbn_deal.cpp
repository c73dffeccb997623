// PBN deal strings: parsing valid strings (any first seat, voids, unknown hands, pasted variants)
// and the exact error for each kind of invalid input.

#include "core/model/deal.h"

#include <QTest>

using namespace tenace::core;

class TestPbnDeal : public QObject
{
    Q_OBJECT
private slots:
    void roundTrip_data();
    void roundTrip();
    void anyFirstSeat();
    void unknownHand();
    void pastedVariants();
    void invalid_data();
    void invalid();
    void completeness_data();
    void completeness();
};

void TestPbnDeal::roundTrip_data()
{
    QTest::addColumn<QString>("pbn");
    QTest::newRow("random")
        << "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7";
    QTest::newRow("spade void")
        << "N:.AKQJT98765432.. A765..A7542.JT52 KQ83..KJ963.K764 JT942..QT8.AQ983";
    QTest::newRow("club void last")
        << "N:AKQJT98765432... .AQ6432.8632.974 .K87.KJ974.KQ653 .JT95.AQT5.AJT82";
    QTest::newRow("end position") << "N:6.JT74.96. 92.5.T82. .K86.Q.KJ3 Q.9.K75.84";
    QTest::newRow("empty hands") << "N:A... ... ... ...";
}

void TestPbnDeal::roundTrip()
{
    QFETCH(QString, pbn);
    auto deal = parsePbnDeal(pbn.toStdString());
    QVERIFY2(deal.ok(), deal ? "" : deal.error().message.c_str());
    QCOMPARE(QString::fromStdString(deal->toPbn()), pbn);
}

void TestPbnDeal::anyFirstSeat()
{
    auto north =
        parsePbnDeal("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7");
    auto east =
        parsePbnDeal("E:43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7 AKT62.A95.62.AK4");
    auto west =
        parsePbnDeal("W:J95.7642.AKT5.Q7 AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62");
    QVERIFY(north && east && west);
    QVERIFY(*north == *east);
    QVERIFY(*north == *west);
    QCOMPARE((*north)[Seat::West].toPbn(), std::string("J95.7642.AKT5.Q7"));
    QCOMPARE(north->toPbn(Seat::East),
             std::string("E:43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7 AKT62.A95.62.AK4"));
    QVERIFY(checkComplete(*north).ok());
}

void TestPbnDeal::unknownHand()
{
    auto deal = parsePbnDeal("S:AKT62.A95.62.AK4 - Q87.KQ3.QJ74.J62 -");
    QVERIFY(deal.ok());
    QVERIFY(deal->isUnknown(Seat::West));
    QVERIFY(deal->isUnknown(Seat::East));
    QVERIFY(!deal->isUnknown(Seat::North));
    QCOMPARE(deal->toPbn(Seat::South), std::string("S:AKT62.A95.62.AK4 - Q87.KQ3.QJ74.J62 -"));
    QCOMPARE(checkComplete(*deal).error().message, std::string("East's hand is unknown"));
}

void TestPbnDeal::pastedVariants()
{
    auto deal = parsePbnDeal(
        "  n:akt62.a95.62.ak4 43.j108.983.109853 q87.kq3.qj74.j62 j95.7642.ak105.q7 \n");
    QVERIFY2(deal.ok(), deal ? "" : deal.error().message.c_str());
    QCOMPARE(deal->toPbn(),
             std::string("N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7"));
}

void TestPbnDeal::invalid_data()
{
    QTest::addColumn<QString>("pbn");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const int syntax = int(ErrorCode::Syntax);
    const int dup = int(ErrorCode::DuplicateCard);
    const int count = int(ErrorCode::WrongCardCount);
    QTest::newRow("empty") << "" << int(ErrorCode::NoCards)
                           << "empty deal (expected e.g. \"N:AKQ.JT9.876.5432 ...\")";
    QTest::newRow("blank") << "   " << int(ErrorCode::NoCards)
                           << "empty deal (expected e.g. \"N:AKQ.JT9.876.5432 ...\")";
    QTest::newRow("bad first seat") << "X:AKQ... ... ... ..." << syntax
                                    << "column 1: expected the first seat N, E, S or W, found 'X'";
    QTest::newRow("no colon") << "N AKQ... ... ... ..." << syntax
                              << "column 2: expected ':' after the first seat";
    QTest::newRow("seat only") << "N" << syntax << "column 2: expected ':' after the first seat";
    QTest::newRow("three hands") << "N:AKQ... ... ..." << syntax
                                 << "column 17: found 3 hands (expected 4 separated by spaces)";
    QTest::newRow("one hand") << "N:AKQ..." << syntax
                              << "column 9: found 1 hands (expected 4 separated by spaces)";
    QTest::newRow("five hands") << "N:A... K... Q... J... T..." << syntax
                                << "column 23: unexpected text after the fourth hand";
    QTest::newRow("three suits")
        << "N:AKQ.. ... ... ..." << syntax
        << "column 8: North's hand has 3 suits (expected 4 separated by '.')";
    QTest::newRow("five suits")
        << "N:AKQ.... ... ... ..." << syntax
        << "column 9: too many suits in North's hand (expected 4 separated by '.')";
    QTest::newRow("spot placeholder")
        << "N:AKxx... ... ... ..." << syntax
        << "column 5: invalid character 'x' in North's hand (spot placeholders are not allowed)";
    QTest::newRow("bad letter") << "N:AKQ... .Z.. ... ..." << syntax
                                << "column 11: invalid character 'Z' in East's hand";
    QTest::newRow("digit one") << "N:AK1... ... ... ..." << syntax
                               << "column 5: invalid character '1' in North's hand";
    QTest::newRow("comma separator")
        << "N:AKQ,..., ... ... ..." << syntax << "column 6: invalid character ',' in North's hand";
    QTest::newRow("control char") << QString("N:AK\x01... ... ... ...") << syntax
                                  << "column 5: invalid character 0x01 in North's hand";
    QTest::newRow("dup in hand") << "N:AKA... ... ... ..." << dup
                                 << "Duplicate card SA (twice in North)";
    QTest::newRow("dup ten forms")
        << "N:T10... ... ... ..." << dup << "Duplicate card ST (twice in North)";
    QTest::newRow("dup across") << "N:AK... ... .K.. K..." << dup
                                << "Duplicate card SK (North and West)";
    QTest::newRow("dup east south")
        << "N:... .AKQ.. .Q.. ..." << dup << "Duplicate card HQ (East and South)";
    QTest::newRow("fourteen cards")
        << "N:AKQJT98765432.A.. ... ... ..." << count << "North holds 14 cards (at most 13)";
    QTest::newRow("no cards") << "N:... ... ... ..." << int(ErrorCode::NoCards)
                              << "the deal holds no cards";
    QTest::newRow("all unknown") << "N:- - - -" << int(ErrorCode::NoCards)
                                 << "the deal holds no cards";
    QTest::newRow("dash glued") << "N:-A... ... ... ..." << syntax
                                << "column 3: invalid character '-' in North's hand";
    QTest::newRow("west first dup")
        << "W:A... A... ... ..." << dup << "Duplicate card SA (West and North)";
}

void TestPbnDeal::invalid()
{
    QFETCH(QString, pbn);
    QFETCH(int, code);
    QFETCH(QString, message);
    auto deal = parsePbnDeal(pbn.toStdString());
    QVERIFY(!deal.ok());
    QCOMPARE(QString::fromStdString(deal.error().message), message);
    QCOMPARE(int(deal.error().code), code);
}

void TestPbnDeal::completeness_data()
{
    QTest::addColumn<QString>("pbn");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("ddsStatus");
    QTest::newRow("west 12")
        << "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q"
        << "West holds 12 cards (expected 13)" << -14;
    QTest::newRow("north 12")
        << "N:KT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7"
        << "North holds 12 cards (expected 13)" << -14;
}

void TestPbnDeal::completeness()
{
    QFETCH(QString, pbn);
    QFETCH(QString, message);
    QFETCH(int, ddsStatus);
    auto deal = parsePbnDeal(pbn.toStdString());
    QVERIFY(deal.ok());
    auto status = checkComplete(*deal);
    QVERIFY(!status.ok());
    QCOMPARE(QString::fromStdString(status.error().message), message);
    QCOMPARE(tenace::core::ddsStatus(status.error().code), ddsStatus);
}

QTEST_APPLESS_MAIN(TestPbnDeal)
#include "tst_pbn_deal.moc"
