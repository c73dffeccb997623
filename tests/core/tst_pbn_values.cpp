// Typed values of PBN tags and sections as the reader sees them: Deal in all its forms,
// Vulnerable, Declarer, Contract, Result, Hidden, the Auction and Play sections with their
// annotations, and the analysis tags (OptimumScore, ParContract, OptimumResultTable).

#include "core/formats/pbn_reader.h"

#include <QTest>

using namespace tenace::core;

namespace {

QString issuesText(const PbnReadResult &r)
{
    QString out;
    for (const auto &i : r.issues)
        out += QString::fromStdString(i.error.message) + "\n";
    return out;
}

const PbnGame &onlyGame(const PbnReadResult &r)
{
    static const PbnGame none;
    return r.document.games.empty() ? none : r.document.games.front();
}

} // namespace

class TestPbnValues : public QObject
{
    Q_OBJECT
private slots:
    void dealVariants_data();
    void dealVariants();
    void vulnerability_data();
    void vulnerability();
    void contractTags();
    void auction();
    void play();
    void analysisTags();
};

void TestPbnValues::dealVariants_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("fromNorth");
    const QString deal = "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7";
    QTest::newRow("north") << deal << deal;
    QTest::newRow("east first")
        << "E:43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7 AKT62.A95.62.AK4" << deal;
    QTest::newRow("pasted")
        << "w:j95.7642.ak105.q7 akt62.a95.62.ak4 43.j108.983.109853 q87.kq3.qj74.j62" << deal;
    QTest::newRow("spade void")
        << "N:.AKQJT98765432.. A765..A7542.JT52 KQ83..KJ963.K764 JT942..QT8.AQ983"
        << "N:.AKQJT98765432.. A765..A7542.JT52 KQ83..KJ963.K764 JT942..QT8.AQ983";
    QTest::newRow("unknown hands") << "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"
                                   << "N:- A8654.KQ5.T.QJT6 - KQT2.AT.J6542.85";
    QTest::newRow("end position") << "S:.K86.Q.KJ3 Q.9.K75.84 6.JT74.96. 92.5.T82.2"
                                  << "N:6.JT74.96. 92.5.T82.2 .K86.Q.KJ3 Q.9.K75.84";
}

void TestPbnValues::dealVariants()
{
    QFETCH(QString, value);
    QFETCH(QString, fromNorth);
    const auto r = readPbn("[Deal \"" + value.toStdString() + "\"]\n");
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(QString::fromStdString(onlyGame(r).deal()->toPbn()), fromNorth);
}

void TestPbnValues::vulnerability_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("expected");
    const int none = int(Vulnerability::None), ns = int(Vulnerability::NorthSouth);
    const int ew = int(Vulnerability::EastWest), both = int(Vulnerability::Both);
    for (const char *v : {"None", "none", "Love", "LOVE", "-"})
        QTest::newRow(v) << v << none;
    for (const char *v : {"NS", "ns"})
        QTest::newRow(v) << v << ns;
    for (const char *v : {"EW", "Ew"})
        QTest::newRow(v) << v << ew;
    for (const char *v : {"All", "all", "Both", "BOTH"})
        QTest::newRow(v) << v << both;
}

void TestPbnValues::vulnerability()
{
    QFETCH(QString, value);
    QFETCH(int, expected);
    const auto r = readPbn("[Vulnerable \"" + value.toStdString() + "\"]\n");
    QVERIFY(r.ok());
    QCOMPARE(int(onlyGame(r).vulnerability().value()), expected);
}

void TestPbnValues::contractTags()
{
    auto game = [](const std::string &tags) { return readPbn(tags).document.games.at(0); };
    const PbnGame passed = game("[Declarer \"\"]\n[Contract \"pass\"]\n[Result \"\"]\n");
    QVERIFY(passed.contract()->passedOut);
    QVERIFY(!passed.declarer()->seat);
    const PbnGame swapped = game("[Declarer \"^s\"]\n[Contract \"4sx\"]\n[Result \"^10\"]\n");
    QCOMPARE(swapped.declarer(), (PbnDeclarer {Seat::South, true}));
    QCOMPARE(swapped.contract()->toPbn(), std::string("4SX"));
    QVERIFY(swapped.result()->disputed);
    QCOMPARE(game("[Contract \"6N\"]\n").contract()->toPbn(), std::string("6NT"));
    QCOMPARE(game("[Contract \"3ntxx\"]\n").contract()->doubling, Doubling::Redoubled);
    QCOMPARE(game("[Contract \"NT\"]\n").contract()->level, 0); // end position
    const PbnGame sides = game("[Declarer \"E\"]\n[Result \"NS 5 EW 8\"]\n");
    QCOMPARE(sides.result()->tricksFor(Seat::East), std::optional(8));
    QCOMPARE(game("[Result \"NS 4\"]\n").result()->tricksFor(Seat::West), std::optional(9));
    QCOMPARE(game("[Hidden \"WE\"]\n").hidden(), std::uint8_t(0b1010));
}

