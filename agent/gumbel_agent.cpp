// GumbelAgent: one Gumbel search per move (search/gumbel_search.h) with the file's networks, a
// heuristic rollout policy and an exact solver of its own; bids from the bid head.
#include "agent/gumbel_agent.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "agent/factory.h"
#include "agent/net_agent.h"
#include "agent/policy_rollout_agent.h"

namespace ddz {

GumbelAgent::GumbelAgent(std::shared_ptr<const LoadedModel> model, const GumbelAgentOptions& options, std::string spec)
    : model_(std::move(model)),
      options_(options),
      spec_(std::move(spec)),
      network_(model_->net),
      bidder_(model_->net, options_.bid) {
  if (options_.search.rollout_mix > 0 || options_.search.inference.active())
    rollouts_ = std::make_unique<PlayoutEvaluator>(rollout_agent(), Rng::mix(options_.seed, 0x7011));
  if (options_.search.solver_cards > 0 || options_.search.rollout_solver_cards > 0) {
    SolverOptions o;
    o.table_mb = 8;
    o.max_nodes = uint64_t(options_.solver_nodes);
    solver_ = std::make_unique<EndgameSolver>(o);
  }
}

void GumbelAgent::new_game(uint64_t seed) {
  const uint64_t s = Rng::mix(seed, options_.seed);
  rng_.reseed(s);
  if (rollouts_) rollouts_ = std::make_unique<PlayoutEvaluator>(rollout_agent(), Rng::mix(s, 0x7011));
  bidder_.new_game(s);
}

std::unique_ptr<Agent> GumbelAgent::rollout_agent() {
  const EigenNet& net = options_.rollout_model ? *options_.rollout_model->net : *model_->net;
  return make_rollout_player(net, options_.rollout_policy, options_.rollout_others, &net_rollouts_);
}

int GumbelAgent::bid(const Observation& obs) { return bidder_.bid(obs); }

Move GumbelAgent::play(const Observation& obs) {
  last_ = SearchResult{};
  obs.legal(moves_);
  if (moves_.empty()) return Move::pass();
  if (moves_.size() == 1) {
    last_.best = moves_[0];
    last_.moves.push_back(RootMoveStats{moves_[0], 1.0f, 0, 0, 0.0});
    return moves_[0];
  }
  const auto start = std::chrono::steady_clock::now();
  // Without a search (too many cards left for search_cards, or a move the policy is confident
  // of) the policy's argmax is played, and reported with its probabilities.
  const int cards_left = obs.cards_left[0] + obs.cards_left[1] + obs.cards_left[2];
  if (cards_left > options_.search_cards || options_.confident < 1.0) {
    const ConfidentMove sure =
        confident_move(network_, obs, moves_, cards_left > options_.search_cards ? 0.0 : options_.confident);
    if (sure.index >= 0) {
      last_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      last_.best = moves_[size_t(sure.index)];
      for (size_t i = 0; i < moves_.size(); ++i)
        last_.moves.push_back(RootMoveStats{moves_[i], sure.prior[i], 0, 0, 0.0});
      return last_.best;
    }
  }
  if (net_rollouts_) net_rollouts_->set_root_seat(obs.seat);
  const GumbelResult r = gumbel_search(network_, obs, moves_, options_.search, rng_, rollouts_.get(), solver_.get());
  last_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  last_.best = moves_[size_t(r.chosen)];
  for (size_t i = 0; i < moves_.size(); ++i) {
    last_.moves.push_back(RootMoveStats{moves_[i], r.prior[i], r.visits[i], r.visits[i], double(r.q[i])});
    last_.simulations += r.visits[i];
  }
  return last_.best;
}

namespace {

// The rollout network named by rollout_net= (null when none is, or when the rollouts are the
// heuristic's): the spec's value as given, or the file's default, relative to the file's folder.
// Throws AgentSpecError naming the file, or when the spec names one for heuristic rollouts.
std::shared_ptr<const LoadedModel> rollout_model_of(const AgentSpec& spec, const AgentSpec& file,
                                                    const std::string& path, bool net_rollouts) {
  std::string name = spec.get_string("rollout_net", "");
  if (!name.empty() && !net_rollouts)
    throw AgentSpecError("agent spec \"" + spec.text() + "\": rollout_net needs rollout=net");
  if (name.empty() && net_rollouts) {  // a file's default is left unread when the spec's rollouts are heuristic
    name = file.get_string("rollout_net", "");
    if (!name.empty() && std::filesystem::path(name).is_relative())
      name = (std::filesystem::path(path).parent_path() / name).string();
  }
  if (name.empty()) return nullptr;
  return load_model_for_spec(spec, name, "rollout_net");
}

std::unique_ptr<Agent> gumbel_agent_from(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                         const std::string& path, size_t max_positional,
                                         const std::string& display = "") {
  // Settings not given fall back on the file's default agent settings, then on these defaults.
  const AgentSpec file = file_settings(*model, path);
  auto get_int = [&](const char* key, int def, int lo, int hi) {
    return spec.get_int(key, file.get_int(key, def, lo, hi), lo, hi);
  };
  auto get_double = [&](const char* key, double def, double lo, double hi) {
    return spec.get_double(key, file.get_double(key, def, lo, hi), lo, hi);
  };
  GumbelAgentOptions o;
  GumbelSettings& s = o.search;
  s.sims = get_int("sims", s.sims, 1, 100000);
  s.k = get_int("k", s.k, 1, 64);
  s.rollout_mix = get_double("rollout_mix", 0.5, 0.0, 1.0);
  s.solver_cards = get_int("solver", 0, 0, 54);
  s.rollout_solver_cards = get_int("rollout_solver", 0, 0, 54);
  s.c_visit = get_double("c_visit", s.c_visit, 0.0, 1e6);
  s.c_scale = get_double("c_scale", s.c_scale, 0.0, 1e3);
  s.rescale_q = get_int("rescale", 0, 0, 1) == 1;
  s.noise = get_int("noise", 0, 0, 1) == 1;
  s.inference.mismatch_weight = get_double("infer", 1.0, 0.001, 1.0);
  s.inference.last_moves = get_int("infer_moves", s.inference.last_moves, 0, 1000);
  s.inference.draws = get_int("infer_draws", s.inference.draws, 1, 10000);
  s.stake_weight = get_double("stakes", 0.0, 0.0, 1.0);
  o.solver_nodes = get_int("solver_nodes", 5000, 0, 1 << 30);
  o.seed = uint64_t(get_int("seed", 0, 0, 1 << 30));
  o.confident = get_double("confident", o.confident, 0.0, 1.0);
  o.search_cards = get_int("search_cards", o.search_cards, 0, 54);
  // rollout= and others= name a player: heuristic or net.
  auto get_player = [&](const char* key, const std::string& def) {
    const std::string v = spec.get_string(key, file.get_string(key, def));
    if (v != "heuristic" && v != "net")
      throw AgentSpecError("agent spec \"" + spec.text() + "\": " + key + "=" + v + " is not one of heuristic, net");
    return v;
  };
  o.rollout_policy = get_player("rollout", o.rollout_policy);
  o.rollout_others = get_player("others", o.rollout_others);
  o.rollout_model = rollout_model_of(spec, file, path, o.rollout_policy == "net");
  o.bid = net_bid_options(spec, file);  // an unknown bid= is the spec's error, reported before any game
  std::set<std::string> allowed = net_bid_keys();
  allowed.insert({"sims",    "k",         "rollout_mix",    "solver",      "c_visit",      "c_scale",      "rescale",
                  "noise",   "infer",     "infer_moves",    "infer_draws", "stakes",       "solver_nodes", "seed",
                  "rollout", "confident", "rollout_solver", "others",      "search_cards", "rollout_net"});
  spec.check(allowed, max_positional);
  if (s.k > s.sims) throw AgentSpecError("agent spec \"" + spec.text() + "\": k must not exceed sims");
  return std::make_unique<GumbelAgent>(std::move(model), o, display.empty() ? spec.text() : display);
}

}  // namespace

std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec) {
  auto model = load_spec_model(spec);
  return gumbel_agent_from(spec, std::move(model), spec.positional()[0], 1);
}

std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                          const std::string& path, const std::string& display) {
  return gumbel_agent_from(spec, std::move(model), path, 0, display);
}

}  // namespace ddz
