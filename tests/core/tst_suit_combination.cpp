// Suit combinations: every target's chance against an exact enumeration written here (the sets
// of worlds each declarer strategy wins, the defenders answering each world on their own), the
// returned line replayed world by world, the a-priori splits against the binomial formula, known
// facts, parsing errors and the TSV of tenace-cli suit.

#include "core/analysis/suit_combination.h"
#include "core/commands/suit_command.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTest>

#include <bitset>
#include <map>
#include <numeric>
#include <sstream>
#include <thread>

using namespace tenace::core;

namespace {

// C(n, k) exactly.
std::uint64_t choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    std::uint64_t r = 1;
    for (int i = 1; i <= k; ++i)
        r = r * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
    return r;
}

// The reference: a plain recursion over the play. At each history, the list of world sets that
// declarer's strategies from there win (the defenders choosing per world); only sets contained
// in another are dropped. No equal cards, no bounds; a memo on the position at each trick start.
class Reference
{
public:
    using Set = std::bitset<512>;

    Reference(SuitMask north, SuitMask south) : m_north(north), m_south(south)
    {
        for (int r = 0; r < 13; ++r)
            if (!((north | south) & (1 << r)))
                m_defenders.push_back(r);
        const int n = static_cast<int>(m_defenders.size());
        for (std::uint32_t w = 0; w < (1u << n); ++w) {
            m_all.set(w);
            m_p.push_back(static_cast<double>(choose(26 - n, 13 - std::popcount(w))) /
                          static_cast<double>(choose(26, 13)));
        }
    }

    // The best chance of `target` tricks: for each first lead, the best choice of one world
    // set per card of the second hand (depth first, cut when the worlds still won cannot beat
    // the best so far).
    double probability(int target)
    {
        m_memo.clear();
        double best = 0;
        for (int seat : {0, 2})
            for (int r = 0; r < 13; ++r) {
                if (!((seat == 0 ? m_north : m_south) & (1 << r)))
                    continue;
                std::array<int, 4> trick {-2, -2, -2, -2};
                trick[static_cast<std::size_t>(seat)] = r;
                const SuitMask mine = static_cast<SuitMask>(~(1 << r));
                const auto branches = defender(seat == 0 ? (m_north & mine) : m_north,
                                               seat == 2 ? (m_south & mine) : m_south, 0, 0, m_all,
                                               target, trick, seat, seat + 1);
                pick(branches, 0, m_all, best);
            }
        return best;
    }

private:
    using Branches = std::vector<std::pair<Set, std::vector<Set>>>;

    double weight(const Set &s) const
    {
        double sum = 0;
        for (std::size_t w = 0; w < m_p.size(); ++w)
            sum += s.test(w) ? m_p[w] : 0;
        return sum;
    }

    void pick(const Branches &branches, std::size_t i, const Set &won, double &best) const
    {
        if (weight(won) <= best)
            return;
        if (i == branches.size()) {
            best = weight(won);
            return;
        }
        for (const Set &f : branches[i].second)
            pick(branches, i + 1, won & (f | ~branches[i].first), best);
    }

    // West's cards in world w (rank bits).
    SuitMask west(std::size_t w) const
    {
        SuitMask m = 0;
        for (std::size_t i = 0; i < m_defenders.size(); ++i)
            if (w >> i & 1)
                m |= static_cast<SuitMask>(1 << m_defenders[i]);
        return m;
    }

    static void keepMaximal(std::vector<Set> &sets)
    {
        std::vector<Set> kept;
        for (std::size_t i = 0; i < sets.size(); ++i) {
            bool inside = false;
            for (std::size_t j = 0; j < sets.size() && !inside; ++j)
                inside = j != i && (sets[i] & ~sets[j]).none() && (sets[i] != sets[j] || j < i);
            if (!inside)
                kept.push_back(sets[i]);
        }
        sets = std::move(kept);
    }

