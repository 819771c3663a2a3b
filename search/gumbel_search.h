// The self-play search: Gumbel top-k sampling with sequential halving at the root (Danihelka et
// al., "Policy improvement by planning with Gumbel", 2022) over sampled worlds, one ply deep.
//
// Why this scheme on a 2-core machine: self-play must produce thousands of games per hour, so a
// move gets only a handful of simulations (default 16). Plain PUCT with visit-count targets
// needs hundreds of simulations before the visit distribution says more than the prior (with
// 16 visits it is mostly noise). Gumbel search instead (1) samples k candidate moves without
// replacement from the policy via Gumbel-top-k, which is itself an exact sample of the policy,
// (2) spends the budget by sequential halving on those candidates, and (3) trains the policy
// toward softmax(logits + sigma(completed Q)), which provably improves on the prior in
// expectation for any number of simulations. A simulation here draws a new world consistent
// with what the mover knows (uniformly, with the true public history rebuilt: search/history_worlds.h),
// plays the candidate and scores the result with the value network, or with the exact result
// if the move ends the game. One ply keeps every simulation one batched network call; the
// value network sees the whole sampled deal, so the average over worlds estimates the move's
// value under the mover's uncertainty (information-set style, without strategy fusion below the
// root because nothing is searched below it).
//
// Rollout mixing (rollout_mix > 0): a simulation's value blends the value net with the result
// of one heuristic rollout from the sampled world. Early in training the value net knows little,
// and a one-ply search scored by it cannot teach the policy more than the net knows; a rollout
// by the heuristic is an unbiased (if noisy) judge of each candidate from the first game, so the
// search's improved policy is better than the heuristic from the start (a one-ply rollout search
// over sampled worlds is roughly the `mcts` agent's strength), and the policy learns that.
//
// Playout-cap randomisation (Wu, "Accelerating self-play learning in Go", 2019) is layered on
// top by the actor: most moves get a cheap search and only a share of them, searched fully,
// become policy targets, while every move gives a value target.
#pragma once
#include <vector>

#include "game/observation.h"
#include "game/rng.h"
#include "search/gumbel_settings.h"
#include "search/network.h"
#include "search/playout_evaluator.h"
#include "search/world_inference.h"
#include "solver/endgame_solver.h"

namespace ddz {

struct GumbelResult {
  int chosen = 0;  // index into moves
  std::vector<float> policy;  // improved policy over moves (training target)
  std::vector<float> q;  // mean value per move from the mover's side in [-1, 1] (0 if unvisited)
  std::vector<int> visits;
  std::vector<float> prior;  // the policy network's softmax over moves (empty with one move)
  float root_value = 0;  // prior-weighted value of the visited moves
  // The search's choice without Gumbel noise: the visited move with the largest logit + sigma(q).
  // With noise, `chosen` is a sample (self-play explores); `decision` is what the search as a
  // player would make of the same values, and a training target can imitate it.
  int decision = 0;
};

// Searches obs (play phase, obs.seat to move) over `moves` (its legal moves, at least one).
// `rollouts` plays sampled worlds to the end when settings.rollout_mix > 0 and weighs worlds when
// settings.inference is active (required then);
// `solver` solves small worlds exactly when settings.solver_cards > 0 (required then). A solve
// over the solver's node cap falls back on the usual value.
GumbelResult gumbel_search(const PolicyValueNetwork& net, const Observation& obs, const std::vector<Move>& moves,
                           const GumbelSettings& settings, Rng& rng, PlayoutEvaluator* rollouts = nullptr,
                           EndgameSolver* solver = nullptr);

// Policy logits of the network for obs over moves (state encoded once, moves batched).
std::vector<float> policy_logits(const PolicyValueNetwork& net, const Observation& obs, const std::vector<Move>& moves);

// The policy's softmax over `moves` (at least one) and, when its largest probability is at least
// `confident`, that move's index; else -1. Moves the policy is that sure of are played without a
// search (the gumbel agent's confident=, self-play's `confident`); 0 names the argmax always.
struct ConfidentMove {
  int index = -1;
  std::vector<float> prior;
};
ConfidentMove confident_move(const PolicyValueNetwork& net, const Observation& obs, const std::vector<Move>& moves,
                             double confident);

}  // namespace ddz
