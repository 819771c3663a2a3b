// The learner: LibTorch training of the policy, value and bid networks on replay samples.
// The header is torch-free (pimpl), so only learner.cpp pays LibTorch's compile cost.
//
// Losses: policy = cross-entropy of the network's softmax over the legal moves against the
// search policy (samples with has_policy only); value = binary cross-entropy of the win logit
// against the game result + MSE of the score output against the final score / kScoreScale;
// bid = the same two terms for the bid head against the landlord's result.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/network_spec.h"
#include "models/weights.h"
#include "selfplay/config.h"
#include "selfplay/samples.h"

namespace ddz::selfplay {

struct LossFigures {
  double policy = -1, value = -1, bid = -1;  // -1 when the batch had no such sample
};

class Learner {
 public:
  // Fresh networks initialised from `seed`; torch runs on one intra-op thread.
  Learner(const NetworkSpec& spec, const TrainConfig& config, uint64_t seed);
  ~Learner();
  Learner(const Learner&) = delete;
  Learner& operator=(const Learner&) = delete;

  // One Adam step on a batch.
  LossFigures step(const std::vector<PlaySample>& plays, const std::vector<BidSample>& bids);

  const NetworkSpec& spec() const;
  // Current parameters in the models' weights container (names of NetworkSpec).
  Weights weights() const;
  void load_weights(const Weights& weights);
  // Optimizer state as bytes (torch serialisation) for checkpoints, and back.
  std::string optimizer_state() const;
  // Loading keeps the saved moments but takes lr and weight_decay from this learner's config.
  void load_optimizer_state(const std::string& bytes);
  double learning_rate() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ddz::selfplay
