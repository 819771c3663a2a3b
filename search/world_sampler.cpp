// Uniform world sampling: the observer's hand and the landlord's known kitty cards are fixed, and
// the remaining unseen cards are shuffled (as distinct suited cards) and dealt by cards left.
#include "search/world_sampler.h"

#include <stdexcept>
#include <vector>

namespace ddz {
namespace {

// Deals `pool` (shuffled as individual cards) into the seats in seat order by need[s].
std::array<Hand, kNumSeats> deal_pool(Hand pool, const std::array<int, kNumSeats>& need, Rng& rng) {
  uint8_t cards[kNumCards];
  int n = 0;
  for (int r = 0; r < kNumRanks; ++r)
    for (int k = pool.count(r); k > 0; --k) cards[n++] = uint8_t(r);
  std::array<Hand, kNumSeats> out{};
  int next = 0;
  for (int s = 0; s < kNumSeats; ++s) {
    for (int k = 0; k < need[size_t(s)]; ++k, ++next) {
      // Partial Fisher-Yates: position `next` takes a uniformly chosen card from the rest.
      const int j = next + int(rng.below(uint32_t(n - next)));
      std::swap(cards[next], cards[j]);
      out[size_t(s)].add(cards[next]);
    }
  }
  return out;
}

}  // namespace

HiddenCards hidden_cards(const Observation& obs) {
  if (obs.landlord < 0 || obs.landlord >= kNumSeats)
    throw std::invalid_argument("world sampling needs a landlord (play phase)");
  HiddenCards h;
  Hand seen = obs.hand;
  for (Hand p : obs.played) {
    if (!(Hand::deck() - seen).contains(p)) throw std::invalid_argument("observation: played cards exceed the deck");
    seen += p;
  }
  if (!Hand::deck().contains(seen)) throw std::invalid_argument("observation: hand and played cards exceed the deck");
  if (obs.hand.size() != obs.cards_left[size_t(obs.seat)])
    throw std::invalid_argument("observation: cards_left of the observer differs from its hand");
  h.pool = Hand::deck() - seen;
  h.fixed[size_t(obs.seat)] = obs.hand;
  if (obs.seat != obs.landlord) {
    const Hand known = obs.landlord_known_cards();
    if (!h.pool.contains(known)) throw std::invalid_argument("observation: the landlord's kitty cards are not unseen");
    h.fixed[size_t(obs.landlord)] = known;
    h.pool -= known;
  }
  int total = 0;
  for (int s = 0; s < kNumSeats; ++s) {
    h.need[size_t(s)] = obs.cards_left[size_t(s)] - h.fixed[size_t(s)].size();
    if (h.need[size_t(s)] < 0) throw std::invalid_argument("observation: a seat holds fewer cards than it must");
    total += h.need[size_t(s)];
  }
  if (total != h.pool.size()) throw std::invalid_argument("observation: cards left do not add up to the unseen cards");
  return h;
}

bool world_is_determined(const Observation& obs) {
  const HiddenCards h = hidden_cards(obs);
  int needy = 0;
  for (int n : h.need) needy += n > 0;
  return needy <= 1;
}

GameState world_from_hands(const Observation& obs, const std::array<Hand, kNumSeats>& hands) {
  // Preferred: rebuild the whole game (original deal, then the public history), so the world
  // knows the cards played, plays made (spring) and bombs exactly as the real game does. That
  // needs a history accounting for every played card; hand-made observations without one fall
  // back to a bare position.
  auto bare = [&] {
    return GameState::from_position(hands, obs.landlord, obs.to_move, obs.to_beat, obs.to_beat_seat, obs.rules);
  };
  std::array<Hand, kNumSeats> from_history{};
  for (const PlayRecord& p : obs.history) {
    if (p.seat < 0 || p.seat >= kNumSeats || !(Hand::deck() - from_history[size_t(p.seat)]).contains(p.move.cards))
      return bare();
    from_history[size_t(p.seat)] += p.move.cards;
  }
  bool replayable = obs.kitty.size() == 3;
  Deal deal;
  deal.kitty = obs.kitty;
  for (int s = 0; s < kNumSeats && replayable; ++s) {
    replayable = from_history[size_t(s)] == obs.played[size_t(s)];
    Hand original = hands[size_t(s)] + obs.played[size_t(s)];
    if (s == obs.landlord) {
      replayable = replayable && original.contains(obs.kitty);
      if (replayable) original -= obs.kitty;
    }
    replayable = replayable && original.size() == 17;
    deal.hands[size_t(s)] = original;
  }
  if (replayable) {
    Rules rules = obs.rules;
    rules.bidding = false;
    rules.fixed_landlord = obs.landlord;
    GameState g(deal, rules);
    for (const PlayRecord& p : obs.history) {
      if (g.phase() != Phase::Play || g.to_move() != p.seat) {
        replayable = false;
        break;
      }
      g.apply_trusted(p.move);
    }
    if (replayable && g.phase() == Phase::Play && g.to_move() == obs.to_move && g.to_beat() == obs.to_beat) return g;
  }
  return bare();
}

GameState UniformWorldSampler::sample(const Observation& obs, Rng& rng) const {
  const HiddenCards h = hidden_cards(obs);
  std::array<Hand, kNumSeats> hands = deal_pool(h.pool, h.need, rng);
  for (int s = 0; s < kNumSeats; ++s) hands[size_t(s)] += h.fixed[size_t(s)];
  return world_from_hands(obs, hands);
}

Deal UniformWorldSampler::sample_deal(const Observation& obs, Rng& rng) const {
  if (obs.hand.size() != 17) throw std::invalid_argument("deal sampling needs the observer's 17-card bidding hand");
  const Hand pool = Hand::deck() - obs.hand;
  std::array<int, kNumSeats> need{};
  for (int s = 0; s < kNumSeats; ++s) need[size_t(s)] = s == obs.seat ? 0 : 17;
  std::array<Hand, kNumSeats> others = deal_pool(pool, need, rng);
  Deal d;
  Hand dealt;
  for (int s = 0; s < kNumSeats; ++s) {
    d.hands[size_t(s)] = s == obs.seat ? obs.hand : others[size_t(s)];
    dealt += d.hands[size_t(s)];
  }
  d.kitty = Hand::deck() - dealt;
  return d;
}

std::string check_world(const Observation& obs, const GameState& world) {
  if (world.hand(obs.seat) != obs.hand) return "the observer's hand differs";
  Hand all;
  for (int s = 0; s < kNumSeats; ++s) {
    if (world.hand(s).size() != obs.cards_left[size_t(s)])
      return "seat " + std::to_string(s) + " holds " + std::to_string(world.hand(s).size()) + " cards, not " +
             std::to_string(obs.cards_left[size_t(s)]);
    all += world.hand(s);
    all += obs.played[size_t(s)];
  }
  if (all != Hand::deck()) return "hands and played cards are not the deck";
  if (!world.hand(obs.landlord).contains(obs.landlord_known_cards())) return "the landlord lacks its kitty cards";
  if (world.landlord() != obs.landlord || world.to_move() != obs.to_move) return "landlord or seat to move differs";
  if (world.to_beat() != obs.to_beat) return "the combination to beat differs";
  return "";
}

}  // namespace ddz
