#pragma once

// A double-dummy table: the tricks declarer's side takes for each strain (S H D C NT) and
// declarer (N E S W), the DDS resTable layout. Value type.

#include "core/model/card.h"

#include <algorithm>
#include <array>

namespace tenace::core {

struct DdTable
{
    std::array<std::array<int, 4>, 5> tricks {}; // [strain][declarer]

    int operator()(Strain strain, Seat declarer) const
    {
        return tricks[static_cast<std::size_t>(index(strain))]
                     [static_cast<std::size_t>(index(declarer))];
    }
    int &at(Strain strain, Seat declarer)
    {
        return tricks[static_cast<std::size_t>(index(strain))]
                     [static_cast<std::size_t>(index(declarer))];
    }
    // The most tricks `side` takes in `strain`: the better of its two declarers.
    int bestTricks(Strain strain, Side side) const
    {
        const Seat first = side == Side::NorthSouth ? Seat::North : Seat::East;
        return std::max((*this)(strain, first), (*this)(strain, partner(first)));
    }
    friend bool operator==(const DdTable &, const DdTable &) = default;
};

} // namespace tenace::core
