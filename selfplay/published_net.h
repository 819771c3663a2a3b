// The weights published to the actors: the learner swaps in a new snapshot, each actor takes the
// current one at the start of a game and keeps it alive (shared_ptr) until the game ends, so a
// game never mixes two versions. The version is the learner step at publication.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>

#include "models/eigen_net.h"
#include "models/weights.h"

namespace ddz::selfplay {

struct Publication {
  std::shared_ptr<const EigenNet> net;
  std::shared_ptr<const Weights> weights;  // kept for remote actors; null when not given
  int64_t version = 0;
};

class PublishedNet {
 public:
  void set(std::shared_ptr<const EigenNet> net, int64_t version = 0, std::shared_ptr<const Weights> weights = nullptr) {
    std::lock_guard<std::mutex> lock(mu_);
    current_ = Publication{std::move(net), std::move(weights), version};
  }
  std::shared_ptr<const EigenNet> get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return current_.net;
  }
  // The net with its version (and weights), taken together so they always match.
  Publication current() const {
    std::lock_guard<std::mutex> lock(mu_);
    return current_;
  }

 private:
  mutable std::mutex mu_;
  Publication current_;
};

}  // namespace ddz::selfplay
