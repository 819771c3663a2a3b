// The JSON game record ("ddz-game" version 1, documented in docs/game_record.md): everything
// needed to replay one game exactly, written by `ddz game`, the arena and read back by analyses.
#pragma once
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/state.h"

namespace ddz {

constexpr const char* kGameRecordFormat = "ddz-game";
constexpr int kGameRecordVersion = 1;

// The record of `state` (normally a finished game; for a game still in progress "winner" is null
// and "stake"/"scores" are left out). `agents` are the three seats' spec strings, `seed` the deal seed.
nlohmann::json record_to_json(const GameState& state, const std::array<std::string, kNumSeats>& agents, uint64_t seed);

// Rebuilds the game of a record: starts GameState from the recorded deal with the recorded
// first bidder, applies every bid and the first `upto_plays` plays (all when negative) through
// apply_bid/apply_move, and when the whole record was replayed checks winner, stake and scores.
// Throws std::runtime_error naming the offending field (e.g. "plays[12]") on any bad input.
GameState replay_record(const nlohmann::json& j, int upto_plays = -1);
// The same, stopping in the bidding phase before bid `upto_bids` (0 = before any bid; at most the
// number of bids recorded, else std::runtime_error naming "bids"). The plays are not read.
GameState replay_record_bids(const nlohmann::json& j, int upto_bids);

// The records of a text: one JSON value, or JSON lines (blank lines skipped), as `ddz game --json`
// and `ddz arena --records` write them. Throws std::runtime_error naming the line that is not
// JSON, or when the text holds no record or more than `max_records`. Records are not validated.
std::vector<nlohmann::json> records_from_text(const std::string& text, size_t max_records);

// The three agent spec strings of a record (empty strings when absent).
std::array<std::string, kNumSeats> record_agents(const nlohmann::json& j);

// A readable multi-line account of a game: rules, hands, kitty, bids, every play, winner, stake
// and scores.
std::string game_to_text(const GameState& state, const std::array<std::string, kNumSeats>& agents, uint64_t seed);

}  // namespace ddz
