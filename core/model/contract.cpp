#include "core/model/contract.h"

namespace tenace::core {

std::string_view vulnerabilityName(Vulnerability v)
{
    switch (v) {
    case Vulnerability::None:
        return "None";
    case Vulnerability::NorthSouth:
        return "NS";
    case Vulnerability::EastWest:
        return "EW";
    case Vulnerability::Both:
        return "All";
    }
    return "None";
}

std::string Contract::toString() const
{
    std::string out = std::to_string(level);
    out += strainName(strain);
    if (doubling == Doubling::Doubled)
        out += 'X';
    else if (doubling == Doubling::Redoubled)
        out += "XX";
    out += " by ";
    out += seatLetter(declarer);
    return out;
}

} // namespace tenace::core
