// DD results written into PBN games and the file commands behind tenace-cli: the tables and par
// scores written agree with the values another program stored in a real file; OptimumPlayTable
// agrees with the DDS play traces; annotating twice changes nothing; games without results keep
// their bytes; convert is byte-exact on every fixture; check lists every problem with its place.

#include "core/analysis/pbn_annotate.h"
#include "core/commands/pbn_batch.h"
#include "core/formats/lin_reader.h"
#include "core/formats/lin_writer.h"
#include "core/formats/pbn_writer.h"

#include <QTest>

#include <fstream>
#include <sstream>

using namespace tenace::core;

namespace {

std::string fixture(const std::string &kind, const std::string &name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/fixtures/" + kind + "/" + name);
    return bytes ? *bytes : std::string();
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::vector<std::string> splitOn(const std::string &text, char separator)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string field; std::getline(in, field, separator);)
        out.push_back(field);
    return out;
}

AnnotateOptions resultsOnly()
{
    AnnotateOptions options;
    options.playTable = false;
    options.threads = 1;
    return options;
}

} // namespace

class TestPbnAnnotate : public QObject
{
    Q_OBJECT

private slots:
    void resultsMatchTheFile_data();
    void resultsMatchTheFile();
    void playTableAgreesWithTraces_data();
    void playTableAgreesWithTraces();
    void annotatingTwiceChangesNothing();
    void gamesWithoutResultsKeepTheirBytes();
    void problemsAreNamed();
    void parContractTag();
    void convertIsLossless();
    void convertExportAndLin();
    void linRoundTrip_data();
    void linRoundTrip();
    void checkListsEveryProblem();
    void checkAcceptsTheFixtures();
};

// endplay-example2.pbn carries DoubleDummyTricks, OptimumResultTable and OptimumScore written
// by another program: remove them, annotate, and get the same values back.
void TestPbnAnnotate::resultsMatchTheFile_data()
{
    QTest::addColumn<int>("game");
    for (int game : {0, 24, 61, 98, 137, 180, 222, 265})
        QTest::addRow("game %d", game) << game;
}

void TestPbnAnnotate::resultsMatchTheFile()
{
    QFETCH(int, game);
    const PbnDocument doc = readPbn(fixture("pbn", "endplay-example2.pbn")).document;
    QVERIFY(static_cast<std::size_t>(game) < doc.games.size());
    const PbnGame &original = doc.games[static_cast<std::size_t>(game)];
    const auto expectedTable = original.doubleDummyTricks();
    const auto expectedScore = original.optimumScore();
    QVERIFY(expectedTable && expectedScore);
    QCOMPARE(original.optimumResultTable(), expectedTable);

    PbnGame g = original;
    for (const char *tag : {"DoubleDummyTricks", "OptimumResultTable", "OptimumScore"})
        g.removeTag(tag);
    QVERIFY(!g.doubleDummyTricks());
    Solver solver;
    const AnnotateOutcome outcome = annotatePbnGame(g, solver, resultsOnly());
    QVERIFY(outcome.changed);
    QVERIFY2(outcome.notes.empty(), outcome.notes.empty() ? "" : outcome.notes[0].c_str());
    QCOMPARE(g.doubleDummyTricks(), expectedTable);
    QCOMPARE(g.optimumResultTable(), expectedTable);
    QCOMPARE(g.optimumScore(), expectedScore);
    const auto par = g.parContract();
    QVERIFY(par && par->side);
    QCOMPARE(parsePbnParContract(par->toPbn()).value(), *par);
    // The game reads back the same from the text written.
    const PbnDocument reread = readPbn(formatPbnGame(g)).document;
    QCOMPARE(reread.games.size(), std::size_t(1));
    QCOMPARE(reread.games[0].doubleDummyTricks(), expectedTable);
    QCOMPARE(reread.games[0].parContract(), par);
}

// A card is DD-optimal exactly when the DDS trace keeps its value across it: OptimumPlayTable
// must list the card played at step i iff trace[i + 1] == trace[i].
void TestPbnAnnotate::playTableAgreesWithTraces_data()
{
    QTest::addColumn<QString>("row");
    std::ifstream in(std::string(TENACE_TEST_DATA) + "/playtraces.tsv");
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        if (n++ % 37 == 0)
            QTest::addRow("trace %d", n) << q(line);
    }
    QVERIFY(n >= 100);
}

