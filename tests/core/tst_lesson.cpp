// Lessons that fight back: random lesson plays (endings of random deals, random student cards)
// judged against layouts enumerated here independently of the sampler: every switch keeps what
// the student has seen (their hands, every card in the hand that played it, the suits a seat
// showed out of, the constraints) and makes the student's card fail; a card that wins in every
// consistent layout never switches. A two-way finesse where the wrong guess always loses. The
// course file's lessons meet the lesson check; good and bad lesson tags.

#include "core/analysis/lesson.h"
#include "core/formats/pbn_reader.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"
#include "test_deals.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>

using namespace tenace::core;
using namespace tenace::core::testing;

namespace {

// What the student has seen, kept by the test as the cards go: who played each card, the voids.
struct Seen
{
    std::vector<std::pair<Seat, Card>> cards;
    std::array<std::uint8_t, 4> voids {};
    Seat leader = Seat::West;
    std::vector<Card> trick;

    void add(Seat seat, Card c, Strain trump)
    {
        if (!trick.empty() && c.suit != trick.front().suit)
            voids[static_cast<std::size_t>(index(seat))] |=
                static_cast<std::uint8_t>(1u << index(trick.front().suit));
        cards.emplace_back(seat, c);
        trick.push_back(c);
        if (trick.size() == 4) {
            const std::array<Card, 4> four {trick[0], trick[1], trick[2], trick[3]};
            leader = trickWinner(leader, four, trump);
            trick.clear();
        }
    }
};

// Whether `layout` (as dealt) is consistent with what the student saw of `start`.
bool consistent(const Deal &layout, const Deal &start, Seat student, const Seen &seen,
                const std::array<HandConstraint, 4> &constraints)
{
    Hand all;
    for (const Seat seat : allSeats) {
        if (layout[seat].count() != start[seat].count())
            return false;
        all = all | layout[seat];
    }
    if (all != start.allCards())
        return false;
    if (layout[student] != start[student] || layout[partner(student)] != start[partner(student)])
        return false;
    Deal remaining = layout;
    for (const auto &[seat, c] : seen.cards) {
        if (!layout[seat].contains(c))
            return false;
        remaining[seat].remove(c);
    }
    for (const Seat seat : allSeats) {
        const auto i = static_cast<std::size_t>(index(seat));
        for (const Suit suit : allSuits)
            if (((seen.voids[i] >> index(suit)) & 1) && remaining[seat].length(suit) > 0)
                return false;
        if (!constraints[i].accepts(layout[seat]))
            return false;
    }
    return true;
}

// Every consistent layout, enumerated by splitting the unseen cards between the defenders.
std::vector<Deal> enumerateLayouts(const Deal &start, Seat student, const Seen &seen,
                                   const std::array<HandConstraint, 4> &constraints)
{
    const Seat a = next(student), b = next(student, 3);
    Deal base;
    base[student] = start[student];
    base[partner(student)] = start[partner(student)];
    Hand unseen = start.allCards() - start[student] - start[partner(student)];
    for (const auto &[seat, c] : seen.cards) {
        if (seat == a || seat == b) {
            base[seat].add(c);
            unseen.remove(c);
        }
    }
    const std::vector<Card> cards = unseen.cards();
    const int needA = start[a].count() - base[a].count();
    std::vector<Deal> out;
    for (std::uint32_t mask = 0; mask < (1u << cards.size()); ++mask) {
        if (std::popcount(mask) != needA)
            continue;
        Deal layout = base;
        for (std::size_t i = 0; i < cards.size(); ++i)
            layout[(mask >> i) & 1 ? a : b].add(cards[i]);
        if (consistent(layout, start, student, seen, constraints))
            out.push_back(layout);
    }
    return out;
}

// Whether declarer's side makes `needed` tricks double dummy after `cards` on `layout`.
bool makes(Solver &solver, const Deal &layout, Strain trump, Seat leader,
           const std::vector<Card> &cards, Side declarer, int needed)
{
    auto state = PlayState::create(layout, trump, leader);
    for (const Card c : cards)
        if (!state->play(c))
            qFatal("replay failed on %s", layout.toPbn().c_str());
    int won = state->tricksWon(declarer);
    if (!state->isFinished()) {
        const int t = *solver.tricks(state->position());
        won += sideOf(state->toMove()) == declarer ? t : state->position().tricksLeft() - t;
    }
    return won >= needed;
}

Card randomCard(Hand hand, Xoshiro256 &random)
{
    const auto cards = hand.cards();
    return cards[static_cast<std::size_t>(random.below(cards.size()))];
}

PbnGame firstGame(const std::string &text)
{
    auto read = readPbn(text);
    if (read.document.games.empty())
        qFatal("no game in the lesson text");
    return read.document.games.front();
}

const char *const lessonText = R"([Event "Test"]
[Site "Tenace"]
[Date "2026.11.27"]
[Board "1"]
[West ""]
[North ""]
[East ""]
[South ""]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AJT9.A32.KQ2.K32 5.KQJT9.JT98.QJT 432.8764.A7.A987 KQ876.5.6543.654"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "1S"]
[Result ""]
[Play "E"]
HK - - -
*
[TenaceLesson "Draw trumps"]
[TenaceStudent "N"]
[TenaceConstraints "E:hcp=8-"]
[TenaceDecision "H4 H5"]
[TenaceRight "HA"]
[TenaceWrong "H2"]
{Win the ace.}
)";

