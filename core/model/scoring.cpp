#include "core/model/scoring.h"

#include <cassert>

namespace tenace::core {

namespace {

// The doubling factor for trick scores and undertrick penalties: 1, 2 or 4.
int doublingFactor(Doubling d)
{
    switch (d) {
    case Doubling::Undoubled:
        return 1;
    case Doubling::Doubled:
        return 2;
    case Doubling::Redoubled:
        return 4;
    }
    return 1;
}

// Law 77, contract trick score: the odd tricks bid and made, doubled or redoubled.
int contractTrickScore(const Contract &c)
{
    int perTrick = 0;
    int firstTrickExtra = 0;
    switch (c.strain) {
    case Strain::Clubs:
    case Strain::Diamonds:
        perTrick = 20;
        break;
    case Strain::Hearts:
    case Strain::Spades:
        perTrick = 30;
        break;
    case Strain::NoTrump:
        perTrick = 30;
        firstTrickExtra = 10;
        break;
    }
    return (perTrick * c.level + firstTrickExtra) * doublingFactor(c.doubling);
}

// Law 77, overtricks: trick value undoubled; 100 / 200 each doubled, twice that redoubled.
int overtrickScore(const Contract &c, int overtricks, bool vulnerable)
{
    if (c.doubling == Doubling::Undoubled) {
        const bool minor = c.strain == Strain::Clubs || c.strain == Strain::Diamonds;
        return overtricks * (minor ? 20 : 30);
    }
    const int each = (vulnerable ? 200 : 100) * (doublingFactor(c.doubling) / 2);
    return overtricks * each;
}

// Law 77, premium points for a made contract: game or part score, slam, insult.
int bonusScore(const Contract &c, int trickScore, bool vulnerable)
{
    int bonus = trickScore >= 100 ? (vulnerable ? 500 : 300) : 50;
    if (c.level == 6)
        bonus += vulnerable ? 750 : 500;
    else if (c.level == 7)
        bonus += vulnerable ? 1500 : 1000;
    if (c.doubling == Doubling::Doubled)
        bonus += 50;
    else if (c.doubling == Doubling::Redoubled)
        bonus += 100;
    return bonus;
}

// Law 77, undertrick penalties (positive). Doubled: not vulnerable 100 for the first, 200 for the
// second and third, 300 from the fourth; vulnerable 200 for the first, 300 from the second.
// Redoubled: twice the doubled penalty.
int undertrickPenalty(Doubling doubling, int undertricks, bool vulnerable)
{
    if (doubling == Doubling::Undoubled)
        return undertricks * (vulnerable ? 100 : 50);
    int penalty = 0;
    for (int i = 1; i <= undertricks; ++i) {
        if (vulnerable)
            penalty += i == 1 ? 200 : 300;
        else
            penalty += i == 1 ? 100 : i <= 3 ? 200 : 300;
    }
    return penalty * (doublingFactor(doubling) / 2);
}

} // namespace

int score(const Contract &contract, int tricks, bool vulnerable)
{
    assert(contract.level >= 1 && contract.level <= 7);
    assert(tricks >= 0 && tricks <= 13);
    const int needed = contract.tricksNeeded();
    if (tricks < needed)
        return -undertrickPenalty(contract.doubling, needed - tricks, vulnerable);
    const int trickScore = contractTrickScore(contract);
    return trickScore + overtrickScore(contract, tricks - needed, vulnerable) +
        bonusScore(contract, trickScore, vulnerable);
}

} // namespace tenace::core
