// The PBN writer: byte-exact round trip of every fixture (and of synthetic CRLF, BOM, UTF-16 and
// ISO-8859-1 variants), an edited game rewritten with the rest untouched, the strict export
// format, DD results written into games, atomic file writing, and read -> write -> read on
// 1,000 generated games.

#include "core/formats/pbn_reader.h"
#include "core/formats/pbn_writer.h"
#include "core/model/play_state.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <random>

using namespace tenace::core;

namespace {

std::string fixture(const std::string &name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/fixtures/pbn/" + name);
    return bytes ? *bytes : std::string();
}

std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t pos = 0; (pos = s.find(from, pos)) != std::string::npos; pos += to.size())
        s.replace(pos, from.size(), to);
    return s;
}

std::string utf16(const std::string &utf8, bool bigEndian)
{
    std::string out = bigEndian ? "\xfe\xff" : "\xff\xfe";
    for (char16_t c : QString::fromUtf8(utf8.data(), qsizetype(utf8.size())).toStdU16String()) {
        const char hi = char(c >> 8), lo = char(c & 0xff);
        out += bigEndian ? hi : lo;
        out += bigEndian ? lo : hi;
    }
    return out;
}

QString joined(const std::vector<std::string> &parts)
{
    QStringList out;
    for (const auto &p : parts)
        out << QString::fromStdString(p);
    return out.join(" | ");
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        end = end == std::string::npos ? text.size() : end;
        out.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return out;
}

std::vector<std::string> tagLines(const std::string &text)
{
    std::vector<std::string> out;
    for (auto &l : lines(replaceAll(text, "\r\n", "\n"))) {
        if (l.starts_with("["))
            out.push_back(l.substr(0, l.find(' ')));
    }
    return out;
}

// The typed content of a game, for comparing a game with its export form.
std::string summary(const PbnGame &g)
{
    std::string s;
    for (const char *t : {"Event", "Board", "West", "North", "East", "South", "Scoring"}) {
        const std::string v =
            g.tagValue(t).value_or("?"); // the export writes "?" for a missing tag
        s += v + "|";
    }
    s += g.deal() ? g.deal()->toPbn() : "nodeal";
    s += g.dealer() ? seatLetter(*g.dealer()) : '-';
    s += g.vulnerability() ? std::string(vulnerabilityName(*g.vulnerability())) : "-";
    s += g.contract() ? g.contract()->toPbn() : "-";
    s += g.declarer() && g.declarer()->seat ? seatLetter(*g.declarer()->seat) : '-';
    if (auto r = g.result(); r && g.declarer() && g.declarer()->seat)
        s += std::to_string(r->tricksFor(*g.declarer()->seat).value_or(-1));
    if (auto a = g.auction()) {
        for (const auto &c : a->calls)
            s += " " + c.toPbn() + formatPbnAnnotations(c.annotations);
    }
    if (auto p = g.play())
        s += "|" + std::to_string(p->tricks.size()) + formatPbnPlay(*p).front();
    for (const auto &n : g.auctionNotes())
        s += "|" + n.text;
    if (auto t = g.doubleDummyTricks())
        s += formatPbnDoubleDummyTricks(*t);
    if (auto t = g.optimumResultTable())
        s += formatPbnDoubleDummyTricks(*t);
    return s;
}

// A random legal game in export order, with annotations, comments and awkward strings.
class GameGenerator
{
public:
    explicit GameGenerator(unsigned seed) : m_random(seed) { }

