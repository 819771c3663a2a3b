// LibTorch side of the learner: builds feature tensors from replay samples (features.h), computes
// the three losses and takes an AdamW step; converts to and from the weights container.
#include "selfplay/learner.h"

#include <torch/torch.h>

#include <sstream>

#include "models/features.h"
#include "models/torch/torch_net.h"

namespace ddz::selfplay {

struct Learner::Impl {
  Impl(const NetworkSpec& spec, const TrainConfig& config) : net(spec), cfg(config) {
    optimizer = std::make_unique<torch::optim::AdamW>(
        net->parameters(), torch::optim::AdamWOptions(config.lr).weight_decay(config.weight_decay));
  }
  TorchNet net;
  TrainConfig cfg;
  std::unique_ptr<torch::optim::AdamW> optimizer;
  // Reused encoding buffers (the learner runs on one thread).
  std::vector<float> states, moves, move_buf, targets, values, wins, scores, bids_in, bid_wins, bid_scores;
  std::vector<int64_t> owner;
};

namespace {
torch::Tensor matrix(std::vector<float>& data, int64_t rows, int64_t cols) {
  return torch::from_blob(data.data(), {rows, cols}, torch::kFloat32);
}
torch::Tensor vec(std::vector<float>& data) {
  return torch::from_blob(data.data(), {int64_t(data.size())}, torch::kFloat32);
}

// Binary cross-entropy of the win logit plus squared error of the score output.
torch::Tensor head_loss(const torch::Tensor& out, const torch::Tensor& win, const torch::Tensor& score) {
  return torch::binary_cross_entropy_with_logits(out.select(1, 0), win) + torch::mse_loss(out.select(1, 1), score);
}
}  // namespace

Learner::Learner(const NetworkSpec& spec, const TrainConfig& config, uint64_t seed) {
  at::set_num_threads(1);  // TOOLCHAIN.md: parallel torch ops spin; the actors use the other core
  torch::manual_seed(seed);
  impl_ = std::make_unique<Impl>(spec, config);
}

Learner::~Learner() = default;

const NetworkSpec& Learner::spec() const { return impl_->net->spec(); }

LossFigures Learner::step(const std::vector<PlaySample>& plays, const std::vector<BidSample>& bid_samples) {
  Impl& m = *impl_;
  LossFigures fig;
  m.states.clear();
  m.moves.clear();
  m.targets.clear();
  m.owner.clear();
  m.values.clear();
  m.wins.clear();
  m.scores.clear();
  int64_t positions = 0;
  for (const PlaySample& s : plays) {
    const int seat = s.state.to_move();
    size_t off = m.values.size();
    m.values.resize(off + size_t(kValueDim));
    encode_value(s.state, m.values.data() + off);
    m.wins.push_back(s.win);
    m.scores.push_back(s.score);
    if (!s.has_policy) continue;
    off = m.states.size();
    m.states.resize(off + size_t(kStateDim));
    encode_state(s.state, seat, m.states.data() + off);
    encode_moves(s.moves, s.state.hand(seat), m.move_buf);
    m.moves.insert(m.moves.end(), m.move_buf.begin(), m.move_buf.end());
    for (size_t i = 0; i < s.moves.size(); ++i) m.owner.push_back(positions);
    m.targets.insert(m.targets.end(), s.policy.begin(), s.policy.end());
    ++positions;
  }
  m.bids_in.clear();
  m.bid_wins.clear();
  m.bid_scores.clear();
  for (const BidSample& b : bid_samples) {
    const size_t off = m.bids_in.size();
    m.bids_in.resize(off + size_t(kBidDim));
    encode_bid(b.hand, b.seat, b.first_bidder, b.bids, m.bids_in.data() + off);
    m.bid_wins.push_back(b.win);
    m.bid_scores.push_back(b.score);
  }

  m.net->train();
  torch::Tensor loss = torch::zeros({});
  if (positions > 0) {
    const int64_t mv = int64_t(m.owner.size());
    auto owner = torch::from_blob(m.owner.data(), {mv}, torch::kInt64);
    auto scores = m.net->policy_scores(matrix(m.states, positions, kStateDim), matrix(m.moves, mv, kMoveDim), owner);
    auto pl = policy_loss(scores, owner, vec(m.targets), positions);
    fig.policy = pl.item<double>();
    loss = loss + pl;
  }
  if (!m.wins.empty()) {
    auto out = m.net->value(matrix(m.values, int64_t(m.wins.size()), kValueDim));
    auto vl = head_loss(out, vec(m.wins), vec(m.scores));
    fig.value = vl.item<double>();
    loss = loss + m.cfg.value_weight * vl;
  }
  if (!m.bid_wins.empty()) {
    auto out = m.net->bid(matrix(m.bids_in, int64_t(m.bid_wins.size()), kBidDim));
    auto bl = head_loss(out, vec(m.bid_wins), vec(m.bid_scores));
    fig.bid = bl.item<double>();
    loss = loss + m.cfg.bid_weight * bl;
  }
  if (loss.requires_grad()) {
    m.optimizer->zero_grad();
    loss.backward();
    m.optimizer->step();
  }
  return fig;
}

Weights Learner::weights() const {
  torch::NoGradGuard guard;
  return impl_->net->to_weights();
}

void Learner::load_weights(const Weights& weights) {
  torch::NoGradGuard guard;
  impl_->net->load_weights(weights);
}

std::string Learner::optimizer_state() const {
  torch::serialize::OutputArchive archive;
  impl_->optimizer->save(archive);
  std::ostringstream os;
  archive.save_to(os);
  return os.str();
}

void Learner::load_optimizer_state(const std::string& bytes) {
  std::istringstream is(bytes);
  torch::serialize::InputArchive archive;
  archive.load_from(is);
  impl_->optimizer->load(archive);
  // The archive carries the saved run's options too; the config of this start decides them, so
  // that a resumed run can change its learning rate or weight decay (the moments are kept).
  for (auto& group : impl_->optimizer->param_groups()) {
    auto& options = static_cast<torch::optim::AdamWOptions&>(group.options());
    options.lr(impl_->cfg.lr);
    options.weight_decay(impl_->cfg.weight_decay);
  }
}

double Learner::learning_rate() const {
  return static_cast<const torch::optim::AdamWOptions&>(impl_->optimizer->param_groups().front().options()).lr();
}

}  // namespace ddz::selfplay
