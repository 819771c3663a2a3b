// Settings tables as text: a value in the form a config file and a spec write it, the effective
// settings as "name: value" lines, and the listings of `--list-settings` (aligned text, Markdown).
#pragma once
#include <string>
#include <vector>

#include "game/settings_table.h"

namespace ddz {

// A setting of one table paired with the value it reads into or prints from.
struct BoundSetting {
  const SettingInfo* info;
  void* value;
};
template <class C>
std::vector<BoundSetting> bind(const SettingsTable<C>& table, C& config) {
  std::vector<BoundSetting> out;
  for (const auto& s : table.settings()) out.push_back({&s.info, s.value(config)});
  return out;
}

// The value as YAML (the form read_mapping reads back to the same value).
std::string format_value(const SettingInfo& info, const void* value);
// "name: value" lines of every setting, in table order.
std::string format_mapping(const std::vector<BoundSetting>& settings);

// The listing of `--list-settings`: each setting's name, type, default, range and help,
// as aligned text or as a Markdown table (docs/settings.md). `defaults` binds a default config.
std::string list_settings(const std::vector<BoundSetting>& defaults);
// The Markdown ends with the retired keys, which old files may still give at their former default.
// `title` and `intro` head the page.
std::string list_settings_markdown(const std::vector<BoundSetting>& defaults,
                                   const std::vector<RetiredSetting>& retired, const std::string& title,
                                   const std::string& intro);

// The Markdown table alone (key, type, default, range, meaning), one heading per group.
std::string settings_markdown_table(const std::vector<BoundSetting>& defaults);

}  // namespace ddz
