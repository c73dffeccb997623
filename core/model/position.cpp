#include "core/model/position.h"

namespace tenace::core {

Hand Position::legalCards() const
{
    const Hand hand = remaining[toMove()];
    if (trick.empty())
        return hand;
    const Suit led = trick.front().suit;
    if (hand.length(led) == 0)
        return hand;
    return Hand(std::uint64_t {hand.suitMask(led)} << (16 * index(led)));
}

Status validate(const Position &position)
{
    const Deal &deal = position.remaining;
    if (deal.cardCount() + static_cast<int>(position.trick.size()) == 0)
        return Error {ErrorCode::NoCards, "the position holds no cards"};
    if (deal.cardCount() + static_cast<int>(position.trick.size()) > 52)
        return Error {ErrorCode::TooManyCards,
                      std::to_string(deal.cardCount() + position.trick.size()) +
                          " cards in the position (at most 52)"};
    for (int a = 0; a < 4; ++a) {
        for (int b = a + 1; b < 4; ++b) {
            Hand both = deal.hands[a] & deal.hands[b];
            if (!both.empty())
                return Error {ErrorCode::DuplicateCard,
                              "Duplicate card " + both.cards().front().toString() + " (" +
                                  std::string(seatName(seatAt(a))) + " and " +
                                  std::string(seatName(seatAt(b))) + ")"};
        }
    }
    if (position.trick.size() > 3)
        return Error {ErrorCode::BadTrickCard,
                      std::to_string(position.trick.size()) +
                          " cards in the current trick (at most 3)"};
    Hand played;
    for (std::size_t i = 0; i < position.trick.size(); ++i) {
        const Card c = position.trick[i];
        const Seat who = next(position.leader, static_cast<int>(i));
        if (value(c.rank) < 2 || value(c.rank) > 14 || index(c.suit) > 3)
            return Error {ErrorCode::BadTrickCard, "invalid card in the current trick"};
        if (played.contains(c))
            return Error {ErrorCode::DuplicateCard,
                          "Duplicate card " + c.toString() + " (twice in the current trick)"};
        played.add(c);
        if (auto holder = deal.holder(c))
            return Error {ErrorCode::PlayedCardStillHeld,
                          c.toString() + " was played to the trick by " +
                              std::string(seatName(who)) + " but is still held by " +
                              std::string(seatName(*holder))};
    }
    const int n = deal[position.toMove()].count();
    if (n == 0)
        return Error {ErrorCode::NoCards,
                      std::string(seatName(position.toMove())) + ", to play, holds no cards"};
    for (int i = 0; i < 4; ++i) {
        const Seat s = next(position.leader, i);
        const int expected = i < static_cast<int>(position.trick.size()) ? n - 1 : n;
        if (deal[s].count() != expected)
            return Error {ErrorCode::WrongCardCount,
                          std::string(seatName(s)) + " holds " + std::to_string(deal[s].count()) +
                              " cards (expected " + std::to_string(expected) + ")"};
    }
    return Ok {};
}

Seat trickWinner(Seat leader, std::span<const Card, 4> cards, Strain trump)
{
    int best = 0;
    for (int i = 1; i < 4; ++i) {
        const Card c = cards[static_cast<std::size_t>(i)];
        const Card w = cards[static_cast<std::size_t>(best)];
        if (c.suit == w.suit) {
            if (value(c.rank) > value(w.rank))
                best = i;
        } else if (isTrumpSuit(trump, c.suit)) {
            best = i;
        }
    }
    return next(leader, best);
}

} // namespace tenace::core
