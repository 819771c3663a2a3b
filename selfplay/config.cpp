// The training settings' table (key, member, type, range, help; defaults from TrainConfig's
// initialisers) and the checks between keys: the parser, the dump and the docs all come from it.
#include "selfplay/config.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace ddz::selfplay {
namespace {

using C = TrainConfig;

SettingsTable<C> make_table() {
  SettingsTable<C> t;
  // Ranges bound what this code can run sensibly.
  t.group("run");
  t.add("seed", &C::seed, "every random stream of the run derives from it");
  t.add("bidding", &C::bidding, "games start with bidding; bids come from the bid head, which is trained too");
  t.add("bidding_share", &C::bidding_share, reals(0, 1),
        "with bidding: the share of games that bid; the rest have the fixed landlord (seat 0, base 1)");
  t.add("minutes", &C::minutes, reals(0, 1e6),
        "wall-clock budget of the run in training minutes, resumes included (0 = no limit)");
  t.add("max_games", &C::max_games, ints(0, int64_t(1) << 50), "stop after this many self-play games (0 = no limit)");
  t.add("max_steps", &C::max_steps, ints(0, int64_t(1) << 50), "stop after this many learner steps (0 = no limit)");

  t.group("networks (models/network_spec.h)");
  t.add("policy_hidden", &C::policy_hidden, ints(1, 4096), "hidden layer widths of the policy MLP");
  t.add("value_hidden", &C::value_hidden, ints(1, 4096), "hidden layer widths of the value MLP (full deal)");
  t.add("bid_hidden", &C::bid_hidden, ints(1, 4096), "hidden layer widths of the bid MLP");

  t.group("actors");
  t.add("actors", &C::actors, ints(0, 256),
        "self-play threads beside the learner's; 0 only for a --listen learner whose actors are processes");

  t.embed(gumbel_settings_table(), &C::search);
  t.group("self-play's search");
  t.add("full_search_prob", &C::full_search_prob, reals(0, 1),
        "playout-cap randomisation: share of moves searched fully (policy targets)");
  t.add("fast_sims", &C::fast_sims, ints(1, 100000), "simulations of the other moves (value targets only)");
  t.add("search_target", &C::search_target, one_of({"completed", "candidates"}),
        "policy target: softmax(logits + sigma(completed Q)) over all moves, or unvisited moves keep their prior");
  t.add("rollout_mix_final", &C::rollout_mix_final, reals(0, 1),
        "with rollout_mix_decay_minutes > 0, rollout_mix falls linearly to this");
  t.add("rollout_mix_decay_minutes", &C::rollout_mix_decay_minutes, reals(0, 1e6),
        "training minutes of that fall (0 = rollout_mix stays constant)");

  t.group("games");
  t.add("pool_agents", &C::pool_agents, "opponent pool: agent specs that take seats in pool games");
  t.add("pool_share", &C::pool_share, reals(0, 1), "share of the games with a pool agent (needs pool_agents)");
  t.add("pool_seats", &C::pool_seats, one_of({"mixed", "sides"}),
        "the pool agent's seats: one or two at random, or the landlord alone or both farmers");
  t.add("pg_share", &C::pg_share, reals(0, 1),
        "share of policy-gradient games: the network's seats play the sampled policy, unsearched");
  t.add("pg_lambda", &C::pg_lambda, reals(0, 1), "GAE lambda of a policy-gradient move's advantage");
  t.add("pg_scale", &C::pg_scale, reals(0, 100), "the advantage's multiplier in the policy target");
  t.add("counterfactual_bids", &C::counterfactual_bids,
        "policy-gradient games with bidding: seats that did not become landlord replay the deal as landlord");
  // <= 3 samples a deal: the wire counts a game's bids in a byte.
  t.add("bid_games", &C::bid_games, ints(0, 50),
        "per game, extra deals bid among three network seats and played out by the policy (needs bidding)");

  t.group("replay buffer");
  t.add("replay_capacity", &C::replay_capacity, ints(64, int64_t(1) << 32), "samples kept (the oldest dropped first)");
  t.add("min_replay", &C::min_replay, ints(1, int64_t(1) << 32), "the learner waits for this many samples");
  t.add("max_reuse", &C::max_reuse, reals(0.01, 1e6),
        "the learner pauses while it has drawn more than this per sample");

  t.group("learner");
  t.add("batch_size", &C::batch_size, ints(1, 65536), "samples per learner step");
  t.add("lr", &C::lr, reals(1e-7, 1.0), "learning rate (AdamW)");
  t.add("weight_decay", &C::weight_decay, reals(0, 1.0), "AdamW weight decay");
  t.add("value_weight", &C::value_weight, reals(0, 1e3), "value loss weight (the policy loss weighs 1)");
  t.add("bid_weight", &C::bid_weight, reals(0, 1e3), "bid-head loss weight (bidding runs)");
  t.add("publish_every", &C::publish_every, ints(1, 1000000), "learner steps between weight publications to actors");

  t.group("warm start (imitation of the heuristic)");
  t.add("warm_games", &C::warm_games, ints(0, int64_t(1) << 40),
        "heuristic games imitated before self-play (0 = none)");
  t.add("warm_steps", &C::warm_steps, ints(0, int64_t(1) << 40), "learner steps on those games");

  t.group("evaluation");
  t.add("eval_every_minutes", &C::eval_every_minutes, reals(0, 1e6),
        "arena of the current agent at this interval (0 = only at the end)");
  t.add("eval_deals", &C::eval_deals, ints(1, 1000000), "duplicate deals per opponent");
  t.add("eval_opponents", &C::eval_opponents, "agent specs the evaluation plays against");
  t.add("eval_agent", &C::eval_agent, one_of({"net", "mcts+net"}),
        "the evaluated agent: the policy alone, or a search with the networks");
  t.add("eval_sims", &C::eval_sims, ints(1, 100000), "simulations per move when eval_agent is mcts+net");
  t.add("eval_fixed_landlord", &C::eval_fixed_landlord, "evaluate with a fixed landlord even when the run bids");

  t.group("checkpoints");
  t.add("checkpoint_every_minutes", &C::checkpoint_every_minutes, reals(0.01, 1e6),
        "interval; also written at the end and on Ctrl-C / SIGTERM");
  t.add("keep_checkpoints", &C::keep_checkpoints, ints(1, 1000), "the newest this many are kept");

  t.group("actor processes (--listen / --join)");
  t.add("stale_versions", &C::stale_versions, ints(0, 1000000),
        "drop a game played with weights this many publications old (0 = keep every game)");
  t.add("actor_timeout_s", &C::actor_timeout_s, reals(1, 86400), "an actor process silent this long is dropped");

  // Removed because no shipped config set them; run directories written before still list them.
  for (const auto& [key, former] : {std::pair<const char*, const char*>{"changed_weight", "1"},
                                    {"decision_target", "0"},
                                    {"pg_entropy", "0"},
                                    {"pg_rollout_share", "0"},
                                    {"pg_rollout_k", "4"},
                                    {"pg_rollout_pool", "false"},
                                    {"q_rescale", "false"}})
    t.retire(key, former, "2026-12-07");
  // The distilled rollout network's keys (configs/rollout-distill.yaml; docs/methods.md), which did
  // not ship.
  for (const auto& [key, former] : {std::pair<const char*, const char*>{"teacher", "\"\""}, {"distill", "false"}})
    t.retire(key, former, "2026-12-08");
  // The search's keys took the gumbel agent's names when the two came to share one table.
  for (const auto& [old_name, new_name] : {std::pair<const char*, const char*>{"gumbel_k", "k"},
                                           {"solver_cards", "solver"},
                                           {"rollout_solver_cards", "rollout_solver"},
                                           {"rollout_policy", "rollout"},
                                           {"rollout_others", "others"}})
    t.rename(old_name, new_name, "2026-12-07");
  return t;
}

}  // namespace

