// Load test of `ddz web`: starts the server on a free port of 127.0.0.1 (only there), lets N
// simulated players play whole games through the JSON API for a fixed time, and prints
// requests/s, p50/p99 latency, errors and the server's memory (RSS) before and after. With
// --public the server runs in public mode behind a pretend proxy (this program), each player
// with its own forwarded address, and 429 answers are counted apart from the errors.
// Usage: bench_web_load [--players N] [--seconds S] [--agent SPEC] [--ddz PATH] [--public 1]
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "game/rng.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Options {
  int players = 8;
  double seconds = 10;
  std::string agent = "heuristic";
  std::string ddz = std::string(DDZ_BINARY_DIR) + "/ddz";
  bool public_mode = false;
};

struct Server {
  pid_t pid = -1;
  int port = 0;
};

// Starts `ddz web --port 0` and reads the port from its first line.
Server start_server(const Options& o) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  Server s;
  s.pid = fork();
  if (s.pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    // Public mode: every player's connection holds a server thread (keep-alive), so the pool
    // has one per player; the per-client limits count by the forwarded address;
    // and the server holds a live game per player (at its cap, public mode refuses new games).
    const std::string threads = std::to_string(std::max(64, o.players + 8));
    const std::string games = std::to_string(std::max(100, o.players + 8));
    if (o.public_mode)
      execl(o.ddz.c_str(), o.ddz.c_str(), "web", "--agent", o.agent.c_str(), "--port", "0", "--bind", "127.0.0.1",
            "--public", "--trust-proxy", "127.0.0.1", "--threads", threads.c_str(), "--max-games", games.c_str(),
            static_cast<char*>(nullptr));
    else
      execl(o.ddz.c_str(), o.ddz.c_str(), "web", "--agent", o.agent.c_str(), "--port", "0", "--bind", "127.0.0.1",
            static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  std::string line;
  char c;
  while (read(fds[0], &c, 1) == 1 && c != '\n') line += c;
  close(fds[0]);
  const auto colon = line.find("127.0.0.1:");
  if (colon == std::string::npos) throw std::runtime_error("ddz web did not start (" + o.ddz + "): " + line);
  s.port = std::atoi(line.c_str() + colon + 10);
  return s;
}

// Resident and peak memory of a process in KiB (/proc/PID/status).
std::pair<long, long> memory_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  long rss = -1, peak = -1;
  while (in >> key) {
    if (key == "VmRSS:") in >> rss;
    else if (key == "VmHWM:") in >> peak;
    else in.ignore(1 << 12, '\n');
  }
  return {rss, peak};
}

struct PlayerStats {
  std::vector<double> latencies_ms;
  long errors = 0;
  long limited = 0;  // 429 answers (public mode's per-client limits)
  long games = 0;
  std::string first_error;
};

// One simulated player: new game, seeded random legal bids and moves to the end, again.
void player(int index, int port, bool public_mode, Clock::time_point end, PlayerStats& stats) {
  httplib::Client client("127.0.0.1", port);
  client.set_keep_alive(true);
  if (public_mode)
    client.set_default_headers(
        {{"X-Forwarded-For", "10.0." + std::to_string(index / 250) + "." + std::to_string(index % 250 + 1)}});
  client.set_tcp_nodelay(true);
  client.set_read_timeout(60);
  ddz::Rng rng(uint64_t(index) + 1);
  std::function<bool(const std::string&, const json&, json*)> request = [&](const std::string& path, const json& body,
                                                                            json* out) -> bool {
    const auto t0 = Clock::now();
    auto r = client.Post(path.c_str(), body.dump(), "application/json");
    stats.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    if (r && r->status == 429) {
      // Told to slow down: wait as asked, then the same request again.
      ++stats.limited;
      std::this_thread::sleep_for(
          std::chrono::seconds(std::max(1, std::atoi(r->get_header_value("Retry-After").c_str()))));
      return request(path, body, out);
    }
    if (!r || r->status / 100 != 2) {
      ++stats.errors;
      if (stats.first_error.empty())
        stats.first_error =
            path + ": " + (r ? std::to_string(r->status) + " " + r->body : httplib::to_string(r.error()));
      return false;
    }
    *out = json::parse(r->body);
    return true;
  };
  while (Clock::now() < end) {
    json view;
    if (!request("/api/games", json{{"seed", rng.next() % 1000000}}, &view)) continue;
    const std::string game = "/api/games/" + view["id"].get<std::string>();
    while (view["phase"] != "over" && Clock::now() < end) {
      bool ok;
      if (view["phase"] == "bidding") {
        const auto& bids = view["legal_bids"];
        ok = request(game + "/bid", json{{"bid", bids[rng.below(uint32_t(bids.size()))]}}, &view);
      } else {
        const auto& legal = view["legal"];
        ok = request(game + "/play", json{{"cards", legal[rng.below(uint32_t(legal.size()))]}}, &view);
      }
      if (!ok) break;
    }
    if (view["phase"] == "over") ++stats.games;
    // Done with the game, as a player closing its tab would be; without it the games of a fast
    // load fill the server's cap and the oldest are evicted (that path is tested in test_web).
    for (;;) {
      const auto t0 = Clock::now();
      auto r = client.Delete(game.c_str());
      stats.latencies_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      if (r && r->status == 429) {
        ++stats.limited;
        std::this_thread::sleep_for(
            std::chrono::seconds(std::max(1, std::atoi(r->get_header_value("Retry-After").c_str()))));
        continue;
      }
      if (!r || r->status != 200) ++stats.errors;
      break;
    }
  }
}

