// Reads a training recipe (selfplay/recipe.h): the base settings through the settings table, then
// each phase's name, start, end and settings, and checks that every phase ends before the next.
#include "selfplay/recipe.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace ddz::selfplay {
namespace {

std::string line_of(const YAML::Node& node) { return " (line " + std::to_string(node.Mark().line + 1) + ")"; }

int64_t read_step(const YAML::Node& node, const std::string& where, const char* key, int64_t lo) {
  int64_t v = 0;
  if (!node.IsScalar() || !YAML::convert<int64_t>::decode(node, v) || v < lo)
    throw ConfigError(where + ": key '" + key + "': expected a learner step >= " + std::to_string(lo) + ", got '" +
                      (node.IsScalar() ? node.Scalar() : std::string("a list or mapping")) + "'" + line_of(node));
  return v;
}

bool has_limit(const TrainConfig& c) { return c.max_steps > 0 || c.max_games > 0 || c.minutes > 0; }

Phase read_phase(const YAML::Node& item, const TrainConfig& base, const std::string& file) {
  if (!item.IsMap()) throw ConfigError(file + ": each of 'phases' is a mapping with a name" + line_of(item));
  Phase p;
  p.config = base;
  std::set<std::string> seen;
  for (const auto& kv : item) {
    const std::string key = kv.first.Scalar();
    if (!seen.insert(key).second) throw ConfigError(file + ": phase key '" + key + "' given twice" + line_of(kv.first));
  }
  if (!item["name"] || !item["name"].IsScalar() || item["name"].Scalar().empty())
    throw ConfigError(file + ": a phase without a name" + line_of(item));
  p.name = item["name"].Scalar();
  if (p.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != std::string::npos)
    throw ConfigError(file + ": phase name '" + p.name + "': use letters, digits, '-' and '_'" + line_of(item["name"]));
  const std::string where = file + ": phase '" + p.name + "'";
  for (const auto& kv : item) {
    const std::string key = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (key == "name") continue;
    if (key == "from_step") p.from_step = read_step(v, where, "from_step", 0);
    else if (key == "to_step") p.to_step = read_step(v, where, "to_step", 1);
    else if (key == "branch") {
      if (!v.IsScalar() || !YAML::convert<bool>::decode(v, p.branch))
        throw ConfigError(where + ": key 'branch': expected true or false" + line_of(v));
    } else if (key == "settings") {
      if (!v.IsMap()) throw ConfigError(where + ": key 'settings': expected a mapping of key: value" + line_of(v));
      const KeyLines lines = read_mapping(v, bind(train_settings(), p.config), where, train_settings().retired());
      check_config(p.config, where, lines);
    } else {
      throw ConfigError(where + ": unknown phase key '" + key + "' (name, from_step, to_step, branch, settings)" +
                        line_of(kv.first));
    }
  }
  if (!item["settings"]) check_config(p.config, where, KeyLines{});
  if (p.to_step > 0 && p.from_step >= 0 && p.to_step <= p.from_step)
    throw ConfigError(where + ": to_step " + std::to_string(p.to_step) + " must come after from_step " +
                      std::to_string(p.from_step));
  return p;
}

// Each phase must end for the next to start, and the main line's starts must rise.
void check_sequence(const Recipe& r, const std::string& file) {
  std::set<std::string> names;
  int64_t last_start = 0;
  for (size_t i = 0; i < r.phases.size(); ++i) {
    const Phase& p = r.phases[i];
    const std::string where = file + ": phase '" + p.name + "'";
    if (!names.insert(p.name).second) throw ConfigError(where + ": two phases have this name");
    if (i == 0 && (p.branch || p.from_step > 0))
      throw ConfigError(where + ": the first phase starts the run (no from_step, no branch)");
    if (p.from_step >= 0 && !p.branch) {
      if (i > 0 && p.from_step <= last_start)
        throw ConfigError(where + ": from_step " + std::to_string(p.from_step) +
                          " must come after the previous phase's start (" + std::to_string(last_start) + ")");
      last_start = p.from_step;
    }
    if (i + 1 == r.phases.size()) continue;
    const Phase& next = r.phases[i + 1];
    const bool ends = p.branch ? (p.to_step > 0 || has_limit(p.config))
                               : (next.from_step >= 0 || p.to_step > 0 || has_limit(p.config));
    if (!ends)
      throw ConfigError(where + ": never ends, so phase '" + next.name + "' would never start: give " +
                        (p.branch ? "it a to_step" : "phase '" + next.name + "' a from_step, or this one a to_step"));
  }
}

}  // namespace

size_t Recipe::index_of(const std::string& name, const std::string& file) const {
  std::string list;
  for (size_t i = 0; i < phases.size(); ++i) {
    if (phases[i].name == name) return i;
    list += (list.empty() ? "" : ", ") + phases[i].name;
  }
  throw ConfigError(file + ": no phase '" + name + "' (phases: " + list + ")");
}

int64_t Recipe::stop_step(size_t i) const {
  const Phase& p = phases.at(i);
  int64_t stop = p.to_step;
  if (!p.branch && i + 1 < phases.size() && phases[i + 1].from_step >= 0)
    stop = stop > 0 ? std::min(stop, phases[i + 1].from_step) : phases[i + 1].from_step;
  return stop;
}

TrainConfig Recipe::run_config(size_t i) const {
  TrainConfig c = phases.at(i).config;
  const int64_t stop = stop_step(i);
  if (stop > 0 && (c.max_steps == 0 || stop < c.max_steps)) c.max_steps = stop;
  return c;
}

Recipe parse_recipe(const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) { throw ConfigError(name + ": not valid YAML: " + e.what()); }
  if (!root || !root.IsMap()) throw ConfigError(name + ": expected a mapping of key: value at the top level");
  Recipe r;
  read_mapping(root, bind(train_settings(), r.base), name, train_settings().retired(), {"phases"});
  const YAML::Node& const_root = root;  // a non-const operator[] would add the key
  const YAML::Node phases = const_root["phases"];
  if (!phases || !phases.IsSequence() || phases.size() == 0)
    throw ConfigError(name + ": key 'phases': expected a list of phases, each with a name");
  for (const auto& item : phases) r.phases.push_back(read_phase(item, r.base, name));
  check_sequence(r, name);
  return r;
}

bool is_recipe(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  try {
    const YAML::Node root = YAML::Load(ss.str());
    return root && root.IsMap() && root["phases"];
  } catch (const YAML::Exception&) { return false; }
}

Recipe load_recipe(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open the config file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_recipe(ss.str(), path);
}

}  // namespace ddz::selfplay
