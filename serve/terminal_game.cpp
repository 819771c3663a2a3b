// The terminal game loop of `ddz play`: deals, runs the opponents' turns, prompts the person for
// bids and moves, explains illegal input and asks again, and reports the result.
#include "serve/terminal_game.h"

#include <algorithm>
#include <array>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "agent/factory.h"
#include "game/catalogue.h"
#include "game/observation.h"
#include "game/rng.h"

namespace ddz {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

class Game {
 public:
  Game(const TerminalGameOptions& opt, std::istream& in, std::ostream& out) : opt_(opt), in_(in), out_(out) {
    Rules rules;
    rules.bidding = opt.bidding;
    if (opt.bidding) {
      me_ = 0;
    } else {
      const int role = opt.role >= 0 ? opt.role : int(Rng(Rng::mix(opt.seed, 77)).below(3));
      rules.fixed_landlord = (kNumSeats - role) % kNumSeats;  // so that seat 0 has `role`
      me_ = 0;
    }
    state_ = std::make_unique<GameState>(opt.seed, rules);
    for (int s = 0; s < kNumSeats; ++s) {
      if (s == me_) continue;
      agents_[size_t(s)] = make_agent(opt.opponents);
      agents_[size_t(s)]->new_game(Rng::mix(opt.seed, uint64_t(s + 1)));
    }
    hint_ = make_agent(opt.hint_agent);
  }

  int run() {
    out_ << "ddz play: seed " << opt_.seed << " (replay with --seed " << opt_.seed << "), opponents " << opt_.opponents
         << ". Enter moves like 33 or 34567, `pass`, `hint`, `help`, `quit`.\n";
    if (state_->phase() == Phase::Play) announce_roles();
    while (state_->phase() != Phase::Over) {
      const bool ok = state_->phase() == Phase::Bidding ? bid_turn() : play_turn();
      if (!ok) {
        out_ << "\nInput ended: game abandoned.\n" << std::flush;
        return 0;
      }
    }
    report();
    return 0;
  }

 private:
  std::string paint(const std::string& text, const char* code) const {
    return opt_.color ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
  }

  std::string who(int seat) const {
    std::string name = seat == me_ ? "you" : "seat " + std::to_string(seat);
    if (state_->phase() != Phase::Bidding) name += std::string(" (") + role_name(state_->role_of(seat)) + ")";
    return paint(
        name, seat == me_ ? "1;36" : (state_->phase() != Phase::Bidding && seat == state_->landlord() ? "31" : "33"));
  }

  // The hand grouped by rank ("33 4 555 X D"), low to high.
  static std::string grouped(Hand hand) {
    std::string out;
    for (int r = 0; r < kNumRanks; ++r)
      if (hand.count(r) > 0) out += (out.empty() ? "" : " ") + std::string(size_t(hand.count(r)), rank_char(r));
    return out.empty() ? "(none)" : out;
  }

  static std::string describe(const Move& m) {
    return m.is_pass() ? "pass" : to_string(m) + " (" + type_name(m.type) + ")";
  }

  void announce_roles() {
    out_ << "Landlord: " << who(state_->landlord()) << ", base " << state_->base_score() << ", kitty "
         << to_string(state_->kitty()) << ". You are " << role_name(state_->role_of(me_)) << ".\n";
  }

  // Reads one non-blank line; false at end of input.
  bool read_line(std::string* line) {
    while (true) {
      out_ << std::flush;
      std::string raw;
      if (!std::getline(in_, raw)) return false;
      *line = trim(raw);
      if (!line->empty()) return true;
    }
  }

  bool bid_turn() {
    const int seat = state_->to_move();
    const int redeals = state_->redeals();
    const Observation obs = observe(*state_, seat);
    int bid = 0;
    if (seat != me_) {
      bid = agents_[size_t(seat)]->bid(obs);
    } else {
      out_ << "Your hand: " << paint(grouped(state_->hand(me_)), "1") << "\n";
      const auto legal = obs.legal_bids();
      std::string choices;
      for (int b : legal) choices += (choices.empty() ? "" : ", ") + std::to_string(b);
      while (true) {
        out_ << "Your bid (" << choices << "; 0 = pass)> ";
        std::string line;
        if (!read_line(&line)) return false;
        const std::string cmd = lower(line);
        if (cmd == "quit" || cmd == "exit") return false;
        if (cmd == "hint") {
          hint_->new_game(Rng::mix(opt_.seed, 5000 + state_->bids().size()));
          out_ << "Hint: bid " << hint_->bid(obs) << "\n";
          continue;
        }
        if (cmd == "pass" || cmd == "-") line = "0";
        if (line.size() == 1 && line[0] >= '0' && line[0] <= '3' &&
            std::find(legal.begin(), legal.end(), line[0] - '0') != legal.end()) {
          bid = line[0] - '0';
          break;
        }
        out_ << "\"" << line << "\" is not a bid you can make now; choose one of " << choices << ".\n";
      }
    }
    const std::string error = state_->apply_bid(bid);
    if (!error.empty()) throw std::logic_error("seat " + std::to_string(seat) + " made an illegal bid: " + error);
    out_ << who(seat) << (bid == 0 ? " passes" : " bids " + std::to_string(bid)) << ".\n";
    if (state_->redeals() != redeals) out_ << "Everyone passed: the cards are dealt again.\n";
    if (state_->phase() == Phase::Play) announce_roles();
    return true;
  }

