#include "core/analysis/lesson.h"

#include "core/analysis/layout_sampler.h"
#include "core/model/dealer.h"
#include "core/model/play_state.h"

#include <algorithm>

namespace tenace::core {

namespace {

Error invalid(std::string message)
{
    return Error {ErrorCode::InvalidArgument, std::move(message)};
}

Result<PlayState> replay(const Deal &deal, Strain trump, Seat leader, std::span<const Card> cards)
{
    auto state = PlayState::create(deal, trump, leader);
    if (!state)
        return state.error();
    for (const Card card : cards) {
        if (auto ok = state->play(card); !ok)
            return Error {ok.error().code, card.toString() + ": " + ok.error().message};
    }
    return state;
}

// What the student knows before any card: their hand and dummy's (the lesson shows dummy from
// the start, also in an end position where the student leads).
LayoutKnowledge knowledgeBeforePlay(const Deal &deal, Seat student, Seat dummy)
{
    LayoutKnowledge k;
    Hand inPlay;
    for (const Seat seat : allSeats) {
        inPlay = inPlay | deal[seat];
        if (seat == student || seat == dummy)
            k.known[seat] = deal[seat];
        else
            k.hidden[static_cast<std::size_t>(index(seat))] = deal[seat].count();
    }
    k.unseen = inPlay - deal[student] - deal[dummy];
    return k;
}

// A seed for the decision after `cards` cards, so that each decision draws its own layouts.
std::uint64_t decisionSeed(std::uint64_t seed, std::size_t cards)
{
    std::uint64_t state = seed ^ (0x9e3779b97f4a7c15ull * (cards + 1));
    return splitMix64(state);
}

// The legal cards that make the contract in one layout (declarer's side to play).
struct LayoutMakes
{
    Hand making;
    bool cancelled = false;
};

LayoutMakes makingCards(Solver &solver, const Position &position, int tricksWon, int needed,
                        const CancelToken &cancel)
{
    auto solved = solver.solve(position, {}, cancel);
    LayoutMakes out;
    if (!solved || solved->status == SolveStatus::Cancelled) {
        out.cancelled = true;
        return out;
    }
    for (const CardScore &s : solved->cards) {
        if (tricksWon + s.score < needed)
            continue;
        out.making.add(s.card);
        out.making = out.making | s.equals;
    }
    return out;
}

// Picks a layout among `indices`: the current one when it is there, else one drawn for the seed.
std::size_t pickLayout(const std::vector<std::size_t> &indices, std::size_t current,
                       Xoshiro256 &random)
{
    if (std::find(indices.begin(), indices.end(), current) != indices.end())
        return current;
    return indices[static_cast<std::size_t>(random.below(indices.size()))];
}

} // namespace

Result<Lesson> Lesson::make(const LessonSetup &setup, const LessonOptions &options)
{
    if (auto ok = checkEqualLengths(setup.deal); !ok)
        return ok.error();
    if (setup.contract.level < 1 || setup.contract.level > 7)
        return invalid("the contract's level must be 1 to 7");
    if (sideOf(setup.student) != sideOf(setup.contract.declarer))
        return invalid(std::string(seatName(setup.student)) + " is not on declarer's side");
    for (const Seat seat : allSeats) {
        const HandConstraint &c = setup.constraints[static_cast<std::size_t>(index(seat))];
        if (sideOf(seat) == sideOf(setup.student) && c.constrains())
            return invalid(std::string(seatName(seat)) +
                           " is seen: only hidden hands are constrained");
        if (!c.accepts(setup.deal[seat]))
            return invalid("the deal as dealt does not meet " + std::string(seatName(seat)) +
                           "'s constraint (" + c.describe() + ")");
    }
    Lesson lesson;
    lesson.m_setup = setup;
    lesson.m_options = options;
    lesson.m_layout = setup.deal;
    lesson.m_played = setup.played;
    auto state = replay(setup.deal, setup.contract.strain, lesson.leader(), setup.played);
    if (!state)
        return state.error();
    return lesson;
}

Position Lesson::position() const
{
    auto state = replay(m_layout, m_setup.contract.strain, leader(), m_played);
    return state ? state->position() : Position {};
}

Seat Lesson::toMove() const
{
    return position().toMove();
}

bool Lesson::isFinished() const
{
    const Position p = position();
    return p.remaining.cardCount() == 0 && p.trick.empty();
}

bool Lesson::isStudentTurn() const
{
    return !isFinished() && sideOf(toMove()) == sideOf(m_setup.student);
}

Hand Lesson::legalCards() const
{
    return isFinished() ? Hand {} : position().legalCards();
}

int Lesson::declarerTricks() const
{
    auto state = replay(m_layout, m_setup.contract.strain, leader(), m_played);
    return m_setup.tricksBefore + (state ? state->tricksWon(sideOf(m_setup.contract.declarer)) : 0);
}

Result<std::optional<Card>> Lesson::defenderCard(const CancelToken &cancel,
                                                 const PoolOptions &pool) const
{
    if (isFinished() || isStudentTurn())
        return invalid("it is not the defenders' turn");
    const Position p = position();
    std::optional<SolveResult> solved;
    parallelFor(
        1, pool,
        [&](std::size_t, Solver &solver) {
            auto r = solver.solve(p, {}, cancel);
            if (r && r->status == SolveStatus::Solved)
                solved = std::move(*r);
        },
        cancel);
    if (!solved || solved->cards.empty())
        return std::optional<Card> {};
    const int best = solved->cards.front().score;
    std::optional<Card> lowest;
    for (const CardScore &s : solved->cards) {
        if (s.score != best)
            continue;
        Hand group = s.equals;
        group.add(s.card);
        for (const Card c : group.cards()) // S H D C, high to low: the last lowest wins ties
            if (!lowest || value(c.rank) <= value(lowest->rank))
                lowest = c;
    }
    return lowest;
}

Status Lesson::playDefender(Card card)
{
    if (isFinished() || isStudentTurn())
        return invalid("it is not the defenders' turn");
    if (!legalCards().contains(card))
        return Error {ErrorCode::IllegalPlay, card.toString() + " may not be played now"};
    m_played.push_back(card);
    return Ok {};
}

Result<std::vector<Deal>> Lesson::consistentLayouts() const
{
    const Strain trump = m_setup.contract.strain;
    Result<LayoutKnowledge> knowledge = m_played.empty()
        ? knowledgeBeforePlay(m_setup.deal, m_setup.student, dummy())
        : layoutKnowledge(m_layout, trump, leader(), m_played, m_setup.student, dummy());
    if (!knowledge)
        return knowledge.error();
    auto sampler = LayoutSampler::make(*knowledge, m_setup.constraints);
    if (!sampler)
        return sampler.error();
    std::vector<Deal> remaining;
    if (sampler->layoutCount() <= m_options.enumerateLimit) {
        remaining = sampler->allLayouts();
    } else {
        Xoshiro256 random(decisionSeed(m_options.seed, m_played.size()));
        for (int i = 0; i < m_options.sampledLayouts; ++i) {
            auto layout = sampler->sample(random);
            if (!layout)
                return layout.error();
            remaining.push_back(*layout);
        }
    }
    std::vector<Deal> layouts;
    layouts.reserve(remaining.size() + 1);
    bool hasCurrent = false;
    for (const Deal &r : remaining) {
        Deal dealt;
        for (const Seat seat : allSeats)
            dealt[seat] = r[seat] | knowledge->played[seat];
        hasCurrent = hasCurrent || dealt == m_layout;
        layouts.push_back(dealt);
    }
    if (!hasCurrent)
        layouts.insert(layouts.begin(), m_layout);
    return layouts;
}

// The legal cards that make in each layout (declarer's side to play); nothing when cancelled.
std::optional<std::vector<Hand>> Lesson::weighLayouts(const std::vector<Deal> &layouts,
                                                      const CancelToken &cancel,
                                                      const PoolOptions &pool) const
{
    const int won = declarerTricks();
    const int needed = m_setup.contract.tricksNeeded();
    std::vector<LayoutMakes> makes(layouts.size());
    parallelFor(
        layouts.size(), pool,
        [&](std::size_t i, Solver &solver) {
            auto state = replay(layouts[i], m_setup.contract.strain, leader(), m_played);
            if (!state) // cannot happen: every layout holds the cards played
                makes[i].cancelled = true;
            else
                makes[i] = makingCards(solver, state->position(), won, needed, cancel);
        },
        cancel);
    std::vector<Hand> making;
    for (const LayoutMakes &m : makes) {
        if (m.cancelled || cancel.isCancelled())
            return std::nullopt;
        making.push_back(m.making);
    }
    return making;
}

// Switches to a layout where the student's card fails, preferring one where the best card
// makes; the current layout stays when it is such a layout.
void Lesson::switchLayout(LessonDecision &decision, const std::vector<Deal> &layouts,
                          const std::vector<Hand> &making)
{
    std::vector<std::size_t> failing, preferred;
    std::size_t current = 0;
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        if (layouts[i] == m_layout)
            current = i;
        if (making[i].contains(decision.card))
            continue;
        failing.push_back(i);
        if (making[i].contains(decision.best))
            preferred.push_back(i);
    }
    Xoshiro256 random(decisionSeed(m_options.seed ^ 0x5851f42d4c957f2dull, m_played.size()));
    const std::size_t chosen = pickLayout(preferred.empty() ? failing : preferred, current, random);
    decision.switched = chosen != current;
    m_layout = layouts[chosen];
}

