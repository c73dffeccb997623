// Par against DDS 2.9: every row and column of par.tsv (2,000 deals x 4 vulnerabilities, each
// deal's DD table from ddtables.tsv), the PAR / PAR2 lines of DDS's own regression hands
// (dds-hands/), named edge cases, the plain-language explanation, and the par.tsv batch writer.
// Several par contracts are compared as sets: DDS's order carries no meaning.

#include "core/commands/par_batch.h"
#include "core/par/par.h"
#include "core/par/par_explain.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTest>

#include <sstream>

using namespace tenace::core;

namespace {

const QString dataDir = QStringLiteral(TENACE_TEST_DATA);

QStringList readLines(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QStringList lines = QString::fromLatin1(file.readAll()).split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

// 20 numbers in the DDS resTable order: strains S H D C NT, declarers N E S W within each.
std::optional<DdTable> tableFromNumbers(const QStringList &numbers)
{
    if (numbers.size() != 20)
        return std::nullopt;
    DdTable table;
    for (int i = 0; i < 20; ++i) {
        bool ok = false;
        table.at(strainAt(i / 4), seatAt(i % 4)) = numbers[i].toInt(&ok);
        if (!ok)
            return std::nullopt;
    }
    return table;
}

DdTable tableFromText(const QString &text)
{
    const auto table = tableFromNumbers(text.split(' ', Qt::SkipEmptyParts));
    if (!table)
        qFatal("bad table %s", qPrintable(text));
    return *table;
}

std::optional<Vulnerability> vulnerabilityFromName(const QString &name)
{
    const QStringList names {"None", "NS", "EW", "All"};
    const qsizetype i = names.indexOf(name);
    if (i < 0)
        return std::nullopt;
    return static_cast<Vulnerability>(i);
}

// DDS's Vulnerable encoding (dds-hands files): 0 None, 1 Both, 2 NS, 3 EW.
Vulnerability vulnerabilityFromDds(int code)
{
    constexpr std::array<Vulnerability, 4> map {Vulnerability::None, Vulnerability::Both,
                                                Vulnerability::NorthSouth, Vulnerability::EastWest};
    return map[static_cast<std::size_t>(code & 3)];
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QString joined(const std::vector<std::string> &items)
{
    QStringList list;
    for (const std::string &item : items)
        list << q(item);
    return list.join(' ');
}

// The 20 par columns of par.tsv (3..22) for a table and vulnerability, through the public API.
QStringList parColumns(const DdTable &table, Vulnerability vulnerability)
{
    const auto sides = sidesPar(table, vulnerability);
    if (!sides)
        return {};
    const ParResult &ns = (*sides)[Side::NorthSouth];
    const ParResult &ew = (*sides)[Side::EastWest];
    QStringList columns {
        q(formatParScore(ns, Side::NorthSouth)), q(formatParScore(ew, Side::EastWest)),
        q(formatParContracts(ns, Side::NorthSouth)), q(formatParContracts(ew, Side::EastWest))};
    for (Seat dealer : allSeats) {
        const auto par = dealerPar(table, vulnerability, dealer);
        columns << QString::number(par->score) << joined(formatDealerParContracts(*par))
                << q(formatDealerParText(*par));
    }
    for (const ParResult *r : {&ns, &ew}) {
        const Side view = r == &ns ? Side::NorthSouth : Side::EastWest;
        QStringList contracts;
        for (const ParContract &c : r->contracts)
            contracts << q(formatDealerParContract(c));
        columns << QString::number(r->scoreFor(view))
                << (contracts.isEmpty() ? QString("-") : contracts.join(' '));
    }
    return columns;
}

// A value with its list of contracts made order-free: "NS:a,b" -> "NS:" + sorted items;
// "Par 90: NS 1N NS 2D" -> "Par 90:" + sorted pairs; a space-separated list -> sorted items.
QString normalized(const QString &column, const QString &value)
{
    if (!column.contains("contracts") && !column.endsWith(".text"))
        return value;
    QStringList items;
    QString head;
    if (value.startsWith("NS:") || value.startsWith("EW:")) {
        head = value.left(3);
        items = value.mid(3).split(',', Qt::SkipEmptyParts);
    } else if (value.startsWith("Par ")) {
        const qsizetype colon = value.indexOf(':');
        head = value.left(colon + 1);
        const QStringList tokens = value.mid(colon + 1).split(' ', Qt::SkipEmptyParts);
        for (qsizetype i = 0; i + 1 < tokens.size(); i += 2)
            items << tokens[i] + ' ' + tokens[i + 1];
    } else {
        items = value.split(' ', Qt::SkipEmptyParts);
    }
    items.sort();
    return head + '{' + items.join('|') + '}';
}

// Compares computed and expected columns; returns the mismatches, one line each.
QStringList mismatches(const QStringList &names, const QStringList &got, const QStringList &want)
{
    QStringList out;
    for (qsizetype i = 0; i < names.size(); ++i) {
        const QString g = got.value(i);
        if (normalized(names[i], g) != normalized(names[i], want.value(i)))
            out << QString("%1: got '%2', want '%3'").arg(names[i], g, want.value(i));
    }
    return out;
}

// A hand of a DDS regression file (dds-hands/*.txt).
struct DdsHand
{
    QString name;
    Seat dealer = Seat::North;
    Vulnerability vulnerability = Vulnerability::None;
    DdTable table;
    QStringList par; // the four PAR strings
    QStringList par2; // the PAR2 score, then the contracts
};

QStringList quoted(const QString &line)
{
    QStringList out;
    const QStringList parts = line.split('"');
    for (qsizetype i = 1; i < parts.size(); i += 2)
        out << parts[i];
    return out;
}

QList<DdsHand> readDdsHands(const QString &file)
{
    QList<DdsHand> hands;
    for (const QString &line : readLines(dataDir + "/dds-hands/" + file)) {
        const QStringList words = line.split(' ', Qt::SkipEmptyParts);
        if (words.isEmpty())
            continue;
        if (words[0] == "PBN") {
            DdsHand hand;
            hand.name = QString("%1 #%2").arg(file).arg(hands.size() + 1);
            hand.dealer = seatAt(words.value(1).toInt());
            hand.vulnerability = vulnerabilityFromDds(words.value(2).toInt());
            hands << hand;
        } else if (words[0] == "TABLE" && !hands.isEmpty()) {
            hands.last().table = tableFromText(words.mid(1, 20).join(' '));
        } else if (words[0] == "PAR" && !hands.isEmpty()) {
            hands.last().par = quoted(line);
        } else if (words[0] == "PAR2" && !hands.isEmpty()) {
            hands.last().par2 = quoted(line);
        }
    }
    return hands;
}

int g_parTsvMismatches = 0;
int g_ddsHandMismatches = 0;

} // namespace

class TestPar : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void parTsv_data();
    void parTsv();
    void ddsHands_data();
    void ddsHands();
    void whoBidsFirst();
    void edgeCases_data();
    void edgeCases();
    void typedResult();
    void invalidTable();
    void explain_data();
    void explain();
    void batchReproducesParTsv();
    void batchErrors_data();
    void batchErrors();

private:
    QStringList m_columns; // par.tsv column names 3..22
    QList<QStringList> m_parRows; // par.tsv rows, split at tabs
    QHash<QString, DdTable> m_tables; // ddtables.tsv by deal
    QStringList m_tableDeals; // ddtables.tsv deals, in order
};

void TestPar::initTestCase()
{
    QStringList lines = readLines(dataDir + "/ddtables.tsv");
    QVERIFY(lines.value(0).startsWith('#'));
    for (const QString &line : lines.mid(1)) {
        const QStringList fields = line.split('\t');
        const auto table = tableFromNumbers(fields.mid(1));
        QVERIFY2(table, qPrintable(line));
        m_tables.insert(fields[0], *table);
        m_tableDeals << fields[0];
    }
    QCOMPARE(m_tableDeals.size(), 2000);

    lines = readLines(dataDir + "/par.tsv");
    m_columns = lines.value(0).mid(1).split('\t').mid(2);
    QCOMPARE(m_columns.size(), 20);
    for (const QString &line : lines.mid(1))
        m_parRows << line.split('\t');
    QCOMPARE(m_parRows.size(), 8000);
}

void TestPar::cleanupTestCase()
{
    qInfo("par.tsv: %d mismatched cells of %lld; dds-hands: %d mismatched hands",
          g_parTsvMismatches, static_cast<long long>(m_parRows.size()) * 20, g_ddsHandMismatches);
}

void TestPar::parTsv_data()
{
    QTest::addColumn<int>("row");
    for (int i = 0; i < m_parRows.size(); ++i) {
        QTest::addRow("row %d (deal %d, %s)", i + 1, i / 4 + 1, qPrintable(m_parRows[i].value(1)))
            << i;
    }
}

void TestPar::parTsv()
{
    QFETCH(int, row);
    const QStringList &fields = m_parRows[row];
    QCOMPARE(fields.size(), 22);
    // par.tsv rows follow ddtables.tsv: four per deal, vulnerabilities None, NS, EW, All.
    QCOMPARE(fields[0], m_tableDeals.value(row / 4));
    const auto vulnerability = vulnerabilityFromName(fields[1]);
    QVERIFY(vulnerability);
    QCOMPARE(int(*vulnerability), row % 4);
    const QStringList bad =
        mismatches(m_columns, parColumns(m_tables.value(fields[0]), *vulnerability), fields.mid(2));
    g_parTsvMismatches += int(bad.size());
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
}

void TestPar::ddsHands_data()
{
    QTest::addColumn<int>("file");
    QTest::addColumn<int>("hand");
    const QStringList files {"list1000.txt", "list100.txt", "list10.txt",
                             "largest.txt",  "thomas1.txt", "thomas2.txt"};
    for (int f = 0; f < files.size(); ++f) {
        const QList<DdsHand> hands = readDdsHands(files[f]);
        QVERIFY(!hands.isEmpty());
        for (int h = 0; h < hands.size(); ++h)
            QTest::newRow(qPrintable(hands[h].name)) << f << h;
    }
}

void TestPar::ddsHands()
{
    QFETCH(int, file);
    QFETCH(int, hand);
    static QHash<int, QList<DdsHand>> cache;
    const QStringList files {"list1000.txt", "list100.txt", "list10.txt",
                             "largest.txt",  "thomas1.txt", "thomas2.txt"};
    if (!cache.contains(file))
        cache.insert(file, readDdsHands(files[file]));
    const DdsHand &h = cache[file][hand];
    QCOMPARE(h.par.size(), 4);
    QVERIFY(h.par2.size() >= 2);

    const QStringList columns = parColumns(h.table, h.vulnerability);
    const int d = index(h.dealer);
    const QStringList names {"par.NS.score",     "par.EW.score", "par.NS.contracts",
                             "par.EW.contracts", "dealer.score", "dealer.contracts"};
    const QStringList got = columns.mid(0, 4) + columns.mid(4 + 3 * d, 2);
    const QStringList want = h.par + QStringList {h.par2[0], h.par2.mid(1).join(' ')};
    const QStringList bad = mismatches(names, got, want);
    g_ddsHandMismatches += bad.isEmpty() ? 0 : 1;
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
}

// thomas2.txt: the one known deal whose par depends on which side bids first. All four hands
// make exactly 1NT; whoever bids it first gets it, in each form.
void TestPar::whoBidsFirst()
{
    const QList<DdsHand> hands = readDdsHands("thomas2.txt");
    QCOMPARE(hands.size(), 1);
    const DdTable &table = hands[0].table;
    const Vulnerability vul = hands[0].vulnerability;
    QCOMPARE(vul, Vulnerability::EastWest);

    const auto sides = sidesPar(table, vul);
    QVERIFY(sides);
    QVERIFY(sides->dependsOnFirstBidder());
    QCOMPARE(formatParScore((*sides)[Side::NorthSouth], Side::NorthSouth), "NS 90");
    QCOMPARE(formatParScore((*sides)[Side::EastWest], Side::EastWest), "EW 90");
    QCOMPARE(formatParContracts((*sides)[Side::NorthSouth], Side::NorthSouth), "NS:NS 1N");
    QCOMPARE(formatParContracts((*sides)[Side::EastWest], Side::EastWest), "EW:EW 1N");
    for (Seat dealer : allSeats) {
        const auto par = dealerPar(table, vul, dealer);
        const bool ns = sideOf(dealer) == Side::NorthSouth;
        QCOMPARE(par->score, ns ? 90 : -90);
        QCOMPARE(joined(formatDealerParContracts(*par)), ns ? "1N-NS" : "1N-EW");
        QCOMPARE(formatDealerParText(*par), ns ? "Par 90: NS 1N" : "Par -90: EW 1N");
    }
}

// Constructed and reference tables for each kind of edge case. Columns: the table (20 numbers,
// DDS order), vulnerability, dealer, then the expected Par() strings for both views and the
// DealerPar score, contracts and text for that dealer. Rows taken from par.tsv or dds-hands say
// so; the others are constructed and their expectations worked out by hand.
void TestPar::edgeCases_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("vul");
    QTest::addColumn<QString>("dealer");
    QTest::addColumn<QStringList>("expected");

