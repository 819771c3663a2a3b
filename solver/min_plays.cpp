// Minimum plays by a sweep over ranks, lowest first: every card of the lowest rank left is either the
// start of a combination's main part or a kicker. Kickers are first counted as "credits" per side
// (a relaxation, memoised); an exact search then walks only relaxed-optimal paths and checks that
// the kickers can really be given to the trios and fours so that every play is a combination.
#include "solver/min_plays.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "game/catalogue.h"
#include "game/movegen.h"

namespace ddz {
namespace {

constexpr int kInf = 1000;

enum class StepKind : uint8_t { Plain, UnitSolo, UnitPair, KickSolo, KickPair };

// One move of the sweep at the lowest rank present. `id` orders steps at one rank so that the
// exact search takes each multiset of steps once, in one order.
struct Step {
  Hand cards;  // cards it takes from the hand
  StepKind kind;
  uint8_t id;
  int8_t plays;  // plays it adds (kickers add none)
  int8_t ds;  // change of single-kicker credit (+k for a unit taking k singles, -1 for a kicker)
  int8_t dp;  // same for pair kickers
};

constexpr int kMaxSteps = 48;

Hand run_of(int start, int len, int per) {
  Hand h;
  for (int r = start; r < start + len; ++r) h.add(r, per);
  return h;
}

// The chainless steps at the lowest rank of a non-empty hand (chains are chosen beforehand, see
// ChainSearch); returns how many.
int gen_steps(Hand h, Step* out) {
  const int r = __builtin_ctzll(h.bits()) / 4;
  const int c = h.count(r);
  int n = 0;
  auto add = [&](Hand cards, StepKind kind, int id, int plays, int ds, int dp) {
    out[n++] = Step{cards, kind, uint8_t(id), int8_t(plays), int8_t(ds), int8_t(dp)};
  };
  if (c == 4) {
    const Hand four = Hand::of(r, 4);
    add(four, StepKind::Plain, 50, 1, 0, 0);
    add(four, StepKind::UnitSolo, 51, 1, 2, 0);
    add(four, StepKind::UnitPair, 52, 1, 0, 2);
  }
  if (c >= 3) {
    const Hand trio = Hand::of(r, 3);
    add(trio, StepKind::Plain, 40, 1, 0, 0);
    add(trio, StepKind::UnitSolo, 41, 1, 1, 0);
    add(trio, StepKind::UnitPair, 42, 1, 0, 1);
  }
  if (r == RX && h.count(RD) == 1) add(Hand::of(RX) + Hand::of(RD), StepKind::Plain, 30, 1, 0, 0);
  if (c >= 2) {
    add(Hand::of(r, 2), StepKind::Plain, 20, 1, 0, 0);
    add(Hand::of(r, 2), StepKind::KickPair, 21, 0, 0, -1);
  }
  add(Hand::of(r), StepKind::Plain, 10, 1, 0, 0);
  add(Hand::of(r), StepKind::KickSolo, 11, 0, -1, 0);
  return n;
}

// Relaxed minimum of a chainless hand with kicker credits s (single-kicker slots still open, or
// kicker cards waiting for a slot when negative) and p (the same for pairs). With no chains and no
// per-combination kicker rules, the value depends only on how many ranks hold 1, 2, 3 and 4 cards
// and on the jokers, so it is cached per thread under that histogram and reused across calls.
class Chainless {
 public:
  int value(Hand h, int s, int p) {
    if (h.empty()) return (s == 0 && p == 0) ? 0 : kInf;
    const int cards = h.size();
    // Open slots need kicker cards; supplied kickers need body cards (at least 2 per slot).
    const int need = std::max(s, 0) + 2 * std::max(p, 0) + 2 * (std::max(-s, 0) + std::max(-p, 0));
    if (need > cards) return kInf;
    const uint64_t key = histogram_key(h, s, p);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    Step steps[kMaxSteps];
    const int n = gen_steps(h, steps);
    int best = kInf;
    for (int k = 0; k < n; ++k) {
      const Step& st = steps[k];
      best = std::min(best, st.plays + value(h - st.cards, s + st.ds, p + st.dp));
    }
    if (cache_.size() > (size_t(1) << 18)) cache_.clear();  // bound memory (~10 MB) on odd inputs
    cache_.emplace(key, int16_t(best));
    return best;
  }

