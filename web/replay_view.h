// Game records (`ddz game --json`, `ddz arena --records`) turned into the frames the page steps
// through: every bid and play with all hands shown.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace ddz::web {

// Most records one request may replay (an arena's records file of 100 deals holds 200).
constexpr size_t kMaxReplayRecords = 500;

// Replays every record of `text` (one JSON value or JSON lines) through the validating engine
// and returns {"games": [{agents, seed, landlord, base, winner, stake, scores, frames}]}; a frame
// is one step: {label, hands (3), kitty, landlord, actions (each seat's latest bid, or play in the
// current trick), to_move}. Throws std::runtime_error naming the record and field at fault.
nlohmann::json replay_games(const std::string& text);

}  // namespace ddz::web