void TestPbnAnnotate::playTableAgreesWithTraces()
{
    QFETCH(QString, row);
    const auto fields = splitOn(row.toStdString(), '\t');
    QCOMPARE(fields.size(), std::size_t(7));
    const Deal deal = parsePbnDeal(fields[0]).value();
    const Strain trump = strainFromLetter(fields[1][0]).value();
    const Seat leader = seatFromLetter(fields[2][0]).value();
    std::vector<Card> plays;
    for (const std::string &c : splitOn(fields[5], ' '))
        plays.push_back(parseCard(c).value());
    std::vector<int> trace;
    for (const std::string &t : splitOn(fields[6], ' '))
        trace.push_back(std::stoi(t));
    QVERIFY(trace.size() >= 2);
    const std::size_t steps = std::min(plays.size(), trace.size() - 1);
    Solver solver;
    const auto rows =
        optimumPlayRows(solver, deal, trump, leader, std::span(plays).first(steps)).value();
    QCOMPARE(rows.size(), steps);
    for (std::size_t i = 0; i < steps; ++i) {
        const Card c = plays[i];
        const bool listed = (rows[i][static_cast<std::size_t>(index(c.suit))] >> value(c.rank)) & 1;
        const bool optimal = trace[i + 1] == trace[i];
        if (listed != optimal)
            QFAIL(qPrintable(QString("card %1 (%2): listed %3, DDS trace %4 -> %5")
                                 .arg(i + 1)
                                 .arg(q(c.toString()))
                                 .arg(listed)
                                 .arg(trace[i])
                                 .arg(trace[i + 1])));
        std::uint16_t any = 0;
        for (auto mask : rows[i])
            any |= mask;
        QVERIFY(any != 0);
    }
}

void TestPbnAnnotate::annotatingTwiceChangesNothing()
{
    std::ostringstream messages;
    const std::string original = fixture("pbn", "endplay-example1.pbn");
    AnnotateOptions options;
    options.threads = 2;
    const FileBatchResult first = annotateFile(original, "endplay-example1.pbn", options, messages);
    QCOMPARE(first.problems, 0);
    QVERIFY(first.output != original);
    PbnDocument doc = readPbn(first.output).document;
    QVERIFY(doc.games[0].optimumPlayTable().has_value());
    QVERIFY(doc.games[0].doubleDummyTricks().has_value());
    // The play table has one row per card of the recorded play (three tricks here).
    QCOMPARE(doc.games[0].optimumPlayTable()->size(), std::size_t(12));
    const AnnotateSummary again = annotatePbnDocument(doc, options);
    QCOMPARE(again.changed, 0);
    QCOMPARE(writePbn(doc), first.output);
    QVERIFY2(messages.str().empty(), messages.str().c_str());
}

void TestPbnAnnotate::gamesWithoutResultsKeepTheirBytes()
{
    const std::string header = "% PBN 2.1\n[Event \"Club night\"]  ; no deal here\n"
                               "[Site \"Home\"]\n\n";
    const std::string board = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"EW\"]\n"
                              "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 "
                              "2.5432.5432.5432\"]\n";
    PbnDocument doc = readPbn(header + board).document;
    QCOMPARE(doc.games.size(), std::size_t(2));
    const AnnotateSummary summary = annotatePbnDocument(doc, resultsOnly());
    QCOMPARE(summary.games, 2);
    QCOMPARE(summary.changed, 1);
    const std::string out = writePbn(doc);
    QVERIFY2(out.starts_with(header), out.c_str());
    QCOMPARE(doc.games[1].doubleDummyTricks()->tricks[index(Strain::NoTrump)][index(Seat::North)],
             13);
    QCOMPARE(doc.games[1].optimumScore(), 1520); // 7NT by North, not vulnerable
    QCOMPARE(q(doc.games[1].tagValue("ParContract").value()), QString("NS 7NT="));
}

