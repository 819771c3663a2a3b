// Builds the combination catalogue by enumerating every candidate of each row of RULES.md's
// table and keeping those the kicker rules allow; this is the slow, literal reference that
// legal-move generation is tested against.
#include "game/catalogue.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <unordered_map>

namespace ddz {

namespace {

int deck_count(int rank) { return rank >= RX ? 1 : 4; }

// Calls fn for every multiset of `size` cards drawn from ranks [from, 15) with at most caps[r]
// of rank r.
void multisets(const int caps[kNumRanks], int size, int from, Hand acc, const std::function<void(Hand)>& fn) {
  if (size == 0) {
    fn(acc);
    return;
  }
  for (int r = from; r < kNumRanks; ++r) {
    for (int n = 1; n <= std::min(caps[r], size); ++n) { multisets(caps, size - n, r + 1, acc + Hand::of(r, n), fn); }
  }
}

Hand chain(int start, int len, int per_rank) {
  Hand h;
  for (int r = start; r < start + len; ++r) h.add(r, per_rank);
  return h;
}

struct Catalogue {
  std::vector<Move> moves;
  std::unordered_map<uint64_t, int> index;

  void add(MoveType type, int key, int len, Hand cards) {
    moves.push_back(Move{cards, type, uint8_t(key), uint8_t(len)});
  }

  Catalogue() {
    moves.reserve(kNumCombinations);
    for (int r = 0; r < kNumRanks; ++r) add(MoveType::Solo, r, 1, Hand::of(r));
    for (int r = 0; r <= R2; ++r) add(MoveType::Pair, r, 1, Hand::of(r, 2));
    for (int r = 0; r <= R2; ++r) add(MoveType::Trio, r, 1, Hand::of(r, 3));
    // trio_solo: trio + one card of another rank; trio_pair: trio + a pair of another rank (3..2).
    for (int t = 0; t <= R2; ++t)
      for (int k = 0; k < kNumRanks; ++k)
        if (k != t) add(MoveType::TrioSolo, t, 1, Hand::of(t, 3) + Hand::of(k));
    for (int t = 0; t <= R2; ++t)
      for (int k = 0; k <= R2; ++k)
        if (k != t) add(MoveType::TrioPair, t, 1, Hand::of(t, 3) + Hand::of(k, 2));
    // Chains never contain 2, X or D: the highest chain rank is A.
    auto chains = [&](MoveType type, int per_rank, int min_len, int max_len) {
      for (int n = min_len; n <= max_len; ++n)
        for (int s = 0; s + n - 1 <= kHighestChainRank; ++s) add(type, s, n, chain(s, n, per_rank));
    };
    chains(MoveType::SoloChain, 1, 5, 12);
    chains(MoveType::PairChain, 2, 3, 10);
    chains(MoveType::TrioChain, 3, 2, 6);
    add_trio_solo_chains();
    add_trio_pair_chains();
    add_four_twos();
    for (int r = 0; r <= R2; ++r) add(MoveType::Bomb, r, 1, Hand::of(r, 4));
    add(MoveType::Rocket, 0, 1, Hand::of(RX) + Hand::of(RD));

    std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
      if (a.type != b.type) return a.type < b.type;
      if (a.len != b.len) return a.len < b.len;
      if (a.key != b.key) return a.key < b.key;
      return a.cards < b.cards;
    });
    index.reserve(moves.size() * 2);
    for (size_t i = 0; i < moves.size(); ++i) index.emplace(moves[i].cards.bits(), int(i));
  }

  // n trios in a chain + n kicker cards: none of a chain rank, not both jokers, no rank four times,
  // no rank three times directly next to the chain.
  void add_trio_solo_chains() {
    for (int n = 2; n * 4 <= 20; ++n) {
      for (int s = 0; s + n - 1 <= kHighestChainRank; ++s) {
        int caps[kNumRanks];
        for (int r = 0; r < kNumRanks; ++r) caps[r] = (r >= s && r < s + n) ? 0 : deck_count(r);
        const Hand core = chain(s, n, 3);
        multisets(caps, n, 0, Hand(), [&](Hand kickers) {
          if (kickers.count(RX) && kickers.count(RD)) return;
          for (int r = 0; r < kNumRanks; ++r)
            if (kickers.count(r) == 4) return;
          const bool below = s > 0 && kickers.count(s - 1) == 3;
          const bool above = s + n <= kHighestChainRank && kickers.count(s + n) == 3;
          if (below || above) return;
          add(MoveType::TrioSoloChain, s, n, core + kickers);
        });
      }
    }
  }

  // n trios in a chain + n pairs of n different ranks from 3..2, none inside the chain.
  void add_trio_pair_chains() {
    for (int n = 2; n * 5 <= 20; ++n) {
      for (int s = 0; s + n - 1 <= kHighestChainRank; ++s) {
        int caps[kNumRanks] = {};
        for (int r = 0; r <= R2; ++r) caps[r] = (r >= s && r < s + n) ? 0 : 1;
        const Hand core = chain(s, n, 3);
        multisets(caps, n, 0, Hand(), [&](Hand ranks) { add(MoveType::TrioPairChain, s, n, core + ranks + ranks); });
      }
    }
  }

  void add_four_twos() {
    for (int f = 0; f <= R2; ++f) {
      int caps[kNumRanks];
      for (int r = 0; r < kNumRanks; ++r) caps[r] = r == f ? 0 : deck_count(r);
      multisets(caps, 2, 0, Hand(), [&](Hand kickers) {
        if (kickers.count(RX) && kickers.count(RD)) return;
        add(MoveType::FourTwoSolo, f, 1, Hand::of(f, 4) + kickers);
      });
      for (int a = 0; a <= R2; ++a)
        for (int b = a + 1; b <= R2; ++b)
          if (a != f && b != f) add(MoveType::FourTwoPair, f, 1, Hand::of(f, 4) + Hand::of(a, 2) + Hand::of(b, 2));
    }
  }
};

const Catalogue& instance() {
  static const Catalogue cat;
  return cat;
}

}  // namespace

const std::vector<Move>& catalogue() { return instance().moves; }

std::optional<Move> classify(Hand cards) {
  const auto& cat = instance();
  auto it = cat.index.find(cards.bits());
  if (it == cat.index.end()) return std::nullopt;
  return cat.moves[size_t(it->second)];
}

int action_id(const Move& move) {
  if (move.is_pass()) return kPassAction;
  const auto& cat = instance();
  auto it = cat.index.find(move.cards.bits());
  if (it == cat.index.end() || cat.moves[size_t(it->second)] != move) return -1;
  return it->second;
}

const Move& move_of_action(int id) {
  static const Move kPass = Move::pass();
  if (id == kPassAction) return kPass;
  if (id < 0 || id > kPassAction) throw std::out_of_range("action id " + std::to_string(id) + " is outside 0..27471");
  return catalogue()[size_t(id)];
}

Move parse_move(std::string_view text) {
  std::string_view trimmed = text;
  while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t')) trimmed.remove_prefix(1);
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t')) trimmed.remove_suffix(1);
  if (trimmed.empty() || trimmed == "-" || trimmed == "pass" || trimmed == "PASS" || trimmed == "Pass")
    return Move::pass();
  const Hand cards = parse_cards(trimmed);
  auto move = classify(cards);
  if (!move) throw NotationError("\"" + std::string(text) + "\" (" + to_string(cards) + ") is not a combination");
  return *move;
}

}  // namespace ddz
