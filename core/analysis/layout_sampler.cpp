#include "core/analysis/layout_sampler.h"

#include "core/model/play_state.h"

#include <algorithm>
#include <cmath>

namespace tenace::core {

namespace {

constexpr std::size_t at(Seat seat)
{
    return static_cast<std::size_t>(index(seat));
}

constexpr std::size_t at(Suit suit)
{
    return static_cast<std::size_t>(index(suit));
}

double binomial(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double value = 1;
    for (int i = 1; i <= k; ++i)
        value = value * (n - k + i) / i;
    return value;
}

// A uniform double in [0, 1).
double uniform(Xoshiro256 &random)
{
    return static_cast<double>(random.next() >> 11) * 0x1.0p-53;
}

// Index of a need vector in the memo: each entry 0..13.
std::size_t needKey(int suit, const std::array<int, 4> &need)
{
    std::size_t key = static_cast<std::size_t>(suit);
    for (const int n : need)
        key = key * 14 + static_cast<std::size_t>(n);
    return key;
}

std::string suitName(Suit suit)
{
    return std::string(1, suitLetter(suit));
}

} // namespace

Result<LayoutKnowledge> layoutKnowledge(const Deal &start, Strain trump, Seat leader,
                                        std::span<const Card> played, Seat viewer, Seat dummy)
{
    LayoutKnowledge k;
    if (played.empty()) {
        // Before the opening lead the viewer sees its own hand only; the other hands may be
        // unknown (empty) in `start`.
        const int size = start[viewer].count();
        for (const Seat seat : allSeats)
            k.hidden[at(seat)] = seat == viewer ? 0 : size;
        k.known[viewer] = start[viewer];
        k.unseen = Hand(fullDeckMask) - start[viewer];
        // An end position: the cards not in play are the other hands' cards in `start` plus
        // those of no hand; only the viewer's hand and the hand sizes say what is in play.
        if (size < 13) {
            Hand inPlay;
            for (const Seat seat : allSeats)
                inPlay = inPlay | start[seat];
            if (inPlay.count() != 4 * size)
                return Error {ErrorCode::InvalidArgument,
                              "an end position needs every hand to value a lead"};
            k.unseen = inPlay - start[viewer];
        }
        return k;
    }
    auto state = PlayState::create(start, trump, leader);
    if (!state)
        return state.error();
    for (const Card card : played) {
        const Position &p = state->position();
        const Seat seat = p.toMove();
        if (!p.trick.empty() && card.suit != p.trick.front().suit)
            k.voids[at(seat)] |= static_cast<std::uint8_t>(1u << index(p.trick.front().suit));
        if (auto ok = state->play(card); !ok)
            return ok.error();
        k.played[seat].add(card);
    }
    const Deal &remaining = state->position().remaining;
    const bool dummyDown = !played.empty();
    Hand seen;
    for (const Seat seat : allSeats) {
        const bool visible = seat == viewer || (dummyDown && seat == dummy);
        if (visible)
            k.known[seat] = remaining[seat];
        else
            k.hidden[at(seat)] = remaining[seat].count();
        seen = seen | k.known[seat] | k.played[seat];
    }
    Hand inPlay;
    for (const Seat seat : allSeats)
        inPlay = inPlay | start[seat];
    k.unseen = inPlay - seen; // an end position: the cards of no hand are out of play
    // The cards of the current trick are played, not held: they are neither known nor unseen.
    for (const Card card : state->position().trick)
        k.unseen.remove(card);
    return k;
}

Result<LayoutSampler> LayoutSampler::make(const LayoutKnowledge &knowledge,
                                          const std::array<HandConstraint, 4> &constraints)
{
    LayoutSampler s;
    s.m_knowledge = knowledge;
    s.m_constraints = constraints;
    s.m_fixed = knowledge.known;
    int unseen = knowledge.unseen.count(), hiddenCards = 0;
    for (const Seat seat : allSeats)
        hiddenCards += knowledge.hidden[at(seat)];
    if (unseen != hiddenCards)
        return Error {ErrorCode::InvalidArgument,
                      std::to_string(unseen) + " unseen cards for " + std::to_string(hiddenCards) +
                          " places in the hidden hands"};
    Hand free = knowledge.unseen;
    for (const Seat seat : allSeats) {
        const std::size_t h = at(seat);
        const HandConstraint &c = constraints[h];
        const std::string who(seatName(seat));
        if (knowledge.hidden[h] == 0)
            continue; // a seat the viewer sees: its constraint says nothing new
        // Cards it must hold: still unseen (then placed), or already played by it.
        const Hand wanted = c.holds - knowledge.played[seat];
        if ((wanted & free) != wanted)
            return Error {ErrorCode::InvalidArgument,
                          who + " cannot hold every card of '" + c.describe() +
                              "': some are seen elsewhere or played by another seat"};
        s.m_fixed[seat] = s.m_fixed[seat] | wanted;
        free = free - wanted;
        s.m_need[h] = knowledge.hidden[h] - wanted.count();
        if (s.m_need[h] < 0)
            return Error {ErrorCode::InvalidArgument,
                          who + " must hold more cards than it has left ('" + c.describe() + "')"};
        for (const Suit suit : allSuits) {
            const std::size_t u = at(suit);
            const int have = knowledge.played[seat].length(suit) + wanted.length(suit);
            SuitRange &r = s.m_ranges[u];
            // A balanced hand has two to five cards in every suit.
            const int minLength = c.balanced ? std::max(c.minLength[u], 2) : c.minLength[u];
            const int maxLength = c.balanced ? std::min(c.maxLength[u], 5) : c.maxLength[u];
            r.lo[h] = std::max(0, minLength - have);
            r.hi[h] = std::max(-1, maxLength - have);
            if ((knowledge.voids[h] >> index(suit)) & 1) {
                r.hi[h] = std::min(r.hi[h], 0);
                if (minLength > have)
                    return Error {ErrorCode::InvalidArgument,
                                  who + " has shown out of " + suitName(suit) +
                                      ": no layout meets '" + c.describe() + "'"};
            }
            if (r.hi[h] < r.lo[h])
                return Error {ErrorCode::InvalidArgument,
                              who + "'s cards seen so far already break '" + c.describe() + "'"};
        }
    }
    for (const Suit suit : allSuits)
        s.m_suitCards[at(suit)] =
            Hand(free.bits() & (std::uint64_t {0xffff} << (16 * index(suit))));
    s.m_memo.assign(needKey(4, {13, 13, 13, 13}) + 1, -1.0);
    s.m_count = s.ways(0, s.m_need);
    if (s.m_count <= 0) {
        // Name the seat whose constraint removes the last layouts.
        for (const Seat seat : allSeats) {
            if (knowledge.hidden[at(seat)] == 0 || !constraints[at(seat)].constrains())
                continue;
            auto relaxed = constraints;
            relaxed[at(seat)] = {};
            if (auto other = make(knowledge, relaxed); other && other->m_count > 0)
                return Error {ErrorCode::InvalidArgument,
                              "no layout gives " + std::string(seatName(seat)) + " '" +
                                  constraints[at(seat)].describe() +
                                  "' with the cards seen and the other constraints"};
        }
        return Error {ErrorCode::InvalidArgument,
                      "no layout fits the constraints together with the cards seen"};
    }
    return s;
}

double LayoutSampler::ways(int suit, const std::array<int, 4> &need) const
{
    if (suit == 4)
        return std::all_of(need.begin(), need.end(), [](int n) { return n == 0; }) ? 1.0 : 0.0;
    double &memo = m_memo[needKey(suit, need)];
    if (memo >= 0)
        return memo;
    const SuitRange &r = m_ranges[static_cast<std::size_t>(suit)];
    const int n = m_suitCards[static_cast<std::size_t>(suit)].count();
    double total = 0;
    // Splits of the suit's n cards among the seats: k0 + k1 + k2 + k3 = n.
    std::array<int, 4> k {};
    auto split = [&](auto &&self, std::size_t seat, int left, double weight) -> void {
        if (seat == 3) {
            if (left < r.lo[3] || left > r.hi[3] || left > need[3] || (m_need[3] == 0 && left > 0))
                return;
            k[3] = left;
            std::array<int, 4> rest = need;
            for (std::size_t i = 0; i < 4; ++i)
                rest[i] -= k[i];
            total += weight * ways(suit + 1, rest);
            return;
        }
        for (int c = r.lo[seat]; c <= std::min({r.hi[seat], left, need[seat]}); ++c) {
            k[seat] = c;
            self(self, seat + 1, left - c, weight * binomial(left, c));
        }
    };
    split(split, 0, n, 1.0);
    memo = total;
    return total;
}

void LayoutSampler::dealSuit(int suit, std::array<int, 4> &need, Xoshiro256 &random,
                             Deal &out) const
{
    const SuitRange &r = m_ranges[static_cast<std::size_t>(suit)];
    const Hand cards = m_suitCards[static_cast<std::size_t>(suit)];
    const int n = cards.count();
    // Pick a split with probability proportional to the layouts it leads to.
    double target = uniform(random) * ways(suit, need);
    std::array<int, 4> k {}, chosen {};
    bool found = false;
    auto split = [&](auto &&self, std::size_t seat, int left, double weight) -> void {
        if (found)
            return;
        if (seat == 3) {
            if (left < r.lo[3] || left > r.hi[3] || left > need[3])
                return;
            k[3] = left;
            std::array<int, 4> rest = need;
            for (std::size_t i = 0; i < 4; ++i)
                rest[i] -= k[i];
            const double w = weight * ways(suit + 1, rest);
            chosen = k;
            if (target < w)
                found = true;
            target -= w;
            return;
        }
        for (int c = r.lo[seat]; c <= std::min({r.hi[seat], left, need[seat]}) && !found; ++c) {
            k[seat] = c;
            self(self, seat + 1, left - c, weight * binomial(left, c));
        }
    };
    split(split, 0, n, 1.0);
    // Rounding may leave `target` just above the last weight: `chosen` is then the last split.
    std::vector<Card> deck = cards.cards();
    for (std::size_t i = deck.size(); i > 1; --i)
        std::swap(deck[i - 1], deck[static_cast<std::size_t>(random.below(i))]);
    std::size_t next = 0;
    for (const Seat seat : allSeats) {
        for (int c = 0; c < chosen[at(seat)]; ++c)
            out[seat].add(deck[next++]);
        need[at(seat)] -= chosen[at(seat)];
    }
}

bool LayoutSampler::acceptsPoints(const Deal &remaining) const
{
    for (const Seat seat : allSeats) {
        const std::size_t h = at(seat);
        if (m_knowledge.hidden[h] == 0)
            continue;
        const HandConstraint &c = m_constraints[h];
        if ((c.minHcp > 0 || c.maxHcp < 37 || c.balanced) &&
            !c.acceptsPoints(remaining[seat] | m_knowledge.played[seat]))
            return false;
    }
    return true;
}

Result<Deal> LayoutSampler::sample(Xoshiro256 &random, std::uint64_t maxAttempts) const
{
    for (std::uint64_t attempt = 0; attempt < maxAttempts; ++attempt) {
        Deal out = m_fixed;
        std::array<int, 4> need = m_need;
        for (int suit = 0; suit < 4; ++suit)
            dealSuit(suit, need, random, out);
        if (acceptsPoints(out))
            return out;
    }
    std::string parts;
    for (const Seat seat : allSeats) {
        const HandConstraint &c = m_constraints[at(seat)];
        if (m_knowledge.hidden[at(seat)] > 0 && c.constrains())
            parts += (parts.empty() ? "" : "; ") + std::string(seatName(seat)) + " '" +
                c.describe() + "'";
    }
    return Error {ErrorCode::InvalidArgument,
                  "no layout found in " + std::to_string(maxAttempts) +
                      " tries: the HCP or balanced constraints (" + parts +
                      ") are too tight for the cards seen"};
}

std::vector<Deal> LayoutSampler::allLayouts() const
{
    std::vector<Deal> out;
    // Every assignment of the free cards, card by card, within the suit ranges.
    std::vector<Card> cards;
    for (const Hand suitCards : m_suitCards)
        for (const Card c : suitCards.cards())
            cards.push_back(c);
    Deal deal = m_fixed;
    std::array<int, 4> need = m_need;
    std::array<std::array<int, 4>, 4> got {}; // [seat][suit]
    auto place = [&](auto &&self, std::size_t i) -> void {
        if (i == cards.size()) {
            for (const Seat seat : allSeats)
                for (const Suit suit : allSuits)
                    if (got[at(seat)][at(suit)] < m_ranges[at(suit)].lo[at(seat)])
                        return;
            if (acceptsPoints(deal))
                out.push_back(deal);
            return;
        }
        const Card card = cards[i];
        for (const Seat seat : allSeats) {
            const std::size_t h = at(seat);
            if (need[h] == 0 || got[h][at(card.suit)] >= m_ranges[at(card.suit)].hi[h])
                continue;
            --need[h];
            ++got[h][at(card.suit)];
            deal[seat].add(card);
            self(self, i + 1);
            deal[seat].remove(card);
            --got[h][at(card.suit)];
            ++need[h];
        }
    };
    place(place, 0);
    return out;
}

} // namespace tenace::core
