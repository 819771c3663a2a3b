// The learner's side of the run: draws batches from the sample store with its own seeded stream,
// steps the learner, keeps the loss and throughput sums of the current metrics interval and
// publishes the weights to the actors every publish_every steps.
#pragma once
#include <cstdint>

#include "game/rng.h"
#include "selfplay/config.h"
#include "selfplay/learner.h"
#include "selfplay/published_net.h"
#include "selfplay/sample_store.h"

namespace ddz::selfplay {

class LearnerDriver {
 public:
  // `steps`: the resumed run's learner steps (0 for a new run); they count on from there, and the
  // batch stream is seeded by them so that a resumed run does not redraw its earlier batches.
  LearnerDriver(Learner& learner, const TrainConfig& config, SampleStore& store, PublishedNet& published,
                int64_t steps);

  // Enough samples to learn from, and not drawn more than max_reuse times per sample produced
  // (the actors set the pace).
  bool ready() const;
  void step();
  void publish();  // the current weights to the actors, now
  int64_t steps() const { return steps_; }

  // Over the current interval: mean losses (-1 when none was measured) and the learner's samples/s.
  double policy_loss() const { return mean(policy_); }
  double value_loss() const { return mean(value_); }
  double bid_loss() const { return mean(bid_); }
  double samples_per_s() const { return learn_time_ > 0 ? double(learn_samples_) / learn_time_ : 0; }
  void start_interval();

 private:
  struct Sum {
    double sum = 0;
    int64_t n = 0;
    void add(double loss) {
      if (loss >= 0) sum += loss, ++n;
    }
  };
  static double mean(const Sum& s) { return s.n ? s.sum / double(s.n) : -1; }

  Learner& learner_;
  const TrainConfig& config_;
  SampleStore& store_;
  PublishedNet& published_;
  int64_t steps_;
  Rng rng_;
  Sum policy_, value_, bid_;
  double learn_time_ = 0;
  int64_t learn_samples_ = 0;
};

}  // namespace ddz::selfplay
