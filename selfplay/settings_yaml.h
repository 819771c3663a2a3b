// Settings tables meet YAML: reading a mapping into a struct (unknown, repeated, mistyped and
// out-of-range keys rejected with file, key and line).
#pragma once
#include <yaml-cpp/yaml.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/settings_listing.h"
#include "game/settings_table.h"

namespace ddz::selfplay {

// Thrown for a bad config file; the message names the file and the key.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where each key of a mapping stood (1-based lines), for messages about a key.
class KeyLines {
 public:
  void set(const std::string& key, int line) { lines_[key] = line; }
  // " (line N)" if the key was in the file, "" otherwise.
  std::string of(const std::string& key) const;

 private:
  std::map<std::string, int> lines_;
};

// "NAME: key 'KEY': WHY (line N)" as a ConfigError.
[[noreturn]] void fail_key(const std::string& name, const KeyLines& lines, const std::string& key,
                           const std::string& why);

// Reads every key of the mapping `root` into its setting. A key not among the settings is an
// error unless it is in `extra` (the caller reads those) or retired with the value given (then
// ignored); a key given twice is an error (yaml-cpp itself keeps the first silently). `name`
// stands for the file in messages.
KeyLines read_mapping(const YAML::Node& root, const std::vector<BoundSetting>& settings, const std::string& name,
                      const std::vector<RetiredSetting>& retired = {}, const std::set<std::string>& extra = {});

}  // namespace ddz::selfplay
