// ddz.VecEnv: many games stepped in one call, with numpy arrays in and out, for learners whose
// per-step Python overhead would dominate: slot i plays the games ddz.Env(seed=seeds[i]) would.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "models/features.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

class VecEnv {
 public:
  VecEnv(int num_envs, uint64_t seed, bool candidates, bool score_payoff)
      : candidates_(candidates), score_(score_payoff) {
    if (num_envs < 1 || num_envs > 65536)
      throw pyb::value_error("VecEnv: num_envs must be 1..65536, got " + std::to_string(num_envs));
    for (int i = 0; i < num_envs; ++i) seeds_.push_back(Rng::mix(seed, uint64_t(i)));
    games_.assign(size_t(num_envs), 0);
    legal_.resize(size_t(num_envs));
  }

  int num_envs() const { return int(seeds_.size()); }
  const std::vector<uint64_t>& seeds() const { return seeds_; }

  pyb::dict reset() {
    states_.clear();
    for (size_t i = 0; i < seeds_.size(); ++i) {
      games_[i] = 0;
      states_.push_back(next_game(i));
    }
    pyb::array_t<double> payoffs({pyb::ssize_t(seeds_.size()), pyb::ssize_t(kNumSeats)});
    std::fill(payoffs.mutable_data(), payoffs.mutable_data() + payoffs.size(), 0.0);
    pyb::array_t<bool> done{pyb::ssize_t(seeds_.size())};
    std::fill(done.mutable_data(), done.mutable_data() + done.size(), false);
    return batch(payoffs, done);
  }

  // Applies actions[i] in slot i. A slot whose game ends reports its payoffs and done=True and
  // starts its next game at once, so the returned batch holds that new game's first state.
  pyb::dict step(const pyb::handle& actions_arg) {
    if (states_.empty()) throw pyb::value_error("VecEnv.step: call reset() first");
    const auto actions = action_array(actions_arg);
    if (actions.ndim() != 1 || size_t(actions.shape(0)) != seeds_.size())
      throw pyb::value_error("VecEnv.step: expected one action per env (" + std::to_string(seeds_.size()) + ")");
    const int64_t* a = actions.data();
    // Validate every action first, so a bad one changes no game.
    for (size_t i = 0; i < seeds_.size(); ++i) {
      const auto& ids = legal_[i];
      if (std::find(ids.begin(), ids.end(), a[i]) == ids.end())
        throw pyb::value_error("VecEnv.step: action " + std::to_string(a[i]) + " of env " + std::to_string(i) +
                               " is not legal there (seat " + std::to_string(states_[i].to_move()) + ", hand " +
                               to_string(states_[i].hand(states_[i].to_move())) + ")");
    }
    pyb::array_t<double> payoffs({pyb::ssize_t(seeds_.size()), pyb::ssize_t(kNumSeats)});
    pyb::array_t<bool> done{pyb::ssize_t(seeds_.size())};
    double* pay = payoffs.mutable_data();
    bool* over = done.mutable_data();
    for (size_t i = 0; i < seeds_.size(); ++i) {
      GameState& g = states_[i];
      g.apply_trusted(move_of_action(int(a[i])));  // checked against the legal list above
      over[i] = g.phase() == Phase::Over;
      const auto scores = g.scores();
      for (int s = 0; s < kNumSeats; ++s)
        pay[i * kNumSeats + size_t(s)] = !over[i]                ? 0.0
                                         : score_                ? scores[size_t(s)]
                                         : scores[size_t(s)] > 0 ? 1.0
                                                                 : 0.0;
      if (over[i]) g = next_game(i);
    }
    return batch(payoffs, done);
  }

  GameState game(int i) const {
    if (states_.empty()) throw pyb::value_error("VecEnv.game: call reset() first");
    if (i < 0 || size_t(i) >= states_.size())
      throw pyb::value_error("VecEnv.game: env " + std::to_string(i) + " is outside 0.." +
                             std::to_string(states_.size() - 1));
    return states_[size_t(i)];
  }

 private:
  // The actions as int64, from a sequence or array of integers; floats, bools and strings are
  // refused rather than truncated (np.array([0.7]) would otherwise become action 0).
  static pyb::array_t<int64_t, pyb::array::c_style> action_array(const pyb::handle& actions) {
    const pyb::array array = pyb::array::ensure(actions);
    if (!array) throw pyb::type_error("VecEnv.step: actions must be a 1-d array or sequence of action ids (integers)");
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw pyb::type_error("VecEnv.step: actions must be integers (action ids), got an array of dtype " +
                            std::string(pyb::str(array.dtype())));
    return pyb::array_t<int64_t, pyb::array::c_style>::ensure(array);
  }

