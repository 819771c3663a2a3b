// A person's game in the browser (web/game_session.h): agent turns, validated bids and moves,
// hints and explanations with the agents' search and the exact solver, undo, and the JSON view.
#include "web/game_session.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "agent/factory.h"
#include "arena/game_record.h"
#include "serve/search_report.h"
#include "game/catalogue.h"
#include "game/movegen.h"
#include "game/observation.h"
#include "game/rng.h"
#include "solver/endgame_solver.h"

namespace ddz::web {

namespace {

using nlohmann::json;

Rules rules_of(const GameOptions& o) {
  Rules rules;
  rules.bidding = o.bidding;
  if (!o.bidding) {
    const int role = o.role >= 0 ? o.role : int(Rng(Rng::mix(o.seed, 77)).below(3));
    rules.fixed_landlord = (kNumSeats - role) % kNumSeats;  // so that the person's seat has `role`
  }
  return rules;
}

json move_json(const PlayRecord& p) {
  return {{"seat", p.seat}, {"cards", to_string(p.move)}, {"type", type_name(p.move.type)}};
}

// Moves an explanation keeps (the most visited, then the likeliest): the page shows 12, and a
// game keeps one explanation per agent play.
constexpr size_t kExplainedMoves = 12;

// The search of `agent`'s last play at `obs`, as the hint shows it, cut to the moves with most
// visits (then prior), with `moves_total`; null for an agent that does not search.
json search_of(const Agent& agent, const Observation& obs, const std::string& spec, size_t keep) {
  const SearchResult* search = last_search_of(agent);
  if (!search) return json();
  json j = search_to_json(agent, obs, *search, spec);
  json& moves = j["moves"];
  j["moves_total"] = moves.size();
  std::stable_sort(moves.begin(), moves.end(), [](const json& a, const json& b) {
    if (a["visits"] != b["visits"]) return a["visits"].get<int>() > b["visits"].get<int>();
    return a["prior"].get<double>() > b["prior"].get<double>();
  });
  if (moves.size() > keep) moves.erase(moves.begin() + long(keep), moves.end());
  return j;
}

// The rule of an agent without a search, in one sentence.
std::string rule_without_search(const std::string& spec) {
  return "The " + spec.substr(0, spec.find(':')) +
         " agent does not search: it plays by its own rules or policy, so there are no candidates to show.";
}

// The play-phase position just before play `i` of `s`'s history: each seat's hand then, the seat
// to move and the combination it had to beat (the exact solver needs no more).
GameState position_before(const GameState& s, size_t i) {
  const std::vector<PlayRecord>& h = s.history();
  std::array<Hand, kNumSeats> hands = s.hands();
  for (size_t j = i; j < h.size(); ++j) hands[size_t(h[j].seat)] += h[j].move.cards;
  Move to_beat = Move::pass();
  int to_beat_seat = kNoSeat;
  int passes = 0;
  for (size_t j = 0; j < i; ++j) {
    if (!h[j].move.is_pass()) {
      to_beat = h[j].move;
      to_beat_seat = h[j].seat;
      passes = 0;
    } else if (++passes == 2) {  // the trick is over: its last player leads
      to_beat = Move::pass();
      to_beat_seat = kNoSeat;
      passes = 0;
    }
  }
  return GameState::from_position(hands, s.landlord(), h[i].seat, to_beat, to_beat_seat, s.rules());
}

// Index of the first play of the current trick (history.size() when the trick is still to be led).
size_t trick_start(const std::vector<PlayRecord>& history) {
  size_t start = 0;
  int passes = 0;
  for (size_t i = 0; i < history.size(); ++i) {
    if (history[i].move.is_pass()) {
      ++passes;
      continue;
    }
    if (passes >= 2) start = i;
    passes = 0;
  }
  return passes >= 2 ? history.size() : start;
}

// The exact verdict on the real deal (all hands known), within a node budget so that a hint
// never occupies the server for long.
json solver_verdict(const GameState& state) {
  SolverOptions options;
  options.table_mb = 16;
  options.max_nodes = 3000000;
  EndgameSolver solver(options);
  const SolveResult r = solver.solve(state, true);
  json j;
  j["complete"] = r.complete;
  j["nodes"] = r.stats.nodes;
  j["seconds"] = r.stats.seconds;
  if (!r.complete) return j;
  j["win"] = r.win;
  json wins = json::array();
  for (const Move& m : r.winning_moves) wins.push_back(to_string(m));
  j["winning_moves"] = wins;
  json pv = json::array();
  for (const PvStep& step : r.pv) pv.push_back({{"seat", step.seat}, {"cards", to_string(step.move)}});
  j["line"] = pv;
  return j;
}

}  // namespace

GameSession::GameSession(const GameOptions& options) : options_(options), state_(options.seed, rules_of(options)) {
  make_agents();
  if (options_.hint_agent.empty()) options_.hint_agent = options_.opponents;
  // The hint agent is built at the first hint: a shipped-agent instance holds an 8 MiB solver
  // table, and most games never ask. Another spec than the opponents' is checked now.
  if (options_.hint_agent != options_.opponents) make_agent(options_.hint_agent);
  run_agents();
}

void GameSession::make_agents() {
  for (int s = 0; s < kNumSeats; ++s) {
    if (s == kPersonSeat) continue;
    agents_[size_t(s)] = make_agent(options_.opponents);
    agents_[size_t(s)]->new_game(Rng::mix(options_.seed, uint64_t(s + 1)));
    names_[size_t(s)] = agents_[size_t(s)]->spec();
  }
}

void GameSession::note_play(const json& explanation) {
  notes_.push_back(PlayNote{state_.stake(), explanation.is_null()
                                                ? std::string()
                                                : explanation.dump(-1, ' ', false, json::error_handler_t::replace)});
}

void GameSession::run_agents() {
  while (state_.phase() != Phase::Over && state_.to_move() != kPersonSeat) {
    const int seat = state_.to_move();
    const Observation obs = observe(state_, seat);
    Agent& agent = *agents_[size_t(seat)];
    std::string error;
    if (state_.phase() == Phase::Bidding) {
      error = state_.apply_bid(agent.bid(obs));
    } else {
      const int stake = state_.stake();
      error = state_.apply_move(agent.play(obs));
      if (error.empty()) {
        json search = search_of(agent, obs, names_[size_t(seat)], kExplainedMoves);
        const std::string rule =
            search.is_null() ? rule_without_search(names_[size_t(seat)]) : search["rule"].get<std::string>();
        note_play({{"agent", names_[size_t(seat)]}, {"search", std::move(search)}, {"rule", rule}, {"stake", stake}});
      }
    }
    // An agent's illegal answer is a bug in the agent, not the person's doing.
    if (!error.empty())
      throw std::logic_error("agent " + agent.spec() + " at seat " + std::to_string(seat) + ": " + error);
  }
  // A finished game stays until it is deleted or expires, and only its view is asked for: the
  // agents (the shipped agent's solver tables, up to 8 MiB each) go now, their names stay.
  if (state_.phase() == Phase::Over) {
    for (int s = 0; s < kNumSeats; ++s)
      if (agents_[size_t(s)]) agents_[size_t(s)].reset();
    hint_.reset();
  }
}

std::string GameSession::bid(int value) {
  if (state_.phase() != Phase::Bidding) return "the bidding is over";
  if (state_.to_move() != kPersonSeat) return "it is not your turn to bid";
  GameState before = state_;
  const std::string error = state_.apply_bid(value);
  if (!error.empty()) return error;
  before_.push_back(std::move(before));
  run_agents();
  return "";
}

std::string GameSession::play(const std::string& cards) {
  const json verdict = check(cards);
  if (!verdict["legal"].get<bool>()) return verdict["reason"].get<std::string>();
  GameState before = state_;
  const std::string error = state_.apply_move(parse_move(cards));
  if (!error.empty()) return error;
  before_.push_back(std::move(before));
  note_play(json());
  run_agents();
  return "";
}

json GameSession::check(const std::string& cards) const {
  json j{{"legal", false}, {"reason", ""}};
  if (state_.phase() != Phase::Play) {
    j["reason"] = state_.phase() == Phase::Bidding ? "the bidding is not over" : "the game is over";
    return j;
  }
  if (state_.to_move() != kPersonSeat) {
    j["reason"] = "it is not your turn";
    return j;
  }
  Move move;
  try {
    move = parse_move(cards);
  } catch (const NotationError& e) {
    j["reason"] = e.what();
    return j;
  }
  j["move"] = to_string(move);
  j["type"] = type_name(move.type);
  // The engine's own reason, from a copy of the state, so the page says exactly what apply would.
  GameState trial = state_;
  const std::string error = trial.apply_move(move);
  j["legal"] = error.empty();
  j["reason"] = error;
  return j;
}

json GameSession::hint() {
  if (state_.phase() == Phase::Over) return {{"error", "the game is over"}};
  if (state_.to_move() != kPersonSeat) return {{"error", "it is not your turn"}};
  if (!hint_) hint_ = make_agent(options_.hint_agent);
  const Observation obs = observe(state_, kPersonSeat);
  const size_t step = state_.bids().size() + state_.history().size();
  hint_->new_game(Rng::mix(options_.seed, 9000 + step));
  json j{{"agent", options_.hint_agent}};
  if (state_.phase() == Phase::Bidding) {
    j["bid"] = hint_->bid(obs);
    return j;
  }
  const Move move = hint_->play(obs);
  j["move"] = to_string(move);
  j["type"] = type_name(move.type);
  const SearchResult* search = last_search_of(*hint_);
  j["search"] = search ? json(search_to_json(*hint_, obs, *search, options_.hint_agent)) : json();
  j["rule"] = search ? j["search"]["rule"].get<std::string>() : rule_without_search(options_.hint_agent);
  j["stake"] = state_.stake();
  int cards = 0;
  for (int s = 0; s < kNumSeats; ++s) cards += state_.hand(s).size();
  j["solver"] = cards <= options_.solver_cards ? solver_verdict(state_) : json();
  j["solver_cards"] = options_.solver_cards;
  return j;
}

json GameSession::explain(int64_t play) const {
  const std::vector<PlayRecord>& h = state_.history();
  if (h.empty()) return {{"error", "\"play\": there are no plays yet"}};
  if (play < 0 || play >= int64_t(h.size()))
    return {{"error", "\"play\" must be the index of a play, 0.." + std::to_string(h.size() - 1) + ", got " +
                          std::to_string(play)}};
  const PlayRecord& p = h[size_t(play)];
  if (p.seat == kPersonSeat)
    return {
        {"error", "\"play\" " + std::to_string(play) + " is your own move: only the opponents' plays are explained"}};
  json j = json::parse(notes_[size_t(play)].explanation);
  j["play"] = play;
  j["seat"] = p.seat;
  j["cards"] = to_string(p.move);
  j["type"] = type_name(p.move.type);
  const GameState position = position_before(state_, size_t(play));
  if (position.cards_in_hands() <= options_.solver_cards) {
    json verdict = solver_verdict(position);
    if (verdict["complete"].get<bool>()) {
      const auto& wins = verdict["winning_moves"];
      verdict["played_wins"] = std::find(wins.begin(), wins.end(), j["cards"]) != wins.end();
    }
    j["solver"] = verdict;
  } else {
    j["solver"] = json();
  }
  j["solver_cards"] = options_.solver_cards;
  return j;
}

std::string GameSession::undo() {
  if (options_.ranked) return "undo is off in a ranked game";
  if (before_.empty()) return "there is no bid or move of yours to take back";
  state_ = std::move(before_.back());
  before_.pop_back();
  notes_.resize(state_.history().size());
  ++undos_;
  if (!agents_[size_t(kPersonSeat + 1)]) make_agents();  // the game was over: its agents were freed
  return "";
}

json GameSession::view() const {
  const GameState& s = state_;
  const bool bidding = s.phase() == Phase::Bidding;
  json j;
  j["seed"] = options_.seed;
  j["opponents"] = options_.opponents;
  j["hint_agent"] = options_.hint_agent;
  j["bidding"] = options_.bidding;
  j["role"] = options_.role;
  j["ranked"] = options_.ranked;
  j["undos"] = undos_;
  j["can_undo"] = !options_.ranked && !before_.empty();
  j["seat"] = kPersonSeat;
  j["phase"] = phase_name(s.phase());
  j["to_move"] = s.phase() == Phase::Over ? json() : json(s.to_move());
  j["your_turn"] = s.phase() != Phase::Over && s.to_move() == kPersonSeat;
  j["first_bidder"] = s.first_bidder();
  j["redeals"] = s.redeals();
  json bids = json::array();
  for (const BidRecord& b : s.bids()) bids.push_back({{"seat", b.seat}, {"bid", b.bid}});
  j["bids"] = bids;
  j["legal_bids"] = bidding && s.to_move() == kPersonSeat ? json(s.legal_bids()) : json::array();
  j["landlord"] = bidding ? json() : json(s.landlord());
  json roles = json::array();
  for (int seat = 0; seat < kNumSeats; ++seat) roles.push_back(bidding ? json() : json(role_name(s.role_of(seat))));
  j["roles"] = roles;
  j["base"] = s.base_score();
  j["kitty"] = bidding ? "" : to_string(s.kitty());
  j["hand"] = to_string(s.hand(kPersonSeat));
  json left = json::array();
  for (int seat = 0; seat < kNumSeats; ++seat) left.push_back(s.hand(seat).size());
  j["cards_left"] = left;
  json plays = json::array();
  for (size_t i = 0; i < s.history().size(); ++i) {
    json p = move_json(s.history()[i]);
    p["stake"] = notes_[i].stake;
    plays.push_back(std::move(p));
  }
  j["plays"] = plays;
  // Cards the person has not seen: neither in the hand nor played (while bidding, the kitty too).
  Hand unseen = Hand::deck() - s.hand(kPersonSeat);
  for (const PlayRecord& p : s.history()) unseen -= p.move.cards;
  j["unseen"] = to_string(unseen);
  j["trick_start"] = trick_start(s.history());
  j["to_beat"] = to_string(s.to_beat());
  j["to_beat_seat"] = s.to_beat().is_pass() ? json() : json(s.to_beat_seat());
  j["bombs"] = s.bombs_played();
  j["rockets"] = s.rockets_played();
  j["stake"] = s.stake();
  json legal = json::array();
  if (s.phase() == Phase::Play && s.to_move() == kPersonSeat) {
    std::vector<Move> moves;
    s.legal(moves);
    for (const Move& m : moves) legal.push_back(to_string(m));
  }
  j["legal"] = legal;
  if (s.phase() == Phase::Over) {
    const auto scores = s.scores();
    const bool you_won = s.landlord_won() == (kPersonSeat == s.landlord());
    json hands = json::array();
    for (int seat = 0; seat < kNumSeats; ++seat) hands.push_back(to_string(s.hand(seat)));
    j["result"] = {
        {"winner", s.winner()}, {"landlord_won", s.landlord_won()}, {"you_won", you_won}, {"stake", s.stake()},
        {"spring", s.spring()}, {"anti_spring", s.anti_spring()},   {"scores", scores},   {"hands", hands}};
    j["record"] = record_to_json(s, names_, options_.seed);
  }
  return j;
}

}  // namespace ddz::web