    PbnGame game(int board)
    {
        std::vector<Card> deck;
        for (int bit = 0; bit < 64; ++bit) {
            if ((fullDeckMask >> bit) & 1)
                deck.push_back(Card::fromBit(bit));
        }
        std::shuffle(deck.begin(), deck.end(), m_random);
        Deal deal;
        for (std::size_t i = 0; i < 52; ++i)
            deal.hands[i / 13].add(deck[i]);
        const Seat dealer = seatAt(board - 1);
        PbnAuction auction = randomAuction(dealer);
        const auto outcome = evaluatePbnAuction(auction).value();
        PbnGame g;
        g.setTag("Event", text());
        g.setTag("Site", "Caf\u00e9 \"Le Pont\", Paris \\ FRA");
        g.setTag("Date", "2024.0" + std::to_string(1 + board % 9) + ".1?");
        g.setTag("Board", std::to_string(board));
        for (const char *seat : {"West", "North", "East", "South"})
            g.setTag(seat, text());
        g.setTag("Dealer", std::string(1, seatLetter(dealer)));
        g.setTag("Vulnerable", std::string(vulnerabilityName(static_cast<Vulnerability>(pick(4)))));
        g.setTag("Deal", deal.toPbn(dealer));
        g.setTag("Scoring", pick(2) ? "IMP" : "MP");
        const Contract &k = outcome.contract;
        g.setTag("Declarer", outcome.passedOut ? "" : std::string(1, seatLetter(k.declarer)));
        g.setTag("Contract",
                 outcome.passedOut ? "Pass"
                                   : PbnContract {false, k.level, k.strain, k.doubling}.toPbn());
        PbnPlay play;
        int tricks = 0;
        if (!outcome.passedOut)
            play = randomPlay(deal, k, tricks);
        g.setTag("Result", outcome.passedOut ? "" : std::to_string(tricks));
        g.setTag("Room", pick(2) ? "Open" : "Closed");
        g.setAuction(auction);
        g.appendTag("Note", "1:" + text());
        g.appendTag("Note", "2:" + text());
        if (!outcome.passedOut && !play.tricks.empty()) {
            g.setPlay(play);
            g.appendTag("Note", "1:lead \\S");
        }
        DdTable table;
        for (auto &row : table.tricks) {
            for (int &v : row)
                v = pick(14);
        }
        g.setSection("OptimumResultTable", pbnOptimumResultTableColumns(),
                     formatPbnOptimumResultTable(table));
        return g;
    }

private:
    int pick(int n) { return int(m_random() % unsigned(n)); }

    std::string text()
    {
        static const char *words[] = {"Smith, J.",
                                      "M\u00fcller",
                                      "\u2660 AKQ",
                                      "O'Neil",
                                      "a \"quoted\" word",
                                      "back\\slash",
                                      "100%",
                                      "semi;colon",
                                      "{brace}",
                                      "#5",
                                      ""};
        return std::string(words[pick(11)]) +
            (pick(2) ? " " + std::string(words[pick(11)]) + "x" : "");
    }

    PbnAuction randomAuction(Seat dealer)
    {
        PbnAuction a;
        a.first = dealer;
        if (pick(4) == 0)
            a.leadingComments.push_back("{before the auction}");
        int level = 0, strainRank = -1;
        static constexpr Strain byRank[] = {Strain::Clubs, Strain::Diamonds, Strain::Hearts,
                                            Strain::Spades, Strain::NoTrump};
        while (true) {
            PbnCall c;
            const int r = pick(10);
            if (r < 5 || level == 7) {
                c.kind = PbnCallKind::Pass;
            } else if (r < 9) {
                int step = 1 + pick(4);
                int rank = level * 5 + strainRank + step;
                if (level == 0)
                    rank = 5 + pick(10);
                if (rank / 5 > 7)
                    rank = 7 * 5 + 4;
                c = PbnCall::bid(rank / 5, byRank[rank % 5]);
            } else {
                c.kind = PbnCallKind::Double;
            }
            if (pick(6) == 0)
                c.annotations.note = 1 + pick(2);
            if (pick(8) == 0)
                c.annotations.nags = {1 + pick(6), 20 + pick(200)};
            if (pick(10) == 0)
                c.annotations.comments.push_back(pick(2) ? "{a comment}" : "; rest of line");
            PbnAuction trial = a;
            trial.calls.push_back(c);
            auto outcome = evaluatePbnAuction(trial);
            if (!outcome)
                continue; // an illegal double or bid: draw again
            a = std::move(trial);
            if (c.kind == PbnCallKind::Bid) {
                level = c.level;
                strainRank = int(std::find(std::begin(byRank), std::end(byRank), c.strain) -
                                 std::begin(byRank));
            }
            if (outcome->finished)
                return a;
        }
    }

    PbnPlay randomPlay(const Deal &deal, const Contract &k, int &tricks)
    {
        PlayState state = PlayState::create(deal, k.strain, k.openingLeader()).value();
        const int cards = pick(3) == 0 ? 52 : 4 * pick(13) + pick(4);
        std::vector<Card> played;
        for (int i = 0; i < cards; ++i) {
            const auto legal = state.legalCards().cards();
            const Card c = legal[std::size_t(pick(int(legal.size())))];
            if (!state.play(c).ok())
                qFatal("the generator played an illegal card");
            played.push_back(c);
        }
        tricks = state.tricksWon(sideOf(k.declarer));
        PbnPlay play = pbnPlayFromSequence(k.openingLeader(), played, k.strain);
        play.end = cards < 52 ? PbnSectionEnd::Stopped : PbnSectionEnd::Open;
        if (!play.tricks.empty())
            play.tricks[0][0].annotations = {1, {7}, {"{lead}"}};
        return play;
    }

