// Hand value: a depth-first search over the chains and airplanes a hand could be played as
// (each option taken in a fixed order, so every multiset of chains is visited once), with the
// rest split by rank counts and kickers attached greedily. Allocation-free.
#include "agent/hand_value.h"

#include <stdexcept>

#include "game/catalogue.h"

namespace ddz {

namespace {

constexpr int cv(int rank) { return rank + 3; }  // 3 -> 3 ... A -> 14, 2 -> 15, X -> 16, D -> 17

// Chains are harder to beat than their top card alone suggests (a beater needs the same length).
constexpr int kSoloChainBonus = 1;
constexpr int kPairChainBonus = 1;
constexpr int kAirplaneBonus = 2;
constexpr int kBombBonus = 5;
constexpr int kRocketValue = 22;
// Hands with long runs of chain options could branch widely; the budget bounds the worst case.
constexpr int kNodeBudget = 3000;
constexpr int kMaxOptions = 140;
constexpr int kMaxDepth = 8;

enum ChainKind : uint8_t { kSoloChain = 0, kPairChain = 1, kAirplane = 2 };

struct Chain {
  uint8_t kind;
  uint8_t start;
  uint8_t len;
};

Hand chain_cards(const Chain& c) {
  Hand h;
  const int per = c.kind + 1;
  for (int r = c.start; r < c.start + c.len; ++r) h.add(r, per);
  return h;
}

int chain_value(const Chain& c) {
  const int top = cv(c.start + c.len - 1) - 10;
  return top + (c.kind == kSoloChain ? kSoloChainBonus : c.kind == kPairChain ? kPairChainBonus : kAirplaneBonus);
}

Move make_move(Hand cards) {
  auto m = classify(cards);
  if (!m) throw std::logic_error("hand_value: planned group " + to_string(cards) + " is not a combination");
  return *m;
}

// Splits `rest` (no chains left to take) given the chains already taken; returns the value and,
// when `plan` is given, fills it.
int evaluate_rest(Hand rest, const Chain* chains, int n_chains, HandPlan* plan) {
  int value = 0;
  int plays = n_chains;
  // Kicker slots of airplanes, attached after the rest is known.
  int solos[15], pairs[15], trios[15];
  int n_solo = 0, n_pair = 0, n_trio = 0;
  bool rocket = false;
  int bombs[15];
  int n_bomb = 0;
  if (rest.count(RX) && rest.count(RD)) {
    rocket = true;
    value += kRocketValue;
    ++plays;
    rest.remove(RX);
    rest.remove(RD);
  }
  for (int r = 0; r < kNumRanks; ++r) {
    switch (rest.count(r)) {
      case 4:
        bombs[n_bomb++] = r;
        value += cv(r) + kBombBonus;
        ++plays;
        break;
      case 3:
        trios[n_trio++] = r;
        value += cv(r) - 10;
        ++plays;
        break;
      case 2: pairs[n_pair++] = r; break;
      case 1: solos[n_solo++] = r; break;
      default: break;
    }
  }
  // used_solo / used_pair: which solo/pair entries became kickers (their owner index + 1).
  int solo_owner[15] = {0}, pair_owner[15] = {0};
  auto eligible = [](int rank) { return rank < R2; };  // 2s and jokers stay controls
  // Airplanes take all-or-nothing: n solos, else n pairs, lowest first, none inside the chain.
  for (int i = 0; i < n_chains; ++i) {
    const Chain& c = chains[i];
    value += chain_value(c);
    if (c.kind != kAirplane || c.len > 5) continue;
    auto inside = [&](int rank) { return rank >= c.start && rank < c.start + c.len; };
    int picked[6], n_picked = 0;
    for (int k = 0; k < n_solo && n_picked < c.len; ++k)
      if (!solo_owner[k] && eligible(solos[k]) && !inside(solos[k])) picked[n_picked++] = k;
    if (n_picked == c.len) {
      for (int k = 0; k < n_picked; ++k) solo_owner[picked[k]] = 100 + i;
      continue;
    }
    // Single kickers may also come as whole pairs (33344455: kickers 5 and 5).
    if ((c.len - n_picked) % 2 == 0) {
      int pair_picked[3], n_pp = 0;
      for (int k = 0; k < n_pair && n_picked + 2 * n_pp < c.len; ++k)
        if (!pair_owner[k] && eligible(pairs[k]) && !inside(pairs[k])) pair_picked[n_pp++] = k;
      if (n_picked + 2 * n_pp == c.len) {
        for (int k = 0; k < n_picked; ++k) solo_owner[picked[k]] = 100 + i;
        for (int k = 0; k < n_pp; ++k) pair_owner[pair_picked[k]] = 100 + i;
        continue;
      }
    }
    if (c.len > 4) continue;
    n_picked = 0;
    for (int k = 0; k < n_pair && n_picked < c.len; ++k)
      if (!pair_owner[k] && eligible(pairs[k]) && !inside(pairs[k])) picked[n_picked++] = k;
    if (n_picked == c.len)
      for (int k = 0; k < n_picked; ++k) pair_owner[picked[k]] = 100 + i;
  }
  // Each trio takes the lowest free solo or pair, whichever is lower.
  int trio_kick_solo[15], trio_kick_pair[15];
  for (int t = 0; t < n_trio; ++t) {
    trio_kick_solo[t] = trio_kick_pair[t] = -1;
    int s = -1, p = -1;
    for (int k = 0; k < n_solo; ++k)
      if (!solo_owner[k] && eligible(solos[k])) {
        s = k;
        break;
      }
    for (int k = 0; k < n_pair; ++k)
      if (!pair_owner[k] && eligible(pairs[k])) {
        p = k;
        break;
      }
    if (s >= 0 && (p < 0 || solos[s] <= pairs[p])) {
      solo_owner[s] = 1 + t;
      trio_kick_solo[t] = s;
    } else if (p >= 0) {
      pair_owner[p] = 1 + t;
      trio_kick_pair[t] = p;
    }
  }
  for (int k = 0; k < n_solo; ++k)
    if (!solo_owner[k]) {
      value += cv(solos[k]) - 10;
      ++plays;
    }
  for (int k = 0; k < n_pair; ++k)
    if (!pair_owner[k]) {
      value += cv(pairs[k]) - 10;
      ++plays;
    }
  value -= kRoundCost * plays;

  if (plan) {
    plan->plays = plays;
    plan->value = value;
    plan->count = 0;
    auto push = [&](Hand cards) { plan->groups[size_t(plan->count++)] = make_move(cards); };
    for (int i = 0; i < n_chains; ++i) {
      Hand cards = chain_cards(chains[i]);
      for (int k = 0; k < n_solo; ++k)
        if (solo_owner[k] == 100 + i) cards.add(solos[k]);
      for (int k = 0; k < n_pair; ++k)
        if (pair_owner[k] == 100 + i) cards.add(pairs[k], 2);
      push(cards);
    }
    if (rocket) push(Hand::of(RX) + Hand::of(RD));
    for (int b = 0; b < n_bomb; ++b) push(Hand::of(bombs[b], 4));
    for (int t = 0; t < n_trio; ++t) {
      Hand cards = Hand::of(trios[t], 3);
      if (trio_kick_solo[t] >= 0) cards.add(solos[trio_kick_solo[t]]);
      if (trio_kick_pair[t] >= 0) cards.add(pairs[trio_kick_pair[t]], 2);
      push(cards);
    }
    for (int k = 0; k < n_pair; ++k)
      if (!pair_owner[k]) push(Hand::of(pairs[k], 2));
    for (int k = 0; k < n_solo; ++k)
      if (!solo_owner[k]) push(Hand::of(solos[k]));
  }
  return value;
}

struct Search {
  Chain options[kMaxOptions];
  int n_options = 0;
  Chain stack[kMaxDepth];
  int depth = 0;
  Chain best[kMaxDepth];
  int best_depth = 0;
  int best_value = -1000000;
  int nodes = 0;

