// Tests of bid_lookahead (agent/bid_lookahead.h) against a slow reference written from its
// definition: one deal at a time, bids through observe() and bid_by_head, unbatched value().
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "agent/bid_lookahead.h"
#include "agent/net_bidder.h"
#include "models/agent_file.h"
#include "models/features.h"
#include "search/world_sampler.h"
#include "tests/agent/small_model_file.h"

namespace ddz {
namespace {

struct Reference {
  std::vector<double> value;
  int chosen = 0;
};

Reference reference_lookahead(const EigenNet& net, const Observation& obs, const BidLookaheadOptions& o, Rng& rng) {
  const std::vector<int> legal = obs.legal_bids();
  Reference r;
  r.value.assign(legal.size(), 0.0);
  const UniformWorldSampler sampler;
  Rules rules = obs.rules;
  rules.bidding = true;
  rules.first_bidder = obs.first_bidder;
  double total = 0.0;
  for (int w = 0; w < o.worlds; ++w) {
    const Deal deal = sampler.sample_deal(obs, rng);
    GameState before(deal, rules);
    double weight = 1.0;
    for (const BidRecord& b : obs.bids) {
      const int head = bid_by_head(net, observe(before, before.to_move()), o.head_threshold);
      if ((head > 0) != (b.bid > 0)) weight *= o.mismatch_weight;
      EXPECT_EQ(before.apply_bid(b.bid), "");
    }
    total += weight;
    for (size_t i = 0; i < legal.size(); ++i) {
      GameState s = before;
      EXPECT_EQ(s.apply_bid(legal[i]), "");
      while (s.phase() == Phase::Bidding && s.redeals() == 0)
        EXPECT_EQ(s.apply_bid(bid_by_head(net, observe(s, s.to_move()), o.head_threshold)), "");
      if (s.redeals() > 0) continue;
      std::vector<float> in(kValueDim);
      encode_value(s, in.data());
      const double landlord = net.value(in.data()).score;
      r.value[i] += weight * (s.landlord() == obs.seat ? landlord : -0.5 * landlord);
    }
  }
  size_t best = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    r.value[i] /= total;
    if (r.value[i] > r.value[best]) best = i;
  }
  r.chosen = legal[best];
  return r;
}

// Bidding situations from seeded deals: 0, 1 or 2 earlier bids (random, never a 3 that would end
// the bidding), each seat speaking in turn.
std::vector<Observation> situations(int n) {
  std::vector<Observation> out;
  Rules rules;
  rules.bidding = true;
  for (int seed = 1; seed <= n; ++seed) {
    GameState s(uint64_t(seed), rules);
    Rng rng(uint64_t(seed) * 31);
    for (int k = 0; k < seed % 3; ++k) {
      std::vector<int> legal = s.legal_bids();
      legal.erase(std::remove(legal.begin(), legal.end(), 3), legal.end());
      EXPECT_EQ(s.apply_bid(legal[rng.below(uint32_t(legal.size()))]), "");
    }
    out.push_back(observe(s, s.to_move()));
  }
  return out;
}

class BidLookahead : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = testing::small_model_file("", "bid_lookahead", 91);
    model_ = load_model_cached(path_);
  }
  void TearDown() override { std::remove(path_.c_str()); }
  std::string path_;
  std::shared_ptr<const LoadedModel> model_;
};

// Every bid's mean score and the choice equal the slow reference's on the same sampled deals,
// with and without weighting the deals by the bids so far.
TEST_F(BidLookahead, MatchesTheSlowReference) {
  for (double mismatch : {1.0, 0.25}) {
    BidLookaheadOptions o;
    o.worlds = 12;
    o.mismatch_weight = mismatch;
    int seed = 0;
    for (const Observation& obs : situations(24)) {
      ++seed;
      Rng a{uint64_t(seed)}, b{uint64_t(seed)};
      const BidLookaheadResult got = bid_lookahead(*model_->net, obs, o, a);
      const Reference want = reference_lookahead(*model_->net, obs, o, b);
      EXPECT_EQ(got.bids, obs.legal_bids());
      ASSERT_EQ(got.value.size(), want.value.size());
      for (size_t i = 0; i < want.value.size(); ++i)
        EXPECT_NEAR(got.value[i], want.value[i], 1e-4) << "situation " << seed << " bid " << got.bids[i];
      EXPECT_EQ(got.chosen, want.chosen) << "situation " << seed;
    }
  }
}

// The last seat to speak after two passes: passing means a redeal, worth exactly 0.
TEST_F(BidLookahead, PassingAfterTwoPassesIsARedealWorthZero) {
  Rules rules;
  rules.bidding = true;
  GameState s(5, rules);
  ASSERT_EQ(s.apply_bid(0), "");
  ASSERT_EQ(s.apply_bid(0), "");
  Rng rng(3);
  const BidLookaheadResult r = bid_lookahead(*model_->net, observe(s, s.to_move()), BidLookaheadOptions{}, rng);
  ASSERT_EQ(r.bids, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(r.value[0], 0.0);
  for (size_t i = 1; i < r.bids.size(); ++i) EXPECT_NE(r.value[i], 0.0);
}

TEST_F(BidLookahead, RefusesThePlayPhase) {
  GameState s(5);  // fixed landlord: play starts at once
  Rng rng(1);
  EXPECT_THROW(bid_lookahead(*model_->net, observe(s, s.to_move()), BidLookaheadOptions{}, rng), std::invalid_argument);
}

}  // namespace
}  // namespace ddz
