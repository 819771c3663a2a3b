// The Botzone bot format for Fight the Landlord: one JSON input per process ({"requests": [...],
// "responses": [...]}, card ids 0..53) answered with {"response": ...}; both Botzone games are read.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "game/observation.h"

namespace ddz {

// FightTheLandlord: landlord fixed at player 0, which is dealt 20 cards including the public cards.
// FightTheLandlord2: players 0, 1, 2 bid in turn first ("bid" requests); the play requests then name
// the landlord, the bot's position and the final bid.
enum class BotzoneGame { Classic, Bidding };

// What a Botzone input tells one bot, rebuilt.
struct BotzoneView {
  BotzoneGame game = BotzoneGame::Classic;
  int position = 0;  // the bot's player number 0..2
  bool bidding = false;  // true: the answer is a bid
  std::vector<int> own_ids;  // ids the bot holds now, ascending
  Observation obs;  // valid unless `fallback` is set
  // Non-empty when the history holds a play this project's rules do not know (Botzone also allows
  // consecutive bombs, "space shuttles"): the observation cannot be rebuilt and the bot answers safely.
  std::string fallback;
  bool leading = true;  // for the fallback: the bot leads a new trick
};

// Reads a Botzone input object. Throws ProtocolError (or NotationError for bad card ids) naming
// the field when the input is malformed or impossible.
BotzoneView botzone_view(const nlohmann::json& input);

// True when Botzone's judge accepts `move` as the combination it is here. Two kinds of this
// project's combinations are refused there: four_two_solo with both kickers of one rank (333344) and
// trio_solo_chain whose kickers repeat a rank (33344455).
bool botzone_accepts(const Move& move);

// The lowest ids in `own` (ascending card ids) for the ranks of `cards`; throws std::logic_error
// when `own` lacks them.
std::vector<int> ids_for(Hand cards, const std::vector<int>& own);

// Decides without reseeding the agent: {"response": bid} or {"response": [ids]}, with a "debug"
// note naming the move. When the agent's move is one Botzone would refuse, the closest legal move
// Botzone accepts is played instead (same type and size first) and the debug note says so.
nlohmann::json botzone_decide(Agent& agent, const BotzoneView& view);

// The whole exchange for `ddz serve --protocol botzone`: parses `input`, reseeds the agent with
// Rng::mix(seed, hash of input), decides, and returns the output line. Never throws: an unreadable
// input gives {"response": [] or 0, "debug": "error: ..."}; *error (when given) gets the message.
std::string botzone_answer(Agent& agent, const std::string& input, uint64_t seed, std::string* error = nullptr);

}  // namespace ddz