    const QString flat6 = "6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6";
    QTest::newRow("passed out") << flat6 << "None"
                                << "N"
                                << QStringList {"NS 0", "EW 0", "NS:", "EW:", "0", "pass", "-"};
    QTest::newRow("passed out, all vulnerable")
        << "6 5 6 5 6 6 5 6 4 3 4 3 2 1 0 6 6 6 6 6"
        << "All"
        << "W" << QStringList {"NS 0", "EW 0", "NS:", "EW:", "0", "pass", "-"};

    // Both sides make exactly 1NT (the opening lead decides): the views differ.
    const QString both1N = "6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 7 7 7 7";
    QTest::newRow("both make 1NT, North deals")
        << both1N << "None"
        << "N"
        << QStringList {"NS 90", "EW 90", "NS:NS 1N", "EW:EW 1N", "90", "1N-NS", "Par 90: NS 1N"};
    QTest::newRow("both make 1NT, West deals")
        << both1N << "All"
        << "W"
        << QStringList {"NS 90", "EW 90", "NS:NS 1N", "EW:EW 1N", "-90", "1N-EW", "Par -90: EW 1N"};
    // Only South makes 1NT for NS, East and West both do. With North dealing, East bids it
    // before South (our reading of DealerPar: the seats bid in turn from the dealer).
    const QString south1N = "6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 7 7 7";
    QTest::newRow("1NT by South or East-West, North deals")
        << south1N << "None"
        << "N"
        << QStringList {"NS 90", "EW 90", "NS:S 1N", "EW:EW 1N", "-90", "1N-EW", "Par -90: EW 1N"};
    QTest::newRow("1NT by South or East-West, South deals")
        << south1N << "None"
        << "S"
        << QStringList {"NS 90", "EW 90", "NS:S 1N", "EW:EW 1N", "90", "1N-S", "Par 90: S 1N"};

