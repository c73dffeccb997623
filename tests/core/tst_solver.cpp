// The double-dummy solver: an independent brute-force minimax on random endings (every legal card
// compared, mid-trick positions included; high-card and long-trump endings), subsets of the DDS
// reference files (solveboard.tsv up to 7 tricks, 8 random ddtables.tsv deals, 20 playtraces.tsv
// rows), cancellation latency, the SolveOptions semantics and errors, the memory cap, and the best
// move the transposition table offers. The full reference files run in tst_solver_full (label
// slow).

#include "core/model/dealer.h"
#include "core/model/play_state.h"
#include "core/solver/solver.h"
#include "core/solver/transposition_table.h"
#include "solver_reference.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <thread>

using namespace tenace::core;
using namespace tenace::test;
using namespace std::chrono_literals;

namespace {

// Final number of tricks North-South win from `state` with best play by both sides: plain
// alpha-beta over PlayState, no transposition table, no move ordering, no equivalent cards, so
// that it shares nothing with the solver but the rules in PlayState. Fail-soft.
int bestNorthSouth(PlayState &state, int alpha, int beta)
{
    const int won = state.tricksWon(Side::NorthSouth);
    if (state.isFinished())
        return won;
    const int left = state.position().tricksLeft();
    if (won >= beta)
        return won;
    if (won + left <= alpha)
        return won + left;
    const bool maximise = sideOf(state.toMove()) == Side::NorthSouth;
    int best = maximise ? -1 : 14;
    for (Card c : state.legalCards().cards()) {
        state.play(c);
        const int v = bestNorthSouth(state, alpha, beta);
        state.undo();
        if (maximise) {
            best = std::max(best, v);
            alpha = std::max(alpha, v);
        } else {
            best = std::min(best, v);
            beta = std::min(beta, v);
        }
        if (alpha >= beta)
            break;
    }
    return best;
}

// Tricks (of tricksLeft) the side to move takes after playing each legal card, by brute force.
std::map<int, int> bruteForceScores(const Position &position)
{
    auto state = PlayState::create(position);
    const Side mover = sideOf(position.toMove());
    const int won = state->tricksWon(Side::NorthSouth);
    const int left = position.tricksLeft();
    std::map<int, int> scores;
    for (Card c : position.legalCards().cards()) {
        state->play(c);
        const int northSouth = bestNorthSouth(*state, -1, 14) - won;
        state->undo();
        scores[c.bit()] = mover == Side::NorthSouth ? northSouth : left - northSouth;
    }
    return scores;
}

Card randomLegal(const PlayState &state, Xoshiro256 &random)
{
    const auto cards = state.legalCards().cards();
    return cards[random.below(cards.size())];
}

// A random ending: a random deal played at random until every hand holds <= 5 cards, then 0..3
// more random cards (so a quarter of the endings start mid-trick at each trick position).
Position randomEnding(Dealer &dealer, Xoshiro256 &random, int i)
{
    auto state = PlayState::create(dealer.deal(), allStrains[static_cast<std::size_t>(i % 5)],
                                   seatAt(static_cast<int>(random.below(4))));
    auto longest = [&] {
        int n = 0;
        for (const Hand &h : state->position().remaining.hands)
            n = std::max(n, h.count());
        return n;
    };
    while (longest() > 5)
        state->play(randomLegal(*state, random));
    for (auto extra = random.below(4); extra > 0; --extra)
        state->play(randomLegal(*state, random));
    return state->position();
}

std::string describe(const Position &p)
{
    std::string trick;
    for (Card c : p.trick)
        trick.append(" ").append(c.toString());
    return std::string("trump ") + strainLetter(p.trump) + " leader " + seatLetter(p.leader) +
        " trick [" + trick + " ] " + p.remaining.toPbn();
}

// The solver's score of every legal card of `position` (ending `i`) against brute force: empty
// when they agree, else what differs.
std::string bruteForceMismatch(Solver &solver, const Position &position, int i)
{
    auto result = solver.solve(position, {-1, CardSelection::All, true});
    if (!result)
        return result.error().message;
    const auto expected = bruteForceScores(position);
    const auto actual = expandScores(*result);
    if (actual == expected)
        return {};
    return "ending " + std::to_string(i) + " " + describe(position) + ": " + formatScores(actual) +
        ", brute force " + formatScores(expected);
}

// NT, West on lead, 3 tricks: cashing SA SK first takes 2; leading D2 first takes 1 (North wins
// DA, cashes DK and West's spades are then only one trick).
Position smallEnding()
{
    return {*parsePbnDeal("N:2..AK. .432.. ...432 AK..2."), Strain::NoTrump, Seat::West, {}};
}

const Card spadeAce {Suit::Spades, Rank::Ace};
const Card spadeKing {Suit::Spades, Rank::King};
const Card diamondTwo {Suit::Diamonds, Rank::Two};

Hand kingOnly()
{
    Hand h;
    h.add(spadeKing);
    return h;
}

} // namespace

