// Agent spec parsing and typed, range-checked access to its settings.
#include "agent/agent_spec.h"

#include <cerrno>
#include <cstdlib>

namespace ddz {

namespace {
std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  size_t e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}
}  // namespace

void AgentSpec::fail(const std::string& why) const { throw AgentSpecError("agent spec \"" + text_ + "\": " + why); }

AgentSpec AgentSpec::parse(const std::string& text) {
  AgentSpec spec;
  spec.text_ = text;
  const size_t colon = text.find(':');
  spec.kind_ = trim(text.substr(0, colon));
  if (spec.kind_.empty()) spec.fail("no agent kind (expected e.g. random, heuristic, mcts:sims=400)");
  if (colon == std::string::npos) return spec;
  const std::string rest = text.substr(colon + 1);
  size_t pos = 0;
  while (pos <= rest.size()) {
    size_t comma = rest.find(',', pos);
    if (comma == std::string::npos) comma = rest.size();
    const std::string item = trim(rest.substr(pos, comma - pos));
    pos = comma + 1;
    if (item.empty()) {
      if (comma == rest.size()) break;
      spec.fail("empty setting between commas");
    }
    const size_t eq = item.find('=');
    if (eq == std::string::npos) {
      spec.positional_.push_back(item);
      continue;
    }
    const std::string key = trim(item.substr(0, eq));
    if (key.empty()) spec.fail("setting \"" + item + "\" has no name before '='");
    if (!spec.values_.emplace(key, trim(item.substr(eq + 1))).second) spec.fail("setting \"" + key + "\" given twice");
  }
  return spec;
}

AgentSpec AgentSpec::from_settings(std::string text, std::map<std::string, std::string> values) {
  AgentSpec spec;
  spec.text_ = std::move(text);
  spec.kind_ = spec.text_;  // names the source in check()'s messages
  spec.values_ = std::move(values);
  return spec;
}

int AgentSpec::get_int(const std::string& key, int def, int lo, int hi) const {
  return int(get_int64(key, def, lo, hi));
}

int64_t AgentSpec::get_int64(const std::string& key, int64_t def, int64_t lo, int64_t hi) const {
  auto it = values_.find(key);
  if (it == values_.end()) return def;
  const char* s = it->second.c_str();
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(s, &end, 10);
  if (it->second.empty() || *end != '\0' || errno == ERANGE)
    fail("setting " + key + "=" + it->second + " is not an integer");
  if (v < lo || v > hi)
    fail("setting " + key + "=" + it->second + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return int64_t(v);
}

double AgentSpec::get_double(const std::string& key, double def, double lo, double hi) const {
  auto it = values_.find(key);
  if (it == values_.end()) return def;
  const char* s = it->second.c_str();
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s, &end);
  if (it->second.empty() || *end != '\0' || errno == ERANGE || v != v)
    fail("setting " + key + "=" + it->second + " is not a number");
  if (v < lo || v > hi)
    fail("setting " + key + "=" + it->second + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

bool AgentSpec::get_bool(const std::string& key, bool def) const {
  auto it = values_.find(key);
  if (it == values_.end()) return def;
  const std::string& v = it->second;
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off") return false;
  fail("setting " + key + "=" + v + " is not a boolean (true/false)");
}

std::string AgentSpec::get_string(const std::string& key, const std::string& def) const {
  auto it = values_.find(key);
  return it == values_.end() ? def : it->second;
}

void AgentSpec::check(const std::set<std::string>& allowed, size_t max_positional) const {
  for (const auto& kv : values_) {
    if (allowed.count(kv.first)) continue;
    std::string known;
    for (const auto& a : allowed) known += (known.empty() ? "" : ", ") + a;
    fail("unknown setting \"" + kv.first + "\" for " + kind_ +
         (known.empty() ? " (it takes none)" : " (known: " + known + ")"));
  }
  if (positional_.size() > max_positional)
    fail("unexpected argument \"" + positional_[max_positional] + "\" for " + kind_);
}

namespace {
std::string trim_blanks(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}
}  // namespace

std::vector<std::string> split_settings(const std::string& list) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    out.push_back(list.substr(pos, comma - pos));
    pos = comma + 1;
  }
  return out;
}

std::string setting_key(const std::string& item) {
  const size_t eq = item.find('=');
  return eq == std::string::npos ? std::string() : trim_blanks(item.substr(0, eq));
}

std::string setting_value(const std::string& item) {
  const size_t eq = item.find('=');
  return eq == std::string::npos ? std::string() : trim_blanks(item.substr(eq + 1));
}

}  // namespace ddz
