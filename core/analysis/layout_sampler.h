#pragma once

// The layouts a player cannot rule out. From one seat's view, the known cards are its own hand,
// dummy once the opening lead is made, and every card played; the rest are dealt among the hidden
// seats uniformly at random among the layouts consistent with the hand sizes, the voids shown in
// play and the constraints on each hidden seat's original hand.
//
// Exactly uniform: the split of each suit among the hidden seats is drawn with the number of
// layouts it leads to (counted by suit lengths, so length constraints and shown voids cost no
// rejection), the cards of a suit are then shuffled; only HCP and balanced are checked by
// rejection. Constraints no layout meets fail at once with a message that names them. Seeded
// through Xoshiro256: the same seed gives the same layouts everywhere. A sampler is a value; one
// per thread (sample() only reads it).

#include "core/analysis/hand_constraint.h"
#include "core/model/dealer.h"
#include "core/model/position.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace tenace::core {

// What a seat knows of the hands in play.
struct LayoutKnowledge
{
    Deal known; // cards still held that the viewer sees, by seat
    std::array<int, 4> hidden {}; // cards still held by each seat that the viewer does not see
    Hand unseen; // the cards to deal among the hidden seats
    Deal played; // the cards each seat has played (they count toward its original hand)
    std::array<std::uint8_t, 4> voids {}; // bit s: the seat has shown out of suit s
    friend bool operator==(const LayoutKnowledge &, const LayoutKnowledge &) = default;
};

// What `viewer` knows after `played` (in playing order from the lead of `leader`) on the deal
// `start`: its own hand, the hand of `dummy` once a card is played, every card played and who
// played it, and the suits a seat showed out of. `start` is read for the viewer's and dummy's
// cards only. Fails when the cards cannot be played in that order.
Result<LayoutKnowledge> layoutKnowledge(const Deal &start, Strain trump, Seat leader,
                                        std::span<const Card> played, Seat viewer, Seat dummy);

class LayoutSampler
{
public:
    // Fails (InvalidArgument) when no layout meets the knowledge and the constraints, naming the
    // seat and constraint at fault.
    static Result<LayoutSampler> make(const LayoutKnowledge &knowledge,
                                      const std::array<HandConstraint, 4> &constraints);

    // The hands still held in a layout: the known ones as they are, the hidden ones dealt. Fails
    // after `maxAttempts` layouts rejected in a row by HCP or balanced constraints, naming them.
    Result<Deal> sample(Xoshiro256 &random, std::uint64_t maxAttempts = 1'000'000) const;

    // Layouts consistent with the sizes, voids, lengths and held cards (before HCP and balanced).
    double layoutCount() const { return m_count; }
    // Every such layout that also meets the HCP and balanced constraints, each once (for tests
    // and exact values on small endings; the count grows fast).
    std::vector<Deal> allLayouts() const;
    const LayoutKnowledge &knowledge() const { return m_knowledge; }

private:
    struct SuitRange
    {
        std::array<int, 4> lo {}, hi {}; // per hidden seat: cards of the suit it may get
    };
    // Layouts of suits s.. given the cards each hidden seat still needs.
    double ways(int suit, const std::array<int, 4> &need) const;
    void dealSuit(int suit, std::array<int, 4> &need, Xoshiro256 &random, Deal &out) const;
    bool acceptsPoints(const Deal &remaining) const;

    LayoutKnowledge m_knowledge;
    std::array<HandConstraint, 4> m_constraints {};
    std::array<SuitRange, 4> m_ranges {};
    std::array<Hand, 4> m_suitCards {}; // unseen cards of each suit, after the held cards
    Deal m_fixed; // known cards plus the cards hidden seats must hold
    std::array<int, 4> m_need {}; // cards each hidden seat gets from the deal
    double m_count = 0;
    mutable std::vector<double> m_memo; // ways() by suit and need
};

} // namespace tenace::core
