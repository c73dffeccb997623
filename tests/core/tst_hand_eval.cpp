// Hand evaluation, simulation and the evaluation experiment. The expected values of the counts
// and formulas were worked out by hand from the definitions (hand_eval.h, the paper's Tables 2,
// 10 and 12); each comment shows the arithmetic.

#include "core/analysis/evaluation_experiment.h"
#include "core/analysis/hand_eval.h"
#include "core/analysis/simulation.h"
#include "core/model/dealer.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

using namespace tenace::core;

namespace {

Hand hand(const char *pbn)
{
    const auto deal = parsePbnDeal(std::string("N:") + pbn + " - - -");
    if (!deal)
        qFatal("bad hand %s: %s", pbn, deal.error().message.c_str());
    return (*deal)[Seat::North];
}

// North AKQ2.KJ5.T98.A43 (4-3-3-3), South JT987.AQ2.7.KQ52 (5-3-1-4).
const char *const northText = "AKQ2.KJ5.T98.A43";
const char *const southText = "JT987.AQ2.7.KQ52";
// A shapely hand: 8-1-0-4.
const char *const shapelyText = "KQJT9876.A..AQ32";

const HcpScale &scale(std::string_view id)
{
    for (const HcpScale &s : hcpScales) {
        if (s.id == id)
            return s;
    }
    qFatal("no scale");
}

} // namespace

class TestHandEval : public QObject
{
    Q_OBJECT
private slots:
    void highCardScales_data()
    {
        QTest::addColumn<QString>("scale");
        QTest::addColumn<QString>("hand");
        QTest::addColumn<double>("expected");
        // S AKQ 4+3+2, H KJ 3+1, C A 4.
        QTest::newRow("goren") << "goren" << northText << 17.0;
        // S 7+5+3, H 5+1, D T 0, C 7.
        QTest::newRow("bamberger") << "bamberger" << northText << 28.0;
        // S 9, H 3+0.5, D T 0.5, C 4.
        QTest::newRow("collet") << "collet" << northText << 17.0;
        // S 3+2+1, H 2+0.5, C 3.
        QTest::newRow("four-aces") << "four-aces" << northText << 11.5;
        // S 7+4+3, H 4+0, C 7.
        QTest::newRow("polish") << "polish" << northText << 25.0;
        // S 6+4+3, H 4+2, D T 1, C 6.
        QTest::newRow("reith") << "reith" << northText << 26.0;
        // S 7+5+3, H 5+2, D T 1, C 7.
        QTest::newRow("robertson") << "robertson" << northText << 30.0;
        // S 4+3.1+1.9, H 3.1+0.9, C 4.
        QTest::newRow("vernes") << "vernes" << northText << 17.0;
        // S 4+3+2, H 3, C 4.
        QTest::newRow("akq") << "akq" << northText << 16.0;
        // S KQJ 3+2+1, H A 4, C AQ 4+2.
        QTest::newRow("goren shapely") << "goren" << shapelyText << 16.0;
        // S K 2, Q 1, J 0.5; H A 3; C A 3, Q 1.
        QTest::newRow("four-aces shapely") << "four-aces" << shapelyText << 10.5;
    }
    void highCardScales()
    {
        QFETCH(QString, scale);
        QFETCH(QString, hand);
        QFETCH(double, expected);
        QCOMPARE(highCardPoints(::hand(hand.toLatin1().constData()), ::scale(scale.toStdString())),
                 expected);
    }

