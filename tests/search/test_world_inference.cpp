// Tests of world inference (search/world_inference.h): the true deal of a game the model played
// itself weighs 1, weights count the mismatches of the weighed plays only, weighted worlds place
// the hidden cards with the seats that hold them more often than uniform worlds do, and so do
// worlds drawn by rejection, which agree with the weighted mean.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "agent/factory.h"
#include "search/world_inference.h"
#include "game/observation.h"
#include "search/world_sampler.h"

namespace ddz {
namespace {

// Cards that two hands share, rank by rank.
int common_cards(Hand a, Hand b) {
  int n = 0;
  for (int r = 0; r < kNumRanks; ++r) n += std::min(a.count(r), b.count(r));
  return n;
}

// The share of the hidden cards that `world` gives to the seat truly holding them (in `truth`).
double hidden_share(const Observation& obs, const GameState& truth, const GameState& world) {
  int right = 0;
  for (int s = 0; s < kNumSeats; ++s)
    if (s != obs.seat) right += common_cards(world.hand(s), truth.hand(s));
  return double(right) / obs.unseen().size();
}

// A position after `plies` plies of a seeded fixed-landlord game played by `heuristic` at every seat.
GameState heuristic_position(uint64_t seed, int plies) {
  Rules rules;
  rules.bidding = false;
  rules.fixed_landlord = int(seed % 3);
  GameState s(seed, rules);
  auto model = make_agent("heuristic");
  for (int i = 0; i < plies; ++i) {
    GameState next = s;
    next.apply_trusted(model->play(observe(s, s.to_move())));
    if (next.phase() != Phase::Play) break;
    s = next;
  }
  return s;
}

TEST(WorldInference, TrueDealOfTheModelsOwnGameWeighsOne) {
  auto model = make_agent("heuristic");
  WorldInference inf;
  inf.mismatch_weight = 0.5;
  inf.last_moves = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const GameState truth = heuristic_position(seed, 5 + int(seed % 25));
    const Observation obs = observe(truth, truth.to_move());
    const WeightedWorld w = weigh_world(obs, truth.hands(), inf, model.get());
    ASSERT_EQ(w.weight, 1.0) << "seed " << seed;
    ASSERT_EQ(w.world.hands(), truth.hands());
    ASSERT_EQ(w.world.history().size(), truth.history().size());
  }
}

// weight = mismatch_weight^m with m at most the number of weighed plays; last_moves bounds m.
TEST(WorldInference, WeightCountsMismatchesOfTheWeighedPlaysOnly) {
  auto model = make_agent("heuristic");
  Rng rng(3);
  int below_one = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const GameState truth = heuristic_position(seed, 20 + int(seed % 15));
    const Observation obs = observe(truth, truth.to_move());
    for (int last : {1, 3, 0}) {
      WorldInference inf;
      inf.mismatch_weight = 0.5;
      inf.last_moves = last;
      const WeightedWorld w = sample_weighted_world(obs, rng, inf, model.get());
      ASSERT_EQ(check_world(obs, w.world), "") << "seed " << seed;
      const double m = -std::log2(w.weight);
      ASSERT_NEAR(m, std::round(m), 1e-9);
      int others = 0;
      for (const PlayRecord& r : obs.history) others += r.seat != obs.seat;
      ASSERT_LE(m, last > 0 ? std::min(last, others) : others) << "seed " << seed << " last " << last;
      below_one += w.weight < 1.0;
    }
    // Inactive inference weighs every world 1 and needs no model.
    WorldInference off;
    ASSERT_EQ(sample_weighted_world(obs, rng, off, nullptr).weight, 1.0);
  }
  EXPECT_GT(below_one, 40);  // random worlds disagree with the model somewhere
  WorldInference on;
  on.mismatch_weight = 0.5;
  const GameState position = heuristic_position(1, 10);
  const Observation obs = observe(position, position.to_move());
  EXPECT_THROW(sample_weighted_world(obs, rng, on, nullptr), std::invalid_argument);
}

// The point of inference: over games the model played, the weighted share of hidden cards that a
// sampled world gives to the seat truly holding them is higher than the uniform share.
TEST(WorldInference, WeightedWorldsPlaceHiddenCardsBetterThanUniform) {
  auto model = make_agent("heuristic");
  WorldInference inf;
  inf.mismatch_weight = 0.3;
  inf.last_moves = 8;
  Rng rng(17);
  double uniform_sum = 0, weighted_sum = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const GameState truth = heuristic_position(seed, 12 + int(seed % 20));
    const Observation obs = observe(truth, truth.to_move());
    if (obs.unseen().size() == 0) continue;
    double u = 0, wv = 0, wsum = 0;
    const int n = 200;
    for (int i = 0; i < n; ++i) {
      const WeightedWorld w = sample_weighted_world(obs, rng, inf, model.get());
      const double share = hidden_share(obs, truth, w.world);
      u += share;
      wv += w.weight * share;
      wsum += w.weight;
    }
    uniform_sum += u / n;
    weighted_sum += wv / wsum;
  }
  EXPECT_GT(weighted_sum, uniform_sum + 1.0) << "weighted " << weighted_sum << " uniform " << uniform_sum;
}

// Rejection sampling (draws > 1) draws from the weighted distribution itself: every kept world
// weighs 1, it places the hidden cards as well as the weighted mean does (the same expectation),
// better than uniform worlds, and its worlds explain the other seats' plays more often.
TEST(WorldInference, RejectionDrawsFollowTheWeights) {
  auto model = make_agent("heuristic");
  WorldInference weighted;
  weighted.mismatch_weight = 0.3;
  weighted.last_moves = 8;
  WorldInference rejection = weighted;
  rejection.draws = 1000;  // enough that the fallback (the heaviest draw) is rare
  Rng rng(23);
  double uniform_sum = 0, weighted_sum = 0, rejection_sum = 0;
  int uniform_exact = 0, rejection_exact = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const GameState truth = heuristic_position(seed, 12 + int(seed % 20));
    const Observation obs = observe(truth, truth.to_move());
    if (obs.unseen().size() == 0) continue;
    auto share = [&](const GameState& world) { return hidden_share(obs, truth, world); };
    double u = 0, wv = 0, wsum = 0, r = 0;
    const int n = 300;
    for (int i = 0; i < n; ++i) {
      const WeightedWorld w = sample_weighted_world(obs, rng, weighted, model.get());
      const double sw = share(w.world);
      u += sw;
      wv += w.weight * sw;
      wsum += w.weight;
      uniform_exact += w.weight == 1.0;
      const WeightedWorld kept = sample_weighted_world(obs, rng, rejection, model.get());
      ASSERT_EQ(kept.weight, 1.0);
      ASSERT_EQ(check_world(obs, kept.world), "") << "seed " << seed;
      r += share(kept.world);
      rejection_exact += weigh_world(obs, kept.world.hands(), weighted, model.get()).weight == 1.0;
    }
    uniform_sum += u / n;
    weighted_sum += wv / wsum;
    rejection_sum += r / n;
  }
  EXPECT_GT(rejection_sum, uniform_sum + 1.0) << "rejection " << rejection_sum << " uniform " << uniform_sum;
  EXPECT_NEAR(rejection_sum, weighted_sum, 0.5) << "rejection " << rejection_sum << " weighted " << weighted_sum;
  EXPECT_GT(rejection_exact, 2 * uniform_exact) << "rejection " << rejection_exact << " uniform " << uniform_exact;
}

}  // namespace
}  // namespace ddz