    // par.tsv deal 1 (N holds all the spades): EW sacrifice in 7NT, all four vulnerabilities.
    const QString deal1 = "13 0 13 0 2 11 2 11 4 9 4 9 2 11 2 10 2 11 2 0";
    const QStringList vuls {"None", "NS", "EW", "All"};
    const QStringList deal1Scores {"300", "300", "500", "500"};
    for (int v = 0; v < 4; ++v) {
        const QString score = deal1Scores[v];
        QTest::addRow("7-level sacrifice, vul %s", qPrintable(vuls[v]))
            << deal1 << vuls[v] << "E"
            << QStringList {"NS " + score,
                            "EW -" + score,
                            "NS:E 7Nx",
                            "EW:E 7Nx",
                            score,
                            "7N*-E-2",
                            "Par " + score + ": E 7Nx-2"};
    }
    // par.tsv deal 4: NS make 7C; EW sacrifice in four strains, some by East only.
    QTest::newRow("7-level sacrifices in four strains")
        << "4 9 4 9 4 9 4 8 4 9 4 9 13 0 13 0 4 9 4 0"
        << "EW"
        << "S"
        << QStringList {"NS 1100",
                        "EW -1100",
                        "NS:E 7Nx,EW 7Sx,E 7Hx,EW 7Dx",
                        "EW:E 7Nx,EW 7Sx,E 7Hx,EW 7Dx",
                        "1100",
                        "7D*-EW-4 7H*-E-4 7S*-EW-4 7N*-E-4",
                        "Par 1100: E 7Nx-4 EW 7Sx-4 E 7Hx-4 EW 7Dx-4"};
    // par.tsv deal 21: EW make 10 tricks in either minor; the level where NS's 2H/2S sacrifice
    // stops paying depends on NS's vulnerability.
    const QString deal21 = "7 6 6 6 7 6 6 6 3 10 3 10 3 10 3 10 7 6 5 6";
    const QStringList deal21Levels {"34", "234", "34", "234"};
    for (int v = 0; v < 4; ++v) {
        const bool low = deal21Levels[v] == "234";
        const QString lv = deal21Levels[v];
        const QString dealerForm = low ? "2D-EW+2 2C-EW+2" : "3D-EW+1 3C-EW+1";
        const QString text = low ? "Par -130: EW 2D+2 EW 2C+2" : "Par -130: EW 3D+1 EW 3C+1";
        QTest::addRow("part score pushed up by a sacrifice, vul %s", qPrintable(vuls[v]))
            << deal21 << vuls[v] << "N"
            << QStringList {"NS -130",
                            "EW 130",
                            "NS:EW " + lv + "D,EW " + lv + "C",
                            "EW:EW " + lv + "D,EW " + lv + "C",
                            "-130",
                            dealerForm,
                            text};
    }
    // dds-hands/list1000.txt #7: only West makes 4NT+1 (East takes 10).
    QTest::newRow("makeable by one partner only")
        << "8 4 8 5 2 10 2 11 7 6 7 6 2 10 2 11 2 10 2 11"
        << "All"
        << "W" << QStringList {"NS -660", "EW 660", "NS:W 45N",        "EW:W 45N",
                               "-660",    "4N-W+1", "Par -660: W 4N+1"};
    // dds-hands/list1000.txt #5: EW's two sacrifices against NS's vulnerable 2S.
    QTest::newRow("sacrifice against a part score")
        << "8 5 8 5 7 6 7 6 7 5 7 5 5 8 5 8 6 7 6 7"
        << "NS"
        << "E"
        << QStringList {
               "NS 100", "EW -100",           "NS:EW 2Nx,EW 3Cx",          "EW:EW 2Nx,EW 3Cx",
               "100",    "3C*-EW-1 2N*-EW-1", "Par 100: EW 2Nx-1 EW 3Cx-1"};
    // dds-hands/list1000.txt #6: 3NT and 5C tie.
    QTest::newRow("tie between strains")
        << "6 7 6 7 4 9 4 9 2 10 2 10 2 11 2 11 3 9 3 9"
        << "EW"
        << "S" << QStringList {"NS -600", "EW 600",      "NS:EW 3N,EW 5C",       "EW:EW 3N,EW 5C",
                               "-600",    "5C-EW 3N-EW", "Par -600: EW 3N EW 5C"};
    // A grand slam nobody can sacrifice against.
    QTest::newRow("7NT, no sacrifice possible")
        << "7 6 7 6 7 6 7 6 7 6 7 6 7 6 7 6 13 0 13 0"
        << "None"
        << "N" << QStringList {"NS 1520", "EW -1520", "NS:NS 7N",       "EW:NS 7N",
                               "1520",    "7N-NS",    "Par 1520: NS 7N"};
}

