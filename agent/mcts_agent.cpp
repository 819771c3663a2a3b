// The `mcts` agent: settings from spec and YAML, the evaluator per search thread, moves by search
// and bids by simulating whole games as landlord over sampled kitties and opponent hands.
#include "agent/mcts_agent.h"

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <set>
#include <vector>

#include "agent/factory.h"
#include "agent/spec_settings.h"
#include "search/playout_evaluator.h"
#include "search/rollout_evaluator.h"
#include "search/world_sampler.h"

namespace ddz {
namespace {

Mcts::EvaluatorFactory evaluator_factory(const MctsAgentConfig& c) {
  if (c.rollout == "random") {
    const int rollouts = c.rollouts;
    return [rollouts](uint64_t seed) { return std::make_unique<RolloutEvaluator>(seed, rollouts); };
  }
  PlayoutEvaluatorOptions opt;
  opt.policy_priors = c.priors == "policy";
  opt.prior_weight = c.prior_weight;
  opt.rollouts = c.rollouts;
  opt.rollout_epsilon = c.epsilon;
  return [opt](uint64_t seed) { return std::make_unique<PlayoutEvaluator>(make_agent("heuristic"), seed, opt); };
}

SettingsTable<MctsAgentConfig> make_settings_table() {
  using O = MctsOptions;
  SettingsTable<O> search;
  search.group("the mcts agent's search");
  search.add("sims", &O::simulations, ints(0, 10000000), "simulations per move (0 = limited by ms only)");
  search.add("ms", &O::time_ms, reals(0, 3600000),
             "time per move in milliseconds (0 = none; with sims, whichever ends first)");
  search.add("c", &O::c_puct, reals(0, 100), "PUCT exploration constant");
  search.add("fpu", &O::fpu_reduction, reals(-2, 2), "first-play urgency reduction");
  search.add("threads", &O::threads, ints(1, 64), "search threads (root parallelism)");
  search.add("solver", &O::solver_cards, ints(0, 54),
             "worlds with at most this many cards in all hands are solved exactly (0 = off)");
  search.add("solver_nodes", &O::solver_nodes, "node cap of one exact solve (0 = none)");
  search.add("solver_mb", &O::solver_table_mb, ints(0, 65536), "solver table per thread, MiB");
  using C = MctsAgentConfig;
  SettingsTable<C> t;
  t.embed(search, &C::search);
  t.group("the mcts agent");
  t.add("rollout", &C::rollout, one_of({"heuristic", "random"}), "rollout policy for all seats");
  t.add("priors", &C::priors, one_of({"policy", "uniform"}),
        "priors at expanded nodes: the heuristic's move favoured, or uniform (always uniform with rollout=random)");
  t.add("prior_weight", &C::prior_weight, reals(0, 1), "prior mass on the heuristic's move with priors=policy");
  t.add("rollouts", &C::rollouts, ints(1, 1000), "rollouts per evaluation");
  t.add("epsilon", &C::epsilon, reals(0, 1), "chance of a random move per heuristic rollout step");
  t.add("bid_deals", &C::bid_deals, ints(1, 100000), "sampled deals per bidding decision");
  t.add("bid_margin", &C::bid_margin, reals(-100, 100),
        "bid when the mean simulated landlord score per unit of base exceeds this");
  t.add("seed", &C::seed, "mixed into the per-game seed (deterministic given both when threads=1 and ms=0)");
  return t;
}

}  // namespace

const SettingsTable<MctsAgentConfig>& mcts_settings_table() {
  static const SettingsTable<MctsAgentConfig> table = make_settings_table();
  return table;
}

MctsAgentConfig load_mcts_config(const std::string& path, MctsAgentConfig base) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) { throw AgentSpecError("mcts config " + path + ": cannot read: " + e.what()); }
  if (root.IsNull()) return base;
  if (!root.IsMap()) throw AgentSpecError("mcts config " + path + ": expected a mapping of settings");
  std::map<std::string, std::string> values;
  for (const auto& item : root) {
    const std::string key = item.first.as<std::string>();
    if (!item.second.IsScalar())
      throw AgentSpecError("mcts config " + path + ", key \"" + key + "\": expected a single value");
    values[key] = item.second.Scalar();
  }
  const AgentSpec file = AgentSpec::from_settings("mcts config " + path, values);
  file.check(setting_names(mcts_settings_table()));
  read_spec_settings(file, AgentSpec(), mcts_settings_table(), base);
  return base;
}