double quantile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  const size_t k = std::min(v.size() - 1, size_t(q * double(v.size())));
  std::nth_element(v.begin(), v.begin() + long(k), v.end());
  return v[k];
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--players") o.players = std::max(1, std::atoi(argv[i + 1]));
    else if (flag == "--seconds") o.seconds = std::max(0.1, std::atof(argv[i + 1]));
    else if (flag == "--agent") o.agent = argv[i + 1];
    else if (flag == "--ddz") o.ddz = argv[i + 1];
    else if (flag == "--public") o.public_mode = std::atoi(argv[i + 1]) != 0;
    else {
      std::fprintf(stderr, "unknown flag %s (--players N --seconds S --agent SPEC --ddz PATH --public 0|1)\n",
                   flag.c_str());
      return 2;
    }
  }
  if (argc % 2 == 0) {
    std::fprintf(stderr, "every flag takes a value (--players N --seconds S --agent SPEC --ddz PATH)\n");
    return 2;
  }
  Server server;
  try {
    server = start_server(o);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_web_load: %s\n", e.what());
    return 1;
  }
  const auto before = memory_kib(server.pid);
  std::vector<PlayerStats> stats(size_t(o.players));
  const auto start = Clock::now();
  const auto end = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  std::vector<std::thread> threads;
  for (int p = 0; p < o.players; ++p)
    threads.emplace_back(player, p, server.port, o.public_mode, end, std::ref(stats[size_t(p)]));
  for (auto& t : threads) t.join();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const auto after = memory_kib(server.pid);
  kill(server.pid, SIGTERM);
  int status = 0;
  waitpid(server.pid, &status, 0);

  std::vector<double> all;
  long errors = 0, games = 0, limited = 0;
  std::string first_error;
  for (auto& s : stats) {
    all.insert(all.end(), s.latencies_ms.begin(), s.latencies_ms.end());
    errors += s.errors;
    limited += s.limited;
    games += s.games;
    if (first_error.empty()) first_error = s.first_error;
  }
  const size_t requests = all.size();
  std::printf("ddz web load: %d players, %.1f s, agent %s, server on 127.0.0.1:%d%s\n", o.players, elapsed,
              o.agent.c_str(), server.port, o.public_mode ? " (public mode)" : "");
  std::printf("requests      %zu (%.0f/s), games finished %ld\n", requests, double(requests) / elapsed, games);
  std::printf("latency ms    p50 %.2f  p99 %.2f  max %.2f\n", quantile(all, 0.5), quantile(all, 0.99),
              all.empty() ? 0.0 : *std::max_element(all.begin(), all.end()));
  std::printf("errors        %ld%s%s\n", errors, first_error.empty() ? "" : "  first: ", first_error.c_str());
  std::printf("429 answers   %ld (the per-client limits; each retried after its Retry-After)\n", limited);
  std::printf("server RSS    before %.1f MiB, after %.1f MiB (peak %.1f MiB)\n", double(before.first) / 1024,
              double(after.first) / 1024, double(after.second) / 1024);
  std::printf("server exit   %s\n", WIFEXITED(status) && WEXITSTATUS(status) == 0 ? "clean (SIGTERM)" : "NOT clean");
  return errors == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