class TestSolver : public QObject
{
    Q_OBJECT
private slots:
    void bruteForceEndings();
    void highCardEndings();
    void trumpLengthEndings();
    void solveBoardShort();
    void tables_data();
    void tables();
    void traces_data();
    void traces();
    void cancel_data();
    void cancel();
    void options_data();
    void options();
    void singleChoiceUnsearched();
    void errors_data();
    void errors();
    void memoryCap();
    void portableSearch();
    void tableBestMove();
    void tableSplitBuckets();
    void tableEviction();
};

void TestSolver::bruteForceEndings()
{
    constexpr int endings = 5000;
    Dealer dealer(20260101);
    Xoshiro256 random(42);
    Solver solver;
    int midTrick = 0;
    for (int i = 0; i < endings; ++i) {
        const Position position = randomEnding(dealer, random, i);
        midTrick += !position.trick.empty();
        auto result = solver.solve(position, {-1, CardSelection::All, true});
        QVERIFY2(result, result ? "" : result.error().message.c_str());
        const auto expected = bruteForceScores(position);
        const auto actual = expandScores(*result);
        int best = 0;
        for (const auto &[bit, score] : expected)
            best = std::max(best, score);
        const std::string message = "ending " + std::to_string(i) + " " + describe(position) +
            ": " + formatScores(actual) + " max " + std::to_string(result->tricks) +
            ", brute force " + formatScores(expected) + " max " + std::to_string(best);
        QVERIFY2(actual == expected && result->tricks == best, message.c_str());
    }
    QVERIFY(midTrick > endings / 2);
}

// Endings of two to four cards per hand drawn from each suit's top cards only (every card ranks
// high, voids are common): the positions where squeezes, sure trump tricks against the ace and
// the test that a side cannot take every trick are decided. Every strain and leader.
void TestSolver::highCardEndings()
{
    constexpr int endings = 3000;
    Xoshiro256 random(7);
    Solver solver;
    for (int i = 0; i < endings; ++i) {
        const int cards = 2 + static_cast<int>(random.below(3));
        const int ranks = cards + static_cast<int>(random.below(3)); // per suit, from the ace down
        std::vector<Card> pool;
        for (Suit suit : allSuits)
            for (int r = 0; r < ranks; ++r)
                pool.push_back(Card {suit, static_cast<Rank>(static_cast<int>(Rank::Ace) - r)});
        Deal deal;
        for (int k = 0; k < 4 * cards; ++k) {
            const auto pick = k + static_cast<std::size_t>(random.below(pool.size() - k));
            std::swap(pool[static_cast<std::size_t>(k)], pool[pick]);
            deal.hands[static_cast<std::size_t>(k % 4)].add(pool[static_cast<std::size_t>(k)]);
        }
        const Position position {deal,
                                 allStrains[static_cast<std::size_t>(i % 5)],
                                 seatAt(static_cast<int>(random.below(4))),
                                 {}};
        const std::string mismatch = bruteForceMismatch(solver, position, i);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
    }
}

