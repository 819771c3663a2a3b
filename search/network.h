// The batched network interface of the searches: policy logits over one seat's legal moves and
// values of sampled worlds, many worlds per forward pass. models/ implements it with the networks.
#pragma once
#include <vector>

#include "game/observation.h"
#include "game/state.h"
#include "search/evaluator.h"
#include "search/mcts_priors.h"

namespace ddz {

// MCTS uses it as an Evaluator and PriorSource (priors are the policy's softmax at the
// implementation's temperature, value from the value head); Gumbel search asks for the raw logits
// of the root's moves and the values of the worlds its simulations reach, in batches.
class PolicyValueNetwork : public Evaluator, public PriorSource {
 public:
  // The policy's logits (not normalised) over `moves` for obs.seat, from what that seat knows.
  virtual void policy_logits(const Observation& obs, const std::vector<Move>& moves,
                             std::vector<float>& logits) const = 0;
  // The value of each world (play phase, not over) for the side of its seat to move, in [-1, 1];
  // `out` gets one value per world, computed in one forward pass.
  virtual void values(const std::vector<const GameState*>& worlds, std::vector<float>& out) const = 0;
};

}  // namespace ddz
