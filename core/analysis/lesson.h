#pragma once

// A lesson that fights back: the student plays declarer's and dummy's cards, the defenders play
// double dummy, and their unseen cards are not fixed. The lesson keeps a current layout (the
// hidden hands) and, implicitly, every layout consistent with what the student has seen: their
// own and dummy's cards, every card played and by whom, the suits a seat showed out of, and the
// lesson's constraints on the hidden hands. After each student card, when that card fails double
// dummy in some consistent layout while another legal card had a higher chance of making the
// contract over the consistent layouts, the current layout is switched to one where the
// student's card fails (one where the best card would still have won when there is one). A card
// that wins in every consistent layout never causes a switch; with a fixed layout nothing ever
// switches.
//
// The consistent layouts are all enumerated when there are few (LayoutSampler::layoutCount() up
// to `enumerateLimit`), else `sampledLayouts` are drawn for the seed, the current layout always
// among them. Deterministic for a seed.
//
// A Lesson is a value; not thread-safe (copy it to hand it to another thread). The expensive
// calls block, run on the pool (parallelFor) and stop early on the token.

#include "core/analysis/hand_constraint.h"
#include "core/formats/pbn_game.h"
#include "core/model/contract.h"
#include "core/solver/solver.h"

#include <optional>
#include <string>
#include <vector>

namespace tenace::core {

struct LessonOptions
{
    bool fixedLayout = false; // keep the deal as dealt (no switch ever)
    int enumerateLimit = 2000; // enumerate every consistent layout up to this count
    int sampledLayouts = 120; // else sample this many (the current layout added)
    std::uint64_t seed = 1;
    friend bool operator==(const LessonOptions &, const LessonOptions &) = default;
};

// Where a lesson starts.
struct LessonSetup
{
    // The hands as dealt: 13 cards each, or an end position (every hand the same length).
    Deal deal;
    Contract contract; // declarer is the student's side
    Vulnerability vulnerability = Vulnerability::None;
    Seat student = Seat::South; // declarer; the student also plays dummy's cards
    std::array<HandConstraint, 4> constraints {}; // on the hidden hands as dealt
    // The first trick's leader: the opening leader on a full deal, anyone in an end position.
    std::optional<Seat> leader;
    std::vector<Card> played; // cards already played when the lesson starts (the opening lead)
    int tricksBefore = 0; // tricks declarer's side won before an end position
    friend bool operator==(const LessonSetup &, const LessonSetup &) = default;
};

// A lesson as a PBN game holds it (see docs/lessons.md).
struct LessonGame
{
    std::string title; // TenaceLesson
    std::string text; // the commentary
    LessonSetup setup; // from the deal, contract and [Play]; the student from TenaceStudent
    std::string constraintsText; // TenaceConstraints as written
    std::vector<Card> decision; // TenaceDecision: cards after [Play] up to the key decision
    Card right; // TenaceRight
    Card wrong; // TenaceWrong
};

// Whether the game is a lesson (has a TenaceLesson tag).
bool isLessonGame(const PbnGame &game);
// Reads a lesson. Fails naming the tag and the problem ("TenaceDecision: H3 is not held by
// North"). Pure; thread-safe.
Result<LessonGame> readLessonGame(const PbnGame &game);
// Parses TenaceConstraints: seat constraints separated by ';' (empty: none).
Result<std::array<HandConstraint, 4>> parseLessonConstraints(std::string_view text);

// One student card and what the consistent layouts said of it.
struct LessonDecision
{
    int index = 0; // of the card in the play (0: the opening lead)
    Seat seat = Seat::South;
    Card card;
    int layouts = 0; // consistent layouts the chances are over
    int makes = 0; // of them, those where the contract can still be made after `card`
    Card best; // the legal card with the most makes (`card` itself when it ties)
    int bestMakes = 0;
    bool switched = false; // the layout was switched after this card
    int trick() const { return index / 4 + 1; }
    bool isSafe() const { return makes >= bestMakes; }
    friend bool operator==(const LessonDecision &, const LessonDecision &) = default;
};

struct LessonSummary
{
    Deal layout; // the hands as played (the current layout), as dealt
    bool finished = false;
    int declarerTricks = 0; // tricks won by declarer's side (tricksBefore included)
    bool made = false;
    // The first student card after which the make chance fell below the best available: the
    // decisive point, its safest card and that card's chance. None when the line stayed safe.
    std::optional<LessonDecision> decisive;
    int switches = 0;
};

class Lesson
{
public:
    // Checks the setup: the cards playable, the constraints met by the deal as dealt.
    static Result<Lesson> make(const LessonSetup &setup, const LessonOptions &options = {});

    const LessonSetup &setup() const { return m_setup; }
    const LessonOptions &options() const { return m_options; }
    // From the next student card on (a layout switched before stays).
    void setFixedLayout(bool on) { m_options.fixedLayout = on; }
    const Deal &layout() const { return m_layout; } // the current layout, as dealt
    const std::vector<Card> &played() const { return m_played; }
    const std::vector<LessonDecision> &decisions() const { return m_decisions; }
    Seat dummy() const { return partner(m_setup.student); }
    Seat toMove() const;
    bool isFinished() const;
    bool isStudentTurn() const; // the student's or dummy's card is next
    Hand legalCards() const;
    // The cards still held in the current layout and the current trick.
    Position position() const;
    int declarerTricks() const; // won so far (tricksBefore included)

    // The defenders' card now: among their double-dummy best cards in the current layout, the
    // lowest. Blocking (one solve); nothing when cancelled.
    Result<std::optional<Card>> defenderCard(const CancelToken &cancel = {},
                                             const PoolOptions &pool = {}) const;
    // Plays a defender's card (legal, defenders' turn).
    Status playDefender(Card card);
    // Plays the student's card (legal, student's turn), then decides whether to switch the
    // layout (see the class comment). Returns the decision; a cancelled call changes nothing and
    // returns nothing. Blocking; runs on the pool.
    Result<std::optional<LessonDecision>> playStudent(Card card, const CancelToken &cancel = {},
                                                      const PoolOptions &pool = {});

    // The layouts consistent with what the student has seen now, as dealt (enumerated or
    // sampled as the options say, the current one included).
    Result<std::vector<Deal>> consistentLayouts() const;
    LessonSummary summary() const;

private:
    Lesson() = default;
    Seat leader() const { return m_setup.leader.value_or(m_setup.contract.openingLeader()); }
    std::optional<std::vector<Hand>> weighLayouts(const std::vector<Deal> &layouts,
                                                  const CancelToken &cancel,
                                                  const PoolOptions &pool) const;
    void switchLayout(LessonDecision &decision, const std::vector<Deal> &layouts,
                      const std::vector<Hand> &making);

    LessonSetup m_setup;
    LessonOptions m_options;
    Deal m_layout;
    std::vector<Card> m_played; // from the first trick, the setup's cards included
    std::vector<LessonDecision> m_decisions;
};

} // namespace tenace::core