void TestPbnAnnotate::problemsAreNamed()
{
    // An end position gets no DD table; no dealer means no par; a play section without a contract
    // gets no play table. Each is said, with the board.
    const std::string text = "[Board \"7\"]\n[Deal \"N:AK... QJ... T9... 87...\"]\n\n"
                             "[Board \"8\"]\n[Vulnerable \"None\"]\n"
                             "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 "
                             "2.5432.5432.5432\"]\n[Play \"E\"]\nST S2 SA S3\n";
    std::ostringstream messages;
    const FileBatchResult result = annotateFile(text, "end.pbn", resultsOnly(), messages);
    const QString said = q(messages.str());
    QVERIFY2(said.contains("end.pbn: line 2, column 1: board 7: no DD table: "), qPrintable(said));
    QVERIFY2(said.contains("North holds 2 cards"), qPrintable(said));
    QVERIFY2(said.contains("board 8: no OptimumScore or ParContract: the board's dealer or "
                           "vulnerability is unknown"),
             qPrintable(said));
    QCOMPARE(result.problems, 2);
    AnnotateOptions withPlay = resultsOnly();
    withPlay.playTable = true;
    std::ostringstream playMessages;
    annotateFile(text, "end.pbn", withPlay, playMessages);
    QVERIFY2(q(playMessages.str())
                 .contains("board 8: no OptimumPlayTable: the Contract or "
                           "Declarer tag is missing"),
             playMessages.str().c_str());
}

void TestPbnAnnotate::parContractTag()
{
    ParResult sacrifice;
    sacrifice.score = 500;
    ParContract c;
    c.level = 5;
    c.strain = Strain::Diamonds;
    c.side = Side::EastWest;
    c.doubled = true;
    c.tricks = 8;
    sacrifice.contracts = {c};
    QCOMPARE(q(toPbnParContract(sacrifice).toPbn()), QString("EW 5Dx-3"));

    ParResult making;
    making.score = 630;
    ParContract nt;
    nt.level = 3;
    nt.strain = Strain::NoTrump;
    nt.side = Side::NorthSouth;
    nt.onlyDeclarer = Seat::North;
    nt.tricks = 10;
    making.contracts = {nt};
    QCOMPARE(q(toPbnParContract(making).toPbn()), QString("N 3NT+1"));
    QCOMPARE(q(toPbnParContract(ParResult {}).toPbn()), QString("Pass"));
}

void TestPbnAnnotate::convertIsLossless()
{
    for (const char *name : {"bridgebots-sample.pbn", "endplay-example1.pbn",
                             "endplay-example2.pbn", "endplay-sample.pbn"}) {
        const std::string bytes = fixture("pbn", name);
        QVERIFY(!bytes.empty());
        std::ostringstream messages;
        const FileBatchResult result = convertFile(bytes, name, ConvertFormat::Pbn, messages);
        QCOMPARE(result.problems, 0);
        QVERIFY2(result.output == bytes, name);
    }
}

void TestPbnAnnotate::convertExportAndLin()
{
    std::ostringstream messages;
    const std::string pbn = fixture("pbn", "endplay-sample.pbn");
    const FileBatchResult exported =
        convertFile(pbn, "endplay-sample.pbn", ConvertFormat::PbnExport, messages);
    QVERIFY(exported.output.starts_with("% PBN 2.1\r\n% EXPORT\r\n"));
    QCOMPARE(readPbn(exported.output).document.games.size(), readPbn(pbn).document.games.size());

    for (const char *name :
         {"bridgebots-sample.lin", "bridgebots-usbf_sf_14502.lin", "endplay-example1.lin"}) {
        const std::string lin = fixture("lin", name);
        const FileBatchResult converted = convertFile(lin, name, ConvertFormat::Pbn, messages);
        QVERIFY(converted.output.starts_with("% PBN 2.1\r\n% EXPORT\r\n"));
        const PbnReadResult fromLin = readLin(lin);
        const PbnReadResult back = readPbn(converted.output);
        QVERIFY2(back.ok(), back.ok() ? "" : back.issues[0].error.message.c_str());
        QCOMPARE(back.document.games.size(), fromLin.document.games.size());
        for (std::size_t i = 0; i < back.document.games.size(); ++i) {
            QCOMPARE(back.document.games[i].deal(), fromLin.document.games[i].deal());
            QCOMPARE(back.document.games[i].play(), fromLin.document.games[i].play());
            QCOMPARE(back.document.games[i].auction(), fromLin.document.games[i].auction());
        }
    }
    QVERIFY2(messages.str().empty(), messages.str().c_str());
}