// Trump endings of three to five cards per hand in which one hand holds many trumps of any rank
// and the opponents some: the positions where a side's trump length, less the opponents' trumps,
// decides a node with no trump rank kept, so that the entry is reused whatever the ranks.
void TestSolver::trumpLengthEndings()
{
    constexpr int endings = 2000;
    Xoshiro256 random(11);
    Solver solver;
    for (int i = 0; i < endings; ++i) {
        const int cards = 3 + static_cast<int>(random.below(3));
        const int trump = static_cast<int>(random.below(4));
        std::vector<Card> trumps, others;
        for (Suit suit : allSuits)
            for (int r = 2; r <= 14; ++r)
                (suit == suitAt(trump) ? trumps : others).push_back(Card {suit, rankOf(r)});
        auto draw = [&](std::vector<Card> &from) {
            const auto k = static_cast<std::size_t>(random.below(from.size()));
            std::swap(from[k], from.back());
            const Card c = from.back();
            from.pop_back();
            return c;
        };
        // The long hand's trumps, fewer for the opponents together, up to two for partner; the
        // other cards from the side suits.
        const int longHand = static_cast<int>(random.below(4));
        const int length =
            2 + static_cast<int>(random.below(static_cast<std::uint64_t>(cards - 1)));
        const int opponents = static_cast<int>(random.below(static_cast<std::uint64_t>(length)));
        const int lho = static_cast<int>(random.below(static_cast<std::uint64_t>(opponents + 1)));
        int held[4];
        held[longHand] = length;
        held[(longHand + 1) & 3] = std::min(cards, lho);
        held[(longHand + 2) & 3] = static_cast<int>(random.below(3));
        held[(longHand + 3) & 3] = std::min(cards, opponents - lho);
        Deal deal;
        for (int h = 0; h < 4; ++h) {
            for (int k = 0; k < cards; ++k)
                deal.hands[static_cast<std::size_t>(h)].add(draw(k < held[h] ? trumps : others));
        }
        const Position position {
            deal, strainAt(trump), seatAt(static_cast<int>(random.below(4))), {}};
        const std::string mismatch = bruteForceMismatch(solver, position, i);
        QVERIFY2(mismatch.empty(), mismatch.c_str());
    }
}

void TestSolver::solveBoardShort()
{
    Solver solver;
    int rows = 0;
    for (const ReferenceRow &row : readReference("solveboard.tsv")) {
        if (std::stoi(row.fields.at(5)) > 7)
            continue;
        const std::string error = checkSolveRow(row, solver);
        QVERIFY2(error.empty(), error.c_str());
        ++rows;
    }
    QVERIFY(rows > 100);
}

void TestSolver::tables_data()
{
    QTest::addColumn<int>("row");
    // Rows 1..38 are constructed edge cases; 39.. are seeded random deals.
    for (int row = 39; row <= 46; ++row)
        QTest::addRow("row %d", row) << row;
}

void TestSolver::tables()
{
    QFETCH(int, row);
    static const auto rows = readReference("ddtables.tsv");
    Solver solver;
    const std::string error = checkTableRow(rows.at(static_cast<std::size_t>(row - 1)), solver);
    QVERIFY2(error.empty(), error.c_str());
}

void TestSolver::traces_data()
{
    QTest::addColumn<int>("row");
    for (int row = 1; row <= 20; ++row)
        QTest::addRow("row %d", row) << row;
}

void TestSolver::traces()
{
    QFETCH(int, row);
    static const auto rows = readReference("playtraces.tsv");
    Solver solver;
    const std::string error = checkTraceRow(rows.at(static_cast<std::size_t>(row - 1)), solver);
    QVERIFY2(error.empty(), error.c_str());
}

void TestSolver::cancel_data()
{
    QTest::addColumn<bool>("parallel");
    QTest::newRow("Solver::table") << false;
    QTest::newRow("solveTable, 2 threads") << true;
}

