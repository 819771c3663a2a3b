// Function-preserving growth of the networks (Net2Net-style): a checkpoint's weights carried
// into a wider and/or deeper architecture so that a run can go on with more capacity.
#pragma once
#include <cstdint>
#include <string>

#include "models/network_spec.h"
#include "models/weights.h"

namespace ddz {

// "" when `to` grows `from` (the same or a newer feature version, whose new inputs get zero
// weights from the old units; per head at least as many hidden layers, each
// old layer at least as wide, each added layer at least as wide as the old last one), else why
// not, naming the head.
std::string growth_error(const NetworkSpec& from, const NetworkSpec& to);

// Weights for `to` that compute exactly what `weights` (of `from`) computes on every input:
// old units keep their weights and see no new unit (those weights are zero); new units get
// fresh random incoming weights (random_weights(to, seed)) and zero outgoing ones, so gradients
// reach them; an added hidden layer passes the old last layer's units through (identity rows:
// after a ReLU the units are >= 0, so ReLU(x) = x). Throws std::invalid_argument with
// growth_error's text when `to` does not grow `from`.
Weights grow_weights(const NetworkSpec& from, const Weights& weights, const NetworkSpec& to, uint64_t seed);

}  // namespace ddz
