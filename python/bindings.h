// Shared declarations of the Python module `ddz` (python/module.cpp): one bind_* function per
// file, and the conversions between Python values and the engine's cards, moves and observations.
#pragma once
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "game/catalogue.h"
#include "game/observation.h"

namespace ddz::py {

namespace pyb = pybind11;

void bind_cards(pyb::module_& m);
void bind_game(pyb::module_& m);
void bind_features(pyb::module_& m);
void bind_agent(pyb::module_& m);
void bind_solver(pyb::module_& m);
void bind_arena(pyb::module_& m);
void bind_env(pyb::module_& m);
void bind_vec_env(pyb::module_& m);

// Cards from a Python str in the project's notation; ValueError naming `what` and the text
// otherwise (std::invalid_argument becomes ValueError in pybind11).
Hand cards_arg(const std::string& text, const char* what);
// True for a Python int, a numpy integer or a 0-d integer array (anything with __index__ but a
// bool): RLCard's agents answer numpy integers, so every action id accepts them.
bool is_integer(const pyb::handle& value);
// The value of an integer argument (is_integer); TypeError naming `what` and `expected` for any
// other type, ValueError for an integer outside long long.
long long integer_arg(const pyb::handle& value, const char* what, const char* expected);
// An action id 0..`limit` (an integer, is_integer); TypeError or ValueError naming `what` otherwise.
int action_id_arg(const pyb::handle& value, const char* what, int limit = kPassAction);
// A seed 0..2**64-1 (an integer, is_integer); TypeError or ValueError naming `what` otherwise.
uint64_t seed_arg(const pyb::handle& value, const char* what);
// A move from a str ("pass", "-", "" or cards forming one combination) or an action id
// (0..27471, an int or numpy integer); None is a pass (for `beat` arguments). ValueError or
// TypeError naming the input otherwise.
Move move_arg(const pyb::handle& value, const char* what);
// The same where None is no move (Game.apply): TypeError naming `what` for None.
Move move_arg_not_none(const pyb::handle& value, const char* what);
// "pass" or the canonical cards, as a cached Python str per action id: building the same
// strings over and over is most of the cost of a state seen from Python.
pyb::str move_str(const Move& move);
pyb::str action_str(int id);  // the same by action id (0..kPassAction)
// Canonical notation of a card set as a Python str, without a std::string in between.
pyb::str cards_str(Hand hand);
pyb::list moves_list(const std::vector<Move>& moves);
std::vector<int> action_ids(const std::vector<Move>& moves);
// Env's and VecEnv's payoff setting: true for "score" (the game's scores), false for "win"
// (1 for the winning side, 0 for the losers, as RLCard); ValueError naming `who` otherwise.
bool score_payoff(const std::string& payoff, const char* who);
// The agent a spec names; ValueError naming the spec for a bad spec or a model file that cannot
// be read (the factory throws AgentSpecError for the first, other exceptions for the second).
std::unique_ptr<Agent> agent_arg(const std::string& spec);
// A seat number 0..2, ValueError naming `what` otherwise.
int seat_arg(int seat, const char* what);

}  // namespace ddz::py
