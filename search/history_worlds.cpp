// Rebuilds a sampled deal's history by replaying the observation's bids and moves from the deal.
#include "search/history_worlds.h"

#include <stdexcept>

namespace ddz {

GameState world_with_history(const Observation& obs, const std::array<Hand, kNumSeats>& hands,
                             const PlayVisitor& before_play) {
  Deal deal;
  deal.kitty = obs.kitty;
  for (int s = 0; s < kNumSeats; ++s) {
    Hand original = hands[size_t(s)] + obs.played[size_t(s)];
    if (s == obs.landlord) {
      if (!original.contains(obs.kitty)) throw std::logic_error("world_with_history: the landlord lacks the kitty");
      original -= obs.kitty;
    }
    deal.hands[size_t(s)] = original;
  }
  Rules rules = obs.rules;
  if (rules.bidding && !obs.bids.empty()) {
    rules.first_bidder = obs.first_bidder;
  } else {
    rules.bidding = false;
    rules.fixed_landlord = obs.landlord;
  }
  GameState state(deal, rules);
  if (rules.bidding) {
    for (const BidRecord& b : obs.bids) {
      const std::string why = state.apply_bid(b.bid);
      if (!why.empty()) throw std::logic_error("world_with_history: bid does not replay: " + why);
    }
  }
  for (const PlayRecord& r : obs.history) {
    if (before_play) before_play(state, r);
    state.apply_trusted(r.move);
  }
  if (state.to_move() != obs.to_move || state.landlord() != obs.landlord)
    throw std::logic_error("world_with_history: replay does not reach the observed position");
  return state;
}

}  // namespace ddz
