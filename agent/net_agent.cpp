// NetAgent: one policy evaluation per move (state part once, all legal moves in one product) and
// one bid-head evaluation per bid.
#include "agent/net_agent.h"

#include <algorithm>
#include <cmath>

#include "agent/factory.h"
#include "models/features.h"

namespace ddz {

NetAgent::NetAgent(std::shared_ptr<const LoadedModel> model, const NetAgentOptions& options, std::string spec)
    : model_(std::move(model)), options_(options), spec_(std::move(spec)), state_(kStateDim) {
  bidder_ = make_bidder(options_.bid, spec_);
}

void NetAgent::new_game(uint64_t seed) {
  rng_.reseed(seed);
  if (bidder_) bidder_->new_game(Rng::mix(seed, 0xb1d));
}

int bid_by_head(const EigenNet& net, const Observation& obs, double threshold) {
  const std::vector<int> legal = obs.legal_bids();
  std::vector<float> in(kBidDim);
  encode_bid(obs, in.data());
  if (net.bid(in.data()).score > threshold && legal.size() > 1) return legal.back();
  return 0;
}

void check_bid_source(const std::string& bid, const std::string& spec_text) {
  if (bid != "head" && bid != "heuristic" && bid != "mcts" && bid != "search")
    throw AgentSpecError("agent spec \"" + spec_text + "\": bid must be " + kBidSources + ", got \"" + bid + "\"");
}

std::unique_ptr<Agent> make_bidder(const std::string& bid, const std::string& spec_text) {
  check_bid_source(bid, spec_text);
  if (bid == "head") return nullptr;
  return make_agent(bid == "heuristic" ? "heuristic" : "mcts");
}

int NetAgent::bid(const Observation& obs) {
  if (bidder_) return bidder_->bid(obs);
  return bid_by_head(*model_->net, obs, options_.bid_threshold);
}

Move NetAgent::play(const Observation& obs) {
  obs.legal(moves_);
  if (moves_.empty()) return Move::pass();  // not this seat's turn in play; nothing legal to choose
  if (moves_.size() == 1) return moves_[0];
  encode_state(obs, state_.data());
  encode_moves(moves_, obs.hand, move_feats_);
  scores_.resize(moves_.size());
  const int n = int(moves_.size());
  model_->net->policy_scores(state_.data(), move_feats_.data(), n, scores_.data());
  if (options_.temperature <= 0.0) {
    return moves_[size_t(std::max_element(scores_.begin(), scores_.end()) - scores_.begin())];
  }
  EigenNet::softmax(scores_.data(), n, float(options_.temperature));
  double u = rng_.uniform();
  for (int i = 0; i < n; ++i) {
    u -= scores_[size_t(i)];
    if (u < 0) return moves_[size_t(i)];
  }
  return moves_.back();
}

std::shared_ptr<const LoadedModel> load_spec_model(const AgentSpec& spec) {
  if (spec.positional().size() != 1)
    throw AgentSpecError("agent spec \"" + spec.text() + "\": needs exactly one model file, e.g. " + spec.kind() +
                         ":runs/NAME/agent.ddz");
  const std::string& path = spec.positional()[0];
  try {
    return load_model_cached(path);
  } catch (const ModelFileError& e) {
    throw AgentSpecError("agent spec \"" + spec.text() + "\": " + e.what());
  } catch (const std::invalid_argument& e) {
    throw AgentSpecError("agent spec \"" + spec.text() + "\": " + path + ": " + e.what());
  }
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
  o.temperature = defaults.get_double("temperature", o.temperature, 0.0, 100.0);
  o.bid_threshold = defaults.get_double("bid_threshold", o.bid_threshold, -100.0, 100.0);
  o.temperature = spec.get_double("temperature", o.temperature, 0.0, 100.0);
  o.bid_threshold = spec.get_double("bid_threshold", o.bid_threshold, -100.0, 100.0);
  o.bid = spec.get_string("bid", defaults.get_string("bid", o.bid));
  spec.check({"temperature", "bid_threshold", "bid"}, max_positional);
  check_bid_source(o.bid, spec.text());  // an unknown bid= is the spec's error, reported before any game
  return std::make_unique<NetAgent>(std::move(model), o, spec.text());
}

}  // namespace

std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec) {
  auto model = load_spec_model(spec);
  return net_agent_from(spec, std::move(model), spec.positional()[0], 1);
}

std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                       const std::string& path) {
  return net_agent_from(spec, std::move(model), path, 0);
}

}  // namespace ddz
