// The LIN reader: the BBO files in tests/data/fixtures (checked against the results the vugraph
// file lists in its own rs| record), each LIN key and its variants, handviewer URLs, errors with
// line and column, robustness, and conversion to PBN.

#include "core/formats/lin_reader.h"
#include "core/formats/pbn_writer.h"

#include <QTest>

#include <random>

using namespace tenace::core;

namespace {

std::string fixture(const std::string &name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/fixtures/" + name);
    return bytes ? *bytes : std::string();
}

QString issuesText(const PbnReadResult &r)
{
    QString out;
    for (const auto &i : r.issues)
        out += QString::fromStdString(i.error.message) + "\n";
    return out;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// The bridge-bots sample board: South deals, three hands given, a void written "DC".
const std::string sampleBoard =
    "pn|PrinceBen,Forrest_,smalark,granola357|st||md|1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,"
    "SK5HADAJT52CJ9762,|rh||ah|Board 15|sv|n|";

} // namespace

class TestLinReader : public QObject
{
    Q_OBJECT
private slots:
    void fixtures_data();
    void fixtures();
    void robotGame();
    void sampleBoardConversion();
    void vugraphMatchesItsResults();
    void dealer_data();
    void dealer();
    void vulnerability_data();
    void vulnerability();
    void calls();
    void handviewerUrl();
    void boardsOnOneLine();
    void errors_data();
    void errors();
    void detection();
    void damagedInputNeverCrashes();
};

void TestLinReader::fixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("boards");
    QTest::newRow("endplay-example1") << "endplay-example1.lin" << 8;
    QTest::newRow("bridgebots-sample") << "bridgebots-sample.lin" << 1;
    QTest::newRow("bridgebots-usbf") << "bridgebots-usbf_sf_14502.lin" << 30;
}

void TestLinReader::fixtures()
{
    QFETCH(QString, file);
    QFETCH(int, boards);
    const auto r = readLin(fixture("lin/" + file.toStdString()));
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.games.size()), boards);
    for (const PbnGame &g : r.document.games) {
        QVERIFY(g.isModified()); // new games: written in the export layout
        QVERIFY(checkComplete(g.deal().value()).ok());
        QVERIFY(g.contract().has_value());
    }
    // Saved as PBN, the boards read back without a problem and with the same content.
    const std::string pbn = writePbn(r.document);
    const auto back = readPbn(pbn);
    QVERIFY2(back.ok(), qPrintable(issuesText(back)));
    QCOMPARE(back.document.games.size(), r.document.games.size());
    for (std::size_t i = 0; i < back.document.games.size(); ++i) {
        const PbnGame &a = back.document.games[i];
        const PbnGame &b = r.document.games[i];
        QCOMPARE(a.deal(), b.deal());
        QCOMPARE(a.auction(), b.auction());
        QCOMPARE(a.play(), b.play());
        QCOMPARE(a.result(), b.result());
        QCOMPARE(a.auctionNotes(), b.auctionNotes());
    }
    QCOMPARE(writePbn(back.document), pbn);
}