    std::vector<Set> lead(SuitMask n, SuitMask s, SuitMask wp, SuitMask ep, const Set &worlds,
                          int needed)
    {
        if (needed <= 0)
            return {worlds};
        if (n == 0 && s == 0)
            return {Set()};
        const auto key = std::make_tuple(n, s, wp, ep, worlds.to_string(), needed);
        if (auto f = m_memo.find(key); f != m_memo.end())
            return f->second;
        std::vector<Set> front;
        for (int seat : {0, 2})
            for (int r = 0; r < 13; ++r)
                if ((seat == 0 ? n : s) & (1 << r)) {
                    std::array<int, 4> trick {-2, -2, -2, -2};
                    trick[static_cast<std::size_t>(seat)] = r;
                    const SuitMask mine = static_cast<SuitMask>(~(1 << r));
                    auto f = play(seat == 0 ? (n & mine) : n, seat == 2 ? (s & mine) : s, wp, ep,
                                  worlds, needed, trick, seat, (seat + 1) % 4);
                    front.insert(front.end(), f.begin(), f.end());
                }
        keepMaximal(front);
        m_memo[key] = front;
        return front;
    }

    std::vector<Set> play(SuitMask n, SuitMask s, SuitMask wp, SuitMask ep, const Set &worlds,
                          int needed, std::array<int, 4> trick, int leader, int seat)
    {
        if (seat == leader) {
            const int winner =
                static_cast<int>(std::max_element(trick.begin(), trick.end()) - trick.begin());
            return lead(n, s, wp, ep, worlds, needed - (winner % 2 == 0 ? 1 : 0));
        }
        const int next = (seat + 1) % 4;
        if (seat % 2 == 0) {
            const SuitMask hand = seat == 0 ? n : s;
            std::vector<Set> front;
            if (hand == 0) {
                trick[static_cast<std::size_t>(seat)] = -1;
                return play(n, s, wp, ep, worlds, needed, trick, leader, next);
            }
            for (int r = 0; r < 13; ++r)
                if (hand & (1 << r)) {
                    trick[static_cast<std::size_t>(seat)] = r;
                    const SuitMask mine = static_cast<SuitMask>(~(1 << r));
                    auto f = play(seat == 0 ? (n & mine) : n, seat == 2 ? (s & mine) : s, wp, ep,
                                  worlds, needed, trick, leader, next);
                    front.insert(front.end(), f.begin(), f.end());
                }
            keepMaximal(front);
            return front;
        }
        std::vector<Set> result {worlds};
        for (const auto &[sub, f] : defender(n, s, wp, ep, worlds, needed, trick, leader, seat)) {
            std::vector<Set> combined;
            for (const Set &a : result)
                for (const Set &b : f)
                    combined.push_back(a & (b | ~sub));
            keepMaximal(combined);
            result = std::move(combined);
        }
        return result;
    }

    // A defender's cards (or a discard), each with the worlds where he holds it and the world
    // sets declarer's strategies win after it.
    Branches defender(SuitMask n, SuitMask s, SuitMask wp, SuitMask ep, const Set &worlds,
                      int needed, std::array<int, 4> trick, int leader, int seat)
    {
        const int next = (seat + 1) % 4;
        Branches branches;
        for (int r = -1; r < 13; ++r) {
            Set sub;
            for (std::size_t w = 0; w < m_p.size(); ++w) {
                if (!worlds.test(w))
                    continue;
                const SuitMask westLeft = static_cast<SuitMask>(west(w) & ~wp);
                const SuitMask eastLeft =
                    static_cast<SuitMask>(~west(w) & ~(m_north | m_south) & 0x1fff & ~ep);
                const SuitMask his = seat == 3 ? westLeft : eastLeft;
                if (r >= 0 ? (his & (1 << r)) != 0 : his == 0)
                    sub.set(w);
            }
            if (sub.none())
                continue;
            trick[static_cast<std::size_t>(seat)] = r;
            const SuitMask bit = static_cast<SuitMask>(r >= 0 ? 1 << r : 0);
            branches.emplace_back(sub,
                                  play(n, s, seat == 3 ? (wp | bit) : wp,
                                       seat == 1 ? (ep | bit) : ep, sub, needed, trick, leader,
                                       next));
        }
        return branches;
    }

