// Bid games (selfplay/bid_games.h): each sample against a slow replay of its deal with the seat as
// landlord and every move the policy's argmax computed here, the searched game left as it was,
// and the samples carried over the distributed actors' wire.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/observation.h"
#include "models/features.h"
#include "selfplay/actor.h"
#include "selfplay/bid_games.h"
#include "selfplay/learner.h"
#include "selfplay/remote_wire.h"

#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::tiny_config;
using testing::tiny_spec;

// The reference: the deal played out with `seat` as the fixed landlord, each move the legal move
// with the highest policy logit (the first of equals), from the full state's features.
GameState replay_as_landlord(const EigenNet& net, const GameState& bidding, int seat) {
  Rules rules = bidding.rules();
  rules.bidding = false;
  rules.fixed_landlord = seat;
  GameState game(bidding.initial_deal(), rules);
  std::vector<Move> moves;
  std::vector<float> state_in(static_cast<size_t>(kStateDim)), move_in, scores;
  while (game.phase() == Phase::Play) {
    game.legal(moves);
    size_t best = 0;
    if (moves.size() > 1) {
      encode_state(game, game.to_move(), state_in.data());
      encode_moves(moves, game.hand(game.to_move()), move_in);
      scores.resize(moves.size());
      net.policy_scores(state_in.data(), move_in.data(), int(moves.size()), scores.data());
      for (size_t i = 1; i < scores.size(); ++i)
        if (scores[i] > scores[best]) best = i;
    }
    game.apply_move(moves[best]);
  }
  return game;
}

struct Fixture {
  TrainConfig cfg = tiny_config();
  Learner learner{tiny_spec(), cfg, 3};
  EigenNet net{tiny_spec(), learner.weights()};
};

// Every sample is a bid decision of a seat that could still raise, in deal order, with the
// seat's 17 cards, the bids before it and the result of that seat's replay as landlord.
TEST(BidGames, SamplesAreTheLandlordResultsOfEachBiddingSeat) {
  Fixture f;
  f.cfg.bidding = true;
  f.cfg.bid_games = 3;
  int samples = 0, wins = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    GameSamples out;
    add_bid_games(f.net, f.cfg, seed, out);
    size_t next = 0;
    for (int i = 0; i < f.cfg.bid_games; ++i) {
      const GameState bidding = bid_game_deal(f.net, f.cfg, seed, i);
      ASSERT_EQ(bidding.phase(), Phase::Play);
      for (int seat = 0; seat < kNumSeats; ++seat) {
        // The decisions by definition: this seat's turns while the highest bid was below 3.
        std::vector<std::vector<BidRecord>> expected;
        std::vector<BidRecord> before;
        for (const BidRecord& r : bidding.bids()) {
          const int highest =
              before.empty()
                  ? 0
                  : std::max_element(before.begin(), before.end(), [](const BidRecord& a, const BidRecord& b) {
                      return a.bid < b.bid;
                    })->bid;
          if (r.seat == seat && highest < 3) expected.push_back(before);
          before.push_back(r);
        }
        if (expected.empty()) continue;
        const GameState end = replay_as_landlord(f.net, bidding, seat);
        const int score = end.scores()[size_t(seat)];
        for (const std::vector<BidRecord>& bids : expected) {
          ASSERT_LT(next, out.bids.size()) << "seed " << seed;
          const BidSample& b = out.bids[next++];
          EXPECT_EQ(b.seat, seat);
          EXPECT_EQ(b.hand, bidding.initial_deal().hands[size_t(seat)]);
          EXPECT_EQ(b.first_bidder, bidding.first_bidder());
          ASSERT_EQ(b.bids.size(), bids.size());
          for (size_t k = 0; k < bids.size(); ++k) {
            EXPECT_EQ(b.bids[k].seat, bids[k].seat);
            EXPECT_EQ(b.bids[k].bid, bids[k].bid);
          }
          EXPECT_EQ(b.win, end.landlord_won() ? 1.0f : 0.0f) << "seed " << seed << " seat " << seat;
          EXPECT_FLOAT_EQ(b.score, float(score) / float(end.base_score()) / kScoreScale);
          ++samples;
          wins += b.win > 0.5f;
        }
      }
    }
    EXPECT_EQ(next, out.bids.size()) << "seed " << seed;
    EXPECT_TRUE(out.plays.empty());
  }
  EXPECT_GT(samples, 36);  // at least one decision a deal, usually more
  EXPECT_GT(wins, 0);
  EXPECT_LT(wins, samples);
}

TEST(BidGames, NothingWithoutTheKeyOrWithoutBidding) {
  Fixture f;
  GameSamples out;
  f.cfg.bidding = true;
  f.cfg.bid_games = 0;
  add_bid_games(f.net, f.cfg, 5, out);
  EXPECT_TRUE(out.bids.empty());
  f.cfg.bidding = false;
  f.cfg.bid_games = 2;
  add_bid_games(f.net, f.cfg, 5, out);
  EXPECT_TRUE(out.bids.empty());
}

// A self-play game with bid games is the same game, its own bid samples first, then exactly the
// bid games' samples; deterministic given the seed.
TEST(BidGames, SelfPlayGamesKeepTheirOwnSamples) {
  Fixture f;
  f.cfg.bidding = true;
  f.cfg.bidding_share = 0.5;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    f.cfg.bid_games = 0;
    const GameSamples plain = play_selfplay_game(f.net, f.cfg, seed);
    f.cfg.bid_games = 2;
    const GameSamples with = play_selfplay_game(f.net, f.cfg, seed);
    const GameSamples again = play_selfplay_game(f.net, f.cfg, seed);
    GameSamples extra;
    add_bid_games(f.net, f.cfg, seed, extra);
    ASSERT_EQ(with.plays.size(), plain.plays.size());
    for (size_t i = 0; i < with.plays.size(); ++i) EXPECT_EQ(with.plays[i].policy, plain.plays[i].policy);
    ASSERT_EQ(with.bids.size(), plain.bids.size() + extra.bids.size()) << "seed " << seed;
    for (size_t i = 0; i < with.bids.size(); ++i) {
      const BidSample& expect = i < plain.bids.size() ? plain.bids[i] : extra.bids[i - plain.bids.size()];
      EXPECT_EQ(with.bids[i].hand, expect.hand);
      EXPECT_EQ(with.bids[i].score, expect.score);
      EXPECT_EQ(again.bids[i].hand, with.bids[i].hand);
    }
  }
}

// The wire counts a game's bid samples in a byte: the most a config allows fits, more is refused.
TEST(BidGames, TheWireCarriesTheMostAConfigAllows) {
  Fixture f;
  f.cfg.bidding = true;
  f.cfg.bid_games = 50;
  const TrainConfig parsed = parse_config(f.cfg.to_yaml(), "effective");
  EXPECT_EQ(parsed.bid_games, 50);
  GameSamples g = play_selfplay_game(f.net, f.cfg, 3);
  ASSERT_GT(g.bids.size(), 50u);
  ASSERT_LE(g.bids.size(), 255u);
  const std::vector<GameSamples> back = decode_batch(encode_batch({g}), f.cfg);
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].bids.size(), g.bids.size());
  for (size_t i = 0; i < g.bids.size(); ++i) EXPECT_EQ(back[0].bids[i].score, g.bids[i].score);
  while (g.bids.size() <= 255) g.bids.push_back(g.bids.front());
  EXPECT_THROW(encode_batch({g}), WireError);
}

}  // namespace
}  // namespace ddz::selfplay