// endplay: robot names, three hands with ascending ranks, alerts with explanations, claims.
void TestLinReader::robotGame()
{
    const auto r = readLin(fixture("lin/endplay-example1.lin"));
    const PbnGame &g = r.document.games[0];
    QCOMPARE(g.tagValue("Board").value(), std::string("1"));
    QCOMPARE(g.tagValue("South").value(), std::string("domtp"));
    QCOMPARE(g.tagValue("West").value(), std::string("~~M25054gn"));
    QCOMPARE(g.dealer(), std::optional(Seat::North));
    QCOMPARE(g.vulnerability(), std::optional(Vulnerability::None));
    QCOMPARE(q(g.deal()->toPbn()),
             QString("N:74.T8.K842.AQ743 JT832.J62.73.JT2 K.AKQ9754.96.K85 AQ965.3.AQJT5.96"));
    QCOMPARE(q(g.contract()->toPbn()), QString("5H"));
    QCOMPARE(g.declarer()->seat, std::optional(Seat::South));
    QCOMPARE(g.result()->declarerTricks, std::optional(12));
    const PbnAuction a = g.auction().value();
    QCOMPARE(a.calls[3].toPbn(), std::string("2H")); // "2H!" : an alert
    QCOMPARE(a.calls[3].annotations.note, std::optional(2));
    QCOMPARE(g.auctionNotes()[1].text, std::string("Michaels -- 5+ !S; 9+ total points; forcing "));
    QCOMPARE(g.play()->tricks.size(), std::size_t(13));
    QCOMPARE(g.play()->end, PbnSectionEnd::Open);
    // Board 3 and board 7 end in claims.
    QCOMPARE(r.document.games[2].result()->declarerTricks, std::optional(9));
    QCOMPARE(r.document.games[2].play()->end, PbnSectionEnd::Stopped);
    QCOMPARE(r.document.games[6].result()->declarerTricks, std::optional(11));
}

void TestLinReader::sampleBoardConversion()
{
    const auto r = readLin(fixture("lin/bridgebots-sample.lin"));
    QVERIFY(r.ok());
    const std::string pbn = formatPbnGame(r.document.games[0], "\n");
    const std::string expected =
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"15\"]\n[West \"Forrest_\"]\n[North "
        "\"smalark\"]\n"
        "[East \"granola357\"]\n[South \"PrinceBen\"]\n[Dealer \"S\"]\n[Vulnerable \"NS\"]\n"
        "[Deal \"S:Q982.Q82.KQ763.T J643.KJ7653..AQ4 K5.A.AJT52.J9762 "
        "AT7.T94.984.K853\"]\n[Scoring \"?\"]\n"
        "[Declarer \"N\"]\n[Contract \"3NT\"]\n[Result \"6\"]\n[Auction \"S\"]\nPass 1H 2NT =1= "
        "Pass\n3NT Pass Pass Pass\n"
        "[Note \"1:Unusual No Trump: 2 5card minors\"]\n[Play \"E\"]\nH4 H2 HJ HA\nD4 D3 S3 DA\nD8 "
        "D6 S4 DJ\n"
        "D9 D7 S6 DT\nC3 DK SJ D2\nS7 DQ C4 D5\nSA S2 H3 SK\nHT HQ HK C2\nH9 H8 H5 S5\nC5 CT CA "
        "C6\n"
        "ST S8 H7 C7\nC8 S9 H6 C9\nCK SQ CQ CJ\n";
    QCOMPARE(q(pbn), q(expected));
}

