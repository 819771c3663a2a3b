// Reads, prints and lists the settings of a settings table (selfplay/settings_table.h): the one
// place that knows how each setting type looks in YAML.
#include "selfplay/settings_yaml.h"

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

std::string real_text(double v) {
  std::ostringstream os;
  os << std::setprecision(10) << v;
  return os.str();
}

// A double-quoted YAML scalar.
std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
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
  return node.Scalar() == text;
}

const char* type_name(SettingType t) {
  switch (t) {
    case SettingType::Bool: return "bool";
    case SettingType::Int:
    case SettingType::Int64: return "integer";
    case SettingType::UInt64: return "integer >= 0";
    case SettingType::Double: return "number";
    case SettingType::Choice: return "choice";
    case SettingType::Text: return "string";
    case SettingType::IntList: return "list of integers";
    case SettingType::TextList: return "list of agent specs";
  }
  return "";
}

// A bound as people read it: 2^40 rather than 1099511627776.
std::string bound_text(int64_t v) {
  if (v >= (int64_t(1) << 20) && (v & (v - 1)) == 0) {
    int n = 0;
    while ((int64_t(1) << n) < v) ++n;
    return "2^" + std::to_string(n);
  }
  return std::to_string(v);
}

std::string range_text(const SettingInfo& i) {
  switch (i.type) {
    case SettingType::Int:
    case SettingType::Int64: return bound_text(i.int_lo) + " .. " + bound_text(i.int_hi);
    case SettingType::Double: return real_text(i.lo) + " .. " + real_text(i.hi);
    case SettingType::Choice: {
      std::string s;
      for (const auto& c : i.choices) s += (s.empty() ? "" : " | ") + c;
      return s;
    }
    case SettingType::IntList: return "1 to 8 of " + std::to_string(i.int_lo) + " .. " + std::to_string(i.int_hi);
    default: return "";
  }
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

std::string format_value(const SettingInfo& info, const void* value) {
  switch (info.type) {
    case SettingType::Bool: return *static_cast<const bool*>(value) ? "true" : "false";
    case SettingType::Int: return std::to_string(*static_cast<const int*>(value));
    case SettingType::Int64: return std::to_string(*static_cast<const int64_t*>(value));
    case SettingType::UInt64: return std::to_string(*static_cast<const uint64_t*>(value));
    case SettingType::Double: return real_text(*static_cast<const double*>(value));
    case SettingType::Choice: return *static_cast<const std::string*>(value);
    case SettingType::Text: return quoted(*static_cast<const std::string*>(value));
    case SettingType::IntList: {
      std::string s = "[";
      for (const int x : *static_cast<const std::vector<int>*>(value))
        s += (s.size() > 1 ? ", " : "") + std::to_string(x);
      return s + "]";
    }
    case SettingType::TextList: {
      std::string s = "[";
      for (const auto& x : *static_cast<const std::vector<std::string>*>(value))
        s += (s.size() > 1 ? ", " : "") + quoted(x);
      return s + "]";
    }
  }
  return "";
}

std::string format_mapping(const std::vector<BoundSetting>& settings) {
  std::string out;
  for (const auto& s : settings) out += s.info->name + ": " + format_value(*s.info, s.value) + "\n";
  return out;
}

std::string list_settings(const std::vector<BoundSetting>& defaults) {
  size_t wide = 0;
  for (const auto& s : defaults) wide = std::max(wide, s.info->name.size());
  std::ostringstream os;
  std::string group;
  for (const auto& s : defaults) {
    const SettingInfo& i = *s.info;
    if (i.group != group) {
      group = i.group;
      os << (os.tellp() > 0 ? "\n" : "") << "--- " << group << " ---\n";
    }
    os << std::left << std::setw(int(wide) + 2) << i.name << i.help << "\n";
    os << std::string(wide + 2, ' ') << type_name(i.type) << ", default " << format_value(i, s.value);
    const std::string range = range_text(i);
    if (!range.empty()) os << ", " << range;
    os << "\n";
  }
  return os.str();
}

std::string list_settings_markdown(const std::vector<BoundSetting>& defaults,
                                   const std::vector<RetiredSetting>& retired) {
  std::ostringstream os;
  os << "# Training settings\n\n"
     << "Every key of a training config (`ddz train --config FILE`), generated from the settings table in\n"
     << "selfplay/config.cpp by `ddz train --list-settings --markdown` (do not edit by hand; a test checks\n"
     << "that this file matches the table). A key left out of a config takes its default; an unknown key,\n"
     << "a key given twice, a wrong type or a value out of range is an error naming the file, key and line.\n";
  std::string group;
  for (const auto& s : defaults) {
    const SettingInfo& i = *s.info;
    if (i.group != group) {
      group = i.group;
      os << "\n## " << group << "\n\n| key | type | default | range | meaning |\n| --- | --- | --- | --- | --- |\n";
    }
    std::string range = range_text(i);
    for (size_t p = 0; (p = range.find('|', p)) != std::string::npos; p += 2) range.replace(p, 1, "\\|");
    os << "| `" << i.name << "` | " << type_name(i.type) << " | `" << format_value(i, s.value) << "` | " << range
       << " | " << i.help << " |\n";
  }
  if (!retired.empty()) {
    os << "\n## Retired\n\nRemoved with their code because no shipped config set them. A file may still give one\n"
       << "at its former default, which did nothing (a run directory's config.yaml from before lists them);\n"
       << "any other value is an error.\n\n| key | former default | removed |\n| --- | --- | --- |\n";
    for (const auto& r : retired) os << "| `" << r.name << "` | `" << r.former_default << "` | " << r.when << " |\n";
  }
  return os.str();
}

}  // namespace ddz::selfplay
