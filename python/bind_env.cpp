// ddz.Env: RLCard's environment interface for Dou Dizhu over the C++ game (reset, step, step_back,
// run, ...). compat="rlcard" makes its states RLCard's own; the default keeps the project's encoding.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <iterator>
#include <optional>
#include <random>
#include <type_traits>

#include "models/features.h"
#include "python/bindings.h"
#include "python/env_settings.h"
#include "python/rlcard_encoding.h"

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

// Cards in RLCard's notation as a Python str.
pyb::str rlcard_cards_str(Hand cards) {
  char text[kMaxCardsText];
  const size_t n = rlcard_write_cards(cards, text);
  return pyb::reinterpret_steal<pyb::str>(PyUnicode_FromStringAndSize(text, pyb::ssize_t(n)));
}

// Per action id, made once: its cards in RLCard's notation ('pass' for PASS) and its 54-dim card
// vector as a read-only int8 array (RLCard's legal_actions values; read-only because every state
// shares it). Leaked on purpose, as action_str's cache.
const pyb::object& rlcard_action_str(int id) {
  static auto* cache = new std::vector<pyb::object>(size_t(kNumActions));
  pyb::object& slot = (*cache)[size_t(id)];
  if (!slot) slot = id == kPassAction ? pyb::str("pass") : rlcard_cards_str(move_of_action(id).cards);
  return slot;
}

pyb::array_t<int8_t> rlcard_cards_array(Hand cards) {
  pyb::array_t<int8_t> out(kRlcardCardsDim);
  rlcard_encode_cards(cards, out.mutable_data());
  return out;
}

const pyb::object& rlcard_action_array(int id) {
  static auto* cache = new std::vector<pyb::object>(size_t(kNumActions));
  pyb::object& slot = (*cache)[size_t(id)];
  if (!slot) {
    slot = rlcard_cards_array(move_of_action(id).cards);
    slot.attr("flags").attr("writeable") = false;
  }
  return slot;
}

uint64_t random_seed() {
  std::random_device device;
  return (uint64_t(device()) << 32) ^ device();
}

class Env {
 public:
  explicit Env(const EnvSettings& settings) : settings_(settings), payoff_score_(settings.payoff == "score") {
    rules_.bidding = settings.bidding;
    rules_.double_on_spring = rules_.double_on_anti_spring = settings.spring;
    rules_.double_on_bomb = rules_.double_on_rocket = settings.bomb_double;
    seed(settings.seed ? pyb::object(pyb::int_(*settings.seed)) : pyb::none());
  }

  const EnvSettings& settings() const { return settings_; }
  bool rlcard() const { return settings_.compat == Compat::Rlcard; }
  int num_actions() const { return rules_.bidding ? kNumActions + kNumBidActions : kNumActions; }
  uint64_t deal_seed() const { return deal_seed_; }
  int64_t timestep() const { return timestep_; }
  const pyb::object& np_random() const { return np_random_; }
  const pyb::list& trace() const { return trace_; }

  std::vector<std::vector<int>> state_shape() const {
    if (rlcard()) return {{kRlcardLandlordDim}, {kRlcardFarmerDim}, {kRlcardFarmerDim}};
    return std::vector<std::vector<int>>(kNumSeats, {obs_dim()});
  }

  // Restarts the stream of deals from `seed` (None: a random seed) and reseeds np_random; returns
  // the seed, as RLCard's seed() does.
  uint64_t seed(const pyb::handle& value) {
    seed_ = value.is_none() ? random_seed() : seed_arg(value, "Env.seed seed");
    games_ = 0;
    np_random_ = pyb::module_::import("numpy.random").attr("RandomState")(seed_ & 0xffffffffULL);
    return seed_;
  }

  pyb::tuple reset() {
    // One stream of deals per env seed: game k is dealt from mix(seed, k), as the arena derives its deals.
    deal_seed_ = Rng::mix(seed_, uint64_t(games_++));
    game_.emplace(deal_seed_, rules_);
    trace_ = pyb::list();
    back_.clear();
    actions_.clear();
    return pyb::make_tuple(get_state(game_->to_move()), game_->to_move());
  }

