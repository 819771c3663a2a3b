// GumbelAgent: one Gumbel search per move (search/gumbel_search.h) with the file's networks, a
// heuristic rollout policy and an exact solver of its own; bids from the bid head.
#include "agent/gumbel_agent.h"

#include <algorithm>
#include <chrono>

#include "agent/factory.h"
#include "agent/net_agent.h"
#include "agent/policy_rollout_agent.h"
#include "agent/spec_settings.h"

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
    o.max_nodes = uint64_t(options_.search.solver_nodes);
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
  return make_rollout_player(*model_->net, options_.search.rollout_policy, options_.search.rollout_others,
                             &net_rollouts_);
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
  if (cards_left > options_.search_cards || options_.search.confident < 1.0) {
    const ConfidentMove sure =
        confident_move(network_, obs, moves_, cards_left > options_.search_cards ? 0.0 : options_.search.confident);
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

SettingsTable<GumbelAgentOptions> make_settings_table() {
  using O = GumbelAgentOptions;
  SettingsTable<O> t;
  t.embed(gumbel_settings_table(), &O::search);
  t.group("the gumbel agent");
  t.add("seed", &O::seed, "mixed into the per-game seed");
  t.add("search_cards", &O::search_cards, ints(0, 54),
        "search only when all hands together hold at most this many cards; above it the policy's argmax is played");
  t.embed(net_bid_settings_table(), &O::bid);
  return t;
}

std::unique_ptr<Agent> gumbel_agent_from(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                         const std::string& path, size_t max_positional,
                                         const std::string& display = "") {
  // Settings not given fall back on the file's default agent settings, then on these defaults.
  const AgentSpec file = file_settings(*model, path);
  GumbelAgentOptions o;
  o.search.noise = false;  // a player takes the deterministic top-k
  read_spec_settings(spec, file, gumbel_agent_settings_table(), o);
  if (o.search.rollout_others == "seats")
    throw AgentSpecError("agent spec \"" + spec.text() + "\": others=seats is for self-play's pool games only");
  spec.check(setting_names(gumbel_agent_settings_table()), max_positional);
  if (o.search.k > o.search.sims) throw AgentSpecError("agent spec \"" + spec.text() + "\": k must not exceed sims");
  return std::make_unique<GumbelAgent>(std::move(model), o, display.empty() ? spec.text() : display);
}

}  // namespace

const SettingsTable<GumbelAgentOptions>& gumbel_agent_settings_table() {
  static const SettingsTable<GumbelAgentOptions> table = make_settings_table();
  return table;
}

std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec) {
  auto model = load_spec_model(spec);
  return gumbel_agent_from(spec, std::move(model), spec.positional()[0], 1);
}

std::unique_ptr<Agent> build_gumbel_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                          const std::string& path, const std::string& display) {
  return gumbel_agent_from(spec, std::move(model), path, 0, display);
}

}  // namespace ddz
