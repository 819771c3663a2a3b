// The learner's side of the run (selfplay/learner_driver.h); torch stays behind Learner.
#include "selfplay/learner_driver.h"

#include <algorithm>
#include <memory>

#include "selfplay/run_clock.h"

namespace ddz::selfplay {

LearnerDriver::LearnerDriver(Learner& learner, const TrainConfig& config, SampleStore& store, PublishedNet& published,
                             int64_t steps)
    : learner_(learner),
      config_(config),
      store_(store),
      published_(published),
      steps_(steps),
      rng_(Rng::mix(config.seed, 0x7ea2 + uint64_t(steps))) {}

bool LearnerDriver::ready() const {
  return int64_t(store_.plays.size()) >= config_.min_replay &&
         double(store_.plays.drawn()) < config_.max_reuse * double(store_.plays.added());
}

void LearnerDriver::step() {
  const Stopwatch watch;
  auto batch = store_.plays.sample(size_t(config_.batch_size), rng_);
  auto bid_batch = store_.bids.sample(size_t(std::max(8, config_.batch_size / 8)), rng_);
  const LossFigures l = learner_.step(batch, bid_batch);
  learn_time_ += watch.seconds();
  learn_samples_ += int64_t(batch.size());
  policy_.add(l.policy);
  value_.add(l.value);
  bid_.add(l.bid);
  ++steps_;
  if (steps_ % config_.publish_every == 0) publish();
}

void LearnerDriver::publish() {
  auto weights = std::make_shared<const Weights>(learner_.weights());
  published_.set(std::make_shared<const EigenNet>(learner_.spec(), *weights), steps_, weights);
}

void LearnerDriver::start_interval() {
  policy_ = value_ = bid_ = Sum{};
  learn_time_ = 0;
  learn_samples_ = 0;
}

}  // namespace ddz::selfplay
