// A training recipe: a config file with a `phases:` list, each phase the base settings plus the
// ones it changes, run one after another in one run directory (configs/pretrained.yaml).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/config.h"

namespace ddz::selfplay {

struct Phase {
  std::string name;
  // The learner step it starts at: the phase before it stops there (-1: where that one ends by
  // its own limits or to_step).
  int64_t from_step = -1;
  int64_t to_step = 0;  // the learner step it ends at (0: its limits or the next phase's from_step)
  // A side run: it starts from a copy of the main line (RUN/branches/NAME) and the phases after
  // it go on from the main line, not from it.
  bool branch = false;
  TrainConfig config;  // the base with the phase's settings
};

struct Recipe {
  TrainConfig base;
  std::vector<Phase> phases;

  // The index of the phase called `name`; throws ConfigError naming the phases otherwise.
  size_t index_of(const std::string& name, const std::string& file) const;
  // The learner step at which phase i stops so that the sequence goes on (0 = its own limits).
  int64_t stop_step(size_t i) const;
  // Phase i's config as it runs: max_steps lowered to stop_step(i).
  TrainConfig run_config(size_t i) const;
};

// Whether the file holds a `phases:` list (a recipe rather than a plain config).
bool is_recipe(const std::string& path);
// Reads a recipe; every phase's settings are checked as a config is (load_config), and the
// sequence is checked to end each phase before the next. Throws ConfigError.
Recipe load_recipe(const std::string& path);
Recipe parse_recipe(const std::string& text, const std::string& name);

}  // namespace ddz::selfplay
