// Observation tests: a seat sees its own hand, public history, kitty once shown and card counts,
// and what it cannot see (unseen) is exactly the other seats' cards (plus the kitty while bidding).
#include <gtest/gtest.h>

#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/observation.h"

namespace ddz {
namespace {

TEST(Observation, BiddingHidesKittyAndLandlord) {
  Rules rules;
  rules.bidding = true;
  rules.first_bidder = 0;
  GameState s(17, rules);
  for (int seat = 0; seat < 3; ++seat) {
    const Observation o = observe(s, seat);
    EXPECT_EQ(o.phase, Phase::Bidding);
    EXPECT_EQ(o.landlord, kNoSeat);
    EXPECT_TRUE(o.kitty.empty());
    EXPECT_EQ(o.hand, s.hand(seat));
    EXPECT_EQ(o.hand.size(), 17);
    Hand others = s.kitty();
    for (int t = 0; t < 3; ++t)
      if (t != seat) others += s.hand(t);
    EXPECT_EQ(o.unseen(), others);
    EXPECT_TRUE(o.landlord_known_cards().empty());
  }
  ASSERT_EQ(s.apply_bid(2), "");
  const Observation o = observe(s, 1);
  ASSERT_EQ(o.bids.size(), 1u);
  EXPECT_EQ(o.legal_bids(), (std::vector<int>{0, 3}));
}

TEST(Observation, PlayPhaseFollowsTheGame) {
  GameState s(23);  // fixed landlord 0
  const Hand kitty = s.kitty();
  std::vector<Move> legal;
  Rng rng(5);
  while (s.phase() == Phase::Play) {
    for (int seat = 0; seat < 3; ++seat) {
      const Observation o = observe(s, seat);
      ASSERT_EQ(o.landlord, 0);
      ASSERT_EQ(o.kitty, kitty);
      ASSERT_EQ(o.history.size(), s.history().size());
      ASSERT_EQ(o.to_move, s.to_move());
      ASSERT_EQ(o.to_beat, s.to_beat());
      ASSERT_EQ(o.bombs_played, s.bombs_played() + s.rockets_played());
      int left = 0;
      for (int t = 0; t < 3; ++t) left += o.cards_left[size_t(t)];
      Hand played;
      for (Hand p : o.played) played += p;
      ASSERT_EQ(left + played.size(), 54);  // the landlord holds the kitty
      ASSERT_EQ(o.unseen().size(), 54 - o.hand.size() - played.size());
      // The kitty cards the landlord still holds are public and really in its hand.
      ASSERT_TRUE(s.hand(0).contains(o.landlord_known_cards()));
      ASSERT_EQ(o.role(), s.role_of(seat));
      ASSERT_TRUE(o.teammates(1, 2));
      ASSERT_FALSE(o.teammates(0, 1));
    }
    const Observation mover = observe(s, s.to_move());
    std::vector<Move> from_obs;
    mover.legal(from_obs);
    s.legal(legal);
    ASSERT_EQ(from_obs, legal);
    ASSERT_EQ(s.apply_move(legal[rng.below(uint32_t(legal.size()))]), "");
  }
}

}  // namespace
}  // namespace ddz