Result<std::optional<LessonDecision>> Lesson::playStudent(Card card, const CancelToken &cancel,
                                                          const PoolOptions &pool)
{
    if (!isStudentTurn())
        return invalid("it is not the student's turn");
    const Position now = position();
    const Hand legal = now.legalCards();
    if (!legal.contains(card))
        return Error {ErrorCode::IllegalPlay, card.toString() + " may not be played now"};
    LessonDecision decision;
    decision.index = static_cast<int>(m_played.size());
    decision.seat = now.toMove();
    decision.card = card;
    decision.best = card;
    if (legal.count() > 1) { // else nothing to decide
        auto layouts = consistentLayouts();
        if (!layouts)
            return layouts.error();
        const auto making = weighLayouts(*layouts, cancel, pool);
        if (!making)
            return std::optional<LessonDecision> {};
        auto countOf = [&](Card c) {
            return static_cast<int>(std::count_if(making->begin(), making->end(),
                                                  [c](Hand h) { return h.contains(c); }));
        };
        decision.layouts = static_cast<int>(layouts->size());
        decision.makes = decision.bestMakes = countOf(card);
        for (const Card c : legal.cards()) {
            if (const int n = countOf(c); n > decision.bestMakes) {
                decision.best = c;
                decision.bestMakes = n;
            }
        }
        if (!m_options.fixedLayout && decision.makes < decision.layouts &&
            decision.bestMakes > decision.makes)
            switchLayout(decision, *layouts, *making);
    }
    m_played.push_back(card);
    m_decisions.push_back(decision);
    return std::optional<LessonDecision> {decision};
}

LessonSummary Lesson::summary() const
{
    LessonSummary s;
    s.layout = m_layout;
    s.finished = isFinished();
    s.declarerTricks = declarerTricks();
    s.made = s.declarerTricks >= m_setup.contract.tricksNeeded();
    for (const LessonDecision &d : m_decisions) {
        s.switches += d.switched;
        if (!s.decisive && d.layouts > 0 && !d.isSafe())
            s.decisive = d;
    }
    return s;
}

} // namespace tenace::core