std::string withTag(const std::string &tag, const std::string &value)
{
    std::string text = lessonText;
    const std::string key = "[" + tag + " \"";
    const auto at = text.find(key);
    if (at == std::string::npos)
        return text + key + value + "\"]\n";
    const auto end = text.find("\"]", at);
    return text.substr(0, at + key.size()) + value + text.substr(end);
}

// The two-way finesse ending: 1NT by South, four tricks won, the last three needed.
LessonSetup finesseSetup(const Deal &layout, const std::array<HandConstraint, 4> &constraints)
{
    LessonSetup setup;
    setup.deal = layout;
    setup.contract = {1, Strain::NoTrump, Doubling::Undoubled, Seat::South};
    setup.student = Seat::South;
    setup.constraints = constraints;
    setup.leader = Seat::South;
    setup.tricksBefore = 4;
    return setup;
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT

private slots:
    void readsLesson();
    void rejectsBadTags_data();
    void rejectsBadTags();
    void courseLessonsMeetTheCheck();
    void twoWayFinesseAlwaysLoses();
    void fixedLayoutNeverSwitches();
    void randomPlays();
    void sameSeedSameLesson();
    void timing();
};

void TestLesson::readsLesson()
{
    auto lesson = readLessonGame(firstGame(lessonText));
    QVERIFY2(lesson, lesson ? "" : lesson.error().message.c_str());
    QCOMPARE(lesson->title, std::string("Draw trumps"));
    QCOMPARE(lesson->setup.student, Seat::North);
    QCOMPARE(lesson->setup.contract.declarer, Seat::North);
    QCOMPARE(lesson->setup.played.size(), std::size_t {1});
    QCOMPARE(lesson->setup.played.front(), card("HK"));
    QCOMPARE(lesson->setup.constraints[1].minHcp, 8);
    QCOMPARE(lesson->decision, (std::vector<Card> {card("H4"), card("H5")}));
    QCOMPARE(lesson->right, card("HA"));
    QCOMPARE(lesson->wrong, card("H2"));
    QCOMPARE(lesson->text, std::string("Win the ace."));
    QVERIFY(isLessonGame(firstGame(lessonText)));
}

