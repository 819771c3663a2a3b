// Python bindings of the agents (agent/factory.h): ddz.Agent built from a spec string, playing
// observations, and RLCard's agent interface (step/eval_step) on ddz.Env states.
#include <pybind11/stl.h>

#include <mutex>

#include "agent/factory.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

// One agent and the lock that keeps two Python threads (which run freely while it thinks, the
// GIL being released) from entering the same agent at once.
class PyAgent {
 public:
  PyAgent(const std::string& spec, const pyb::handle& seed) : agent_(agent_arg(spec)) {
    agent_->new_game(seed_arg(seed, "Agent seed"));
  }

  void new_game(const pyb::handle& seed) {
    const uint64_t s = seed_arg(seed, "Agent.new_game seed");
    std::lock_guard<std::mutex> lock(mutex_);
    agent_->new_game(s);
  }

  Move play(const Observation& obs) {
    check_turn(obs, Phase::Play, "play");
    pyb::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    return agent_->play(obs);
  }

  int bid(const Observation& obs) {
    check_turn(obs, Phase::Bidding, "bid");
    pyb::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    return agent_->bid(obs);
  }

  // The action id of ddz.Env for the observation's phase: a catalogue id when playing,
  // NUM_ACTIONS + bid when bidding.
  int act(const Observation& obs) {
    return obs.phase == Phase::Bidding ? kNumActions + bid(obs) : action_id(play(obs));
  }

  std::string spec() const { return agent_->spec(); }

 private:
  static void check_turn(const Observation& obs, Phase phase, const char* what) {
    if (obs.phase != phase)
      throw pyb::value_error(std::string(what) + ": the observation is in the " + phase_name(obs.phase) + " phase");
    if (obs.to_move != obs.seat)
      throw pyb::value_error(std::string(what) + ": the observation's seat " + std::to_string(obs.seat) +
                             " is not the seat to move (" + std::to_string(obs.to_move) + ")");
  }

  std::unique_ptr<Agent> agent_;
  std::mutex mutex_;
};

const Observation& observation_of_state(const pyb::handle& state) {
  if (!pyb::isinstance<pyb::dict>(state) || !state.cast<pyb::dict>().contains("observation"))
    throw pyb::value_error("expected a ddz.Env state (a dict with an 'observation' entry)");
  return state.cast<pyb::dict>()["observation"].cast<const Observation&>();
}

}  // namespace

void bind_agent(pyb::module_& m) {
  pyb::class_<PyAgent>(m, "Agent",
                       "An agent built from a spec (random, heuristic, mcts:sims=200, net:FILE, pretrained, ...; "
                       "ddz.agent_kinds() lists them). play/bid/step release the GIL while the agent thinks.")
      .def(pyb::init<const std::string&, const pyb::handle&>(), pyb::arg("spec"), pyb::arg("seed") = 0,
           "ValueError naming the spec for an unknown kind, a bad setting or a model file that cannot be read.")
      .def_property_readonly("spec", &PyAgent::spec)
      .def_property_readonly_static(
          "use_raw", [](const pyb::object&) { return false; },
          "RLCard's flag: step() answers action ids, not raw actions.")
      .def("new_game", &PyAgent::new_game, pyb::arg("seed"),
           "Reseeds the agent's own randomness for a new game (ddz.Env.run does it for every game).")
      .def(
          "play", [](PyAgent& a, const Observation& obs) { return move_str(a.play(obs)); }, pyb::arg("observation"),
          "The agent's move for the observing seat, in notation ('pass' to pass).")
      .def("bid", &PyAgent::bid, pyb::arg("observation"), "The agent's bid for the observing seat: 0 (pass) or 1..3.")
      .def(
          "step", [](PyAgent& a, const pyb::handle& state) { return a.act(observation_of_state(state)); },
          pyb::arg("state"), "RLCard interface: the action id for a ddz.Env state.")
      .def(
          "eval_step",
          [](PyAgent& a, const pyb::handle& state) {
            return pyb::make_tuple(a.act(observation_of_state(state)), pyb::dict());
          },
          pyb::arg("state"), "RLCard interface: (action id, info dict) for a ddz.Env state.")
      .def("__repr__", [](const PyAgent& a) { return "<ddz.Agent " + a.spec() + ">"; });
  m.def("agent_kinds", &agent_kinds, "'kind: description' of every agent kind.");
}

}  // namespace ddz::py
