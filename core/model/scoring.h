#pragma once

// Duplicate-bridge scoring (Laws of Duplicate Bridge 2017, law 77). Pure functions, thread-safe.

#include "core/model/contract.h"

namespace tenace::core {

// The score of `contract` when declarer's side takes `tricks` (0..13), from declarer's side's point
// of view: positive when the contract makes (trick score, overtricks, part-score / game / slam
// bonuses, the insult for doubled or redoubled contracts), negative when it goes down.
int score(const Contract &contract, int tricks, bool vulnerable);

} // namespace tenace::core