  void show_position() {
    out_ << "\nCards left:";
    for (int s = 0; s < kNumSeats; ++s) out_ << "  " << who(s) << " " << state_->hand(s).size();
    out_ << "\n";
    const auto& h = state_->history();
    if (!h.empty()) {
      out_ << "Last plays:";
      for (size_t i = h.size() >= 3 ? h.size() - 3 : 0; i < h.size(); ++i)
        out_ << "  " << who(h[i].seat) << " " << describe(h[i].move);
      out_ << "\n";
    }
    if (state_->to_beat().is_pass()) out_ << "You lead: play any combination.\n";
    else out_ << "To beat: " << describe(state_->to_beat()) << " from " << who(state_->to_beat_seat()) << ".\n";
    out_ << "Your hand: " << paint(grouped(state_->hand(me_)), "1") << "\n";
  }

  bool play_turn() {
    const int seat = state_->to_move();
    const Observation obs = observe(*state_, seat);
    Move move;
    if (seat != me_) {
      move = agents_[size_t(seat)]->play(obs);
      const std::string error = state_->apply_move(move);
      if (!error.empty())
        throw std::logic_error("agent at seat " + std::to_string(seat) + " made an illegal move: " + error);
    } else {
      show_position();
      while (true) {
        out_ << "Your move> ";
        std::string line;
        if (!read_line(&line)) return false;
        const std::string cmd = lower(line);
        if (cmd == "quit" || cmd == "exit") return false;
        if (cmd == "help") {
          out_ << "Type cards in notation (3..9 T J Q K A 2 X D, e.g. 33 or 3334 or TJQKA), `pass`, `hint` for a "
                  "suggestion, `quit` to leave.\n";
          continue;
        }
        if (cmd == "hint") {
          hint_->new_game(Rng::mix(opt_.seed, 9000 + state_->history().size()));
          out_ << "Hint: " << describe(hint_->play(obs)) << "\n";
          continue;
        }
        try {
          move = parse_move(line);
        } catch (const NotationError& e) {
          out_ << "Not a move: " << e.what() << "\n";
          continue;
        }
        const std::string error = state_->apply_move(move);
        if (error.empty()) break;
        out_ << "Illegal: " << error << "\n";
      }
    }
    out_ << who(seat) << (move.is_pass() ? " passes" : " plays " + describe(move)) << ".\n";
    return true;
  }

  void report() {
    const int winner = state_->winner();
    const bool i_won = state_->role_of(winner) == Role::Landlord ? winner == me_ : me_ != state_->landlord();
    out_ << "\nGame over: " << who(winner) << " played out. "
         << paint(i_won ? "You win!" : "You lose.", i_won ? "1;32" : "1;31") << "\n";
    out_ << "Stake " << state_->stake() << " (base " << state_->base_score() << ", bombs " << state_->bombs_played()
         << ", rockets " << state_->rockets_played() << (state_->spring() ? ", spring" : "")
         << (state_->anti_spring() ? ", anti-spring" : "") << "). Scores:";
    const auto scores = state_->scores();
    for (int s = 0; s < kNumSeats; ++s)
      out_ << "  " << who(s) << " " << (scores[size_t(s)] > 0 ? "+" : "") << scores[size_t(s)];
    out_ << "\n" << std::flush;
  }

  const TerminalGameOptions& opt_;
  std::istream& in_;
  std::ostream& out_;
  int me_ = 0;
  std::unique_ptr<GameState> state_;
  std::array<std::unique_ptr<Agent>, kNumSeats> agents_;
  std::unique_ptr<Agent> hint_;
};

}  // namespace

int play_terminal_game(const TerminalGameOptions& options, std::istream& in, std::ostream& out) {
  Game game(options, in, out);
  return game.run();
}

}  // namespace ddz
