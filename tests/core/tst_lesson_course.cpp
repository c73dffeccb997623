// The declarer-play course (resources/lessons/declarer-course.pbn): twelve boards, each a valid
// PBN game (13 cards a hand, a legal auction ending in the contract, the lead by the right seat)
// whose lesson tags hold up. After the lead and the TenaceDecision cards, replayed on the deal,
// it is declarer's side's turn; then over every layout of the hidden cards that declarer cannot
// rule out at that point (what was seen in play and the auction's TenaceConstraints; a fixed
// seeded sample when there are too many to enumerate), the double-dummy solver scores every
// legal card. TenaceRight must have the highest make chance of all the legal cards (every
// lesson but the percentage ones makes in every layout), TenaceWrong must fail in at least one
// layout, and in the deal as dealt the right card makes while the wrong one fails, so a student
// who plays the wrong card against the printed hands sees it go down.

#include "core/analysis/layout_sampler.h"
#include "core/formats/pbn_reader.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"
#include "core/solver/solver.h"

#include <QElapsedTimer>
#include <QTest>

#include <iomanip>
#include <map>
#include <sstream>

using namespace tenace::core;

namespace {

constexpr double maxEnumerated = 20'000;
constexpr int sampledLayouts = 2'000;
constexpr std::uint64_t sampleSeed = 20261127;

// The titles of the course, in order: the techniques the boards must teach.
const std::vector<std::string> courseTitles {
    "Finesse or drop",
    "Safety play",
    "Hold-up",
    "Entries",
    "Ruffing in the short hand",
    "Drawing trumps or not",
    "Elimination and throw-in",
    "The simple squeeze",
    "Loser on loser",
    "Avoidance",
    "Dummy reversal",
    "The trump coup",
};

const PbnReadResult &course()
{
    static const PbnReadResult read = [] {
        auto r = readPbnFile(TENACE_LESSON_COURSE);
        if (!r)
            qFatal("cannot read %s: %s", TENACE_LESSON_COURSE, r.error().message.c_str());
        return *r;
    }();
    return read;
}

std::string tag(const PbnGame &game, const char *name)
{
    const PbnTag *t = game.findTag(name);
    return t ? t->value : std::string();
}

std::vector<std::string> split(const std::string &text, char separator)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator))
        if (!part.empty() && part.find_first_not_of(' ') != std::string::npos)
            parts.push_back(part.substr(part.find_first_not_of(' ')));
    return parts;
}

Result<std::vector<Card>> cards(const std::string &text)
{
    std::vector<Card> out;
    for (const std::string &word : split(text, ' ')) {
        auto c = parseCard(word);
        if (!c)
            return Error {ErrorCode::InvalidArgument, "not a card: '" + word + "'"};
        out.push_back(*c);
    }
    return out;
}

// How often each legal card makes the contract over the layouts, by card.
struct Tally
{
    std::map<int, int> makes; // card bit -> layouts where it makes
    int layouts = 0;
    double chance(Card c) const
    {
        auto it = makes.find(c.bit());
        return layouts == 0 || it == makes.end() ? 0.0 : double(it->second) / layouts;
    }
};

// Every legal card of `position` (declarer's side to move): whether it makes `needed` more
// tricks, by card bit. A null-window search per card (the solver's target mode).
std::map<int, bool> makingCards(Solver &solver, const Position &position, int needed)
{
    std::map<int, bool> out;
    for (Card c : position.legalCards().cards())
        out[c.bit()] = needed <= 0;
    if (needed <= 0 || needed > position.tricksLeft())
        return out;
    auto solved = solver.solve(position, SolveOptions {needed, CardSelection::Optimal, true});
    if (!solved)
        qFatal("solver: %s", solved.error().message.c_str());
    for (const CardScore &group : solved->cards) {
        if (group.score < needed)
            continue;
        out[group.card.bit()] = true;
        for (Card c : group.equals.cards())
            out[c.bit()] = true;
    }
    return out;
}

