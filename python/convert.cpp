// Conversions between Python values and the engine's cards and moves for every binding file; the
// move strings are cached per action id because states seen from Python repeat them constantly.
#include <memory>

#include "agent/factory.h"
#include "python/bindings.h"

namespace ddz::py {

Hand cards_arg(const std::string& text, const char* what) {
  std::string error;
  const auto hand = try_parse_cards(text, &error);
  if (!hand) throw pyb::value_error(std::string(what) + " \"" + text + "\": " + error);
  return *hand;
}

Move move_arg(const pyb::handle& value, const char* what) {
  if (value.is_none()) return Move::pass();
  if (pyb::isinstance<pyb::bool_>(value))
    throw pyb::type_error(std::string(what) + ": expected cards (str) or an action id (int), got a bool");
  if (pyb::isinstance<pyb::int_>(value)) {
    const long long id = value.cast<long long>();
    if (id < 0 || id > kPassAction)
      throw pyb::value_error(std::string(what) + ": action id " + std::to_string(id) + " is outside 0.." +
                             std::to_string(kPassAction));
    return move_of_action(int(id));
  }
  if (!pyb::isinstance<pyb::str>(value))
    throw pyb::type_error(std::string(what) + ": expected cards (str) or an action id (int), got " +
                          std::string(pyb::str(value.get_type().attr("__name__"))));
  const std::string text = value.cast<std::string>();
  try {
    return parse_move(text);
  } catch (const NotationError& e) { throw pyb::value_error(std::string(what) + ": " + e.what()); }
}

pyb::str action_str(int id) {
  // Leaked on purpose: Python objects must not be released by static destructors after the
  // interpreter has shut down.
  static auto* cache = new std::vector<pyb::object>(size_t(kNumActions));
  pyb::object& slot = (*cache)[size_t(id)];
  if (!slot) slot = pyb::str(to_string(move_of_action(id)));
  return pyb::reinterpret_borrow<pyb::str>(slot);
}

pyb::str move_str(const Move& move) {
  const int id = action_id(move);
  if (id < 0) return pyb::str(to_string(move));  // not reachable for moves made by the engine
  return action_str(id);
}

pyb::str cards_str(Hand hand) {
  char text[kMaxCardsText];
  const size_t n = write_cards(hand, text);
  return pyb::reinterpret_steal<pyb::str>(PyUnicode_FromStringAndSize(text, pyb::ssize_t(n)));
}

pyb::list moves_list(const std::vector<Move>& moves) {
  pyb::list out(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) out[i] = move_str(moves[i]);
  return out;
}

std::unique_ptr<Agent> agent_arg(const std::string& spec) {
  try {
    return make_agent(spec);
  } catch (const AgentSpecError& e) { throw pyb::value_error(e.what()); } catch (const std::exception& e) {
    throw pyb::value_error("agent spec \"" + spec + "\": " + e.what());
  }
}

std::vector<int> action_ids(const std::vector<Move>& moves) {
  std::vector<int> ids(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) ids[i] = action_id(moves[i]);
  return ids;
}

bool score_payoff(const std::string& payoff, const char* who) {
  if (payoff != "win" && payoff != "score")
    throw pyb::value_error(std::string(who) + ": payoff \"" + payoff +
                           "\" must be 'win' (1 for the winning side, 0 for the losers, as RLCard) or 'score'");
  return payoff == "score";
}

int seat_arg(int seat, const char* what) {
  if (seat < 0 || seat >= kNumSeats)
    throw pyb::value_error(std::string(what) + ": seat " + std::to_string(seat) + " is outside 0..2");
  return seat;
}

}  // namespace ddz::py