 private:
  static uint64_t histogram_key(Hand h, int s, int p) {
    constexpr uint32_t kPlain = 0x1FFF;  // ranks 3..2
    const uint64_t a1 = uint64_t(__builtin_popcount(h.ranks_with_at_least(1) & kPlain));
    const uint64_t a2 = uint64_t(__builtin_popcount(h.ranks_with_at_least(2) & kPlain));
    const uint64_t a3 = uint64_t(__builtin_popcount(h.ranks_with_at_least(3) & kPlain));
    const uint64_t a4 = uint64_t(__builtin_popcount(h.ranks_with_at_least(4) & kPlain));
    const uint64_t jokers = uint64_t(h.count(RX) + h.count(RD));
    return a1 | (a2 << 4) | (a3 << 8) | (a4 << 12) | (jokers << 16) | (uint64_t(s + 512) << 20) |
           (uint64_t(p + 512) << 32);
  }

  std::unordered_map<uint64_t, int16_t> cache_;
};

Chainless& chainless() {
  thread_local Chainless solver;
  return solver;
}

// A chain a hand may hold: solo chain, pair chain, or trio chain played bare or as the body of a
// trio_solo_chain / trio_pair_chain (then it opens `len` kicker slots).
struct ChainOpt {
  Hand cards;
  StepKind kind;  // Plain, UnitSolo or UnitPair
  int8_t ds, dp;
  int8_t start, len, per;  // ranks start..start+len-1, per cards each
  int8_t max_len;  // longest chain of this kind and mode (merging past it is not allowed)
};

// True when `b` continues `a` (same kind, mode and width, b starting right after a ends) and the
// two fit in one chain: then one chain of a+b does the same with one play less.
bool mergeable(const ChainOpt& a, const ChainOpt& b) {
  return a.kind == b.kind && a.per == b.per && a.start + a.len == b.start && a.len + b.len <= a.max_len;
}

const std::vector<ChainOpt>& all_chains() {
  static const std::vector<ChainOpt> chains = [] {
    std::vector<ChainOpt> v;
    for (int s = 0; s <= kHighestChainRank; ++s) {
      const auto st = int8_t(s);
      for (int len = 2; len <= 6 && s + len - 1 <= kHighestChainRank; ++len) {
        const Hand body = run_of(s, len, 3);
        const auto l = int8_t(len);
        v.push_back({body, StepKind::Plain, 0, 0, st, l, 3, 6});
        if (len <= 5) v.push_back({body, StepKind::UnitSolo, l, 0, st, l, 3, 5});
        if (len <= 4) v.push_back({body, StepKind::UnitPair, 0, l, st, l, 3, 4});
      }
      for (int len = 3; len <= 10 && s + len - 1 <= kHighestChainRank; ++len)
        v.push_back({run_of(s, len, 2), StepKind::Plain, 0, 0, st, int8_t(len), 2, 10});
      for (int len = 5; len <= 12 && s + len - 1 <= kHighestChainRank; ++len)
        v.push_back({run_of(s, len, 1), StepKind::Plain, 0, 0, st, int8_t(len), 1, 12});
    }
    return v;
  }();
  return chains;
}

// Given the chains, walks the chainless steps whose relaxed value keeps the total within the
// target, and at each complete path tries to hand the kicker cards to the units (trios, fours and
// the trio chains chosen before) so that every unit forms a real combination.
class ExactWalk {
 public:
  struct Unit {
    Hand body;
    bool pairs;
    int k;
    Hand kickers;
  };

  ExactWalk(Chainless& rel, bool want_moves) : rel_(rel), want_moves_(want_moves) {}

  // `plain` and `units` are what the chains contributed; s and p the slots their units opened.
  bool run(Hand h, int s, int p, int target, const std::vector<Hand>& plain, const std::vector<Unit>& units) {
    target_ = target;
    plain_ = plain;
    units_ = units;
    std::memset(pool1_, 0, sizeof pool1_);
    std::memset(pool2_, 0, sizeof pool2_);
    return dfs(h, s, p, 0, -1, 0);
  }