  // Game k of slot i: as ddz.Env(seed=seeds[i]) deals its k-th game.
  GameState next_game(size_t i) { return GameState(Rng::mix(seeds_[i], uint64_t(games_[i]++)), Rules()); }

  // The states of every slot: obs (n, STATE_DIM), player (n,), the legal action ids of all slots
  // in one array with legal_offsets (n + 1,) (slot i's are legal_actions[offsets[i]:offsets[i+1]])
  // and, with candidates, one MOVE_DIM row per legal action aligned with legal_actions.
  pyb::dict batch(const pyb::array_t<double>& payoffs, const pyb::array_t<bool>& done) {
    const size_t n = seeds_.size();
    pyb::array_t<float> obs({pyb::ssize_t(n), pyb::ssize_t(kStateDim)});
    pyb::array_t<int32_t> player{pyb::ssize_t(n)};
    pyb::array_t<int64_t> offsets{pyb::ssize_t(n + 1)};
    size_t total = 0;
    for (size_t i = 0; i < n; ++i) {
      const GameState& g = states_[i];
      encode_state(g, g.to_move(), obs.mutable_data() + i * kStateDim);
      player.mutable_data()[i] = g.to_move();
      g.legal(moves_);
      legal_[i].resize(moves_.size());
      for (size_t k = 0; k < moves_.size(); ++k) legal_[i][k] = action_id(moves_[k]);
      offsets.mutable_data()[i] = int64_t(total);
      total += moves_.size();
    }
    offsets.mutable_data()[n] = int64_t(total);
    pyb::array_t<int64_t> legal{pyb::ssize_t(total)};
    for (size_t i = 0; i < n; ++i)
      std::copy(legal_[i].begin(), legal_[i].end(), legal.mutable_data() + offsets.data()[i]);
    pyb::dict out;
    out["obs"] = obs;
    out["player"] = player;
    out["legal_actions"] = legal;
    out["legal_offsets"] = offsets;
    out["payoffs"] = payoffs;
    out["done"] = done;
    if (candidates_) {
      pyb::array_t<float> features({pyb::ssize_t(total), pyb::ssize_t(kMoveDim)});
      for (size_t i = 0; i < n; ++i) {
        const GameState& g = states_[i];
        float* row = features.mutable_data() + size_t(offsets.data()[i]) * kMoveDim;
        for (const int64_t id : legal_[i]) {
          encode_move(move_of_action(int(id)), g.hand(g.to_move()), row);
          row += kMoveDim;
        }
      }
      out["candidates"] = features;
    }
    return out;
  }

  bool candidates_;
  bool score_;
  std::vector<uint64_t> seeds_;
  std::vector<int64_t> games_;
  std::vector<GameState> states_;
  std::vector<std::vector<int64_t>> legal_;
  std::vector<Move> moves_;
};

}  // namespace

void bind_vec_env(pyb::module_& m) {
  pyb::class_<VecEnv>(m, "VecEnv",
                      "num_envs games stepped together with numpy arrays (play phase, landlord seat 0): slot i "
                      "plays the games of ddz.Env(seed=seeds[i]). Finished games report payoffs and done and "
                      "restart at once.")
      .def(pyb::init([](int n, const pyb::handle& seed, bool candidates, const std::string& payoff) {
             return VecEnv(n, seed_arg(seed, "VecEnv seed"), candidates, score_payoff(payoff, "VecEnv"));
           }),
           pyb::arg("num_envs"), pyb::arg("seed") = 0, pyb::arg("candidates") = false, pyb::arg("payoff") = "win")
      .def_property_readonly("num_envs", &VecEnv::num_envs)
      .def_property_readonly("seeds", &VecEnv::seeds, "The ddz.Env seed of each slot.")
      .def("reset", &VecEnv::reset, "Deals every slot's first game; returns the batch (see step).")
      .def("step", &VecEnv::step, pyb::arg("actions"),
           "Applies one action id per slot; returns a dict of numpy arrays: obs (n, STATE_DIM), player (n,), "
           "legal_actions and legal_offsets (slot i: legal_actions[legal_offsets[i]:legal_offsets[i+1]]), "
           "candidates (rows of MOVE_DIM aligned with legal_actions, when asked for), payoffs (n, 3) and "
           "done (n,) of the games this step ended. ValueError (and no game changes) if any action is illegal.")
      .def("game", &VecEnv::game, pyb::arg("i"), "A copy of slot i's current game.");
}

}  // namespace ddz::py