    std::mt19937 m_random;
};

} // namespace

class TestPbnWriter : public QObject
{
    Q_OBJECT
private slots:
    void byteExactRoundTrip_data();
    void byteExactRoundTrip();
    void editedGameRewritten();
    void editedGameLayout();
    void editedCommentLineEnds();
    void newGames();
    void exportFormat();
    void exportKeepsContent_data();
    void exportKeepsContent();
    void missingMandatoryTags();
    void ddResults();
    void atomicWrite();
    void generatedGamesRoundTrip();
};

void TestPbnWriter::byteExactRoundTrip_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("encoding");
    for (const char *name : {"endplay-example1.pbn", "endplay-example2.pbn", "endplay-sample.pbn",
                             "bridgebots-sample.pbn"}) {
        const std::string f = fixture(name);
        const std::string crlf = replaceAll(f, "\n", "\r\n");
        auto row = [&](const char *variant, const std::string &bytes, TextEncoding e) {
            QTest::addRow("%s %s", name, variant) << QByteArray::fromStdString(bytes) << int(e);
        };
        row("as is", f, TextEncoding::Utf8);
        row("CRLF", crlf, TextEncoding::Utf8);
        row("CR", replaceAll(f, "\n", "\r"), TextEncoding::Utf8);
        row("BOM CRLF", "\xef\xbb\xbf" + crlf, TextEncoding::Utf8Bom);
        row("UTF-16LE", utf16(crlf, false), TextEncoding::Utf16LeBom);
        row("UTF-16BE", utf16(f, true), TextEncoding::Utf16BeBom);
        row("no final newline", f.substr(0, f.find_last_not_of("\n") + 1), TextEncoding::Utf8);
        row("blank lines around", "\n \n" + f + "\n\t\n", TextEncoding::Utf8);
        if (f.find('\xe2') == std::string::npos) // no UTF-8 suit symbols: make a Latin-1 copy
            row("ISO-8859-1", replaceAll(crlf, "[Event \"", "[Event \"\xe9t\xe9 "),
                TextEncoding::Latin1);
    }
}

void TestPbnWriter::byteExactRoundTrip()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, encoding);
    const std::string in = bytes.toStdString();
    const auto r = readPbn(in);
    QVERIFY(r.ok());
    QCOMPARE(int(r.document.encoding), encoding);
    const std::string out = writePbn(r.document);
    QVERIFY(out == in);
    QCOMPARE(readPbn(out).document, r.document);
}

void TestPbnWriter::editedGameRewritten()
{
    const std::string original = fixture("endplay-example2.pbn");
    const auto r = readPbn(original);
    PbnDocument doc = r.document;
    doc.games[5].setTag("Event", "Edited \"event\"");
    const std::string out = writePbn(doc);
    // Everything before and after game 5 is untouched, byte for byte.
    const std::size_t begin =
        original.find(doc.games[5].source().empty() ? r.document.games[5].source() : "");
    const std::size_t end = begin + r.document.games[5].source().size();
    const std::string rewritten = formatPbnGame(doc.games[5], "\n");
    QCOMPARE(out.substr(0, begin), original.substr(0, begin));
    QCOMPARE(out.substr(begin, rewritten.size()), rewritten);
    QCOMPARE(out.substr(begin + rewritten.size()), original.substr(end));
    QVERIFY(rewritten.find("[Event \"Edited \\\"event\\\"\"]\n") == 0);
    const auto back = readPbn(out);
    QVERIFY(back.ok());
    QCOMPARE(back.document.games.size(), std::size_t(299));
    for (std::size_t i = 0; i < 299; ++i) {
        if (i != 5)
            QCOMPARE(back.document.games[i], r.document.games[i]);
    }
    QCOMPARE(back.document.games[5].tagValue("Event").value(), std::string("Edited \"event\""));
    auto afterEvent = [](const std::string &s) { return q(s.substr(s.find('|'))); };
    QCOMPARE(afterEvent(summary(back.document.games[5])), afterEvent(summary(r.document.games[5])));
}

