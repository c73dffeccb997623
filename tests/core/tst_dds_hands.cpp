// DDS's own regression hands (tests/data/dds-hands/list*.txt) through the DDS-compatible C API,
// as a DDS program would call it. For every hand: SolveBoardPBN(target -1, solutions 3, mode 1)
// for the opening lead gives the FUT line exactly (each entry's suit, rank, equals and score;
// DDS lists cards of equal score in its own search order, which carries no meaning, so entries
// are compared as a set and the scores must descend); the DD table gives the TABLE line; par for
// the file's vulnerability gives the PAR line. Even hands go through CalcParPBN (table and par in
// one call), odd hands through CalcDDtablePBN then Par.
//
// TENACE_DDS_HANDS names the files to read (comma-separated, default "list10,list100"); ctest
// runs list1000 as the slow test core.dds_hands_1000.

#include "core/c_api/dll.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <tuple>

namespace {

const QString dataDir = QStringLiteral(TENACE_TEST_DATA);

struct Hand
{
    int vulnerable = 0; // DDS code: 0 None, 1 Both, 2 NS, 3 EW
    int trump = 0;
    int first = 0;
    QByteArray deal;
    QList<int> fut;
    QList<int> table;
    QStringList par;
};

QList<int> numbers(const QString &text)
{
    QList<int> result;
    for (const QString &word : text.split(' ', Qt::SkipEmptyParts))
        result.append(word.toInt());
    return result;
}

QStringList quoted(const QString &line)
{
    static const QRegularExpression re(QStringLiteral("\"([^\"]*)\""));
    QStringList result;
    for (auto it = re.globalMatch(line); it.hasNext();)
        result.append(it.next().captured(1));
    return result;
}

// Reads a list*.txt file: 7 lines per hand (PBN, FUT, TABLE, PAR, PAR2, PLAY, TRACE).
QList<Hand> readHands(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QList<Hand> hands;
    for (const QString &raw : QString::fromLatin1(file.readAll()).split('\n')) {
        const QString line = raw.trimmed();
        const QString key = line.section(' ', 0, 0);
        const QString rest = line.section(' ', 1);
        if (key == QLatin1String("PBN")) {
            const QList<int> n = numbers(rest.section('"', 0, 0));
            hands.append(Hand {});
            hands.last().vulnerable = n.value(1);
            hands.last().trump = n.value(2);
            hands.last().first = n.value(3);
            hands.last().deal = quoted(rest).value(0).toLatin1();
        } else if (hands.isEmpty()) {
            continue;
        } else if (key == QLatin1String("FUT")) {
            hands.last().fut = numbers(rest);
        } else if (key == QLatin1String("TABLE")) {
            hands.last().table = numbers(rest);
        } else if (key == QLatin1String("PAR")) {
            hands.last().par = quoted(rest);
        }
    }
    return hands;
}

using FutEntry = std::tuple<int, int, int, int>; // score, suit, rank, equals

QList<FutEntry> entries(const futureTricks &fut)
{
    QList<FutEntry> result;
    for (int i = 0; i < fut.cards; ++i)
        result.append({fut.score[i], fut.suit[i], fut.rank[i], fut.equals[i]});
    return result;
}

// The FUT line: k, then k suits, k ranks, k equals, k scores.
QList<FutEntry> entries(const QList<int> &fut)
{
    QList<FutEntry> result;
    const int k = fut.value(0);
    for (int i = 0; i < k; ++i)
        result.append({fut.value(1 + 3 * k + i), fut.value(1 + i), fut.value(1 + k + i),
                       fut.value(1 + 2 * k + i)});
    return result;
}

QString describe(const QList<FutEntry> &list)
{
    QStringList items;
    for (const auto &[score, suit, rank, equals] : list)
        items.append(QStringLiteral("%1%2/%3=%4")
                         .arg(QChar("SHDC"[suit & 3]))
                         .arg(rank)
                         .arg(equals)
                         .arg(score));
    return items.join(' ');
}

} // namespace

class TestDdsHands : public QObject
{
    Q_OBJECT

private slots:
    void hands_data();
    void hands();
};

void TestDdsHands::hands_data()
{
    QTest::addColumn<int>("vulnerable");
    QTest::addColumn<int>("trump");
    QTest::addColumn<int>("first");
    QTest::addColumn<QByteArray>("deal");
    QTest::addColumn<QList<int>>("fut");
    QTest::addColumn<QList<int>>("table");
    QTest::addColumn<QStringList>("par");
    QTest::addColumn<bool>("viaCalcPar");

    const QString files =
        qEnvironmentVariable("TENACE_DDS_HANDS", QStringLiteral("list10,list100"));
    for (const QString &name : files.split(',', Qt::SkipEmptyParts)) {
        const QList<Hand> hands = readHands(dataDir + "/dds-hands/" + name + ".txt");
        QVERIFY2(!hands.isEmpty(), qPrintable(name));
        for (int i = 0; i < hands.size(); ++i) {
            const Hand &h = hands[i];
            QTest::addRow("%s/%d", qPrintable(name), i + 1)
                << h.vulnerable << h.trump << h.first << h.deal << h.fut << h.table << h.par
                << (i % 2 == 0);
        }
    }
}

void TestDdsHands::hands()
{
    QFETCH(int, vulnerable);
    QFETCH(int, trump);
    QFETCH(int, first);
    QFETCH(QByteArray, deal);
    QFETCH(QList<int>, fut);
    QFETCH(QList<int>, table);
    QFETCH(QStringList, par);
    QFETCH(bool, viaCalcPar);
    QCOMPARE(table.size(), 20);
    QCOMPARE(par.size(), 4);

    dealPBN dl {};
    dl.trump = trump;
    dl.first = first;
    std::strncpy(dl.remainCards, deal.constData(), sizeof dl.remainCards - 1);
    futureTricks result {};
    QCOMPARE(SolveBoardPBN(dl, -1, 3, 1, &result, 0), RETURN_NO_FAULT);
    for (int i = 1; i < result.cards; ++i)
        QVERIFY2(result.score[i] <= result.score[i - 1], "scores must descend");
    auto got = entries(result);
    auto expected = entries(fut);
    std::sort(got.begin(), got.end());
    std::sort(expected.begin(), expected.end());
    QCOMPARE(describe(got), describe(expected));

    ddTableDealPBN tableDeal {};
    std::strncpy(tableDeal.cards, deal.constData(), sizeof tableDeal.cards - 1);
    ddTableResults tableResults {};
    parResults parResult {};
    if (viaCalcPar) {
        QCOMPARE(CalcParPBN(tableDeal, &tableResults, vulnerable, &parResult), RETURN_NO_FAULT);
    } else {
        QCOMPARE(CalcDDtablePBN(tableDeal, &tableResults), RETURN_NO_FAULT);
        QCOMPARE(Par(&tableResults, &parResult, vulnerable), RETURN_NO_FAULT);
    }
    QList<int> gotTable;
    for (const auto &strain : tableResults.resTable)
        for (int tricks : strain)
            gotTable.append(tricks);
    QCOMPARE(gotTable, table);
    const QStringList gotPar {parResult.parScore[0], parResult.parScore[1],
                              parResult.parContractsString[0], parResult.parContractsString[1]};
    QCOMPARE(gotPar, par);
}

QTEST_APPLESS_MAIN(TestDdsHands)
#include "tst_dds_hands.moc"
