// `pretrained` / `pretrained-net`: finds the shipped network file, then builds the mcts+net or
// net agent on it, so the settings and the file's defaults mean exactly what they mean there.
#include "agent/pretrained_agent.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "agent/gumbel_agent.h"
#include "agent/mcts_net_agent.h"
#include "agent/net_agent.h"

namespace ddz {
namespace {

constexpr const char* kShippedName = "pretrained/agent.ddz";

// The running executable's directory ("" when /proc is unavailable).
std::string executable_dir() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  const std::string exe(buf, size_t(n));
  const size_t slash = exe.rfind('/');
  return slash == std::string::npos ? std::string() : exe.substr(0, slash);
}

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string join(const std::vector<std::string>& paths) {
  std::string out;
  for (size_t i = 0; i < paths.size(); ++i) out += (i == 0 ? "" : i + 1 == paths.size() ? " and " : ", ") + paths[i];
  return out;
}

}  // namespace

std::vector<std::string> pretrained_candidates() {
  const char* env = std::getenv(kPretrainedEnv);
  if (env && *env) return {env};
  std::vector<std::string> out;
  const std::string exe_dir = executable_dir();
  // Lexically normal, so that messages show /usr/share/... rather than /usr/bin/../share/...
  auto normal = [](const std::string& p) { return std::filesystem::path(p).lexically_normal().string(); };
  if (!exe_dir.empty()) out.push_back(normal(exe_dir + "/../share/ddz/" + kShippedName));
#ifdef DDZ_SOURCE_DIR
  out.push_back(normal(std::string(DDZ_SOURCE_DIR) + "/models/" + kShippedName));
#endif
  return out;
}

std::shared_ptr<const LoadedModel> load_pretrained(const AgentSpec& spec, std::string* path) {
  const std::string prefix = "agent spec \"" + spec.text() + "\": ";
  if (!spec.positional().empty())
    throw AgentSpecError(prefix + spec.kind() + " names no file (it uses the shipped network; set " + kPretrainedEnv +
                         "=FILE for another, or use mcts+net:FILE / net:FILE)");
  const std::vector<std::string> candidates = pretrained_candidates();
  const bool from_env = std::getenv(kPretrainedEnv) && *std::getenv(kPretrainedEnv);
  for (const std::string& file : candidates) {
    if (!is_file(file)) {
      if (!from_env) continue;
      throw AgentSpecError(prefix + kPretrainedEnv + " names " + file + ", which is missing (not a readable file)");
    }
    // A file that exists but does not load is reported, never skipped for the next one.
    try {
      *path = file;
      return load_model_cached(file);
    } catch (const ModelFileError& e) {
      throw AgentSpecError(prefix + (from_env ? std::string(kPretrainedEnv) + " names " : "the shipped network ") +
                           file + ", which does not load: " + e.what());
    } catch (const std::invalid_argument& e) {
      throw AgentSpecError(prefix + "the shipped network " + file + " does not load: " + e.what());
    }
  }
  throw AgentSpecError(prefix + "the shipped network file is missing: looked for " + join(candidates) + " (set " +
                       kPretrainedEnv + "=FILE to use an exported agent file)");
}

std::unique_ptr<Agent> build_pretrained_agent(const AgentSpec& spec) {
  std::string path;
  auto model = load_pretrained(spec, &path);
  // search=mcts|gumbel picks the search (the spec's, else the file's default, else mcts); the
  // key is removed before the chosen kind's builder checks the remaining settings.
  const std::string search = spec.get_string("search", file_settings(*model, path).get_string("search", "mcts"));
  std::string rest = spec.kind();
  const size_t colon = spec.text().find(':');
  if (colon != std::string::npos) {
    std::string items;
    for (const std::string& item : split_settings(spec.text().substr(colon + 1)))
      if (setting_key(item) != "search") items += (items.empty() ? "" : ",") + item;
    if (!items.empty()) rest += ":" + items;
  }
  if (search != "mcts" && search != "gumbel")
    throw AgentSpecError("agent spec \"" + spec.text() + "\": search must be mcts or gumbel, got \"" + search + "\"");
  try {
    const AgentSpec settings = AgentSpec::parse(rest);
    if (search == "gumbel") return build_gumbel_agent(settings, std::move(model), path, spec.text());
    return build_mcts_net_agent(settings, std::move(model), path, spec.text());
  } catch (const AgentSpecError& e) {
    // Name the spec the user wrote, not the one without its search key.
    std::string message = e.what();
    const std::string inner = "agent spec \"" + rest + "\"";
    const size_t at = message.find(inner);
    if (at != std::string::npos) message.replace(at, inner.size(), "agent spec \"" + spec.text() + "\"");
    throw AgentSpecError(message);
  }
}

std::unique_ptr<Agent> build_pretrained_net_agent(const AgentSpec& spec) {
  std::string path;
  auto model = load_pretrained(spec, &path);
  return build_net_agent(spec, std::move(model), path);
}

}  // namespace ddz
