// The weights published to the actors: the learner swaps in a new snapshot, each actor takes the
// current one at the start of a game and keeps it alive (shared_ptr) until the game ends.
#pragma once
#include <memory>
#include <mutex>

#include "models/eigen_net.h"

namespace ddz::selfplay {

class PublishedNet {
 public:
  void set(std::shared_ptr<const EigenNet> net) {
    std::lock_guard<std::mutex> lock(mu_);
    net_ = std::move(net);
  }
  std::shared_ptr<const EigenNet> get() const {
    std::lock_guard<std::mutex> lock(mu_);
    return net_;
  }

 private:
  mutable std::mutex mu_;
  std::shared_ptr<const EigenNet> net_;
};

}  // namespace ddz::selfplay
