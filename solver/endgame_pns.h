// Depth-first proof-number search (df-pn, Nagai 2002, with the 1+epsilon threshold trick) for the
// endgame solver: proves or disproves "the side to move wins" with proof/disproof numbers kept
// in the solver's transposition table; small subtrees go to the depth-first search.
#pragma once
#include <cstdint>
#include <deque>
#include <vector>

#include "solver/endgame_search.h"

namespace ddz::endgame {

// True when a and b are kicker variants: the same combination (type, key rank, chain length)
// with other kickers (b == a included). The proof-number search counts a group of them once in
// a disproof number (endgame_pns.cpp, mid()).
inline bool kicker_variants(const Move& a, const Move& b) {
  return a.type == b.type && a.key == b.key && a.len == b.len;
}

template <int N>
class ProofNumberSearch {
 public:
  // `dfs` provides the rules helpers, the node budget (shared) and the leaf solver, which takes
  // every position with at most `leaf_cards` cards in all hands.
  // `attempt_nodes`: budget of the depth-first attempt at each root (-1: the built-in one).
  // `duel_nodes`: three players, the two-player node budget of each duel (endgame_duel.h) tried
  // at a first expansion; 0: no duels.
  ProofNumberSearch(Search<N>& dfs, int leaf_cards, int64_t attempt_nodes = -1, uint64_t duel_nodes = 0)
      : dfs_(dfs), leaf_cards_(leaf_cards), attempt_nodes_(attempt_nodes), duel_nodes_(duel_nodes) {}

  // True when the side (team) to move wins; meaningless when dfs.aborted() afterwards.
  bool wins(const Node& n);
  // Team mode, both threads of a parallel search (solver/endgame_parallel.h): df-pn from `root`
  // (forced passes already resolved), steering clear of the child the other thread is in at each
  // ply. Thread 0 calls it from wins(); the helper from its loop. Stops early (dfs.aborted())
  // when the other thread solved the root first.
  bool team_wins(const Node& root, ParallelShared<N>* shared);
  // Follows forced passes and the immediate-win tests from n; returns 1 when the side of
  // `mover` wins for sure, -1 when it loses, 0 otherwise (then *out is the position reached and
  // *same whether its side to move is mover's team). Also used by the solver's PV.
  static int resolve(Node n, int mover, Node* out, bool* same);

  // Progress of the df-pn in work (read on this search's thread, e.g. from the solver's progress
  // hook, or after a stop): whether one has started in this call (forget_progress() clears it),
  // its root (forced passes resolved), the root's last proof and disproof numbers (for the root's
  // side to move), and the moves of the path it is expanding (each followed by its forced
  // passes in the tree). After a stop they stay as they were when it came.
  bool in_progress() const { return started_; }
  const Node& progress_root() const { return root_; }
  uint32_t root_pn() const { return root_pn_; }
  uint32_t root_dn() const { return root_dn_; }
  void progress_line(std::vector<Move>& out) const { out.assign(path_.begin(), path_.begin() + depth_); }
  void forget_progress() {
    started_ = false;
    depth_ = 0;
  }

 private:
  // A child of an expanded node, after its forced passes, with its numbers seen from the
  // expanded node's side: cp = the cost of proving the parent wins through it, cd = the cost of
  // showing it loses for the parent.
  struct Child {
    Node node;
    EndgameKey key;
    uint64_t hash;  // the table's hash of key (computed once for the prefetch and the probe)
    uint32_t cp, cd;
    uint32_t move;  // index of the move into the parent's ordered list
    uint32_t group;  // three players: index of the first child that is a kicker variant of this one
    bool same;  // node.to_move is on the parent mover's team
    bool expanded;  // expanded before (numbers in the table, or by this node's loop)
  };
  // Expands n until its pn reaches th_pn or its dn reaches th_dn; *pn, *dn hold the numbers on
  // entry (from the table or the initial estimate) and on return.
  void mid(const Node& n, const EndgameKey& key, uint32_t* pn, uint32_t* dn, uint32_t th_pn, uint32_t th_dn, int ply);
  // df-pn from a root whose forced passes are resolved: its numbers from the table or the
  // estimate, then mid() without thresholds. True when the side to move wins (meaningless when
  // dfs.aborted()).
  bool root_wins(const Node& root);
  // Initial numbers of a position never expanded.
  void estimate(const Node& n, uint32_t* pn, uint32_t* dn);

  Search<N>& dfs_;
  int leaf_cards_;
  int64_t attempt_nodes_;
  uint64_t duel_nodes_;
  ParallelShared<N>* team_ = nullptr;  // set during team_wins()
  int tid_ = 0;
  std::deque<std::vector<Move>> moves_;  // per ply
  std::deque<std::vector<Child>> children_;  // per ply
  std::vector<uint32_t> group_cd_;  // mid()'s largest cd per kicker group (scratch, used between recursions)
  // Set by the parent right before mid() re-enters a child that was expanded before: that
  // expansion ran the sure-win tests and they failed (a success is stored as solved), so the
  // re-expansion skips them (skipping a test that only proves wins is always sound).
  bool skip_sure_win_ = false;
  // Progress (in_progress() and the accessors above).
  bool started_ = false;
  Node root_;
  uint32_t root_pn_ = 0, root_dn_ = 0;
  std::vector<Move> path_;  // path_[p]: the move taken at ply p; valid below depth_
  size_t depth_ = 0;
};

extern template class ProofNumberSearch<2>;
extern template class ProofNumberSearch<3>;

}  // namespace ddz::endgame
