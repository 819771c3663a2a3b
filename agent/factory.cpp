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
#include "game/settings_listing.h"

namespace ddz {

namespace {

using Builder = std::unique_ptr<Agent> (*)(const AgentSpec&);
using Lister = std::string (*)(bool markdown);

struct KindEntry {
  const char* kind;
  const char* description;
  Builder build;
  Lister settings;
};

// A table's settings at their defaults, as text or as a Markdown table.
template <class C>
std::string listing(const SettingsTable<C>& table, bool markdown) {
  C defaults{};
  const std::vector<BoundSetting> bound = bind(table, defaults);
  return markdown ? settings_markdown_table(bound) : list_settings(bound);
}

std::string no_settings(bool) { return "(no settings)\n"; }
std::string heuristic_settings(bool md) { return listing(heuristic_settings_table(), md); }
std::string mcts_settings(bool md) { return listing(mcts_settings_table(), md); }
std::string net_settings(bool md) { return listing(net_agent_settings_table(), md); }
std::string mcts_net_settings(bool md) { return listing(mcts_net_settings_table(), md); }
std::string gumbel_settings(bool md) { return listing(gumbel_agent_settings_table(), md); }
std::string pretrained_settings(bool md) {
  const std::string note =
      "search=gumbel|mcts picks the search (the shipped file says gumbel); the gumbel settings below take the "
      "shipped file's defaults where it gives them (ddz arena --list-settings mcts+net for search=mcts):\n";
  return (md ? note + "\n" : note) + listing(gumbel_agent_settings_table(), md);
}

std::unique_ptr<Agent> build_random(const AgentSpec& spec) {
  spec.check({});  // no settings: the per-game seed comes from Agent::new_game
  return std::make_unique<RandomAgent>(0, spec.text());
}

const KindEntry kKinds[] = {
    {"random", "uniformly random legal bids and moves (no settings)", build_random, no_settings},
    {"heuristic", "rule-based hand-value player, microseconds a move (heuristic:danger=3,landlord_margin=-5)",
     make_heuristic_agent, heuristic_settings},
    {"mcts", "PUCT MCTS over sampled deals, heuristic rollouts, exact endgames (mcts:sims=200,threads=1)",
     build_mcts_agent, mcts_settings},
    {"net",
     "policy network of an exported model, no search (net:FILE,temperature=0,bid_threshold=0,bid=head|heuristic|mcts)",
     build_net_agent, net_settings},
    {"mcts+net", "MCTS guided by an exported model's policy and value (mcts+net:FILE,sims=200)", build_mcts_net_agent,
     mcts_net_settings},
    {"gumbel",
     "the self-play search as a player: Gumbel top-k and sequential halving over sampled deals, one ply "
     "(gumbel:FILE,sims=16,k=8,rollout_mix=0.5,solver=0)",
     build_gumbel_agent, gumbel_settings},
    {"pretrained",
     "the shipped network with search, no path needed: the search the file names (gumbel for the shipped file; "
     "search=mcts for mcts+net) on models/pretrained/agent.ddz at its default settings (pretrained:sims=1000; file: "
     "$DDZ_PRETRAINED, <bin>/../share/ddz/pretrained/, the source tree)",
     build_pretrained_agent, pretrained_settings},
    {"pretrained-net", "the shipped network's policy alone, like net:FILE (pretrained-net:temperature=0)",
     build_pretrained_net_agent, net_settings},
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

std::string list_agent_settings(const std::string& kind, bool markdown) {
  for (const KindEntry& entry : kKinds)
    if (kind == entry.kind) return entry.settings(markdown);
  std::string known;
  for (const KindEntry& entry : kKinds) known += (known.empty() ? "" : ", ") + std::string(entry.kind);
  throw AgentSpecError("unknown agent kind \"" + kind + "\" (known: " + known + ")");
}

bool is_agent_kind(const std::string& kind) {
  for (const KindEntry& entry : kKinds)
    if (kind == entry.kind) return true;
  return false;
}

}  // namespace ddz
