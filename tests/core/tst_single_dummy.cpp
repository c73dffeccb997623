// Single dummy: the sampler deals only layouts the viewer cannot rule out, each equally likely
// (chi-square against every layout enumerated), never breaks a constraint, and says at once when
// no layout fits; PIMC values agree with the exact PIMC value computed over every layout of small
// endings, and with an independent computation for an unconstrained lead; the textbook cases
// (a finesse 50%, a 1-1 split 52%, the two-way guess with nine cards missing the queen) against
// values computed here by enumeration, with the guess flagged. The play review: a two-way finesse
// taken the wrong way is a guess by αμ (a mistake by PIMC alone), against the worlds' queens
// counted and solved here; a card that loses where another wins in every world a mistake; a
// defender's card judged by PIMC.

#include "core/analysis/alpha_mu.h"
#include "core/analysis/play_review.h"
#include "core/analysis/single_dummy.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"
#include "test_deals.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <map>

using namespace tenace::core;
using namespace tenace::core::testing;

namespace {

HandConstraint constraint(const char *text)
{
    auto c = parseHandConstraint(text);
    if (!c)
        qFatal("bad constraint %s: %s", text, c.error().message.c_str());
    return *c;
}

// Pearson's chi-square of `counts` against equal expectations.
double chiSquare(const std::map<Deal, int, bool (*)(const Deal &, const Deal &)> &counts,
                 int samples, std::size_t cells)
{
    const double expected = static_cast<double>(samples) / static_cast<double>(cells);
    double chi = 0;
    for (const auto &[layout, n] : counts)
        chi += (n - expected) * (n - expected) / expected;
    chi += static_cast<double>(cells - counts.size()) * expected; // cells never drawn
    return chi;
}

bool dealLess(const Deal &a, const Deal &b)
{
    for (const Seat s : allSeats)
        if (a[s].bits() != b[s].bits())
            return a[s].bits() < b[s].bits();
    return false;
}

// The upper 0.1% point of chi-square with k degrees of freedom (Wilson-Hilferty).
double chiSquareLimit(double k)
{
    const double z = 3.0902;
    const double a = 2.0 / (9.0 * k);
    return k * std::pow(1 - a + z * std::sqrt(a), 3);
}

const CardValue &valueOf(const SingleDummyResult &r, Card c)
{
    for (const CardValue &v : r.cards)
        if (v.card == c)
            return v;
    qFatal("card not valued");
}

const CardReview *reviewAt(const PlayReview &review, int index)
{
    for (const CardReview &r : review.cards)
        if (r.index == index)
            return &r;
    return nullptr;
}

// West leads the ♥T and North wins ten tricks in hearts, diamonds and clubs while everyone follows
// (East discards a small spade at the end); then North, AJ2 opposite KT3 in spades, needs the
// three tricks left in 7NT without a clue to the queen, which West holds.
const char *const twoWayDeal =
    "N:AJ2.AKQJ.AKQ.AKQ 7654.765.876.765 KT3.432.5432.432 Q98.T98.JT9.JT98";
const char *const twoWayPlay = "HT HA H5 H2 HK H6 H3 H9 HQ H7 H4 H8 DA D6 D2 D9 DK D7 D3 DT DQ D8 "
                               "D4 DJ CA C5 C2 C8 CK C6 C3 C9 CQ C7 C4 CT HJ S4 D5 CJ";

std::string percentText(double chance)
{
    return std::to_string(static_cast<int>(std::lround(100 * chance))) + "%";
}

} // namespace

class TestSingleDummy : public QObject
{
    Q_OBJECT
private slots:
    void constraintText_data();
    void constraintText();
    void presetsParse();
    void knowledgeFromPlay();
    void samplerUniform_data();
    void samplerUniform();
    void samplerKeepsConstraints();
    void impossibleConstraintsFailFast();
    void oneOneSplit();
    void simpleFinesse();
    void exactOnEndings();
    void twoWayGuess();
    void leadTableIndependent();
    void reproducibleAndThreadFree();
    void impScale();
    void mistakeOrBadLuck_data();
    void mistakeOrBadLuck();
    void wrongGuessIsAGuess();
    void losingCardIsAMistake();
    void defenderJudgedByPimc();
};

void TestSingleDummy::constraintText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("described");
    QTest::newRow("1NT") << "hcp=15-17,balanced"
                         << "hcp 15-17, balanced";
    QTest::newRow("cards") << "has=SKHQ,S=2-"
                           << "S 2+, has \u2660K \u2665Q";
    QTest::newRow("weak two") << "hcp=5-10,H=6"
                              << "hcp 5-10, H 6";
}