// A changed game is laid out in the export order, keeping its comments with their tags and the
// file's line ending.
void TestPbnWriter::editedGameLayout()
{
    PbnDocument doc = readPbn(fixture("bridgebots-sample.pbn")).document;
    doc.games[1].setTag("Scoring", "IMP");
    const std::string text = formatPbnGame(doc.games[1], "\n");
    const std::vector<std::string> expected = {
        "[Event",  "[Site",   "[Date",       "[Board",   "[West",    "[North",    "[East",
        "[South",  "[Dealer", "[Vulnerable", "[Deal",    "[Scoring", "[Declarer", "[Contract",
        "[Result", "[Room",   "[Round",      "[Auction", "[Play"};
    QCOMPARE(joined(tagLines(text)), joined(expected));
    QVERIFY(text.find("[Declarer \"E\"]\n{\nIndonesians") != std::string::npos);
    QVERIFY(text.find("John Carruthers}\n}\n[Contract \"3D\"]") != std::string::npos);
    QVERIFY(
        text.find(
            "[Deal \"N:J543.QJ94.65.764 AQT6.52.QJT742.K K72.A863.K93.AT8 98.KT7.A8.QJ9532\"]") !=
        std::string::npos);
    QVERIFY(text.find('\r') == std::string::npos);
    const std::string out = writePbn(doc);
    const auto back = readPbn(out);
    QVERIFY(back.ok());
    QCOMPARE(back.document.games[0], doc.games[0]);
    QCOMPARE(summary(back.document.games[1]), summary(doc.games[1]));
    QCOMPARE(back.document.games[1].tagValue("Scoring").value(), std::string("IMP"));
    QVERIFY(out.find(fixture("bridgebots-sample.pbn").substr(0, 200)) == 0);
}

// A comment spread over lines keeps one line end per line, whichever line ends the text it was
// read from (or converted from) used.
void TestPbnWriter::editedCommentLineEnds()
{
    for (const std::string newline : {"\r\n", "\n", "\r"}) {
        const std::string text = "[Event \"E\"]" + newline + "{first" + newline + "second}" +
            newline + "[Site \"S\"]" + newline;
        PbnGame game = readPbn(text).document.games.at(0);
        game.setTag("Board", "7");
        for (const std::string out : {"\r\n", "\n"}) {
            const std::string written = formatPbnGame(game, out);
            QVERIFY2(written.find("{first" + out + "second}" + out) != std::string::npos,
                     written.c_str());
            QVERIFY(written.find("\r\r") == std::string::npos);
            if (out == "\n")
                QVERIFY(written.find('\r') == std::string::npos);
        }
    }
    PbnGame made;
    made.appendComment("{one\r\ntwo\rthree\nfour}");
    const std::string written = formatPbnGame(made, "\r\n");
    QVERIFY2(written.find("{one\r\ntwo\r\nthree\r\nfour}\r\n") == 0, written.c_str());
}

void TestPbnWriter::newGames()
{
    PbnDocument doc = readPbn(fixture("endplay-sample.pbn")).document;
    PbnGame added;
    added.setTag("Board", "99");
    added.setTag("Dealer", "W");
    doc.games.push_back(added);
    doc.games.insert(doc.games.begin(), added);
    const std::string out = writePbn(doc);
    const auto back = readPbn(out);
    QCOMPARE(back.document.games.size(), std::size_t(4));
    QCOMPARE(back.document.games[0].tagValue("Board").value(), std::string("99"));
    QCOMPARE(back.document.games[3].tagValue("Board").value(), std::string("99"));
    QCOMPARE(back.document.games[3].tagValue("Event").value(), std::string("?"));
    QCOMPARE(back.document.games[1], doc.games[1]);
    QCOMPARE(back.document.games[2], doc.games[2]);
}