void TestPar::edgeCases()
{
    QFETCH(QString, table);
    QFETCH(QString, vul);
    QFETCH(QString, dealer);
    QFETCH(QStringList, expected);
    const DdTable t = tableFromText(table);
    const auto vulnerability = vulnerabilityFromName(vul);
    QVERIFY(vulnerability);
    const Seat d = *seatFromLetter(dealer[0].toLatin1());
    const QStringList all = parColumns(t, *vulnerability);
    const QStringList got = all.mid(0, 4) + all.mid(4 + 3 * index(d), 3);
    const QStringList names {"par.NS.score",     "par.EW.score", "par.NS.contracts",
                             "par.EW.contracts", "dealer.score", "dealer.contracts",
                             "dealer.text"};
    const QStringList bad = mismatches(names, got, expected);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join('\n')));
}

// The typed result behind the strings, for one sacrifice and one making contract.
void TestPar::typedResult()
{
    const auto sacrifice =
        dealerPar(tableFromText("13 0 13 0 2 11 2 11 4 9 4 9 2 11 2 10 2 11 2 0"),
                  Vulnerability::None, Seat::North);
    QVERIFY(sacrifice);
    QCOMPARE(sacrifice->score, 300);
    QCOMPARE(sacrifice->scoreFor(Side::EastWest), -300);
    QCOMPARE(sacrifice->contracts.size(), std::size_t(1));
    const ParContract &c = sacrifice->contracts[0];
    QCOMPARE(c.level, 7);
    QCOMPARE(c.highestLevel, 7);
    QCOMPARE(c.strain, Strain::NoTrump);
    QCOMPARE(c.side, Side::EastWest);
    QCOMPARE(c.onlyDeclarer, std::optional<Seat>(Seat::East));
    QVERIFY(c.doubled);
    QCOMPARE(c.tricks, 11);
    QCOMPARE(c.undertricks(), 2);
    QCOMPARE(c.overtricks(), 0);

    const auto making = dealerPar(tableFromText("8 4 8 5 2 10 2 11 7 6 7 6 2 10 2 11 2 10 2 11"),
                                  Vulnerability::Both, Seat::West);
    QVERIFY(making);
    QCOMPARE(making->contracts.size(), std::size_t(1));
    const ParContract &m = making->contracts[0];
    QCOMPARE(m.level, 4);
    QCOMPARE(m.highestLevel, 5);
    QCOMPARE(m.onlyDeclarer, std::optional<Seat>(Seat::West));
    QVERIFY(!m.doubled);
    QCOMPARE(m.overtricks(), 1);
    QCOMPARE(m.undertricks(), 0);

    const auto passed = dealerPar(DdTable {}, Vulnerability::None, Seat::North);
    QVERIFY(passed);
    QVERIFY(passed->isPassedOut());
    QCOMPARE(formatDealerParContracts(*passed), std::vector<std::string> {"pass"});
}

