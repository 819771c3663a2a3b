// PUCT information-set MCTS over sampled worlds (see mcts.h for the scheme): one tree per thread,
// nodes keyed by public move sequence, edges sorted by card bits (a card set names one move).
#include "search/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "solver/endgame_solver.h"
#include "search/mcts_priors.h"

namespace ddz {
namespace {

using Clock = std::chrono::steady_clock;

struct Edge {
  Move move;
  float prior = 0;
  int visits = 0;
  int available = 0;
  double value_sum = 0;  // from the view of the node's mover
  int child = -1;
};

struct Node {
  std::vector<Edge> edges;  // sorted by move.cards.bits()
  int visits = 0;
  double value_sum = 0;  // from the view of the node's mover
  int mover = 0;
  bool expanded = false;
  bool exact = false;  // value known for every world (determined observation)
  float exact_landlord_value = 0;
};

int find_edge(const std::vector<Edge>& edges, uint64_t bits) {
  auto it = std::lower_bound(edges.begin(), edges.end(), bits,
                             [](const Edge& e, uint64_t b) { return e.move.cards.bits() < b; });
  if (it == edges.end() || it->move.cards.bits() != bits) return -1;
  return int(it - edges.begin());
}

void sort_edges(std::vector<Edge>& edges) {
  std::sort(edges.begin(), edges.end(),
            [](const Edge& a, const Edge& b) { return a.move.cards.bits() < b.move.cards.bits(); });
}

// Value for `seat`'s team given a value for the landlord's side.
float for_seat(float landlord_value, int seat, int landlord) {
  return seat == landlord ? landlord_value : -landlord_value;
}

struct TreeStats {
  int simulations = 0;
  int solver_calls = 0;
  int solver_overflows = 0;
};

class Tree {
 public:
  Tree(const MctsOptions& opt, const Observation& obs, const WorldSampler& sampler, Evaluator& eval,
       EndgameSolver* solver, uint64_t seed)
      : opt_(opt),
        obs_(obs),
        sampler_(sampler),
        eval_(eval),
        prior_source_(dynamic_cast<PriorSource*>(&eval)),
        solver_(solver),
        rng_(seed),
        determined_(world_is_determined(obs)) {
    nodes_.reserve(1024);
    nodes_.emplace_back();
  }

  void simulate() {
    GameState w = sampler_.sample(obs_, rng_);
    path_.clear();
    int node = 0;
    float landlord_value = 0;
    const int landlord = w.landlord();
    for (int depth = 0;; ++depth) {
      if (w.phase() == Phase::Over) {
        landlord_value = w.landlord_won() ? 1.0f : -1.0f;
        break;
      }
      if (nodes_[size_t(node)].exact) {
        landlord_value = nodes_[size_t(node)].exact_landlord_value;
        break;
      }
      if (depth > 0 && solver_ && opt_.solver_cards > 0 && w.cards_in_hands() <= opt_.solver_cards) {
        const std::optional<bool> win = solver_->side_to_move_wins(w);
        if (win) {
          ++stats_.solver_calls;
          landlord_value = for_seat(*win ? 1.0f : -1.0f, w.to_move(), landlord);
          if (determined_) {
            nodes_[size_t(node)].exact = true;
            nodes_[size_t(node)].exact_landlord_value = landlord_value;
          }
          break;
        }
        ++stats_.solver_overflows;
      }
      w.legal(moves_);
      Node& n = nodes_[size_t(node)];
      n.mover = w.to_move();
      if (!n.expanded) {
        const float v = eval_.evaluate(w, moves_, priors_);
        n.edges.resize(moves_.size());
        for (size_t i = 0; i < moves_.size(); ++i) {
          n.edges[i].move = moves_[i];
          n.edges[i].prior = priors_[i];
        }
        sort_edges(n.edges);
        n.expanded = true;
        landlord_value = for_seat(v, w.to_move(), landlord);
        break;
      }
      const int e = select(n, w);
      path_.push_back({node, e});
      w.apply_trusted(n.edges[size_t(e)].move);
      int child = n.edges[size_t(e)].child;
      if (child < 0) {
        child = int(nodes_.size());
        n.edges[size_t(e)].child = child;
        nodes_.emplace_back();  // invalidates n
      }
      node = child;
    }
    // The leaf node's own statistics feed first-play urgency of its edges.
    Node& leaf = nodes_[size_t(node)];
    leaf.visits += 1;
    leaf.value_sum += for_seat(landlord_value, leaf.expanded ? leaf.mover : obs_.seat, landlord);
    for (const auto& [nid, eid] : path_) {
      Node& n = nodes_[size_t(nid)];
      const float v = for_seat(landlord_value, n.mover, landlord);
      n.visits += 1;
      n.value_sum += v;
      Edge& edge = n.edges[size_t(eid)];
      edge.visits += 1;
      edge.value_sum += v;
    }
    ++stats_.simulations;
  }

