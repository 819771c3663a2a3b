// The settings of ddz.Env, read from keyword arguments or from RLCard's config dict (the same
// names in both), checked once with errors naming the setting, and written back for pickling.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "python/bindings.h"

namespace ddz::py {

// compat="ddz": the project's states; compat="rlcard": RLCard's own (docs/python.md).
enum class Compat { Ddz, Rlcard };

struct EnvSettings {
  std::optional<uint64_t> seed;  // none: a random seed, as RLCard's seed=None
  bool bidding = false;
  std::string payoff = "win";
  bool spring = true;
  bool bomb_double = true;
  Compat compat = Compat::Ddz;
  bool allow_step_back = false;
};

// From ddz.Env's arguments. With `config` (a dict, RLCard's form) the other arguments must keep
// their defaults; the dict's keys are the argument names, compat defaults to "rlcard" and seed to
// None there. ValueError or TypeError naming the setting for anything else.
EnvSettings env_settings(const pyb::handle& seed, bool bidding, const std::string& payoff, bool spring,
                         bool bomb_double, const std::string& compat, bool allow_step_back, const pyb::handle& config);
// The settings as a config dict (every key), and back; `what` names the caller in errors.
pyb::dict settings_dict(const EnvSettings& settings);
EnvSettings settings_from_dict(const pyb::handle& config, const char* what);

}  // namespace ddz::py
