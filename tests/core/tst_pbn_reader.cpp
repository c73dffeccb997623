// The tolerant PBN reader: the real files in tests/data/fixtures, each import-format feature of
// PBN 2.1 (layout, comments, directives, inheritance, tag values), character sets, errors with
// line and column, and robustness against damaged input.

#include "core/formats/pbn_reader.h"
#include "core/formats/pbn_writer.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

#include <random>

using namespace tenace::core;

namespace {

std::string fixture(const char *name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/fixtures/pbn/" + name);
    return bytes ? *bytes : std::string();
}

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

class TestPbnReader : public QObject
{
    Q_OBJECT
private slots:
    void fixtures_data();
    void fixtures();
    void realBridgeExport();
    void inheritance();
    void bridgebotsQuirks();
    void layout_data();
    void layout();
    void gameSeparation();
    void sharedDeal();
    void encodings_data();
    void encodings();
    void errors_data();
    void errors();
    void badGameDoesNotHideOthers();
    void damagedInputNeverCrashes();
    void readingSpeed();
};

void TestPbnReader::fixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("games");
    QTest::addColumn<QString>("firstDeal");
    QTest::newRow("endplay-example1")
        << "endplay-example1.pbn" << 2
        << "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42";
    QTest::newRow("endplay-example2")
        << "endplay-example2.pbn" << 299
        << "N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96";
    QTest::newRow("endplay-sample")
        << "endplay-sample.pbn" << 2
        << "N:AT9.2.J432.A9863 76432.4.KQ.QJT72 Q.KJ976.AT8765.5 KJ85.AQT853.9.K4";
    QTest::newRow("bridgebots-sample")
        << "bridgebots-sample.pbn" << 3
        << "N:T82.62.T764.KQ42 KQJ7.QJ754.AJ.AT A954.AT98.Q8.875 63.K3.K9532.J963";
}

void TestPbnReader::fixtures()
{
    QFETCH(QString, file);
    QFETCH(int, games);
    QFETCH(QString, firstDeal);
    const std::string bytes = fixture(file.toUtf8().constData());
    QVERIFY(!bytes.empty());
    const auto r = readPbn(bytes);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.games.size()), games);
    QCOMPARE(r.document.encoding, TextEncoding::Utf8);
    QCOMPARE(r.document.newline, std::string("\n"));
    QCOMPARE(QString::fromStdString(onlyGame(r).deal()->toPbn()), firstDeal);
    for (const PbnGame &g : r.document.games) {
        QVERIFY(!g.isModified());
        QVERIFY(g.deal().has_value());
        QCOMPARE(g.deal()->cardCount(), 52);
    }
}

// RealBridge: 299 games, passed-out boards, DD tables in two forms, notes with suit symbols.
void TestPbnReader::realBridgeExport()
{
    const auto r = readPbn(fixture("endplay-example2.pbn"));
    QVERIFY(r.ok());
    int passedOut = 0;
    int noAuction = 0;
    int notes = 0;
    int partialPlays = 0;
    for (const PbnGame &g : r.document.games) {
        const auto contract = g.contract();
        QVERIFY(contract.has_value());
        if (contract->passedOut) {
            ++passedOut;
            QVERIFY(!g.declarer()->seat.has_value());
            QVERIFY(!g.result()->declarerTricks.has_value());
        }
        noAuction += g.findTag("Auction") ? 0 : 1;
        notes += int(g.auctionNotes().size());
        if (auto play = g.play())
            partialPlays += play->end == PbnSectionEnd::Stopped ? 1 : 0;
        // The two DD forms the exporter wrote agree.
        const auto ddt = g.doubleDummyTricks();
        const auto ort = g.optimumResultTable();
        QVERIFY(ddt && ort);
        QCOMPARE(*ddt, *ort);
        QVERIFY(g.optimumScore().has_value());
    }
    QCOMPARE(passedOut, 21);
    QCOMPARE(noAuction, 20);
    QCOMPARE(notes, 432);
    QVERIFY(partialPlays > 200);
    const PbnGame &second = r.document.games[1];
    QCOMPARE(second.tagValue("West").value(), std::string("Ilan Herbst#25333"));
    QCOMPARE(second.auctionNotes().front(), (PbnNote {1, " 11-13,17-19 or clubs"}));
    QCOMPARE(second.doubleDummyTricks()->at(Strain::NoTrump, Seat::North), 7);
    QCOMPARE(second.optimumScore().value(), 90);
    bool lowercaseDouble = false;
    for (const PbnGame &g : r.document.games)
        lowercaseDouble = lowercaseDouble || g.tagValue("Contract").value().ends_with("x");
    QVERIFY(lowercaseDouble);
}

