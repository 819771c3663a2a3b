// Sampled worlds that keep the public history: the uniform sampler's hands are turned back into
// a full deal and the observed bids and moves are replayed on it, so the value network sees the
// same kind of state (history, cards played, bids) in search as in training on true games.
#pragma once
#include <array>
#include <functional>

#include "game/observation.h"
#include "game/state.h"

namespace ddz {

// The full-history state whose current hands are `hands` (consistent with obs, e.g. drawn by
// UniformWorldSampler): each seat's original hand = hands + cards it played, the landlord's
// less the kitty. Throws std::logic_error if the history does not replay (inconsistent input).
// `before_play`, when given, sees each recorded play with the state just before it (for weighing a
// world by how well it explains the other seats' moves: search/world_inference.h).
using PlayVisitor = std::function<void(const GameState& before, const PlayRecord& play)>;
GameState world_with_history(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                             const PlayVisitor& before_play = {});

// Drawing such a world (uniformly, optionally weighed by the play so far): sample_weighted_world
// in search/world_inference.h.

}  // namespace ddz