  const Node& root() const { return nodes_[0]; }
  const TreeStats& stats() const { return stats_; }
  int size() const { return int(nodes_.size()); }

 private:
  // Adds moves this world offers that the node has not seen, counts availability, and returns
  // the PUCT choice among the moves legal in this world.
  int select(Node& n, const GameState& w) {
    bool missing = false;
    for (const Move& m : moves_)
      if (find_edge(n.edges, m.cards.bits()) < 0) {
        missing = true;
        break;
      }
    if (missing) {
      if (prior_source_) prior_source_->priors(w, moves_, priors_);
      else priors_.assign(moves_.size(), 1.0f / float(moves_.size()));
      for (size_t i = 0; i < moves_.size(); ++i)
        if (find_edge(n.edges, moves_[i].cards.bits()) < 0) {
          Edge e;
          e.move = moves_[i];
          e.prior = priors_[i];
          n.edges.push_back(e);
        }
      sort_edges(n.edges);
    }
    const double fpu = (n.visits > 0 ? n.value_sum / n.visits : 0.0) - opt_.fpu_reduction;
    int best = -1;
    double best_score = -1e300;
    for (const Move& m : moves_) {
      const int i = find_edge(n.edges, m.cards.bits());
      Edge& e = n.edges[size_t(i)];
      e.available += 1;
      const double q = e.visits > 0 ? e.value_sum / e.visits : fpu;
      const double u = opt_.c_puct * e.prior * std::sqrt(double(e.available)) / (1.0 + e.visits);
      if (q + u > best_score) {
        best_score = q + u;
        best = i;
      }
    }
    return best;
  }