    void distribution_data()
    {
        QTest::addColumn<QString>("hand");
        QTest::addColumn<int>("shortPoints");
        QTest::addColumn<int>("longPoints");
        QTest::addColumn<int>("pavlicek");
        QTest::addColumn<int>("losers");
        // 4-3-3-3: no short or long points. Losers: AKQ2 0, KJ5 2 (no A, no Q), T98 3, A43 2.
        QTest::newRow("flat") << northText << 0 << 0 << 0 << 7;
        // Singleton 3 / 2. Losers: JT987 3, AQ2 1, 7 1, KQ52 1.
        QTest::newRow("five-three-one-four") << southText << 3 << 1 << 3 << 6;
        // Void 5 + singleton 3; 8 spades: 4 long points; Pavlicek 4 + 3 + 2.
        // Losers: KQJ.. 1 (no A), A 0, void 0, AQ3.. 1.
        QTest::newRow("eight-one-void-four") << shapelyText << 8 << 4 << 9 << 2;
        // Doubletons: Kx 1 loser, Qx 2 losers, AK 0; xxx 3.
        QTest::newRow("doubletons") << "K2.Q2.AK.T987654" << 3 << 3 << 6 << 6;
        // Singleton K is a loser; 3 voids.
        QTest::newRow("thirteen") << "AKQJT98765432..." << 15 << 9 << 18 << 0;
        QTest::newRow("singleton king") << "K.AKQJT9876.A32." << 8 << 5 << 10 << 3;
    }
    void distribution()
    {
        QFETCH(QString, hand);
        QFETCH(int, shortPoints);
        QFETCH(int, longPoints);
        QFETCH(int, pavlicek);
        QFETCH(int, losers);
        const Hand h = ::hand(hand.toLatin1().constData());
        QCOMPARE(shortSuitPoints(h), shortPoints);
        QCOMPARE(longSuitPoints(h), longPoints);
        QCOMPARE(pavlicekDistributionPoints(h), pavlicek);
        QCOMPARE(losingTricks(h), losers);
        const HandEvaluation e = evaluateHand(h);
        QCOMPARE(e.shortPoints, shortPoints);
        QCOMPARE(e.losers, losers);
        QCOMPARE(e.lengths[0] + e.lengths[1] + e.lengths[2] + e.lengths[3], 13);
    }

    void htlnlRows()
    {
        const Hand n = hand(northText), s = hand(southText);
        // Resolution 0.5 with spades: H = N (S 4+2.5+1, H 2.5+0.5, C 4) 14.5 + S (S J 0.5,
        // H 4+1, C 2.5+1) 9 = 23.5; TL = 1.5 x (4 + 5 - 1) = 12; NL: South's diamond singleton
        // 2. Total 37.5.
        QCOMPARE(htlnl(n, s, Suit::Spades, recommendedHtlnl), 37.5);
        // GA row: H = N (7.697 + 3.092 + 0.430 + 4) + S (1.049 + 5.224 + 0 + 3.697) = 25.189;
        // TL = 1.402 x (9 - 1.005) = 11.20899; NL 1.764. Total 38.16199.
        const HtlnlRow &ga = ::htlnlRows[0];
        QVERIFY(std::abs(htlnl(n, s, Suit::Spades, ga) - 38.16199) < 1e-9);
        // TL per hand: 1.402 x (2.995 + 3.995) = 9.79998: smaller by a x b = 1.40901.
        QVERIFY(std::abs(htlnl(n, s, Suit::Spades, ga, LengthBasis::PerHand) - 36.75298) < 1e-9);
        // NL on combined lengths (H 6, D 4, C 7): nothing short. 25.189 + 11.20899.
        QVERIFY(
            std::abs(htlnl(n, s, Suit::Spades, ga, LengthBasis::Combined, LengthBasis::Combined) -
                     36.39799) < 1e-9);
        // Hearts trump (resolution 1: 9/T 0, J 1, Q 1, K 2, A 4): H = N (4+2+1, 2+1, 0, 4) 14 +
        // S (1, 4+1, 0, 2+1) 9 = 23; TL = 1 x (6 - 1) = 5; NL: South's diamond singleton 2.
        QCOMPARE(htlnl(n, s, Suit::Hearts, ::htlnlRows[4]), 30.0);
    }

    void noTrumpRows()
    {
        const Hand n = hand(northText), s = hand(southText);
        // Resolution 0.1 (9/T 0.3, J 0.8, Q 1.6, K 2.7, A 4; a 0.2, b 0.1):
        // H = N (8.3 + 3.5 + 0.6 + 4) + S (1.4 + 5.6 + 0 + 4.3) = 27.7;
        // L_wh = 0.2 x (L - 0.1) for each suit with an honour: N 3.9 + 2.9 + 2.9 + 2.9,
        // S 4.9 + 2.9 + 3.9 (the diamond 7 has none): 0.2 x 24.3 = 4.86. Total 32.56.
        QVERIFY(std::abs(noTrumpStrength(n, s, recommendedNoTrump) - 32.56) < 1e-9);
        // Resolution 1 is Goren's count: 17 + 12.
        QCOMPARE(noTrumpStrength(n, s, ::noTrumpRows[4]), 29.0);
    }

