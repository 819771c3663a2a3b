// The bytes that actor processes and the learner exchange through the c10d store: batches of
// finished self-play games and the join greeting. A game travels as its deal, bids and moves;
// the learner replays them (validating every move) to rebuild each sample's position and legal
// moves, so a batch is ~20x smaller than the samples and a corrupt one cannot enter the buffer.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/network_spec.h"
#include "selfplay/actor.h"
#include "selfplay/config.h"

namespace ddz::selfplay {

// A batch or greeting that does not decode (truncated, wrong checksum, illegal move, ...).
class WireError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Games with their policy_version; self-play games only (their positions follow from the deal).
std::string encode_batch(const std::vector<GameSamples>& games);
// The games of a batch, positions rebuilt under the run's rules. Throws WireError.
std::vector<GameSamples> decode_batch(const std::string& bytes, const TrainConfig& config);

// What a process states when it joins: the learner refuses an actor whose settings differ.
struct Hello {
  int protocol = 0;
  std::string name;  // the actor's name in the learner's log and metrics
  int feature_version = 0;  // models/features.h
  std::string architecture;  // NetworkSpec::to_json()
  std::string config;  // effective config YAML, `actors` left out (a per-process setting)
  int threads = 0;
};
constexpr int kWireProtocol = 1;

Hello make_hello(const TrainConfig& config, const NetworkSpec& spec, const std::string& name, int threads);
std::string encode_hello(const Hello& hello);
Hello decode_hello(const std::string& bytes);  // throws WireError
// Why `theirs` may not join a run started as `mine` ("" when it may), naming the first difference.
std::string hello_mismatch(const Hello& mine, const Hello& theirs);

}  // namespace ddz::selfplay