void TestSolver::cancel()
{
    QFETCH(bool, parallel);
    const Deal deal =
        *parsePbnDeal("N:.Q853.AJ962.KT74 Q853.AJ962.KT74. AJ962.KT74..Q853 KT74..Q853.AJ962");
    CancelToken token;
    std::atomic<bool> done {false};
    std::optional<SolveStatus> status;
    std::chrono::steady_clock::time_point returned;
    std::thread worker([&] {
        Result<TableResult> result =
            parallel ? solveTable(deal, {2, {}}, token) : Solver().table(deal, token);
        returned = std::chrono::steady_clock::now();
        if (result)
            status = result->status;
        done = true;
    });
    std::this_thread::sleep_for(300ms);
    const bool finishedEarly = done;
    const auto cancelled = std::chrono::steady_clock::now();
    token.cancel();
    worker.join();
    if (finishedEarly)
        QSKIP("the table was solved within 300 ms: nothing left to cancel");
    const auto latency =
        std::chrono::duration_cast<std::chrono::milliseconds>(returned - cancelled);
    qInfo("cancel latency: %lld ms", static_cast<long long>(latency.count()));
    QVERIFY(status.has_value());
    QCOMPARE(*status, SolveStatus::Cancelled);
    QVERIFY2(latency < 1000ms, std::to_string(latency.count()).c_str());
}

void TestSolver::options_data()
{
    QTest::addColumn<int>("target");
    QTest::addColumn<int>("cards");
    QTest::addColumn<int>("tricks"); // result.tricks (0 when a target is given)
    QTest::addColumn<QString>("expected"); // groups "card=score" (leading card of each group)

    QTest::newRow("max, all") << -1 << 3 << 2 << "SA=2 D2=1";
    QTest::newRow("max, one") << -1 << 1 << 2 << "SA=2";
    QTest::newRow("max, optimal") << -1 << 2 << 2 << "SA=2";
    QTest::newRow("target 2 reached, one") << 2 << 1 << 0 << "SA=2";
    QTest::newRow("target 2 reached, optimal") << 2 << 2 << 0 << "SA=2";
    QTest::newRow("target 1 reached, optimal") << 1 << 2 << 0 << "SA=1 D2=1";
    QTest::newRow("target 3 not reached, one") << 3 << 1 << 0 << "SA=-1";
    QTest::newRow("target 3 not reached, optimal") << 3 << 2 << 0 << "SA=-1";
    QTest::newRow("target 0, one") << 0 << 1 << 0 << "SA=0";
}

void TestSolver::options()
{
    QFETCH(int, target);
    QFETCH(int, cards);
    QFETCH(int, tricks);
    QFETCH(QString, expected);
    Solver solver;
    auto result = solver.solve(smallEnding(), {target, static_cast<CardSelection>(cards), true});
    QVERIFY2(result, result ? "" : result.error().message.c_str());
    QCOMPARE(result->status, SolveStatus::Solved);
    QCOMPARE(result->tricks, tricks);
    QStringList groups;
    for (const CardScore &g : result->cards) {
        groups << QString::fromStdString(g.card.toString() + "=" + std::to_string(g.score));
        QCOMPARE(g.equals, g.card == spadeAce ? kingOnly() : Hand());
    }
    QCOMPARE(groups.join(' '), expected);
}

