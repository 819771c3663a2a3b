// NetAgent (`net:FILE`): plays from an exported model's policy alone, no search: the argmax of
// the policy over the legal moves, or a sample at temperature T. Bids as its bid= settings say
// (agent/net_bidder.h: the bid head by default).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "agent/net_bidder.h"
#include "agent/policy_rollout_agent.h"
#include "game/rng.h"
#include "models/agent_file.h"

namespace ddz {

struct NetAgentOptions {
  // 0 = always the highest-scoring move; T > 0 = sample from softmax(scores / T).
  double temperature = 0.0;
  // Settings bid=, bid_threshold=, bid_worlds=, bid_infer= (agent/net_bidder.h), so that the
  // arena can also measure bidding apart from card play (net:F against net:F,bid=heuristic).
  NetBidOptions bid;
};

// The declarations of the net agent's spec settings.
const SettingsTable<NetAgentOptions>& net_agent_settings_table();

class NetAgent : public Agent {
 public:
  NetAgent(std::shared_ptr<const LoadedModel> model, const NetAgentOptions& options, std::string spec);

  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_; }

  // What the last bid() rested on (ddz analyse --bid).
  const BidReport& last_bid() const { return bidder_.last_bid(); }

 private:
  std::shared_ptr<const LoadedModel> model_;
  NetAgentOptions options_;
  std::string spec_;
  Rng rng_;
  NetBidder bidder_;
  std::vector<Move> moves_;
  GreedyPolicy policy_;  // the policy's scores of the legal moves (buffers reused)
};

// The settings an exported file carries (AgentFile::agent_settings, "key=value,...") as an
// AgentSpec, so a user's spec can fall back on them. Throws AgentSpecError naming the file.
AgentSpec file_settings(const LoadedModel& model, const std::string& path);

// Factory builder for "net:FILE[,temperature=T][,bid=head,...]"; settings not given fall back
// on the file's defaults. Throws AgentSpecError naming the spec (and the file's error message
// when it cannot be loaded).
std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec);
// The same with the model already loaded from `path`, for kinds whose spec names no file
// (`pretrained-net`): the spec then holds settings only.
std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                       const std::string& path);
// The model file of a "net:FILE" or "mcts+net:FILE" spec, loaded (shared cache); errors as above.
std::shared_ptr<const LoadedModel> load_spec_model(const AgentSpec& spec);
// The model file at `path` that `spec` names (through its setting `setting`, "" for the spec's
// file itself), loaded (shared cache). Throws AgentSpecError naming the spec, the setting and
// the file's error.
std::shared_ptr<const LoadedModel> load_model_for_spec(const AgentSpec& spec, const std::string& path,
                                                       const std::string& setting = "");

}  // namespace ddz
