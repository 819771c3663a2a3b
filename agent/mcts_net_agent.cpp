// mcts+net: builds the MCTS search settings through the `mcts` kind's own parser (so the keys
// mean exactly the same), with the file's defaults under the user's settings.
#include "agent/mcts_net_agent.h"

#include <map>
#include <set>

#include "agent/factory.h"
#include "agent/spec_settings.h"
#include "models/net_evaluator.h"
#include "search/mixed_evaluator.h"
#include "agent/net_agent.h"
#include "agent/net_bidder.h"

namespace ddz {
namespace {

// The mcts agent's settings that mcts+net hands on to it (agent/mcts_agent.h).
const std::set<std::string> kSearchKeys{"sims",   "ms",           "c",         "fpu",  "threads",
                                        "solver", "solver_nodes", "solver_mb", "seed", "config"};

SettingsTable<MctsNetConfig> make_settings_table() {
  using C = MctsNetConfig;
  SettingsTable<C> t;
  t.group(
      "the mcts+net agent (also: the mcts agent's sims, ms, c, fpu, threads, solver, solver_nodes, solver_mb, "
      "seed, config)");
  t.add("prior_temperature", &C::prior_temperature, reals(1e-3, 100), "temperature of the policy's priors");
  t.add("rollout_mix", &C::rollout_mix, reals(0, 1), "a leaf's value: (1 - mix) x value net + mix x heuristic rollout");
  t.add("heuristic_prior", &C::heuristic_prior, reals(0, 1), "prior mass moved onto the heuristic's move");
  t.add("net_plies", &C::net_plies, ints(-1, 1000),
        "the networks only this many plies below the root, the heuristic deeper (-1 = all)");
  t.add("deep_prior_weight", &C::deep_prior_weight, reals(0, 1), "the heuristic prior's weight below net_plies");
  t.embed(net_bid_settings_table(), &C::bid);
  return t;
}

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

const SettingsTable<MctsNetConfig>& mcts_net_settings_table() {
  static const SettingsTable<MctsNetConfig> table = make_settings_table();
  return table;
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
  std::set<std::string> allowed = setting_names(mcts_net_settings_table());
  allowed.insert(kSearchKeys.begin(), kSearchKeys.end());
  spec.check(allowed, max_positional);
  MctsNetConfig c;
  read_spec_settings(spec, defaults, mcts_net_settings_table(), c);
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
