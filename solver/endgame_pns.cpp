// Depth-first proof-number search over the endgame positions of solver/endgame_search.h: every
// expansion generates the ordered moves, applies the sure-win tests, resolves each child through
// forced passes and immediate wins, reads its numbers from the table, and descends into the most
// proving child with Nagai's thresholds (the second-best child's pn times 1+epsilon).
#include "solver/endgame_pns.h"

#include <algorithm>
#include <atomic>

#include "solver/endgame_parallel.h"

namespace ddz::endgame {

namespace {

// Scale of the initial numbers: each play the side to move needs beyond its opponents' adds
// this much to pn (and each play fewer to dn). 14/12/12 set at a 1M-node cap (with controls):
// 1: 7 of 11 solved, 2: 7, 3: 7, 4: 9 (geomean nodes 60k against 70k for 2), 6-12: 9, no
// better; two players unchanged; 0 (all numbers 1) much worse.
constexpr int kEstimateScale = 4;

// A farmer to move counts its partner's plays, plus this many, when that is fewer than its own:
// the partner moves only after the landlord, who can get in the way, so its hand stands in
// for the team's only when it is clearly shorter. Measured at 0 (the first version), 1, 2 and 3, and
// without the partner: 2 took the 14/12/12 set at a 2M cap from 184,773 to 159,169 geomean
// nodes (every solved position fewer), 24 other random 14/12/12 positions at a 1M cap from 11
// to 14 solved (geomean 162k -> 138k); on a third set of 24 it was neutral (13 solved both,
// 179k -> 189k). 1 and 3 in between; none of them solved another 16/14/14 position.
constexpr int kPartnerPenalty = 2;

// Three players: both initial numbers start at 1 + kSizeWeight/4 per card in play above the
// depth-first leaf size, instead of 1. An expansion costs about five depth-first nodes and a
// position far above the leaves needs many expansions to be solved either way, so its numbers
// should look larger than those of a position near the leaves; that also makes the dn sums of
// large positions weigh their children's sizes. 40 random 14/12/12 positions (seeds
// mix(778, i)) at a 2M-node cap: 25 -> 30 solved, median CPU 801 -> 232 ms (with the farmer
// rule below 31 and 203 ms); 40 others (mix(777, i)): 22 -> 25, 1304 -> 695 ms (413 ms).
// At a 1M-node cap 1, 4 and 8 about as good as 2, 16 worse; on pn or dn alone, about half the gain.
constexpr int kSizeWeight = 2;

// Three players: a farmer to move counts one play worse (d + 1) in the initial numbers: in logged
// depth-first leaves the landlord to move wins half the time even at d = 3-4, farmers about half
// at d = 2 (measured 2026-11-30). With the size weight: 30 -> 31 and 25 -> 24 solved on the two sets above
// at 2M, median CPU 232 -> 203 ms and 695 -> 413 ms; on the benchmark set see docs/solver.md.
constexpr int kFarmerShift = 1;

// Node budget of the depth-first attempt made before the proof-number search at each root. Three
// players: a short one (the depth-first move ordering finds some quick wins that the initial
// numbers steer away from: a 16/14/14 position took 1.4k nodes depth-first, 4.1M with proof
// numbers alone). Two players: the depth-first search is cheaper per node and solves the typical
// 13-vs-13 position first (median 21 ms against 41-64 ms with proof numbers; 30k-300k tried),
// so proof numbers only take the hard ones. Three players, 14/12/12 set: 3k nodes took about 7k
// nodes off each position the attempt does not solve (median 237.6k -> 230.6k), one position
// that a 3.25k-node attempt solves takes 4.9k; 30k and 100k: more nodes on most positions.
template <int N>
constexpr uint64_t kProbeNodes = N == 2 ? 300000 : 3000;

// The 1+epsilon trick (Pawlewicz and Lew): the best child may run until its pn exceeds the
// second best's by this fraction, which saves most of the re-expansions of plain df-pn.
constexpr uint64_t kEpsilonDiv = 2;  // epsilon = 1/2 (1/4, 1/8, 1 and 0 measured worse on the 14/12/12 set)

// Team mode (two threads): the thread that steers clear of the child the other one is in. Only
// the helper: thread 0 then runs plain df-pn (its tree changes only through the helper's table
// entries) and the helper proves siblings it will need. Both steering measured about as good on
// the 14/12/12 set's median (90-94 ms against 92-97 ms, two runs each under load) but took a
// won position from 23-38 ms to 54-59 ms: in a won node, the thread that leaves the most
// proving child to the other one searches the wrong children.
constexpr int kDeviator = 1;

// Three players: the disproof number of an expanded node sums its children's numbers by kicker
// group (kicker_variants, endgame_pns.h): each group adds its largest member's number once. The
// kicker variants of one combination put the same combination before the other seats and leave
// hands that differ by a card or two, so their disproofs share most of their work through the
// table; a plain sum counts it once per variant and makes every node whose side to move has
// many kicker choices (the landlord's 16-card hands: a trio or four with each of a dozen
// kickers) look far harder to disprove than it is. Only the numbers change: a node is still
// disproved only when every child is (a group's largest number is 0 only when all of its are).
// Tuning seeds, one thread, 16/14/14 deals (bench_endgame --random, docs/methods.md, 2026-12-07):
// geomean nodes of the positions solved both ways 0.91x (seed 5301, 44 deals, 6M cap), 0.75x
// and 0.95x (seeds 5302 and 5304, first 34 deals, 4M cap); weak disproof numbers (the largest
// number plus one per other child, for all children) 1.86x.
constexpr bool kGroupKickers = true;

bool has_kickers(MoveType t) {
  switch (t) {
    case MoveType::TrioSolo:
    case MoveType::TrioPair:
    case MoveType::TrioSoloChain:
    case MoveType::TrioPairChain:
    case MoveType::FourTwoSolo:
    case MoveType::FourTwoPair: return true;
    default: return false;
  }
}

constexpr uint32_t kPnMax = kPnInf - 1;  // largest finite number (sums saturate here)

template <typename T>
std::vector<T>& at_ply(std::deque<std::vector<T>>& bufs, int ply) {
  while (bufs.size() <= size_t(ply)) bufs.emplace_back();
  return bufs[size_t(ply)];
}

}  // namespace

template <int N>
int ProofNumberSearch<N>::resolve(Node n, int mover, Node* out, bool* same) {
  using S = Search<N>;
  for (;;) {
    const int s = n.to_move;
    const bool mine = S::same_team(s, mover);
    if (!n.beat.is_pass() && !can_beat_fast(n.h[s], n.beat)) {
      // Forced pass, tested first: a seat that cannot beat the combination cannot empty its hand
      // on it either, and a following farmer's partner is tested on the next turn of the loop.
      n = S::child(n, Move::pass());
      continue;
    }
    if (S::finishes_now(n)) return mine ? 1 : -1;
    if (N == 3 && s != 0 && !n.beat.is_pass()) {
      // A following farmer wins when passing gives the turn to a partner who empties its hand.
      const Node c = S::child(n, Move::pass());
      if (c.to_move != 0 && S::finishes_now(c)) return mine ? 1 : -1;
    }
    *out = n;
    *same = mine;
    return 0;
  }
}

template <int N>
void ProofNumberSearch<N>::estimate(const Node& n, uint32_t* pn, uint32_t* dn) {
  Search<N>& S = dfs_;
  // The side needing fewer plays is the likely winner: its win should look cheap to prove and
  // its loss expensive. The side to move counts one play less when it leads (it starts), and a
  // farmer counts its partner's hand when that is clearly shorter. Minimum plays (cached) beat the
  // cheap chainless estimate of the move ordering here (14/12/12 set: median 0.58 s against
  // 1.0 s at a 1M-node cap).
  const int s = n.to_move;
  uint32_t team_ranks = 0, opp_ranks = 0;
  for (int j = 0; j < N; ++j) {
    if (Search<N>::same_team(j, s)) team_ranks |= at_least(n.h[j], 1);
    else opp_ranks |= at_least(n.h[j], 1);
  }
  // Controls: ranks above every rank the other side holds (a cheap stand-in for leads it
  // cannot beat); each lets a hand keep the lead once, so it counts as a play less (but a hand
  // needs at least one play). 14/12/12 at a 3M-node cap: median 359k -> 214k nodes.
  auto top = [&](Hand h, uint32_t other) {
    const uint32_t mine = at_least(h, 1);
    const int hi = other ? 31 - __builtin_clz(other) : -1;
    return __builtin_popcount(mine >> (hi + 1));
  };
  auto eff = [&](Hand h, uint32_t other) {
    const int p = S.min_plays(h);
    return std::max(1, p - std::min(top(h, other), p - 1));
  };
  int a = eff(n.h[s], opp_ranks);
  int b = 99;
  for (int j = 0; j < N; ++j)
    if (!Search<N>::same_team(j, s)) b = std::min(b, eff(n.h[j], team_ranks));
  // (A partner's count is at least 1 + kPartnerPenalty: it cannot lower a smaller a.)
  if (N == 3 && s != 0 && a > 1 + kPartnerPenalty)
    a = std::min(a, eff(n.h[N == 3 ? 3 - s : s], opp_ranks) + kPartnerPenalty);
  const int d = a - b + (n.beat.is_pass() ? 0 : 1) + (N == 3 && s != 0 ? kFarmerShift : 0);
  const int base = N == 3 ? 1 + kSizeWeight * std::max(0, cards_in_play<N>(n) - leaf_cards_) / 4 : 1;
  *pn = uint32_t(base + std::max(0, d) * kEstimateScale);
  *dn = uint32_t(base + std::max(0, 1 - d) * kEstimateScale);
}

template <int N>
bool ProofNumberSearch<N>::wins(const Node& root) {
  Node r;
  bool same = true;
  const int v = resolve(root, root.to_move, &r, &same);
  if (v) return v > 0;
  const uint64_t attempt = attempt_nodes_ >= 0 ? uint64_t(attempt_nodes_) : kProbeNodes<N>;
  if (attempt > 0) {
    // A short depth-first attempt first: its move ordering finds many quick wins that the
    // initial numbers steer away from; what it proves stays in the table.
    bool done = false;
    const bool pv = dfs_.wins_within(r, attempt, &done);
    if (dfs_.aborted()) return false;
    if (done) return same == pv;
  }
  if (dfs_.has_helper()) {
    // Two threads: both run df-pn from r (team mode); the first to solve it gives the answer.
    ParallelShared<N>& P = *dfs_.shared();
    P.team_publish(r);
    const bool mine = team_wins(r, &P);
    if (!dfs_.aborted()) P.team_finish(0, mine);
    const int result = P.team_collect();
    if (result < 0) return false;  // the budget ran out (aborted() is set)
    dfs_.clear_abort();  // stopped because the helper solved the root
    return same == (result == 1);
  }
  const bool w = root_wins(r);
  if (dfs_.aborted()) return false;
  return same == w;
}

template <int N>
bool ProofNumberSearch<N>::root_wins(const Node& root) {
  const EndgameKey key = dfs_.key_of(root);
  uint32_t pn, dn;
  if (!dfs_.table().probe(key, &pn, &dn)) estimate(root, &pn, &dn);
  started_ = true;
  root_ = root;
  root_pn_ = pn;
  root_dn_ = dn;
  depth_ = 0;
  if (pn != 0 && dn != 0) mid(root, key, &pn, &dn, kPnInf, kPnInf, 0);
  return pn == 0;
}

template <int N>
bool ProofNumberSearch<N>::team_wins(const Node& root, ParallelShared<N>* shared) {
  team_ = shared;
  tid_ = dfs_.thread_id();
  const bool w = root_wins(root);
  team_ = nullptr;
  return w;
}

template <int N>
void ProofNumberSearch<N>::mid(const Node& n, const EndgameKey& key, uint32_t* pn, uint32_t* dn, uint32_t th_pn,
                               uint32_t th_dn, int ply) {
  using S = Search<N>;
  EndgameTable& table = dfs_.table();
  const int s = n.to_move;
  const bool skip = skip_sure_win_;  // read (and cleared) first, so that it never outlives this call
  skip_sure_win_ = false;
  if (cards_in_play<N>(n) <= leaf_cards_) {
    const bool v = dfs_.value(n, ply);  // stores its result itself
    if (dfs_.aborted()) return;
    *pn = v ? 0 : kPnInf;
    *dn = v ? kPnInf : 0;
    return;
  }
  const uint64_t start = dfs_.nodes();
  if (!dfs_.tick()) return;
  auto proven = [&](bool win) {
    *pn = win ? 0 : kPnInf;
    *dn = win ? kPnInf : 0;
    table.store(key, win, dfs_.nodes() - start + 1);
  };
  if (N == 3 && !skip && duel_nodes_ > 0) {
    // The farmers' win proved by one farmer alone (endgame_duel.h): before the moves are
    // generated, since a proof ends the expansion.
    const bool farmers = dfs_.duel_proves_farmers(n, duel_nodes_);
    if (dfs_.aborted()) return;
    if (farmers) return proven(s != 0);
  }
  std::vector<Move>& moves = at_ply(moves_, ply);
  dfs_.ordered_moves(n, moves);
  // A re-expansion skips the sure-win tests (they failed the first time; median 14/12/12
  // position 633.2M -> 623.1M instructions, same nodes).
  if (!skip && dfs_.sure_win_after_ordering(n)) return proven(true);
  std::vector<Child>& ch = at_ply(children_, ply);
  ch.clear();
  for (size_t mi = 0; mi < moves.size(); ++mi) {
    const Move& m = moves[mi];
    const Node c = S::child(n, m);
    if (c.h[s].empty()) return proven(true);
    Child x;
    x.move = uint32_t(mi);
    const int r = resolve(c, s, &x.node, &x.same);
    if (r > 0) return proven(true);
    if (r < 0) continue;  // a losing move: it can neither prove nor keep the parent open
    x.key = dfs_.key_of(x.node);
    x.hash = table.hash_of(x.key);
    table.prefetch_hash(x.hash);
    ch.push_back(x);
  }
  // Second pass, once the buckets are on their way: the children's numbers.
  size_t kept = 0;
  for (size_t i = 0; i < ch.size(); ++i) {
    Child& x = ch[i];
    uint32_t cpn, cdn;
    x.expanded = table.probe(x.key, x.hash, &cpn, &cdn);
    if (!x.expanded) estimate(x.node, &cpn, &cdn);
    x.cp = x.same ? cpn : cdn;
    x.cd = x.same ? cdn : cpn;
    if (x.cp == 0) return proven(true);
    if (x.cd == 0) continue;
    if (kept != i) ch[kept] = x;
    ++kept;
  }
  ch.resize(kept);
  if (ch.empty()) return proven(false);
  // Kicker groups (kGroupKickers): each child points at the first child of its group. Only moves
  // with kickers can share a group; the others are their own.
  const bool grouped = N == 3 && kGroupKickers;
  for (size_t i = 0; i < ch.size(); ++i) {
    ch[i].group = uint32_t(i);
    if (!grouped || !has_kickers(moves[ch[i].move].type)) continue;
    for (size_t j = 0; j < i; ++j)
      if (kicker_variants(moves[ch[j].move], moves[ch[i].move])) {
        ch[i].group = ch[j].group;
        break;
      }
  }
  // Team mode: this thread's and the other thread's path slots for the children of n.
  const bool tracked = team_ && ply + 1 < ParallelShared<N>::kPathPlies;
  std::atomic<uint64_t>* const my_slot = tracked ? &team_->path[tid_].at[ply + 1] : nullptr;
  const std::atomic<uint64_t>* const other_slot =
      tracked && tid_ == kDeviator ? &team_->path[1 - tid_].at[ply + 1] : nullptr;
  for (;;) {
    // pn: the cheapest child to prove; dn: all children must be refuted.
    size_t best = 0;
    uint32_t cp1 = kPnInf, cp2 = kPnInf;
    uint64_t sum = 0;
    if (grouped && group_cd_.size() < ch.size()) group_cd_.resize(ch.size());
    for (size_t i = 0; i < ch.size(); ++i) {
      const Child& x = ch[i];
      if (x.cp < cp1) {
        cp2 = cp1;
        cp1 = x.cp;
        best = i;
      } else if (x.cp < cp2) {
        cp2 = x.cp;
      }
      if (!grouped) {
        sum += x.cd;
      } else if (x.group == i) {
        group_cd_[i] = x.cd;  // the group's first child: before the others
      } else {
        group_cd_[x.group] = std::max(group_cd_[x.group], x.cd);
      }
    }
    if (grouped)
      for (size_t i = 0; i < ch.size(); ++i)
        if (ch[i].group == i) sum += group_cd_[i];
    if (cp1 == 0) return proven(true);
    if (sum == 0) return proven(false);
    *pn = cp1;
    *dn = uint32_t(std::min<uint64_t>(sum, kPnMax));
    if (ply == 0) {
      root_pn_ = *pn;
      root_dn_ = *dn;
    }
    if (*pn >= th_pn || *dn >= th_dn) break;
    if (other_slot) {
      // Team mode: when the other thread is in the most proving child, take the next one (if it
      // is still within this node's threshold): the two threads then prove different parts of
      // the tree, and each finds the other's results in the table.
      const uint64_t other = other_slot->load(std::memory_order_relaxed);
      if (other && ch[best].hash == other) {
        size_t alt = ch.size();
        uint32_t a1 = kPnInf, a2 = kPnInf;
        for (size_t i = 0; i < ch.size(); ++i) {
          if (i == best) continue;
          if (ch[i].cp < a1) {
            a2 = a1;
            a1 = ch[i].cp;
            alt = i;
          } else if (ch[i].cp < a2) {
            a2 = ch[i].cp;
          }
        }
        if (alt < ch.size() && a1 < th_pn) {
          best = alt;
          cp2 = a2;
        }
      }
    }
    Child& b = ch[best];
    uint64_t t_cp = th_pn;
    if (cp2 != kPnInf) t_cp = std::min<uint64_t>(t_cp, std::max<uint64_t>(uint64_t(cp2) + 1, cp2 + cp2 / kEpsilonDiv));
    const uint64_t t_cd = th_dn == kPnInf ? kPnInf : uint64_t(th_dn) - *dn + b.cd;
    const uint32_t tp = uint32_t(std::min<uint64_t>(t_cp, kPnInf)), td = uint32_t(std::min<uint64_t>(t_cd, kPnInf));
    uint32_t cpn = b.same ? b.cp : b.cd, cdn = b.same ? b.cd : b.cp;
    skip_sure_win_ = N == 3 && b.expanded;  // two players: trees kept as they were
    if (my_slot) my_slot->store(b.hash, std::memory_order_relaxed);
    if (path_.size() <= size_t(ply)) path_.resize(size_t(ply) + 1);
    path_[size_t(ply)] = moves[b.move];
    depth_ = size_t(ply) + 1;
    mid(b.node, b.key, &cpn, &cdn, b.same ? tp : td, b.same ? td : tp, ply + 1);
    if (my_slot) my_slot->store(0, std::memory_order_relaxed);
    b.expanded = true;
    if (dfs_.aborted()) return;  // depth_ stays: the path at the stop
    depth_ = size_t(ply);
    b.cp = b.same ? cpn : cdn;
    b.cd = b.same ? cdn : cpn;
  }
  table.store(key, *pn, *dn, dfs_.nodes() - start + 1);
}

template class ProofNumberSearch<2>;
template class ProofNumberSearch<3>;

}  // namespace ddz::endgame
