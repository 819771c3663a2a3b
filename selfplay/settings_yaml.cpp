// Reads the settings of a settings table (game/settings_table.h) from YAML: the one place that
// knows how each setting type is written in a config file.
#include "selfplay/settings_yaml.h"

#include "game/settings_listing.h"

#include <cstdint>
#include <iomanip>
#include <sstream>

namespace ddz::selfplay {
namespace {

std::string text_of(const YAML::Node& node) {
  if (node.IsScalar()) return node.Scalar();
  std::ostringstream os;
  os << node;
  return os.str();
}

// Reads one value; `fail` reports why it is refused.
template <class Fail>
void read_value(const SettingInfo& info, const YAML::Node& node, void* value, const Fail& fail) {
  switch (info.type) {
    case SettingType::Bool: {
      bool v = false;
      if (!node.IsScalar() || !YAML::convert<bool>::decode(node, v))
        fail("expected true or false, got '" + text_of(node) + "'");
      *static_cast<bool*>(value) = v;
      return;
    }
    case SettingType::Int:
    case SettingType::Int64: {
      int64_t v = 0;
      if (!node.IsScalar() || !YAML::convert<int64_t>::decode(node, v))
        fail("expected an integer, got '" + text_of(node) + "'");
      if (v < info.int_lo || v > info.int_hi)
        fail("value " + std::to_string(v) + " out of range [" + std::to_string(info.int_lo) + ", " +
             std::to_string(info.int_hi) + "]");
      if (info.type == SettingType::Int) *static_cast<int*>(value) = int(v);
      else *static_cast<int64_t*>(value) = v;
      return;
    }
    case SettingType::UInt64: {
      uint64_t v = 0;
      const std::string s = text_of(node);
      if (!node.IsScalar() || s.empty() || s[0] == '-' || !YAML::convert<uint64_t>::decode(node, v))
        fail("expected a non-negative integer, got '" + s + "'");
      *static_cast<uint64_t*>(value) = v;
      return;
    }
    case SettingType::Double: {
      double v = 0;
      if (!node.IsScalar() || !YAML::convert<double>::decode(node, v))
        fail("expected a number, got '" + text_of(node) + "'");
      if (!(v >= info.lo && v <= info.hi)) {
        std::ostringstream os;
        os << "value " << v << " out of range [" << info.lo << ", " << info.hi << "]";
        fail(os.str());
      }
      *static_cast<double*>(value) = v;
      return;
    }
    case SettingType::Choice: {
      if (!node.IsScalar()) fail("expected a string");
      const std::string v = node.Scalar();
      std::string list;
      for (const auto& a : info.choices) {
        if (a == v) {
          *static_cast<std::string*>(value) = v;
          return;
        }
        list += (list.empty() ? "" : ", ") + a;
      }
      fail("'" + v + "' is not one of: " + list);
      return;
    }
    case SettingType::Text:
      if (!node.IsScalar()) fail("expected a string");
      *static_cast<std::string*>(value) = node.Scalar();
      return;
    case SettingType::IntList: {
      if (!node.IsSequence() || node.size() == 0 || node.size() > 8)
        fail("expected a list of 1 to 8 layer widths, e.g. [256, 256]");
      std::vector<int> v;
      for (const auto& item : node) {
        int x = 0;
        if (!item.IsScalar() || !YAML::convert<int>::decode(item, x))
          fail("expected integers, got '" + text_of(item) + "'");
        if (x < info.int_lo || x > info.int_hi)
          fail("width " + std::to_string(x) + " out of range [" + std::to_string(info.int_lo) + ", " +
               std::to_string(info.int_hi) + "]");
        v.push_back(x);
      }
      *static_cast<std::vector<int>*>(value) = v;
      return;
    }
    case SettingType::TextList: {
      if (!node.IsSequence()) fail("expected a list of agent specs, e.g. [random, heuristic]");
      std::vector<std::string> v;
      for (const auto& item : node) {
        if (!item.IsScalar() || item.Scalar().empty()) fail("expected a list of non-empty strings");
        v.push_back(item.Scalar());
      }
      *static_cast<std::vector<std::string>*>(value) = v;
      return;
    }
  }
}

// Whether a scalar node says `text`: equal as numbers when both are numbers, else as strings.
bool same_value(const YAML::Node& node, const std::string& text) {
  if (!node.IsScalar()) return false;
  double a = 0, b = 0;
  if (YAML::convert<double>::decode(node, a) && YAML::convert<double>::decode(YAML::Node(text), b)) return a == b;
  const YAML::Node former = YAML::Load(text);  // as YAML writes it: "" is the empty string
  return former.IsScalar() && node.Scalar() == former.Scalar();
}

}  // namespace

std::string KeyLines::of(const std::string& key) const {
  const auto it = lines_.find(key);
  return it == lines_.end() ? "" : " (line " + std::to_string(it->second) + ")";
}

void fail_key(const std::string& name, const KeyLines& lines, const std::string& key, const std::string& why) {
  throw ConfigError(name + ": key '" + key + "': " + why + lines.of(key));
}

KeyLines read_mapping(const YAML::Node& root, const std::vector<BoundSetting>& settings, const std::string& name,
                      const std::vector<RetiredSetting>& retired, const std::set<std::string>& extra) {
  KeyLines lines;
  std::map<std::string, int> seen;
  for (const auto& kv : root) {
    const int line = kv.first.Mark().line + 1;
    if (!kv.first.IsScalar())
      throw ConfigError(name + ": line " + std::to_string(line) + ": a key must be a plain name");
    const std::string key = kv.first.Scalar();
    const auto [it, fresh] = seen.emplace(key, line);
    if (!fresh)
      throw ConfigError(name + ": key '" + key + "' given twice (lines " + std::to_string(it->second) + " and " +
                        std::to_string(line) + ")");
    lines.set(key, line);
    if (extra.count(key)) continue;
    const BoundSetting* s = nullptr;
    for (const auto& b : settings)
      if (b.info->name == key) s = &b;
    const RetiredSetting* gone = nullptr;
    for (const auto& r : retired)
      if (r.name == key) gone = &r;
    if (!s && gone && !gone->renamed_to.empty())
      fail_key(name, lines, key, "was renamed to '" + gone->renamed_to + "' on " + gone->when);
    if (!s && gone) {
      if (!same_value(kv.second, gone->former_default))
        fail_key(name, lines, key,
                 "was removed on " + gone->when + "; only its former default " + gone->former_default +
                     " (which did nothing) is still accepted");
      continue;
    }
    if (!s)
      throw ConfigError(name + ": unknown key '" + key + "'" + lines.of(key) +
                        " (`ddz train --list-settings` lists the keys)");
    const auto fail = [&](const std::string& why) { fail_key(name, lines, key, why); };
    if (kv.second.IsNull()) fail("has no value");
    read_value(*s->info, kv.second, s->value, fail);
  }
  return lines;
}

}  // namespace ddz::selfplay
