// NetAgent: one policy evaluation per move (state part once, all legal moves in one product); bids
// through its NetBidder.
#include "agent/net_agent.h"

#include "agent/spec_settings.h"

#include <algorithm>
#include <cmath>

#include "agent/factory.h"

namespace ddz {

NetAgent::NetAgent(std::shared_ptr<const LoadedModel> model, const NetAgentOptions& options, std::string spec)
    : model_(std::move(model)), options_(options), spec_(std::move(spec)), bidder_(model_->net, options_.bid) {}

void NetAgent::new_game(uint64_t seed) {
  rng_.reseed(seed);
  bidder_.new_game(seed);
}

int NetAgent::bid(const Observation& obs) { return bidder_.bid(obs); }

Move NetAgent::play(const Observation& obs) {
  if (options_.temperature <= 0.0) return policy_.choose(*model_->net, obs, moves_);
  if (!policy_.score(*model_->net, obs, moves_)) return moves_.empty() ? Move::pass() : moves_[0];
  std::vector<float>& p = policy_.scores;
  const int n = int(moves_.size());
  EigenNet::softmax(p.data(), n, float(options_.temperature));
  double u = rng_.uniform();
  for (int i = 0; i < n; ++i) {
    u -= p[size_t(i)];
    if (u < 0) return moves_[size_t(i)];
  }
  return moves_.back();
}

std::shared_ptr<const LoadedModel> load_spec_model(const AgentSpec& spec) {
  if (spec.positional().size() != 1)
    throw AgentSpecError("agent spec \"" + spec.text() + "\": needs exactly one model file, e.g. " + spec.kind() +
                         ":runs/NAME/agent.ddz");
  return load_model_for_spec(spec, spec.positional()[0]);
}

std::shared_ptr<const LoadedModel> load_model_for_spec(const AgentSpec& spec, const std::string& path,
                                                       const std::string& setting) {
  const std::string prefix = "agent spec \"" + spec.text() + "\": " + (setting.empty() ? "" : setting + ": ");
  try {
    return load_model_cached(path);
  } catch (const ModelFileError& e) {
    throw AgentSpecError(prefix + e.what());
  } catch (const std::invalid_argument& e) { throw AgentSpecError(prefix + path + ": " + e.what()); }
}

AgentSpec file_settings(const LoadedModel& model, const std::string& path) {
  try {
    return AgentSpec::parse("file:" + model.file.agent_settings);
  } catch (const AgentSpecError& e) {
    throw AgentSpecError(path + ": bad default agent settings \"" + model.file.agent_settings + "\": " + e.what());
  }
}

namespace {

std::unique_ptr<Agent> net_agent_from(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                      const std::string& path, size_t max_positional) {
  const AgentSpec defaults = file_settings(*model, path);
  NetAgentOptions o;
  // An unknown bid= is the spec's error, reported before any game.
  read_spec_settings(spec, defaults, net_agent_settings_table(), o);
  spec.check(setting_names(net_agent_settings_table()), max_positional);
  return std::make_unique<NetAgent>(std::move(model), o, spec.text());
}

}  // namespace

const SettingsTable<NetAgentOptions>& net_agent_settings_table() {
  static const SettingsTable<NetAgentOptions> table = [] {
    SettingsTable<NetAgentOptions> t;
    t.group("the net agent");
    t.add("temperature", &NetAgentOptions::temperature, reals(0, 100),
          "0 = always the policy's highest-scoring move; T > 0 = a sample of softmax(scores / T)");
    t.embed(net_bid_settings_table(), &NetAgentOptions::bid);
    return t;
  }();
  return table;
}

std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec) {
  auto model = load_spec_model(spec);
  return net_agent_from(spec, std::move(model), spec.positional()[0], 1);
}

std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                       const std::string& path) {
  return net_agent_from(spec, std::move(model), path, 0);
}

}  // namespace ddz
