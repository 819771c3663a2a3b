// The `pretrained` and `pretrained-net` agent kinds: the network shipped with the project
// (models/pretrained/agent.ddz), found without a path, as `mcts+net:FILE` and `net:FILE`.
//
// Specs: pretrained[:key=value,...] searches with the shipped network: search=mcts (the default)
// takes every setting of mcts+net (agent/mcts_net_agent.h: sims, rollout_mix, net_plies, ...),
// search=gumbel those of gumbel (agent/gumbel_agent.h: sims, k, rollout_mix, solver, ...);
// pretrained-net[:temperature=T,bid=...] those of net (agent/net_agent.h). Settings not
// given, `search` included, come from the file's default agent settings.
//
// The file, in this order:
//   1. the environment variable DDZ_PRETRAINED, when set and not empty; then it is the only
//      place looked at, so that a wrong path is an error rather than a silent fallback;
//   2. <directory of the running executable>/../share/ddz/pretrained/agent.ddz (where the Debian
//      package installs it: /usr/bin/ddz reads /usr/share/ddz/pretrained/agent.ddz);
//   3. <source tree of the build>/models/pretrained/agent.ddz (a build run from its tree).
// The first existing file of 2 and 3 is loaded; a missing file (none of them), or one that
// exists but does not load, is an AgentSpecError naming the file(s).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "agent/agent.h"
#include "agent/agent_spec.h"
#include "models/agent_file.h"

namespace ddz {

constexpr const char* kPretrainedEnv = "DDZ_PRETRAINED";

// The files looked at, in order (only DDZ_PRETRAINED's when it is set).
std::vector<std::string> pretrained_candidates();

// The shipped model, loaded (shared cache), and the path it came from. Throws AgentSpecError
// naming the spec and the file(s) looked at when none exists, or the file and its problem.
std::shared_ptr<const LoadedModel> load_pretrained(const AgentSpec& spec, std::string* path);

// Factory builders for "pretrained[:settings]" and "pretrained-net[:settings]".
std::unique_ptr<Agent> build_pretrained_agent(const AgentSpec& spec);
std::unique_ptr<Agent> build_pretrained_net_agent(const AgentSpec& spec);

}  // namespace ddz
