// ddz.Env: RLCard's environment interface for Dou Dizhu over the C++ game (reset, step, is_over,
// get_payoffs, set_agents, run), with states as RLCard shapes them (docs/python.md says where they differ).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <iterator>
#include <optional>
#include <type_traits>

#include "models/features.h"
#include "python/bindings.h"

namespace ddz::py {
namespace {

// Bids are actions too when the env bids: NUM_ACTIONS + bid (0 = pass, 1..3), after every move id.
constexpr int kBidActionBase = kNumActions;
constexpr int kNumBidActions = 4;

std::string bid_str(int bid) { return "bid:" + std::to_string(bid); }

// The keys of a state and its raw_obs, as interned Python strings made once (and never freed, as
// they may outlive the interpreter's shutdown): making them anew for every state cost about as
// much as the rest of building it (get_state took 6 us instead of 3).
const char* const kKeyNames[] = {"self",          "phase",        "landlord",          "current_hand",  "others_hand",
                                 "seen_cards",    "played_cards", "num_cards_left",    "trace",         "to_beat",
                                 "bids",          "base_score",   "bombs_played",      "actions",       "obs",
                                 "legal_actions", "raw_obs",      "raw_legal_actions", "action_record", "observation"};
enum Key {
  k_self,
  k_phase,
  k_landlord,
  k_current_hand,
  k_others_hand,
  k_seen_cards,
  k_played_cards,
  k_num_cards_left,
  k_trace,
  k_to_beat,
  k_bids,
  k_base_score,
  k_bombs_played,
  k_actions,
  k_obs,
  k_legal_actions,
  k_raw_obs,
  k_raw_legal_actions,
  k_action_record,
  k_observation
};
static_assert(std::size(kKeyNames) == k_observation + 1, "one name per key");

template <class T>
void put(pyb::dict& dict, Key key, T&& value) {
  static PyObject** keys = [] {
    auto** made = new PyObject*[std::size(kKeyNames)];
    for (size_t i = 0; i < std::size(kKeyNames); ++i) made[i] = PyUnicode_InternFromString(kKeyNames[i]);
    return made;
  }();
  pyb::object object;
  if constexpr (std::is_base_of_v<pyb::handle, std::decay_t<T>>) object = pyb::reinterpret_borrow<pyb::object>(value);
  else object = pyb::cast(std::forward<T>(value));
  if (PyDict_SetItem(dict.ptr(), keys[key], object.ptr()) != 0) throw pyb::error_already_set();
}

class Env {
 public:
  Env(uint64_t seed, bool bidding, const std::string& payoff, bool spring, bool bomb_double)
      : seed_(seed), payoff_score_(score_payoff(payoff, "Env")) {
    rules_.bidding = bidding;
    rules_.double_on_spring = rules_.double_on_anti_spring = spring;
    rules_.double_on_bomb = rules_.double_on_rocket = bomb_double;
  }

  int num_actions() const { return rules_.bidding ? kNumActions + kNumBidActions : kNumActions; }
  uint64_t deal_seed() const { return deal_seed_; }
  void seed(uint64_t seed) {
    seed_ = seed;
    games_ = 0;
  }

  pyb::tuple reset() {
    // One stream of deals per env seed: game k is dealt from mix(seed, k), as the arena derives its deals.
    deal_seed_ = Rng::mix(seed_, uint64_t(games_++));
    game_.emplace(deal_seed_, rules_);
    trace_ = pyb::list();
    return pyb::make_tuple(get_state(game_->to_move()), game_->to_move());
  }

  pyb::tuple step(const pyb::handle& action, bool raw_action) {
    GameState& g = game();
    if (g.phase() == Phase::Over) throw pyb::value_error("Env.step: the game is over; call reset()");
    const int seat = g.to_move();
    if (g.phase() == Phase::Bidding) {
      const int bid = bid_of(action, raw_action);
      const std::string reason = g.apply_bid(bid);
      if (!reason.empty())
        throw pyb::value_error("Env.step: " + bid_str(bid) + " by seat " + std::to_string(seat) + ": " + reason);
    } else {
      const Move move = move_of(action, raw_action);
      const std::string reason = g.apply_move(move);
      if (!reason.empty())
        throw pyb::value_error("Env.step: " + to_string(move) + " by seat " + std::to_string(seat) + ": " + reason);
      trace_.append(pyb::make_tuple(seat, move_str(move)));
    }
    return pyb::make_tuple(get_state(g.to_move()), g.to_move());
  }

  bool is_over() const { return game_ && game_->phase() == Phase::Over; }
  int get_player_id() { return game().to_move(); }