void TestSingleDummy::constraintText()
{
    QFETCH(QString, text);
    QFETCH(QString, described);
    auto c = parseHandConstraint(text.toStdString());
    QVERIFY2(c, c ? "" : c.error().message.c_str());
    QCOMPARE(QString::fromStdString(c->describe()), described);
    // The text form reads back to the same constraint.
    auto again = parseHandConstraint(formatHandConstraint(*c));
    QVERIFY(again);
    QCOMPARE(*again, *c);
    QVERIFY(!parseHandConstraint("has=SX"));
    QVERIFY(!parseHandConstraint("shape=balanced"));
}

void TestSingleDummy::presetsParse()
{
    QVERIFY(constraintPresets().size() >= 6);
    for (const ConstraintPreset &p : constraintPresets())
        QVERIFY2(parseHandConstraint(p.text), p.id.c_str());
    // A 1NT opener is balanced with 15-17: every hand it accepts is, and only those.
    const HandConstraint nt = constraint("hcp=15-17,balanced");
    QVERIFY(nt.accepts(deal("N:AQ32.KJ5.Q98.A43 - - -")[Seat::North]));
    QVERIFY(!nt.accepts(deal("N:AKQ2.KJ52.Q98.A4 - - -")[Seat::North])); // 4-4-3-2 with 19
    QVERIFY(!nt.accepts(deal("N:AKQ62.KJ5.Q982.4 - - -")[Seat::North])); // singleton
}

void TestSingleDummy::knowledgeFromPlay()
{
    // East leads a heart and South ruffs: South has shown out of hearts.
    const Deal d = deal("N:AKQ2.K85.T98.A43 J5.QJT96.A65.J97 T9873..KQ74.KT65 64.A7432.J32.Q82");
    auto k = layoutKnowledge(d, Strain::Spades, Seat::East, std::vector<Card> {}, Seat::East,
                             Seat::West);
    QVERIFY(k);
    QCOMPARE(k->hidden[0], 13);
    QCOMPARE(k->unseen.count(), 39);
    const std::vector<Card> played {card("HQ"), card("S3"), card("H4"), card("H5")};
    auto after = layoutKnowledge(d, Strain::Spades, Seat::East, played, Seat::South, Seat::North);
    QVERIFY(after);
    QCOMPARE(after->voids[2], static_cast<std::uint8_t>(1u << index(Suit::Hearts)));
    QCOMPARE(after->voids[1], std::uint8_t {0});
    QCOMPARE(after->hidden[1], 12);
    QCOMPARE(after->hidden[3], 12);
    QCOMPARE(after->known[Seat::North].count(), 12);
    QCOMPARE(after->unseen.count(), 24);
    // A card that cannot be played is an error, not a guess.
    QVERIFY(!layoutKnowledge(d, Strain::Spades, Seat::East, std::vector<Card> {card("SA")},
                             Seat::South, Seat::North));
}

void TestSingleDummy::samplerUniform_data()
{
    QTest::addColumn<QString>("constraints"); // West's
    QTest::addColumn<bool>("voidWest"); // West has shown out of hearts
    QTest::newRow("free") << "" << false;
    QTest::newRow("void") << "" << true;
    QTest::newRow("lengths") << "S=2-3" << false;
    QTest::newRow("hcp") << "hcp=4-" << false;
}

void TestSingleDummy::samplerUniform()
{
    QFETCH(QString, constraints);
    QFETCH(bool, voidWest);
    // A 5-card ending: North and South seen, East and West share ten unseen cards.
    LayoutKnowledge k;
    k.known[Seat::North] = deal("N:AK2.3.2. - - -")[Seat::North];
    k.known[Seat::South] = deal("S:Q7.A2.A. - - -")[Seat::South];
    k.unseen = deal("N:J543.KQ.KQ.K4 - - -")[Seat::North];
    k.hidden = {0, 5, 0, 5};
    if (voidWest)
        k.voids[3] = 1u << index(Suit::Hearts);
    std::array<HandConstraint, 4> c {};
    c[3] = constraint(constraints.toLatin1().constData());
    auto sampler = LayoutSampler::make(k, c);
    QVERIFY2(sampler, sampler ? "" : sampler.error().message.c_str());
    const std::vector<Deal> all = sampler->allLayouts();
    QVERIFY(all.size() > 5);
    if (constraints.isEmpty() || !constraints.startsWith(QLatin1String("hcp")))
        QCOMPARE(sampler->layoutCount(), static_cast<double>(all.size()));
    std::map<Deal, int, bool (*)(const Deal &, const Deal &)> counts(dealLess);
    Xoshiro256 random(7);
    const int samples = 200 * static_cast<int>(all.size());
    for (int i = 0; i < samples; ++i) {
        auto layout = sampler->sample(random);
        QVERIFY(layout);
        ++counts[*layout];
    }
    // Only enumerated layouts, each drawn about equally often.
    for (const auto &[layout, n] : counts)
        QVERIFY(std::find(all.begin(), all.end(), layout) != all.end());
    const double chi = chiSquare(counts, samples, all.size());
    QVERIFY2(chi < chiSquareLimit(static_cast<double>(all.size() - 1)),
             qPrintable(QStringLiteral("chi-square %1 over %2 layouts").arg(chi).arg(all.size())));
}

