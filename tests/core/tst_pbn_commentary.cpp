// The commentary a reader sees: comments in file order (before the tags, between them, inside
// sections), without delimiters, suit escapes as symbols, paragraphs kept; from files written
// for the tests and from real files.

#include "core/formats/pbn_commentary.h"
#include "core/formats/pbn_reader.h"

#include <QTest>

using namespace tenace::core;

namespace {

std::string dataFile(const std::string &name)
{
    auto bytes = readFileBytes(std::string(TENACE_TEST_DATA) + "/" + name);
    return bytes ? *bytes : std::string();
}

PbnDocument read(const std::string &bytes)
{
    return readPbn(bytes).document;
}

} // namespace

class TestPbnCommentary : public QObject
{
    Q_OBJECT
private slots:
    void displayText_data();
    void displayText();
    void lessonFile();
    void sectionCommentsInOrder();
    void latin1File();
    void realFile();
};

void TestPbnCommentary::displayText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("pbn escapes") << "West leads the \\S3, \\HA wins"
                                 << "West leads the \u26603, \u2665A wins";
    QTest::newRow("bbo escapes") << "5+ !h; !S stopper"
                                 << "5+ \u2665; \u2660 stopper";
    QTest::newRow("words kept") << "!Hearts and \\says"
                                << "!Hearts and \\says";
    QTest::newRow("lines joined") << "  one\r\n  two  \n"
                                  << "one two";
    QTest::newRow("paragraphs") << "one\n\n\ntwo"
                                << "one\n\ntwo";
    QTest::newRow("blank") << " \n \n"
                           << "";
}

void TestPbnCommentary::displayText()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(pbnDisplayText(text.toStdString())), expected);
}

void TestPbnCommentary::lessonFile()
{
    const PbnDocument doc = read(dataFile("reading/lesson.pbn"));
    QCOMPARE(doc.games.size(), std::size_t {4});
    const std::vector<std::string> first = pbnCommentary(doc.games[0]);
    QCOMPARE(first.size(), std::size_t {2});
    QCOMPARE(QString::fromStdString(first[0]),
             QStringLiteral("You are South. West leads the \u26603. Plan the play before you "
                            "touch a card.\n\nHow many tricks do you have on top?"));
    QCOMPARE(QString::fromStdString(first[1]),
             QStringLiteral("Count your winners: four top tricks in the minors and the \u2660A."));
    QCOMPARE(pbnCommentary(doc.games[1]),
             std::vector<std::string> {"Nobody opened: a passed-out board."});
    QVERIFY(pbnCommentary(doc.games[2]).empty());
    QCOMPARE(pbnCommentary(doc.games[3]).size(), std::size_t {1});
}

void TestPbnCommentary::sectionCommentsInOrder()
{
    const std::string text = "{before} [Board \"1\"]\n"
                             "[Deal \"N:AQ4.KJ3.AK52.432 K72.Q954.Q7.KQJ8 J65.AT8.J843.A97 "
                             "T983.762.T96.T65\"]\n"
                             "; after the deal\n"
                             "[Auction \"N\"]\n1NT {strong} Pass 3NT AP\n"
                             "[Play \"E\"]\nS3 {the lead} S4 S5 S8\n*\n";
    const PbnDocument doc = read(text);
    QCOMPARE(doc.games.size(), std::size_t {1});
    const std::vector<std::string> expected {"before", "after the deal", "strong", "the lead"};
    QCOMPARE(pbnCommentary(doc.games[0]), expected);
}

void TestPbnCommentary::latin1File()
{
    const PbnDocument doc = read(dataFile("reading/latin1.pbn"));
    QCOMPARE(doc.games.size(), std::size_t {1});
    QCOMPARE(QString::fromStdString(doc.games[0].tagValue("Event").value_or("")),
             QStringLiteral("\u00dcbungsabend"));
    const std::vector<std::string> comments = pbnCommentary(doc.games[0]);
    QCOMPARE(comments.size(), std::size_t {1});
    QCOMPARE(QString::fromStdString(comments[0]),
             QStringLiteral("Sch\u00f6n gespielt: der \u2660K sitzt."));
}

void TestPbnCommentary::realFile()
{
    // bridge-bots' sample: a multi-line comment with a nested brace and square brackets.
    const PbnDocument doc = read(dataFile("fixtures/pbn/bridgebots-sample.pbn"));
    bool found = false;
    for (const PbnGame &game : doc.games) {
        for (const std::string &comment : pbnCommentary(game)) {
            QVERIFY(!comment.empty());
            QVERIFY(comment.find('\n') == std::string::npos ||
                    comment.find("\n\n") != std::string::npos);
            found = found || comment.find("[datum is N/S minus 110]") != std::string::npos;
        }
    }
    QVERIFY(found);
}

QTEST_APPLESS_MAIN(TestPbnCommentary)
#include "tst_pbn_commentary.moc"
