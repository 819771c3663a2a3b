// The agent factory: builds any agent kind from a spec string ("random", "heuristic",
// "mcts:sims=400", ...). Every kind is one line in the table in agent/factory.cpp.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"

namespace ddz {

// Builds the agent a spec names. Throws AgentSpecError naming the spec for an unknown kind
// (listing the known ones), an unknown setting or a bad value.
std::unique_ptr<Agent> make_agent(const std::string& spec);

// "kind: one-line description" for every known kind, in table order (for --help texts).
std::vector<std::string> agent_kinds();

// True when `kind` names a registered kind (used to split "--agents A,B" lists whose specs
// themselves contain commas).
bool is_agent_kind(const std::string& kind);
// The settings of an agent kind with their defaults, ranges and help (`ddz arena --list-settings
// KIND`), as text or Markdown. AgentSpecError for an unknown kind.
std::string list_agent_settings(const std::string& kind, bool markdown = false);

}  // namespace ddz
