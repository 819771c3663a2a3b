// An MCTS evaluator that plays a policy agent (normally the heuristic agent) for all three seats
// on the sampled world: the value is the rollout's result, priors favour the policy's choice.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "search/move_policy.h"
#include "game/rng.h"
#include "search/evaluator.h"
#include "search/mcts_priors.h"

namespace ddz {

struct PlayoutEvaluatorOptions {
  // true: the policy's move gets prior_weight on top of a uniform share of the rest;
  // false: uniform priors.
  bool policy_priors = true;
  double prior_weight = 0.5;
  // Rollouts per evaluation, averaged (more than one only helps with rollout_epsilon > 0 or a
  // randomised policy: the worlds already differ per simulation).
  int rollouts = 1;
  // Chance per rollout step of a uniformly random legal move instead of the policy's.
  double rollout_epsilon = 0.0;
};

class PlayoutEvaluator final : public Evaluator, public PriorSource {
 public:
  // `policy` answers every seat's moves; it only ever sees each seat's own Observation.
  PlayoutEvaluator(std::unique_ptr<MovePolicy> policy, uint64_t seed, const PlayoutEvaluatorOptions& options = {});
  float evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) override;
  void priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) override;

  // Plays the world to the end with the policy (and epsilon); returns the winner seat. With
  // stop_cards > 0 it stops as soon as all hands hold at most that many cards together, and with
  // max_plies > 0 once it has played that many plies; it returns -1 if the game is not over then
  // (the caller finishes it, e.g. by an exact solve or the value network).
  int rollout(GameState& world, int stop_cards = 0, int max_plies = 0);
  // The rollout policy itself (world inference asks it what a seat would have played).
  MovePolicy& policy() { return *policy_; }

 private:
  std::unique_ptr<MovePolicy> policy_;
  Rng rng_;
  PlayoutEvaluatorOptions options_;
  std::vector<Move> scratch_;
};

}  // namespace ddz