void check_config(const TrainConfig& c, const std::string& name, const KeyLines& lines) {
  const auto fail = [&](const std::string& key, const std::string& why) { fail_key(name, lines, key, why); };
  if (c.min_replay > c.replay_capacity)
    fail("min_replay", "must not exceed replay_capacity (" + std::to_string(c.replay_capacity) + ")");
  if (c.search.k > c.search.sims) fail("k", "must not exceed sims (" + std::to_string(c.search.sims) + ")");
  if (c.fast_sims > c.search.sims) fail("fast_sims", "must not exceed sims (" + std::to_string(c.search.sims) + ")");
  if (c.pool_share > 0 && c.pool_agents.empty()) fail("pool_share", "needs at least one agent in pool_agents");
  if (c.search.rollout_solver_cards > 0 && c.search.solver_cards == 0)
    fail("rollout_solver", "needs solver > 0 (the exact solver that ends the rollouts)");
  if (c.warm_steps > 0 && c.warm_games == 0) fail("warm_steps", "needs warm_games > 0");
  if (c.bid_games > 0 && !c.bidding)
    fail("bid_games", "needs bidding: true (the bid head is trained only in bidding runs)");
  if (c.rollout_mix_decay_minutes > 0 && c.rollout_mix_final > c.search.rollout_mix)
    fail("rollout_mix_final",
         "must not exceed rollout_mix (" + std::to_string(c.search.rollout_mix) + ") when it decays");
}

