// The keys of a distributed run in the c10d store, shared by the learner (remote_hub) and the
// actor processes (remote_actor), with the protocol's few constants. docs/training.md draws it.
#pragma once
#include <cstdint>
#include <string>

namespace ddz::selfplay::remote {

inline const std::string kReady = "ddz/ready";  // set once the first weights are in
inline const std::string kWeights = "ddz/weights";  // serialized Weights, meta policy_version
inline const std::string kWeightsVersion = "ddz/weights_version";  // decimal, set after kWeights
inline const std::string kNextActor = "ddz/next_actor";  // counter handing out actor ids
inline const std::string kJoins = "ddz/joins";  // counter: greetings posted
inline const std::string kBatches = "ddz/batches";  // counter: batches posted by anyone
inline const std::string kFinished = "ddz/finished";  // set when the run ends

// Per actor id: hello (greeting), welcome ("ok", "refused: ...", "dropped: ..."), beat (heartbeat
// counter), sent / taken (batches posted / consumed), fetched (weight bytes), bye (left).
inline std::string actor_key(int64_t id, const char* what) { return "ddz/actor/" + std::to_string(id) + "/" + what; }
inline std::string batch_key(int64_t id, int64_t seq) {
  return "ddz/actor/" + std::to_string(id) + "/batch/" + std::to_string(seq);
}

constexpr int64_t kBatchWindow = 4;  // batches an actor may have posted and not yet consumed
constexpr double kHeartbeatS = 1.0;  // actors beat this often
constexpr int64_t kBatchSamples = 256;  // an actor posts once it holds this many samples,
constexpr double kBatchMaxWaitS = 2.0;  // or once its oldest unsent game is this old

}  // namespace ddz::selfplay::remote
