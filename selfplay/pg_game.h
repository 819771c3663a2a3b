// Policy-gradient self-play games (an actor-critic in the style of PerfectDou): the network's
// seats play the policy alone, and each move's policy target carries its advantage under the
// value network, which sees every hand. No search: a game costs one policy and one value
// evaluation per move, so such games give far more samples per second than searched ones.
#pragma once
#include <cstdint>
#include <vector>

#include "models/eigen_net.h"
#include "selfplay/actor.h"
#include "selfplay/config.h"

namespace ddz::selfplay {

// Whether game `seed` is a policy-gradient game: deterministic, true in config.pg_share of the
// games (independent of plan_seats).
bool is_pg_game(const TrainConfig& config, uint64_t seed);

// GAE with gamma = 1 over one game seen from a fixed side: `values` holds T + 1 entries, the
// value before each of the T plies and, last, the final result. Returns T advantages
// A_t = sum_k lambda^k (values[t+k+1] - values[t+k]); lambda = 1 gives values[T] - values[t],
// lambda = 0 the change of the value over ply t alone.
std::vector<float> gae_advantages(const std::vector<float>& values, double lambda);

// A policy target for the learner's cross-entropy loss (sum of -target * log softmax): at
// logits whose softmax is `probs`, its gradient is the policy-gradient step
// -advantage * grad log pi(chosen). That is target = pi + advantage * (onehot(chosen) - pi).
// It sums to 1 but may have negative entries. The learner
// computes the loss at its current logits, so the part pi_now - pi_then of the gradient pulls
// the policy back towards the one that played: a trust region for free.
std::vector<float> pg_target(const std::vector<float>& probs, int chosen, double advantage);

// One policy-gradient game: bids as play_selfplay_game (bid head, 10% random), then every
// network seat samples its move from the policy at temperature 1; the pool agent of a pool game
// (plan_seats) plays its seats and gives no samples. Values come from the value head at every
// ply (the landlord's side's 2p - 1), the result closes the sequence (+1 / -1), and each network
// move with a choice gives a PlaySample with pg_target(config.pg_lambda advantage for the
// mover's side x config.pg_scale). Deterministic given seed and net.
GameSamples play_pg_game(const EigenNet& net, const TrainConfig& config, uint64_t seed,
                         ActorContext* context = nullptr);

}  // namespace ddz::selfplay