namespace {

YAML::Node load_yaml(const std::string& text, const std::string& name) {
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) { throw ConfigError(name + ": not valid YAML: " + e.what()); }
}

}  // namespace

const SettingsTable<TrainConfig>& train_settings() {
  static const SettingsTable<TrainConfig> table = make_table();
  return table;
}

TrainConfig parse_config(const std::string& text, const std::string& name) {
  const YAML::Node root = load_yaml(text, name);
  TrainConfig c;
  if (!root || root.IsNull()) return c;
  if (!root.IsMap()) throw ConfigError(name + ": expected a mapping of key: value at the top level");
  const YAML::Node& const_root = root;  // a non-const operator[] would add the key
  if (const_root["phases"])
    throw ConfigError(name +
                      ": a recipe of phases (key 'phases'), which `ddz train --config` runs phase by phase; "
                      "it is not one config");
  const KeyLines lines = read_mapping(root, bind(train_settings(), c), name, train_settings().retired());
  check_config(c, name, lines);
  return c;
}

TrainConfig load_config(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ConfigError(path + ": is a directory, not a config file (give --config FILE.yaml)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open the config file");
  std::ostringstream ss;
  ss << in.rdbuf();
  const YAML::Node root = load_yaml(ss.str(), path);
  if (!root || root.IsNull())
    throw ConfigError(path + ": the config file is empty (no keys); a run on every default needs no --config file");
  return parse_config(ss.str(), path);
}

std::string TrainConfig::to_yaml() const {
  TrainConfig copy = *this;
  return "# Effective config of this run (every key, defaults included).\n" +
         format_mapping(bind(train_settings(), copy));
}

std::string list_train_settings(bool markdown) {
  TrainConfig defaults;
  const auto bound = bind(train_settings(), defaults);
  if (!markdown) return list_settings(bound);
  return list_settings_markdown(
      bound, train_settings().retired(), "Training settings",
      "Every key of a training config (`ddz train --config FILE`), generated from the settings tables in\n"
      "selfplay/config.cpp and search/gumbel_settings.cpp by `ddz train --list-settings --markdown` (do not\n"
      "edit by hand; a test checks that this file matches the tables). A key left out of a config takes its\n"
      "default; an unknown key, a key given twice, a wrong type or a value out of range is an error naming\n"
      "the file, key and line. The search keys are the `gumbel` and `pretrained` agents' spec settings too\n"
      "(`ddz arena --list-settings gumbel`).\n");
}

}  // namespace ddz::selfplay