void TestPbnWriter::exportFormat()
{
    const PbnDocument doc = readPbn(fixture("endplay-example1.pbn")).document;
    const std::string out = writePbnExport(doc);
    const std::string expectedStart =
        "% PBN 2.1\r\n% EXPORT\r\n[Event \"16th European Youth Team Championships\"]\r\n[Site "
        "\"Vienna, Austria AUT\"]\r\n"
        "[Date \"1998.07.16\"]\r\n[Board \"1\"]\r\n[West \"Gloyer A\"]\r\n[North \"Linde "
        "J\"]\r\n[East \"Saurer B\"]\r\n"
        "[South \"Balschun R\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n"
        "[Deal \"N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 "
        "KQ75.6.QJ9865.42\"]\r\n[Scoring \"?\"]\r\n"
        "[Declarer \"S\"]\r\n[Contract \"5H\"]\r\n[Result \"10\"]\r\n[HomeTeam "
        "\"J-germany\"]\r\n[Room \"Open\"]\r\n"
        "[Round \"1\"]\r\n[Score \"NS -50\"]\r\n[Section \"Junior Teams\"]\r\n[Table "
        "\"7\"]\r\n[VisitTeam \"J-austria\"]\r\n"
        "[Auction \"N\"]\r\n1C 1S 2H 4S\r\n5H Pass Pass Pass\r\n[Play \"W\"]\r\nDQ D3 D4 D2\r\nSK "
        "S2 S4 SJ\r\n"
        "DJ DT DK D7\r\n*\r\n\r\n[Event \"16th European Youth Team Championships\"]\r\n";
    QCOMPARE(out.substr(0, expectedStart.size()), expectedStart);
    QVERIFY(out.ends_with(
        "[Play \"E\"]\r\nDA D2 D5 D3\r\nC9 C3 C2 CA\r\nH3 H2 H6 HA\r\nH8 H4 D9 HK\r\n*\r\n"));
    QCOMPARE(replaceAll(out, "\r\n", "").find('\n'), std::string::npos);
    QCOMPARE(out.find('\t'), std::string::npos);
    // Export is a fixed point.
    QCOMPARE(writePbnExport(readPbn(out).document), out);
}

void TestPbnWriter::exportKeepsContent_data()
{
    QTest::addColumn<QString>("file");
    for (const char *name : {"endplay-example1.pbn", "endplay-example2.pbn", "endplay-sample.pbn",
                             "bridgebots-sample.pbn"})
        QTest::newRow(name) << name;
}

void TestPbnWriter::exportKeepsContent()
{
    QFETCH(QString, file);
    const auto r = readPbn(fixture(file.toStdString()));
    const std::string out = writePbnExport(r.document);
    const auto back = readPbn(out);
    QVERIFY(back.ok());
    QCOMPARE(back.document.encoding, r.document.encoding);
    QCOMPARE(back.document.games.size(), r.document.games.size());
    for (std::size_t i = 0; i < r.document.games.size(); ++i)
        QCOMPARE(q(summary(back.document.games[i])), q(summary(r.document.games[i])));
    const std::string inherited = writePbnExport(readPbn(fixture("endplay-sample.pbn")).document);
    QVERIFY(inherited.find("[Event \"#\"]") != std::string::npos);
}

void TestPbnWriter::missingMandatoryTags()
{
    const auto r = readPbn(
        "[Dealer \"e\"]\n[Vulnerable \"both\"]\n[Deal \"N:AKT62.A95.62.AK4 43.JT8.983.T9853 "
        "Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7\"]\n[Contract \"pass\"]\n");
    const std::string out = formatPbnGame(r.document.games[0], "\n");
    QCOMPARE(
        out,
        std::string(
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"?\"]\n[West \"?\"]\n[North "
            "\"?\"]\n"
            "[East \"?\"]\n[South \"?\"]\n[Dealer \"E\"]\n[Vulnerable \"All\"]\n"
            "[Deal \"E:43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7 AKT62.A95.62.AK4\"]\n"
            "[Scoring \"?\"]\n[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n"));
}

void TestPbnWriter::ddResults()
{
    const PbnGame original = readPbn(fixture("endplay-example2.pbn")).document.games[0];
    const DdTable table = original.doubleDummyTricks().value();
    PbnGame g = original;
    for (const char *t : {"DoubleDummyTricks", "OptimumResultTable", "OptimumScore"})
        g.removeTag(t);
    PbnParContract par {Side::NorthSouth, {{"", 1, Strain::NoTrump, Doubling::Undoubled, 1}}};
    g.setDdResults(table, 90, par);
    // The same layout as the BridgeComposer-style table in the file.
    QCOMPARE(g.findTag("OptimumResultTable")->section,
             original.findTag("OptimumResultTable")->section);
    QCOMPARE(g.findTag("OptimumResultTable")->value, original.findTag("OptimumResultTable")->value);
    QCOMPARE(g.findTag("DoubleDummyTricks")->value, original.findTag("DoubleDummyTricks")->value);
    QCOMPARE(g.findTag("OptimumScore")->value, std::string("NS 90"));
    QCOMPARE(g.findTag("ParContract")->value, std::string("NS 1NT+1"));
    PbnDocument doc;
    doc.games = {g};
    const auto back = readPbn(writePbn(doc));
    QVERIFY(back.ok());
    QCOMPARE(back.document.games[0].doubleDummyTricks().value(), table);
    QCOMPARE(back.document.games[0].optimumResultTable().value(), table);
    QCOMPARE(back.document.games[0].optimumScore(), std::optional(90));
    QCOMPARE(back.document.games[0].parContract(), std::optional(par));
    g.setOptimumPlayTable({{0x3000, 0, 0x0020, 0}, {0, 0x7ffc, 0, 0x0004}});
    QCOMPARE(joined(g.findTag("OptimumPlayTable")->section),
             joined({"KQ - 5 -", "- AKQJT98765432 - 2"}));
    QCOMPARE(g.optimumPlayTable().value(),
             (std::vector<std::array<std::uint16_t, 4>> {{0x3000, 0, 0x0020, 0},
                                                         {0, 0x7ffc, 0, 0x0004}}));
    const std::string text = formatPbnGame(g);
    const std::size_t playTable =
        text.find("[OptimumPlayTable \"S;H;D;C\"]\r\nKQ - 5 -\r\n- AKQJT98765432 - 2\r\n");
    QVERIFY(playTable != std::string::npos);
    QVERIFY(text.find("[Auction \"") <
            playTable); // sections after Auction and Play, alphabetically
    QVERIFY(playTable < text.find("[OptimumResultTable"));
}

