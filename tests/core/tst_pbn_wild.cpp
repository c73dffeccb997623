// Files from the wild: BridgeComposer's ParContract and OptimumResultTable forms, and teaching
// files' auctions ("all pass", passes after the end), read whole with warnings at most. The
// files are tests/data/wild/*.pbn.

#include "core/commands/pbn_batch.h"
#include "core/formats/pbn_reader.h"
#include "core/formats/pbn_values.h"
#include "core/formats/pbn_writer.h"

#include <QRegularExpression>
#include <QTest>

#include <fstream>
#include <iterator>
#include <sstream>

using namespace tenace::core;

namespace {

std::string readData(const std::string &path)
{
    std::ifstream in(std::string(TENACE_TEST_DATA) + "/" + path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The DD table of line `line` of ddtables.tsv (DDS's answers).
DdTable referenceTable(int line)
{
    std::istringstream in(readData("ddtables.tsv"));
    std::string text;
    for (int i = 0; i < line; ++i)
        std::getline(in, text);
    std::istringstream fields(text.substr(text.find('\t') + 1));
    DdTable table;
    for (auto &strain : table.tricks)
        for (int &tricks : strain)
            fields >> tricks;
    return table;
}

// The games of a document that hold tags (the boards).
std::vector<PbnGame> boards(const PbnDocument &doc)
{
    std::vector<PbnGame> out;
    for (const PbnGame &game : doc.games)
        if (game.hasTags())
            out.push_back(game);
    return out;
}

QString issuesText(const PbnReadResult &r)
{
    QString out;
    for (const PbnIssue &issue : r.issues)
        out += QString::fromStdString(issue.error.message) + '\n';
    return out;
}

PbnParItem item(std::string declarers, int level, Strain strain, Doubling doubling = {},
                int overtricks = 0)
{
    return {std::move(declarers), level, strain, doubling, overtricks};
}

constexpr Doubling X = Doubling::Doubled;
constexpr Doubling XX = Doubling::Redoubled;

} // namespace

Q_DECLARE_METATYPE(PbnParContract)
Q_DECLARE_METATYPE(PbnContract)
Q_DECLARE_METATYPE(Seat)
Q_DECLARE_METATYPE(std::string)

class TestPbnWild : public QObject
{
    Q_OBJECT

private slots:
    void parContract_data();
    void parContract();
    void parContractWritten_data();
    void parContractWritten();
    void parContractErrors_data();
    void parContractErrors();
    void bridgeComposerFile_data();
    void bridgeComposerFile();
    void writtenResultsReadBack();
    void lessonBoards_data();
    void lessonBoards();
    void lessonChecks();
    void auctionErrorsStayErrors_data();
    void auctionErrorsStayErrors();
};

void TestPbnWild::parContract_data()
{
    QTest::addColumn<std::string>("text");
    QTest::addColumn<PbnParContract>("expected");
    const Side ns = Side::NorthSouth;
    const Side ew = Side::EastWest;
    QTest::newRow("side, made") << std::string("NS 6S=")
                                << PbnParContract {ns, {item("", 6, Strain::Spades)}};
    QTest::newRow("seat, N for NT")
        << std::string("E 3N+2") << PbnParContract {ew, {item("E", 3, Strain::NoTrump, {}, 2)}};
    QTest::newRow("north") << std::string("N 3H=")
                           << PbnParContract {ns, {item("N", 3, Strain::Hearts)}};
    QTest::newRow("list with a sacrifice")
        << std::string("NS 4S=, NS 5Dx-1")
        << PbnParContract {ns, {item("", 4, Strain::Spades), item("", 5, Strain::Diamonds, X, -1)}};
    QTest::newRow("list without space")
        << std::string("EW 4H=,EW 4S=")
        << PbnParContract {ew, {item("", 4, Strain::Hearts), item("", 4, Strain::Spades)}};
    QTest::newRow("redoubled seat")
        << std::string("W 5Sxx-2") << PbnParContract {ew, {item("W", 5, Strain::Spades, XX, -2)}};
    QTest::newRow("lower case") << std::string("ns 4s=")
                                << PbnParContract {ns, {item("", 4, Strain::Spades)}};
    QTest::newRow("seats of one side")
        << std::string("S 4H=, N 3NT+1")
        << PbnParContract {ns,
                           {item("S", 4, Strain::Hearts), item("N", 3, Strain::NoTrump, {}, 1)}};
    QTest::newRow("standard, side only")
        << std::string("NS 4S") << PbnParContract {ns, {item("", 4, Strain::Spades)}};
    QTest::newRow("standard, doubled")
        << std::string("EW 4SX-3") << PbnParContract {ew, {item("", 4, Strain::Spades, X, -3)}};
    QTest::newRow("standard, colon")
        << std::string("NS:N 3NT+1") << PbnParContract {ns, {item("N", 3, Strain::NoTrump, {}, 1)}};
    QTest::newRow("older Tenace") << std::string("NS N 3NT+1")
                                  << PbnParContract {ns, {item("N", 3, Strain::NoTrump, {}, 1)}};
    QTest::newRow("standard, list")
        << std::string("NS 4H,4S")
        << PbnParContract {ns, {item("", 4, Strain::Hearts), item("", 4, Strain::Spades)}};
    QTest::newRow("passed out") << std::string("Pass") << PbnParContract {};
}

void TestPbnWild::parContract()
{
    QFETCH(std::string, text);
    QFETCH(PbnParContract, expected);
    const auto par = parsePbnParContract(text);
    QVERIFY2(par.ok(), par.ok() ? "" : par.error().message.c_str());
    QCOMPARE(*par, expected);
    // What we write reads back the same.
    QCOMPARE(parsePbnParContract(par->toPbn()).value(), expected);
    // In a file: no problem, and the bytes are kept.
    const std::string file = "[Board \"1\"]\n[ParContract \"" + text + "\"]\n";
    const PbnReadResult read = readPbn(file);
    QVERIFY2(read.issues.empty(), qPrintable(issuesText(read)));
    QCOMPARE(read.document.games[0].parContract(), std::optional(expected));
    QCOMPARE(writePbn(read.document), file);
}

void TestPbnWild::parContractWritten_data()
{
    QTest::addColumn<PbnParContract>("par");
    QTest::addColumn<std::string>("written");
    const Side ns = Side::NorthSouth;
    const Side ew = Side::EastWest;
    QTest::newRow("made") << PbnParContract {ns, {item("", 4, Strain::Spades)}}
                          << std::string("NS 4S=");
    QTest::newRow("overtrick, one declarer")
        << PbnParContract {ns, {item("N", 3, Strain::NoTrump, {}, 1)}} << std::string("N 3NT+1");
    QTest::newRow("sacrifice") << PbnParContract {ew, {item("", 5, Strain::Diamonds, X, -3)}}
                               << std::string("EW 5Dx-3");
    QTest::newRow("redoubled") << PbnParContract {ns, {item("S", 2, Strain::Hearts, XX, 1)}}
                               << std::string("S 2Hxx+1");
    QTest::newRow("two") << PbnParContract {ew,
                                            {item("", 4, Strain::Hearts),
                                             item("", 4, Strain::Spades)}}
                         << std::string("EW 4H=, EW 4S=");
    QTest::newRow("both of the side written as the side")
        << PbnParContract {ns, {item("NS", 1, Strain::NoTrump)}} << std::string("NS 1NT=");
    QTest::newRow("passed out") << PbnParContract {} << std::string("Pass");
}

void TestPbnWild::parContractWritten()
{
    QFETCH(PbnParContract, par);
    QFETCH(std::string, written);
    QCOMPARE(par.toPbn(), written);
    PbnParContract expected = par;
    for (PbnParItem &c : expected.contracts)
        c.declarers = c.declarers.size() == 1 ? c.declarers : std::string();
    QCOMPARE(parsePbnParContract(written).value(), expected);
}

void TestPbnWild::parContractErrors_data()
{
    QTest::addColumn<std::string>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("both sides") << std::string("NS 4S=, EW 5Dx-1")
                                << "invalid par contract 'NS 4S=, EW 5Dx-1': 'EW' is not of the "
                                   "side of the others";
    QTest::newRow("not a seat") << std::string("NX 4S=")
                                << "invalid par contract 'NX 4S=': 'NX' is not a side or a seat";
    QTest::newRow("no side") << std::string("4S=")
                             << "invalid par contract '4S=' (expected it to start with a side or "
                                "a seat)";
    QTest::newRow("level 8") << std::string("NS 8S=") << "invalid par contract 'NS 8S='";
    QTest::newRow("two results") << std::string("NS 4S=+1") << "invalid par contract 'NS 4S=+1'";
    QTest::newRow("no contract") << std::string("NS") << "invalid par contract 'NS'";
}

void TestPbnWild::parContractErrors()
{
    QFETCH(std::string, text);
    QFETCH(QString, message);
    const auto par = parsePbnParContract(text);
    QVERIFY(!par.ok());
    QVERIFY2(QString::fromStdString(par.error().message).startsWith(message),
             par.error().message.c_str());
    // In a file: an error at the tag's value.
    const PbnReadResult read = readPbn("[Board \"1\"]\n[ParContract \"" + text + "\"]\n");
    QCOMPARE(read.issues.size(), std::size_t(1));
    QCOMPARE(read.issues[0].line, 2);
    QCOMPARE(read.issues[0].column, 15);
    QVERIFY(!read.issues[0].isWarning());
}

void TestPbnWild::bridgeComposerFile_data()
{
    QTest::addColumn<int>("board");
    QTest::addColumn<int>("ddLine"); // the line of ddtables.tsv holding the deal
    QTest::addColumn<std::string>("par"); // as written back by toPbn()
    QTest::addColumn<QString>("declarers"); // the table's declarers (rows for the others absent)
    QTest::newRow("1: NS 6S=, 20 rows N S E W") << 0 << 43 << std::string("NS 6S=") << "NSEW";
    QTest::newRow("2: E 3N+2, 20 rows N E S W, N for NT")
        << 1 << 44 << std::string("E 3NT+2") << "NSEW";
    QTest::newRow("3: N 3H=, 10 rows") << 2 << 43 << std::string("N 3H=") << "NE";
    QTest::newRow("4: list, 10 rows N E") << 3 << 44 << std::string("NS 4S=, NS 5Dx-1") << "NE";
    QTest::newRow("5: list without space, N for NT")
        << 4 << 43 << std::string("EW 4H=, EW 4S=") << "NSEW";
    QTest::newRow("6: redoubled") << 5 << 44 << std::string("W 5Sxx-2") << "NSEW";
}

void TestPbnWild::bridgeComposerFile()
{
    QFETCH(int, board);
    QFETCH(int, ddLine);
    QFETCH(std::string, par);
    QFETCH(QString, declarers);
    const std::string bytes = readData("wild/bridgecomposer.pbn");
    QVERIFY(!bytes.empty());
    const PbnReadResult read = readPbn(bytes);
    QVERIFY2(read.issues.empty(), qPrintable(issuesText(read)));
    QCOMPARE(boards(read.document).size(), std::size_t(6));
    QCOMPARE(writePbn(read.document), bytes); // re-saved byte for byte
    const PbnGame game = boards(read.document)[static_cast<std::size_t>(board)];
    QCOMPARE(game.parContract().value().toPbn(), par);
    const DdTable reference = referenceTable(ddLine);
    const DdTable table = game.optimumResultTable().value();
    for (Seat seat : allSeats) {
        const bool given = declarers.contains(QChar(seatLetter(seat)));
        for (Strain strain : allStrains)
            QCOMPARE(table(strain, seat), given ? reference(strain, seat) : unknownTricks);
    }
}

void TestPbnWild::writtenResultsReadBack()
{
    // What setDdResults() writes (BridgeComposer's layout and ParContract form) reads back.
    PbnDocument doc = readPbn(readData("wild/bridgecomposer.pbn")).document;
    const DdTable table = referenceTable(43);
    std::vector<PbnParContract> pars;
    for (PbnGame &game : doc.games) {
        if (!game.hasTags())
            continue;
        pars.push_back(game.parContract().value());
        game.setDdResults(table, 980, pars.back());
    }
    const std::string written = writePbn(doc);
    const PbnReadResult again = readPbn(written);
    QVERIFY2(again.issues.empty(), qPrintable(issuesText(again)));
    QVERIFY(written.find("[ParContract \"NS 4S=, NS 5Dx-1\"]") != std::string::npos);
    const std::vector<PbnGame> read = boards(again.document);
    QCOMPARE(read.size(), pars.size());
    for (std::size_t i = 0; i < read.size(); ++i) {
        QCOMPARE(read[i].parContract(), std::optional(pars[i]));
        QCOMPARE(read[i].optimumResultTable(), std::optional(table));
    }
}

void TestPbnWild::lessonBoards_data()
{
    QTest::addColumn<int>("board");
    QTest::addColumn<PbnContract>("contract");
    QTest::addColumn<Seat>("declarer");
    QTest::addColumn<int>("warnings");
    QTest::newRow("1: 5D all pass")
        << 0 << PbnContract {false, 5, Strain::Diamonds, {}} << Seat::East << 0;
    QTest::newRow("2: 4S All Pass, then Pass")
        << 1 << PbnContract {false, 4, Strain::Spades, {}} << Seat::South << 1;
    QTest::newRow("3: 4S, four passes")
        << 2 << PbnContract {false, 4, Strain::Spades, {}} << Seat::North << 1;
}

void TestPbnWild::lessonBoards()
{
    QFETCH(int, board);
    QFETCH(PbnContract, contract);
    QFETCH(Seat, declarer);
    QFETCH(int, warnings);
    const std::string bytes = readData("wild/lesson.pbn");
    PbnReadOptions options;
    options.sourceName = "lesson.pbn";
    const PbnReadResult read = readPbn(bytes, options);
    QVERIFY2(read.ok(), qPrintable(issuesText(read))); // warnings only
    QCOMPARE(writePbn(read.document), bytes);
    int found = 0;
    for (const PbnIssue &issue : read.issues) {
        QVERIFY(issue.isWarning());
        QVERIFY2(QString::fromStdString(issue.error.message)
                     .contains(QRegularExpression("^lesson\\.pbn: line \\d+, column \\d+: "
                                                  "warning: Pass after the end of the auction")),
                 issue.error.message.c_str());
        const PbnGame &of = read.document.games[static_cast<std::size_t>(issue.game)];
        found += of.tagValue("Board") == std::to_string(board + 1) ? 1 : 0;
    }
    QCOMPARE(found, warnings);
    // The board loads whole: deal, auction (to the contract of the tags), contract, play.
    const PbnGame game = boards(read.document)[static_cast<std::size_t>(board)];
    const Deal deal = game.deal().value();
    QVERIFY(checkComplete(deal).ok());
    QCOMPARE(game.contract(), std::optional(contract));
    QCOMPARE(game.declarer().value().seat, std::optional(declarer));
    QVERIFY(game.tagValue("Student").has_value());
    const auto auction = game.auction();
    QVERIFY(auction.has_value());
    const auto outcome = evaluatePbnAuction(*auction);
    QVERIFY(outcome.ok());
    QVERIFY(outcome->finished);
    QCOMPARE(outcome->contract.level, contract.level);
    QCOMPARE(outcome->contract.strain, contract.strain);
    QCOMPARE(outcome->contract.declarer, declarer);
    QCOMPARE(outcome->warnings.size(), std::size_t(warnings));
    const auto play = game.play();
    QVERIFY(play.has_value());
    QCOMPARE(play->first, leftHandOpponent(declarer));
    QCOMPARE(pbnPlaySequence(*play, contract.strain, &deal).value().size(), std::size_t(8));
}

void TestPbnWild::lessonChecks()
{
    std::ostringstream messages;
    const int problems = checkFile(readData("wild/lesson.pbn"), "lesson.pbn", messages);
    QCOMPARE(problems, 0);
    QCOMPARE(messages.str(),
             std::string("lesson.pbn: line 35, column 1: warning: Pass after the end of the "
                         "auction (ignored)\n"
                         "lesson.pbn: line 54, column 16: warning: Pass after the end of the "
                         "auction (ignored)\n"
                         "lesson.pbn: 3 boards, no problems, 2 warnings\n"));
}

void TestPbnWild::auctionErrorsStayErrors_data()
{
    QTest::addColumn<std::string>("calls");
    QTest::addColumn<QString>("message");
    QTest::newRow("bid after the end") << std::string("1S Pass Pass Pass 2H")
                                       << "line 3, column 19: 2H after the end of the auction";
    QTest::newRow("double after the end") << std::string("1S Pass Pass Pass X")
                                          << "line 3, column 19: X after the end of the auction";
    QTest::newRow("all alone") << std::string("1S all") << "line 3, column 4: unknown call 'all'";
}

void TestPbnWild::auctionErrorsStayErrors()
{
    QFETCH(std::string, calls);
    QFETCH(QString, message);
    const PbnReadResult read = readPbn("[Board \"1\"]\n[Auction \"N\"]\n" + calls + "\n");
    QCOMPARE(read.issues.size(), std::size_t(1));
    QVERIFY(!read.issues[0].isWarning());
    QVERIFY(!read.ok());
    QVERIFY2(QString::fromStdString(read.issues[0].error.message).startsWith(message),
             read.issues[0].error.message.c_str());
}

QTEST_APPLESS_MAIN(TestPbnWild)
#include "tst_pbn_wild.moc"