// The vugraph file lists every result in its rs| record ("4SWx-4": 4SX by West, down 4); the
// contracts, declarers and results worked out from the calls, cards and claims must agree.
void TestLinReader::vugraphMatchesItsResults()
{
    const std::string text = fixture("lin/bridgebots-usbf_sf_14502.lin");
    const auto r = readLin(text);
    QVERIFY(r.ok());
    const std::size_t rs = text.find("rs|") + 3;
    QStringList results = q(text.substr(rs, text.find('|', rs) - rs)).split(',');
    QCOMPARE(results.size(), 30);
    for (int i = 0; i < 30; ++i) {
        const PbnGame &g = r.document.games[std::size_t(i)];
        const QString expected = results[i];
        const auto contract = g.contract().value();
        QString strain = contract.strain == Strain::NoTrump
            ? "N"
            : QString(suitLetter(Suit(index(contract.strain))));
        QString got = QString::number(contract.level) + strain +
            QChar(seatLetter(g.declarer()->seat.value()));
        got += contract.doubling == Doubling::Doubled  ? "x"
            : contract.doubling == Doubling::Redoubled ? "xx"
                                                       : "";
        const int over = g.result()->declarerTricks.value() - 6 - contract.level;
        got += over == 0 ? "=" : (over > 0 ? "+" : "") + QString::number(over);
        QCOMPARE(got, expected);
        QCOMPARE(g.tagValue("Board").value(), std::to_string(46 + i / 2));
        QCOMPARE(g.tagValue("Room").value(), std::string(i % 2 ? "Closed" : "Open"));
        QCOMPARE(g.tagValue("South").value(), std::string(i % 2 ? "Stansby" : "Meckstroth"));
    }
    // Without the claims, the results come from rs| (the play stops before trick 13).
    std::string unclaimed = text;
    for (std::size_t at; (at = unclaimed.find("mc|")) != std::string::npos;)
        unclaimed.erase(at, unclaimed.find('|', at + 3) + 1 - at);
    const auto fromList = readLin(unclaimed);
    QVERIFY(fromList.ok());
    for (std::size_t i = 0; i < 30; ++i)
        QCOMPARE(fromList.document.games[i].result(), r.document.games[i].result());
    const PbnGame &first = r.document.games[0];
    QCOMPARE(first.tagValue("Event").value(), std::string("2010 USBF SF A"));
    QCOMPARE(first.tagValue("Stage").value(), std::string("Segment 4 of 8"));
    QCOMPARE(first.tagValue("Scoring").value(), std::string("IMP"));
    QCOMPARE(first.tagValue("HomeTeam").value(), std::string("Nickell"));
    QCOMPARE(first.tagValue("VisitTeam").value(), std::string("Fleisher"));
    // Commentary stays with the call or card it follows.
    const PbnAuction a = first.auction().value();
    QCOMPARE(a.calls[1].annotations.comments.front(), std::string("{caitlin: Hi all}"));
    QCOMPARE(a.calls[1].annotations.comments.size(), std::size_t(3));
    QCOMPARE(first.play()->at(0, Seat::East).annotations.comments.size(), std::size_t(3));
}

void TestLinReader::dealer_data()
{
    QTest::addColumn<QString>("digit");
    QTest::addColumn<int>("dealer");
    QTest::newRow("1 south") << "1" << int(Seat::South);
    QTest::newRow("2 west") << "2" << int(Seat::West);
    QTest::newRow("3 north") << "3" << int(Seat::North);
    QTest::newRow("4 east") << "4" << int(Seat::East);
}

void TestLinReader::dealer()
{
    QFETCH(QString, digit);
    QFETCH(int, dealer);
    std::string text = sampleBoard;
    text.replace(text.find("md|1") + 3, 1, digit.toStdString());
    const auto r = readLin(text);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.games[0].dealer().value()), dealer);
    // The hands are always South, West, North, East, whoever deals.
    QCOMPARE(q((*r.document.games[0].deal())[Seat::West].toPbn()), QString("J643.KJ7653..AQ4"));
    QCOMPARE(q((*r.document.games[0].deal())[Seat::East].toPbn()), QString("AT7.T94.984.K853"));
}

void TestLinReader::vulnerability_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("expected");
    QTest::newRow("o") << "o" << int(Vulnerability::None);
    QTest::newRow("0") << "0" << int(Vulnerability::None);
    QTest::newRow("-") << "-" << int(Vulnerability::None);
    QTest::newRow("n") << "n" << int(Vulnerability::NorthSouth);
    QTest::newRow("E") << "E" << int(Vulnerability::EastWest);
    QTest::newRow("b") << "b" << int(Vulnerability::Both);
}

void TestLinReader::vulnerability()
{
    QFETCH(QString, value);
    QFETCH(int, expected);
    const auto r = readLin("md|3SAKQJT98765432H,HAKQJT98765432,DAKQJT98765432,|sv|" +
                           value.toStdString() + "|");
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.games[0].vulnerability().value()), expected);
}

