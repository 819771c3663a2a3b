// The table of agent kinds: one entry per kind (name, one-line description, builder).
// To add a kind, include its header and add one line to kKinds; nothing else changes.
#include "agent/factory.h"

#include "agent/gumbel_agent.h"
#include "agent/mcts_agent.h"
#include "agent/mcts_net_agent.h"
#include "agent/net_agent.h"
#include "agent/heuristic_agent.h"
#include "agent/pretrained_agent.h"
#include "agent/random_agent.h"

namespace ddz {

namespace {

using Builder = std::unique_ptr<Agent> (*)(const AgentSpec&);

struct KindEntry {
  const char* kind;
  const char* description;
  Builder build;
};

std::unique_ptr<Agent> build_random(const AgentSpec& spec) {
  spec.check({});  // no settings: the per-game seed comes from Agent::new_game
  return std::make_unique<RandomAgent>(0, spec.text());
}

const KindEntry kKinds[] = {
    {"random", "uniformly random legal bids and moves (no settings)", build_random},
    {"heuristic",
     "rule-based hand-value player, microseconds a move (heuristic:danger=3,landlord_margin=-5; see "
     "agent/heuristic_agent.h)",
     make_heuristic_agent},
    {"mcts",
     "PUCT MCTS over sampled deals, heuristic rollouts, exact endgames (mcts:sims=200,threads=1; see "
     "agent/mcts_agent.h)",
     build_mcts_agent},
    {"net",
     "policy network of an exported model, no search (net:FILE,temperature=0,bid_threshold=0,bid=head|heuristic|mcts)",
     build_net_agent},
    {"mcts+net",
     "MCTS guided by an exported model's policy and value (mcts+net:FILE,sims=200; see agent/mcts_net_agent.h)",
     build_mcts_net_agent},
    {"gumbel",
     "the self-play search as a player: Gumbel top-k and sequential halving over sampled deals, one ply "
     "(gumbel:FILE,sims=16,k=8,rollout_mix=0.5,solver=0; see agent/gumbel_agent.h)",
     build_gumbel_agent},
    {"pretrained",
     "the shipped network with search, no path needed: the search the file names (gumbel for the shipped file; "
     "search=mcts for mcts+net) on models/pretrained/agent.ddz at its default settings (pretrained:sims=1000; file: "
     "$DDZ_PRETRAINED, <bin>/../share/ddz/pretrained/, the source tree)",
     build_pretrained_agent},
    {"pretrained-net", "the shipped network's policy alone, like net:FILE (pretrained-net:temperature=0)",
     build_pretrained_net_agent},
};

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& spec_text) {
  const AgentSpec spec = AgentSpec::parse(spec_text);
  for (const KindEntry& entry : kKinds)
    if (spec.kind() == entry.kind) return entry.build(spec);
  std::string known;
  for (const KindEntry& entry : kKinds) known += (known.empty() ? "" : ", ") + std::string(entry.kind);
  throw AgentSpecError("agent spec \"" + spec_text + "\": unknown agent kind \"" + spec.kind() + "\" (known: " + known +
                       ")");
}

std::vector<std::string> agent_kinds() {
  std::vector<std::string> out;
  for (const KindEntry& entry : kKinds) out.push_back(std::string(entry.kind) + ": " + entry.description);
  return out;
}

bool is_agent_kind(const std::string& kind) {
  for (const KindEntry& entry : kKinds)
    if (kind == entry.kind) return true;
  return false;
}

}  // namespace ddz