void TestPar::invalidTable()
{
    DdTable table = tableFromText("6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6");
    table.at(Strain::NoTrump, Seat::West) = 14;
    const auto par = dealerPar(table, Vulnerability::None, Seat::North);
    QVERIFY(!par);
    QCOMPARE(par.error().code, ErrorCode::InvalidArgument);
    QCOMPARE(q(par.error().message), "DD table: 14 tricks for NT by West (expected 0..13)");
    table.at(Strain::NoTrump, Seat::West) = 6;
    table.at(Strain::Hearts, Seat::East) = -1;
    QVERIFY(!sidesPar(table, Vulnerability::Both));
    QCOMPARE(q(sidesPar(table, Vulnerability::Both).error().message),
             "DD table: -1 tricks for H by East (expected 0..13)");
    QVERIFY(!explainPar(table, Vulnerability::Both, Seat::South));
}

void TestPar::explain_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("vul");
    QTest::addColumn<QString>("dealer");
    QTest::addColumn<QString>("text");
    QTest::newRow("no sacrifice")
        << "10 3 10 3 9 4 9 4 7 6 7 6 10 3 10 3 9 3 9 3"
        << "None"
        << "N"
        << QString(
               "Par: NS +420, 4S by North or South. EW's best sacrifice, 5Dx by East or West, "
               "down 5, would cost 1100 with EW not vulnerable, 680 more than 420, so EW defend.");
    QTest::newRow("profitable sacrifice")
        << "9 4 9 4 3 10 3 10 8 5 8 5 5 8 5 8 3 9 3 9"
        << "None"
        << "N"
        << QString(
               "Par: EW +100, 4Sx by North or South, down 1. EW can make 4H, worth 420 with EW "
               "not vulnerable. NS sacrifice in 4Sx by North or South, down 1: it costs 100 with "
               "NS not vulnerable, 320 less than 420. EW cannot make anything higher than 4S, so "
               "they double and collect 100.");
    QTest::newRow("7-level sacrifices")
        << "4 9 4 9 4 9 4 8 4 9 4 9 13 0 13 0 4 9 4 0"
        << "EW"
        << "S"
        << QString(
               "Par: NS +1100, 7NTx or 7Hx by East, or 7Sx or 7Dx by East or West, down 4. NS "
               "can make 7C, worth 1440 with NS not vulnerable. EW sacrifice in 7NTx or 7Hx by "
               "East, or 7Sx or 7Dx by East or West, down 4: each costs 1100 with EW vulnerable, "
               "340 less than 1440. NS cannot make anything higher than 7D, so they double and "
               "collect 1100.");
    QTest::newRow("tie between strains")
        << "6 7 6 7 4 9 4 9 2 10 2 10 2 11 2 11 3 9 3 9"
        << "EW"
        << "S"
        << QString(
               "Par: EW +600, 3NT or 5C by East or West. 3NT and 5C both score 600 for EW. Over "
               "3NT, NS's best sacrifice, 4Sx by North or South, down 4, would cost 800 with NS "
               "not vulnerable, 200 more than 600, so NS defend.");
    QTest::newRow("one partner only")
        << "8 4 8 5 2 10 2 11 7 6 7 6 2 10 2 11 2 10 2 11"
        << "All"
        << "W"
        << QString(
               "Par: EW +660, 4NT+1 by West. NS's highest making contract is 2S, so EW have to "
               "outbid it. Only West takes 11 tricks in notrump; with East declaring, EW take "
               "10. EW bid 4NT rather than 3NT: over 3NT, NS would sacrifice in 4Sx by North or "
               "South, down 2, losing only 500 instead of 660. NS's best sacrifice, 5Sx by North "
               "or South, down 3, would cost 800 with NS vulnerable, 140 more than 660, so NS "
               "defend.");
    QTest::newRow("level pushed up by a sacrifice")
        << "7 6 6 6 7 6 6 6 3 10 3 10 3 10 3 10 7 6 5 6"
        << "None"
        << "N"
        << QString(
               "Par: EW +130, 3D+1 or 3C+1 by East or West. NS's highest making contract is 1NT, "
               "so EW have to outbid it. 3D and 3C both score 130 for EW. EW bid 3D rather than "
               "2D: over 2D, NS would sacrifice in 2Hx by North, down 1, losing only 100 instead "
               "of 130. Over 3D, NS's best sacrifice, 3Hx by North, down 2, would cost 300 with "
               "NS not vulnerable, 170 more than 130, so NS defend.");
    QTest::newRow("passed out")
        << "6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6"
        << "None"
        << "N"
        << QString(
               "Par: 0, the deal is passed out. Neither side can take seven tricks in any strain "
               "(NS take at most 6, EW at most 6), so all four players pass.");
    QTest::newRow("who bids first")
        << "6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 7 7 7 7"
        << "None"
        << "E"
        << QString(
               "Par: EW +90, 1NT by East or West. NS can also make 1NT, but EW get to bid it "
               "first. NS's best sacrifice, 2NTx by North or South, down 1, would cost 100 with "
               "NS not vulnerable, 10 more than 90, so NS defend. Par depends on who bids first: "
               "it is NS +90 if NS bid first and EW +90 if EW do; here East deals.");
    QTest::newRow("grand slam in notrump")
        << "7 6 7 6 7 6 7 6 7 6 7 6 7 6 7 6 13 0 13 0"
        << "None"
        << "N"
        << QString("Par: NS +1520, 7NT by North or South. Nothing outranks 7NT, so EW cannot "
                   "sacrifice.");
}