void TestPbnReader::inheritance()
{
    const auto r = readPbn(fixture("endplay-sample.pbn"));
    QVERIFY(r.ok());
    const PbnGame &board11 = r.document.games[1];
    QCOMPARE(board11.findTag("Event")->value, std::string("#"));
    QCOMPARE(board11.tagValue("Event").value(), std::string("TestingPBN"));
    QCOMPARE(board11.tagValue("Site").value(), std::string("SampleTestSite"));
    QCOMPARE(board11.tagValue("Date").value(), std::string("2021.08.23"));
    QVERIFY(board11.isInherited("Date"));
    QVERIFY(!board11.isInherited("Board"));
    QCOMPARE(board11.vulnerability(), std::optional(Vulnerability::None));
    QVERIFY(board11.contract()->passedOut);
    // The 10-row table: N and W declarers only.
    const DdTable ort = r.document.games[0].optimumResultTable().value();
    QCOMPARE(ort(Strain::Diamonds, Seat::North), 11);
    QCOMPARE(ort(Strain::Spades, Seat::West), 8);
    QCOMPARE(ort(Strain::Spades, Seat::South), unknownTricks);
    QCOMPARE(ort(Strain::NoTrump, Seat::East), unknownTricks);
    QCOMPARE(r.document.games[0].doubleDummyTricks()->at(Strain::Diamonds, Seat::North), 11);
    QCOMPARE(r.document.games[0].auctionNotes().back().text, std::string(" \u2660"));

    const std::string text =
        "[Event \"##Club night\"]\n[Date \"##2024.01.01\"]\n[Board \"1\"]\n\n"
        "[Board \"2\"]\n\n[Date \"2024.01.02\"]\n[Board \"3\"]\n\n[Board \"4\"]\n[Site \"#\"]\n";
    const auto h = readPbn(text);
    QVERIFY2(h.ok(), qPrintable(issuesText(h)));
    QCOMPARE(h.document.games[0].tagValue("Event").value(), std::string("Club night"));
    QCOMPARE(h.document.games[1].tagValue("Event").value(), std::string("Club night"));
    QCOMPARE(h.document.games[1].tagValue("Date").value(), std::string("2024.01.01"));
    QCOMPARE(h.document.games[2].tagValue("Date").value(), std::string("2024.01.02"));
    QCOMPARE(h.document.games[3].tagValue("Date").value(), std::string("2024.01.02"));
    QCOMPARE(h.document.games[3].tagValue("Site").value(), std::string(""));
}

