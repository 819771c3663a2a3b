// The check of visitors' agent specs in public mode (web/public_policy.h).
#include "web/public_policy.h"

#include <algorithm>

#include "agent/agent_spec.h"

namespace ddz::web {

namespace {

std::string list(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

std::string public_spec_refusal(const std::string& field, const std::string& spec, const PublicPolicy& policy) {
  const std::string where = "\"" + field + "\": ";
  if (spec.size() > 200) return where + "the agent spec is longer than 200 characters";
  AgentSpec parsed;
  try {
    parsed = AgentSpec::parse(spec);
  } catch (const AgentSpecError&) { return where + "not an agent spec (kind or kind:sims=N)"; }
  const auto& allowed = policy.allow_agents;
  if (std::find(allowed.begin(), allowed.end(), parsed.kind()) == allowed.end())
    return where + "agent kind \"" + parsed.kind() + "\" is not allowed on this server (allowed: " + list(allowed) +
           ")";
  if (!parsed.positional().empty())
    return where + "this server takes no file or other positional setting in an agent spec";
  const size_t colon = spec.find(':');
  if (colon != std::string::npos)
    for (const std::string& item : split_settings(spec.substr(colon + 1)))
      if (setting_key(item) != "sims")
        return where + "setting \"" + setting_key(item) + "\" is not allowed on this server (only sims=1.." +
               std::to_string(policy.max_sims) + ")";
  if (parsed.has("sims")) {
    try {
      parsed.get_int("sims", 0, 1, policy.max_sims);
    } catch (const AgentSpecError&) {
      return where + "sims must be an integer in 1.." + std::to_string(policy.max_sims) + " on this server";
    }
  }
  return "";
}

}  // namespace ddz::web