MctsAgentConfig mcts_config_from_spec(const AgentSpec& spec) {
  std::set<std::string> allowed = setting_names(mcts_settings_table());
  allowed.insert("config");
  spec.check(allowed);
  MctsAgentConfig c;
  if (spec.has("config")) c = load_mcts_config(spec.get_string("config", ""), c);
  for (const Setting<MctsAgentConfig>& s : mcts_settings_table().settings()) {
    if (!spec.has(s.info.name)) continue;
    try {
      read_spec_setting(spec, s.info, s.value(c));
    } catch (const AgentSpecError& e) {  // the key named as a config file's errors name it
      throw AgentSpecError("agent spec \"" + spec.text() + "\", key \"" + s.info.name + "\": " + e.what());
    }
  }
  if (c.search.simulations == 0 && c.search.time_ms <= 0)
    throw AgentSpecError("agent spec \"" + spec.text() + "\": give sims > 0 or ms > 0");
  return c;
}

MctsAgent::MctsAgent(const MctsAgentConfig& config, std::string spec_text)
    : config_(config), spec_text_(std::move(spec_text)) {
  mcts_ = std::make_unique<Mcts>(config_.search, evaluator_factory(config_));
}

void MctsAgent::new_game(uint64_t seed) {
  game_seed_ = Rng::mix(seed, config_.seed);
  decisions_ = 0;
}

int MctsAgent::bid(const Observation& obs) {
  const std::vector<int> bids = obs.legal_bids();
  if (bids.size() <= 1) return bids.empty() ? 0 : bids[0];
  // Whole games as landlord over sampled kitties and opponent hands, played by the rollout
  // policy for all seats: the mean score per unit of base is the value of bidding 1; bidding b
  // scales it by b, passing is worth about 0 (a redeal, or farmer play against a bidder who
  // judged its hand better). So bid the most allowed when the estimate clears the margin.
  Rng rng(Rng::mix(game_seed_, 0xb1d0000 + decisions_++));
  UniformWorldSampler sampler;
  auto evaluator = evaluator_factory(config_)(rng.next());
  PlayoutEvaluator* heuristic = dynamic_cast<PlayoutEvaluator*>(evaluator.get());
  std::vector<Move> scratch;
  double total = 0;
  for (int i = 0; i < config_.bid_deals; ++i) {
    const Deal deal = sampler.sample_deal(obs, rng);
    Rules rules = obs.rules;
    rules.bidding = false;
    rules.fixed_landlord = obs.seat;
    GameState g(deal, rules);
    if (heuristic) heuristic->rollout(g);
    else random_playout(g, rng, scratch);
    total += g.scores()[size_t(obs.seat)];
  }
  last_bid_estimate_ = total / config_.bid_deals;
  return last_bid_estimate_ > config_.bid_margin ? bids.back() : 0;
}

Move MctsAgent::play(const Observation& obs) {
  last_ = mcts_->search(obs, Rng::mix(game_seed_, ++decisions_));
  return last_.best;
}

std::unique_ptr<Agent> build_mcts_agent(const AgentSpec& spec) {
  const MctsAgentConfig config = mcts_config_from_spec(spec);
  try {
    return std::make_unique<MctsAgent>(config, spec.text());
  } catch (const std::invalid_argument& e) { throw AgentSpecError("agent spec \"" + spec.text() + "\": " + e.what()); }
}

}  // namespace ddz
