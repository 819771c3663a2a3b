// Bid samples from policy-only games of the network against itself (selfplay/bid_games.h); also
// the shared bookkeeping of counterfactual bids in policy-gradient games.
#include "selfplay/bid_games.h"

#include <algorithm>
#include <stdexcept>

#include "agent/policy_rollout_agent.h"
#include "game/observation.h"
#include "game/rng.h"

namespace ddz::selfplay {

std::vector<std::vector<BidRecord>> bid_decisions(const GameState& end, int seat) {
  std::vector<std::vector<BidRecord>> decisions;
  std::vector<BidRecord> before;
  int highest = 0;
  for (const BidRecord& r : end.bids()) {
    if (r.seat == seat && highest < 3) decisions.push_back(before);
    highest = std::max(highest, r.bid);
    before.push_back(r);
  }
  return decisions;
}

GameState fixed_landlord_game(const GameState& bidding, int seat) {
  Rules rules = bidding.rules();
  rules.bidding = false;
  rules.fixed_landlord = seat;
  return GameState(bidding.initial_deal(), rules);
}

void add_landlord_bids(const GameState& end, int seat, const std::vector<std::vector<BidRecord>>& decisions,
                       const GameState& as_landlord, GameSamples& out) {
  if (as_landlord.phase() != Phase::Over || as_landlord.landlord() != seat)
    throw std::logic_error("add_landlord_bids: needs a finished game with the seat as landlord");
  BidSample b;
  b.hand = end.initial_deal().hands[size_t(seat)];
  b.seat = seat;
  b.first_bidder = end.rules().bidding ? end.first_bidder() : seat;  // fixed: as the first bidder
  b.win = as_landlord.landlord_won() ? 1.0f : 0.0f;
  b.score = float(as_landlord.scores()[size_t(seat)]) / float(as_landlord.base_score()) / kScoreScale;
  for (const std::vector<BidRecord>& bids : decisions) {
    b.bids = bids;
    out.bids.push_back(b);
  }
}

GameState bid_game_deal(const EigenNet& net, const TrainConfig& config, uint64_t seed, int i) {
  const uint64_t deal_seed = Rng::mix(seed, 0xB1D60000ULL + uint64_t(i));
  Rng rng(Rng::mix(deal_seed, 0xB1D7));
  Rules rules = training_rules(config);
  rules.bidding = true;
  GameState state(deal_seed, rules);
  play_bidding(net, state, SeatPlan{}, nullptr, rng);  // SeatPlan{}: the network in every seat
  return state;
}

void add_bid_games(const EigenNet& net, const TrainConfig& config, uint64_t seed, GameSamples& out) {
  if (config.bid_games <= 0 || !config.bidding) return;
  PolicyRolloutAgent greedy(net);
  for (int i = 0; i < config.bid_games; ++i) {
    const GameState bidding = bid_game_deal(net, config, seed, i);
    for (int seat = 0; seat < kNumSeats; ++seat) {
      const std::vector<std::vector<BidRecord>> decisions = bid_decisions(bidding, seat);
      if (decisions.empty()) continue;
      GameState game = fixed_landlord_game(bidding, seat);
      while (game.phase() == Phase::Play)
        game.apply_trusted(greedy.play(observe(game, game.to_move())));  // a legal move by construction
      add_landlord_bids(bidding, seat, decisions, game, out);
    }
  }
}

}  // namespace ddz::selfplay