  const MctsOptions& opt_;
  const Observation& obs_;
  const WorldSampler& sampler_;
  Evaluator& eval_;
  PriorSource* prior_source_;
  EndgameSolver* solver_;
  Rng rng_;
  bool determined_;
  std::vector<Node> nodes_;
  std::vector<std::pair<int, int>> path_;
  std::vector<Move> moves_;
  std::vector<float> priors_;
  TreeStats stats_;
};

}  // namespace

Mcts::Mcts(const MctsOptions& options, EvaluatorFactory factory, std::shared_ptr<const WorldSampler> sampler)
    : options_(options), factory_(std::move(factory)), sampler_(std::move(sampler)) {
  if (options_.simulations < 0) throw std::invalid_argument("mcts: simulations must be >= 0");
  if (options_.simulations == 0 && options_.time_ms <= 0)
    throw std::invalid_argument("mcts: give a simulation count or a time budget");
  if (options_.threads < 1 || options_.threads > 64) throw std::invalid_argument("mcts: threads must be 1..64");
  if (options_.c_puct < 0) throw std::invalid_argument("mcts: c_puct must be >= 0");
  if (options_.solver_cards < 0) throw std::invalid_argument("mcts: solver_cards must be >= 0");
  if (options_.solver_table_mb < 0) throw std::invalid_argument("mcts: solver_table_mb must be >= 0");
  if (!factory_) throw std::invalid_argument("mcts: no evaluator factory");
  if (!sampler_) sampler_ = std::make_shared<UniformWorldSampler>();
  if (options_.solver_cards > 0)
    for (int t = 0; t < options_.threads; ++t)
      solvers_.push_back(
          std::make_unique<EndgameSolver>(SolverOptions{size_t(options_.solver_table_mb), options_.solver_nodes}));
}

Mcts::~Mcts() = default;

SearchResult Mcts::search(const Observation& obs, uint64_t seed) {
  const auto start = Clock::now();
  SearchResult result;
  std::vector<Move> legal;
  obs.legal(legal);
  if (legal.empty()) throw std::invalid_argument("mcts: the observation has no legal move (not the play phase?)");
  for (const Move& m : legal) result.moves.push_back(RootMoveStats{m, 0, 0, 0, 0});
  if (legal.size() == 1) {
    result.best = legal[0];
    result.moves[0].prior = 1;
    return result;
  }
  hidden_cards(obs);  // throws on an inconsistent observation before any thread starts

  const int threads = options_.threads;
  const bool timed = options_.time_ms > 0;
  const auto deadline = start + std::chrono::microseconds(int64_t(options_.time_ms * 1000.0));
  std::vector<std::unique_ptr<Tree>> trees(static_cast<size_t>(threads));
  std::vector<std::unique_ptr<Evaluator>> evals(static_cast<size_t>(threads));
  auto run = [&](int t) {
    evals[size_t(t)] = factory_(Rng::mix(seed, uint64_t(2 * t + 1)));
    EndgameSolver* solver = solvers_.empty() ? nullptr : solvers_[size_t(t)].get();
    trees[size_t(t)] = std::make_unique<Tree>(options_, obs, *sampler_, *evals[size_t(t)], solver,
                                              Rng::mix(seed, uint64_t(2 * t + 2)));
    Tree& tree = *trees[size_t(t)];
    const int budget =
        options_.simulations > 0 ? options_.simulations / threads + (t < options_.simulations % threads ? 1 : 0) : -1;
    for (int i = 0; budget < 0 || i < budget; ++i) {
      if (timed && i > 0 && Clock::now() >= deadline) break;
      tree.simulate();
    }
  };
  if (threads == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    std::exception_ptr error;
    std::mutex error_mutex;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        try {
          run(t);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (!error) error = std::current_exception();
        }
      });
    for (auto& th : pool) th.join();
    if (error) std::rethrow_exception(error);
  }

  std::vector<double> value_sums(legal.size(), 0.0);
  for (const auto& tree : trees) {
    result.simulations += tree->stats().simulations;
    result.solver_calls += tree->stats().solver_calls;
    result.solver_overflows += tree->stats().solver_overflows;
    result.tree_nodes += tree->size();
    const Node& root = tree->root();
    for (size_t i = 0; i < legal.size(); ++i) {
      const int e = find_edge(root.edges, legal[i].cards.bits());
      if (e < 0) continue;
      const Edge& edge = root.edges[size_t(e)];
      result.moves[i].prior += edge.prior / float(threads);
      result.moves[i].visits += edge.visits;
      result.moves[i].available += edge.available;
      value_sums[i] += edge.value_sum;
    }
  }
  size_t best = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    RootMoveStats& m = result.moves[i];
    m.value = m.visits > 0 ? value_sums[i] / m.visits : 0.0;
    const RootMoveStats& b = result.moves[best];
    if (m.visits > b.visits || (m.visits == b.visits && m.value > b.value)) best = i;
  }
  result.best = legal[best];
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return result;
}

std::string format_search(const SearchResult& result, const Observation& obs) {
  std::vector<size_t> order(result.moves.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return result.moves[a].visits > result.moves[b].visits; });
  std::ostringstream out;
  out << "seat " << obs.seat << " (" << role_name(obs.role()) << "), " << result.simulations << " simulations, "
      << result.tree_nodes << " nodes, " << result.solver_calls << " exact solves";
  if (result.solver_overflows > 0) out << " (" << result.solver_overflows << " over the node cap)";
  out << ", " << std::fixed << std::setprecision(3) << result.seconds << " s\n";
  out << "  move            visits   value   prior\n";
  for (size_t i : order) {
    const RootMoveStats& m = result.moves[i];
    std::string name = to_string(m.move);
    if (m.move == result.best) name += " *";
    out << "  " << std::left << std::setw(15) << name << std::right << std::setw(7) << m.visits << "  " << std::showpos
        << std::setw(6) << std::setprecision(3) << m.value << std::noshowpos << "  " << std::setw(6) << m.prior << "\n";
  }
  out << "chosen: " << to_string(result.best) << "\n";
  return out.str();
}

}  // namespace ddz