  pyb::tuple step(const pyb::handle& action, bool raw_action) {
    apply(action_of(action, raw_action));
    ++timestep_;
    const int next = get_player_id();
    return pyb::make_tuple(get_state(next), next);
  }

  // RLCard's step_back: undoes the last step; False at the start of a game.
  pyb::object step_back() {
    if (!settings_.allow_step_back)
      throw pyb::value_error("Env.step_back: step back is off; construct the env with allow_step_back=True");
    game();
    if (back_.empty()) return pyb::bool_(false);
    game_ = std::move(back_.back());
    back_.pop_back();
    const auto n = pyb::ssize_t(pyb::len(trace_));
    if (actions_.back() < kBidActionBase && PyList_SetSlice(trace_.ptr(), n - 1, n, nullptr) != 0)
      throw pyb::error_already_set();
    actions_.pop_back();
    return pyb::make_tuple(get_state(game_->to_move()), game_->to_move());
  }

  bool is_over() const { return game_ && game_->phase() == Phase::Over; }
  // The seat to move; once the game is over RLCard's env names the seat after the winner, and so
  // does compat="rlcard" (the project's mode keeps the winner's seat).
  int get_player_id() {
    const GameState& g = game();
    if (rlcard() && g.phase() == Phase::Over && !g.history().empty()) return (g.history().back().seat + 1) % kNumSeats;
    return g.to_move();
  }

  pyb::array get_payoffs() {
    const GameState& g = game();
    const auto scores = g.scores();
    const auto payoff = [&](int s) {
      return payoff_score_ ? scores[size_t(s)] : g.phase() == Phase::Over && scores[size_t(s)] > 0 ? 1 : 0;
    };
    if (rlcard()) {  // RLCard's payoffs are integers
      pyb::array_t<int64_t> out(kNumSeats);
      for (int s = 0; s < kNumSeats; ++s) out.mutable_data()[s] = payoff(s);
      return std::move(out);
    }
    pyb::array_t<double> out(kNumSeats);
    for (int s = 0; s < kNumSeats; ++s) out.mutable_data()[s] = payoff(s);
    return std::move(out);
  }

  // The state RLCard's agents read, for any seat (legal actions only for the seat to move).
  pyb::dict get_state(int seat) {
    const GameState& g = game();
    seat_arg(seat, "Env.get_state player_id");
    return rlcard() ? rlcard_state(g, seat) : ddz_state(g, seat);
  }

  // The 54 card planes of an action (RLCard's get_action_feature): int8 with compat="rlcard",
  // float32 otherwise, a new array each call (RLCard's DMC hands it to torch.from_numpy).
  pyb::array get_action_feature(const pyb::handle& action) {
    const int id = action_id_arg(action, "Env.get_action_feature action", num_actions() - 1);
    if (id >= kBidActionBase)
      throw pyb::value_error("Env.get_action_feature: action " + std::to_string(id) +
                             " is a bid, which has no cards to encode");
    const Hand cards = move_of_action(id).cards;
    if (rlcard()) return rlcard_cards_array(cards);
    pyb::array_t<float> out(kCardSetDim);
    encode_cards(cards, out.mutable_data());
    return std::move(out);
  }

