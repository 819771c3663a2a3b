// Frames of replayed game records for the page's replay view (web/replay_view.h).
#include "web/replay_view.h"

#include <stdexcept>

#include "arena/game_record.h"
#include "game/state.h"

namespace ddz::web {

namespace {

using nlohmann::json;

json frame(const GameState& s, const std::string& label, const std::array<std::string, kNumSeats>& actions) {
  json hands = json::array();
  for (int seat = 0; seat < kNumSeats; ++seat) hands.push_back(to_string(s.hand(seat)));
  const bool bidding = s.phase() == Phase::Bidding;
  return {{"label", label},
          {"hands", hands},
          {"kitty", to_string(bidding ? s.initial_deal().kitty : s.kitty())},
          {"landlord", bidding ? json() : json(s.landlord())},
          {"actions", actions},
          {"to_move", s.phase() == Phase::Over ? json() : json(s.to_move())},
          {"stake", s.stake()}};
}

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

// The steps of one validated game, rebuilt from its deal so each frame costs one apply.
json game_frames(const GameState& final_state) {
  GameState s(final_state.initial_deal(), final_state.rules(), 0);
  json frames = json::array();
  std::array<std::string, kNumSeats> actions{};
  frames.push_back(frame(s, "deal", actions));
  for (const BidRecord& b : final_state.bids()) {
    s.apply_bid(b.bid);
    actions[size_t(b.seat)] = b.bid == 0 ? "no bid" : "bids " + std::to_string(b.bid);
    frames.push_back(
        frame(s, seat_name(b.seat) + (b.bid == 0 ? " passes" : " bids " + std::to_string(b.bid)), actions));
  }
  actions = {};
  for (const PlayRecord& p : final_state.history()) {
    // A new trick starts when the seat leads: clear the other seats' plays of the last trick.
    if (s.to_beat().is_pass()) actions = {};
    s.apply_move(p.move);
    actions[size_t(p.seat)] = to_string(p.move);
    const std::string what =
        p.move.is_pass() ? " passes" : " plays " + to_string(p.move) + " (" + type_name(p.move.type) + ")";
    frames.push_back(frame(s, seat_name(p.seat) + " (" + role_name(s.role_of(p.seat)) + ")" + what, actions));
  }
  return frames;
}

}  // namespace

json replay_games(const std::string& text) {
  const std::vector<json> records = records_from_text(text, kMaxReplayRecords);
  json games = json::array();
  for (size_t i = 0; i < records.size(); ++i) {
    GameState state(uint64_t(0));
    try {
      state = replay_record(records[i]);
    } catch (const std::exception& e) { throw std::runtime_error("record " + std::to_string(i + 1) + ": " + e.what()); }
    json g;
    g["agents"] = record_agents(records[i]);
    g["seed"] = records[i].value("seed", json());
    g["bidding"] = state.rules().bidding;
    g["landlord"] = state.phase() == Phase::Bidding ? json() : json(state.landlord());
    g["base"] = state.base_score();
    const bool over = state.phase() == Phase::Over;
    g["winner"] = over ? json(state.winner()) : json();
    g["stake"] = state.stake();
    g["scores"] = state.scores();
    g["frames"] = game_frames(state);
    games.push_back(std::move(g));
  }
  return {{"games", games}};
}

}  // namespace ddz::web
