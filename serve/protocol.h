// The line protocol of `ddz serve`: one JSON request per line (a seat's role, hand, kitty, bids and
// play history) is checked, rebuilt into that seat's Observation and answered by an Agent.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "agent/agent.h"
#include "game/observation.h"

namespace ddz {

// A request that is malformed, impossible or illegal; the message says which field and why.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "landlord", "landlord_down", "landlord_up" -> Role; false for anything else.
bool role_from_name(const std::string& name, Role* role);

// A play-phase position as the protocol states it: roles, not seats.
struct PlayPosition {
  Role role = Role::Landlord;  // the seat asking
  Hand hand;  // its cards now (the landlord's include what is left of the kitty)
  Hand kitty;  // the 3 cards shown to everyone
  std::vector<std::pair<Role, int>> bids;  // bidding in order, optional (empty: landlord was fixed)
  int base = 0;  // base score; 0 = take it from the bids (or 1)
  std::vector<std::pair<Role, Move>> history;  // every move since the landlord's lead, passes included
};

// Checks a play position and rebuilds the asking seat's Observation with the landlord at
// `landlord_seat` (seats follow roles round the table). Throws ProtocolError when the history is
// impossible: a move that is not a combination or does not follow the trick rules, moves out of
// turn order, a seat playing more cards than it was dealt, more copies of a card than a deck holds,
// an own hand that does not match its own plays, a finished game, or not this seat's turn.
Observation rebuild_play(const PlayPosition& pos, int landlord_seat = 0);

// Checks a bidding position (the bids before this seat, in order; the seat bids at position
// bids.size() with the first bidder at seat 0) and rebuilds its Observation. Throws ProtocolError.
Observation rebuild_bid(Hand hand, const std::vector<int>& bids);

// The JSON play position of a request (fields role, hand, kitty, bids, base, history) -> PlayPosition.
PlayPosition parse_play_position(const nlohmann::json& request);

// The request a seat would send for its Observation: a "bid" request in the bidding phase, a "play"
// request in the play phase (used to record games as protocol traffic and by clients in C++).
nlohmann::json request_from_observation(const Observation& obs);

// Answers request lines with one agent. Stateless between lines: every request carries the whole
// position. Before each answer the agent's new_game() gets the request's "seed" when given, else a
// seed mixed from the server seed and the line's text, so the same line always gets the same answer.
class ProtocolServer {
 public:
  explicit ProtocolServer(Agent& agent, uint64_t seed = 0) : agent_(agent), seed_(seed) {}

  // One answer line (no newline) for one request line; never throws. An empty string for a
  // blank line (nothing to answer). Errors become {"id":...,"error":"..."}.
  std::string answer(std::string_view line);

  // Longest request line accepted (bytes); longer lines get an error without being parsed.
  static constexpr size_t kMaxLineBytes = 1 << 20;

 private:
  nlohmann::ordered_json answer_request(const nlohmann::json& request, std::string_view line);
  Agent& agent_;
  uint64_t seed_;
};

}  // namespace ddz