  pyb::dict get_perfect_information() {
    const GameState& g = game();
    pyb::dict out;
    pyb::list hands;
    for (int s = 0; s < kNumSeats; ++s) hands.append(notation(g.hand(s)));
    out["hand_cards"] = hands;
    out["trace"] = pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(trace_.ptr(), 0, PY_SSIZE_T_MAX));
    out["current_player"] = get_player_id();
    pyb::list legal;
    if (g.phase() == Phase::Bidding) {
      for (int bid : g.legal_bids()) legal.append(bid_str(bid));
    } else if (g.phase() == Phase::Play) {
      g.legal(moves_);
      for (const Move& mv : moves_) legal.append(action_text(action_id(mv)));
    }
    out["legal_actions"] = legal;
    return out;
  }

  void set_agents(const pyb::handle& agents) {
    if (!pyb::isinstance<pyb::sequence>(agents) || pyb::isinstance<pyb::str>(agents))
      throw pyb::type_error("Env.set_agents: agents must be a list of 3 agents (seats 0, 1, 2)");
    const auto list = pyb::list(pyb::reinterpret_borrow<pyb::object>(agents));
    if (list.size() != kNumSeats)
      throw pyb::value_error("Env.set_agents: expected 3 agents (seats 0, 1, 2), got " + std::to_string(list.size()));
    for (size_t s = 0; s < kNumSeats; ++s)
      if (!pyb::hasattr(list[s], "step") || !pyb::hasattr(list[s], "eval_step"))
        throw pyb::type_error("Env.set_agents: agent " + std::to_string(s) + " has no step/eval_step methods");
    agents_ = list;
  }
  const pyb::list& agents() const { return agents_; }

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

  // Pickling (RLCard's DMC sends the env to its actor processes): the settings, the stream of
  // deals, np_random and the current game as the actions applied to it. Agents are not kept.
  pyb::tuple get_pickle_state() const {
    pyb::object game = pyb::none();
    if (game_) game = pyb::make_tuple(deal_seed_, actions_);
    return pyb::make_tuple(settings_dict(settings_), seed_, games_, timestep_, np_random_, game);
  }

  static Env from_pickle_state(const pyb::tuple& state) {
    if (state.size() != 6) throw pyb::value_error("ddz.Env: not a pickled ddz.Env state");
    Env env(settings_from_dict(state[0], "ddz.Env pickle"));
    env.seed_ = state[1].cast<uint64_t>();
    env.games_ = state[2].cast<int64_t>();
    env.timestep_ = state[3].cast<int64_t>();
    env.np_random_ = state[4];
    if (!state[5].is_none()) {
      const auto game = state[5].cast<pyb::tuple>();
      env.deal_seed_ = game[0].cast<uint64_t>();
      env.game_.emplace(env.deal_seed_, env.rules_);
      for (int action : game[1].cast<std::vector<int>>()) env.apply(action);
    }
    return env;
  }

 private:
  int obs_dim() const { return rules_.bidding ? kBidDim + kStateDim : kStateDim; }

  // Cards in the mode's notation: RLCard's B/R or the project's X/D.
  pyb::str notation(Hand cards) const { return rlcard() ? rlcard_cards_str(cards) : cards_str(cards); }
  pyb::object action_text(int id) const {
    return rlcard() ? rlcard_action_str(id) : pyb::reinterpret_borrow<pyb::object>(action_str(id));
  }

  // The action id of a step's action: an id (int or numpy integer), or with raw_action cards in
  // notation ('pass') or, when bidding, 'bid:N'.
  int action_of(const pyb::handle& action, bool raw_action) {
    GameState& g = game();
    if (g.phase() == Phase::Over) throw pyb::value_error("Env.step: the game is over; call reset()");
    if (!raw_action && pyb::isinstance<pyb::str>(action))
      throw pyb::type_error("Env.step action: expected an action id (int or numpy integer), got the str \"" +
                            action.cast<std::string>() + "\"; pass raw_action=True for cards");
    if (!raw_action) return action_id_arg(action, "Env.step action", num_actions() - 1);
    if (!pyb::isinstance<pyb::str>(action))
      throw pyb::type_error(
          "Env.step: with raw_action=True the action must be cards in notation, 'pass' or "
          "'bid:N' (str), got " +
          std::string(pyb::str(action.get_type().attr("__name__"))));
    const std::string text = action.cast<std::string>();
    if (g.phase() == Phase::Bidding) {
      if (text.size() == 5 && text.compare(0, 4, "bid:") == 0 && text[4] >= '0' && text[4] <= '3')
        return kBidActionBase + (text[4] - '0');
      throw pyb::value_error("Env.step: raw bid \"" + text + "\" must be bid:0 (pass), bid:1, bid:2 or bid:3");
    }
    return action_id(move_arg(action, "Env.step action"));
  }

  // Applies an action id for the seat to move; ValueError naming it (and no change) if illegal.
  void apply(int id) {
    GameState& g = game();
    const int seat = g.to_move();
    if (settings_.allow_step_back) back_.push_back(g);
    std::string reason;
    if (g.phase() == Phase::Bidding) {
      reason = id < kBidActionBase ? "is not a bid (the game is bidding: " + std::to_string(kBidActionBase) + ".." +
                                         std::to_string(kBidActionBase + 3) + ")"
                                   : g.apply_bid(id - kBidActionBase);
      if (!reason.empty()) reason = "action " + std::to_string(id) + " by seat " + std::to_string(seat) + " " + reason;
    } else if (id >= kBidActionBase) {
      reason = "action " + std::to_string(id) + " is a bid, but the game is in the play phase";
    } else {
      const Move move = move_of_action(id);
      reason = g.apply_move(move);
      if (!reason.empty()) reason = to_string(move) + " by seat " + std::to_string(seat) + ": " + reason;
      else trace_.append(pyb::make_tuple(seat, action_text(id)));
    }
    if (!reason.empty()) {
      if (settings_.allow_step_back) back_.pop_back();
      throw pyb::value_error("Env.step: " + reason);
    }
    actions_.push_back(id);
  }

  pyb::dict ddz_state(const GameState& g, int seat) {
    Observation obs = observe(g, seat);
    const bool my_turn = g.phase() != Phase::Over && seat == g.to_move();
    pyb::dict legal;
    pyb::list raw_legal;
    pyb::array_t<float> features(obs_dim());
    float* f = features.mutable_data();
    if (rules_.bidding) {  // [bid encoding | play encoding], the one not in use zero
      std::fill(f, f + obs_dim(), 0.0f);
      if (g.phase() == Phase::Bidding) encode_bid(obs, f);
      else encode_state(g, seat, f + kBidDim);
    } else {
      encode_state(g, seat, f);
    }
    if (my_turn && g.phase() == Phase::Bidding) {
      for (int bid : obs.legal_bids()) {
        legal[pyb::int_(kBidActionBase + bid)] = pyb::none();
        raw_legal.append(bid_str(bid));
      }
    } else if (my_turn) {
      g.legal(moves_);
      for (const Move& mv : moves_) {
        const int id = action_id(mv);
        legal[pyb::int_(id)] = pyb::none();
        raw_legal.append(action_str(id));
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
    put(raw, k_trace, pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(trace_.ptr(), 0, PY_SSIZE_T_MAX)));
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
    put(state, k_raw_legal_actions,
        pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(raw_legal.ptr(), 0, PY_SSIZE_T_MAX)));
    put(state, k_action_record, trace_);
    put(state, k_observation, std::move(obs));
    return state;
  }

  // RLCard's state: its obs (int8, 790 or 901), legal_actions mapping ids to 54-dim card vectors,
  // and its raw state (the keys and values RLCard's game gives, cards with B/R jokers).
  pyb::dict rlcard_state(const GameState& g, int seat) {
    const bool my_turn = g.phase() != Phase::Over && seat == g.to_move();
    pyb::array_t<int8_t> features(rlcard_obs_dim(seat));
    rlcard_encode_obs(g, seat, features.mutable_data());
    pyb::dict legal;
    pyb::list raw_legal;
    if (my_turn) {
      g.legal(moves_);
      for (const Move& mv : moves_) {
        const int id = action_id(mv);
        legal[pyb::int_(id)] = rlcard_action_array(id);
        raw_legal.append(rlcard_action_str(id));
      }
    }
    // RLCard's seen_cards: the kitty less every rank the landlord has played any card of.
    const Hand kitty = g.initial_deal().kitty, landlord_played = g.played(kRlcardLandlord);
    Hand seen;
    for (int r = 0; r < kNumRanks; ++r)
      if (landlord_played.count(r) == 0) seen = seen + Hand::of(r, kitty.count(r));
    pyb::dict raw;
    put(raw, k_seen_cards, rlcard_cards_str(seen));
    put(raw, k_landlord, kRlcardLandlord);
    put(raw, k_trace, pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(trace_.ptr(), 0, PY_SSIZE_T_MAX)));
    pyb::list played(kNumSeats), left(kNumSeats);
    for (int s = 0; s < kNumSeats; ++s) {
      played[size_t(s)] = rlcard_cards_str(g.played(s));
      left[size_t(s)] = g.hand(s).size();
    }
    put(raw, k_played_cards, played);
    put(raw, k_self, seat);
    put(raw, k_current_hand, rlcard_cards_str(g.hand(seat)));
    put(raw, k_others_hand, rlcard_cards_str(g.hand((seat + 1) % kNumSeats) + g.hand((seat + 2) % kNumSeats)));
    put(raw, k_num_cards_left, left);
    put(raw, k_actions, raw_legal);
    pyb::dict state;
    put(state, k_obs, features);
    put(state, k_legal_actions, legal);
    put(state, k_raw_obs, raw);
    put(state, k_raw_legal_actions,
        pyb::reinterpret_steal<pyb::list>(PyList_GetSlice(raw_legal.ptr(), 0, PY_SSIZE_T_MAX)));
    put(state, k_action_record, trace_);
    put(state, k_observation, observe(g, seat));
    return state;
  }

  EnvSettings settings_;
  bool payoff_score_;
  Rules rules_;
  uint64_t seed_ = 0;
  uint64_t deal_seed_ = 0;
  int64_t games_ = 0;
  int64_t timestep_ = 0;
  pyb::object np_random_;
  std::optional<GameState> game_;
  std::vector<GameState> back_;  // the game before each step, with allow_step_back
  std::vector<int> actions_;  // the action ids applied to the current game
  pyb::list trace_;
  pyb::list agents_;
  std::vector<Move> moves_;
};

}  // namespace

