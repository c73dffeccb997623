// αμ for declarer: on small endings, with every consistent layout as the worlds, αμ searched to the
// end equals an independent enumeration of declarer's strategies (one card per history declarer
// sees; the defenders answer each world with their best play; the play is followed to the last
// trick, no double-dummy solver); M = 1 equals PIMC on the same layouts; the two-way finesse that
// PIMC calls certain is the true 50%; a cancel returns at once.

#include "core/analysis/alpha_mu.h"
#include "core/analysis/single_dummy.h"
#include "core/model/dealer.h"
#include "test_deals.h"

#include <QTest>

#include <atomic>
#include <bitset>
#include <map>
#include <thread>

using namespace tenace::core;
using namespace tenace::core::testing;

namespace {

// The winner of a complete trick, written here: the highest trump, else the highest card of the
// suit led.
Seat winnerOf(Seat leader, const std::vector<Card> &trick, Strain trump)
{
    int best = 0;
    auto beats = [&](Card a, Card b) {
        const bool aTrump = trump != Strain::NoTrump && index(a.suit) == index(trump);
        const bool bTrump = trump != Strain::NoTrump && index(b.suit) == index(trump);
        if (aTrump != bTrump)
            return aTrump;
        return a.suit == b.suit && value(a.rank) > value(b.rank);
    };
    for (int i = 1; i < 4; ++i)
        if (beats(trick[static_cast<std::size_t>(i)], trick[static_cast<std::size_t>(best)]))
            best = i;
    return next(leader, best);
}

using Vector = std::bitset<maxAlphaMuWorlds>;
using VectorSet = std::vector<Vector>;

// Keeps the vectors no other vector contains: the best count over strategies is unchanged, since
// both the union (declarer's choice) and the per-world minimum (the defenders') are monotone.
void insert(VectorSet &set, const Vector &v)
{
    for (const Vector &u : set)
        if ((v & ~u).none())
            return;
    std::erase_if(set, [&](const Vector &u) { return (u & ~v).none(); });
    set.push_back(v);
}

// Every strategy of declarer's side, followed to the end of the play in every world: the
// outcome vectors (1: the contract makes in that world; 1 as well for the worlds not at this
// history). A history is the same information set in every world, since every card played is
// seen by all.
struct Enumerator
{
    std::vector<Deal> hands; // per world
    Strain trump;
    Side declarer;
    int need; // tricks declarer's side still needs from the root
    Seat leader;
    std::vector<Card> trick;
    int won = 0;

    Seat toMove() const { return next(leader, static_cast<int>(trick.size())); }

    std::vector<Card> legal(const Hand &hand) const
    {
        std::vector<Card> out;
        for (const Card c : hand.cards())
            if (trick.empty() || c.suit == trick.front().suit ||
                hand.length(trick.front().suit) == 0)
                out.push_back(c);
        return out;
    }

    VectorSet play(Card card, const std::vector<int> &worlds)
    {
        const Seat mover = toMove();
        const auto savedTrick = trick;
        const Seat savedLeader = leader;
        const int savedWon = won;
        for (const int w : worlds)
            hands[static_cast<std::size_t>(w)][mover].remove(card);
        trick.push_back(card);
        if (trick.size() == 4) {
            leader = winnerOf(leader, trick, trump);
            won += sideOf(leader) == declarer;
            trick.clear();
        }
        VectorSet out = values(worlds);
        trick = savedTrick;
        leader = savedLeader;
        won = savedWon;
        for (const int w : worlds)
            hands[static_cast<std::size_t>(w)][mover].add(card);
        return out;
    }