void TestLesson::rejectsBadTags_data()
{
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("student not a seat") << "TenaceStudent"
                                        << "X"
                                        << "TenaceStudent: 'X'";
    QTest::newRow("student defends") << "TenaceStudent"
                                     << "E"
                                     << "TenaceStudent: East";
    QTest::newRow("constraint syntax") << "TenaceConstraints"
                                       << "E:hcp=x"
                                       << "TenaceConstraints:";
    QTest::newRow("constraint no seat") << "TenaceConstraints"
                                        << "hcp=3"
                                        << "TenaceConstraints:";
    QTest::newRow("constraint on dummy") << "TenaceConstraints"
                                         << "S:hcp=5-"
                                         << "TenaceConstraints:";
    QTest::newRow("deal breaks constraint") << "TenaceConstraints"
                                            << "E:hcp=20-"
                                            << "TenaceConstraints: the deal as dealt";
    QTest::newRow("decision not a card") << "TenaceDecision"
                                         << "HA H1"
                                         << "TenaceDecision: 'H1'";
    QTest::newRow("decision not held") << "TenaceDecision"
                                       << "SA"
                                       << "TenaceDecision: SA";
    QTest::newRow("decision defenders' turn") << "TenaceDecision"
                                              << "H4"
                                              << "TenaceDecision: after these cards";
    QTest::newRow("right not legal") << "TenaceRight"
                                     << "SA"
                                     << "TenaceRight: SA";
    QTest::newRow("right missing") << "TenaceRight"
                                   << ""
                                   << "TenaceRight: missing";
    QTest::newRow("wrong not a card") << "TenaceWrong"
                                      << "ZZ"
                                      << "TenaceWrong: 'ZZ'";
    QTest::newRow("wrong is right") << "TenaceWrong"
                                    << "HA"
                                    << "TenaceWrong: the same";
    QTest::newRow("no contract") << "Contract"
                                 << ""
                                 << "Contract: missing";
}

void TestLesson::rejectsBadTags()
{
    QFETCH(QString, tag);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    auto lesson = readLessonGame(firstGame(withTag(tag.toStdString(), value.toStdString())));
    QVERIFY(!lesson);
    const QString message = QString::fromStdString(lesson.error().message);
    QVERIFY2(message.startsWith(expected), qPrintable(message));
}

// Each lesson of the course reads, and played in lesson mode from its key decision, its wrong card
// is made to fail (the make chances themselves are core.lesson_course's).
void TestLesson::courseLessonsMeetTheCheck()
{
    std::ifstream file(TENACE_TEST_DATA "/../../resources/lessons/declarer-course.pbn",
                       std::ios::binary);
    QVERIFY(file);
    std::stringstream bytes;
    bytes << file.rdbuf();
    const auto read = readPbn(bytes.str());
    int lessons = 0;
    Solver solver;
    for (const PbnGame &game : read.document.games) {
        QVERIFY(isLessonGame(game));
        auto lesson = readLessonGame(game);
        QVERIFY2(lesson, lesson ? "" : lesson.error().message.c_str());
        QVERIFY(!lesson->title.empty());
        QVERIFY(!lesson->text.empty());
        ++lessons;
        LessonSetup setup = lesson->setup;
        setup.played.insert(setup.played.end(), lesson->decision.begin(), lesson->decision.end());
        auto played = Lesson::make(setup);
        QVERIFY(played);
        auto decision = played->playStudent(lesson->wrong);
        QVERIFY(decision && *decision);
        QVERIFY2(!makes(solver, played->layout(), setup.contract.strain,
                        setup.contract.openingLeader(), played->played(),
                        sideOf(setup.contract.declarer), setup.contract.tricksNeeded()),
                 lesson->title.c_str());
        qInfo("%s: %s makes in %d of %d layouts, %s (best) in %d%s", lesson->title.c_str(),
              lesson->wrong.toString().c_str(), (*decision)->makes, (*decision)->layouts,
              (*decision)->best.toString().c_str(), (*decision)->bestMakes,
              (*decision)->switched ? ", switched" : "");
    }
    QVERIFY(lessons >= 1);
}

