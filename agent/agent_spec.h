// Parsing of agent spec strings such as "random", "mcts:sims=800,threads=2" or
// "mcts+net:runs/x/agent.ddz,sims=200": a kind, positional arguments and key=value settings.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ddz {

// Thrown for an unknown agent kind, a bad or unknown setting; the message names the spec.
class AgentSpecError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

class AgentSpec {
 public:
  // "kind" or "kind:arg,key=value,...". Throws AgentSpecError on an empty kind or a repeated key.
  static AgentSpec parse(const std::string& text);
  // Settings read from elsewhere (a config file): `text` names them in messages.
  static AgentSpec from_settings(std::string text, std::map<std::string, std::string> values);

  const std::string& text() const { return text_; }
  const std::string& kind() const { return kind_; }
  const std::vector<std::string>& positional() const { return positional_; }
  bool has(const std::string& key) const { return values_.count(key) != 0; }

  // Typed getters: the default when the key is absent; AgentSpecError naming the key and spec
  // when the value does not parse or lies outside [lo, hi].
  int get_int(const std::string& key, int def, int lo, int hi) const;
  int64_t get_int64(const std::string& key, int64_t def, int64_t lo, int64_t hi) const;
  double get_double(const std::string& key, double def, double lo, double hi) const;
  bool get_bool(const std::string& key, bool def) const;
  std::string get_string(const std::string& key, const std::string& def) const;

  // Throws AgentSpecError when a key outside `allowed` was given, or more positional arguments
  // than max_positional; call after reading the settings a kind knows.
  void check(const std::set<std::string>& allowed, size_t max_positional = 0) const;

 private:
  [[noreturn]] void fail(const std::string& why) const;
  std::string text_;
  std::string kind_;
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
};

// A settings list ("a=1, b=2,file") split at its commas, and an item's trimmed key and value
// ("" for a positional item's key): for kinds that hand some settings on to another kind.
std::vector<std::string> split_settings(const std::string& list);
std::string setting_key(const std::string& item);
std::string setting_value(const std::string& item);

}  // namespace ddz
