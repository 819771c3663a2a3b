// Reads and validates the training config: one table below lists every key with its range,
// so a key cannot be read in one place and forgotten in another.
#include "selfplay/config.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <sstream>

namespace ddz::selfplay {
namespace {

// Reads keys from one YAML mapping, remembering which were used so the rest can be rejected.
class Reader {
 public:
  Reader(const YAML::Node& root, std::string name) : root_(root), name_(std::move(name)) {}

  [[noreturn]] void fail(const std::string& key, const std::string& why) const {
    throw ConfigError(name_ + ": key '" + key + "': " + why);
  }

  void read_int(const std::string& key, int64_t& out, int64_t lo, int64_t hi) {
    const YAML::Node node = take(key);
    if (!node) return;
    int64_t v = 0;
    if (!node.IsScalar() || !YAML::convert<int64_t>::decode(node, v))
      fail(key, "expected an integer, got '" + text(node) + "'");
    if (v < lo || v > hi)
      fail(key,
           "value " + std::to_string(v) + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    out = v;
  }
  void read_int(const std::string& key, int& out, int lo, int hi) {
    int64_t v = out;
    read_int(key, v, lo, hi);
    out = int(v);
  }
  void read_u64(const std::string& key, uint64_t& out) {
    const YAML::Node node = take(key);
    if (!node) return;
    uint64_t v = 0;
    const std::string s = text(node);
    if (!node.IsScalar() || s.empty() || s[0] == '-' || !YAML::convert<uint64_t>::decode(node, v))
      fail(key, "expected a non-negative integer, got '" + s + "'");
    out = v;
  }
  void read_double(const std::string& key, double& out, double lo, double hi) {
    const YAML::Node node = take(key);
    if (!node) return;
    double v = 0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, v))
      fail(key, "expected a number, got '" + text(node) + "'");
    if (!(v >= lo && v <= hi)) {
      std::ostringstream os;
      os << "value " << v << " out of range [" << lo << ", " << hi << "]";
      fail(key, os.str());
    }
    out = v;
  }
  void read_bool(const std::string& key, bool& out) {
    const YAML::Node node = take(key);
    if (!node) return;
    bool v = false;
    if (!node.IsScalar() || !YAML::convert<bool>::decode(node, v))
      fail(key, "expected true or false, got '" + text(node) + "'");
    out = v;
  }
  void read_choice(const std::string& key, std::string& out, const std::vector<std::string>& allowed) {
    const YAML::Node node = take(key);
    if (!node) return;
    if (!node.IsScalar()) fail(key, "expected a string");
    const std::string v = node.Scalar();
    for (const auto& a : allowed)
      if (a == v) {
        out = v;
        return;
      }
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail(key, "'" + v + "' is not one of: " + list);
  }
  void read_string(const std::string& key, std::string& out) {
    const YAML::Node node = take(key);
    if (!node) return;
    if (!node.IsScalar()) fail(key, "expected a string");
    out = node.Scalar();
  }
  void read_string_list(const std::string& key, std::vector<std::string>& out) {
    const YAML::Node node = take(key);
    if (!node) return;
    if (!node.IsSequence()) fail(key, "expected a list of agent specs, e.g. [random, heuristic]");
    std::vector<std::string> v;
    for (const auto& item : node) {
      if (!item.IsScalar() || item.Scalar().empty()) fail(key, "expected a list of non-empty strings");
      v.push_back(item.Scalar());
    }
    out = v;
  }

