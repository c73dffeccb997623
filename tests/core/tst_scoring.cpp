// Duplicate scoring (law 77). The expected values were worked out by hand from the law's scoring
// table, not from the implementation. Each row is named by the result it scores, "4SX+1 v":
// level, strain (C D H S NT), X / XX, then "=" for just made, "+n" overtricks or "-n" undertricks,
// then "nv" / "v" for declarer's vulnerability. The row name is the only description of the
// contract: the test parses it, so the name and the scored result cannot drift apart.

#include "core/model/scoring.h"

#include <QTest>

#include <optional>

using namespace tenace::core;

namespace {

struct ScoredResult
{
    Contract contract;
    int tricks = 0;
    bool vulnerable = false;
};

std::optional<ScoredResult> parseResult(const QString &name)
{
    const QStringList parts = name.split(' ');
    if (parts.size() != 2 || (parts[1] != "v" && parts[1] != "nv"))
        return std::nullopt;
    QString text = parts[0];
    ScoredResult r;
    r.vulnerable = parts[1] == "v";
    r.contract.level = text.left(1).toInt();
    text.remove(0, 1);
    if (text.startsWith("NT")) {
        r.contract.strain = Strain::NoTrump;
        text.remove(0, 2);
    } else {
        auto strain = strainFromLetter(text.isEmpty() ? '?' : text[0].toLatin1());
        if (!strain || *strain == Strain::NoTrump)
            return std::nullopt;
        r.contract.strain = *strain;
        text.remove(0, 1);
    }
    if (text.startsWith("XX")) {
        r.contract.doubling = Doubling::Redoubled;
        text.remove(0, 2);
    } else if (text.startsWith("X")) {
        r.contract.doubling = Doubling::Doubled;
        text.remove(0, 1);
    }
    bool ok = true;
    const int offset = text == "=" ? 0 : text.toInt(&ok); // "+2" and "-3" parse as signed ints
    if (r.contract.level < 1 || r.contract.level > 7 || !ok)
        return std::nullopt;
    r.tricks = r.contract.tricksNeeded() + offset;
    if (r.tricks < 0 || r.tricks > 13)
        return std::nullopt;
    return r;
}

void addRow(const char *name, int expected)
{
    QTest::newRow(name) << expected;
}

} // namespace

class TestScoring : public QObject
{
    Q_OBJECT
private slots:
    void score_data();
    void score();
    void undertricks_data();
    void undertricks();
    void sidesAreIndependentOfDeclarer();
};

void TestScoring::score_data()
{
    QTest::addColumn<int>("expected");

    // Undoubled part scores: trick score + 50.
    addRow("1C= nv", 70);
    addRow("1D= v", 70);
    addRow("1H= nv", 80);
    addRow("1S+1 v", 110);
    addRow("1NT= nv", 90);
    addRow("1NT+2 v", 150);
    addRow("2C= nv", 90);
    addRow("2H= nv", 110);
    addRow("2NT= v", 120);
    addRow("3C= nv", 110);
    addRow("3D+2 v", 150);
    addRow("3H= nv", 140);
    addRow("3S+1 v", 170);
    addRow("4C= nv", 130); // 80: still a part score
    addRow("4D+1 v", 150); // overtricks do not count towards game

    // Undoubled games: 300 not vulnerable, 500 vulnerable.
    addRow("3NT= nv", 400);
    addRow("3NT= v", 600);
    addRow("3NT+1 v", 630);
    addRow("4H= nv", 420);
    addRow("4S= nv", 420);
    addRow("4S= v", 620);
    addRow("4S+2 v", 680);
    addRow("5C= nv", 400);
    addRow("5D= v", 600);
    addRow("5H= v", 650);
    addRow("5NT+1 nv", 490);

    // Undoubled slams: small 500 / 750, grand 1000 / 1500, on top of the game bonus.
    addRow("6C= nv", 920);
    addRow("6D+1 v", 1390);
    addRow("6H= v", 1430);
    addRow("6S+1 nv", 1010);
    addRow("6NT= nv", 990);
    addRow("6NT= v", 1440);
    addRow("7C= nv", 1440);
    addRow("7D= v", 2140);
    addRow("7H= nv", 1510);
    addRow("7S= v", 2210);
    addRow("7NT= nv", 1520);
    addRow("7NT= v", 2220);

    // Doubled and made: trick score doubled, insult 50, overtricks 100 / 200.
    addRow("1CX= nv", 140);
    addRow("1CX+1 nv", 240);
    addRow("1CX+1 v", 340);
    addRow("1DX= v", 140);
    addRow("1SX= nv", 160);
    addRow("1NTX= v", 180);
    addRow("2DX= nv", 180);
    addRow("2HX= nv", 470); // 120: doubled into game
    addRow("2HX= v", 670);
    addRow("2NTX= nv", 490);
    addRow("3CX= v", 670);
    addRow("3NTX= nv", 550);
    addRow("4HX+2 nv", 790);
    addRow("4SX= v", 790);
    addRow("4SX+1 v", 990);
    addRow("6CX= v", 1540);
    addRow("7SX= nv", 1770);
    addRow("7NTX= v", 2490);

    // Redoubled and made: trick score x4, insult 100, overtricks 200 / 400.
    addRow("1CXX= nv", 230);
    addRow("1CXX= v", 230);
    addRow("1CXX+1 nv", 430);
    addRow("1CXX+1 v", 630);
    addRow("1HXX= nv", 520); // 120: redoubled into game
    addRow("1HXX= v", 720);
    addRow("1NTXX= nv", 560);
    addRow("1NTXX+2 v", 1560);
    addRow("2DXX= nv", 560);
    addRow("3NTXX+3 nv", 1400);
    addRow("4SXX= v", 1080);
    addRow("6HXX= nv", 1620);
    addRow("7NTXX= v", 2980);

    // Undoubled down: 50 / 100 a trick.
    addRow("4S-1 nv", -50);
    addRow("4S-1 v", -100);
    addRow("3NT-3 nv", -150);
    addRow("3NT-3 v", -300);
    addRow("1C-7 nv", -350);
    addRow("7NT-13 nv", -650);
    addRow("7NT-13 v", -1300);

    // Doubled down, not vulnerable: 100, 300, 500, 800, then 300 more a trick.
    addRow("1NTX-1 nv", -100);
    addRow("2SX-2 nv", -300);
    addRow("3HX-3 nv", -500);
    addRow("4SX-4 nv", -800);
    addRow("5DX-5 nv", -1100);
    addRow("6CX-6 nv", -1400);
    addRow("7NTX-7 nv", -1700);
    addRow("5CX-8 nv", -2000);
    addRow("7NTX-13 nv", -3500);

    // Doubled down, vulnerable: 200, 500, 800, then 300 more a trick.
    addRow("1NTX-1 v", -200);
    addRow("2SX-2 v", -500);
    addRow("3HX-3 v", -800);
    addRow("4SX-4 v", -1100);
    addRow("6CX-10 v", -2900);
    addRow("7NTX-13 v", -3800);

    // Redoubled down: twice the doubled penalty.
    addRow("1CXX-1 nv", -200);
    addRow("3NTXX-2 nv", -600);
    addRow("4HXX-4 nv", -1600);
    addRow("1CXX-1 v", -400);
    addRow("4HXX-3 v", -1600);
    addRow("7NTXX-13 nv", -7000);
    addRow("7NTXX-13 v", -7600);
}

