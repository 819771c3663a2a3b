// The training run's settings (configs/*.yaml). Each member's default is its initialiser here;
// its key, range and help are declared once, in the table of config.cpp (train_settings()).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "game/settings_table.h"
#include "search/gumbel_settings.h"
#include "selfplay/settings_yaml.h"

namespace ddz::selfplay {

// An aggregate (no constructors), so that a test can count its members against the table. What
// each setting means is its help line in the table (docs/settings.md); the comments here say why.
struct TrainConfig {
  // --- run ---
  uint64_t seed = 1;
  bool bidding = false;
  // With bidding, the share of the games that bid; the rest have a fixed landlord (seat 0, base
  // 1), as the arena's default games and the run's evaluations do: bidding hands the landlord seat
  // to strong hands only, so a run that always bids sees few landlords with an ordinary hand.
  double bidding_share = 1.0;
  double minutes = 5.0;
  int64_t max_games = 0;
  int64_t max_steps = 0;
  // --- network (architecture of models/network_spec.h) ---
  std::vector<int> policy_hidden{256, 256};
  std::vector<int> value_hidden{256, 256};
  std::vector<int> bid_hidden{128, 128};
  // --- actors ---
  int actors = 1;
  // The search of self-play's searched games (search/gumbel_settings.h; its keys are the gumbel
  // agent's spec settings too). Self-play adds Gumbel noise and its own target (search_target).
  GumbelSettings search;
  double full_search_prob = 0.25;
  int fast_sims = 4;
  // The searched moves' policy target: "completed" (softmax(logits + sigma(completed Q)) over all
  // moves) or "candidates" (unvisited moves keep their prior; GumbelSettings::candidate_target).
  std::string search_target = "completed";
  // search.rollout_mix falls linearly to rollout_mix_final over the first rollout_mix_decay_minutes
  // of training time (0 = constant): rollouts judge moves before the value net knows anything, but
  // they score a move by the heuristic's continuation, which a stronger policy outgrows.
  double rollout_mix_final = 0.0;
  double rollout_mix_decay_minutes = 0.0;
  // Opponent pool: in a pool_share of the games one agent drawn from pool_agents (agent specs,
  // e.g. heuristic, mcts, net:old.ddz) takes one or two seats (half the games each); the
  // network's seats search and learn as usual, the pool's seats give no samples. Self-play alone
  // teaches the network to beat itself, which is not the same as beating other players.
  std::vector<std::string> pool_agents{};
  double pool_share = 0.0;
  // Which seats the pool agent takes: "mixed" (one or two seats at random, so the network is
  // often the pool agent's partner) or "sides" (the landlord alone or both farmers, half the pool
  // games each: the network's side against the agent's, the configuration the arena measures).
  std::string pool_seats = "mixed";
  // Policy-gradient games (selfplay/pg_game.h): in a pg_share of the games every network seat
  // plays its policy alone, sampled at temperature 1 (no search, ~50x faster than a searched
  // move), and its policy target is an actor-critic step: the move's advantage under the value
  // net, which sees every hand, by GAE(pg_lambda) over the game's plies, times pg_scale. A
  // searched move's target is bounded by what its judges know; this one learns from results.
  double pg_share = 0.0;
  double pg_lambda = 0.8;
  double pg_scale = 1.0;
  // In a policy-gradient game with bidding, every network seat that did not become landlord
  // plays the deal again as the fixed landlord (policy alone), and its bid decisions get bid
  // samples with that result: the bid head learns from every hand, not only those bidding chose.
  bool counterfactual_bids = false;
  // Per self-play game, this many extra deals bid by the bid head among three network seats,
  // each bidding seat's hand then played out as the fixed landlord by the policy's argmax in
  // every seat; each bid decision learns that result (selfplay/bid_games.h). Policy-only games
  // (no search, a few ms a deal), so the bid head learns the landlord's result against the
  // network's own farmers for every hand it is asked about, whatever the searched games are.
  // Needs bidding: true.
  int bid_games = 0;
  // --- replay buffer ---
  int64_t replay_capacity = 100000;
  int64_t min_replay = 1000;
  double max_reuse = 4.0;
  // --- learner ---
  int batch_size = 256;
  double lr = 1e-3;
  double weight_decay = 1e-4;
  double value_weight = 1.0;
  double bid_weight = 1.0;
  int publish_every = 50;
  // --- warm start (imitation of the heuristic agent) ---
  int64_t warm_games = 0;
  int64_t warm_steps = 0;
  // --- evaluation ---
  double eval_every_minutes = 1.0;
  int eval_deals = 100;
  std::vector<std::string> eval_opponents{"random", "heuristic"};
  std::string eval_agent = "net";
  int eval_sims = 16;
  // Evaluate with a fixed landlord (seat 0, base 1) even when the run plays with bidding, so that
  // a run that switches `bidding` on keeps a curve comparable with its fixed-landlord past.
  bool eval_fixed_landlord = false;
  // --- checkpoints ---
  double checkpoint_every_minutes = 1.0;
  int keep_checkpoints = 3;
  // --- actor processes (ddz train --listen / --join) ---
  // A game from an actor process whose weights are more than stale_versions publications older
  // than the learner's current ones is dropped and counted (0 = keep every game).
  int64_t stale_versions = 20;
  double actor_timeout_s = 30.0;

  // The effective config as YAML (every key, defaults included), for the run directory.
  std::string to_yaml() const;
};

// The declaration of every training setting, in the order of the effective-config dump.
const SettingsTable<TrainConfig>& train_settings();

// The checks between keys (a range alone cannot say), each naming the key that has to change;
// `lines` gives the keys' lines in the file. Throws ConfigError.
void check_config(const TrainConfig& config, const std::string& name, const KeyLines& lines);

// Loads a config file; keys absent from the file keep their defaults. A directory, an empty
// file or one without a mapping of keys is refused. Throws ConfigError.
TrainConfig load_config(const std::string& path);
// Same from YAML text (empty text gives every default); `name` stands for the file in messages.
TrainConfig parse_config(const std::string& text, const std::string& name);

// `ddz train --list-settings [--markdown]`: every setting's name, type, default, range and help.
std::string list_train_settings(bool markdown);

}  // namespace ddz::selfplay