    void trumpChoice()
    {
        QCOMPARE(longestCombinedSuit(hand(northText), hand(southText)), Suit::Spades);
        // Spades and hearts both 8 cards; hearts have more HCP (9 against 8).
        QCOMPARE(longestCombinedSuit(hand("A432.K432.432.32"), hand("KJ65.AQ65.65.654")),
                 Suit::Hearts);
        // Equal length and HCP: the higher suit.
        QCOMPARE(longestCombinedSuit(hand("A432.K432.432.32"), hand("KQ65.AQ65.65.654")),
                 Suit::Spades);
    }

    void methods()
    {
        for (const char *id :
             {"goren-hcp", "goren-short", "htlnl-ga", "htlnl-0.5", "bamberger", "ltc", "nt-0.1"})
            QVERIFY2(findEvaluationMethod(id), id);
        QVERIFY(!findEvaluationMethod("nonsense"));
        const Hand n = hand(northText), s = hand(southText);
        QCOMPARE((*findEvaluationMethod("goren-hcp"))(n, s, Suit::Spades), 29.0);
        QCOMPARE((*findEvaluationMethod("goren-short"))(n, s, Suit::Spades), 32.0);
        QCOMPARE((*findEvaluationMethod("ltc"))(n, s, Suit::Spades), 24.0 - 7 - 6);
        QCOMPARE((*findEvaluationMethod("htlnl-0.5"))(n, s, Suit::Spades), 37.5);
        // Unique ids.
        std::set<std::string> ids;
        for (const EvaluationMethod &m : evaluationMethods())
            QVERIFY2(ids.insert(m.id).second, m.id.c_str());
    }

    void predictor()
    {
        const std::vector<double> strengths {1, 2, 3, 10, 11, 12, 20};
        const std::vector<double> tricks {7.2, 6.8, 7.4, 9.0, 8.6, 9.4, 10.5};
        // Groups: 7 (mean 2), 9 (mean 11), 11 (10.5 rounds up; mean 20). Thresholds 6.5, 15.5.
        const TrickPredictor p = TrickPredictor::fit(strengths, tricks);
        QCOMPARE(p.tricks, (std::vector<int> {7, 9, 11}));
        QCOMPARE(p.thresholds, (std::vector<double> {6.5, 15.5}));
        QCOMPARE(p.predict(-100), 7);
        QCOMPARE(p.predict(6.49), 7);
        QCOMPARE(p.predict(6.5), 9);
        QCOMPARE(p.predict(15.5), 11);
        QCOMPARE(TrickPredictor {}.predict(3), 0);
        for (const char *id : {"htlnl-0.5", "nt-0.1"}) {
            const auto stored = storedPredictor(id);
            QVERIFY2(stored, id);
            QCOMPARE(stored->thresholds.size() + 1, stored->tricks.size());
            QVERIFY(std::is_sorted(stored->thresholds.begin(), stored->thresholds.end()));
        }
    }

    void pearsonCoefficient()
    {
        const std::vector<double> x {1, 2, 3, 4, 5};
        QCOMPARE(pearson(x, std::vector<double> {2, 4, 6, 8, 10}), 1.0);
        QCOMPARE(pearson(x, std::vector<double> {5, 4, 3, 2, 1}), -1.0);
        QCOMPARE(pearson(x, std::vector<double> {3, 3, 3, 3, 3}), 0.0);
        // x = 1..5, y = 1 3 2 5 4: sxy 8, sxx 10, syy 10.
        QVERIFY(std::abs(pearson(x, std::vector<double> {1, 3, 2, 5, 4}) - 0.8) < 1e-12);
    }