// The auction's message: TenaceConstraints by seat. Only the defenders may be constrained, and
// the deal as dealt must meet its own auction.
Result<std::array<HandConstraint, 4>> constraintsOf(const PbnGame &game, Seat declarer,
                                                    const Deal &dealt)
{
    std::array<HandConstraint, 4> constraints {};
    for (const std::string &text : split(tag(game, "TenaceConstraints"), ';')) {
        auto c = parseSeatConstraint(text);
        if (!c)
            return c.error();
        if (sideOf(c->seat) == sideOf(declarer))
            return Error {ErrorCode::InvalidArgument, "a constraint on declarer's side: " + text};
        if (!c->constraint.accepts(dealt[c->seat]))
            return Error {ErrorCode::InvalidArgument, "the deal does not meet " + text};
        constraints[static_cast<std::size_t>(index(c->seat))] = c->constraint;
    }
    return constraints;
}

bool hasLessonText(const PbnGame &game)
{
    for (const PbnItem &item : game.items())
        if (const auto *comment = std::get_if<PbnComment>(&item);
            comment && comment->text.size() > 200)
            return true;
    return false;
}

// Every layout the sampler allows, or a fixed seeded sample when there are too many.
std::vector<Deal> layoutsToCheck(const LayoutSampler &sampler, bool &enumerated)
{
    enumerated = sampler.layoutCount() <= maxEnumerated;
    if (enumerated)
        return sampler.allLayouts();
    std::vector<Deal> layouts;
    Xoshiro256 random(sampleSeed);
    for (int i = 0; i < sampledLayouts; ++i) {
        auto layout = sampler.sample(random);
        if (!layout)
            qFatal("sampler: %s", layout.error().message.c_str());
        layouts.push_back(*layout);
    }
    return layouts;
}

// For each legal card at the decision, the layouts in which it makes the contract.
Tally tallyLayouts(const std::vector<Deal> &layouts, const PlayState &state, int needed)
{
    Solver solver;
    Tally tally;
    for (const Deal &layout : layouts) {
        const Position position {layout, state.trump(), state.leader(), state.currentTrick()};
        ++tally.layouts;
        for (const auto &[bit, makes] : makingCards(solver, position, needed))
            tally.makes[bit] += makes ? 1 : 0;
    }
    return tally;
}

std::string describe(const Tally &tally, Hand legal)
{
    std::ostringstream out;
    for (Card c : legal.cards())
        out << ' ' << c.toString() << ' ' << std::fixed << std::setprecision(1)
            << 100 * tally.chance(c) << '%';
    return out.str();
}

} // namespace

class TestLessonCourse : public QObject
{
    Q_OBJECT

private slots:
    void file();
    void lesson_data();
    void lesson();
};

void TestLessonCourse::file()
{
    const PbnReadResult &read = course();
    for (const PbnIssue &issue : read.issues)
        qWarning("%s", issue.error.message.c_str());
    QVERIFY(read.ok());
    QCOMPARE(read.document.games.size(), courseTitles.size());
    for (std::size_t i = 0; i < courseTitles.size(); ++i) {
        const PbnGame &game = read.document.games[i];
        QCOMPARE(tag(game, "Board"), std::to_string(i + 1));
        QCOMPARE(tag(game, "TenaceLesson"), courseTitles[i]);
    }
}

void TestLessonCourse::lesson_data()
{
    QTest::addColumn<int>("game");
    const auto &games = course().document.games;
    for (std::size_t i = 0; i < games.size(); ++i)
        QTest::newRow(
            ("board " + tag(games[i], "Board") + ": " + tag(games[i], "TenaceLesson")).c_str())
            << static_cast<int>(i);
}

