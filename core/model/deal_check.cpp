#include "core/model/deal_check.h"

#include "core/model/position.h"

#include <algorithm>
#include <array>

namespace tenace::core {

namespace {

DealProblem problem(DealProblemKind kind, Seat seat = Seat::North)
{
    DealProblem p;
    p.kind = kind;
    p.seat = seat;
    return p;
}

} // namespace

Hand missingCards(const Deal &deal)
{
    return Hand::fullDeck() - deal.allCards();
}

DealCheckResult checkDealProblems(const Deal &deal)
{
    DealCheckResult check;
    for (int a = 0; a < 4; ++a) {
        for (int b = a + 1; b < 4; ++b) {
            const Hand both = deal[seatAt(a)] & deal[seatAt(b)];
            for (const Card c : both.cards()) {
                DealProblem p = problem(DealProblemKind::DuplicateCard, seatAt(a));
                p.other = seatAt(b);
                p.card = c;
                check.problems.push_back(p);
            }
        }
    }
    std::array<int, 4> counts {};
    for (const Seat s : allSeats)
        counts[static_cast<std::size_t>(index(s))] = deal[s].count();
    const int most = *std::max_element(counts.begin(), counts.end());
    const bool equal =
        std::all_of(counts.begin(), counts.end(), [&](int n) { return n == counts[0]; });
    for (const Seat s : allSeats) {
        if (deal[s].count() > 13) {
            DealProblem p = problem(DealProblemKind::TooManyCards, s);
            p.count = deal[s].count();
            check.problems.push_back(p);
        }
    }
    if (most == 0) {
        check.problems.push_back(problem(DealProblemKind::NoCards));
    } else if (!equal && most <= 13) {
        DealProblem p = problem(DealProblemKind::ShortHands);
        p.count = most;
        for (const Seat s : allSeats)
            if (deal[s].count() < most)
                p.shortSeats.push_back(s);
        check.problems.push_back(p);
        const Hand missing = missingCards(deal);
        if (most == 13 && !missing.empty()) {
            DealProblem m = problem(DealProblemKind::MissingCards);
            m.cards = missing;
            check.problems.push_back(m);
        }
    }
    check.cardsEach = equal ? counts[0] : 0;
    check.complete = check.problems.empty() && counts[0] == 13;
    return check;
}

DealCheckResult checkTrickProblems(const Deal &deal, Strain trump, Seat leader,
                                   std::span<const Card> trick)
{
    if (trick.empty())
        return checkDealProblems(deal);
    DealCheckResult check;
    if (trick.size() > 3)
        check.problems.push_back(problem(DealProblemKind::TrickTooLong));
    for (const Card c : trick) {
        if (const auto holder = deal.holder(c)) {
            DealProblem p = problem(DealProblemKind::TrickCardHeld, *holder);
            p.card = c;
            check.problems.push_back(p);
        }
    }
    if (!check.problems.empty())
        return check;
    const Position start {deal, trump, leader, std::vector<Card>(trick.begin(), trick.end())};
    if (auto ok = validate(start); !ok) {
        DealProblem p = problem(DealProblemKind::InvalidPosition);
        p.message = ok.error().message;
        check.problems.push_back(p);
    }
    return check;
}

std::optional<Deal> fillFourthHand(const Deal &deal)
{
    // Only a full deal is unambiguous: three hands of 13 and the rest of the pack.
    std::optional<Seat> shortSeat;
    for (const Seat s : allSeats) {
        if (deal[s].count() == 13)
            continue;
        if (shortSeat || deal[s].count() > 13)
            return std::nullopt;
        shortSeat = s;
    }
    if (!shortSeat)
        return std::nullopt;
    const Hand missing = missingCards(deal);
    if (deal.allCards().count() != deal.cardCount() ||
        missing.count() != 13 - deal[*shortSeat].count())
        return std::nullopt;
    Deal filled = deal;
    filled[*shortSeat] = filled[*shortSeat] | missing;
    return filled;
}

} // namespace tenace::core