void TestPbnReader::bridgebotsQuirks()
{
    const auto r = readPbn(fixture("bridgebots-sample.pbn"));
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const auto &games = r.document.games;
    // Game 1: a directive before the first tag, "2C !" (suffix as its own token), AP.
    QVERIFY(std::holds_alternative<PbnDirective>(games[0].items().front()));
    const PbnAuction a = games[0].auction().value();
    QCOMPARE(a.calls[4].toPbn(), std::string("2C"));
    QCOMPARE(a.calls[4].annotations.nags, std::vector<int> {1});
    QCOMPARE(a.calls[2].annotations.note, std::optional(1));
    QCOMPARE(a.calls.back().kind, PbnCallKind::AllPass);
    QCOMPARE(games[0].auctionNotes().size(), std::size_t(3));
    const PbnPlay p = games[0].play().value();
    QCOMPARE(p.tricks.size(), std::size_t(8));
    QCOMPARE(p.at(7, Seat::North).kind, PbnCardKind::Unknown);
    QCOMPARE(p.at(7, Seat::West).card, (Card {Suit::Spades, Rank::Six}));
    // Game 2: the multi-line comment with "[datum ...]" and a nested {...} stays one comment
    // attached to Declarer; tags out of order are fine.
    const auto &items = games[1].items();
    auto declarer = std::find_if(items.begin(), items.end(), [](const PbnItem &i) {
        return std::holds_alternative<PbnTag>(i) && std::get<PbnTag>(i).name == "Declarer";
    });
    QVERIFY(declarer != items.end() && declarer + 1 != items.end());
    const auto *comment = std::get_if<PbnComment>(&*(declarer + 1));
    QVERIFY(comment);
    QVERIFY(comment->text.find("[datum is N/S minus 110]") != std::string::npos);
    QVERIFY(comment->text.ends_with("Carruthers}\n}"));
    QVERIFY(std::get<PbnTag>(*declarer).section.empty());
    QCOMPARE(games[1].result()->declarerTricks, std::optional(9));
    // Game 3: "#" scoring with nothing to inherit, lowercase pass, =0= note, "--" cards.
    QCOMPARE(games[2].tagValue("Scoring").value(), std::string("IMP;Cross"));
    QCOMPARE(games[2].auction()->calls[1].annotations.note, std::optional(0));
    QCOMPARE(games[2].auction()->calls[3].kind, PbnCallKind::Pass);
    QCOMPARE(games[2].play()->at(5, Seat::South).kind, PbnCardKind::Unknown);
    QCOMPARE(games[2].tagValue("Date").value(), std::string("2015.09.?"));
}

void TestPbnReader::layout_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QString>("value");
    QTest::newRow("several tags a line") << "[Event \"A\"][Site \"B\"] [Date \"C\"]\n"
                                         << "Site"
                                         << "B";
    QTest::newRow("tag across lines") << "[Event\n  \"A b\"\n]\n[Site \"S\"]\n"
                                      << "Event"
                                      << "A b";
    QTest::newRow("blanks inside") << "[ Event\t  \"A\"  ]\n"
                                   << "Event"
                                   << "A";
    QTest::newRow("escaped quote") << "[Event \"Say \\\"hi\\\"\"]\n"
                                   << "Event"
                                   << "Say \"hi\"";
    QTest::newRow("escaped backslash") << "[Event \"a\\\\b\"]\n"
                                       << "Event"
                                       << "a\\b";
    QTest::newRow("suit escape kept") << "[Note \"1:4 \\S\"]\n"
                                      << "Note"
                                      << "1:4 \\S";
    QTest::newRow("percent inside value") << "[Event \"100% club\"]\n"
                                          << "Event"
                                          << "100% club";
    QTest::newRow("directive") << "% PBN 2.1\n%[Event \"no\"]\n[Event \"yes\"]\n"
                               << "Event"
                               << "yes";
    QTest::newRow("line comment") << "[Event \"A\"] ; [Site \"no\"]\n[Board \"1\"]\n"
                                  << "Board"
                                  << "1";
    QTest::newRow("brace comment") << "{ [Event \"no\"] }\n[Event \"yes\"]\n"
                                   << "Event"
                                   << "yes";
    QTest::newRow("unknown tag") << "[MyTool_v2 \"x;y\"]\n"
                                 << "MyTool_v2"
                                 << "x;y";
    QTest::newRow("repeated tag") << "[Event \"first\"]\n[Event \"second\"]\n"
                                  << "Event"
                                  << "first";
    QTest::newRow("CRLF") << "[Event \"A\"]\r\n[Site \"B\"]\r\n"
                          << "Site"
                          << "B";
    QTest::newRow("CR only") << "[Event \"A\"]\r[Site \"B\"]\r"
                             << "Site"
                             << "B";
    QTest::newRow("no final newline") << "[Event \"A\"]\n[Site \"B\"]"
                                      << "Site"
                                      << "B";
    QTest::newRow("UTF-8 value") << "[West \"Zo\u00eb \u2660\"]\n"
                                 << "West"
                                 << "Zo\u00eb \u2660";
}

void TestPbnReader::layout()
{
    QFETCH(QString, text);
    QFETCH(QString, tag);
    QFETCH(QString, value);
    const auto r = readPbn(text.toStdString());
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.games.size()), 1);
    const PbnTag *t = onlyGame(r).findTag(tag.toStdString());
    QVERIFY(t);
    QCOMPARE(QString::fromStdString(t->value), value);
}