void TestPbnWriter::atomicWrite()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path path = dir.filePath("hands.pbn").toStdString();
    PbnDocument doc = readPbn(fixture("endplay-example1.pbn")).document;
    QVERIFY(writePbnFile(path, doc).ok());
    QCOMPARE(readFileBytes(path).value(), fixture("endplay-example1.pbn"));
    QVERIFY(writePbnFile(path, doc, PbnWriteMode::Export).ok());
    QCOMPARE(readFileBytes(path).value(), writePbnExport(doc));
    auto fileNames = [&] {
        std::vector<std::string> names;
        for (const auto &e : std::filesystem::directory_iterator(dir.path().toStdString()))
            names.push_back(e.path().filename().string());
        return names;
    };
    QCOMPARE(fileNames(), std::vector<std::string> {"hands.pbn"});
    // Failures leave everything as it was and no temporary file behind.
    const auto missingDir = writePbnFile(dir.filePath("no/such/dir.pbn").toStdString(), doc);
    QVERIFY(!missingDir.ok());
    QCOMPARE(missingDir.error().code, ErrorCode::Io);
    std::filesystem::create_directory(dir.filePath("taken").toStdString());
    const auto overDirectory = writePbnFile(dir.filePath("taken").toStdString(), doc);
    QVERIFY(!overDirectory.ok());
    QVERIFY(std::filesystem::is_directory(dir.filePath("taken").toStdString()));
    auto names = fileNames();
    std::sort(names.begin(), names.end());
    QCOMPARE(names, (std::vector<std::string> {"hands.pbn", "taken"}));
    QCOMPARE(readFileBytes(path).value(), writePbnExport(doc));
    QVERIFY(!readPbnFile(dir.filePath("missing.pbn").toStdString()).ok());
}

void TestPbnWriter::generatedGamesRoundTrip()
{
    GameGenerator generator(12345);
    PbnDocument doc;
    doc.newline = "\n";
    for (int i = 1; i <= 1000; ++i)
        doc.games.push_back(generator.game(i));
    const std::string out = writePbn(doc);
    const auto back = readPbn(out);
    QVERIFY2(back.ok(), back.ok() ? "" : back.issues.front().error.message.c_str());
    QCOMPARE(back.document.games.size(), std::size_t(1000));
    for (std::size_t i = 0; i < 1000; ++i)
        QCOMPARE(back.document.games[i], doc.games[i]);
    QCOMPARE(writePbn(back.document), out); // unchanged games are their source now
    // The strict export form reads back to the same games (after its two header lines).
    auto exported = readPbn(writePbnExport(doc)).document;
    QVERIFY(std::holds_alternative<PbnDirective>(exported.games[0].items()[0]));
    exported.games[0].editItems().erase(exported.games[0].editItems().begin(),
                                        exported.games[0].editItems().begin() + 2);
    QCOMPARE(exported.games, doc.games);
    for (auto encoding : {TextEncoding::Latin1, TextEncoding::Utf16BeBom}) {
        doc.encoding = encoding;
        const auto again = readPbn(writePbn(doc)).document;
        QCOMPARE(again.encoding, encoding);
        if (encoding != TextEncoding::Latin1) // ISO-8859-1 cannot hold the suit symbols
            QCOMPARE(again.games, doc.games);
    }
}

QTEST_APPLESS_MAIN(TestPbnWriter)
#include "tst_pbn_writer.moc"