    VectorSet values(const std::vector<int> &worlds)
    {
        const Seat mover = toMove();
        Vector outside;
        outside.set();
        for (const int w : worlds)
            outside.reset(static_cast<std::size_t>(w));
        if (hands[static_cast<std::size_t>(worlds.front())][mover].empty())
            return {won >= need ? Vector().set() : outside};
        VectorSet out;
        if (sideOf(mover) == declarer) { // one card for every world of the history
            for (const Card c : legal(hands[static_cast<std::size_t>(worlds.front())][mover]))
                for (const Vector &v : play(c, worlds))
                    insert(out, v);
            return out;
        }
        std::map<int, std::vector<int>> byCard; // each card with the worlds where it is legal
        for (const int w : worlds)
            for (const Card c : legal(hands[static_cast<std::size_t>(w)][mover]))
                byCard[c.bit()].push_back(w);
        out = {Vector().set()};
        for (const auto &[bit, where] : byCard) {
            const VectorSet child = play(Card::fromBit(bit), where);
            VectorSet combined;
            for (const Vector &a : out)
                for (const Vector &b : child)
                    insert(combined, a & b);
            out = combined;
        }
        return out;
    }

    // The most worlds a strategy starting with `card` makes.
    int best(Card card)
    {
        std::vector<int> all(hands.size());
        for (std::size_t w = 0; w < hands.size(); ++w)
            all[w] = static_cast<int>(w);
        int most = 0;
        for (const Vector &v : play(card, all)) {
            int n = 0;
            for (const int w : all)
                n += v.test(static_cast<std::size_t>(w));
            most = std::max(most, n);
        }
        return most;
    }
};

// An ending: a full deal, the cards played, the contract (declarer South).
struct Ending
{
    std::string name;
    AlphaMuSpec spec;
};

// The spec's worlds: every layout declarer cannot rule out.
std::vector<Deal> everyLayout(const AlphaMuSpec &spec)
{
    const SingleDummySpec &b = spec.base;
    auto knowledge = layoutKnowledge(b.start, b.contract.strain, b.contract.openingLeader(),
                                     b.played, b.contract.declarer, partner(b.contract.declarer));
    if (!knowledge)
        qFatal("knowledge: %s", knowledge.error().message.c_str());
    auto sampler = LayoutSampler::make(*knowledge, b.constraints);
    if (!sampler)
        qFatal("sampler: %s", sampler.error().message.c_str());
    return sampler->allLayouts();
}

Enumerator enumeratorFor(const AlphaMuSpec &spec, const std::vector<Deal> &worlds)
{
    const Contract &c = spec.base.contract;
    Enumerator e {worlds, c.strain, sideOf(c.declarer), 0, c.openingLeader(), {}, 0};
    for (const Card card : spec.base.played) {
        e.trick.push_back(card);
        if (e.trick.size() == 4) {
            e.leader = winnerOf(e.leader, e.trick, c.strain);
            e.won += sideOf(e.leader) == e.declarer;
            e.trick.clear();
        }
    }
    e.need = c.tricksNeeded();
    return e;
}

// West leads T, then North wins ten tricks in hearts, diamonds and clubs while everyone follows
// (East discards a small spade at the end): North AJ2 and South KT3 in spades, missing the queen
// and five small 3-3, all three tricks needed. Nothing tells where the queen is.
AlphaMuSpec twoWayFinesse()
{
    AlphaMuSpec spec;
    spec.base.start = deal("N:AJ2.AKQJ.AKQ.AKQ Q984.765.876.765 KT3.432.5432.432 765.T98.JT9.JT98");
    spec.base.contract = {7, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    spec.base.played = cards("HT HA H5 H2 HK H6 H3 H9 HQ H7 H4 H8 DA D6 D2 D9 DK D7 D3 DT DQ D8 D4 "
                             "DJ CA C5 C2 C8 CK C6 C3 C9 CQ C7 C4 CT HJ S4 D5 CJ");
    spec.budget = std::chrono::milliseconds {0};
    return spec;
}

// A random deal played at random until `left` tricks remain and declarer's side is to play; the
// contract asks for between one and all of the tricks left. Fails (nullopt) when no level fits.
std::optional<AlphaMuSpec> randomEnding(Xoshiro256 &random, int left)
{
    std::vector<Card> deck;
    for (int bit = 0; bit < 64; ++bit)
        if (Hand::fullDeck().contains(Card::fromBit(bit)))
            deck.push_back(Card::fromBit(bit));
    for (std::size_t i = deck.size(); i > 1; --i)
        std::swap(deck[i - 1], deck[random.below(i)]);
    AlphaMuSpec spec;
    for (std::size_t i = 0; i < 52; ++i)
        spec.base.start.hands[i / 13].add(deck[i]);
    const Strain trump = strainAt(static_cast<int>(random.below(5)));
    Enumerator e {{spec.base.start}, trump, Side::NorthSouth, 0, Seat::West, {}, 0};
    while (e.hands[0][e.toMove()].count() > left || sideOf(e.toMove()) != Side::NorthSouth) {
        const auto legal = e.legal(e.hands[0][e.toMove()]);
        const Card c = legal[random.below(legal.size())];
        spec.base.played.push_back(c);
        e.hands[0][e.toMove()].remove(c);
        e.trick.push_back(c);
        if (e.trick.size() == 4) {
            e.leader = winnerOf(e.leader, e.trick, trump);
            e.won += sideOf(e.leader) == Side::NorthSouth;
            e.trick.clear();
        }
    }
    const int remaining = e.hands[0][e.toMove()].count();
    const int need = 1 + static_cast<int>(random.below(static_cast<std::uint64_t>(remaining)));
    const int level = e.won + need - 6;
    if (level < 1 || level > 7)
        return std::nullopt;
    spec.base.contract = {level, trump, Doubling::Undoubled, Seat::South};
    spec.budget = std::chrono::milliseconds {0};
    return spec;
}

std::vector<Ending> endings()
{
    std::vector<Ending> out;
    out.push_back({"two-way finesse", twoWayFinesse()});
    Xoshiro256 random(20260127);
    const int lefts[] = {2, 2, 3, 3, 3, 4};
    for (int i = 0; out.size() < 37; ++i) {
        const int left = lefts[static_cast<std::size_t>(i) % std::size(lefts)];
        if (auto spec = randomEnding(random, left))
            out.push_back(
                {"random " + std::to_string(out.size()) + ", " + std::to_string(left) + " tricks",
                 *spec});
    }
    return out;
}

double makeOf(const std::vector<AlphaMuCard> &values, Card card)
{
    for (const AlphaMuCard &v : values)
        if (v.card == card)
            return v.make;
    qFatal("card %s not valued", card.toString().c_str());
}

} // namespace

class TestAlphaMu : public QObject
{
    Q_OBJECT
private slots:
    void equalsEnumeration_data();
    void equalsEnumeration();
    void depthOneIsPimc();
    void twoWayFinesseIsAGuess();
    void reproducibleAndThreadFree();
    void budgetKeepsDepthOne();
    void refusesDefenders();
    void cancelStopsAtOnce();
};

void TestAlphaMu::equalsEnumeration_data()
{
    QTest::addColumn<int>("which");
    const auto all = endings();
    for (std::size_t i = 0; i < all.size(); ++i)
        QTest::newRow(all[i].name.c_str()) << static_cast<int>(i);
}

void TestAlphaMu::equalsEnumeration()
{
    QFETCH(int, which);
    AlphaMuSpec spec = endings()[static_cast<std::size_t>(which)].spec;
    spec.worlds = everyLayout(spec);
    QVERIFY(spec.worlds.size() <= static_cast<std::size_t>(maxAlphaMuWorlds));
    Enumerator e = enumeratorFor(spec, spec.worlds);
    const double n = static_cast<double>(spec.worlds.size());

    // Without cuts every card's value is exact; with them, the best card's is, and the others
    // are exact or bounded by the best.
    for (const bool cuts : {false, true}) {
        spec.cuts = cuts;
        auto r = analyseAlphaMu(spec);
        QVERIFY2(r, r ? "" : r.error().message.c_str());
        QVERIFY(r->complete);
        QCOMPARE(r->status, SolveStatus::Solved);
        QCOMPARE(r->worlds, static_cast<int>(spec.worlds.size()));
        int bestExact = 0;
        for (const AlphaMuCard &v : r->cards) {
            const int exact = e.best(v.card);
            bestExact = std::max(bestExact, exact);
            if (!cuts || v.depth == r->depth)
                QCOMPARE(qRound(v.make * n), exact);
            else
                QVERIFY(v.make * n + 1e-9 >= exact && v.make <= r->cards.front().make + 1e-9);
        }
        QCOMPARE(qRound(r->cards.front().make * n), bestExact);
    }
}

void TestAlphaMu::depthOneIsPimc()
{
    auto all = endings();
    for (std::size_t i = 0; i < all.size(); i += 3) {
        AlphaMuSpec spec = all[i].spec;
        spec.base.layouts = 30;
        spec.base.seed = 7 + i;
        spec.base.guesses = false;
        spec.depth = 1;
        auto pimc = analyseSingleDummy(spec.base);
        QVERIFY2(pimc, pimc ? "" : pimc.error().message.c_str());
        auto mu = analyseAlphaMu(spec);
        QVERIFY2(mu, mu ? "" : mu.error().message.c_str());
        QCOMPARE(mu->depth, 1);
        QCOMPARE(mu->cards.size(), pimc->cards.size());
        for (const CardValue &v : pimc->cards)
            QCOMPARE(makeOf(mu->cards, v.card), v.make);
    }
}

void TestAlphaMu::twoWayFinesseIsAGuess()
{
    AlphaMuSpec spec = twoWayFinesse();
    spec.worlds = everyLayout(spec);
    QCOMPARE(spec.worlds.size(), std::size_t {20}); // Q98765 split 3-3
    // Where the queen is, by enumeration: a strategy wins exactly where it finesses the right way.
    int queenWest = 0;
    for (const Deal &w : spec.worlds)
        queenWest += w[Seat::West].contains(*parseCard("SQ"));
    QCOMPARE(queenWest, 10);

    // PIMC: every layout guesses right after the small spade. (Its guess flag is not asserted:
    // the contract being cold double dummy either way, the double-dummy East may play the queen
    // at once, after which no guess is left to see.)
    SingleDummySpec pimcSpec = spec.base;
    pimcSpec.layouts = 40;
    auto pimc = analyseSingleDummy(pimcSpec);
    QVERIFY(pimc);
    QCOMPARE(pimc->cards.front().card, *parseCard("S2"));
    QCOMPARE(pimc->cards.front().make, 1.0);

    spec.depth = 1;
    auto one = analyseAlphaMu(spec);
    QVERIFY(one);
    QCOMPARE(one->cards.front().make, 1.0);
    spec.depth = 2;
    std::vector<double> reported;
    auto two = analyseAlphaMu(spec, {}, [&](const AlphaMuResult &p) {
        QCOMPARE(p.depth, static_cast<int>(reported.size()) + 1);
        reported.push_back(p.cards.front().make);
    });
    QVERIFY(two);
    QCOMPARE(two->depth, 2);
    QCOMPARE(two->cards.front().make, 0.5);
    Enumerator e = enumeratorFor(spec, spec.worlds);
    QCOMPARE(e.best(two->cards.front().card), 10);
    QCOMPARE(reported, (std::vector<double> {1.0, 0.5})); // one report per depth

    // To the end of the play: still 50%, and deeper would change nothing.
    spec.depth = 0;
    auto full = analyseAlphaMu(spec);
    QVERIFY(full);
    QVERIFY(full->complete);
    QCOMPARE(full->cards.front().make, 0.5);
}

void TestAlphaMu::reproducibleAndThreadFree()
{
    AlphaMuSpec spec = endings()[5].spec;
    spec.base.layouts = 40;
    spec.depth = 3;
    spec.base.pool.threads = 1;
    auto a = analyseAlphaMu(spec);
    spec.base.pool.threads = 2;
    auto b = analyseAlphaMu(spec);
    QVERIFY(a && b);
    QCOMPARE(a->depth, b->depth);
    QCOMPARE(a->cards.size(), b->cards.size());
    for (std::size_t i = 0; i < a->cards.size(); ++i) {
        QCOMPARE(a->cards[i].card, b->cards[i].card);
        QCOMPARE(a->cards[i].make, b->cards[i].make);
        QCOMPARE(a->cards[i].depth, b->cards[i].depth);
    }
    QCOMPARE(a->stats.leafSolves, b->stats.leafSolves);
    QCOMPARE(a->stats.nodes, b->stats.nodes);
}

void TestAlphaMu::budgetKeepsDepthOne()
{
    // Ten tricks left, 40 worlds, a budget far too short for depth 2: depth 1 still completes.
    AlphaMuSpec spec;
    spec.base.start = deal("N:AJ2.AKQJ.AKQ.AKQ Q984.765.876.765 KT3.432.5432.432 765.T98.JT9.JT98");
    spec.base.contract = {6, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    spec.base.played = cards("HT HA H5 H2 HK H6 H3 H9 HQ H7 H4 H8");
    spec.budget = std::chrono::milliseconds {1};
    auto r = analyseAlphaMu(spec);
    QVERIFY(r);
    QCOMPARE(r->status, SolveStatus::Solved);
    QCOMPARE(r->depth, 1);
    QCOMPARE(r->depthMillis.size(), std::size_t {1});
    QCOMPARE(r->cards.size(), static_cast<std::size_t>(13 - 3));
}

void TestAlphaMu::refusesDefenders()
{
    AlphaMuSpec spec = twoWayFinesse();
    spec.base.played.pop_back(); // West, a defender, to play
    auto r = analyseAlphaMu(spec);
    QVERIFY(!r);
    QVERIFY(r.error().message.find("West (a defender) is to play") != std::string::npos);
    spec.base.played.clear(); // the opening lead
    QVERIFY(!analyseAlphaMu(spec));
}

void TestAlphaMu::cancelStopsAtOnce()
{
    // Trick one of a full deal, searched without a depth or time limit.
    AlphaMuSpec spec;
    spec.base.start = deal("N:AJ2.AKQJ.AKQ.AKQ Q984.765.876.765 KT3.432.5432.432 765.T98.JT9.JT98");
    spec.base.contract = {6, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    spec.base.played = cards("C8");
    spec.base.pool.threads = 2;
    spec.budget = std::chrono::milliseconds {0};

    CancelToken early;
    early.cancel();
    auto r = analyseAlphaMu(spec, early);
    QVERIFY(r);
    QCOMPARE(r->status, SolveStatus::Cancelled);

    CancelToken cancel;
    int reports = 0;
    using Clock = std::chrono::steady_clock;
    std::atomic<Clock::rep> cancelledAt {0};
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds {300});
        cancelledAt = Clock::now().time_since_epoch().count();
        cancel.cancel();
    });
    r = analyseAlphaMu(spec, cancel, [&](const AlphaMuResult &p) {
        ++reports;
        QCOMPARE(p.depth, reports);
    });
    const auto returnedAt = Clock::now().time_since_epoch().count();
    stopper.join();
    const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(
                           Clock::duration(returnedAt - cancelledAt.load()))
                           .count();
    QVERIFY(r);
    QCOMPARE(r->status, SolveStatus::Cancelled);
    QVERIFY2(after < 200, QByteArray::number(static_cast<qint64>(after)));
    QCOMPARE(r->depth, reports); // the values of the last full depth
    QCOMPARE(r->cards.size(), std::size_t {3}); // North's clubs
}

QTEST_APPLESS_MAIN(TestAlphaMu)
#include "tst_alpha_mu.moc"
