// NetAgent (`net:FILE`): plays from an exported model's policy alone, no search: the argmax of
// the policy over the legal moves, or a sample at temperature T. Bids from the bid head (bid=).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "game/rng.h"
#include "models/agent_file.h"

namespace ddz {

struct NetAgentOptions {
  // 0 = always the highest-scoring move; T > 0 = sample from softmax(scores / T).
  double temperature = 0.0;
  // Bidding: the bid head predicts s, the expected landlord score per unit of base score with
  // this hand. Bidding b has expected gain b * s against about 0 for passing, so the agent bids
  // the highest legal level when s > bid_threshold and passes otherwise.
  double bid_threshold = 0.0;
  // Setting bid=: "head" (above), or another kind's bidding ("heuristic", "mcts"), so that the
  // arena can measure bidding apart from card play (net:F against net:F,bid=heuristic).
  std::string bid = "head";
};

class NetAgent : public Agent {
 public:
  NetAgent(std::shared_ptr<const LoadedModel> model, const NetAgentOptions& options, std::string spec);

  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_; }

 private:
  std::shared_ptr<const LoadedModel> model_;
  NetAgentOptions options_;
  std::string spec_;
  Rng rng_;
  std::unique_ptr<Agent> bidder_;  // bid= other than head
  std::vector<Move> moves_;
  std::vector<float> state_, move_feats_, scores_;
};

// The bid head's decision for obs (bidding phase): the highest legal bid when the predicted
// landlord score per unit of base exceeds `threshold`, else pass. Shared by every network agent.
int bid_by_head(const EigenNet& net, const Observation& obs, double threshold);

// The bid= setting of a network agent: "head" (nullptr: the bid head decides), "heuristic" or
// "mcts" (also spelt "search"): that agent kind at its defaults, whose bid() the network agent
// calls. Throws AgentSpecError naming the spec for any other value.
std::unique_ptr<Agent> make_bidder(const std::string& bid, const std::string& spec_text);
// The same check without building the bidder (spec parsing: an mcts bidder is not free to make).
void check_bid_source(const std::string& bid, const std::string& spec_text);
// The bid values make_bidder accepts, for spec checks and help texts.
constexpr const char* kBidSources = "head, heuristic or mcts";

// The settings an exported file carries (AgentFile::agent_settings, "key=value,...") as an
// AgentSpec, so a user's spec can fall back on them. Throws AgentSpecError naming the file.
AgentSpec file_settings(const LoadedModel& model, const std::string& path);

// Factory builder for "net:FILE[,temperature=T][,bid_threshold=X][,bid=head]"; settings not given fall back
// on the file's defaults. Throws AgentSpecError naming the spec (and the file's error message
// when it cannot be loaded).
std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec);
// The same with the model already loaded from `path`, for kinds whose spec names no file
// (`pretrained-net`): the spec then holds settings only.
std::unique_ptr<Agent> build_net_agent(const AgentSpec& spec, std::shared_ptr<const LoadedModel> model,
                                       const std::string& path);
// The model file of a "net:FILE" or "mcts+net:FILE" spec, loaded (shared cache); errors as above.
std::shared_ptr<const LoadedModel> load_spec_model(const AgentSpec& spec);

}  // namespace ddz