void TestLessonCourse::lesson()
{
    QFETCH(int, game);
    QElapsedTimer timer;
    timer.start();
    const PbnGame &g = course().document.games[static_cast<std::size_t>(game)];

    // The plain PBN: a complete deal, a finished auction ending in the recorded contract.
    const auto dealt = g.deal();
    QVERIFY(dealt);
    QVERIFY(static_cast<bool>(checkComplete(*dealt)));
    const auto auction = g.auction();
    QVERIFY(auction);
    const auto outcome = evaluatePbnAuction(*auction);
    QVERIFY(outcome);
    QVERIFY(outcome->finished && !outcome->passedOut);
    const PbnRecordedContract recorded = recordedContract(g);
    QVERIFY(recorded.contract);
    QCOMPARE(recorded.contract->toString(), outcome->contract.toString());
    const Contract contract = outcome->contract;
    const Seat declarer = contract.declarer;
    const Seat dummy = partner(declarer);
    const Seat leader = contract.openingLeader();
    QCOMPARE(std::string(1, seatLetter(declarer)), tag(g, "TenaceStudent"));

    // The Play section: the opening lead only, by the seat on declarer's left.
    const auto play = g.play();
    QVERIFY(play);
    QCOMPARE(play->first, leader);
    const auto leadSequence = pbnPlaySequence(*play, contract.strain, &*dealt);
    QVERIFY(leadSequence);
    QCOMPARE(leadSequence->size(), std::size_t {1});
    QCOMPARE(leadSequence->front().seat, leader);

    // The lead and the decision cards are legal on the deal and leave declarer's side to play.
    auto state = PlayState::create(*dealt, contract.strain, leader);
    QVERIFY(state);
    auto decision = cards(tag(g, "TenaceDecision"));
    QVERIFY2(decision, decision ? "" : decision.error().message.c_str());
    std::vector<Card> played {leadSequence->front().card};
    played.insert(played.end(), decision->begin(), decision->end());
    for (Card c : played) {
        const Status s = state->play(c);
        QVERIFY2(static_cast<bool>(s), s ? "" : s.error().message.c_str());
    }
    QCOMPARE(sideOf(state->toMove()), sideOf(declarer));
    const auto right = parseCard(tag(g, "TenaceRight"));
    const auto wrong = parseCard(tag(g, "TenaceWrong"));
    QVERIFY(right && wrong);
    QVERIFY(*right != *wrong);
    QVERIFY(state->isLegal(*right));
    QVERIFY(state->isLegal(*wrong));

    const auto constraints = constraintsOf(g, declarer, *dealt);
    QVERIFY2(constraints, constraints ? "" : constraints.error().message.c_str());
    QVERIFY(hasLessonText(g));

    // Every layout declarer cannot rule out (or a fixed sample of them), every legal card.
    auto knowledge = layoutKnowledge(*dealt, contract.strain, leader, played, declarer, dummy);
    QVERIFY(knowledge);
    auto sampler = LayoutSampler::make(*knowledge, *constraints);
    QVERIFY2(sampler, sampler ? "" : sampler.error().message.c_str());
    bool enumerated = false;
    const std::vector<Deal> layouts = layoutsToCheck(*sampler, enumerated);
    QVERIFY(!layouts.empty());
    const int needed = contract.tricksNeeded() - state->tricksWon(sideOf(declarer));
    const Tally tally = tallyLayouts(layouts, *state, needed);
    const double rightChance = tally.chance(*right);
    const double wrongChance = tally.chance(*wrong);
    double best = 0;
    for (Card c : state->legalCards().cards())
        best = std::max(best, tally.chance(c));
    qInfo("%s: %s, %d layouts (%s), %s makes %.1f%%, %s makes %.1f%%, %lld ms",
          tag(g, "TenaceLesson").c_str(), contract.toString().c_str(), tally.layouts,
          enumerated ? "all" : "sampled", right->toString().c_str(), 100 * rightChance,
          wrong->toString().c_str(), 100 * wrongChance, static_cast<long long>(timer.elapsed()));
    qInfo("  every legal card:%s", describe(tally, state->legalCards()).c_str());
    QCOMPARE(rightChance, best);
    QVERIFY(wrongChance < rightChance);

    // As dealt: the right card makes, the wrong one fails.
    Solver solver;
    const auto asDealt = makingCards(solver, state->position(), needed);
    QVERIFY(asDealt.at(right->bit()));
    QVERIFY(!asDealt.at(wrong->bit()));
}

QTEST_APPLESS_MAIN(TestLessonCourse)
#include "tst_lesson_course.moc"