// North KJ3, South AT2 in an end position, East-West holding SQ98 and HAKQ, West shown short in
// spades (0-1). Leading the ten loses when West is void; low to the king then the finesse wins in
// every layout. Whatever layout the lesson starts from, the ten is made to lose; the two never
// switches.
void TestLesson::twoWayFinesseAlwaysLoses()
{
    const Deal start = deal("N:KJ3... 98.Q.. AT2... Q.AK..");
    std::array<HandConstraint, 4> constraints {};
    constraints[3] = *parseHandConstraint("S=0-1");
    Seen seen;
    const auto layouts = enumerateLayouts(start, Seat::South, seen, constraints);
    QCOMPARE(layouts.size(), std::size_t {10});
    Solver solver;
    for (const Deal &layout : layouts) {
        const LessonSetup setup = finesseSetup(layout, constraints);
        auto wrong = Lesson::make(setup);
        QVERIFY(wrong);
        auto d = wrong->playStudent(card("ST"));
        QVERIFY(d && *d);
        QVERIFY(!makes(solver, wrong->layout(), Strain::NoTrump, Seat::South, {card("ST")},
                       Side::NorthSouth, 3));
        QCOMPARE((*d)->best, card("S2"));
        QCOMPARE((*d)->bestMakes, 10);
        QCOMPARE(wrong->layout()[Seat::West].length(Suit::Spades), 0);
        auto right = Lesson::make(setup);
        auto r = right->playStudent(card("S2"));
        QVERIFY(r && *r);
        QVERIFY(!(*r)->switched);
        QCOMPARE(right->layout(), layout);
    }
}

void TestLesson::fixedLayoutNeverSwitches()
{
    const Deal start = deal("N:KJ3... 98.Q.. AT2... Q.AK..");
    std::array<HandConstraint, 4> constraints {};
    constraints[3] = *parseHandConstraint("S=0-1");
    LessonOptions options;
    options.fixedLayout = true;
    auto lesson = Lesson::make(finesseSetup(start, constraints), options);
    QVERIFY(lesson);
    auto d = lesson->playStudent(card("ST"));
    QVERIFY(d && *d);
    QVERIFY(!(*d)->switched);
    QVERIFY((*d)->makes < (*d)->bestMakes);
    QCOMPARE(lesson->layout(), start);
}