void bind_env(pyb::module_& m) {
  m.attr("BID_ACTION_BASE") = kBidActionBase;
  m.attr("RLCARD_CARDS_DIM") = kRlcardCardsDim;
  m.attr("RLCARD_LANDLORD_DIM") = kRlcardLandlordDim;
  m.attr("RLCARD_FARMER_DIM") = kRlcardFarmerDim;
  pyb::class_<Env>(m, "Env",
                   "RLCard's Dou Dizhu environment interface over the C++ engine. Actions are catalogue ids "
                   "(0..27470, PASS = 27471); with bidding=True bids are actions BID_ACTION_BASE + bid. Seat 0 is "
                   "landlord without bidding. compat='rlcard' gives RLCard's own states (obs, legal_actions with "
                   "card vectors, B/R jokers, integer payoffs); docs/python.md lists what differs otherwise.")
      .def(pyb::init([](const pyb::handle& seed, bool bidding, const std::string& payoff, bool spring, bool bomb_double,
                        const std::string& compat, bool allow_step_back, const pyb::handle& config) {
             return Env(env_settings(seed, bidding, payoff, spring, bomb_double, compat, allow_step_back, config));
           }),
           pyb::arg("seed") = 0, pyb::arg("bidding") = false, pyb::arg("payoff") = "win", pyb::arg("spring") = true,
           pyb::arg("bomb_double") = true, pyb::arg("compat") = "ddz", pyb::arg("allow_step_back") = false,
           pyb::arg("config") = pyb::none(),
           "seed None draws a random one. config: RLCard's form, a dict of these settings (seed, "
           "allow_step_back, compat, ...); with config, compat defaults to 'rlcard' and seed to None, and no "
           "other argument may be given.")
      .def_property_readonly_static("num_players", [](const pyb::object&) { return kNumSeats; })
      .def_property_readonly("num_actions", &Env::num_actions)
      .def_property_readonly("state_shape", &Env::state_shape,
                             "Per seat the obs shape: [[790], [901], [901]] with compat='rlcard', else STATE_DIM "
                             "(BID_DIM + STATE_DIM with bidding).")
      .def_property_readonly(
          "action_shape",
          [](const Env&) { return std::vector<std::vector<int>>(kNumSeats, std::vector<int>{kCardSetDim}); },
          "Per seat the shape of get_action_feature: [[54]] * 3, as RLCard's env.")
      .def_property_readonly_static("name", [](const pyb::object&) { return "doudizhu"; })
      .def_property_readonly("compat",
                             [](const Env& e) { return e.rlcard() ? std::string("rlcard") : std::string("ddz"); })
      .def_property_readonly("allow_step_back", [](const Env& e) { return e.settings().allow_step_back; })
      .def_property_readonly("timestep", &Env::timestep, "Steps taken since the env was made (RLCard's counter).")
      .def_property_readonly("np_random", &Env::np_random,
                             "numpy RandomState seeded by seed() (seed mod 2**32), for the agents' use; the deals "
                             "come from the C++ stream of the seed.")
      .def_property_readonly("action_recorder", &Env::trace, "The current game's (seat, move) list.")
      .def_property_readonly("deal_seed", &Env::deal_seed,
                             "Seed the current game was dealt from (ddz.Game(deal_seed) deals it again).")
      .def_property_readonly("agents", &Env::agents)
      .def("seed", &Env::seed, pyb::arg("seed") = pyb::none(),
           "Restarts the stream of deals from `seed` (None: a random seed) and reseeds np_random; returns the seed.")
      .def("reset", &Env::reset, "Deals the next game: (state, seat to move).")
      .def("step", &Env::step, pyb::arg("action"), pyb::arg("raw_action") = false,
           "Applies the action of the seat to move (an action id: int or numpy integer; with raw_action=True "
           "cards or 'bid:N'): (next state, next seat). ValueError naming it on an illegal action, game unchanged.")
      .def("step_back", &Env::step_back,
           "Undoes the last step: (state, seat to move), or False at the start of the game. Needs "
           "allow_step_back=True.")
      .def("is_over", &Env::is_over)
      .def("get_player_id", &Env::get_player_id)
      .def("get_state", &Env::get_state, pyb::arg("player_id"))
      .def("get_payoffs", &Env::get_payoffs,
           "Per seat: payoff='win' 1 for the winning side and 0 for the losers (RLCard), 'score' the game's "
           "scores; int64 with compat='rlcard', float64 otherwise.")
      .def("get_action_feature", &Env::get_action_feature, pyb::arg("action"),
           "The action's cards as 54 planes (RLCard's action feature): int8 with compat='rlcard', float32 otherwise.")
      .def("get_perfect_information", &Env::get_perfect_information,
           "Every hand, the trace, the seat to move and its legal actions in notation.")
      .def("set_agents", &Env::set_agents, pyb::arg("agents"))
      .def("run", &Env::run, pyb::arg("is_training") = false,
           "Plays one game with the agents: (trajectories, payoffs).")
      .def_property_readonly(
          "game", [](Env& e) { return e.game(); }, "A copy of the current game (ddz.Game) with every hand.")
      .def(pyb::pickle([](const Env& e) { return e.get_pickle_state(); },
                       [](const pyb::tuple& state) { return Env::from_pickle_state(state); }));

  m.def(
      "make",
      [](const std::string& env_id, const pyb::handle& config) {
        if (env_id != "doudizhu")
          throw pyb::value_error("make: env_id \"" + env_id + "\" must be 'doudizhu' (the only game of ddz)");
        return Env(
            env_settings(pyb::int_(0), false, "win", true, true, "ddz", false,
                         config.is_none() ? pyb::object(pyb::dict()) : pyb::reinterpret_borrow<pyb::object>(config)));
      },
      pyb::arg("env_id") = "doudizhu", pyb::arg("config") = pyb::none(),
      "As rlcard.make('doudizhu', config): a ddz.Env with compat='rlcard' (seed None: random, as RLCard).");
}

}  // namespace ddz::py