void TestPbnReader::gameSeparation()
{
    const std::string text =
        "\n  \n[Event \"1\"]\n{ a comment\n\n with an empty line }\n[Site \"x\"]\n"
        " \t \n\n[Event \"2\"]\n[MySection \"a;b\"]\n1 2\n3 4\n";
    const auto r = readPbn(text);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(r.document.leading, std::string("\n  \n"));
    QCOMPARE(r.document.games.size(), std::size_t(2));
    QCOMPARE(r.document.games[0].separator(), std::string(" \t \n\n"));
    QVERIFY(r.document.games[0].findTag("Site"));
    QCOMPARE(std::get<PbnComment>(r.document.games[0].items()[1]).text,
             std::string("{ a comment\n\n with an empty line }"));
    const PbnTag *section = r.document.games[1].findTag("MySection");
    QCOMPARE(section->section, (std::vector<std::string> {"1 2", "3 4"}));
    QCOMPARE(section->sectionPosition.line, 12);
    QVERIFY(section->sectionPosition == PbnPosition {}); // positions never count in comparisons
    QCOMPARE(section->sectionTokens().back().position.column, 3);
}

void TestPbnReader::sharedDeal()
{
    const std::string text =
        "[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n"
        "[Deal \"N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7\"]\n"
        "[Room \"Open\"]\n\n[Room \"Closed\"]\n[Contract \"3NT\"]\n\n[Board \"8\"]\n";
    const auto r = readPbn(text);
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    const PbnGame &closed = r.document.games[1];
    QVERIFY(closed.deal().has_value());
    QCOMPARE(closed.deal(), r.document.games[0].deal());
    QCOMPARE(closed.dealer(), std::optional(Seat::South));
    QCOMPARE(closed.tagValue("Board").value(), std::string("7"));
    QVERIFY(!r.document.games[2].deal().has_value()); // another board
}

void TestPbnReader::encodings_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("encoding");
    const QByteArray text = "[West \"Zo\xc3\xab\"]\r\n";
    QTest::newRow("UTF-8") << text << int(TextEncoding::Utf8);
    QTest::newRow("UTF-8 BOM") << "\xef\xbb\xbf" + text << int(TextEncoding::Utf8Bom);
    QByteArray le("\xff\xfe", 2), be("\xfe\xff", 2);
    for (QChar c : QString::fromUtf8(text)) {
        le.append(char(c.unicode() & 0xff)).append(char(c.unicode() >> 8));
        be.append(char(c.unicode() >> 8)).append(char(c.unicode() & 0xff));
    }
    QTest::newRow("UTF-16LE") << le << int(TextEncoding::Utf16LeBom);
    QTest::newRow("UTF-16BE") << be << int(TextEncoding::Utf16BeBom);
    QTest::newRow("ISO-8859-1") << QByteArray("[West \"Zo\xeb\"]\r\n") << int(TextEncoding::Latin1);
}

void TestPbnReader::encodings()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, encoding);
    const auto r = readPbn(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    QVERIFY2(r.ok(), qPrintable(issuesText(r)));
    QCOMPARE(int(r.document.encoding), encoding);
    QCOMPARE(onlyGame(r).tagValue("West").value(), std::string("Zo\xc3\xab"));
    QCOMPARE(QByteArray::fromStdString(writePbn(r.document)), bytes);
}