void TestSolver::singleChoiceUnsearched()
{
    // West has led SA; North's only legal card is S2.
    Position position = smallEnding();
    position.remaining[Seat::West].remove(spadeAce);
    position.trick = {spadeAce};
    Solver solver;
    auto unsearched = solver.solve(position, {-1, CardSelection::All, false});
    QVERIFY(unsearched);
    QCOMPARE(unsearched->cards.size(), std::size_t {1});
    QCOMPARE(unsearched->cards[0].card, (Card {Suit::Spades, Rank::Two}));
    QCOMPARE(unsearched->cards[0].score, -2);
    auto searched = solver.solve(position, {-1, CardSelection::All, true});
    QVERIFY(searched);
    QCOMPARE(searched->cards.size(), std::size_t {1});
    QCOMPARE(searched->cards[0].score, 1); // North-South: DA (or the spade trick, not both)
    QCOMPARE(searched->tricks, 1);
    // The other two cards keep their scores when the position has a real choice.
    auto lead = solver.solve(smallEnding(), {-1, CardSelection::All, false});
    QVERIFY(lead);
    QCOMPARE(lead->cards.size(), std::size_t {2});
    QCOMPARE(lead->cards[1].card, diamondTwo);
    QCOMPARE(lead->cards[1].score, 1);
    QCOMPARE(lead->cards[0].equals, kingOnly());
}

void TestSolver::errors_data()
{
    QTest::addColumn<int>("target");
    QTest::addColumn<int>("code");
    QTest::newRow("target 14") << 14 << static_cast<int>(ErrorCode::TargetAbove13);
    QTest::newRow("target -2") << -2 << static_cast<int>(ErrorCode::TargetBelowMinusOne);
    QTest::newRow("target 4 of 3 tricks") << 4 << static_cast<int>(ErrorCode::TargetTooHigh);
}

void TestSolver::errors()
{
    QFETCH(int, target);
    QFETCH(int, code);
    Solver solver;
    for (CardSelection cards : {CardSelection::One, CardSelection::Optimal, CardSelection::All}) {
        auto result = solver.solve(smallEnding(), {target, cards, true});
        QVERIFY(!result);
        QCOMPARE(static_cast<int>(result.error().code), code);
        QVERIFY(!result.error().message.empty());
    }
}

void TestSolver::memoryCap()
{
    constexpr std::size_t cap = std::size_t {1} << 20;
    Dealer dealer(99);
    Solver small(SolverConfig {cap});
    Solver standard;
    for (int i = 0; i < 3; ++i) {
        const Deal deal = dealer.deal();
        auto capped = small.table(deal);
        auto reference = standard.table(deal);
        QVERIFY(capped && reference);
        QVERIFY2(capped->table == reference->table, deal.toPbn().c_str());
    }
    QVERIFY2(small.peakTableBytes() <= cap, std::to_string(small.peakTableBytes()).c_str());
    qInfo("peak table bytes: %zu capped, %zu default", small.peakTableBytes(),
          standard.peakTableBytes());
}

// The search built for every CPU and the one picked for this CPU (the same one where the CPU has
// no faster build) search the same tree: equal answers and equal node counts.
void TestSolver::portableSearch()
{
    Dealer dealer(7);
    Xoshiro256 random(7);
    Solver portable(SolverConfig {defaultTableBytes, true});
    Solver fastest;
    for (int i = 0; i < 3; ++i) {
        const Deal deal = dealer.deal();
        auto a = portable.table(deal);
        auto b = fastest.table(deal);
        QVERIFY(a && b);
        QVERIFY2(a->table == b->table && a->nodes == b->nodes, deal.toPbn().c_str());
    }
    for (int i = 0; i < 500; ++i) {
        const Position position = randomEnding(dealer, random, i);
        auto a = portable.solve(position, {-1, CardSelection::All, true});
        auto b = fastest.solve(position, {-1, CardSelection::All, true});
        QVERIFY(a && b);
        QVERIFY2(expandScores(*a) == expandScores(*b) && a->nodes == b->nodes,
                 describe(position).c_str());
    }
    // The trick starts are counted alike, and are a part of the nodes.
    QCOMPARE(portable.trickStarts(), fastest.trickStarts());
    QVERIFY(fastest.trickStarts() > 0 && fastest.trickStarts() < fastest.nodes());
}