    void constraintsParse()
    {
        const auto c = parseHandConstraint("hcp=12-14,S=5-,H=-2,C=3");
        QVERIFY(c);
        QCOMPARE(c->minHcp, 12);
        QCOMPARE(c->maxHcp, 14);
        QCOMPARE(c->minLength[0], 5);
        QCOMPARE(c->maxLength[0], 13);
        QCOMPARE(c->maxLength[1], 2);
        QCOMPARE(c->minLength[3], 3);
        QCOMPARE(c->maxLength[3], 3);
        QCOMPARE(c->describe(), std::string("hcp 12-14, S 5+, H 0-2, C 3"));
        QCOMPARE(HandConstraint {}.describe(), std::string("any"));
        const auto badKey = parseHandConstraint("hcp=10-12,X=3");
        QVERIFY(!badKey);
        QVERIFY2(badKey.error().message.find("unknown key 'X'") != std::string::npos,
                 badKey.error().message.c_str());
        QVERIFY(!parseHandConstraint("hcp=40"));
        QVERIFY(!parseHandConstraint("S=7-5"));
        QVERIFY(!parseHandConstraint("S"));
    }

    void simulationReproducible()
    {
        SimulationSpec spec;
        spec.fixed[Seat::North] = hand(northText);
        spec.fixed[Seat::South] = hand(southText);
        spec.deals = 6;
        spec.seed = 42;
        spec.table.threads = 1;
        const auto one = runSimulation(spec);
        spec.table.threads = 2;
        std::size_t lastDone = 0;
        const auto two = runSimulation(spec, {}, [&](std::size_t done, std::size_t total) {
            QCOMPARE(total, std::size_t {6});
            lastDone = std::max(lastDone, done);
        });
        QVERIFY(one && two);
        QCOMPARE(lastDone, std::size_t {6});
        QCOMPARE(one->deals.size(), std::size_t {6});
        QVERIFY(one->deals == two->deals);
        QVERIFY(one->tables == two->tables);
        for (const Deal &d : one->deals) {
            QCOMPARE(d[Seat::North], spec.fixed[Seat::North]);
            QCOMPARE(d[Seat::South], spec.fixed[Seat::South]);
            QCOMPARE(d[Seat::East].count(), 13);
        }
        // Another seed, other layouts.
        spec.seed = 43;
        QVERIFY(dealSimulation(spec)->front() != one->deals.front());
        // The summary agrees with the tables.
        long sum = 0;
        int makes3nt = 0;
        for (const DdTable &t : one->tables) {
            sum += t(Strain::NoTrump, Seat::South);
            makes3nt += t(Strain::NoTrump, Seat::South) >= 9;
        }
        QCOMPARE(one->distribution.deals, 6);
        QCOMPARE(one->distribution.mean(Strain::NoTrump, Seat::South), sum / 6.0);
        QCOMPARE(one->distribution.makeProbability(Strain::NoTrump, Seat::South, 3),
                 makes3nt / 6.0);
        std::ostringstream report, pbn;
        writeSimulationReport(spec, *one, true, report);
        QVERIFY(report.str().find("Mean tricks for declarer") != std::string::npos);
        writeSimulationPbn(spec, *one, pbn);
        const std::string games = pbn.str();
        int dealTags = 0, tableTags = 0;
        for (std::size_t at = games.find("[Deal \""); at != std::string::npos;
             at = games.find("[Deal \"", at + 1))
            ++dealTags;
        for (std::size_t at = games.find("[DoubleDummyTricks \""); at != std::string::npos;
             at = games.find("[DoubleDummyTricks \"", at + 1))
            ++tableTags;
        QCOMPARE(dealTags, 6);
        QCOMPARE(tableTags, 6);
    }

    void constrainedDealing()
    {
        SimulationSpec spec;
        spec.fixed[Seat::North] = hand(northText);
        spec.fixed[Seat::South] = hand(southText);
        spec.deals = 200;
        spec.seed = 7;
        auto &east = spec.constraints[static_cast<std::size_t>(index(Seat::East))];
        east = *parseHandConstraint("hcp=5-9,H=4-");
        auto &west = spec.constraints[static_cast<std::size_t>(index(Seat::West))];
        west = *parseHandConstraint("D=5-7");
        // North's constraint is ignored: North is fixed.
        spec.constraints[0] = *parseHandConstraint("hcp=0");
        const auto deals = dealSimulation(spec);
        QVERIFY2(deals, deals ? "" : deals.error().message.c_str());
        QCOMPARE(deals->size(), std::size_t {200});
        for (const Deal &d : *deals) {
            QVERIFY(east.accepts(d[Seat::East]));
            QVERIFY(west.accepts(d[Seat::West]));
            QVERIFY(hcp(d[Seat::East]) >= 5 && hcp(d[Seat::East]) <= 9);
            QVERIFY(d[Seat::East].length(Suit::Hearts) >= 4);
            QVERIFY(d[Seat::West].length(Suit::Diamonds) >= 5);
            QVERIFY(d[Seat::West].length(Suit::Diamonds) <= 7);
        }
    }