void TestPbnReader::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::newRow("vulnerability")
        << "[Board \"1\"]\n[Vulnerable \"NSEW\"]\n"
        << "line 2, column 14: unknown vulnerability 'NSEW' (expected None, NS, EW or All)" << 2
        << 14;
    QTest::newRow("dealer") << "[Dealer \"X\"]\n"
                            << "line 1, column 10: unknown dealer 'X' (expected N, E, S or W)" << 1
                            << 10;
    QTest::newRow("deal character")
        << "[Deal \"N:AKQ.JT9.876.543Z ...\"]\n"
        << "line 1, column 25: invalid character 'Z' in North's hand" << 1 << 25;
    QTest::newRow("deal count")
        << "[Deal \"N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q\"]\n"
        << "line 1, column 8: West holds 12 cards (expected 13)" << 1 << 8;
    QTest::newRow("duplicate card")
        << "[Deal \"N:AK... ... .K.. K...\"]\n"
        << "line 1, column 8: Duplicate card SK (North and West)" << 1 << 8;
    QTest::newRow("contract")
        << "[Contract \"8S\"]\n"
        << "line 1, column 12: invalid contract '8S' (expected e.g. 4SX, 3NT or Pass)" << 1 << 12;
    QTest::newRow("result")
        << "[Result \"14\"]\n"
        << "line 1, column 10: invalid result '14' (expected the tricks won by declarer, 0 to 13)"
        << 1 << 10;
    QTest::newRow("unquoted value")
        << "[Event Club]\n"
        << "line 1, column 8: the value of Event is not quoted" << 1 << 8;
    QTest::newRow("no closing quote")
        << "[Event \"Club]\n"
        << "line 1, column 8: the value of Event has no closing quote" << 1 << 8;
    QTest::newRow("no bracket") << "[Event \"Club\"\n[Site \"x\"]\n"
                                << "line 2, column 1: expected ']' after the value of Event" << 2
                                << 1;
    QTest::newRow("no name") << "[\"Club\"]\n"
                             << "line 1, column 2: expected a tag name after '['" << 1 << 2;
    QTest::newRow("open comment") << "[Event \"A\"]\n{ never closed\n"
                                  << "line 2, column 1: comment '{' is never closed" << 2 << 1;
    QTest::newRow("stray text") << "hello [Event \"A\"]\n"
                                << "line 1, column 1: unexpected 'hello' before the first tag" << 1
                                << 1;
    QTest::newRow("unknown call")
        << "[Auction \"N\"]\n1C Pass\nPass 9NT\n"
        << "line 3, column 6: unknown call '9NT' (expected e.g. Pass, X, XX, 1NT, 4S or AP)" << 3
        << 6;
    QTest::newRow("insufficient bid")
        << "[Auction \"N\"]\n1S 1H\n"
        << "line 2, column 4: 1H by East is not higher than 1S" << 2 << 4;
    QTest::newRow("double own side")
        << "[Auction \"N\"]\n1S Pass X\n"
        << "line 2, column 9: South's double is not allowed (no undoubled opponents' bid)" << 2
        << 9;
    QTest::newRow("after the end")
        << "[Auction \"N\"]\n1S Pass Pass Pass 2H\n"
        << "line 2, column 19: 2H after the end of the auction" << 2 << 19;
    QTest::newRow("contract mismatch")
        << "[Contract \"4S\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n"
        << "line 1, column 12: Contract is 4S but the auction ends in 1S" << 1 << 12;
    QTest::newRow("unknown card")
        << "[Play \"N\"]\nSK S1\n"
        << "line 2, column 4: unknown card 'S1' (expected e.g. SK, H7 or -)" << 2 << 4;
    QTest::newRow("note reference")
        << "[Play \"N\"]\nSK =x=\n"
        << "line 2, column 4: invalid note reference '=x=' (expected =<number>=)" << 2 << 4;
    const std::string deal =
        "[Deal \"N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7\"]\n";
    QTest::newRow("wrong leader")
        << QString::fromStdString(deal + "[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"N\"]\nSA\n")
        << "line 4, column 8: the play starts with North but the opening leader is West" << 4 << 8;
    QTest::newRow("card not held")
        << QString::fromStdString(deal + "[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nSA\n")
        << "line 5, column 1: trick 1: SA is not held by West" << 5 << 1;
    QTest::newRow("revoke")
        << QString::fromStdString(
               deal + "[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nS9 SA C3 S7\n")
        << "line 5, column 7: trick 1: East must follow S with C3 in hand" << 5 << 7;
    QTest::newRow("dd tricks")
        << "[DoubleDummyTricks \"77667775576677566775f\"]\n"
        << "line 1, column 21: DoubleDummyTricks has 21 digits (expected 20 hex digits)" << 1 << 21;
    QTest::newRow("result table")
        << "[OptimumResultTable \"Declarer;Denomination;Result\"]\nN NT 7\nX S 4\n"
        << "line 3, column 1: unknown declarer 'X' (expected N, E, S or W) in OptimumResultTable"
        << 3 << 1;
    QTest::newRow("hash deal") << "[Deal \"#\"]\n"
                               << "line 1, column 8: '#' inheritance is not allowed for Deal" << 1
                               << 8;
}

