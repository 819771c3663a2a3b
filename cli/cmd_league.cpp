// `ddz league`: plays the deals a league file still lacks between entrants (round robin or
// adaptive), then prints the standings of the whole file and writes them as JSON, CSV and SVG.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "agent/agent_spec.h"
#include "arena/league.h"
#include "arena/league_report.h"
#include "arena/progress.h"
#include "cli/command_registry.h"
#include "models/weights.h"
#include "selfplay/files.h"

extern char** environ;

namespace ddz::cli {
namespace {

struct LeagueOptions {
  std::string league;
  std::vector<std::string> entrant;
  std::string entrants_file;
  int64_t deals = 1000;
  uint64_t seed = 1;
  int threads = 1;
  std::string schedule = "round-robin";
  std::string anchor;
  double anchor_rating = 1000;
  int bootstrap = 1000;
  bool bidding = false;
  bool no_spring = false;
  bool no_bomb_double = false;
  std::string out;
  std::string run;
};

LeagueEntrant parse_entrant_flag(const std::string& text) {
  const size_t eq = text.find('=');
  const size_t colon = text.find(':');
  if (eq == std::string::npos || eq == 0 || (colon != std::string::npos && colon < eq))
    throw UsageError("--entrant '" + text + "': expected NAME=SPEC, e.g. --entrant mcts200=mcts:sims=200");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

// A YAML file of entrants: a list of {name: N, spec: S} maps, or one map of name: spec.
std::vector<LeagueEntrant> read_entrants_file(const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::Exception& e) { throw UsageError(path + ": " + e.what()); }
  std::vector<LeagueEntrant> out;
  auto scalar = [&path](const YAML::Node& n, const std::string& what) {
    if (!n || !n.IsScalar())
      throw UsageError(path + ":" + std::to_string(n.Mark().line + 1) + ": " + what + " is not a string");
    return n.as<std::string>();
  };
  if (root.IsSequence()) {
    for (const auto& item : root) {
      if (!item.IsMap() || item.size() != 2 || !item["name"] || !item["spec"])
        throw UsageError(path + ":" + std::to_string(item.Mark().line + 1) +
                         ": each entrant is a map with exactly the keys name and spec");
      out.push_back({scalar(item["name"], "name"), scalar(item["spec"], "spec")});
    }
  } else if (root.IsMap()) {
    for (const auto& kv : root) out.push_back({scalar(kv.first, "a name"), scalar(kv.second, "a spec")});
  } else {
    throw UsageError(path + ": expected a list of {name, spec} maps or a map of name: spec");
  }
  return out;
}

// Progress on stderr: the arena's bar on a terminal, else a line a minute (for logs).
class LeagueProgress {
 public:
  explicit LeagueProgress(bool terminal) : terminal_(terminal) {}
  void update(int64_t done, int64_t total) {
    if (terminal_) {
      if (!bar_ || total != total_) bar_ = std::make_unique<ProgressBar>(total, "deals", true);
      total_ = total;
      bar_->update(done);
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (done == last_done_ || (done < total && now - last_ < std::chrono::seconds(60))) return;
    last_done_ = done;
    last_ = now;
    const double s = std::chrono::duration<double>(now - start_).count();
    const double eta = done > 0 ? s / double(done) * double(total - done) : 0.0;
    std::fprintf(stderr, "league: %lld/%lld deals, %.0f s, ETA %.0f min\n", static_cast<long long>(done),
                 static_cast<long long>(total), s, eta / 60);
  }
  void finish() {
    if (bar_) bar_->finish();
  }

 private:
  bool terminal_;
  std::unique_ptr<ProgressBar> bar_;
  int64_t total_ = -1;
  int64_t last_done_ = -1;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = start_;
};

// This binary's path, to run `ddz export` for a checkpoint.
std::string self_path() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) throw std::runtime_error("cannot find the ddz binary (/proc/self/exe) to export checkpoints");
  return std::string(buf, size_t(n));
}

// Runs `ddz export --run RUN --checkpoint STEP --out FILE` (its report dropped).
void export_checkpoint(const std::string& run, int64_t step, const std::string& file) {
  const std::string exe = self_path(), step_text = std::to_string(step);
  std::vector<std::string> args{exe, "export", "--run", run, "--checkpoint", step_text, "--out", file};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (rc != 0 || ::waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw UsageError(run + ": exporting checkpoint " + step_text + " to " + file + " failed");
}

// --run: every valid checkpoint of a training run as an entrant `RUNNAME-STEP` (net:FILE, the
// checkpoint exported once into RUN/league/), with how far training had got.
std::vector<ProgressPoint> run_entrants(const std::string& run, std::vector<LeagueEntrant>& entrants) {
  namespace sp = ddz::selfplay;
  if (!sp::fs::is_directory(run)) throw UsageError("--run " + run + ": no such run directory");
  std::string base = sp::fs::path(run).lexically_normal().filename().string();
  if (base.empty()) base = sp::fs::path(run).lexically_normal().parent_path().filename().string();
  const sp::fs::path dir = sp::fs::path(run) / "league";
  std::vector<ProgressPoint> points;
  for (const int64_t step : sp::list_checkpoints(run)) {
    sp::CheckpointInfo info;
    try {
      info = sp::read_checkpoint_info(run, step, false);
    } catch (const sp::RunFileError& e) {
      std::cerr << "ddz league: skipped a damaged checkpoint: " << e.what() << "\n";
      continue;
    }
    sp::fs::create_directories(dir);
    const std::string file = (dir / (sp::checkpoint_stem(step) + ".ddz")).string();
    if (!sp::fs::exists(file)) export_checkpoint(run, step, file);
    ProgressPoint p;
    p.name = base + "-" + std::to_string(step);
    p.step = step;
    p.hours = info.meta.value("elapsed_s", 0.0) / 3600.0;
    p.games = info.meta.value("games", int64_t(0));
    entrants.push_back({p.name, "net:" + file});
    points.push_back(p);
  }
  if (points.empty()) throw UsageError("--run " + run + ": no valid checkpoint in " + sp::checkpoint_dir(run).string());
  return points;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<LeagueOptions>();
  sub.add_option("--league", o->league, "The league file (JSON lines, one per finished deal pair; created if missing)")
      ->required();
  sub.add_option("--entrant", o->entrant, "An entrant as NAME=SPEC, e.g. mcts200=mcts:sims=200 (repeatable)");
  sub.add_option("--entrants", o->entrants_file,
                 "A YAML file of entrants: a list of {name: N, spec: S} or a map of name: spec");
  sub.add_option("--deals", o->deals,
                 "Round robin: deals per pair (only missing ones are played). Adaptive: deals x pairs in all")
      ->default_val(1000)
      ->check(CLI::Range(int64_t(1), int64_t(100000000)));
  sub.add_option("--seed", o->seed, "League seed (the deals); a league file keeps the seed it started with")
      ->default_val(1);
  sub.add_option("--threads", o->threads, "Worker threads (results do not depend on it)")
      ->default_val(1)
      ->check(CLI::Range(1, 256));
  sub.add_option("--schedule", o->schedule,
                 "round-robin: every pair to --deals; adaptive: batches of 16 deals to the pair that narrows the "
                 "widest rating interval most")
      ->default_val("round-robin")
      ->check(CLI::IsMember({"round-robin", "adaptive"}));
  sub.add_option("--anchor", o->anchor, "The entrant whose rating is fixed (default: the first entrant)");
  sub.add_option("--anchor-rating", o->anchor_rating, "The anchor's rating")->default_val(1000);
  sub.add_option("--bootstrap", o->bootstrap, "Bootstrap resamples for the 95% intervals")
      ->default_val(1000)
      ->check(CLI::Range(0, 100000));
  sub.add_flag("--bidding", o->bidding, "Bid for the landlord (as ddz arena --bidding)");
  sub.add_flag("--no-spring", o->no_spring, "Do not double the stake for spring and anti-spring");
  sub.add_flag("--no-bomb-double", o->no_bomb_double, "Do not double the stake for bombs and the rocket");
  sub.add_option("--out", o->out,
                 "Write the standings to OUT.json, OUT.csv and OUT.svg (with --run also OUT-run.svg: rating "
                 "against training hours and games)");
  sub.add_option("--run", o->run,
                 "A training run directory: each valid checkpoint joins as entrant RUNNAME-STEP (exported once into "
                 "RUN/league/), and its ratings are shown against training hours and games");
  return [o]() {
    std::vector<LeagueEntrant> entrants;
    if (!o->entrants_file.empty()) entrants = read_entrants_file(o->entrants_file);
    for (const auto& e : o->entrant) entrants.push_back(parse_entrant_flag(e));
    std::vector<ProgressPoint> progress_points;
    if (!o->run.empty()) progress_points = run_entrants(o->run, entrants);
    LeagueRunResult run;
    try {
      if (entrants.empty()) {
        run.lines = read_league_file(o->league).lines;
        if (run.lines.empty()) throw UsageError(o->league + ": no results yet, and no entrants to play");
      } else {
        LeagueConfig config;
        config.path = o->league;
        config.entrants = entrants;
        config.deals = o->deals;
        config.seed = o->seed;
        config.threads = o->threads;
        config.schedule = parse_league_schedule(o->schedule);
        config.anchor = o->anchor;
        config.rules.bidding = o->bidding;
        config.rules.double_on_spring = config.rules.double_on_anti_spring = !o->no_spring;
        config.rules.double_on_bomb = config.rules.double_on_rocket = !o->no_bomb_double;
        LeagueProgress progress(ProgressBar::stderr_is_terminal());
        config.progress = [&progress](int64_t done, int64_t total) { progress.update(done, total); };
        config.notice = [](const std::string& text) { std::cerr << "ddz league: " << text << "\n"; };
        run = run_league(config);
        progress.finish();
      }
      StandingsConfig sc;
      sc.anchor = o->anchor;
      sc.anchor_rating = o->anchor_rating;
      sc.bootstrap = o->bootstrap;
      sc.seed = o->seed;
      const LeagueStandings st = league_standings(run.lines, run.entrants, sc);
      std::cout << league_text(st);
      const std::string progress_title = "Training progress of " + o->run + ": ratings (" + st.anchor + " = " +
                                         std::to_string(int(st.anchor_rating)) + ") with 95% intervals";
      for (auto& p : progress_points)
        for (const auto& e : st.entrants)
          if (e.id.name == p.name) p.rating = e.rating, p.lo = e.lo, p.hi = e.hi;
      if (!progress_points.empty()) std::cout << "\n" << progress_text(progress_title, progress_points);
      if (!o->out.empty()) {
        write_file_atomic(o->out + ".json", league_json(st));
        write_file_atomic(o->out + ".csv", league_csv(st));
        write_file_atomic(o->out + ".svg", league_svg(st));
        if (!progress_points.empty())
          write_file_atomic(o->out + "-run.svg", progress_svg(progress_title, progress_points));
      }
    } catch (const LeagueInputError& e) { throw UsageError(e.what()); } catch (const LeagueFileError& e) {
      throw UsageError(e.what());
    } catch (const RatingFitError& e) { throw UsageError(e.what()); } catch (const AgentSpecError& e) {
      throw UsageError(e.what());
    }
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("league", "Ratings with 95% intervals for a set of agents, from a resumable league file", setup);
}  // namespace ddz::cli
