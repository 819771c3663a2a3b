// ddz.Env's settings from keyword arguments or a config dict (python/env_settings.h).
#include "python/env_settings.h"

#include <pybind11/stl.h>

namespace ddz::py {
namespace {

Compat compat_arg(const std::string& compat, const char* what) {
  if (compat == "ddz") return Compat::Ddz;
  if (compat == "rlcard") return Compat::Rlcard;
  throw pyb::value_error(std::string(what) + ": compat \"" + compat +
                         "\" must be 'ddz' (the project's states) or 'rlcard' (RLCard's states)");
}

void check(const EnvSettings& s, const char* what) {
  if (s.payoff != "win" && s.payoff != "score")
    throw pyb::value_error(std::string(what) + ": payoff \"" + s.payoff +
                           "\" must be 'win' (1 for the winning side, 0 for the losers, as RLCard) or 'score'");
  if (s.compat == Compat::Rlcard && s.bidding)
    throw pyb::value_error(std::string(what) + ": bidding=True needs compat='ddz' (RLCard's env has no bidding)");
}

bool bool_setting(const pyb::handle& value, const std::string& key, const char* what) {
  if (!PyBool_Check(value.ptr()))
    throw pyb::type_error(std::string(what) + ": config['" + key + "'] must be True or False, got " +
                          std::string(pyb::str(value.get_type().attr("__name__"))));
  return value.cast<bool>();
}

std::string str_setting(const pyb::handle& value, const std::string& key, const char* what) {
  if (!pyb::isinstance<pyb::str>(value))
    throw pyb::type_error(std::string(what) + ": config['" + key + "'] must be a str, got " +
                          std::string(pyb::str(value.get_type().attr("__name__"))));
  return value.cast<std::string>();
}

}  // namespace

EnvSettings settings_from_dict(const pyb::handle& config, const char* what) {
  if (!pyb::isinstance<pyb::dict>(config))
    throw pyb::type_error(std::string(what) + ": config must be a dict, got " +
                          std::string(pyb::str(config.get_type().attr("__name__"))));
  EnvSettings s;
  s.compat = Compat::Rlcard;
  for (const auto& item : config.cast<pyb::dict>()) {
    if (!pyb::isinstance<pyb::str>(item.first))
      throw pyb::type_error(std::string(what) + ": config keys must be str, got " + std::string(pyb::repr(item.first)));
    const std::string key = item.first.cast<std::string>();
    const pyb::handle value = item.second;
    if (key == "seed")
      s.seed = value.is_none() ? std::nullopt : std::optional<uint64_t>(seed_arg(value, "config['seed']"));
    else if (key == "bidding") s.bidding = bool_setting(value, key, what);
    else if (key == "payoff") s.payoff = str_setting(value, key, what);
    else if (key == "spring") s.spring = bool_setting(value, key, what);
    else if (key == "bomb_double") s.bomb_double = bool_setting(value, key, what);
    else if (key == "compat") s.compat = compat_arg(str_setting(value, key, what), what);
    else if (key == "allow_step_back") s.allow_step_back = bool_setting(value, key, what);
    else
      throw pyb::value_error(std::string(what) + ": unknown config key '" + key +
                             "' (known: seed, allow_step_back, compat, bidding, payoff, spring, bomb_double)");
  }
  check(s, what);
  return s;
}

EnvSettings env_settings(const pyb::handle& seed, bool bidding, const std::string& payoff, bool spring,
                         bool bomb_double, const std::string& compat, bool allow_step_back, const pyb::handle& config) {
  if (!config.is_none()) {
    const bool defaults = is_integer(seed) &&
                          pyb::int_(pyb::reinterpret_borrow<pyb::object>(seed)).cast<long long>() == 0 && !bidding &&
                          payoff == "win" && spring && bomb_double && compat == "ddz" && !allow_step_back;
    if (!defaults) throw pyb::value_error("ddz.Env: give the settings either as arguments or in config, not both");
    return settings_from_dict(config, "ddz.Env");
  }
  EnvSettings s;
  s.seed = seed.is_none() ? std::nullopt : std::optional<uint64_t>(seed_arg(seed, "ddz.Env seed"));
  s.bidding = bidding;
  s.payoff = payoff;
  s.spring = spring;
  s.bomb_double = bomb_double;
  s.compat = compat_arg(compat, "ddz.Env");
  s.allow_step_back = allow_step_back;
  check(s, "ddz.Env");
  return s;
}

pyb::dict settings_dict(const EnvSettings& s) {
  pyb::dict out;
  out["seed"] = s.seed ? pyb::object(pyb::int_(*s.seed)) : pyb::none();
  out["bidding"] = s.bidding;
  out["payoff"] = s.payoff;
  out["spring"] = s.spring;
  out["bomb_double"] = s.bomb_double;
  out["compat"] = s.compat == Compat::Rlcard ? "rlcard" : "ddz";
  out["allow_step_back"] = s.allow_step_back;
  return out;
}

}  // namespace ddz::py