    SuitMask m_north, m_south;
    std::vector<int> m_defenders;
    std::vector<double> m_p;
    Set m_all;
    std::map<std::tuple<SuitMask, SuitMask, SuitMask, SuitMask, std::string, int>, std::vector<Set>>
        m_memo;
};

// The tricks a line takes in one world when the defenders pick, at each of their turns, the
// card (among those the line answers and they hold) that leaves declarer fewest tricks.
int replay(const std::vector<SuitPlay> &plays, SuitMask west, SuitMask east,
           std::array<int, 4> trick, int count, int leader)
{
    if (plays.empty())
        return 0;
    int best = 99;
    for (const SuitPlay &p : plays) {
        const auto seat = static_cast<int>(p.seat);
        if (seat % 2 == 1) {
            const SuitMask his = seat == 3 ? west : east;
            if (p.rank >= 0 ? !(his & (1 << p.rank)) : his != 0)
                continue;
        }
        SuitMask w = west, e = east;
        if (p.rank >= 0 && seat == 3)
            w &= static_cast<SuitMask>(~(1 << p.rank));
        if (p.rank >= 0 && seat == 1)
            e &= static_cast<SuitMask>(~(1 << p.rank));
        auto t = trick;
        t[static_cast<std::size_t>(seat)] = p.rank;
        const int lead = count == 0 ? seat : leader;
        int won = 0;
        if (count == 3) {
            const auto winner = std::max_element(t.begin(), t.end()) - t.begin();
            won = winner % 2 == 0 ? 1 : 0;
            t = {-2, -2, -2, -2};
        }
        best = std::min(best, won + replay(p.next, w, e, t, (count + 1) % 4, lead));
    }
    return best == 99 ? 0 : best;
}

double replayProbability(const SuitAnalysis &a, const std::vector<SuitPlay> &line, int target)
{
    double sum = 0;
    const auto defenders = static_cast<SuitMask>(0x1fff & ~(a.holdings.north | a.holdings.south));
    for (std::size_t w = 0; w < a.worldProbability.size(); ++w) {
        SuitMask west = 0;
        for (std::size_t i = 0; i < a.defenders.size(); ++i)
            if (w >> i & 1)
                west |= static_cast<SuitMask>(1 << a.defenders[i]);
        const int tricks =
            replay(line, west, static_cast<SuitMask>(defenders & ~west), {-2, -2, -2, -2}, 0, 0);
        if (target > 0)
            sum += tricks >= target ? a.worldProbability[w] : 0;
        else
            sum += tricks * a.worldProbability[w];
    }
    return sum;
}

SuitAnalysis analyse(const char *north, const char *south)
{
    const auto holdings = parseSuitHoldings(north, south);
    if (!holdings)
        qFatal("%s", holdings.error().message.c_str());
    const auto analysis = analyseSuit(*holdings);
    if (!analysis)
        qFatal("%s", analysis.error().message.c_str());
    return *analysis;
}

} // namespace