void TestSingleDummy::samplerKeepsConstraints()
{
    // South sees its own hand before the lead (West's); constraints on West and East.
    LayoutKnowledge k;
    const Deal d = deal("S:AQ4.KJ3.AK52.432 - - -");
    k.known[Seat::South] = d[Seat::South];
    k.unseen = Hand::fullDeck() - d[Seat::South];
    k.hidden = {13, 13, 0, 13};
    std::array<HandConstraint, 4> c {};
    c[3] = constraint("hcp=11-15,S=5-,has=SK");
    c[1] = constraint("H=0-1,balanced"); // impossible together: balanced needs 2+ everywhere
    QVERIFY(!LayoutSampler::make(k, c));
    c[1] = constraint("hcp=0-6,D=3-4");
    auto sampler = LayoutSampler::make(k, c);
    QVERIFY(sampler);
    Xoshiro256 random(11);
    for (int i = 0; i < 100'000; ++i) {
        auto layout = sampler->sample(random);
        QVERIFY(layout);
        QVERIFY(c[3].accepts((*layout)[Seat::West]));
        QVERIFY(c[1].accepts((*layout)[Seat::East]));
        QCOMPARE((*layout)[Seat::South], d[Seat::South]);
        QCOMPARE((*layout)[Seat::North].count(), 13);
        QCOMPARE(((*layout)[Seat::North] | (*layout)[Seat::East] | (*layout)[Seat::West] |
                  d[Seat::South])
                     .count(),
                 52);
    }
}