  void read_int_list(const std::string& key, std::vector<int>& out, int lo, int hi) {
    const YAML::Node node = take(key);
    if (!node) return;
    if (!node.IsSequence() || node.size() == 0 || node.size() > 8)
      fail(key, "expected a list of 1 to 8 layer widths, e.g. [256, 256]");
    std::vector<int> v;
    for (const auto& item : node) {
      int x = 0;
      if (!item.IsScalar() || !YAML::convert<int>::decode(item, x))
        fail(key, "expected integers, got '" + text(item) + "'");
      if (x < lo || x > hi)
        fail(key,
             "width " + std::to_string(x) + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
      v.push_back(x);
    }
    out = v;
  }

  // Every key of the file that no read_* call took.
  void reject_unknown() const {
    for (const auto& kv : root_) {
      const std::string key = kv.first.as<std::string>();
      if (!used_.count(key))
        throw ConfigError(name_ + ": unknown key '" + key + "' (see configs/default.yaml for the keys)");
    }
  }

 private:
  YAML::Node take(const std::string& key) {
    used_[key] = true;
    const YAML::Node node = root_[key];
    if (node && node.IsNull()) fail(key, "has no value");
    return node;
  }
  static std::string text(const YAML::Node& node) {
    if (node.IsScalar()) return node.Scalar();
    std::ostringstream os;
    os << node;
    return os.str();
  }
  YAML::Node root_;
  std::string name_;
  std::map<std::string, bool> used_;
};

}  // namespace

TrainConfig parse_config(const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) { throw ConfigError(name + ": not valid YAML: " + e.what()); }
  TrainConfig c;
  if (!root || root.IsNull()) return c;  // an empty file means every default
  if (!root.IsMap()) throw ConfigError(name + ": expected a mapping of key: value at the top level");
  Reader r(root, name);
  // The one place every key is read. Ranges bound what this code can run sensibly.
  r.read_u64("seed", c.seed);
  r.read_bool("bidding", c.bidding);
  r.read_double("bidding_share", c.bidding_share, 0, 1);
  r.read_double("minutes", c.minutes, 0, 1e6);
  r.read_int("max_games", c.max_games, 0, int64_t(1) << 50);
  r.read_int("max_steps", c.max_steps, 0, int64_t(1) << 50);
  r.read_int_list("policy_hidden", c.policy_hidden, 1, 4096);
  r.read_int_list("value_hidden", c.value_hidden, 1, 4096);
  r.read_int_list("bid_hidden", c.bid_hidden, 1, 4096);
  r.read_int("actors", c.actors, 0, 256);
  r.read_int("sims", c.sims, 1, 100000);
  r.read_int("gumbel_k", c.gumbel_k, 1, 64);
  r.read_double("full_search_prob", c.full_search_prob, 0, 1);
  r.read_int("fast_sims", c.fast_sims, 1, 100000);
  r.read_double("c_visit", c.c_visit, 0, 1e6);
  r.read_double("c_scale", c.c_scale, 0, 1e3);
  r.read_bool("q_rescale", c.q_rescale);
  r.read_choice("search_target", c.search_target, {"completed", "candidates"});
  r.read_double("rollout_mix", c.rollout_mix, 0, 1);
  r.read_double("rollout_mix_final", c.rollout_mix_final, 0, 1);
  r.read_double("rollout_mix_decay_minutes", c.rollout_mix_decay_minutes, 0, 1e6);
  r.read_choice("rollout_policy", c.rollout_policy, {"heuristic", "net"});
  r.read_choice("rollout_others", c.rollout_others, {"net", "heuristic", "seats"});
  r.read_int("solver_cards", c.solver_cards, 0, 54);
  r.read_int("solver_nodes", c.solver_nodes, 0, int64_t(1) << 40);
  r.read_int("rollout_solver_cards", c.rollout_solver_cards, 0, 54);
  r.read_double("infer", c.infer, 0.001, 1);
  r.read_int("infer_moves", c.infer_moves, 0, 1000);
  r.read_int("infer_draws", c.infer_draws, 1, 10000);
  r.read_string("teacher", c.teacher);
  r.read_bool("distill", c.distill);
  r.read_double("changed_weight", c.changed_weight, 0, 1000);
  r.read_double("decision_target", c.decision_target, 0, 1);
  r.read_double("confident", c.confident, 0, 1);
  r.read_string_list("pool_agents", c.pool_agents);
  r.read_double("pool_share", c.pool_share, 0, 1);
  r.read_choice("pool_seats", c.pool_seats, {"mixed", "sides"});
  r.read_double("pg_share", c.pg_share, 0, 1);
  r.read_double("pg_lambda", c.pg_lambda, 0, 1);
  r.read_double("pg_scale", c.pg_scale, 0, 100);
  r.read_double("pg_entropy", c.pg_entropy, 0, 10);
  r.read_bool("counterfactual_bids", c.counterfactual_bids);
  r.read_int("bid_games", c.bid_games, 0, 50);  // <= 3 samples a deal: the wire counts a game's bids in a byte
  r.read_double("pg_rollout_share", c.pg_rollout_share, 0, 1);
  r.read_int("pg_rollout_k", c.pg_rollout_k, 2, 64);
  r.read_bool("pg_rollout_pool", c.pg_rollout_pool);
  r.read_int("replay_capacity", c.replay_capacity, 64, int64_t(1) << 32);
  r.read_int("min_replay", c.min_replay, 1, int64_t(1) << 32);
  r.read_double("max_reuse", c.max_reuse, 0.01, 1e6);
  r.read_int("batch_size", c.batch_size, 1, 65536);
  r.read_double("lr", c.lr, 1e-7, 1.0);
  r.read_double("weight_decay", c.weight_decay, 0, 1.0);
  r.read_double("value_weight", c.value_weight, 0, 1e3);
  r.read_double("bid_weight", c.bid_weight, 0, 1e3);
  r.read_int("publish_every", c.publish_every, 1, 1000000);
  r.read_int("warm_games", c.warm_games, 0, int64_t(1) << 40);
  r.read_int("warm_steps", c.warm_steps, 0, int64_t(1) << 40);
  r.read_double("eval_every_minutes", c.eval_every_minutes, 0, 1e6);
  r.read_int("eval_deals", c.eval_deals, 1, 1000000);
  r.read_string_list("eval_opponents", c.eval_opponents);
  r.read_choice("eval_agent", c.eval_agent, {"net", "mcts+net"});
  r.read_int("eval_sims", c.eval_sims, 1, 100000);
  r.read_bool("eval_fixed_landlord", c.eval_fixed_landlord);
  r.read_double("checkpoint_every_minutes", c.checkpoint_every_minutes, 0.01, 1e6);
  r.read_int("keep_checkpoints", c.keep_checkpoints, 1, 1000);
  r.read_int("stale_versions", c.stale_versions, 0, 1000000);
  r.read_double("actor_timeout_s", c.actor_timeout_s, 1, 86400);
  r.reject_unknown();
  // Cross-key checks, named by the key that has to change.
  if (c.min_replay > c.replay_capacity)
    r.fail("min_replay", "must not exceed replay_capacity (" + std::to_string(c.replay_capacity) + ")");
  if (c.gumbel_k > c.sims) r.fail("gumbel_k", "must not exceed sims (" + std::to_string(c.sims) + ")");
  if (c.fast_sims > c.sims) r.fail("fast_sims", "must not exceed sims (" + std::to_string(c.sims) + ")");
  if (c.pool_share > 0 && c.pool_agents.empty()) r.fail("pool_share", "needs at least one agent in pool_agents");
  if (!c.teacher.empty() && c.pg_share >= 1)
    r.fail("teacher", "teaches searched games only, and pg_share 1 leaves none");
  if (c.distill && c.teacher.empty()) r.fail("distill", "needs a teacher (the network distilled)");
  if (c.rollout_solver_cards > 0 && c.solver_cards == 0)
    r.fail("rollout_solver_cards", "needs solver_cards > 0 (the exact solver that ends the rollouts)");
  if (c.warm_steps > 0 && c.warm_games == 0) r.fail("warm_steps", "needs warm_games > 0");
  if (c.bid_games > 0 && !c.bidding)
    r.fail("bid_games", "needs bidding: true (the bid head is trained only in bidding runs)");
  if (c.rollout_mix_decay_minutes > 0 && c.rollout_mix_final > c.rollout_mix)
    r.fail("rollout_mix_final", "must not exceed rollout_mix (" + std::to_string(c.rollout_mix) + ") when it decays");
  return c;
}