void TestPar::explain()
{
    QFETCH(QString, table);
    QFETCH(QString, vul);
    QFETCH(QString, dealer);
    QFETCH(QString, text);
    const auto explanation = explainPar(tableFromText(table), *vulnerabilityFromName(vul),
                                        *seatFromLetter(dealer[0].toLatin1()));
    QVERIFY(explanation);
    QCOMPARE(q(explanation->text()), text);
}

// The batch writer reads par.tsv's own deal and vul columns and writes par.tsv again, byte for
// byte (DDS's contract order included).
void TestPar::batchReproducesParTsv()
{
    QFile file(dataDir + "/par.tsv");
    QVERIFY(file.open(QIODevice::ReadOnly));
    const std::string expected = file.readAll().toStdString();
    std::istringstream in(expected);
    std::ostringstream out;
    int calls = 0;
    const auto status = writeParTable(in, out, [&](const Deal &deal) -> Result<DdTable> {
        ++calls;
        const auto it = m_tables.constFind(q(deal.toPbn()));
        if (it == m_tables.constEnd())
            return Error {ErrorCode::InvalidArgument, "no table for " + deal.toPbn()};
        return *it;
    });
    QVERIFY2(status, status ? "" : status.error().message.c_str());
    QCOMPARE(calls, 8000);
    QCOMPARE(q(parTableHeader()), q(expected.substr(0, expected.find('\n'))));
    QVERIFY(out.str() == expected);
}

