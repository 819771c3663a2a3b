// Settings as text: the one place that knows how each setting type is printed and listed.
#include "game/settings_listing.h"

#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <sstream>

namespace ddz {
namespace {

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

std::string settings_markdown_table(const std::vector<BoundSetting>& defaults) {
  std::ostringstream os;
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
  return os.str();
}

std::string list_settings_markdown(const std::vector<BoundSetting>& defaults,
                                   const std::vector<RetiredSetting>& retired, const std::string& title,
                                   const std::string& intro) {
  std::ostringstream os;
  os << "# " << title << "\n\n" << intro;
  os << settings_markdown_table(defaults);
  if (!retired.empty()) {
    os << "\n## Retired\n\nKeys removed with their code because no shipped config set them, or renamed. A file may\n"
       << "still give a removed key at its former default, which did nothing (a run directory's config.yaml\n"
       << "from before lists them); any other value, or a renamed key, is an error naming the key.\n\n"
       << "| key | former default | removed |\n| --- | --- | --- |\n";
    for (const auto& r : retired)
      os << "| `" << r.name << "` | "
         << (r.renamed_to.empty() ? "`" + r.former_default + "`" : "renamed to `" + r.renamed_to + "`") << " | "
         << r.when << " |\n";
  }
  return os.str();
}

}  // namespace ddz
