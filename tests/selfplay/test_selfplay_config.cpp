// Tests of the training config: defaults, every kind of rejection names the key and the file,
// and the effective config written to a run directory reads back to the same settings.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "selfplay/config.h"
#include "selfplay/recipe.h"

namespace ddz::selfplay {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "cfg.yaml");
  } catch (const ConfigError& e) { return e.what(); }
  return "";
}

TEST(SelfplayConfig, EmptyFileGivesDefaults) {
  const TrainConfig c = parse_config("", "cfg.yaml");
  const TrainConfig d;
  EXPECT_EQ(c.search.sims, d.search.sims);
  EXPECT_EQ(c.policy_hidden, d.policy_hidden);
  EXPECT_EQ(c.eval_opponents, d.eval_opponents);
}

TEST(SelfplayConfig, ReadsValues) {
  const TrainConfig c = parse_config(
      "sims: 32\nlr: 0.01\nbidding: true\npolicy_hidden: [64, 32]\n"
      "eval_opponents: [random, \"mcts:sims=10,threads=1\"]\n",
      "cfg.yaml");
  EXPECT_EQ(c.search.sims, 32);
  EXPECT_DOUBLE_EQ(c.lr, 0.01);
  EXPECT_TRUE(c.bidding);
  EXPECT_EQ(c.policy_hidden, (std::vector<int>{64, 32}));
  ASSERT_EQ(c.eval_opponents.size(), 2u);
  EXPECT_EQ(c.eval_opponents[1], "mcts:sims=10,threads=1");
}