  const std::vector<Move>& moves() const { return moves_; }

 private:
  bool dfs(Hand h, int s, int p, int g, int last_rank, int last_id) {
    if (g + rel_.value(h, s, p) > target_) return false;
    if (h.empty()) return assign(0);
    const int r = __builtin_ctzll(h.bits()) / 4;
    Step steps[kMaxSteps];
    const int n = gen_steps(h, steps);
    for (int k = 0; k < n; ++k) {
      const Step& st = steps[k];
      if (r == last_rank && st.id < last_id) continue;  // same steps in another order
      switch (st.kind) {
        case StepKind::Plain: plain_.push_back(st.cards); break;
        case StepKind::UnitSolo: units_.push_back(Unit{st.cards, false, st.ds, Hand()}); break;
        case StepKind::UnitPair: units_.push_back(Unit{st.cards, true, st.dp, Hand()}); break;
        case StepKind::KickSolo: ++pool1_[r]; break;
        case StepKind::KickPair: ++pool2_[r]; break;
      }
      if (dfs(h - st.cards, s + st.ds, p + st.dp, g + st.plays, r, st.id)) return true;
      switch (st.kind) {
        case StepKind::Plain: plain_.pop_back(); break;
        case StepKind::UnitSolo:
        case StepKind::UnitPair: units_.pop_back(); break;
        case StepKind::KickSolo: --pool1_[r]; break;
        case StepKind::KickPair: --pool2_[r]; break;
      }
    }
    return false;
  }

  // Gives unit i and the ones after it their kickers from the pools.
  bool assign(size_t i) {
    if (i == units_.size()) {
      if (want_moves_) build_moves();
      return true;
    }
    return choose(i, 0, units_[i].k, Hand());
  }

  bool choose(size_t i, int from, int left, Hand acc) {
    Unit& u = units_[i];
    if (left == 0) {
      if (!classify(u.body + acc)) return false;
      u.kickers = acc;
      return assign(i + 1);
    }
    int* pool = u.pairs ? pool2_ : pool1_;
    for (int r = from; r < kNumRanks; ++r) {
      if (pool[r] == 0) continue;
      --pool[r];
      const bool ok = choose(i, r, left - 1, acc + Hand::of(r, u.pairs ? 2 : 1));
      ++pool[r];
      if (ok) return true;
    }
    return false;
  }

  void build_moves() {
    moves_.clear();
    for (Hand cards : plain_) moves_.push_back(*classify(cards));
    for (const Unit& u : units_) moves_.push_back(*classify(u.body + u.kickers));
  }

  Chainless& rel_;
  bool want_moves_;
  int target_ = 0;
  std::vector<Hand> plain_;
  std::vector<Unit> units_;
  int pool1_[kNumRanks];
  int pool2_[kNumRanks];
  std::vector<Move> moves_;
};

// Chooses the chains (a multiset, each once in one canonical order): every node is also a leaf
// where the rest of the hand is played without chains.
class ChainSearch {
 public:
  ChainSearch(Hand hand, bool want_moves) : rel_(chainless()), walk_(rel_, want_moves) {
    for (const ChainOpt& c : all_chains())
      if (hand.contains(c.cards)) avail_.push_back(&c);
  }

  int relaxed(Hand hand) {
    best_ = kInf;
    chosen_.clear();
    relaxed_dfs(hand, 0, 0, 0, 0);
    return best_;
  }

  // True when a real decomposition with `target` plays exists (the walk then holds its moves).
  bool exact(Hand hand, int target) {
    target_ = target;
    plain_.clear();
    units_.clear();
    chosen_.clear();
    return exact_dfs(hand, 0, 0, 0, 0);
  }

  const std::vector<Move>& moves() const { return walk_.moves(); }