// When no matching entry's bound decides, the table offers the best move of the newest entry of
// the bucket (the same suit lengths and leader) that has one, whether it matches the position or
// not; a deciding match is found past newer entries that do not match.
void TestSolver::tableBestMove()
{
    using detail::TtEntry;
    detail::TranspositionTable table(std::size_t {1} << 20);
    const std::uint64_t key = 0x1234;
    const auto entry = [](std::uint32_t topSpade, int lower, int upper, int bestMove) {
        TtEntry e {};
        e.owners[0] = topSpade << 30; // the owner of the top spade matters, nothing else
        e.masks[0] = 3u << 30;
        e.lower = static_cast<std::int8_t>(lower);
        e.upper = static_cast<std::int8_t>(upper);
        e.bestMove = static_cast<std::uint8_t>(bestMove);
        return e;
    };
    table.store(key, 5, entry(1, 3, 5, 14)); // East holds the top spade: North-South take 3-5
    table.store(key, 5, entry(3, 0, 2, 30)); // West holds it: at most 2
    table.store(key, 5, entry(2, 4, 5, 0xff)); // South holds it: at least 4, no best move

    const detail::TtPattern east {{1u << 30, 0, 0, 0}};
    TtEntry found {};
    int bestMove = -1;
    QVERIFY(table.find(key, east, 3, found, bestMove));
    QCOMPARE(int {found.lower}, 3);
    QCOMPARE(int {found.bestMove}, 14);
    QVERIFY(!table.find(key, east, 5, found, bestMove));
    QCOMPARE(bestMove, 30);
    bestMove = -1;
    QVERIFY(!table.find(key + 1, east, 5, found, bestMove));
    QCOMPARE(bestMove, -1);
}

// A bucket of many entries splits by the owners of the top cards (transposition_table.h): a
// look-up must still find a deciding entry exactly when one of the stored entries matches and
// decides, whichever bucket or sub-bucket holds it.
void TestSolver::tableSplitBuckets()
{
    using detail::TtEntry;
    using detail::TtPattern;
    std::mt19937 rng(2026);
    // Four cards in each suit, owned by North or East (so that patterns often match).
    const auto randomOwners = [&rng] {
        TtPattern p {};
        for (auto &o : p.owners) {
            const std::uint32_t bits = rng() & 0xf;
            o = ((bits & 1) << 30) | ((bits & 2) << 27) | ((bits & 4) << 24) | ((bits & 8) << 21);
        }
        return p;
    };
    int hits = 0;
    int misses = 0;
    for (const int count : {40, 300, 2000}) {
        detail::TranspositionTable table(std::size_t {64} << 20);
        const std::uint64_t key = 0x4444444444444ull;
        std::vector<TtEntry> stored;
        for (int i = 0; i < count; ++i) {
            TtEntry e {};
            const TtPattern p = randomOwners();
            for (int s = 0; s < 4; ++s) {
                // The top one to three cards, now and then none (such entries stay in the bucket).
                const int k = rng() % 8 == 0 ? 0 : 1 + static_cast<int>(rng() % 3);
                e.masks[s] = k == 0 ? 0 : ~0u << (32 - 2 * k);
                e.owners[s] = p.owners[s];
            }
            const int lower = static_cast<int>(rng() % 5);
            e.lower = static_cast<std::int8_t>(lower);
            e.upper = static_cast<std::int8_t>(lower + static_cast<int>(rng() % (5 - lower)));
            e.bestMove = static_cast<std::uint8_t>(i % 52);
            e.suits = 0xff;
            table.store(key, 4, e);
            stored.push_back(e);
        }
        for (int q = 0; q < 4000; ++q) {
            const TtPattern pattern = randomOwners();
            const int nsNeed = 1 + static_cast<int>(rng() % 4);
            const auto matches = [&](const TtEntry &e) {
                for (int s = 0; s < 4; ++s) {
                    if ((e.owners[s] ^ pattern.owners[s]) & e.masks[s])
                        return false;
                }
                return e.lower >= nsNeed || e.upper < nsNeed;
            };
            const bool expected = std::any_of(stored.begin(), stored.end(), matches);
            TtEntry found {};
            int bestMove = -1;
            const bool got = table.find(key, pattern, nsNeed, found, bestMove);
            QCOMPARE(got, expected);
            if (got) {
                QVERIFY(matches(found));
                ++hits;
            } else {
                QVERIFY(bestMove >= 0 && bestMove < 52);
                ++misses;
            }
        }
    }
    // Both answers are exercised.
    QVERIFY2(hits > 1000 && misses > 1000,
             (std::to_string(hits) + " hits, " + std::to_string(misses) + " misses").c_str());
}