class TestSuitCombination : public QObject
{
    Q_OBJECT
private slots:
    void againstEnumeration_data()
    {
        QTest::addColumn<QString>("north");
        QTest::addColumn<QString>("south");
        QTest::newRow("AQ/xx") << "AQ"
                               << "xx";
        QTest::newRow("AKJ/xxx") << "AKJ"
                                 << "xxx";
        QTest::newRow("AKJxx/xxxx") << "AKJxx"
                                    << "xxxx";
        QTest::newRow("AQ10/xxx") << "AQ10"
                                  << "xxx";
        QTest::newRow("KJ10/xxx") << "KJ10"
                                  << "xxx";
        QTest::newRow("AK10xx/xxxx") << "AK10xx"
                                     << "xxxx";
        QTest::newRow("Q9x/Kxx") << "Q9x"
                                 << "K8x";
    }
    void againstEnumeration()
    {
        QFETCH(QString, north);
        QFETCH(QString, south);
        const SuitAnalysis a = analyse(north.toLatin1().constData(), south.toLatin1().constData());
        Reference reference(a.holdings.north, a.holdings.south);
        const int most = std::max(std::popcount(a.holdings.north), std::popcount(a.holdings.south));
        int possible = 0;
        for (int k = 1; k <= most; ++k) {
            const double expected = reference.probability(k);
            if (expected > 0)
                possible = k;
            if (k <= static_cast<int>(a.targets.size())) {
                const SuitTarget &t = a.targets[static_cast<std::size_t>(k - 1)];
                QCOMPARE(t.tricks, k);
                QVERIFY2(std::abs(t.probability - expected) < 1e-12,
                         qPrintable(QStringLiteral("%1 tricks: %2, expected %3")
                                        .arg(k)
                                        .arg(t.probability, 0, 'g', 15)
                                        .arg(expected, 0, 'g', 15)));
                // The line returned takes the target that often, and in the worlds it lists.
                QVERIFY(std::abs(replayProbability(a, t.line, k) - expected) < 1e-12);
                double wins = 0;
                for (std::size_t w = 0; w < t.wins.size(); ++w)
                    wins += t.wins[w] ? a.worldProbability[w] : 0;
                QVERIFY(std::abs(wins - expected) < 1e-12);
            }
        }
        QCOMPARE(a.mostTricks, possible);
        QCOMPARE(static_cast<int>(a.targets.size()), possible);
        // The average line takes what it claims; no target line does better on average.
        QVERIFY(std::abs(replayProbability(a, a.averageLine, 0) - a.averageTricks) < 1e-12);
        for (const SuitTarget &t : a.targets)
            QVERIFY(replayProbability(a, t.line, 0) <= a.averageTricks + 1e-12);
    }

    void splitsAreBinomial()
    {
        for (const auto &[north, south] :
             {std::pair {"AQ", "xx"}, {"AKJxx", "xxxx"}, {"KQ", "x"}}) {
            const SuitAnalysis a = analyse(north, south);
            const int n = static_cast<int>(a.defenders.size());
            QCOMPARE(static_cast<int>(a.splits.size()), n + 1);
            double total = 0;
            for (int west = 0; west <= n; ++west) {
                const double expected =
                    static_cast<double>(choose(n, west) * choose(26 - n, 13 - west)) /
                    static_cast<double>(choose(26, 13));
                QVERIFY(std::abs(a.splits[static_cast<std::size_t>(west)] - expected) <
                        1e-12 * expected);
                total += a.splits[static_cast<std::size_t>(west)];
            }
            QVERIFY(std::abs(total - 1) < 1e-12);
            for (std::size_t w = 0; w < a.worldProbability.size(); ++w)
                QCOMPARE(a.worldProbability[w],
                         static_cast<double>(choose(26 - n, 13 - std::popcount(w))) /
                             static_cast<double>(choose(26, 13)));
        }
    }

    // AQ opposite two small: two tricks exactly when West holds the king (the finesse), which is
    // half of the layouts by symmetry; one trick always.
    void finesse()
    {
        const SuitAnalysis a = analyse("AQ", "xx");
        double kingWest = 0;
        for (std::size_t w = 0; w < a.worldProbability.size(); ++w)
            if (suitWorldText(a, w).find('K') < suitWorldText(a, w).find("East"))
                kingWest += a.worldProbability[w];
        QCOMPARE(kingWest, 0.5);
        QCOMPARE(a.targets.at(0).probability, 1.0);
        QCOMPARE(a.targets.at(1).probability, 0.5);
    }

    // Nine cards missing the queen: all five tricks when the suit splits 2-2 or the queen is
    // singleton ("nine never": play for the drop).
    void nineNever()
    {
        const SuitAnalysis a = analyse("AKJxx", "xxxx");
        const double all = static_cast<double>(choose(26, 13));
        const double split22 = static_cast<double>(choose(4, 2) * choose(22, 11)) / all;
        const double singleQueen = 2 * static_cast<double>(choose(22, 12)) / all;
        QVERIFY(std::abs(a.targets.at(4).probability - (split22 + singleQueen)) < 1e-12);
    }

