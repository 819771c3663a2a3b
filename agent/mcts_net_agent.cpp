// mcts+net: builds the MCTS search settings through the `mcts` kind's own parser (so the keys
// mean exactly the same), with the file's defaults under the user's settings.
#include "agent/mcts_net_agent.h"

#include <map>
#include <set>

#include "agent/factory.h"
#include "models/net_evaluator.h"
#include "search/mixed_evaluator.h"
#include "agent/net_agent.h"
#include "agent/net_bidder.h"

namespace ddz {
namespace {

const std::set<std::string> kSearchKeys{"sims",   "ms",           "c",         "fpu",  "threads",
                                        "solver", "solver_nodes", "solver_mb", "seed", "config"};

// "key=value" pairs of a settings list (AgentSpec has no key iterator); positional items skipped.
std::map<std::string, std::string> settings_of(const std::string& list) {
  std::map<std::string, std::string> out;
  for (const std::string& item : split_settings(list))
    if (item.find('=') != std::string::npos) out[setting_key(item)] = setting_value(item);
  return out;
}

}  // namespace

MctsNetAgent::MctsNetAgent(std::shared_ptr<const LoadedModel> model, const MctsNetConfig& config, std::string spec_text)
    : model_(std::move(model)), config_(config), spec_text_(std::move(spec_text)), bidder_(model_->net, config_.bid) {
  auto net = model_->net;
  MixedEvaluatorOptions mix;
  mix.rollout_mix = config_.rollout_mix;
  mix.heuristic_prior = config_.heuristic_prior;
  mix.prior_temperature = float(config_.prior_temperature);
  mix.net_plies = config_.net_plies;
  mix.deep_prior_weight = config_.deep_prior_weight;
  mix.root_plies = root_plies_;
  mcts_ = std::make_unique<Mcts>(config_.mcts.search, [net, mix](uint64_t seed) -> std::unique_ptr<Evaluator> {
    return make_mixed_evaluator(net, seed, mix);
  });
}

std::unique_ptr<MixedEvaluator> make_mixed_evaluator(std::shared_ptr<const EigenNet> net, uint64_t seed,
                                                     const MixedEvaluatorOptions& options) {
  return std::make_unique<MixedEvaluator>(std::make_unique<NetEvaluator>(std::move(net), options.prior_temperature),
                                          make_agent("heuristic"), make_agent("heuristic"), seed, options);
}

void MctsNetAgent::new_game(uint64_t seed) {
  game_seed_ = Rng::mix(seed, config_.mcts.seed);
  decisions_ = 0;
  bidder_.new_game(game_seed_);
}

int MctsNetAgent::bid(const Observation& obs) { return bidder_.bid(obs); }

Move MctsNetAgent::play(const Observation& obs) {
  root_plies_->store(int(obs.history.size()));
  last_ = mcts_->search(obs, Rng::mix(game_seed_, ++decisions_));
  return last_.best;
}

namespace {

std::unique_ptr<Agent> mcts_net_agent_from(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                           const std::string& path, size_t max_positional,
                                           const std::string& display = "") {
  const AgentSpec defaults = file_settings(*model, path);
  spec.check(
      [] {
        std::set<std::string> allowed = kSearchKeys;
        allowed.insert({"prior_temperature", "rollout_mix", "heuristic_prior", "net_plies", "deep_prior_weight"});
        allowed.insert(net_bid_keys().begin(), net_bid_keys().end());
        return allowed;
      }(),
      max_positional);
  MctsNetConfig c;
  c.prior_temperature = defaults.get_double("prior_temperature", c.prior_temperature, 1e-3, 100.0);
  c.prior_temperature = spec.get_double("prior_temperature", c.prior_temperature, 1e-3, 100.0);
  c.bid = net_bid_options(spec, defaults);
  c.rollout_mix = defaults.get_double("rollout_mix", c.rollout_mix, 0.0, 1.0);
  c.rollout_mix = spec.get_double("rollout_mix", c.rollout_mix, 0.0, 1.0);
  c.heuristic_prior = defaults.get_double("heuristic_prior", c.heuristic_prior, 0.0, 1.0);
  c.heuristic_prior = spec.get_double("heuristic_prior", c.heuristic_prior, 0.0, 1.0);
  c.net_plies = defaults.get_int("net_plies", c.net_plies, -1, 1000);
  c.net_plies = spec.get_int("net_plies", c.net_plies, -1, 1000);
  c.deep_prior_weight = defaults.get_double("deep_prior_weight", c.deep_prior_weight, 0.0, 1.0);
  c.deep_prior_weight = spec.get_double("deep_prior_weight", c.deep_prior_weight, 0.0, 1.0);
  // Search keys: the file's, then the user's, handed to the mcts kind's parser.
  std::map<std::string, std::string> search;
  const size_t colon = spec.text().find(':');
  for (const auto* list : {&model->file.agent_settings}) {
    for (const auto& [k, v] : settings_of(*list))
      if (kSearchKeys.count(k)) search[k] = v;
  }
  if (colon != std::string::npos)
    for (const auto& [k, v] : settings_of(spec.text().substr(colon + 1)))
      if (kSearchKeys.count(k)) search[k] = v;
  std::string text = "mcts";
  for (const auto& [k, v] : search) text += (text == "mcts" ? ":" : ",") + k + "=" + v;
  try {
    c.mcts = mcts_config_from_spec(AgentSpec::parse(text));
    return std::make_unique<MctsNetAgent>(std::move(model), c, display.empty() ? spec.text() : display);
  } catch (const std::invalid_argument& e) { throw AgentSpecError("agent spec \"" + spec.text() + "\": " + e.what()); }
}

}  // namespace

std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec) {
  auto model = load_spec_model(spec);
  return mcts_net_agent_from(spec, std::move(model), spec.positional()[0], 1);
}

std::unique_ptr<Agent> build_mcts_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                            const std::string& path, const std::string& display) {
  return mcts_net_agent_from(spec, std::move(model), path, 0, display);
}

}  // namespace ddz