TrainConfig load_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot open the config file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_config(ss.str(), path);
}

std::string TrainConfig::to_yaml() const {
  std::ostringstream os;
  os << std::setprecision(10);
  os << "# Effective config of this run (every key, defaults included).\n";
  os << "seed: " << seed << "\n";
  os << "bidding: " << (bidding ? "true" : "false") << "\n";
  os << "bidding_share: " << bidding_share << "\n";
  os << "minutes: " << minutes << "\n";
  os << "max_games: " << max_games << "\n";
  os << "max_steps: " << max_steps << "\n";
  auto list = [&](const char* key, const std::vector<int>& v) {
    os << key << ": [";
    for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << v[i];
    os << "]\n";
  };
  auto strings = [&](const char* key, const std::vector<std::string>& v) {
    os << key << ": [";
    for (size_t i = 0; i < v.size(); ++i) os << (i ? ", " : "") << "\"" << v[i] << "\"";
    os << "]\n";
  };
  list("policy_hidden", policy_hidden);
  list("value_hidden", value_hidden);
  list("bid_hidden", bid_hidden);
  os << "actors: " << actors << "\n";
  os << "sims: " << sims << "\n";
  os << "gumbel_k: " << gumbel_k << "\n";
  os << "full_search_prob: " << full_search_prob << "\n";
  os << "fast_sims: " << fast_sims << "\n";
  os << "c_visit: " << c_visit << "\n";
  os << "c_scale: " << c_scale << "\n";
  os << "q_rescale: " << (q_rescale ? "true" : "false") << "\n";
  os << "search_target: " << search_target << "\n";
  os << "rollout_mix: " << rollout_mix << "\n";
  os << "rollout_mix_final: " << rollout_mix_final << "\n";
  os << "rollout_mix_decay_minutes: " << rollout_mix_decay_minutes << "\n";
  os << "rollout_policy: " << rollout_policy << "\n";
  os << "rollout_others: " << rollout_others << "\n";
  os << "solver_cards: " << solver_cards << "\n";
  os << "solver_nodes: " << solver_nodes << "\n";
  os << "rollout_solver_cards: " << rollout_solver_cards << "\n";
  os << "infer: " << infer << "\n";
  os << "infer_moves: " << infer_moves << "\n";
  os << "infer_draws: " << infer_draws << "\n";
  os << "teacher: \"" << teacher << "\"\n";
  os << "distill: " << (distill ? "true" : "false") << "\n";
  os << "changed_weight: " << changed_weight << "\n";
  os << "decision_target: " << decision_target << "\n";
  os << "confident: " << confident << "\n";
  strings("pool_agents", pool_agents);
  os << "pool_share: " << pool_share << "\n";
  os << "pool_seats: " << pool_seats << "\n";
  os << "pg_share: " << pg_share << "\n";
  os << "pg_lambda: " << pg_lambda << "\n";
  os << "pg_scale: " << pg_scale << "\n";
  os << "pg_entropy: " << pg_entropy << "\n";
  os << "counterfactual_bids: " << (counterfactual_bids ? "true" : "false") << "\n";
  os << "bid_games: " << bid_games << "\n";
  os << "pg_rollout_share: " << pg_rollout_share << "\n";
  os << "pg_rollout_k: " << pg_rollout_k << "\n";
  os << "pg_rollout_pool: " << (pg_rollout_pool ? "true" : "false") << "\n";
  os << "replay_capacity: " << replay_capacity << "\n";
  os << "min_replay: " << min_replay << "\n";
  os << "max_reuse: " << max_reuse << "\n";
  os << "batch_size: " << batch_size << "\n";
  os << "lr: " << lr << "\n";
  os << "weight_decay: " << weight_decay << "\n";
  os << "value_weight: " << value_weight << "\n";
  os << "bid_weight: " << bid_weight << "\n";
  os << "publish_every: " << publish_every << "\n";
  os << "warm_games: " << warm_games << "\n";
  os << "warm_steps: " << warm_steps << "\n";
  os << "eval_every_minutes: " << eval_every_minutes << "\n";
  os << "eval_deals: " << eval_deals << "\n";
  strings("eval_opponents", eval_opponents);
  os << "eval_agent: " << eval_agent << "\n";
  os << "eval_sims: " << eval_sims << "\n";
  os << "eval_fixed_landlord: " << (eval_fixed_landlord ? "true" : "false") << "\n";
  os << "checkpoint_every_minutes: " << checkpoint_every_minutes << "\n";
  os << "keep_checkpoints: " << keep_checkpoints << "\n";
  os << "stale_versions: " << stale_versions << "\n";
  os << "actor_timeout_s: " << actor_timeout_s << "\n";
  return os.str();
}

}  // namespace ddz::selfplay