  pyb::array_t<double> get_payoffs() {
    const GameState& g = game();
    pyb::array_t<double> out(kNumSeats);
    double* p = out.mutable_data();
    const auto scores = g.scores();
    for (int s = 0; s < kNumSeats; ++s) {
      if (payoff_score_) p[s] = scores[size_t(s)];
      else p[s] = g.phase() == Phase::Over && scores[size_t(s)] > 0 ? 1.0 : 0.0;
    }
    return out;
  }

  // The state RLCard's agents read, for any seat (legal actions only for the seat to move).
  pyb::dict get_state(int seat) {
    const GameState& g = game();
    seat_arg(seat, "Env.get_state");
    Observation obs = observe(g, seat);
    const bool my_turn = g.phase() != Phase::Over && seat == g.to_move();
    pyb::dict legal;
    pyb::list raw_legal;
    pyb::array_t<float> features;
    if (g.phase() == Phase::Bidding) {
      features = pyb::array_t<float>(kBidDim);
      encode_bid(obs, features.mutable_data());
      if (my_turn)
        for (int bid : obs.legal_bids()) {
          legal[pyb::int_(kBidActionBase + bid)] = pyb::none();
          raw_legal.append(bid_str(bid));
        }
    } else {
      features = pyb::array_t<float>(kStateDim);
      encode_state(g, seat, features.mutable_data());
      if (my_turn) {
        g.legal(moves_);
        for (const Move& mv : moves_) {
          const int id = action_id(mv);
          legal[pyb::int_(id)] = pyb::none();
          raw_legal.append(action_str(id));
        }
      }
    }
    pyb::dict raw;
    put(raw, k_self, seat);
    put(raw, k_phase, phase_name(g.phase()));
    put(raw, k_landlord, obs.landlord == kNoSeat ? pyb::none() : pyb::object(pyb::int_(obs.landlord)));
    put(raw, k_current_hand, cards_str(obs.hand));
    put(raw, k_others_hand, cards_str(obs.unseen()));
    put(raw, k_seen_cards, cards_str(obs.kitty));
    put(raw, k_played_cards,
        pyb::make_tuple(cards_str(obs.played[0]), cards_str(obs.played[1]), cards_str(obs.played[2])));
    put(raw, k_num_cards_left, pyb::make_tuple(obs.cards_left[0], obs.cards_left[1], obs.cards_left[2]));
    const auto trace = pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(trace_.ptr(), 0, PY_SSIZE_T_MAX));
    put(raw, k_trace, trace);
    put(raw, k_to_beat, move_str(obs.to_beat));
    pyb::list bids;
    for (const BidRecord& b : obs.bids) bids.append(pyb::make_tuple(b.seat, b.bid));
    put(raw, k_bids, bids);
    put(raw, k_base_score, obs.base_score);
    put(raw, k_bombs_played, obs.bombs_played);
    put(raw, k_actions, raw_legal);
    pyb::dict state;
    put(state, k_obs, features);
    put(state, k_legal_actions, legal);
    put(state, k_raw_obs, raw);
    put(state, k_raw_legal_actions, raw_legal);
    put(state, k_action_record, trace);
    put(state, k_observation, std::move(obs));
    return state;
  }

  void set_agents(const pyb::list& agents) {
    if (agents.size() != kNumSeats)
      throw pyb::value_error("Env.set_agents: expected 3 agents (seats 0, 1, 2), got " + std::to_string(agents.size()));
    agents_ = agents;
  }

  // RLCard's run(): one whole game by the agents set; returns (trajectories, payoffs) where
  // trajectories[seat] alternates that seat's states and actions and ends with its final state.
  pyb::tuple run(bool is_training) {
    if (agents_.size() != kNumSeats) throw pyb::value_error("Env.run: call set_agents([...]) with 3 agents first");
    pyb::tuple first = reset();
    for (int s = 0; s < kNumSeats; ++s) {
      // Agents with their own randomness are seeded per game and seat, as ddz's play_game does.
      if (pyb::hasattr(agents_[size_t(s)], "new_game"))
        agents_[size_t(s)].attr("new_game")(Rng::mix(deal_seed_, uint64_t(s) + 1));
    }
    pyb::list trajectories;
    for (int s = 0; s < kNumSeats; ++s) trajectories.append(pyb::list());
    pyb::object state = first[0];
    int seat = first[1].cast<int>();
    trajectories[size_t(seat)].cast<pyb::list>().append(state);
    while (!is_over()) {
      const pyb::object agent = agents_[size_t(seat)];
      pyb::object action = is_training ? agent.attr("step")(state) : agent.attr("eval_step")(state)[pyb::int_(0)];
      const bool raw = pyb::hasattr(agent, "use_raw") && agent.attr("use_raw").cast<bool>();
      pyb::tuple next = step(action, raw);
      trajectories[size_t(seat)].cast<pyb::list>().append(action);
      state = next[0];
      seat = next[1].cast<int>();
      if (!is_over()) trajectories[size_t(seat)].cast<pyb::list>().append(state);
    }
    for (int s = 0; s < kNumSeats; ++s) trajectories[size_t(s)].cast<pyb::list>().append(get_state(s));
    return pyb::make_tuple(trajectories, get_payoffs());
  }

