// Encoding of game batches and greetings (selfplay/remote_wire.h). Little-endian fixed-width
// fields and an FNV-1a checksum at the end, as the weights container does.
#include "selfplay/remote_wire.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "models/features.h"
#include "models/weights.h"

namespace ddz::selfplay {
namespace {

constexpr char kBatchMagic[9] = "DDZGAME\n";
constexpr uint32_t kBatchFormat = 1;

class Writer {
 public:
  template <typename T>
  void put(T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out.append(b, sizeof(T));
  }
  std::string out;
};

class Reader {
 public:
  Reader(const std::string& bytes, size_t end) : bytes_(bytes), end_(end) {}
  template <typename T>
  T get() {
    if (pos_ + sizeof(T) > end_) throw WireError("game batch truncated at byte " + std::to_string(pos_));
    T v;
    std::memcpy(&v, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  float finite() {
    const float v = get<float>();
    if (!std::isfinite(v)) throw WireError("game batch holds a non-finite number");
    return v;
  }
  bool done() const { return pos_ == end_; }

 private:
  const std::string& bytes_;
  size_t end_;
  size_t pos_ = 0;
};

void put_bids(Writer& w, const std::vector<BidRecord>& bids) {
  w.put(uint8_t(bids.size()));
  for (const BidRecord& b : bids) {
    w.put(uint8_t(b.seat));
    w.put(uint8_t(b.bid));
  }
}

std::vector<BidRecord> get_bids(Reader& r) {
  const int n = r.get<uint8_t>();
  if (n > 3 * 8) throw WireError("game batch: too many bids");
  std::vector<BidRecord> bids;
  for (int i = 0; i < n; ++i) {
    const int seat = r.get<uint8_t>(), bid = r.get<uint8_t>();
    if (seat >= kNumSeats || bid > 3) throw WireError("game batch: bad bid record");
    bids.push_back(BidRecord{seat, bid});
  }
  return bids;
}

void encode_game(Writer& w, const GameSamples& g) {
  w.put(int64_t(g.policy_version));
  w.put(int32_t(g.decisions));
  // The latest recorded position holds the deal, the bids and the longest move history; the
  // forced moves after it are not needed to rebuild any sample.
  const PlaySample* last = g.plays.empty() ? nullptr : &g.plays.back();
  w.put(uint8_t(last != nullptr));
  if (last) {
    const GameState& s = last->state;
    for (Hand h : s.initial_deal().hands) w.put(h.bits());
    w.put(s.initial_deal().kitty.bits());
    w.put(uint8_t(s.first_bidder()));
    put_bids(w, s.bids());
    w.put(uint16_t(s.history().size()));
    for (const PlayRecord& p : s.history()) {
      w.put(p.move.cards.bits());
      w.put(uint8_t(p.move.type));
      w.put(p.move.key);
      w.put(p.move.len);
    }
    w.put(uint16_t(g.plays.size()));
    for (const PlaySample& p : g.plays) {
      w.put(uint16_t(p.state.history().size()));
      w.put(uint8_t(p.has_policy));
      w.put(p.win);
      w.put(p.score);
      w.put(uint16_t(p.policy.size()));
      for (float x : p.policy) w.put(x);
    }
  }
  if (g.bids.size() > 255) throw WireError("game batch: more than 255 bid samples in one game");
  w.put(uint8_t(g.bids.size()));
  for (const BidSample& b : g.bids) {
    w.put(b.hand.bits());
    w.put(uint8_t(b.seat));
    w.put(uint8_t(b.first_bidder));
    put_bids(w, b.bids);
    w.put(b.win);
    w.put(b.score);
  }
}

// Replays the moves from the deal; each sample is the position when its ply is reached.
void decode_plays(Reader& r, const TrainConfig& config, GameSamples& g) {
  Deal deal;
  for (Hand& h : deal.hands) h = Hand::from_bits(r.get<uint64_t>());
  deal.kitty = Hand::from_bits(r.get<uint64_t>());
  Rules rules = training_rules(config);
  const int first_bidder = r.get<uint8_t>();
  if (first_bidder >= kNumSeats) throw WireError("game batch: bad first bidder");
  rules.first_bidder = first_bidder;
  const std::vector<BidRecord> bids = get_bids(r);
  // A bidding game always ends its bidding with bids on record; none means a game that
  // bidding_share gave a fixed landlord (game_rules).
  if (bids.empty()) rules.bidding = false;
  std::vector<Move> history(r.get<uint16_t>());
  for (Move& m : history) {
    m.cards = Hand::from_bits(r.get<uint64_t>());
    m.type = MoveType(r.get<uint8_t>());
    m.key = r.get<uint8_t>();
    m.len = r.get<uint8_t>();
  }
  std::unique_ptr<GameState> state;
  try {
    state = std::make_unique<GameState>(deal, rules);
  } catch (const std::invalid_argument& e) { throw WireError(std::string("game batch: bad deal: ") + e.what()); }
  for (const BidRecord& b : bids) {
    if (state->phase() != Phase::Bidding || state->to_move() != b.seat) throw WireError("game batch: bid out of turn");
    const std::string why = state->apply_bid(b.bid);
    if (!why.empty()) throw WireError("game batch: bid rejected: " + why);
  }
  if (state->phase() != Phase::Play) throw WireError("game batch: the bids do not end the bidding");
  const int n = r.get<uint16_t>();
  size_t ply = 0;
  std::vector<Move> legal;
  for (int i = 0; i < n; ++i) {
    const size_t at = r.get<uint16_t>();
    if (at < ply || at > history.size()) throw WireError("game batch: sample plies out of order");
    for (; ply < at; ++ply) {
      const std::string why = state->apply_move(history[ply]);
      if (!why.empty()) throw WireError("game batch: move rejected: " + why);
    }
    if (state->phase() != Phase::Play) throw WireError("game batch: sample after the game ended");
    std::vector<Move> moves;
    state->legal(moves);
    const bool has_policy = r.get<uint8_t>() != 0;
    const float win = r.finite();
    const float score = r.finite();
    std::vector<float> policy(r.get<uint16_t>());
    if (policy.size() != moves.size()) throw WireError("game batch: policy does not match the legal moves");
    for (float& x : policy) x = r.finite();
    g.plays.push_back(
        PlaySample{*state, std::move(moves), std::move(policy), has_policy, win, score, g.policy_version});
  }
}

}  // namespace

std::string encode_batch(const std::vector<GameSamples>& games) {
  Writer w;
  w.out.append(kBatchMagic, 8);
  w.put(kBatchFormat);
  w.put(uint32_t(games.size()));
  for (const GameSamples& g : games) encode_game(w, g);
  w.put(fnv1a64(w.out.data(), w.out.size()));
  return w.out;
}

std::vector<GameSamples> decode_batch(const std::string& bytes, const TrainConfig& config) {
  if (bytes.size() < 8 + 4 + 4 + 8 || bytes.compare(0, 8, kBatchMagic, 8) != 0)
    throw WireError("not a game batch (bad magic or too short)");
  const size_t body = bytes.size() - 8;
  uint64_t sum;
  std::memcpy(&sum, bytes.data() + body, 8);
  if (sum != fnv1a64(bytes.data(), body)) throw WireError("game batch checksum mismatch");
  Reader r(bytes, body);
  for (int i = 0; i < 8; ++i) r.get<char>();
  const uint32_t format = r.get<uint32_t>();
  if (format != kBatchFormat)
    throw WireError("game batch format " + std::to_string(format) + ", expected " + std::to_string(kBatchFormat));
  std::vector<GameSamples> games;
  const uint32_t count = r.get<uint32_t>();
  if (count > (1u << 16)) throw WireError("game batch claims " + std::to_string(count) + " games");
  for (uint32_t i = 0; i < count; ++i) {
    GameSamples g;
    g.policy_version = r.get<int64_t>();
    g.decisions = r.get<int32_t>();
    if (r.get<uint8_t>()) decode_plays(r, config, g);
    const int nb = r.get<uint8_t>();
    for (int k = 0; k < nb; ++k) {
      BidSample b;
      b.hand = Hand::from_bits(r.get<uint64_t>());
      b.seat = r.get<uint8_t>();
      b.first_bidder = r.get<uint8_t>();
      if (b.seat >= kNumSeats || b.first_bidder >= kNumSeats) throw WireError("game batch: bad bid sample seat");
      b.bids = get_bids(r);
      b.win = r.finite();
      b.score = r.finite();
      b.policy_version = g.policy_version;
      g.bids.push_back(std::move(b));
    }
    games.push_back(std::move(g));
  }
  if (!r.done()) throw WireError("game batch has trailing bytes");
  return games;
}

Hello make_hello(const TrainConfig& config, const NetworkSpec& spec, const std::string& name, int threads) {
  Hello h;
  h.protocol = kWireProtocol;
  h.name = name;
  h.feature_version = kFeatureVersion;
  h.architecture = spec.to_json();
  TrainConfig shared = config;
  shared.actors = 0;  // local threads differ per process and do not change the games
  h.config = shared.to_yaml();
  h.threads = threads;
  return h;
}

std::string encode_hello(const Hello& h) {
  nlohmann::json j{{"protocol", h.protocol},         {"name", h.name},     {"feature_version", h.feature_version},
                   {"architecture", h.architecture}, {"config", h.config}, {"threads", h.threads}};
  return j.dump();
}

Hello decode_hello(const std::string& bytes) {
  try {
    const auto j = nlohmann::json::parse(bytes);
    Hello h;
    h.protocol = j.at("protocol").get<int>();
    h.name = j.at("name").get<std::string>();
    h.feature_version = j.at("feature_version").get<int>();
    h.architecture = j.at("architecture").get<std::string>();
    h.config = j.at("config").get<std::string>();
    h.threads = j.at("threads").get<int>();
    return h;
  } catch (const nlohmann::json::exception& e) { throw WireError(std::string("bad join greeting: ") + e.what()); }
}

std::string hello_mismatch(const Hello& mine, const Hello& theirs) {
  if (theirs.protocol != mine.protocol)
    return "protocol " + std::to_string(theirs.protocol) + ", the learner speaks " + std::to_string(mine.protocol) +
           " (update ddz on one side)";
  if (theirs.feature_version != mine.feature_version)
    return "feature version " + std::to_string(theirs.feature_version) + ", the learner's is " +
           std::to_string(mine.feature_version);
  if (theirs.architecture != mine.architecture)
    return "network architecture " + theirs.architecture + ", the learner's is " + mine.architecture;
  if (theirs.config != mine.config) {
    std::istringstream a(theirs.config), b(mine.config);
    std::string la, lb;
    while (true) {
      const bool ga = bool(std::getline(a, la)), gb = bool(std::getline(b, lb));
      if (!ga && !gb) break;
      if (!ga) la = "(nothing)";
      if (!gb) lb = "(nothing)";
      if (la != lb) return "a different config: '" + la + "' where the learner has '" + lb + "'";
    }
    return "a different config";
  }
  return "";
}

}  // namespace ddz::selfplay