void TestLinReader::calls()
{
    const auto r = readLin(sampleBoard +
                           "mb|P|mb|1n!|an|15-17|mb|d|mb|r|mb|2c|an|Stayman+ish|mb|p|mb|p|mb|P|");
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnGame &g = r.document.games[0];
    const PbnAuction a = g.auction().value();
    QCOMPARE(a.first, Seat::South);
    std::string calls;
    for (const auto &c : a.calls)
        calls += c.toPbn() + " ";
    QCOMPARE(q(calls), QString("Pass 1NT X XX 2C Pass Pass Pass "));
    QCOMPARE(g.auctionNotes(), (std::vector<PbnNote> {{1, "15-17"}, {2, "Stayman+ish"}}));
    QCOMPARE(q(g.contract()->toPbn()), QString("2C"));
    QCOMPARE(g.declarer()->seat, std::optional(Seat::South)); // South bid clubs first
    QVERIFY(!g.play().has_value());
    QVERIFY(!g.result().has_value());
    const auto passed = readLin(sampleBoard + "mb|p|mb|p|mb|p|mb|p|");
    QVERIFY(passed.document.games[0].contract()->passedOut);
    QCOMPARE(passed.document.games[0].tagValue("Result").value(), std::string(""));
}

void TestLinReader::handviewerUrl()
{
    const std::string url =
        "https://www.bridgebase.com/tools/"
        "handviewer.html?bbo=y&lin=pn%7CAnn+Lee,Bob,Cy,Di%7Cmd%7C1SAKQJT98765432H,"
        "HAKQJT98765432,DAKQJT98765432,%7Cah%7CBoard+5%7Csv%7Cb%7Cmb%7C7S%7Cmb%7Cp%7Cmb%7Cp%7Cmb%"
        "7Cp%7C"
        "pc%7CHA%7Cpc%7Cd2%7C&v3=1\n";
    QVERIFY(looksLikeLin(url));
    const auto r = readLin(url);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnGame &g = r.document.games[0];
    QCOMPARE(g.tagValue("South").value(), std::string("Ann Lee"));
    QCOMPARE(g.tagValue("Board").value(), std::string("5"));
    QCOMPARE(q(g.contract()->toPbn()), QString("7S"));
    QCOMPARE(g.declarer()->seat, std::optional(Seat::South));
    QCOMPARE(g.play()->at(0, Seat::West).card.toString(), std::string("HA"));
    QCOMPARE(g.play()->at(0, Seat::North).card.toString(), std::string("D2"));
    QCOMPARE(g.play()->end, PbnSectionEnd::Stopped);
}

void TestLinReader::boardsOnOneLine()
{
    const std::string board =
        "md|3SAKQJT98765432H,HAKQJT98765432,DAKQJT98765432,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||";
    const auto r = readLin("qx|o1|" + board + "qx|c1|" + board + board + "\n" + board);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(r.document.games.size(), std::size_t(4));
    QCOMPARE(r.document.games[1].tagValue("Room").value(), std::string("Closed"));
    QVERIFY(!r.document.games[2].findTag("Room"));
    // No dealer digit: the dealer follows from the board number.
    const auto noDigit = readLin("ah|Board 6|md|SAKQJT98765432H,HAKQJT98765432,DAKQJT98765432,|");
    QCOMPARE(noDigit.document.games[0].dealer(), std::optional(Seat::East));
}