void TestPbnValues::auction()
{
    const std::string text =
        "[Dealer \"E\"]\n[Auction \"W\"]\n- 1c ! =1= $14 pass {why not?} ^I 1C\n"
        "X XX =2= ; strong\nAP\n[Note \"1:nebulous\"]\n[Note \"2:to play\"]\n"
        "[Auction \"S\"]\n\n[Dealer \"N\"]\n[Auction \"N\"]\n1S Pass 2S +\n";
    const auto r = readPbn(text, {"", false, {}});
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnAuction a = r.document.games[0].auction().value();
    QCOMPARE(a.first, Seat::West);
    QCOMPARE(a.calls.size(), std::size_t(7));
    QCOMPARE(a.calls[0].kind, PbnCallKind::Placeholder);
    QCOMPARE(a.calls[1].annotations.note, std::optional(1));
    QCOMPARE(a.calls[1].annotations.nags, (std::vector<int> {1, 14}));
    QCOMPARE(a.calls[2].annotations.comments, std::vector<std::string> {"{why not?}"});
    QVERIFY(a.calls[3].insufficient);
    QCOMPARE(a.calls[5].annotations.comments, std::vector<std::string> {"; strong"});
    QCOMPARE(a.calls[6].kind, PbnCallKind::AllPass);
    QCOMPARE(r.document.games[0].auctionNotes(),
             (std::vector<PbnNote> {{1, "nebulous"}, {2, "to play"}}));
    const auto outcome = evaluatePbnAuction(a).value();
    QVERIFY(outcome.finished);
    QCOMPARE(outcome.contract, (Contract {1, Strain::Clubs, Doubling::Redoubled, Seat::North}));
    const PbnAuction pending = r.document.games[1].auction().value();
    QCOMPARE(pending.end, PbnSectionEnd::Continued);
    QVERIFY(!evaluatePbnAuction(pending)->finished);
}

void TestPbnValues::play()
{
    // The standard's own example (section 1.2): columns start with West, tricks are led by the
    // previous winner.
    const std::string text =
        "[Dealer \"N\"]\n[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 "
        "KQT2.AT.J6542.85\"]\n"
        "[Declarer \"S\"]\n[Contract \"5HX\"]\n[Play \"W\"]\nSK =1= H3 S4 S3\nC5 C2 C6 CK\nS2 H6 "
        "S5 S7\n"
        "C8 CA CT C4\nD2 DA DT D3\nD4 DK H5 H7\n-  -  -  H2\n*\n[Note \"1:highest of series\"]\n";
    const auto r = readPbn(text);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnGame &g = r.document.games[0];
    const PbnPlay p = g.play().value();
    QCOMPARE(p.tricks.size(), std::size_t(7));
    QCOMPARE(p.end, PbnSectionEnd::Stopped);
    QCOMPARE(p.at(0, Seat::West).annotations.note, std::optional(1));
    QCOMPARE(g.playNotes(), (std::vector<PbnNote> {{1, "highest of series"}}));
    const Deal deal = g.deal().value();
    const auto seq = pbnPlaySequence(p, Strain::Hearts, &deal).value();
    QCOMPARE(seq.size(), std::size_t(25)); // South, who won trick 6, leads H2 to trick 7
    QCOMPARE(seq[24].card.toString(), std::string("H2"));
    QCOMPARE(seq[4].seat, Seat::North); // North ruffed the first trick and leads to the second
    QCOMPARE(seq[4].card.toString(), std::string("C2"));
    std::vector<Card> cards;
    for (const auto &played : seq)
        cards.push_back(played.card);
    PbnPlay built = pbnPlayFromSequence(Seat::West, cards, Strain::Hearts);
    QCOMPARE(built.at(1, Seat::North).card.toString(), std::string("C2"));
    QCOMPARE(built.at(6, Seat::South).card.toString(), std::string("H2"));
    built.end = PbnSectionEnd::Stopped;
    built.at(0, Seat::West).annotations.note = 1;
    QCOMPARE(built, p);
}

void TestPbnValues::analysisTags()
{
    const std::string text = "[OptimumScore \"EW 100\"]\n[ParContract \"EW 4SX-1\"]\n"
                             "[OptimumResultTable \"+Result\\2R;Declarer;Denomination\\2L\"]\n"
                             " 9 N NT\n ? S S\n - E h\n10 W d\n";
    const auto r = readPbn(text);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnGame &g = r.document.games[0];
    QCOMPARE(g.optimumScore(), std::optional(-100));
    const PbnParContract par = g.parContract().value();
    QCOMPARE(par.side, std::optional(Side::EastWest));
    QCOMPARE(par.contracts.front(), (PbnParItem {"", 4, Strain::Spades, Doubling::Doubled, -1}));
    QCOMPARE(par.toPbn(), std::string("EW 4Sx-1"));
    const DdTable t = g.optimumResultTable().value();
    QCOMPARE(t(Strain::NoTrump, Seat::North), 9);
    QCOMPARE(t(Strain::Spades, Seat::South), unknownTricks);
    QCOMPARE(t(Strain::Hearts, Seat::East), unknownTricks);
    QCOMPARE(t(Strain::Diamonds, Seat::West), 10);
    QCOMPARE(parsePbnParContract("NS:NS 23S,N 3NT+1")->contracts.size(), std::size_t(2));
    const auto playTable =
        readPbn("[OptimumPlayTable \"H;S;D;C\"]\nak - 5 - \n- T2 - -\n").document.games[0];
    QCOMPARE(
        playTable.optimumPlayTable().value(),
        (std::vector<std::array<std::uint16_t, 4>> {{0, 0x6000, 0x0020, 0}, {0x0404, 0, 0, 0}}));
    const auto badTable = readPbn("[OptimumPlayTable \"S;H;D;C\"]\nAK - 5\n");
    QCOMPARE(QString::fromStdString(badTable.issues.at(0).error.message),
             QString("line 2, column 6: the last row of OptimumPlayTable is incomplete (expected 4 "
                     "elements per row)"));
}

QTEST_APPLESS_MAIN(TestPbnValues)
#include "tst_pbn_values.moc"