  GameState& game() {
    if (!game_) throw pyb::value_error("ddz.Env: call reset() first");
    return *game_;
  }

 private:
  int bid_of(const pyb::handle& action, bool raw_action) const {
    if (raw_action) {
      const std::string text = pyb::str(action);
      if (text.size() == 5 && text.compare(0, 4, "bid:") == 0 && text[4] >= '0' && text[4] <= '3') return text[4] - '0';
      throw pyb::value_error("Env.step: raw bid \"" + text + "\" must be bid:0 (pass), bid:1, bid:2 or bid:3");
    }
    if (!pyb::isinstance<pyb::int_>(action))
      throw pyb::value_error("Env.step: a bid action must be an int id (NUM_ACTIONS + bid)");
    const long long id = action.cast<long long>();
    if (id < kBidActionBase || id >= kBidActionBase + kNumBidActions)
      throw pyb::value_error("Env.step: action " + std::to_string(id) + " is not a bid (the game is bidding: " +
                             std::to_string(kBidActionBase) + ".." + std::to_string(kBidActionBase + 3) + ")");
    return int(id - kBidActionBase);
  }

  static Move move_of(const pyb::handle& action, bool raw_action) {
    if (raw_action && !pyb::isinstance<pyb::str>(action))
      throw pyb::value_error("Env.step: a raw action must be cards in notation or 'pass'");
    if (!raw_action && !pyb::isinstance<pyb::int_>(action))
      throw pyb::value_error("Env.step: an action must be an action id (int); pass raw_action=True for cards");
    return move_arg(action, "Env.step");
  }

  uint64_t seed_;
  uint64_t deal_seed_ = 0;
  int64_t games_ = 0;
  Rules rules_;
  bool payoff_score_ = false;
  std::optional<GameState> game_;
  pyb::list trace_;
  pyb::list agents_;
  std::vector<Move> moves_;
};

}  // namespace

void bind_env(pyb::module_& m) {
  m.attr("BID_ACTION_BASE") = kBidActionBase;
  pyb::class_<Env>(m, "Env",
                   "RLCard-style Dou Dizhu environment over the C++ engine. Actions are catalogue ids (0..27470, "
                   "PASS = 27471); with bidding=True bids are actions BID_ACTION_BASE + bid. Seat 0 is landlord "
                   "without bidding. docs/python.md lists the differences from RLCard.")
      .def(pyb::init<uint64_t, bool, const std::string&, bool, bool>(), pyb::arg("seed") = 0,
           pyb::arg("bidding") = false, pyb::arg("payoff") = "win", pyb::arg("spring") = true,
           pyb::arg("bomb_double") = true)
      .def_property_readonly_static("num_players", [](const pyb::object&) { return kNumSeats; })
      .def_property_readonly("num_actions", &Env::num_actions)
      .def_property_readonly(
          "state_shape",
          [](const Env&) { return std::vector<std::vector<int>>(kNumSeats, std::vector<int>{kStateDim}); })
      .def_property_readonly("action_shape",
                             [](const Env&) { return std::vector<pyb::object>(kNumSeats, pyb::none()); })
      .def_property_readonly("deal_seed", &Env::deal_seed,
                             "Seed the current game was dealt from (ddz.Game(deal_seed) deals it again).")
      .def("seed", &Env::seed, pyb::arg("seed"), "Restarts the stream of deals from `seed`.")
      .def("reset", &Env::reset, "Deals the next game: (state, seat to move).")
      .def("step", &Env::step, pyb::arg("action"), pyb::arg("raw_action") = false,
           "Applies the action of the seat to move: (next state, next seat). ValueError on an illegal action.")
      .def("is_over", &Env::is_over)
      .def("get_player_id", &Env::get_player_id)
      .def("get_state", &Env::get_state, pyb::arg("player_id"))
      .def("get_payoffs", &Env::get_payoffs,
           "Per seat: payoff='win' 1 for the winning side and 0 for the losers (RLCard), 'score' the game's scores.")
      .def("set_agents", &Env::set_agents, pyb::arg("agents"))
      .def("run", &Env::run, pyb::arg("is_training") = false,
           "Plays one game with the agents: (trajectories, payoffs).")
      .def_property_readonly(
          "game", [](Env& e) { return e.game(); }, "A copy of the current game (ddz.Game) with every hand.");
}

}  // namespace ddz::py