void TestLinReader::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("deal character")
        << "md|1SQ9Z2HQ82,,,|"
        << "line 1, column 8: invalid character 'Z' in South's hand in md|";
    QTest::newRow("rank before suit") << "md|3AK,,,|"
                                      << "line 1, column 5: invalid character 'A' in South's hand "
                                         "in md| (expected a suit letter S, H, D or C first)";
    QTest::newRow("duplicate card")
        << "md|3SA,SA,,|"
        << "line 1, column 4: Duplicate card SA (South and West) in md|";
    QTest::newRow("five hands") << "md|3S2,S3,S4,S5,S6|"
                                << "line 1, column 16: more than 4 hands in md|";
    QTest::newRow("vulnerability")
        << "md|3SA,,,|sv|z|"
        << "line 1, column 14: unknown vulnerability 'z' in sv| (expected o, n, e or b)";
    QTest::newRow("call")
        << "md|3SA,,,|mb|p|\nmb|9Z|"
        << "line 2, column 4: unknown call '9Z' in mb| (expected p, d, r or a bid such as 1N)";
    QTest::newRow("insufficient") << "md|3SA,,,|mb|2S|mb|1H|"
                                  << "line 1, column 20: 1H by East is not higher than 2S";
    QTest::newRow("card") << "md|3SA,,,|mb|1S|mb|p|mb|p|mb|p|pc|S1|"
                          << "line 1, column 35: unknown card 'S1' in pc| (expected e.g. SK or h7)";
    QTest::newRow("claim")
        << "md|3SA,,,|mc|14|"
        << "line 1, column 14: invalid claim '14' in mc| (expected 0 to 13 tricks)";
    QTest::newRow("not a key")
        << "hello world|md|3SA,,,|"
        << "line 1, column 1: unexpected 'hello world' (expected a LIN key such as md|)";
    QTest::newRow("explanation first") << "an|why|"
                                       << "line 1, column 1: an| without a call before it";
    QTest::newRow("cards without auction") << "md|3SA,,,|pc|SA|"
                                           << "line 1, column 14: cards played without an auction";
    std::string notHeld = sampleBoard + "mb|p|mb|1H|mb|2N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|H4|pc|SA|";
    QTest::newRow("card not held") << q(notHeld)
                                   << "line 1, column " + QString::number(notHeld.size() - 2) +
            ": trick 1: SA is not held by South";
}

void TestLinReader::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto r = readLin(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(q(r.issues.front().error.message), message);
    QVERIFY(r.issues.front().line > 0 && r.issues.front().column > 0);
    const auto named = readLin(text.toStdString(), {"board.lin", true, {}});
    QCOMPARE(q(named.issues.front().error.message), "board.lin: " + message);
}

void TestLinReader::detection()
{
    for (const char *f : {"lin/endplay-example1.lin", "lin/bridgebots-sample.lin",
                          "lin/bridgebots-usbf_sf_14502.lin"})
        QVERIFY(looksLikeLin(fixture(f)));
    for (const char *f :
         {"pbn/endplay-example1.pbn", "pbn/endplay-example2.pbn", "pbn/bridgebots-sample.pbn"})
        QVERIFY(!looksLikeLin(fixture(f)));
}

void TestLinReader::damagedInputNeverCrashes()
{
    std::mt19937 random(7);
    const std::vector<std::string> files = {fixture("lin/endplay-example1.lin"),
                                            fixture("lin/bridgebots-sample.lin")};
    static constexpr char specials[] = "|,!%+\n mdpcsvmbanqxSHDC0123456789";
    int withIssues = 0;
    for (int round = 0; round < 500; ++round) {
        std::string bytes = files[std::size_t(round) % files.size()];
        for (int e = 1 + int(random() % 10); e > 0; --e) {
            const std::size_t pos = random() % bytes.size();
            switch (random() % 3) {
            case 0:
                bytes[pos] = specials[random() % (sizeof specials - 1)];
                break;
            case 1:
                bytes.erase(pos, random() % 30);
                break;
            default:
                bytes.insert(pos, bytes.substr(random() % bytes.size(), random() % 50));
                break;
            }
            if (bytes.empty())
                bytes.push_back('|');
        }
        const auto r = readLin(bytes);
        withIssues += r.ok() ? 0 : 1;
        const auto back = readPbn(writePbn(r.document));
        QCOMPARE(back.document.games.size(), r.document.games.size());
    }
    QVERIFY(withIssues > 100);
}

QTEST_APPLESS_MAIN(TestLinReader)
#include "tst_lin_reader.moc"