void TestScoring::score()
{
    QFETCH(int, expected);
    const auto result = parseResult(QString::fromLatin1(QTest::currentDataTag()));
    QVERIFY2(result, "row name is not a contract result");
    QCOMPARE(tenace::core::score(result->contract, result->tricks, result->vulnerable), expected);
}

// Every undertrick count 1..13 in all six doubling / vulnerability combinations, at every level
// where that many undertricks are possible. The penalty does not depend on level or strain.
void TestScoring::undertricks_data()
{
    QTest::addColumn<int>("expected");
    // Penalties for 1..13 undertricks, written out from the law's table.
    constexpr int undoubledNv[] = {50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650};
    constexpr int undoubledV[] = {100, 200, 300,  400,  500,  600, 700,
                                  800, 900, 1000, 1100, 1200, 1300};
    constexpr int doubledNv[] = {100,  300,  500,  800,  1100, 1400, 1700,
                                 2000, 2300, 2600, 2900, 3200, 3500};
    constexpr int doubledV[] = {200,  500,  800,  1100, 1400, 1700, 2000,
                                2300, 2600, 2900, 3200, 3500, 3800};
    constexpr int redoubledNv[] = {200,  600,  1000, 1600, 2200, 2800, 3400,
                                   4000, 4600, 5200, 5800, 6400, 7000};
    constexpr int redoubledV[] = {400,  1000, 1600, 2200, 2800, 3400, 4000,
                                  4600, 5200, 5800, 6400, 7000, 7600};
    struct Column
    {
        const char *doubling;
        const char *vul;
        const int *penalties;
    };
    const Column columns[] = {
        {"", "nv", undoubledNv}, {"", "v", undoubledV},     {"X", "nv", doubledNv},
        {"X", "v", doubledV},    {"XX", "nv", redoubledNv}, {"XX", "v", redoubledV},
    };
    const char *strains[] = {"C", "D", "H", "S", "NT"};
    for (const Column &column : columns) {
        for (int level = 1; level <= 7; ++level) {
            for (int down = 1; down <= level + 6; ++down) {
                const char *strain = strains[(level + down) % 5];
                const QByteArray name = QByteArray::number(level) + strain + column.doubling + "-" +
                    QByteArray::number(down) + " " + column.vul;
                QTest::newRow(name.constData()) << -column.penalties[down - 1];
            }
        }
    }
}

void TestScoring::undertricks()
{
    score();
}

void TestScoring::sidesAreIndependentOfDeclarer()
{
    Contract contract {4, Strain::Hearts, Doubling::Doubled, Seat::North};
    const int north = tenace::core::score(contract, 11, true);
    for (Seat s : allSeats) {
        contract.declarer = s;
        QCOMPARE(tenace::core::score(contract, 11, true), north);
    }
    QCOMPARE(north, 990);
}

QTEST_APPLESS_MAIN(TestScoring)
#include "tst_scoring.moc"