    void impossibleConstraints()
    {
        SimulationSpec spec;
        spec.fixed[Seat::North] = hand(northText);
        spec.fixed[Seat::South] = hand(southText);
        spec.deals = 3;
        auto &east = spec.constraints[static_cast<std::size_t>(index(Seat::East))];
        // Found without dealing: 9 spades held by North-South, East wants 5 of the other 4.
        east = *parseHandConstraint("S=5-");
        auto deals = dealSimulation(spec);
        QVERIFY(!deals);
        QVERIFY2(deals.error().message.find("no deal found") != std::string::npos,
                 deals.error().message.c_str());
        // Not visible up front (North-South hold 29 HCP; East cannot have 12): the attempt bound.
        east = *parseHandConstraint("hcp=12-");
        spec.maxAttemptsPerDeal = 5000;
        deals = dealSimulation(spec);
        QVERIFY(!deals);
        QVERIFY2(deals.error().message.find("no deal found after 5000") != std::string::npos,
                 deals.error().message.c_str());
        QVERIFY2(deals.error().message.find("East hcp 12+") != std::string::npos,
                 deals.error().message.c_str());
        // A bad fixed part: a card in two hands.
        east = {};
        spec.fixed[Seat::West] = hand("A...");
        deals = dealSimulation(spec);
        QVERIFY(!deals);
        QCOMPARE(deals.error().code, ErrorCode::DuplicateCard);
    }

    // The experiment's NS tricks equal the better NS declarer of the full DD table, computed
    // through the table solver; the same on one and two threads.
    void experimentTiny()
    {
        ExperimentOptions options;
        options.hands = 3;
        options.deals = 2;
        options.seed = 5;
        options.solver.threads = 2;
        const ExperimentResult result = runExperiment(options);
        QCOMPARE(result.status, SolveStatus::Solved);
        QCOMPARE(result.hands.size(), std::size_t {3});
        QCOMPARE(result.scores.size(), evaluationMethods().size());
        options.solver.threads = 1;
        const ExperimentResult again = runExperiment(options);
        for (std::size_t k = 0; k < 3; ++k) {
            const ExperimentHand &h = result.hands[k];
            QCOMPARE(h.meanTricks, again.hands[k].meanTricks);
            QCOMPARE(h.strain, static_cast<Strain>(index(longestCombinedSuit(h.north, h.south))));
        }
        // Recompute pair 0's layouts as the experiment deals them: Dealer(seed), a full deal for
        // North-South, then the layouts.
        Dealer dealer(options.seed);
        const Deal first = dealer.deal();
        QCOMPARE(first[Seat::North], result.hands[0].north);
        Deal fixed;
        fixed[Seat::North] = first[Seat::North];
        fixed[Seat::South] = first[Seat::South];
        double sum = 0;
        for (int m = 0; m < options.deals; ++m) {
            const auto table = solveTable(*dealer.dealRest(fixed));
            QVERIFY(table);
            sum += table->table.bestTricks(result.hands[0].strain, Side::NorthSouth);
        }
        QCOMPARE(result.hands[0].meanTricks, sum / options.deals);
        for (const MethodScore &s : result.scores) {
            QVERIFY(s.correlation >= -1 && s.correlation <= 1);
            QVERIFY(s.exact <= s.withinOne && s.withinOne <= s.withinTwo && s.withinTwo <= 1);
        }
        std::ostringstream tsv;
        writeExperimentTsv(result, tsv);
        const std::string lines = tsv.str();
        QVERIFY(lines.starts_with("goren-hcp\t"));
        QCOMPARE(static_cast<std::size_t>(std::count(lines.begin(), lines.end(), '\n')),
                 evaluationMethods().size());
    }
};

QTEST_MAIN(TestHandEval)
#include "tst_hand_eval.moc"
