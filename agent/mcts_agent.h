// The `mcts` agent: plays by PUCT information-set MCTS over sampled worlds (search/mcts.h) with
// heuristic or random rollouts and exact endgames, and bids by simulated landlord results.
//
// Settings come from the spec (`mcts:sims=200,threads=2`) and/or a YAML file (`mcts:config=FILE`;
// keys in the spec override the file; unknown keys are rejected naming the key and the file);
// `ddz arena --list-settings mcts` lists them with defaults and help, configs/mcts.yaml writes
// the defaults out.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "game/settings_table.h"
#include "search/mcts.h"

namespace ddz {

struct MctsAgentConfig {
  MctsOptions search;
  std::string rollout = "heuristic";
  std::string priors = "policy";
  double prior_weight = 0.5;
  int rollouts = 1;
  double epsilon = 0.0;
  int bid_deals = 48;
  double bid_margin = 0.1;
  uint64_t seed = 0;
};

// The declarations of the mcts agent's settings (spec keys and config-file keys alike).
const SettingsTable<MctsAgentConfig>& mcts_settings_table();
// Reads the settings of a YAML mapping file over `base`. Throws AgentSpecError naming the file
// and the key for an unknown key, a bad value or an unreadable file.
MctsAgentConfig load_mcts_config(const std::string& path, MctsAgentConfig base = {});
// The settings of an `mcts` spec: defaults, then config=FILE, then the spec's own keys.
MctsAgentConfig mcts_config_from_spec(const AgentSpec& spec);

class MctsAgent final : public Agent {
 public:
  MctsAgent(const MctsAgentConfig& config, std::string spec_text);
  void new_game(uint64_t seed) override;
  int bid(const Observation& obs) override;
  Move play(const Observation& obs) override;
  std::string spec() const override { return spec_text_; }

  // The search behind the last play() (empty moves when it was a bid or the move was forced
  // without search is still reported with its single move).
  const SearchResult& last_search() const { return last_; }
  // Mean simulated landlord score per unit of base of the last bid() (for analyses).
  double last_bid_estimate() const { return last_bid_estimate_; }
  const MctsAgentConfig& config() const { return config_; }

 private:
  MctsAgentConfig config_;
  std::string spec_text_;
  std::unique_ptr<Mcts> mcts_;
  uint64_t game_seed_ = 0;
  uint64_t decisions_ = 0;
  SearchResult last_;
  double last_bid_estimate_ = 0;
};

// The agent factory's builder for kind "mcts".
std::unique_ptr<Agent> build_mcts_agent(const AgentSpec& spec);

}  // namespace ddz