TEST(SelfplayConfig, UnknownKeyNamesKeyAndFile) {
  const std::string e = error_of("sims: 8\nsimz: 9\n");
  EXPECT_NE(e.find("cfg.yaml"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key 'simz'"), std::string::npos) << e;
}

TEST(SelfplayConfig, WrongTypeNamesKeyAndFile) {
  for (const char* text : {"sims: many\n", "lr: fast\n", "bidding: maybe\n", "policy_hidden: 256\n",
                           "eval_opponents: random\n", "seed: -3\n", "sims: 1.5\n"}) {
    const std::string e = error_of(text);
    EXPECT_NE(e.find("cfg.yaml: key '"), std::string::npos) << text << " -> " << e;
  }
  EXPECT_NE(error_of("sims: many\n").find("key 'sims'"), std::string::npos);
  EXPECT_NE(error_of("policy_hidden: [64, x]\n").find("key 'policy_hidden'"), std::string::npos);
}

TEST(SelfplayConfig, OutOfRangeNamesKeyAndFile) {
  std::string e = error_of("sims: 0\n");
  EXPECT_NE(e.find("cfg.yaml: key 'sims'"), std::string::npos) << e;
  EXPECT_NE(e.find("out of range"), std::string::npos) << e;
  e = error_of("full_search_prob: 1.5\n");
  EXPECT_NE(e.find("key 'full_search_prob'"), std::string::npos) << e;
  e = error_of("eval_agent: mcts\n");
  EXPECT_NE(e.find("key 'eval_agent'"), std::string::npos) << e;
  e = error_of("min_replay: 5000\nreplay_capacity: 1000\n");
  EXPECT_NE(e.find("key 'min_replay'"), std::string::npos) << e;
  e = error_of("sims: 4\nk: 8\nfast_sims: 2\n");
  EXPECT_NE(e.find("key 'k'"), std::string::npos) << e;
  e = error_of("rollout_mix: 1.2\n");
  EXPECT_NE(e.find("key 'rollout_mix'"), std::string::npos) << e;
  e = error_of("rollout: mcts\n");
  EXPECT_NE(e.find("key 'rollout'"), std::string::npos) << e;
  e = error_of("search_target: visits\n");
  EXPECT_NE(e.find("key 'search_target'"), std::string::npos) << e;
  e = error_of("others: random\n");
  EXPECT_NE(e.find("key 'others'"), std::string::npos) << e;
  EXPECT_EQ(parse_config("rollout: net\nothers: seats\n", "seats").search.rollout_others, "seats");
  e = error_of("pool_seats: one\n");
  EXPECT_NE(e.find("key 'pool_seats'"), std::string::npos) << e;
  EXPECT_EQ(parse_config("pool_seats: sides\n", "sides").pool_seats, "sides");
  EXPECT_EQ(parse_config("", "default").pool_seats, "mixed");
  e = error_of("infer: 0\n");
  EXPECT_NE(e.find("key 'infer'"), std::string::npos) << e;
  e = error_of("infer_moves: -1\n");
  EXPECT_NE(e.find("key 'infer_moves'"), std::string::npos) << e;
  e = error_of("infer_draws: 0\n");
  EXPECT_NE(e.find("key 'infer_draws'"), std::string::npos) << e;
  // teacher and distill (a distilled rollout network that did not ship) are retired: accepted
  // at their former defaults only, as run directories written before list them.
  EXPECT_NO_THROW(parse_config("teacher: \"\"\ndistill: false\n", "old run"));
  e = error_of("teacher: t.ddz\n");
  EXPECT_NE(e.find("key 'teacher'"), std::string::npos) << e;
  EXPECT_NE(e.find("removed"), std::string::npos) << e;
  e = error_of("distill: true\n");
  EXPECT_NE(e.find("key 'distill'"), std::string::npos) << e;
  e = error_of("confident: 1.5\n");
  EXPECT_NE(e.find("key 'confident'"), std::string::npos) << e;
  EXPECT_DOUBLE_EQ(parse_config("", "default").search.confident, 1.0);
  e = error_of("bid_games: 4\n");  // without bidding: true
  EXPECT_NE(e.find("key 'bid_games'"), std::string::npos) << e;
  e = error_of("bidding: true\nbid_games: 51\n");
  EXPECT_NE(e.find("key 'bid_games'"), std::string::npos) << e;
  e = error_of("pool_share: 0.3\n");
  EXPECT_NE(e.find("key 'pool_share'"), std::string::npos) << e;
  e = error_of("pool_agents: [heuristic]\npool_share: 1.5\n");
  EXPECT_NE(e.find("key 'pool_share'"), std::string::npos) << e;
  e = error_of("bidding: true\nbidding_share: 1.5\n");
  EXPECT_NE(e.find("key 'bidding_share'"), std::string::npos) << e;
  e = error_of("pg_share: 1.5\n");
  EXPECT_NE(e.find("key 'pg_share'"), std::string::npos) << e;
  e = error_of("pg_lambda: -0.1\n");
  EXPECT_NE(e.find("key 'pg_lambda'"), std::string::npos) << e;
  e = error_of("q_rescale: 2\n");
  EXPECT_NE(e.find("key 'q_rescale'"), std::string::npos) << e;
  e = error_of("value_hidden: [0]\n");
  EXPECT_NE(e.find("key 'value_hidden'"), std::string::npos) << e;
}

TEST(SelfplayConfig, EmptyValueAndBadYamlAreRejected) {
  EXPECT_NE(error_of("sims:\n").find("key 'sims'"), std::string::npos);
  EXPECT_NE(error_of("sims: [1\n").find("cfg.yaml: not valid YAML"), std::string::npos);
  EXPECT_NE(error_of("- 1\n- 2\n").find("cfg.yaml"), std::string::npos);
}

TEST(SelfplayConfig, RisingRolloutMixIsRejected) {
  EXPECT_NE(
      error_of("rollout_mix: 0.2\nrollout_mix_final: 0.5\nrollout_mix_decay_minutes: 10\n").find("rollout_mix_final"),
      std::string::npos);
  EXPECT_EQ(error_of("rollout_mix: 0.5\nrollout_mix_final: 0.2\nrollout_mix_decay_minutes: 10\n"), "");
  EXPECT_NE(error_of("solver: 55\n").find("key 'solver'"), std::string::npos);
}

// rollout_solver hands rollouts to the exact solver, so it needs one (solver > 0).
TEST(SelfplayConfig, RolloutSolverNeedsTheSolver) {
  EXPECT_NE(error_of("rollout_solver: 16\n").find("key 'rollout_solver': needs solver > 0"), std::string::npos);
  EXPECT_NE(error_of("solver: 20\nrollout_solver: 55\n").find("key 'rollout_solver'"), std::string::npos);
  EXPECT_EQ(error_of("solver: 20\nrollout_solver: 16\n"), "");
}

TEST(SelfplayConfig, MissingFileIsNamed) {
  try {
    load_config("/nonexistent/dir/x.yaml");
    FAIL() << "no error";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/x.yaml"), std::string::npos);
  }
}

TEST(SelfplayConfig, EffectiveConfigRoundTrips) {
  TrainConfig c;
  c.seed = 99;
  c.search.sims = 40;
  c.lr = 3e-4;
  c.bidding = true;
  c.bidding_share = 0.375;
  c.bid_hidden = {7, 9, 11};
  c.eval_opponents = {"random", "mcts:sims=5,threads=1"};
  c.eval_agent = "mcts+net";
  c.search.rollout_mix = 0.25;
  c.rollout_mix_final = 0.125;
  c.rollout_mix_decay_minutes = 90;
  c.search.rollout_policy = "net";
  c.search.rollout_others = "heuristic";
  c.search_target = "candidates";
  c.search.solver_cards = 11;
  c.search.solver_nodes = 777;
  c.search.rollout_solver_cards = 9;
  c.eval_fixed_landlord = true;
  c.pool_agents = {"heuristic", "mcts:sims=5,threads=1"};
  c.pool_share = 0.25;
  c.pg_share = 0.75;
  c.pg_lambda = 0.5;
  c.pg_scale = 2.5;
  c.counterfactual_bids = true;
  c.bid_games = 7;
  c.search.inference.mismatch_weight = 0.25;
  c.search.inference.last_moves = 0;
  c.search.inference.draws = 12;
  c.search.rollout_plies = 6;
  c.search.confident = 0.875;
  const TrainConfig r = parse_config(c.to_yaml(), "effective");
  EXPECT_DOUBLE_EQ(r.rollout_mix_final, 0.125);
  EXPECT_DOUBLE_EQ(r.rollout_mix_decay_minutes, 90);
  EXPECT_EQ(r.search.rollout_policy, "net");
  EXPECT_EQ(r.search.rollout_others, "heuristic");
  EXPECT_EQ(r.search_target, "candidates");
  EXPECT_EQ(r.search.solver_cards, 11);
  EXPECT_EQ(r.search.solver_nodes, 777);
  EXPECT_EQ(r.search.rollout_solver_cards, 9);
  EXPECT_TRUE(r.eval_fixed_landlord);
  EXPECT_EQ(r.seed, 99u);
  EXPECT_EQ(r.search.sims, 40);
  EXPECT_DOUBLE_EQ(r.lr, 3e-4);
  EXPECT_TRUE(r.bidding);
  EXPECT_DOUBLE_EQ(r.bidding_share, 0.375);
  EXPECT_EQ(r.bid_hidden, c.bid_hidden);
  EXPECT_EQ(r.eval_opponents, c.eval_opponents);
  EXPECT_EQ(r.pool_agents, c.pool_agents);
  EXPECT_DOUBLE_EQ(r.pool_share, 0.25);
  EXPECT_DOUBLE_EQ(r.pg_share, 0.75);
  EXPECT_DOUBLE_EQ(r.pg_lambda, 0.5);
  EXPECT_DOUBLE_EQ(r.pg_scale, 2.5);
  EXPECT_TRUE(r.counterfactual_bids);
  EXPECT_EQ(r.bid_games, 7);
  EXPECT_DOUBLE_EQ(r.search.inference.mismatch_weight, 0.25);
  EXPECT_EQ(r.search.inference.last_moves, 0);
  EXPECT_EQ(r.search.inference.draws, 12);
  EXPECT_EQ(r.search.rollout_plies, 6);
  EXPECT_DOUBLE_EQ(r.search.confident, 0.875);
  EXPECT_EQ(r.eval_agent, "mcts+net");
  EXPECT_DOUBLE_EQ(r.search.rollout_mix, 0.25);
  EXPECT_EQ(r.to_yaml(), c.to_yaml());
}

std::string load_error(const std::string& path) {
  try {
    load_config(path);
  } catch (const ConfigError& e) { return e.what(); }
  return "";
}

std::filesystem::path temp_dir(const std::string& name) {
  const auto p = std::filesystem::temp_directory_path() / ("ddz_config_test_" + name);
  std::filesystem::remove_all(p);
  std::filesystem::create_directories(p);
  return p;
}

// A member added to TrainConfig without its line in the table (config.cpp) fails here: the
// members are counted by aggregate initialisation, independently of the table.
TEST(SelfplayConfig, EveryMemberIsDeclared) {
  EXPECT_EQ(train_settings().members_covered(), aggregate_member_count<TrainConfig>());
  // One line per member, but the search's member brings the Gumbel table's settings.
  EXPECT_EQ(train_settings().settings().size(),
            aggregate_member_count<TrainConfig>() - 1 + gumbel_settings_table().settings().size());
  std::set<std::string> names;
  for (const auto& s : train_settings().settings()) {
    EXPECT_TRUE(names.insert(s.info.name).second) << "declared twice: " << s.info.name;
    EXPECT_FALSE(s.info.help.empty()) << s.info.name;
    EXPECT_EQ(s.info.help.find('\n'), std::string::npos) << s.info.name;
    EXPECT_EQ(s.info.help.find('|'), std::string::npos) << s.info.name;  // a Markdown table cell
    EXPECT_FALSE(s.info.group.empty()) << s.info.name;
  }
}

// A group declared by its own table on its own struct (as a search's settings will be) embeds
// under the same names: parsed into the member, dumped and counted as one member of the outer.
struct InnerSettings {
  int k = 4;
  double c = 0.5;
};
struct OuterSettings {
  int a = 1;
  InnerSettings inner;
};
TEST(SelfplayConfig, EmbeddedGroupReadsIntoItsMember) {
  SettingsTable<InnerSettings> inner;
  inner.group("inner");
  inner.add("k", &InnerSettings::k, ints(1, 64), "candidates");
  inner.add("c", &InnerSettings::c, reals(0, 1), "scale");
  SettingsTable<OuterSettings> outer;
  outer.group("outer");
  outer.add("a", &OuterSettings::a, ints(0, 9), "a");
  outer.embed(inner, &OuterSettings::inner);
  EXPECT_EQ(outer.members_covered(), aggregate_member_count<OuterSettings>());
  EXPECT_EQ(aggregate_member_count<OuterSettings>(), 2u);
  OuterSettings o;
  read_mapping(YAML::Load("a: 3\nk: 16\nc: 0.25\n"), bind(outer, o), "o.yaml");
  EXPECT_EQ(o.a, 3);
  EXPECT_EQ(o.inner.k, 16);
  EXPECT_DOUBLE_EQ(o.inner.c, 0.25);
  EXPECT_EQ(format_mapping(bind(outer, o)), "a: 3\nk: 16\nc: 0.25\n");
  OuterSettings bad;
  try {
    read_mapping(YAML::Load("k: 65\n"), bind(outer, bad), "o.yaml");
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("o.yaml: key 'k': value 65 out of range [1, 64] (line 1)"), std::string::npos);
  }
}

// The dump lists every declared key once, with the default for a default config.
TEST(SelfplayConfig, DumpHasEveryKeyWithItsDefault) {
  const std::string dump = TrainConfig{}.to_yaml();
  for (const auto& s : train_settings().settings()) {
    EXPECT_NE(dump.find("\n" + s.info.name + ": "), std::string::npos) << s.info.name;
  }
  EXPECT_NE(dump.find("\nsims: 16\n"), std::string::npos) << dump;
  EXPECT_NE(dump.find("\npolicy_hidden: [256, 256]\n"), std::string::npos) << dump;
  EXPECT_NE(dump.find("\neval_opponents: [\"random\", \"heuristic\"]\n"), std::string::npos) << dump;
  EXPECT_NE(dump.find("\nrollout_plies: 0\n"), std::string::npos) << dump;
}

TEST(SelfplayConfig, ErrorsNameTheLine) {
  EXPECT_NE(error_of("sims: 8\n\nlr: fast\n").find("cfg.yaml: key 'lr': expected a number, got 'fast' (line 3)"),
            std::string::npos)
      << error_of("sims: 8\n\nlr: fast\n");
  EXPECT_NE(error_of("# a comment\nsimz: 9\n").find("unknown key 'simz' (line 2)"), std::string::npos);
  EXPECT_NE(error_of("sims: 0\n").find("out of range [1, 100000] (line 1)"), std::string::npos);
  // A check between keys names the key that has to change, and its line.
  EXPECT_NE(error_of("sims: 4\nfast_sims: 2\nk: 8\n").find("key 'k': must not exceed sims (4) (line 3)"),
            std::string::npos);
}

// Settings that no shipped config used were retired (2026-12-07) with their code. A run
// directory's config.yaml from before still lists each at its default, which did nothing and
// is accepted; any other value is refused, naming the key, instead of running without it.
// The search's keys took the agents' names (2026-12-07); a file with an old name is told the new one.
TEST(SelfplayConfig, RenamedKeysNameTheirNewName) {
  for (const auto& [old_key, new_key] : {std::pair<const char*, const char*>{"gumbel_k", "k"},
                                         {"solver_cards", "solver"},
                                         {"rollout_solver_cards", "rollout_solver"},
                                         {"rollout_policy", "rollout"},
                                         {"rollout_others", "others"}}) {
    const std::string e = error_of(std::string(old_key) + ": 8\n");
    EXPECT_NE(e.find("key '" + std::string(old_key) + "': was renamed to '" + new_key + "'"), std::string::npos) << e;
  }
  // The same names in a training config and in an agent spec give the same search settings.
  const TrainConfig c = parse_config("sims: 48\nk: 6\nsolver: 18\nrollout_solver: 12\nstakes: 1\n", "names");
  EXPECT_EQ(c.search.sims, 48);
  EXPECT_EQ(c.search.k, 6);
  EXPECT_EQ(c.search.solver_cards, 18);
  EXPECT_EQ(c.search.rollout_solver_cards, 12);
  EXPECT_DOUBLE_EQ(c.search.stake_weight, 1.0);
}

TEST(SelfplayConfig, RetiredKeysTakeOnlyTheirFormerDefault) {
  const std::string old_dump =
      "changed_weight: 1\ndecision_target: 0\npg_entropy: 0.0\npg_rollout_share: 0\npg_rollout_k: 4\n"
      "pg_rollout_pool: false\nsims: 8\n";
  EXPECT_EQ(parse_config(old_dump, "old").search.sims, 8);
  EXPECT_EQ(parse_config(old_dump, "old").to_yaml().find("pg_entropy"), std::string::npos);
  for (const char* text : {"changed_weight: 5\n", "decision_target: 0.5\n", "pg_entropy: 0.01\n",
                           "pg_rollout_share: 1\n", "pg_rollout_k: 3\n", "pg_rollout_pool: true\n"}) {
    const std::string e = error_of(text);
    const std::string key = std::string(text).substr(0, std::string(text).find(':'));
    EXPECT_NE(e.find("cfg.yaml: key '" + key + "': was removed on 2026-12-07"), std::string::npos) << e;
  }
  EXPECT_NE(error_of("pg_entropy: x\n").find("key 'pg_entropy': was removed"), std::string::npos);
}

// yaml-cpp keeps the first of two equal keys silently; the loader refuses the file.
TEST(SelfplayConfig, KeyGivenTwiceIsRefused) {
  const std::string e = error_of("sims: 8\nlr: 0.01\nsims: 32\n");
  EXPECT_NE(e.find("cfg.yaml: key 'sims' given twice (lines 1 and 3)"), std::string::npos) << e;
  EXPECT_NE(error_of("lr: 0.01\nlr: 0.01\n").find("key 'lr' given twice"), std::string::npos);
}

TEST(SelfplayConfig, DirectoryAsConfigIsRefused) {
  const auto dir = temp_dir("directory");
  const std::string e = load_error(dir.string());
  EXPECT_NE(e.find(dir.string() + ": is a directory"), std::string::npos) << e;
}

TEST(SelfplayConfig, EmptyConfigFileIsRefused) {
  const auto dir = temp_dir("empty");
  for (const char* text : {"", "\n\n", "# only a comment\n"}) {
    const auto path = dir / "empty.yaml";
    std::ofstream(path) << text;
    const std::string e = load_error(path.string());
    EXPECT_NE(e.find(path.string() + ": the config file is empty"), std::string::npos) << "'" << text << "': " << e;
  }
  const auto list = dir / "list.yaml";
  std::ofstream(list) << "- sims\n- lr\n";
  EXPECT_NE(load_error(list.string()).find(list.string() + ": expected a mapping"), std::string::npos);
  const auto scalar = dir / "scalar.yaml";
  std::ofstream(scalar) << "sims\n";
  EXPECT_NE(load_error(scalar.string()).find(scalar.string() + ": expected a mapping"), std::string::npos);
}

// A string with quotes and backslashes survives the dump.
TEST(SelfplayConfig, QuotedStringsRoundTrip) {
  TrainConfig c;
  c.pool_agents = {"net:a \"b\" \\c.ddz"};
  c.eval_opponents = {"net:x \"y\".ddz"};
  const TrainConfig r = parse_config(c.to_yaml(), "effective");
  EXPECT_EQ(r.pool_agents, c.pool_agents);
  EXPECT_EQ(r.eval_opponents, c.eval_opponents);
}

// The listing names each key with its type, default, range and help.
TEST(SelfplayConfig, ListingShowsEverySetting) {
  const std::string text = list_train_settings(false);
  for (const auto& s : train_settings().settings()) {
    EXPECT_NE(text.find(s.info.name + " "), std::string::npos) << s.info.name;
    EXPECT_NE(text.find(s.info.help), std::string::npos) << s.info.name;
  }
  EXPECT_NE(text.find("integer, default 16, 1 .. 100000"), std::string::npos) << text;  // sims
  EXPECT_NE(text.find("choice, default completed, completed | candidates"), std::string::npos) << text;
  const std::string md = list_train_settings(true);
  EXPECT_NE(md.find("| `sims` | integer | `16` | 1 .. 100000 | "), std::string::npos) << md;
  EXPECT_NE(md.find("| `search_target` | choice | `completed` | completed \\| candidates | "), std::string::npos);
}

// docs/settings.md is `ddz train --list-settings --markdown`; regenerate it when the table changes.
TEST(SelfplayConfig, SettingsDocMatchesTheTable) {
  std::ifstream in(std::string(DDZ_SOURCE_DIR) + "/docs/settings.md", std::ios::binary);
  ASSERT_TRUE(in) << "docs/settings.md is missing";
  std::ostringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), list_train_settings(true))
      << "docs/settings.md is stale: ddz train --list-settings --markdown > docs/settings.md";
}

// Every training config in configs/ loads (a recipe through load_recipe); mcts.yaml is the mcts
// agent's settings, not a training config.
TEST(SelfplayConfig, ShippedConfigsLoad) {
  int configs = 0, recipes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(DDZ_SOURCE_DIR) + "/configs")) {
    const std::string path = entry.path().string();
    if (entry.path().extension() != ".yaml" || entry.path().filename() == "mcts.yaml") continue;
    if (is_recipe(path)) {
      EXPECT_NO_THROW(load_recipe(path)) << path;
      ++recipes;
    } else {
      EXPECT_NO_THROW(load_config(path)) << path;
      ++configs;
    }
  }
  EXPECT_GE(configs, 3);  // default, small, full
  EXPECT_GE(recipes, 1);  // pretrained
}

}  // namespace
}  // namespace ddz::selfplay
