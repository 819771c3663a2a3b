// Runs a training recipe (selfplay/recipe.h): its phases one after another in one run directory,
// each resuming from where the one before it stopped; a branch phase runs in RUN/branches/NAME.
#pragma once
#include <string>

#include "selfplay/trainer.h"

namespace ddz::selfplay {

// Runs the recipe options.config_path from its first phase (a new run), from `phase` (its
// from_step must be the run's newest checkpoint), or with options.resume from the phase named in
// RUN/phase.txt (the last main-line phase when the run has none). A stop signal ends the
// sequence after the running phase's checkpoint. Returns run_training's code; throws as it does.
int run_recipe(const TrainOptions& options, const std::string& phase = "");

}  // namespace ddz::selfplay
