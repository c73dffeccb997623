#pragma once

// The order in which DDS 2.9 tries the cards at the root of SolveBoard. DDS lists cards of equal
// score in the order its search found them, and its root search always takes the moves in the
// order of its move generator with no history (SolveBoard clears the best moves before each
// search, and the root neither reads the table nor counts quick tricks before it): so the order
// of the listed cards is a function of the position alone. This file computes that order for the
// C API, so that SolveBoard lists cards, and picks the one card of `solutions` 1, as DDS does.
//
// Only the root's order is emulated (DDS's weights for a lead: the suit's lengths, who holds its
// top cards, ruffs; then its fixed sorting networks, whose handling of equal weights decides
// ties). Following hands (a trick in progress) keep the solver's own order: DDS's root there may
// be decided by its second-hand quick tricks before any card is searched.
// Pure functions; thread-safe.

#include "core/model/position.h"

#include <vector>

namespace tenace::capi {

// The top card of each group of equivalent cards the side to move may play, in DDS's root order;
// empty when a trick is in progress (see above).
std::vector<core::Card> ddsRootOrder(const core::Position &position);

} // namespace tenace::capi