 private:
  // True when c merges with a chain already chosen: that multiset is beaten by the merged one.
  // Only kicker-free chains are merged in the exact search: two airplanes with kickers may take
  // kickers that one long airplane may not (a rank inside the other half).
  bool dominated(const ChainOpt& c, bool exact) const {
    if (exact && c.kind != StepKind::Plain) return false;
    for (const ChainOpt* a : chosen_)
      if (mergeable(*a, c)) return true;
    return false;
  }

  void relaxed_dfs(Hand h, size_t from, int plays, int s, int p) {
    best_ = std::min(best_, plays + rel_.value(h, s, p));
    for (size_t i = from; i < avail_.size(); ++i) {
      const ChainOpt& c = *avail_[i];
      if (!h.contains(c.cards) || dominated(c, false)) continue;
      chosen_.push_back(&c);
      relaxed_dfs(h - c.cards, i, plays + 1, s + c.ds, p + c.dp);
      chosen_.pop_back();
    }
  }

  bool exact_dfs(Hand h, size_t from, int plays, int s, int p) {
    if (plays + rel_.value(h, s, p) <= target_ && walk_.run(h, s, p, target_ - plays, plain_, units_)) return true;
    for (size_t i = from; i < avail_.size(); ++i) {
      const ChainOpt& c = *avail_[i];
      if (!h.contains(c.cards) || dominated(c, true)) continue;
      if (c.kind == StepKind::Plain) plain_.push_back(c.cards);
      else units_.push_back(ExactWalk::Unit{c.cards, c.kind == StepKind::UnitPair, c.ds + c.dp, Hand()});
      chosen_.push_back(&c);
      const bool ok = exact_dfs(h - c.cards, i, plays + 1, s + c.ds, p + c.dp);
      chosen_.pop_back();
      if (c.kind == StepKind::Plain) plain_.pop_back();
      else units_.pop_back();
      if (ok) return true;
    }
    return false;
  }

  Chainless& rel_;
  ExactWalk walk_;
  std::vector<const ChainOpt*> avail_;
  int best_ = kInf;
  int target_ = 0;
  std::vector<Hand> plain_;
  std::vector<ExactWalk::Unit> units_;
  std::vector<const ChainOpt*> chosen_;
};

// Exact count (and moves when asked): iterative deepening from the relaxed bound.
int exact(Hand hand, std::vector<Move>* moves) {
  if (hand.empty()) return 0;
  ChainSearch search(hand, moves != nullptr);
  // Every card alone is a decomposition, so the loop ends by hand.size() at the latest.
  for (int target = search.relaxed(hand);; ++target) {
    if (search.exact(hand, target)) {
      if (moves) *moves = search.moves();
      return target;
    }
  }
}

int exhaustive_rec(Hand h, std::unordered_map<uint64_t, int>& memo, std::vector<std::vector<Move>>& scratch,
                   size_t depth) {
  if (h.empty()) return 0;
  auto it = memo.find(h.bits());
  if (it != memo.end()) return it->second;
  if (scratch.size() <= depth) scratch.resize(depth + 1);
  legal_moves(h, Move::pass(), scratch[depth]);
  const int r = __builtin_ctzll(h.bits()) / 4;
  int best = kInf;
  for (size_t i = 0; i < scratch[depth].size(); ++i) {
    const Hand cards = scratch[depth][i].cards;
    if (cards.count(r) == 0) continue;  // some play holds the lowest card; try those only
    best = std::min(best, 1 + exhaustive_rec(h - cards, memo, scratch, depth + 1));
  }
  memo.emplace(h.bits(), best);
  return best;
}

}  // namespace

Decomposition min_plays(Hand hand) {
  Decomposition d;
  d.plays = exact(hand, &d.moves);
  return d;
}

int min_plays_count(Hand hand) { return exact(hand, nullptr); }

int min_plays_relaxed(Hand hand) {
  if (hand.empty()) return 0;
  ChainSearch search(hand, false);
  return search.relaxed(hand);
}

int min_plays_exhaustive(Hand hand) {
  std::unordered_map<uint64_t, int> memo;
  std::vector<std::vector<Move>> scratch;
  return exhaustive_rec(hand, memo, scratch, 0);
}

}  // namespace ddz