void TestLesson::randomPlays()
{
    const int plays = qEnvironmentVariableIntValue("TENACE_LESSON_PLAYS") > 0
        ? qEnvironmentVariableIntValue("TENACE_LESSON_PLAYS")
        : 1000;
    Dealer dealer(20261127);
    Solver solver;
    int switches = 0, safeCards = 0, studentCards = 0;
    for (int run = 0; run < plays; ++run) {
        Xoshiro256 random(static_cast<std::uint64_t>(run) + 1);
        const Deal dealt = dealer.deal();
        const Seat declarer = seatAt(static_cast<int>(random.below(4)));
        const Strain trump = strainAt(static_cast<int>(random.below(5)));
        const int ending = 3 + static_cast<int>(random.below(3));
        auto state = PlayState::create(dealt, trump, leftHandOpponent(declarer));
        Seen seen;
        seen.leader = leftHandOpponent(declarer);
        std::vector<Card> prefix;
        while (static_cast<int>(prefix.size()) < (13 - ending) * 4) {
            const Card c = randomCard(state->legalCards(), random);
            seen.add(state->toMove(), c, trump);
            prefix.push_back(c);
            QVERIFY(state->play(c));
        }
        const Side side = sideOf(declarer);
        const int t = *solver.tricks(state->position());
        const int dd = sideOf(state->toMove()) == side ? t : ending - t;
        const int needed =
            std::clamp(state->tricksWon(side) + dd + static_cast<int>(random.below(2)), 7, 13);
        std::array<HandConstraint, 4> constraints {};
        const Seat defender = next(declarer, 1 + 2 * static_cast<int>(random.below(2)));
        if (random.below(2) == 0) {
            auto &c = constraints[static_cast<std::size_t>(index(defender))];
            const int h = hcp(dealt[defender]);
            c.minHcp = std::max(0, h - 1);
            c.maxHcp = h + 2;
            const Suit suit = suitAt(static_cast<int>(random.below(4)));
            c.minLength[static_cast<std::size_t>(index(suit))] =
                std::max(0, dealt[defender].length(suit) - 1);
        }
        LessonSetup setup;
        setup.deal = dealt;
        setup.contract = {needed - 6, trump, Doubling::Undoubled, declarer};
        setup.student = declarer;
        setup.constraints = constraints;
        setup.played = prefix;
        LessonOptions options;
        options.seed = static_cast<std::uint64_t>(run);
        auto lesson = Lesson::make(setup, options);
        QVERIFY2(lesson, lesson ? "" : lesson.error().message.c_str());
        while (!lesson->isFinished()) {
            const Seat seat = lesson->toMove();
            if (!lesson->isStudentTurn()) {
                auto c = lesson->defenderCard();
                QVERIFY(c && *c);
                QVERIFY(lesson->playDefender(**c));
                seen.add(seat, **c, trump);
                continue;
            }
            const Card c = randomCard(lesson->legalCards(), random);
            const auto layouts = enumerateLayouts(dealt, declarer, seen, constraints);
            QVERIFY(std::find(layouts.begin(), layouts.end(), lesson->layout()) != layouts.end());
            // The make count of each legal card over every consistent layout.
            auto makeCount = [&](Card x) {
                std::vector<Card> cards = lesson->played();
                cards.push_back(x);
                return std::count_if(layouts.begin(), layouts.end(), [&](const Deal &l) {
                    return makes(solver, l, trump, leftHandOpponent(declarer), cards, side, needed);
                });
            };
            const auto count = makeCount(c);
            const bool alwaysWins = count == static_cast<std::ptrdiff_t>(layouts.size());
            const int legalCount = lesson->legalCards().count();
            bool better = false;
            for (const Card x : lesson->legalCards().cards())
                better = better || makeCount(x) > count;
            std::vector<Card> after = lesson->played();
            after.push_back(c);
            const Deal before = lesson->layout();
            auto d = lesson->playStudent(c);
            QVERIFY2(d, d ? "" : d.error().message.c_str());
            QVERIFY(*d);
            seen.add(seat, c, trump);
            ++studentCards;
            safeCards += alwaysWins;
            if (alwaysWins)
                QVERIFY(!(*d)->switched && lesson->layout() == before);
            // A card that fails somewhere while a better one was available ends up failing.
            if (!alwaysWins && better)
                QVERIFY(!makes(solver, lesson->layout(), trump, leftHandOpponent(declarer), after,
                               side, needed));
            if (legalCount > 1) { // a forced card is not weighed
                QCOMPARE((*d)->makes, static_cast<int>(count));
                QCOMPARE((*d)->layouts, static_cast<int>(layouts.size()));
            }
            if (!(*d)->switched) {
                QCOMPARE(lesson->layout(), before);
                continue;
            }
            ++switches;
            QVERIFY(lesson->layout() != before);
            QVERIFY(consistent(lesson->layout(), dealt, declarer, seen, constraints));
            QVERIFY(!makes(solver, lesson->layout(), trump, leftHandOpponent(declarer), after, side,
                           needed));
            QVERIFY((*d)->bestMakes > (*d)->makes);
            // Where some layout lets the best card win while the student's fails, the new one
            // is such a layout.
            std::vector<Card> withBest = lesson->played();
            withBest.back() = (*d)->best;
            const bool preferable = std::any_of(layouts.begin(), layouts.end(), [&](const Deal &l) {
                return !makes(solver, l, trump, leftHandOpponent(declarer), after, side, needed) &&
                    makes(solver, l, trump, leftHandOpponent(declarer), withBest, side, needed);
            });
            if (preferable)
                QVERIFY(makes(solver, lesson->layout(), trump, leftHandOpponent(declarer), withBest,
                              side, needed));
        }
        const LessonSummary summary = lesson->summary();
        QVERIFY(summary.finished);
        QCOMPARE(summary.layout, lesson->layout());
        QCOMPARE(summary.made,
                 makes(solver, summary.layout, trump, leftHandOpponent(declarer), lesson->played(),
                       side, needed));
    }
    qInfo("%d plays, %d student cards, %d always safe, %d switches", plays, studentCards, safeCards,
          switches);
    QVERIFY(switches > 0);
    QVERIFY(safeCards > 0);
}

