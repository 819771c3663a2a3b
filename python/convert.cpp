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

namespace {

std::string type_name_of(const pyb::handle& value) {
  return value.is_none() ? "None" : std::string(pyb::str(value.get_type().attr("__name__")));
}

// The value of an integer object as a Python int (operator.index), a new reference.
pyb::object index_of(const pyb::handle& value) {
  PyObject* index = PyNumber_Index(value.ptr());
  if (!index) throw pyb::error_already_set();
  return pyb::reinterpret_steal<pyb::object>(index);
}

}  // namespace

bool is_integer(const pyb::handle& value) {
  if (PyBool_Check(value.ptr())) return false;
  if (PyLong_Check(value.ptr())) return true;
  if (!PyIndex_Check(value.ptr())) return false;
  // numpy: integer scalars and 0-d integer arrays. Every array type has __index__ (it raises
  // for floats and bools, which are not action ids), so the dtype decides.
  const pyb::object dtype = pyb::getattr(value, "dtype", pyb::none());
  if (dtype.is_none()) return true;
  const std::string kind = pyb::str(dtype.attr("kind"));
  return (kind == "i" || kind == "u") && pyb::getattr(value, "ndim", pyb::int_(0)).cast<int>() == 0;
}

long long integer_arg(const pyb::handle& value, const char* what, const char* expected) {
  if (!is_integer(value))
    throw pyb::type_error(std::string(what) + ": expected " + expected + ", got " + type_name_of(value));
  const pyb::object index = index_of(value);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0)
    throw pyb::value_error(std::string(what) + ": " + std::string(pyb::str(index)) + " is out of range (expected " +
                           expected + ")");
  return v;
}

int action_id_arg(const pyb::handle& value, const char* what, int limit) {
  const std::string expected = "an action id 0.." + std::to_string(limit) + " (int or numpy integer)";
  if (!is_integer(value))
    throw pyb::type_error(std::string(what) + ": expected " + expected + ", got " + type_name_of(value));
  const pyb::object index = index_of(value);
  int overflow = 0;
  const long long id = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0 || id < 0 || id > limit)
    throw pyb::value_error(std::string(what) + ": action id " + std::string(pyb::str(index)) + " is outside 0.." +
                           std::to_string(limit));
  return int(id);
}

uint64_t seed_arg(const pyb::handle& value, const char* what) {
  if (!is_integer(value))
    throw pyb::type_error(std::string(what) + ": expected a seed 0..2**64-1 (int), got " + type_name_of(value));
  const pyb::object index = index_of(value);
  const unsigned long long seed = PyLong_AsUnsignedLongLong(index.ptr());
  if (seed == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw pyb::value_error(std::string(what) + ": seed " + std::string(pyb::str(index)) + " is outside 0..2**64-1");
  }
  return seed;
}

Move move_arg(const pyb::handle& value, const char* what) {
  if (value.is_none()) return Move::pass();
  if (PyBool_Check(value.ptr()) || (!pyb::isinstance<pyb::str>(value) && !is_integer(value)))
    throw pyb::type_error(std::string(what) + ": expected cards (str) or an action id (int), got " +
                          type_name_of(value));
  if (!pyb::isinstance<pyb::str>(value)) return move_of_action(action_id_arg(value, what));
  const std::string text = value.cast<std::string>();
  try {
    return parse_move(text);
  } catch (const NotationError& e) { throw pyb::value_error(std::string(what) + ": " + e.what()); }
}

Move move_arg_not_none(const pyb::handle& value, const char* what) {
  if (value.is_none())
    throw pyb::type_error(std::string(what) +
                          ": expected cards (str) or an action id (int), got None "
                          "(a pass is 'pass' or PASS)");
  return move_arg(value, what);
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