// At the memory limit the table empties the buckets of the fewest tricks left and moves the others'
// arrays together (transposition_table.h): the limit holds, every entry found is one stored under
// its key, and the entries of many tricks left, a small part of the memory, all stay.
void TestSolver::tableEviction()
{
    using detail::TtEntry;
    using detail::TtPattern;
    constexpr std::size_t cap = std::size_t {1} << 20;
    detail::TranspositionTable table(cap);
    std::mt19937 rng(2027);
    // An entry fixing the owners of the whole spade suit (13 cards), with bounds from `i`.
    const auto entryOf = [](std::uint32_t owners, int i) {
        TtEntry e {};
        e.owners[0] = owners & ~0x3fu;
        e.masks[0] = ~0x3fu;
        e.lower = static_cast<std::int8_t>(i % 4);
        e.upper = static_cast<std::int8_t>(i % 4 + 1);
        e.bestMove = static_cast<std::uint8_t>(i % 52);
        e.suits = 1;
        return e;
    };
    const auto patternOf = [](const TtEntry &e) { return TtPattern {{e.owners[0], 0, 0, 0}}; };
    // Entries of 2 tricks left in buckets of up to 40 entries (their arrays grow through several
    // sizes), many times the limit, and among them a few of 10 tricks left, a small part of the
    // memory: their buckets lie between the others in the bucket array and in the arena, and move
    // when the others are emptied.
    std::vector<std::pair<std::uint64_t, TtEntry>> kept;
    std::map<std::uint64_t, std::vector<TtEntry>> stored;
    std::size_t before = table.bytesUsed();
    int evictions = 0;
    for (int i = 0; i < 100000; ++i) {
        const TtEntry e = entryOf(rng(), i);
        if (rng() % 20 == 0) {
            kept.emplace_back(0x100000 + rng() % 1500, e);
            table.store(kept.back().first, 10, e);
        } else {
            const std::uint64_t key = rng() % 6000;
            table.store(key, 2, e);
            stored[key].push_back(e);
        }
        evictions += table.bytesUsed() < before;
        before = table.bytesUsed();
    }
    QVERIFY2(evictions >= 3, std::to_string(evictions).c_str());
    QVERIFY2(table.peakBytes() <= cap, std::to_string(table.peakBytes()).c_str());
    const auto decides = [](const TtEntry &e, int need) {
        return e.lower >= need || e.upper < need;
    };
    for (const auto &[key, e] : kept) {
        TtEntry found {};
        int bestMove = -1;
        QVERIFY(table.find(key, patternOf(e), e.upper + 1, found, bestMove));
        QCOMPARE(found.owners[0], e.owners[0]);
        QCOMPARE(int {found.lower}, int {e.lower});
    }
    int hits = 0;
    for (const auto &[key, entries] : stored) {
        for (const TtEntry &e : entries) {
            TtEntry found {};
            int bestMove = -1;
            if (!table.find(key, patternOf(e), e.upper + 1, found, bestMove))
                continue;
            ++hits;
            const bool known = std::any_of(entries.begin(), entries.end(), [&](const TtEntry &x) {
                return x.owners[0] == found.owners[0] && x.lower == found.lower &&
                    x.upper == found.upper && x.bestMove == found.bestMove;
            });
            QVERIFY(known && found.owners[0] == e.owners[0] && decides(found, e.upper + 1));
        }
    }
    // The newest entries survive the last eviction.
    QVERIFY2(hits > 1000, std::to_string(hits).c_str());
}

QTEST_APPLESS_MAIN(TestSolver)
#include "tst_solver.moc"