// Two lessons with the same seed and the same student cards rearrange the cards alike (sampled
// layouts: the course lesson from its opening lead, the student's lowest cards).
void TestLesson::sameSeedSameLesson()
{
    std::ifstream file(TENACE_TEST_DATA "/../../resources/lessons/declarer-course.pbn",
                       std::ios::binary);
    std::stringstream bytes;
    bytes << file.rdbuf();
    auto game = readLessonGame(readPbn(bytes.str()).document.games.at(0));
    QVERIFY(game);
    LessonOptions options;
    options.sampledLayouts = 24;
    options.seed = 5;
    auto a = Lesson::make(game->setup, options);
    auto b = Lesson::make(game->setup, options);
    QVERIFY(a && b);
    int switches = 0;
    for (int i = 0; i < 12; ++i) {
        if (a->isStudentTurn()) {
            const Card c = a->legalCards().cards().back();
            auto da = a->playStudent(c);
            auto db = b->playStudent(c);
            QVERIFY(da && db && *da && *db);
            QCOMPARE(**da, **db);
            switches += (*da)->switched;
        } else {
            auto ca = a->defenderCard();
            auto cb = b->defenderCard();
            QVERIFY(ca && cb && *ca && *cb);
            QCOMPARE(**ca, **cb);
            QVERIFY(a->playDefender(**ca) && b->playDefender(**cb));
        }
        QCOMPARE(a->layout(), b->layout());
    }
    qInfo("%d switches", switches);
}

// The medians of a defender's answer and of a student card's decision at tricks 2 and 8 of random
// full deals (default options, every core). Only with TENACE_LESSON_TIMING=<deals>.
void TestLesson::timing()
{
    const int deals = qEnvironmentVariableIntValue("TENACE_LESSON_TIMING");
    if (deals <= 0)
        QSKIP("set TENACE_LESSON_TIMING=<deals> to measure");
    Dealer dealer(7);
    for (const int trick : {2, 8}) {
        std::vector<double> defender, student;
        for (int run = 0; run < deals; ++run) {
            Xoshiro256 random(static_cast<std::uint64_t>(run) + 100);
            const Deal dealt = dealer.deal();
            const Seat declarer = seatAt(run);
            const Strain trump = strainAt(run % 5);
            auto state = PlayState::create(dealt, trump, leftHandOpponent(declarer));
            std::vector<Card> prefix;
            while (static_cast<int>(prefix.size()) < (trick - 1) * 4) {
                const Card c = randomCard(state->legalCards(), random);
                prefix.push_back(c);
                QVERIFY(state->play(c));
            }
            LessonSetup setup;
            setup.deal = dealt;
            setup.contract = {3, trump, Doubling::Undoubled, declarer};
            setup.student = declarer;
            setup.played = prefix;
            auto lesson = Lesson::make(setup);
            QVERIFY(lesson);
            bool timedDefender = false, timedStudent = false;
            while (!(timedDefender && timedStudent)) {
                QElapsedTimer clock;
                clock.start();
                if (lesson->isStudentTurn()) {
                    const Card c = randomCard(lesson->legalCards(), random);
                    const bool choice = lesson->legalCards().count() > 1;
                    QVERIFY(lesson->playStudent(c));
                    if (choice && !timedStudent)
                        student.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
                    timedStudent = timedStudent || choice;
                } else {
                    auto c = lesson->defenderCard();
                    QVERIFY(c && *c);
                    if (!timedDefender)
                        defender.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
                    timedDefender = true;
                    QVERIFY(lesson->playDefender(**c));
                }
            }
        }
        auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v.empty() ? 0.0 : v[v.size() / 2];
        };
        qInfo("trick %d: defender's card %.1f ms, student card's decision %.1f ms (medians of %d)",
              trick, median(defender), median(student), deals);
    }
}

QTEST_APPLESS_MAIN(TestLesson)
#include "tst_lesson.moc"
