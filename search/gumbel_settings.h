// The settings of a Gumbel search (search/gumbel_search.h), declared once: the `gumbel` and
// `pretrained` agents' spec settings and self-play's search settings share this struct and table.
#pragma once
#include <cstdint>
#include <string>

#include "game/settings_table.h"
#include "search/world_inference.h"

namespace ddz {

struct GumbelSettings {
  int sims = 16;  // simulations (value evaluations) for the move
  int k = 8;  // candidates kept by Gumbel top-k
  double c_visit = 50.0;  // sigma(q) = (c_visit + max visits) * c_scale * q, q in [0, 1]
  double c_scale = 0.1;
  // Weight of a rollout in a simulation's value: (1 - mix) * value net + mix * rollout. Needs a
  // rollout policy passed to gumbel_search; 0 = the value net alone.
  double rollout_mix = 0.5;
  // Worlds with at most this many cards in all hands after the candidate move are scored by the
  // exact solver passed to gumbel_search (0 = never; needs a solver). Near the end of a game a
  // rollout or the value net guesses where the solver knows, and endgame mistakes decide games.
  int solver_cards = 0;
  // Rollouts stop when all hands hold at most this many cards together, and the exact solver
  // scores the rest (0 = rollouts play to the end; needs the solver). The last plies of a rollout
  // are where a policy's play is cheapest to replace by the exact result.
  int rollout_solver_cards = 0;
  // Rollouts stop after this many plies and the value network scores the state they reached (0 =
  // play to the end). A few plies of the policy take the value net past the moves right after the
  // candidate, where its judgement of a sampled world is weakest, at a fraction of a whole
  // rollout's cost and noise.
  int rollout_plies = 0;
  int64_t solver_nodes = 5000;  // node cap of one solve (over it the usual value is used)
  // Worlds weighed by how well the rollout policy explains the other seats' recent plays
  // (search/world_inference.h); a move's value is the weighted mean over its worlds.
  WorldInference inference;
  // Score-aware values: each simulation's result is multiplied by 1 + stake_weight * (r - 1), r =
  // the stake it reached over the stake now (a bomb in the rollout doubles it). 1 compares moves
  // by expected points, 0 by win probability; q then leaves [-1, 1]. Bombs and springs decide
  // the points, and a win/loss search is blind to them.
  double stake_weight = 0.0;
  // A move the policy gives at least this probability is played at once, unsearched (1 = search
  // every move with two or more legal moves): the search changes the move almost only where the
  // policy is unsure.
  double confident = 1.0;
  // Who plays the rollouts (and answers world inference): "heuristic", or "net" (the policy's
  // argmax in every seat); with "net", who plays the opposing side's seats: "net", "heuristic",
  // or in self-play's pool games "seats" (each seat by who sits there).
  std::string rollout_policy = "heuristic";
  std::string rollout_others = "net";

  // Set by the caller, not settings: Gumbel noise on the candidates (self-play explores; the agents
  // switch it off and take the deterministic top-k) and the training target's form (self-play's
  // search_target).
  bool noise = true;
  // false: softmax(logits + sigma(completed Q)) over every move, the paper's target, where an
  // unvisited move is scored with the visited moves' prior-weighted mean value. true: unvisited
  // moves keep their prior probability, and the visited moves share their prior mass by
  // softmax(logits + sigma(q)) among themselves, so the search only moves probability between
  // moves it has judged.
  bool candidate_target = false;
};

// The declarations of GumbelSettings' settings (every member but noise and candidate_target),
// under the names that agent specs and training configs use.
const SettingsTable<GumbelSettings>& gumbel_settings_table();

}  // namespace ddz
