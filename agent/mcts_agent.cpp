// The `mcts` agent: settings from spec and YAML, the evaluator per search thread, moves by search
// and bids by simulating whole games as landlord over sampled kitties and opponent hands.
#include "agent/mcts_agent.h"

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <set>
#include <vector>

#include "agent/factory.h"
#include "search/playout_evaluator.h"
#include "search/rollout_evaluator.h"
#include "search/world_sampler.h"

namespace ddz {
namespace {

using Setter = std::function<void(MctsAgentConfig&, const std::string& value, const std::string& where)>;

[[noreturn]] void bad(const std::string& where, const std::string& why) { throw AgentSpecError(where + ": " + why); }

long long parse_int(const std::string& value, long long lo, long long hi, const std::string& where) {
  size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(value, &used);
  } catch (const std::exception&) { bad(where, "\"" + value + "\" is not an integer"); }
  if (used != value.size()) bad(where, "\"" + value + "\" is not an integer");
  if (v < lo || v > hi) bad(where, value + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

double parse_real(const std::string& value, double lo, double hi, const std::string& where) {
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(value, &used);
  } catch (const std::exception&) { bad(where, "\"" + value + "\" is not a number"); }
  if (used != value.size()) bad(where, "\"" + value + "\" is not a number");
  if (!(v >= lo && v <= hi)) bad(where, value + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

std::string parse_choice(const std::string& value, const std::vector<std::string>& allowed, const std::string& where) {
  for (const auto& a : allowed)
    if (value == a) return value;
  std::string list;
  for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
  bad(where, "\"" + value + "\" is not one of " + list);
}

// Every setting, by the name used in specs and YAML files.
const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table = {
      {"sims", [](MctsAgentConfig& c, const std::string& v,
                  const std::string& w) { c.search.simulations = int(parse_int(v, 0, 10000000, w)); }},
      {"ms", [](MctsAgentConfig& c, const std::string& v,
                const std::string& w) { c.search.time_ms = parse_real(v, 0, 3600000, w); }},
      {"c", [](MctsAgentConfig& c, const std::string& v,
               const std::string& w) { c.search.c_puct = parse_real(v, 0, 100, w); }},
      {"fpu", [](MctsAgentConfig& c, const std::string& v,
                 const std::string& w) { c.search.fpu_reduction = parse_real(v, -2, 2, w); }},
      {"threads", [](MctsAgentConfig& c, const std::string& v,
                     const std::string& w) { c.search.threads = int(parse_int(v, 1, 64, w)); }},
      {"solver", [](MctsAgentConfig& c, const std::string& v,
                    const std::string& w) { c.search.solver_cards = int(parse_int(v, 0, 54, w)); }},
      {"solver_nodes",
       [](MctsAgentConfig& c, const std::string& v, const std::string& w) {
         c.search.solver_nodes = uint64_t(parse_int(v, 0, 1000000000000LL, w));
       }},
      {"solver_mb", [](MctsAgentConfig& c, const std::string& v,
                       const std::string& w) { c.search.solver_table_mb = int(parse_int(v, 0, 65536, w)); }},
      {"rollout",
       [](MctsAgentConfig& c, const std::string& v, const std::string& w) {
         c.rollout = parse_choice(v, {"heuristic", "random"}, w);
       }},
      {"priors",
       [](MctsAgentConfig& c, const std::string& v, const std::string& w) {
         c.priors = parse_choice(v, {"policy", "uniform"}, w);
       }},
      {"prior_weight",
       [](MctsAgentConfig& c, const std::string& v, const std::string& w) { c.prior_weight = parse_real(v, 0, 1, w); }},
      {"rollouts", [](MctsAgentConfig& c, const std::string& v,
                      const std::string& w) { c.rollouts = int(parse_int(v, 1, 1000, w)); }},
      {"epsilon",
       [](MctsAgentConfig& c, const std::string& v, const std::string& w) { c.epsilon = parse_real(v, 0, 1, w); }},
      {"bid_deals", [](MctsAgentConfig& c, const std::string& v,
                       const std::string& w) { c.bid_deals = int(parse_int(v, 1, 100000, w)); }},
      {"bid_margin", [](MctsAgentConfig& c, const std::string& v,
                        const std::string& w) { c.bid_margin = parse_real(v, -100, 100, w); }},
      {"seed", [](MctsAgentConfig& c, const std::string& v,
                  const std::string& w) { c.seed = uint64_t(parse_int(v, 0, 9223372036854775807LL, w)); }},
  };
  return table;
}

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

}  // namespace

MctsAgentConfig load_mcts_config(const std::string& path, MctsAgentConfig base) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) { throw AgentSpecError("mcts config " + path + ": cannot read: " + e.what()); }
  if (root.IsNull()) return base;
  if (!root.IsMap()) throw AgentSpecError("mcts config " + path + ": expected a mapping of settings");
  for (const auto& item : root) {
    const std::string key = item.first.as<std::string>();
    const std::string where = "mcts config " + path + ", key \"" + key + "\"";
    auto it = setters().find(key);
    if (it == setters().end()) throw AgentSpecError(where + ": unknown setting");
    if (!item.second.IsScalar()) throw AgentSpecError(where + ": expected a single value");
    it->second(base, item.second.Scalar(), where);
  }
  return base;
}

MctsAgentConfig mcts_config_from_spec(const AgentSpec& spec) {
  std::set<std::string> allowed{"config"};
  for (const auto& [key, setter] : setters()) allowed.insert(key);
  spec.check(allowed);
  MctsAgentConfig c;
  if (spec.has("config")) c = load_mcts_config(spec.get_string("config", ""), c);
  for (const auto& [key, setter] : setters())
    if (spec.has(key)) setter(c, spec.get_string(key, ""), "agent spec \"" + spec.text() + "\", key \"" + key + "\"");
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