// PBN or LIN -> LIN -> read back: the same boards, deals, dealers, vulnerabilities, auctions
// (their final contracts and bids) and played cards.
void TestPbnAnnotate::linRoundTrip_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::newRow("example2.pbn") << "pbn"
                                  << "endplay-example2.pbn";
    QTest::newRow("bridgebots.pbn") << "pbn"
                                    << "bridgebots-sample.pbn";
    for (const char *name :
         {"bridgebots-sample.lin", "bridgebots-usbf_sf_14502.lin", "endplay-example1.lin"})
        QTest::newRow(name) << "lin" << name;
}

void TestPbnAnnotate::linRoundTrip()
{
    QFETCH(QString, kind);
    QFETCH(QString, name);
    const std::string bytes = fixture(kind.toStdString(), name.toStdString());
    const PbnDocument source = kind == "lin" ? readLin(bytes).document : readPbn(bytes).document;
    std::vector<const PbnGame *> boards;
    for (const PbnGame &g : source.games)
        if (g.deal() && checkComplete(*g.deal()))
            boards.push_back(&g);
    QVERIFY(!boards.empty());
    const std::string lin = writeLin(source);
    const PbnReadResult back = readLin(lin);
    QVERIFY2(back.ok(), back.ok() ? "" : back.issues[0].error.message.c_str());
    QCOMPARE(back.document.games.size(), boards.size());
    auto cards = [](const PbnGame &g) {
        std::vector<Card> out;
        const auto contract = g.contract();
        if (auto play = g.play(); play && contract && !contract->passedOut)
            if (auto seq = pbnPlaySequence(*play, contract->strain, nullptr))
                for (const PbnPlayedCard &c : *seq)
                    out.push_back(c.card);
        return out;
    };
    auto bids = [](const PbnGame &g) {
        std::vector<std::pair<int, Strain>> out;
        if (auto a = g.auction())
            for (const PbnCall &c : a->calls)
                if (c.kind == PbnCallKind::Bid)
                    out.emplace_back(c.level, c.strain);
        return out;
    };
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const PbnGame &a = *boards[i];
        const PbnGame &b = back.document.games[i];
        QCOMPARE(b.deal(), a.deal());
        QCOMPARE(b.dealer(), a.dealer());
        QCOMPARE(b.vulnerability(), a.vulnerability().value_or(Vulnerability::None));
        QCOMPARE(b.tagValue("Board"), a.tagValue("Board"));
        QVERIFY(bids(b) == bids(a));
        if (auto outcome = a.auction() ? evaluatePbnAuction(*a.auction()) : Error {};
            outcome && outcome->finished && !outcome->passedOut)
            QCOMPARE(evaluatePbnAuction(*b.auction())->contract, outcome->contract);
        QVERIFY(cards(b) == cards(a));
    }
}

void TestPbnAnnotate::checkListsEveryProblem()
{
    const std::string text = "[Board \"1\"]\n[Vulnerable \"NSEW\"]\n"
                             "[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 "
                             "2.5432.5432.543\"]\n\n"
                             "[Board \"2\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 "
                             "6543.876.876.876 2.5432.5432.5432\"]\n\n"
                             "[Board \"3\"]\n[Dealer \"Q\"]\n";
    std::ostringstream messages;
    const int problems = checkFile(text, "bad.pbn", messages);
    const QString said = q(messages.str());
    QCOMPARE(problems, 3);
    QVERIFY2(said.contains("bad.pbn: line 2, column 14: "), qPrintable(said));
    QVERIFY2(said.contains("NSEW"), qPrintable(said));
    QVERIFY2(said.contains("bad.pbn: line 3, column"), qPrintable(said));
    QVERIFY2(said.contains("West holds 12 cards"), qPrintable(said));
    QVERIFY2(said.contains("bad.pbn: line 9, column"), qPrintable(said));
    QVERIFY2(said.endsWith("bad.pbn: 3 problems in 2 of 3 boards\n"), qPrintable(said));
}

void TestPbnAnnotate::checkAcceptsTheFixtures()
{
    for (const auto &[kind, name] : std::vector<std::pair<std::string, std::string>> {
             {"pbn", "endplay-example2.pbn"},
             {"lin", "bridgebots-usbf_sf_14502.lin"},
         }) {
        std::ostringstream messages;
        QCOMPARE(checkFile(fixture(kind, name), name, messages), 0);
        QVERIFY2(q(messages.str()).endsWith(", no problems\n"), messages.str().c_str());
    }
}

QTEST_APPLESS_MAIN(TestPbnAnnotate)
#include "tst_pbn_annotate.moc"