void TestSingleDummy::impossibleConstraintsFailFast()
{
    LayoutKnowledge k;
    const Deal d = deal("S:AKQJT987.AK.A.A2 - - -");
    k.known[Seat::South] = d[Seat::South];
    k.unseen = Hand::fullDeck() - d[Seat::South];
    k.hidden = {13, 13, 0, 13};
    std::array<HandConstraint, 4> c {};
    QElapsedTimer timer;
    timer.start();
    // Five spades are left: West cannot hold six.
    c[3] = constraint("S=6-");
    auto none = LayoutSampler::make(k, c);
    QVERIFY(!none);
    QVERIFY2(none.error().message.find("West") != std::string::npos, none.error().message.c_str());
    QVERIFY(none.error().message.find("S 6+") != std::string::npos);
    // A card seen in South's hand cannot be West's.
    c[3] = constraint("has=SA");
    QVERIFY(!LayoutSampler::make(k, c));
    // Points no layout reaches: South holds 25 HCP, West asks for 16+.
    c[3] = constraint("hcp=16-");
    auto sampler = LayoutSampler::make(k, c);
    QVERIFY(sampler); // lengths allow it; the points are found out by dealing
    Xoshiro256 random(1);
    auto layout = sampler->sample(random, 20'000);
    QVERIFY(!layout);
    QVERIFY2(layout.error().message.find("West 'hcp 16+'") != std::string::npos,
             layout.error().message.c_str());
    QVERIFY(timer.elapsed() < 5000);
}

void TestSingleDummy::oneOneSplit()
{
    // North-South hold eleven spades: the two missing ones split 1-1 in 13*13*2/(26*25) = 52% of
    // layouts. The sampler's counts by shape, against the formula, and against its own draws.
    LayoutKnowledge k;
    const Deal d = deal("N:AKQJT9.AK2.32.32 87654.QJ3.AK4.A4 - -");
    k.known[Seat::North] = d[Seat::North];
    k.known[Seat::East] = d[Seat::East]; // (the seats seen need not be North-South)
    k.unseen = Hand::fullDeck() - d[Seat::North] - d[Seat::East];
    k.hidden = {0, 0, 13, 13};
    std::array<HandConstraint, 4> c {};
    auto all = LayoutSampler::make(k, c);
    c[2] = constraint("S=1");
    auto split = LayoutSampler::make(k, c);
    QVERIFY(all && split);
    const double exact = 13.0 * 13.0 * 2.0 / (26.0 * 25.0);
    QVERIFY(std::abs(exact - 0.52) < 1e-12);
    QVERIFY(std::abs(split->layoutCount() / all->layoutCount() - exact) < 1e-12);
    Xoshiro256 random(3);
    int oneOne = 0;
    const int n = 20'000;
    for (int i = 0; i < n; ++i)
        oneOne += (*all->sample(random))[Seat::South].length(Suit::Spades) == 1;
    const double se = std::sqrt(exact * (1 - exact) / n);
    QVERIFY2(std::abs(oneOne / double(n) - exact) < 4 * se, qPrintable(QString::number(oneOne)));
}

void TestSingleDummy::simpleFinesse()
{
    // South leads towards North's AQ; West's king is where the finesse wins. Two tricks in
    // exactly half the layouts (enumerated), and PIMC says so within its uncertainty.
    SingleDummySpec spec;
    spec.start = deal("N:AQ.2.. K8.4.. 32.A.. J7.5.."); // East holds ♠K
    spec.contract = {1, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    // West leads ♥5, North ♥2, East ♥4, South wins ♥A and is on lead with ♠3 ♠2.
    spec.played = {card("H5"), card("H2"), card("H4"), card("HA")};
    spec.layouts = 2000;
    spec.seed = 5;
    spec.pool.threads = 2;
    auto r = analyseSingleDummy(spec);
    QVERIFY2(r, r ? "" : r.error().message.c_str());
    QCOMPARE(r->viewer, Seat::South);
    QCOMPARE(r->cards.size(), std::size_t {2}); // ♠3 and ♠2, listed one by one
    const CardValue &lead = valueOf(*r, card("S2"));
    // The exact value: of the layouts of ♠K ♠J ♠4... (East and West two cards each), the king
    // is West's in half; the heart trick is in.
    auto k = layoutKnowledge(spec.start, Strain::NoTrump, Seat::West, spec.played, Seat::South,
                             Seat::North);
    auto sampler = LayoutSampler::make(*k, {});
    const std::vector<Deal> all = sampler->allLayouts();
    int kingWest = 0;
    for (const Deal &l : all)
        kingWest += l[Seat::West].contains(card("SK"));
    QCOMPARE(2 * kingWest, static_cast<int>(all.size()));
    const double exact = 1 + 1 + 0.5; // ♥A, ♠A, and ♠Q half the time
    QVERIFY2(std::abs(lead.tricks - exact) < 3 * lead.tricksSe + 1e-9,
             qPrintable(QStringLiteral("%1 ± %2").arg(lead.tricks).arg(lead.tricksSe)));
    QVERIFY(lead.tricksSe > 0);
    QCOMPARE(valueOf(*r, card("S3")).tricks, lead.tricks); // equal cards, the same layouts
}

void TestSingleDummy::exactOnEndings()
{
    // 50 four-card endings after the opening lead: the exact PIMC value over every layout (each
    // solved here) against the sampled estimate, within 3 standard errors.
    Dealer dealer(2026);
    Xoshiro256 pick(99);
    int checked = 0, within = 0;
    for (int e = 0; e < 50; ++e) {
        const Deal full = dealer.deal();
        Deal start;
        for (const Seat s : allSeats) {
            std::vector<Card> cards = full[s].cards();
            for (int i = 0; i < 4; ++i) {
                std::swap(cards[static_cast<std::size_t>(i)],
                          cards[static_cast<std::size_t>(i) + pick.below(cards.size() - i)]);
                start[s].add(cards[static_cast<std::size_t>(i)]);
            }
        }
        SingleDummySpec spec;
        spec.start = start;
        spec.contract = {1, strainAt(e % 5), Doubling::Undoubled, Seat::South};
        auto state = PlayState::create(start, spec.contract.strain, Seat::West);
        QVERIFY(state);
        spec.played = {state->legalCards().cards().front()}; // West's lead: dummy goes down
        spec.layouts = 300;
        spec.seed = static_cast<std::uint64_t>(e) + 1;
        spec.guesses = false;
        spec.pool.threads = 2;
        auto r = analyseSingleDummy(spec);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        auto k = layoutKnowledge(start, spec.contract.strain, Seat::West, spec.played, r->viewer,
                                 Seat::North);
        const std::vector<Deal> all = LayoutSampler::make(*k, {})->allLayouts();
        Solver solver;
        for (const CardValue &v : r->cards) {
            double sum = 0;
            for (const Deal &layout : all) {
                Position p {layout, spec.contract.strain, Seat::West, spec.played};
                p.leader = Seat::West;
                const Seat toMove = p.toMove();
                p.remaining[toMove].remove(v.card);
                p.trick.push_back(v.card);
                const int rest = *solver.tricks(p);
                // North-South's tricks: the side now to move takes `rest` of the 4 tricks.
                sum += sideOf(p.toMove()) == Side::NorthSouth ? rest : 4 - rest;
            }
            const double exact = sum / static_cast<double>(all.size());
            ++checked;
            within += std::abs(v.tricks - exact) <= 3 * v.tricksSe + 1e-9;
        }
    }
    // At 3 standard errors about 0.3% fall outside by chance.
    QVERIFY2(within >= checked - checked / 50,
             qPrintable(QStringLiteral("%1 of %2 within 3 SE").arg(within).arg(checked)));
    QVERIFY(checked >= 50);
}

void TestSingleDummy::twoWayGuess()
{
    // ♠AKJ54 (South) opposite ♠9876 (North), the queen missing; North on lead after winning the
    // first trick. PIMC values leading a spade at the chance that the finesse OR the drop works:
    // more than either real line gives. The guess is flagged.
    SingleDummySpec spec;
    spec.start = deal("N:9876.A2.. 32.JT.32. AKJ54...2 QT.KQ.54.");
    spec.contract = {1, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    // West leads ♥K, North wins ♥A, East ♥T, South discards ♣2.
    spec.played = {card("HK"), card("HA"), card("HT"), card("C2")};
    spec.layouts = 3000;
    spec.seed = 17;
    spec.pool.threads = 2;
    auto r = analyseSingleDummy(spec);
    QVERIFY2(r, r ? "" : r.error().message.c_str());
    QCOMPARE(r->viewer, Seat::South); // dummy to play: declarer's view
    const CardValue &spade = valueOf(*r, card("S6"));

    // The exact values over every layout: PIMC (the best continuation per layout), and the two
    // real lines: finesse (the jack unless East shows the queen) and drop (the ace).
    auto k = layoutKnowledge(spec.start, Strain::NoTrump, Seat::West, spec.played, Seat::South,
                             Seat::North);
    const std::vector<Deal> all = LayoutSampler::make(*k, {})->allLayouts();
    Solver solver;
    double pimc = 0, finesse = 0, drop = 0;
    for (const Deal &layout : all) {
        Position p {layout, Strain::NoTrump, Seat::North, {}};
        p.remaining[Seat::North].remove(card("S6"));
        p.trick = {card("S6")};
        // East's double-dummy reply.
        SolveOptions one;
        one.cards = CardSelection::One;
        const auto reply = solver.solve(p, one);
        QVERIFY(reply && !reply->cards.empty());
        const Card east = reply->cards.front().card;
        p.remaining[Seat::East].remove(east);
        p.trick.push_back(east);
        auto tricksAfter = [&](Card south) {
            Position q = p;
            q.remaining[Seat::South].remove(south);
            q.trick.push_back(south);
            const int rest = *solver.tricks(q); // West to move
            return 5 - rest + 1; // North-South's: the rest of five, plus the ♥A
        };
        const int j = tricksAfter(east == card("SQ") ? card("SA") : card("SJ"));
        const int a = tricksAfter(card("SA"));
        finesse += j;
        drop += a;
        pimc += std::max(j, std::max(a, tricksAfter(card("S4"))));
    }
    const double n = static_cast<double>(all.size());
    pimc /= n;
    finesse /= n;
    drop /= n;
    qInfo("spade lead: PIMC %.4f (sampled %.4f ± %.4f), finesse %.4f, drop %.4f, guess %s", pimc,
          spade.tricks, spade.tricksSe, finesse, drop, spade.guess ? "flagged" : "not flagged");
    QVERIFY(pimc > std::max(finesse, drop) + 0.05);
    QVERIFY(std::abs(spade.tricks - pimc) < 3 * spade.tricksSe + 1e-9);
    QVERIFY(spade.guess);
}

void TestSingleDummy::leadTableIndependent()
{
    // An unconstrained opening lead: the values against the same computation written here
    // (layouts from Dealer::dealRest, one every-card solve each), card by card within 4 SE.
    const Deal west = deal("W:KQT5.987.A32.J54 - - -");
    SingleDummySpec spec;
    spec.start = west;
    spec.contract = {4, Strain::Spades, Doubling::Undoubled, Seat::South};
    spec.layouts = 120;
    spec.seed = 8;
    spec.guesses = false;
    spec.pool.threads = 2;
    auto r = analyseSingleDummy(spec);
    QVERIFY2(r, r ? "" : r.error().message.c_str());
    QCOMPARE(r->cards.size(), std::size_t {13});
    QCOMPARE(r->viewer, Seat::West);

    Dealer dealer(12345);
    Solver solver;
    std::map<int, std::pair<double, double>> sums; // card bit -> (sum, sum of squares) of EW
    const int n = 120;
    for (int i = 0; i < n; ++i) {
        const Deal layout = *dealer.dealRest(west);
        const Position p {layout, Strain::Spades, Seat::West, {}};
        const auto solved = solver.solve(p);
        QVERIFY(solved);
        for (const CardScore &s : solved->cards) {
            Hand group = s.equals;
            group.add(s.card);
            for (const Card c : group.cards()) {
                sums[c.bit()].first += s.score;
                sums[c.bit()].second += s.score * s.score;
            }
        }
    }
    for (const CardValue &v : r->cards) {
        const auto [sum, squares] = sums[v.card.bit()];
        const double mean = sum / n;
        const double se = std::sqrt(std::max(0.0, squares / n - mean * mean) / (n - 1));
        const double defence = 13 - v.tricks;
        const double combined = std::sqrt(se * se + v.tricksSe * v.tricksSe);
        QVERIFY2(std::abs(defence - mean) <= 4 * combined + 1e-9,
                 qPrintable(QStringLiteral("%1: %2 vs %3 (se %4)")
                                .arg(QString::fromStdString(v.card.toString()))
                                .arg(defence)
                                .arg(mean)
                                .arg(combined)));
    }
}

void TestSingleDummy::reproducibleAndThreadFree()
{
    SingleDummySpec spec;
    spec.start = deal("W:KQT5.987.A32.J54 - - -");
    spec.contract = {3, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    spec.constraints[2] = constraint("hcp=15-17,balanced");
    spec.layouts = 30;
    spec.seed = 4;
    spec.guesses = false;
    spec.pool.threads = 1;
    auto one = analyseSingleDummy(spec);
    spec.pool.threads = 2;
    int reports = 0;
    auto two = analyseSingleDummy(spec, {}, [&](const SingleDummyResult &partial) {
        ++reports;
        QVERIFY(partial.layouts < 30);
    });
    QVERIFY(one && two);
    QVERIFY(reports > 0);
    QCOMPARE(one->cards.size(), two->cards.size());
    for (std::size_t i = 0; i < one->cards.size(); ++i) {
        QCOMPARE(one->cards[i].card, two->cards[i].card);
        QCOMPARE(one->cards[i].tricks, two->cards[i].tricks);
    }
    // A cancelled analysis says so.
    CancelToken cancel;
    cancel.cancel();
    auto stopped = analyseSingleDummy(spec, cancel);
    QVERIFY(stopped);
    QCOMPARE(stopped->status, SolveStatus::Cancelled);
}

void TestSingleDummy::impScale()
{
    QCOMPARE(imps(0), 0);
    QCOMPARE(imps(10), 0);
    QCOMPARE(imps(20), 1);
    QCOMPARE(imps(-50), -2);
    QCOMPARE(imps(420), 9);
    QCOMPARE(imps(430), 10);
    QCOMPARE(imps(620 + 100), 12);
    QCOMPARE(imps(4000), 24);
    QCOMPARE(imps(-7600), -24);
}

void TestSingleDummy::mistakeOrBadLuck_data()
{
    QTest::addColumn<QString>("deal");
    QTest::addColumn<QString>("dummyCard"); // North's card at trick 2
    QTest::addColumn<bool>("mistake");
    // South leads towards ♠AQ after winning the heart lead; East keeps a heart to cash if the
    // defence gets in, so the finesse is the wrong card single dummy (computed below). With the
    // king onside, rising with the ace costs a trick double dummy but was right; finessing into a
    // singleton king offside costs tricks and was wrong.
    QTest::newRow("ace, king onside") << "N:AQ.2.. J.43.. 32.A.. K7.5.."
                                      << "SA" << false;
    QTest::newRow("finesse, singleton king offside") << "N:AQ.2.. K.43.. 32.A.. J7.5.."
                                                     << "SQ" << true;
}

void TestSingleDummy::mistakeOrBadLuck()
{
    QFETCH(QString, deal);
    QFETCH(QString, dummyCard);
    QFETCH(bool, mistake);
    const Deal d = ::deal(deal.toLatin1().constData());
    const Contract contract {1, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    const std::vector<Card> play {card("H5"),
                                  card("H2"),
                                  card("H4"),
                                  card("HA"),
                                  card("S2"),
                                  card("S7"),
                                  card(dummyCard.toLatin1().constData())};
    ReviewOptions options;
    options.layouts = 400;
    options.pool.threads = 2;
    auto review = reviewPlay(d, contract, Vulnerability::None, play, options);
    QVERIFY2(review, review ? "" : review.error().message.c_str());
    const CardReview *judged = reviewAt(*review, 6);
    QVERIFY2(judged, "the dummy's card cost no double-dummy trick");
    QVERIFY(judged->ddCost >= 1);
    QCOMPARE(judged->viewer, Seat::South);

    // The exact single-dummy values of the ace and the queen over every layout South cannot
    // rule out (West followed with the ♠7), each solved here.
    const std::vector<Card> before(play.begin(), play.begin() + 6);
    auto k = layoutKnowledge(d, Strain::NoTrump, Seat::West, before, Seat::South, Seat::North);
    const std::vector<Deal> all = LayoutSampler::make(*k, {})->allLayouts();
    Solver solver;
    auto exact = [&](Card northCard) {
        double sum = 0;
        for (const Deal &layout : all) {
            Position p {layout, Strain::NoTrump, Seat::South, {card("S2"), card("S7")}};
            p.remaining[Seat::North].remove(northCard);
            p.trick.push_back(northCard);
            const int east = *solver.tricks(p); // East to move: of the 2 tricks left
            sum += 1 + 2 - east; // the ♥A, and the rest
        }
        return sum / static_cast<double>(all.size());
    };
    const double ace = exact(card("SA")), queen = exact(card("SQ"));
    qInfo("exact: ace %.3f, queen %.3f tricks; review: %s", ace, queen,
          describeReview(*judged).c_str());
    QVERIFY(ace > queen + 0.2); // the ace is the better card single dummy
    QCOMPARE(judged->verdict == Verdict::Mistake, mistake);
    QCOMPARE(review->mistakes(), mistake ? 1 : 0);
}

void TestSingleDummy::wrongGuessIsAGuess()
{
    // North leads the ♠J, finessing East for the queen: wrong, and a double-dummy trick lost.
    const Deal d = deal(twoWayDeal);
    const Contract contract {7, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    std::vector<Card> play = cards(twoWayPlay);
    const int lead = static_cast<int>(play.size());
    play.push_back(card("SJ"));
    ReviewOptions options;
    options.pool.threads = 2;
    auto review = reviewPlay(d, contract, Vulnerability::None, play, options);
    QVERIFY2(review, review ? "" : review.error().message.c_str());
    const CardReview *judged = reviewAt(*review, lead);
    QVERIFY2(judged, "the ♠J cost no double-dummy trick");
    QCOMPARE(judged->viewer, Seat::South);
    QVERIFY(judged->alphaMuDepth >= 2);

    // The worlds αμ searched; in each, the ♠J makes 7NT exactly when East holds the queen
    // (solved here), and a card that keeps both finesses open makes where the way chosen for
    // every world is right: the larger share.
    AlphaMuSpec spec;
    spec.base.start = d;
    spec.base.contract = contract;
    spec.base.played.assign(play.begin(), play.begin() + lead);
    spec.base.layouts = options.alphaMuWorlds;
    spec.base.seed = options.seed;
    auto worlds = alphaMuWorlds(spec);
    QVERIFY(worlds);
    Solver solver;
    int queenEast = 0;
    for (const Deal &w : *worlds) {
        const bool east = w[Seat::East].contains(card("SQ"));
        queenEast += east;
        Position p {w, Strain::NoTrump, Seat::North, {card("SJ")}};
        p.remaining[Seat::North].remove(card("SJ"));
        const int defence = *solver.tricks(p); // East to play: the defenders' tricks of three
        QCOMPARE(defence == 0, east);
    }
    const double n = static_cast<double>(worlds->size());
    const double jack = queenEast / n,
                 other = std::max(queenEast, int(worlds->size()) - queenEast) / n;
    QVERIFY(jack > 0.25 && jack < 0.75);
    const std::string text = describeReview(*judged);
    qInfo("queen East in %d of %d worlds; review: %s", queenEast, int(worlds->size()),
          text.c_str());
    QCOMPARE(judged->verdict, Verdict::Guess);
    QCOMPARE(judged->card, card("SJ"));
    QVERIFY(judged->best == card("SA") || judged->best == card("S2"));
    QVERIFY(std::abs(judged->chance - jack) < 1e-9);
    QVERIFY(std::abs(judged->bestChance - other) < 1e-9);
    QVERIFY(text.starts_with("a guess: "));
    QVERIFY(text.find("\u2660J") != std::string::npos);
    QVERIFY(text.find(judged->best == card("SA") ? "\u2660A" : "\u26602") != std::string::npos);
    QVERIFY(text.find(percentText(jack)) != std::string::npos);
    QVERIFY(text.find(percentText(other)) != std::string::npos);
    QCOMPARE(review->guesses(), 1);
    QCOMPARE(review->mistakes(), 0);

    // PIMC alone takes the ♠A for a sure thing (every layout guesses right after it): a mistake.
    options.alphaMu = false;
    auto pimc = reviewPlay(d, contract, Vulnerability::None, play, options);
    QVERIFY(pimc);
    const CardReview *byPimc = reviewAt(*pimc, lead);
    QVERIFY(byPimc);
    QCOMPARE(byPimc->verdict, Verdict::Mistake);
    QCOMPARE(byPimc->alphaMuDepth, 0);
}

void TestSingleDummy::losingCardIsAMistake()
{
    // East shows out of spades on North's ♠2, so West holds the queen and ♠K then a finesse of
    // the ♠J makes 7NT in every world; South plays the ♠3 instead, and West wins the trick.
    const Deal d = deal("N:AJ2.AKQJ.AKQ.AKQ .765.876.JT98765 KT3.432.5432.432 Q987654.T98.JT9.");
    const Contract contract {7, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    const std::vector<Card> play = cards("HT HA H5 H2 HK H6 H3 H9 HQ H7 H4 H8 S2 C5 S3 S4");
    ReviewOptions options;
    options.pool.threads = 2;
    auto review = reviewPlay(d, contract, Vulnerability::None, play, options);
    QVERIFY2(review, review ? "" : review.error().message.c_str());
    const CardReview *judged = reviewAt(*review, 14);
    QVERIFY2(judged, "the ♠3 cost no double-dummy trick");
    qInfo("review: %s", describeReview(*judged).c_str());
    QVERIFY(judged->alphaMuDepth >= 1);
    QCOMPARE(judged->verdict, Verdict::Mistake);
    QCOMPARE(judged->best, card("SK"));
    QCOMPARE(judged->bestChance, 1.0); // West's spades are all known to be over the ♠3 ...
    QCOMPARE(judged->chance, 0.0); // ... and the ♠K with the finesse wins everywhere
    QCOMPARE(review->mistakes(), 1);
    QCOMPARE(review->guesses(), 0);
    QVERIFY(describeReview(*judged).starts_with(
        "a mistake: \u26603 made 0%, \u2660K would have made 100%"));
}

void TestSingleDummy::defenderJudgedByPimc()
{
    // West, on lead with the only heart, the ♥A, leads the ♠2 instead of cashing it: North wins
    // and keeps the lead with the ♣A, and the ace never takes a trick.
    const Deal d = deal("N:A...A ..32. 3..A. 2.A..");
    const Contract contract {1, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    const std::vector<Card> play = cards("S2");
    ReviewOptions options;
    options.pool.threads = 2;
    auto review = reviewPlay(d, contract, Vulnerability::None, play, options);
    QVERIFY2(review, review ? "" : review.error().message.c_str());
    const CardReview *judged = reviewAt(*review, 0);
    QVERIFY2(judged, "the ♠2 cost no double-dummy trick");
    qInfo("review: %s", describeReview(*judged).c_str());
    QCOMPARE(judged->viewer, Seat::West);
    QVERIFY(!judged->declarerSide);
    QCOMPARE(judged->alphaMuDepth, 0); // PIMC
    // 1NT cannot make in two tricks: the defenders' tricks decide, the values being PIMC's from
    // West's view (dummy not yet seen): the ♥A takes a trick in every layout, the ♠2 only when
    // the cards West cannot see let it.
    QVERIFY(judged->byTricks);
    QCOMPARE(judged->verdict, Verdict::Mistake);
    QCOMPARE(judged->best, card("HA"));
    SingleDummySpec spec;
    spec.start = d;
    spec.contract = contract;
    spec.layouts = options.layouts;
    spec.seed = options.seed;
    spec.pool = options.pool;
    auto pimc = analyseSingleDummy(spec);
    QVERIFY(pimc);
    QCOMPARE(pimc->viewer, Seat::West);
    QCOMPARE(judged->tricks, 13 - valueOf(*pimc, card("S2")).tricks);
    QCOMPARE(judged->bestTricks, 13 - valueOf(*pimc, card("HA")).tricks);
    QVERIFY(judged->bestTricks > judged->tricks + 0.05);
}

QTEST_APPLESS_MAIN(TestSingleDummy)
#include "tst_single_dummy.moc"
