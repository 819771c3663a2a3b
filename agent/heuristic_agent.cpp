// HeuristicAgent: the rules documented in heuristic_agent.h, on top of hand_value's split.
// Candidate moves are few per decision and each costs one cached hand evaluation.
#include "agent/heuristic_agent.h"

#include "agent/spec_settings.h"

#include <algorithm>
#include <stdexcept>

#include "agent/hand_value.h"
#include "game/catalogue.h"
#include "game/movegen.h"

namespace ddz {

namespace {

constexpr size_t kCacheSize = 1 << 12;
constexpr int kForceMargin = -1000;
constexpr int kBombCost = 20;

bool has_kickers(MoveType t) {
  return t == MoveType::TrioSolo || t == MoveType::TrioPair || t == MoveType::TrioSoloChain ||
         t == MoveType::TrioPairChain || t == MoveType::FourTwoSolo || t == MoveType::FourTwoPair;
}

// The main part of a kicker move (trios or the four), without kickers.
Hand body_of(const Move& m) {
  if (m.type == MoveType::FourTwoSolo || m.type == MoveType::FourTwoPair) return Hand::of(m.key, 4);
  Hand body;
  for (int r = m.key; r < m.key + m.len; ++r) body.add(r, 3);
  return body;
}

// Cost of giving away these kicker cards: their card values, and a lot more for each rank the
// kickers split (leaving part of a pair, trio or bomb behind).
int kicker_cost(Hand hand, const Move& m) {
  const Hand kick = m.cards - body_of(m);
  int cost = 0;
  for (int r = 0; r < kNumRanks; ++r) {
    const int k = kick.count(r);
    if (!k) continue;
    cost += k * (r + 3);
    if (hand.count(r) - body_of(m).count(r) > k) cost += 20;
  }
  return cost;
}

// Extra cost of spending control cards that the hand value does not already charge.
int control_cost(const Move& m) {
  if (m.is_bomb_or_rocket()) return 0;  // charged separately (kBombCost unless winning)
  return 2 * m.cards.count(R2) + 3 * m.cards.count(RX) + 4 * m.cards.count(RD);
}

Move solo_of(int rank) { return Move{Hand::of(rank), MoveType::Solo, uint8_t(rank), 1}; }
Move pair_of(int rank) { return Move{Hand::of(rank, 2), MoveType::Pair, uint8_t(rank), 1}; }

// Whether an opponent holding at most enemy_max of the unseen cards might beat g (a farmer
// counts its partner's cards as possibly the landlord's: the safe side).
bool opponents_may_beat(Hand unseen, const Move& g, int enemy_max) {
  if (enemy_max >= g.cards.size()) return can_beat(unseen, g);
  if (g.type == MoveType::Rocket) return false;
  if (enemy_max >= 2 && unseen.count(RX) && unseen.count(RD)) return true;
  if (enemy_max >= 4 && g.type != MoveType::Bomb && (unseen.ranks_with_at_least(4) & 0x1FFF)) return true;
  if (enemy_max >= 4 && g.type == MoveType::Bomb && (unseen.ranks_with_at_least(4) >> (g.key + 1) & 0x1FFF))
    return true;
  return false;
}

int lowest_rank(Hand h) { return __builtin_ctzll(h.bits()) / 4; }

}  // namespace

HeuristicAgent::HeuristicAgent(std::string spec, HeuristicConfig config)
    : spec_(std::move(spec)), config_(config), cache_(kCacheSize) {}

int HeuristicAgent::value(Hand hand) {
  CacheEntry& e = cache_[size_t((hand.bits() * 0x9E3779B97F4A7C15ULL) >> 52) & (kCacheSize - 1)];
  if (e.bits != hand.bits()) {
    e.bits = hand.bits();
    e.value = hand_value(hand);
  }
  return e.value;
}

int HeuristicAgent::bid(const Observation& obs) {
  const Hand h = obs.hand;
  int strength = 8 * h.count(RD) + 6 * h.count(RX) + 4 * h.count(R2) + h.count(RA);
  for (int r = 0; r <= R2; ++r)
    if (h.count(r) == 4) strength += 8;
  const int plays = plan_hand(h).plays;
  if (plays > 5) strength -= 2 * (plays - 5);
  const int t = config_.bid_threshold;
  const int want = strength >= t + 8 ? 3 : strength >= t + 4 ? 2 : strength >= t ? 1 : 0;
  int highest = 0;
  for (const auto& b : obs.bids) highest = std::max(highest, b.bid);
  return want > highest ? want : 0;
}

Move HeuristicAgent::play(const Observation& obs) {
  if (obs.phase != Phase::Play) throw std::logic_error("HeuristicAgent::play called outside the play phase");
  return obs.to_beat.is_pass() ? lead(obs) : follow(obs);
}

Move HeuristicAgent::lead(const Observation& obs) {
  const Hand hand = obs.hand;
  // The whole hand as one combination (exact, including splits the planner never makes, such
  // as four with two kickers) wins at once.
  if (auto whole = classify(hand)) return *whole;
  const HandPlan plan = plan_hand(hand);
  if (plan.count == 1) return plan.groups[0];

  const bool landlord = obs.seat == obs.landlord;
  const int partner = landlord ? kNoSeat : 3 - obs.seat - obs.landlord;
  int enemy_min = 100, enemy_max = 0;
  for (int s = 0; s < kNumSeats; ++s) {
    if (s == obs.seat || s == partner) continue;
    enemy_min = std::min(enemy_min, obs.cards_left[size_t(s)]);
    enemy_max = std::max(enemy_max, obs.cards_left[size_t(s)]);
  }

  // 2. Lead unbeatable combinations first when at most one beatable one remains.
  const Hand unseen = obs.unseen();
  int beatable = 0;
  int safe = -1;
  for (int i = 0; i < plan.count; ++i) {
    const Move& g = plan.groups[size_t(i)];
    const bool can_lose = opponents_may_beat(unseen, g, enemy_max);
    if (can_lose) ++beatable;
    else if (safe < 0 || !plan.groups[size_t(i)].is_bomb_or_rocket()) safe = i;
  }
  if (beatable <= 1 && safe >= 0) return plan.groups[size_t(safe)];

  // 3. Let a partner with one or two cards out.
  if (partner != kNoSeat) {
    const int pc = obs.cards_left[size_t(partner)];
    if (pc == 1) return solo_of(lowest_rank(hand));
    if (pc == 2) {
      const uint32_t pairs = hand.ranks_with_at_least(2);
      if (pairs) return pair_of(__builtin_ctz(pairs));
    }
  }

  // 4/5. Weakest combination, avoiding sizes an opponent about to go out could answer.
  const MoveType avoid = enemy_min == 1 ? MoveType::Solo : enemy_min == 2 ? MoveType::Pair : MoveType::Pass;
  int best = -1;
  int best_key = 0;
  for (int pass = 0; pass < 2 && best < 0; ++pass) {
    for (int i = 0; i < plan.count; ++i) {
      const Move& g = plan.groups[size_t(i)];
      if (pass == 0 && (g.type == avoid || g.is_bomb_or_rocket())) continue;
      int key = combination_value(g) - (g.cards.size() - 1);
      if (g.is_bomb_or_rocket()) key += 100;
      if (best < 0 || key < best_key) {
        best = i;
        best_key = key;
      }
    }
  }
  const Move& chosen = plan.groups[size_t(best)];
  // Only solos (or pairs) left against an opponent about to go out: lead the highest one.
  if (chosen.type == avoid && avoid != MoveType::Pass) {
    const Move* top = &chosen;
    for (int i = 0; i < plan.count; ++i) {
      const Move& g = plan.groups[size_t(i)];
      if (g.type == avoid && g.key > top->key) top = &g;
    }
    return *top;
  }
  return chosen;
}

Move HeuristicAgent::follow(const Observation& obs) {
  const Hand hand = obs.hand;
  legal_moves(hand, obs.to_beat, moves_);
  if (moves_.size() == 1) return moves_[0];  // only pass
  for (const Move& m : moves_)
    if (m.cards == hand) return m;  // 1. go out

  const bool landlord = obs.seat == obs.landlord;
  const int partner = landlord ? kNoSeat : 3 - obs.seat - obs.landlord;
  if (partner != kNoSeat && obs.to_beat_seat == partner) return Move::pass();  // 2.

  // 1b. A bomb (or the rocket) after which one combination remains wins the game when nobody
  // answers it: worth playing whatever it costs.
  for (const Move& m : moves_) {
    if (!m.is_bomb_or_rocket()) continue;
    const Hand rest = hand - m.cards;
    if (rest.empty() || classify(rest).has_value()) return m;
  }

  // 4. How eager to beat: forced when the player of to_beat (an opponent) is about to go out.
  const int leader_cards = obs.cards_left[size_t(obs.to_beat_seat)];
  // The last farmer to answer the landlord: the landlord's move would otherwise win the trick.
  const bool last_farmer = !landlord && obs.seat == (obs.landlord + 2) % kNumSeats;
  int margin = landlord ? config_.landlord_margin : last_farmer ? config_.last_margin : config_.down_margin;
  if (leader_cards <= config_.danger || (last_farmer && leader_cards <= config_.last_danger)) margin = kForceMargin;

  // 3. Score candidates; of kicker variants of one body keep the cheapest kickers.
  struct Body {
    Hand body;
    MoveType type;
    int cost;
    size_t index;
  };
  Body bodies[64];
  int n_bodies = 0;
  const Move* best = nullptr;
  int best_score = value(hand) + margin;
  auto consider = [&](const Move& m) {
    int cost = control_cost(m);
    const Hand rest = hand - m.cards;
    const int rest_value = value(rest);
    if (m.is_bomb_or_rocket() && margin != kForceMargin) {
      // A bomb is worth spending when it wins: what remains is a single combination.
      if (!(rest.empty() || classify(rest).has_value())) cost += kBombCost;
    }
    const int score = rest_value - cost;
    if (score > best_score || (best == nullptr && margin == kForceMargin)) {
      best_score = score;
      best = &m;
    }
  };
  for (size_t i = 0; i < moves_.size(); ++i) {
    const Move& m = moves_[i];
    if (m.is_pass()) continue;
    if (!has_kickers(m.type)) {
      consider(m);
      continue;
    }
    const Hand body = body_of(m);
    const int cost = kicker_cost(hand, m);
    int k = 0;
    while (k < n_bodies && !(bodies[k].body == body && bodies[k].type == m.type)) ++k;
    if (k == n_bodies) {
      if (n_bodies == 64) continue;
      bodies[n_bodies++] = Body{body, m.type, cost, i};
    } else if (cost < bodies[k].cost) {
      bodies[k].cost = cost;
      bodies[k].index = i;
    }
  }
  for (int k = 0; k < n_bodies; ++k) consider(moves_[bodies[k].index]);
  return best ? *best : Move::pass();
}

const SettingsTable<HeuristicConfig>& heuristic_settings_table() {
  static const SettingsTable<HeuristicConfig> table = [] {
    using C = HeuristicConfig;
    SettingsTable<C> t;
    t.group("the heuristic agent");
    t.add("danger", &C::danger, ints(0, 20),
          "beat with anything when the opponent who played holds at most this many cards");
    t.add("last_danger", &C::last_danger, ints(0, 20),
          "the same against the landlord holding at most this many cards once the partner passed");
    t.add("landlord_margin", &C::landlord_margin, ints(-100, 100),
          "the landlord's score of passing, over its hand's value (negative: keener to take the trick)");
    t.add("down_margin", &C::down_margin, ints(-100, 100),
          "the same for the farmer right after the landlord (its partner follows)");
    t.add("last_margin", &C::last_margin, ints(-100, 100), "the same for the last farmer to answer the landlord");
    t.add("bid_threshold", &C::bid_threshold, ints(0, 60), "bid 1 at this hand strength, 2 at +4, 3 at +8");
    return t;
  }();
  return table;
}

std::unique_ptr<Agent> make_heuristic_agent(const AgentSpec& spec) {
  HeuristicConfig c;
  read_spec_settings(spec, AgentSpec(), heuristic_settings_table(), c);
  spec.check(setting_names(heuristic_settings_table()));
  return std::make_unique<HeuristicAgent>(spec.text(), c);
}

}  // namespace ddz