void TestPar::batchErrors_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString deal = "N:AKT62.A95.62.AK4 43.JT8.983.T9853 Q87.KQ3.QJ74.J62 J95.7642.AKT5.Q7";
    QTest::newRow("no vulnerability") << "#deal\tvul\n\n" + deal << int(ErrorCode::Syntax)
                                      << "line 3: expected a deal and a vulnerability separated "
                                         "by a tab";
    QTest::newRow("unknown vulnerability")
        << deal + "\tNone\n" + deal + "\tNSEW\tNS 0" << int(ErrorCode::Syntax)
        << "line 2, column 71: unknown vulnerability 'NSEW' (expected None, NS, EW or All)";
    QTest::newRow("bad deal") << "N:AKQ... .Z.. ... ...\tNone" << int(ErrorCode::Syntax)
                              << "line 1, column 11: invalid character 'Z' in East's hand";
    QTest::newRow("short hand") << deal.chopped(1) + "\tAll" << int(ErrorCode::WrongCardCount)
                                << "line 1: West holds 12 cards (expected 13)";
    QTest::newRow("solver error") << deal + "\tnone\n# note\n" + deal + "\tBoth"
                                  << int(ErrorCode::InvalidArgument)
                                  << "line 3: no table for the second deal";
}

void TestPar::batchErrors()
{
    QFETCH(QString, input);
    QFETCH(int, code);
    QFETCH(QString, message);
    std::istringstream in(input.toStdString());
    std::ostringstream out;
    int calls = 0;
    const auto status = writeParTable(in, out, [&](const Deal &) -> Result<DdTable> {
        if (++calls == 2)
            return Error {ErrorCode::InvalidArgument, "no table for the second deal"};
        return tableFromText("6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 7 7 7 7");
    });
    QVERIFY(!status);
    QCOMPARE(q(status.error().message), message);
    QCOMPARE(int(status.error().code), code);
    QVERIFY(out.str().starts_with(parTableHeader() + '\n'));
}

QTEST_APPLESS_MAIN(TestPar)
#include "tst_par.moc"