void TestPbnReader::errors()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, column);
    const auto r = readPbn(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.issues.front().error.message), message);
    QCOMPARE(r.issues.front().line, line);
    QCOMPARE(r.issues.front().column, column);
    QCOMPARE(r.issues.front().game, 0);
    const auto named = readPbn(text.toStdString(), {"hands.pbn", true, {}});
    QCOMPARE(QString::fromStdString(named.issues.front().error.message), "hands.pbn: " + message);
}

void TestPbnReader::badGameDoesNotHideOthers()
{
    std::string text = fixture("endplay-example1.pbn");
    const std::size_t at = text.find("[Vulnerable \"None\"]", text.find("Kornek"));
    text.replace(at, 19, "[Vulnerable \"Nobody\"]\n[Deal \"N:AAA\"]");
    const auto r = readPbn(text);
    QCOMPARE(r.document.games.size(), std::size_t(2));
    QCOMPARE(r.issues.size(), std::size_t(2));
    QCOMPARE(r.issues[0].game, 1);
    QCOMPARE(r.issues[0].line, 43);
    QCOMPARE(r.issues[1].line, 44);
    QVERIFY(r.document.games[0].deal().has_value());
}

// Random damage to real files: the reader always returns (a document, maybe with issues), and
// writing the document back gives the damaged bytes exactly.
void TestPbnReader::damagedInputNeverCrashes()
{
    std::mt19937 random(20240501);
    const std::vector<std::string> files = {fixture("bridgebots-sample.pbn"),
                                            fixture("endplay-sample.pbn"),
                                            fixture("endplay-example1.pbn")};
    static constexpr char specials[] = "[]{};\"%\\#=$!?^*+-\n\r\t \x00\xff\xc3";
    int withIssues = 0;
    for (int round = 0; round < 600; ++round) {
        std::string bytes = files[std::size_t(round) % files.size()];
        const int edits = 1 + int(random() % 12);
        for (int e = 0; e < edits; ++e) {
            const std::size_t pos = random() % bytes.size();
            switch (random() % 4) {
            case 0:
                bytes[pos] = specials[random() % (sizeof specials - 1)];
                break;
            case 1:
                bytes[pos] = char(random() & 0xff);
                break;
            case 2:
                bytes.erase(pos, random() % 40);
                break;
            default:
                bytes.insert(pos, bytes.substr(random() % bytes.size(), random() % 60));
                break;
            }
            if (bytes.empty())
                bytes.push_back('[');
        }
        const auto r = readPbn(bytes);
        withIssues += r.ok() ? 0 : 1;
        for (const auto &issue : r.issues)
            QVERIFY(!issue.error.message.empty());
        QVERIFY(!r.document.games.empty() || !r.document.leading.empty());
        if (!decodeText(bytes).truncated)
            QVERIFY2(writePbn(r.document) == bytes, qPrintable(QString("round %1").arg(round)));
        (void)writePbnExport(r.document);
    }
    QVERIFY(withIssues > 300);
}

// Reading speed on a large file made of the RealBridge fixture repeated (see the issue's
// measurement; tenace-cli bench reports the same figures).
void TestPbnReader::readingSpeed()
{
    const std::string one = fixture("endplay-example2.pbn");
    std::string big;
    const int copies = 20;
    for (int i = 0; i < copies; ++i)
        big += one + "\n";
    QElapsedTimer timer;
    timer.start();
    const auto r = readPbn(big);
    const double seconds = std::max(timer.nsecsElapsed() / 1e9, 1e-6);
    QCOMPARE(int(r.document.games.size()), 299 * copies);
    QVERIFY(r.ok());
    qInfo("read %.1f MB, %d games in %.3f s: %.1f MB/s, %.0f games/s", big.size() / 1e6,
          int(r.document.games.size()), seconds, big.size() / 1e6 / seconds,
          r.document.games.size() / seconds);
}

QTEST_APPLESS_MAIN(TestPbnReader)
#include "tst_pbn_reader.moc"
