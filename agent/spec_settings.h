// Agent spec settings declared in settings tables (game/settings_table.h): each kind's settings are
// read from its spec, then from an agent file's default settings, and listed from one declaration.
#pragma once
#include <set>
#include <string>

#include "agent/agent_spec.h"
#include "game/settings_table.h"

namespace ddz {

// Reads one setting's value from `from` (a spec or an agent file's defaults) into `value`, of the
// type info.type names. AgentSpecError naming the spec, key and value when it does not parse or
// lies outside the declared range.
void read_spec_setting(const AgentSpec& from, const SettingInfo& info, void* value);

// Every setting of `table` that `spec` gives, else that `file` gives (pass an empty AgentSpec when
// there is no file), read into `out`; absent settings keep out's values.
template <class C>
void read_spec_settings(const AgentSpec& spec, const AgentSpec& file, const SettingsTable<C>& table, C& out) {
  for (const Setting<C>& s : table.settings()) {
    const std::string& name = s.info.name;
    if (spec.has(name)) read_spec_setting(spec, s.info, s.value(out));
    else if (file.has(name)) read_spec_setting(file, s.info, s.value(out));
  }
}

// The names a table declares, for AgentSpec::check.
template <class C>
std::set<std::string> setting_names(const SettingsTable<C>& table) {
  std::set<std::string> out;
  for (const Setting<C>& s : table.settings()) out.insert(s.info.name);
  return out;
}

}  // namespace ddz
