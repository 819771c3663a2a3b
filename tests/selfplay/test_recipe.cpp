// Tests of training recipes (selfplay/recipe.h): each phase of configs/pretrained.yaml has the
// effective settings of the phase file it replaced, and a bad recipe is refused naming the phase.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "selfplay/recipe.h"

namespace ddz::selfplay {
namespace {

std::string source_file(const std::string& relative) {
  std::ifstream in(std::string(DDZ_SOURCE_DIR) + "/" + relative, std::ios::binary);
  EXPECT_TRUE(in) << relative;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string recipe_error(const std::string& text) {
  try {
    parse_recipe(text, "r.yaml");
  } catch (const ConfigError& e) { return e.what(); }
  return "";
}

// tests/selfplay/data/pretrained/ holds the effective config (TrainConfig::to_yaml) of each
// configs/pretrained-*.yaml phase file as the loader of 2026-12-07 read it, before the files were
// folded into configs/pretrained.yaml. Each phase must have those settings; the settings retired
// since are accepted there only at the default they had (parse_config refuses any other value).
TEST(Recipe, PretrainedPhasesHaveTheRetiredPhaseFilesSettings) {
  const std::map<std::string, std::string> golden{
      {"phase1", "pretrained-phase1"},   {"phase2", "pretrained-phase2"}, {"phase3", "pretrained-phase3"},
      {"phase4", "pretrained-phase4"},   {"phase5", "pretrained-phase5"}, {"phase6", "pretrained-phase6"},
      {"phase7", "pretrained-phase7"},   {"bidnet", "pretrained-bidnet"}, {"phase8a", "pretrained-phase8"},
      {"phase8b", "pretrained-phase8b"}, {"phase8c", "pretrained"}};
  const Recipe recipe = load_recipe(std::string(DDZ_SOURCE_DIR) + "/configs/pretrained.yaml");
  for (const auto& [phase, file] : golden) {
    const std::string path = "tests/selfplay/data/pretrained/" + file + ".yaml";
    const TrainConfig want = parse_config(source_file(path), path);
    const Phase& p = recipe.phases[recipe.index_of(phase, "pretrained.yaml")];
    EXPECT_EQ(p.config.to_yaml(), want.to_yaml()) << phase << " vs " << path;
  }
  // phase3a: phase 3 before its teacher went from 32 to 128 simulations (step 89,074).
  TrainConfig phase3a = recipe.phases[recipe.index_of("phase3", "")].config;
  phase3a.search.sims = 32;
  EXPECT_EQ(recipe.phases[recipe.index_of("phase3a", "")].config.to_yaml(), phase3a.to_yaml());
  EXPECT_EQ(recipe.phases.size(), golden.size() + 1);
}

// The lineage's steps: each main-line phase stops where the next starts, the branch runs to its
// own end, and the last phase runs on (to its limits, none here: Ctrl-C).
TEST(Recipe, PretrainedPhasesStopWhereTheNextStarts) {
  const Recipe r = load_recipe(std::string(DDZ_SOURCE_DIR) + "/configs/pretrained.yaml");
  const std::map<std::string, int64_t> stops{{"phase1", 39518},    {"phase2", 82656},    {"phase3a", 89074},
                                             {"phase3", 325214},   {"phase4", 637863},   {"phase5", 669077},
                                             {"phase6", 1149661},  {"phase7", 1170824},  {"bidnet", 1190380},
                                             {"phase8a", 1212425}, {"phase8b", 1223604}, {"phase8c", 0}};
  for (const auto& [phase, stop] : stops) {
    const size_t i = r.index_of(phase, "");
    EXPECT_EQ(r.stop_step(i), stop) << phase;
    EXPECT_EQ(r.run_config(i).max_steps, stop) << phase;
  }
  EXPECT_TRUE(r.phases[r.index_of("bidnet", "")].branch);
}

const char* kBase = "seed: 3\nminutes: 0\nsims: 8\nlr: 0.001\n";

TEST(Recipe, PhasesChangeTheBase) {
  const Recipe r = parse_recipe(std::string(kBase) +
                                    "phases:\n"
                                    "  - name: a\n"
                                    "    settings: {lr: 0.01}\n"
                                    "  - name: b\n"
                                    "    from_step: 10\n"
                                    "    to_step: 30\n"
                                    "    settings:\n"
                                    "      sims: 16\n"
                                    "      max_steps: 20\n"
                                    "  - name: side\n"
                                    "    from_step: 20\n"
                                    "    to_step: 25\n"
                                    "    branch: true\n"
                                    "  - name: c\n"
                                    "    from_step: 20\n",
                                "r.yaml");
  ASSERT_EQ(r.phases.size(), 4u);
  EXPECT_DOUBLE_EQ(r.phases[0].config.lr, 0.01);
  EXPECT_EQ(r.phases[0].config.search.sims, 8);
  EXPECT_DOUBLE_EQ(r.phases[1].config.lr, 0.001);  // against the base, not the phase before
  EXPECT_EQ(r.phases[1].config.search.sims, 16);
  EXPECT_EQ(r.phases[0].from_step, -1);
  EXPECT_EQ(r.phases[1].from_step, 10);
  EXPECT_EQ(r.stop_step(0), 10);
  EXPECT_EQ(r.stop_step(1), 20);  // the branch starts at 20, before b's to_step
  EXPECT_EQ(r.run_config(1).max_steps, 20);
  EXPECT_EQ(r.stop_step(2), 25);  // a branch ends at its own to_step, not at the next phase
  EXPECT_EQ(r.stop_step(3), 0);
  EXPECT_EQ(r.run_config(3).max_steps, 0);
  EXPECT_EQ(r.index_of("c", "r.yaml"), 3u);
  try {
    r.index_of("d", "r.yaml");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("no phase 'd' (phases: a, b, side, c)"), std::string::npos);
  }
}

TEST(Recipe, BadRecipesAreRefusedNamingThePhase) {
  const std::string base = std::string(kBase) + "phases:\n";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"  - name: a\n    settings: {simz: 3}\n", "r.yaml: phase 'a': unknown key 'simz' (line"},
      {"  - name: a\n    settings:\n      sims: 0\n", "r.yaml: phase 'a': key 'sims': value 0 out of range"},
      {"  - name: a\n    settings:\n      sims: 4\n      sims: 5\n", "phase 'a': key 'sims' given twice"},
      {"  - name: a\n    settings: {k: 16}\n", "phase 'a': key 'k': must not exceed sims (8)"},
      {"  - name: a\n    from: 3\n", "phase 'a': unknown phase key 'from'"},
      {"  - name: a\n    name: b\n", "phase key 'name' given twice"},
      {"  - settings: {sims: 4}\n", "r.yaml: a phase without a name"},
      {"  - name: a b\n", "phase name 'a b'"},
      {"  - name: a\n  - name: a\n    from_step: 5\n", "phase 'a': two phases have this name"},
      {"  - name: a\n    from_step: 5\n", "phase 'a': the first phase starts the run"},
      {"  - name: a\n  - name: b\n", "phase 'a': never ends, so phase 'b' would never start"},
      {"  - name: a\n  - name: b\n    from_step: 10\n  - name: c\n    from_step: 10\n",
       "phase 'c': from_step 10 must come after the previous phase's start (10)"},
      {"  - name: a\n  - name: b\n    from_step: -1\n", "phase 'b': key 'from_step': expected a learner step >= 0"},
      {"  - name: a\n  - name: b\n    from_step: 10\n    to_step: 10\n", "phase 'b': to_step 10 must come after"},
      {"  - name: a\n  - name: s\n    from_step: 10\n    branch: true\n  - name: c\n    from_step: 10\n",
       "phase 's': never ends, so phase 'c' would never start: give it a to_step"},
      {"  - name: a\n    branch: maybe\n", "phase 'a': key 'branch': expected true or false"},
  };
  for (const auto& [phases, why] : cases) {
    const std::string e = recipe_error(base + phases);
    EXPECT_NE(e.find(why), std::string::npos) << phases << " -> " << e;
  }
  EXPECT_NE(recipe_error(std::string(kBase) + "phases: []\n").find("key 'phases': expected a list"), std::string::npos);
  EXPECT_NE(recipe_error(std::string(kBase) + "phases: 3\n").find("key 'phases': expected a list"), std::string::npos);
  EXPECT_NE(recipe_error("simz: 1\nphases:\n  - name: a\n").find("r.yaml: unknown key 'simz' (line 1)"),
            std::string::npos);
  EXPECT_NE(recipe_error("sims: 1\nsims: 2\nphases:\n  - name: a\n").find("key 'sims' given twice"), std::string::npos);
  // A plain config is not a recipe and a recipe is not one config.
  try {
    parse_config(base + "  - name: a\n", "r.yaml");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("r.yaml: a recipe of phases"), std::string::npos);
  }
}

}  // namespace
}  // namespace ddz::selfplay