    void parsing()
    {
        const auto a = parseSuitHoldings("ak10x", "T");
        QVERIFY(!a);
        QVERIFY(a.error().message.find("10 in both North and South") != std::string::npos);
        const auto b = parseSuitHoldings("AK10x", "qxx");
        QVERIFY(b);
        QCOMPARE(suitHoldingText(b->north), std::string("AK102"));
        QCOMPARE(suitHoldingText(b->south), std::string("Q43"));
        const auto c = parseSuitHoldings("-", "");
        QVERIFY(c);
        QCOMPARE(c->north, SuitMask {0});
        const auto d = parseSuitHoldings("AZ3", "x");
        QVERIFY(!d);
        QVERIFY(d.error().message.find("North: unknown rank 'Z' in 'AZ3'") != std::string::npos);
        const auto e = parseSuitHoldings("AKQJ10987", "xxxxxx");
        QVERIFY(!e);
        QVERIFY(e.error().message.find("14 cards") != std::string::npos);
        const auto f = parseSuitHoldings("AKA", "x");
        QVERIFY(!f);
        QVERIFY(f.error().message.find("North holds A twice") != std::string::npos);
        QVERIFY(!analyseSuit(*c));
        // A search past its node limit is refused, naming the holding.
        SuitOptions small;
        small.maxNodes = 10;
        const auto refused = analyseSuit(*parseSuitHoldings("AQ10", "xxx"), small);
        QVERIFY(!refused);
        QVERIFY(refused.error().message.find("North AQ10, South 432: the search is too large") !=
                std::string::npos);
    }

    void tsv()
    {
        std::ostringstream out, errors;
        QCOMPARE(runSuitCommand({"AQ10", "xxx", 0, true}, out, errors), 0);
        const SuitAnalysis a = analyse("AQ10", "xxx");
        std::istringstream lines(out.str());
        std::string line;
        int count = 0;
        const QRegularExpression format(
            QStringLiteral(R"(^([0-9]+)\t([0-9]+\.[0-9][0-9])\t([^\t]+)$)"));
        while (std::getline(lines, line)) {
            const QRegularExpressionMatch m = format.match(QString::fromStdString(line));
            QVERIFY2(m.hasMatch(), line.c_str());
            ++count;
            QCOMPARE(m.captured(1).toInt(), count);
            char percent[32];
            std::snprintf(percent, sizeof percent, "%.2f",
                          a.targets[static_cast<std::size_t>(count - 1)].probability * 100);
            QCOMPARE(m.captured(2), QString::fromLatin1(percent));
        }
        QCOMPARE(count, a.mostTricks);
        std::ostringstream one, none;
        QCOMPARE(runSuitCommand({"AQ10", "xxx", 2, true}, one, errors), 0);
        QVERIFY(one.str().starts_with("2\t"));
        const std::string oneLine = one.str();
        QCOMPARE(std::count(oneLine.begin(), oneLine.end(), '\n'), 1);
        QCOMPARE(runSuitCommand({"AQ", "QJ", 0, true}, none, errors), 2);
        QVERIFY(errors.str().find("Q in both") != std::string::npos);
    }

    void cancelled()
    {
        CancelToken token;
        token.cancel();
        const auto a = analyseSuit(*parseSuitHoldings("AQ10", "xxx"), {}, &token);
        QVERIFY(a);
        QCOMPARE(a->status, SolveStatus::Cancelled);
        QVERIFY(a->targets.empty());
        // A search of about a second stops soon after a cancel from another thread.
        CancelToken later;
        std::thread canceller([later] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            later.cancel();
        });
        QElapsedTimer clock;
        clock.start();
        const auto b = analyseSuit(*parseSuitHoldings("KJ9", "xx"), {}, &later);
        canceller.join();
        QVERIFY(b);
        QCOMPARE(b->status, SolveStatus::Cancelled);
        QVERIFY2(clock.elapsed() < 1500, qPrintable(QString::number(clock.elapsed())));
    }
};

QTEST_APPLESS_MAIN(TestSuitCombination)
#include "tst_suit_combination.moc"