  void init(Hand h) {
    const uint32_t m[3] = {h.ranks_with_at_least(1), h.ranks_with_at_least(2), h.ranks_with_at_least(3)};
    const int min_len[3] = {5, 3, 2};
    for (int kind = 0; kind < 3; ++kind) {
      for (int start = 0; start <= kHighestChainRank; ++start) {
        for (int len = min_len[kind]; start + len - 1 <= kHighestChainRank; ++len) {
          if (!((m[kind] >> (start + len - 1)) & 1) || !((m[kind] >> start) & 1)) break;
          const uint32_t need = ((1u << len) - 1) << start;
          if ((m[kind] & need) != need) break;
          if (n_options < kMaxOptions) options[n_options++] = Chain{uint8_t(kind), uint8_t(start), uint8_t(len)};
        }
      }
    }
  }

  void dfs(Hand h, int from) {
    ++nodes;
    const int v = evaluate_rest(h, stack, depth, nullptr);
    if (v > best_value) {
      best_value = v;
      best_depth = depth;
      for (int i = 0; i < depth; ++i) best[i] = stack[i];
    }
    if (depth == kMaxDepth || nodes >= kNodeBudget) return;
    const uint32_t m[3] = {h.ranks_with_at_least(1), h.ranks_with_at_least(2), h.ranks_with_at_least(3)};
    for (int i = from; i < n_options; ++i) {
      const Chain& c = options[i];
      const uint32_t need = ((1u << c.len) - 1) << c.start;
      if ((m[c.kind] & need) != need) continue;
      stack[depth++] = c;
      dfs(h - chain_cards(c), i);
      --depth;
      if (nodes >= kNodeBudget) return;
    }
  }
};

}  // namespace

int combination_value(const Move& move) {
  switch (move.type) {
    case MoveType::Pass: return 0;
    case MoveType::Rocket: return kRocketValue;
    case MoveType::Bomb: return cv(move.key) + kBombBonus;
    case MoveType::SoloChain: return cv(move.key + move.len - 1) - 10 + kSoloChainBonus;
    case MoveType::PairChain: return cv(move.key + move.len - 1) - 10 + kPairChainBonus;
    case MoveType::TrioChain:
    case MoveType::TrioSoloChain:
    case MoveType::TrioPairChain: return cv(move.key + move.len - 1) - 10 + kAirplaneBonus;
    default: return cv(move.key) - 10;
  }
}

int hand_value(Hand hand) {
  if (hand.empty()) return 0;
  Search s;
  s.init(hand);
  s.dfs(hand, 0);
  return s.best_value;
}

HandPlan plan_hand(Hand hand) {
  HandPlan plan;
  if (hand.empty()) return plan;
  Search s;
  s.init(hand);
  s.dfs(hand, 0);
  Hand rest = hand;
  for (int i = 0; i < s.best_depth; ++i) rest -= chain_cards(s.best[i]);
  evaluate_rest(rest, s.best, s.best_depth, &plan);
  return plan;
}

}  // namespace ddz
