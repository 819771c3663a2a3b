// NetEvaluator: encodes the world for the seat to move, scores its legal moves in one product and
// reads the value head on the full deal.
#include "models/net_evaluator.h"

#include <stdexcept>

#include "models/features.h"

namespace ddz {

NetEvaluator::NetEvaluator(std::shared_ptr<const EigenNet> net, float prior_temperature)
    : net_(std::move(net)), temperature_(prior_temperature) {
  if (!net_) throw std::invalid_argument("NetEvaluator needs a network");
  if (!(temperature_ > 0.0f)) throw std::invalid_argument("NetEvaluator: prior temperature must be positive");
}

float NetEvaluator::evaluate(const GameState& world, const std::vector<Move>& moves, std::vector<float>& priors) {
  // Per-thread scratch: evaluate() is called concurrently by search threads.
  thread_local std::vector<float> value_in(kValueDim), state_in(kStateDim);
  thread_local std::vector<float> move_in;
  encode_value(world, value_in.data());  // it holds the policy's state input
  priors.resize(moves.size());
  if (!moves.empty()) {
    state_of_value(value_in.data(), state_in.data());
    encode_moves(moves, world.hand(world.to_move()), move_in);
    net_->policy_scores(state_in.data(), move_in.data(), int(moves.size()), priors.data());
    EigenNet::softmax(priors.data(), int(moves.size()), temperature_);
  }
  return net_->value(value_in.data()).value();
}

void NetEvaluator::priors(const GameState& world, const std::vector<Move>& moves, std::vector<float>& out) {
  thread_local std::vector<float> state_in(kStateDim);
  thread_local std::vector<float> move_in;
  out.resize(moves.size());
  if (moves.empty()) return;
  encode_state(world, world.to_move(), state_in.data());
  encode_moves(moves, world.hand(world.to_move()), move_in);
  net_->policy_scores(state_in.data(), move_in.data(), int(moves.size()), out.data());
  EigenNet::softmax(out.data(), int(moves.size()), temperature_);
}

void NetEvaluator::policy_logits(const Observation& obs, const std::vector<Move>& moves,
                                 std::vector<float>& logits) const {
  std::vector<float> state(static_cast<size_t>(kStateDim));
  encode_state(obs, state.data());
  std::vector<float> move_features;
  encode_moves(moves, obs.hand, move_features);
  logits.resize(moves.size());
  net_->policy_scores(state.data(), move_features.data(), int(moves.size()), logits.data());
}

void NetEvaluator::values(const std::vector<const GameState*>& worlds, std::vector<float>& out) const {
  out.resize(worlds.size());
  if (worlds.empty()) return;
  std::vector<float> inputs(worlds.size() * size_t(kValueDim));
  for (size_t i = 0; i < worlds.size(); ++i) encode_value(*worlds[i], inputs.data() + i * size_t(kValueDim));
  std::vector<HeadOutput> heads(worlds.size());
  net_->value_batch(inputs.data(), int(worlds.size()), heads.data());
  for (size_t i = 0; i < worlds.size(); ++i) out[i] = heads[i].value();
}

std::vector<float> NetEvaluator::evaluate_batch(const std::vector<const GameState*>& worlds,
                                                const std::vector<const std::vector<Move>*>& moves,
                                                std::vector<std::vector<float>>& priors) const {
  if (worlds.size() != moves.size())
    throw std::invalid_argument("evaluate_batch: worlds and move lists differ in number");
  const int p = int(worlds.size());
  std::vector<float> values_in(size_t(p) * kValueDim);
  std::vector<float> states(size_t(p) * kStateDim);
  std::vector<float> move_in, one;
  std::vector<int> owner;
  for (int i = 0; i < p; ++i) {
    float* v = values_in.data() + size_t(i) * kValueDim;
    encode_value(*worlds[size_t(i)], v);
    state_of_value(v, states.data() + size_t(i) * kStateDim);
    encode_moves(*moves[size_t(i)], worlds[size_t(i)]->hand(worlds[size_t(i)]->to_move()), one);
    move_in.insert(move_in.end(), one.begin(), one.end());
    owner.insert(owner.end(), moves[size_t(i)]->size(), i);
  }
  std::vector<float> scores(owner.size());
  net_->policy_scores_batch(states.data(), p, move_in.data(), owner.data(), int(owner.size()), scores.data());
  std::vector<HeadOutput> heads(static_cast<size_t>(p));
  net_->value_batch(values_in.data(), p, heads.data());
  priors.resize(size_t(p));
  std::vector<float> values(static_cast<size_t>(p));
  size_t at = 0;
  for (int i = 0; i < p; ++i) {
    const size_t n = moves[size_t(i)]->size();
    priors[size_t(i)].assign(scores.begin() + long(at), scores.begin() + long(at + n));
    EigenNet::softmax(priors[size_t(i)].data(), int(n), temperature_);
    at += n;
    values[size_t(i)] = heads[size_t(i)].value();
  }
  return values;
}

}  // namespace ddz
