// The parts of a distributed run in one process: game batches survive the wire exactly and
// corrupt ones are refused, greetings name the first difference, the c10d store listens only on
// the address asked for, and an actor process's loop feeds the learner's hub (and is refused
// with another config).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <future>
#include <sstream>
#include <thread>

#include "models/features.h"
#include "selfplay/actor.h"
#include "selfplay/learner.h"
#include "selfplay/metrics.h"
#include "selfplay/remote_actor.h"
#include "selfplay/progress_line.h"
#include "selfplay/remote_hub.h"
#include "selfplay/remote_keys.h"
#include "selfplay/remote_store.h"
#include "selfplay/remote_wire.h"
#include "selfplay/run_log.h"
#include "selfplay/signals.h"
#include "tests/selfplay/tiny_spec.h"

namespace ddz::selfplay {
namespace {

using testing::fresh_dir;
using testing::tiny_config;
using testing::tiny_spec;

std::vector<GameSamples> some_games(const TrainConfig& cfg, int n) {
  Learner learner(tiny_spec(), cfg, 3);
  const EigenNet net(tiny_spec(), learner.weights());
  std::vector<GameSamples> games;
  for (int g = 0; g < n; ++g) {
    games.push_back(play_selfplay_game(net, cfg, Rng::mix(cfg.seed, uint64_t(g))));
    set_policy_version(games.back(), 100 + g);
  }
  return games;
}

std::vector<float> features(const PlaySample& s) {
  std::vector<float> f(static_cast<size_t>(kStateDim));
  encode_state(s.state, s.state.to_move(), f.data());
  return f;
}

void expect_same_games(const std::vector<GameSamples>& a, const std::vector<GameSamples>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t g = 0; g < a.size(); ++g) {
    EXPECT_EQ(a[g].policy_version, b[g].policy_version);
    EXPECT_EQ(a[g].decisions, b[g].decisions);
    ASSERT_EQ(a[g].plays.size(), b[g].plays.size());
    for (size_t i = 0; i < a[g].plays.size(); ++i) {
      const PlaySample &x = a[g].plays[i], &y = b[g].plays[i];
      EXPECT_EQ(x.state.hands(), y.state.hands());
      EXPECT_EQ(x.state.history().size(), y.state.history().size());
      EXPECT_EQ(x.state.to_move(), y.state.to_move());
      EXPECT_EQ(x.state.landlord(), y.state.landlord());
      EXPECT_EQ(features(x), features(y));
      EXPECT_EQ(x.moves, y.moves);
      EXPECT_EQ(x.policy, y.policy);
      EXPECT_EQ(x.has_policy, y.has_policy);
      EXPECT_EQ(x.win, y.win);
      EXPECT_EQ(x.score, y.score);
      EXPECT_EQ(y.policy_version, a[g].policy_version);
    }
    ASSERT_EQ(a[g].bids.size(), b[g].bids.size());
    for (size_t i = 0; i < a[g].bids.size(); ++i) {
      EXPECT_EQ(a[g].bids[i].hand, b[g].bids[i].hand);
      EXPECT_EQ(a[g].bids[i].seat, b[g].bids[i].seat);
      EXPECT_EQ(a[g].bids[i].bids.size(), b[g].bids[i].bids.size());
      EXPECT_EQ(a[g].bids[i].score, b[g].bids[i].score);
    }
  }
}

TEST(RemoteWire, BatchesRoundTripWithAndWithoutBidding) {
  for (bool bidding : {false, true}) {
    TrainConfig cfg = tiny_config();
    cfg.bidding = bidding;
    const auto games = some_games(cfg, 3);
    const std::string bytes = encode_batch(games);
    expect_same_games(games, decode_batch(bytes, cfg));
  }
}

// A run that bids in only some games (bidding_share) sends fixed-landlord games too: they have no
// bids on record and must come back with the fixed landlord, not as a bidding game cut short.
TEST(RemoteWire, FixedLandlordGamesOfABiddingRunRoundTrip) {
  TrainConfig cfg = tiny_config();
  cfg.bidding = true;
  cfg.bidding_share = 0.5;
  cfg.pg_share = 1.0;
  std::vector<GameSamples> games = some_games(cfg, 12);
  int fixed = 0, bid = 0;
  for (const GameSamples& g : games) {
    ASSERT_FALSE(g.plays.empty());
    (g.plays.front().state.rules().bidding ? bid : fixed) += 1;
  }
  ASSERT_GT(fixed, 0);
  ASSERT_GT(bid, 0);
  const std::vector<GameSamples> back = decode_batch(encode_batch(games), cfg);
  expect_same_games(games, back);
  for (size_t g = 0; g < games.size(); ++g)
    EXPECT_EQ(back[g].plays.front().state.rules().bidding, games[g].plays.front().state.rules().bidding) << g;
}

TEST(RemoteWire, CorruptBatchesAreRefused) {
  const TrainConfig cfg = tiny_config();
  const std::string bytes = encode_batch(some_games(cfg, 1));
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x10;
  EXPECT_THROW(decode_batch(flipped, cfg), WireError);
  EXPECT_THROW(decode_batch(bytes.substr(0, bytes.size() - 3), cfg), WireError);
  EXPECT_THROW(decode_batch("hello", cfg), WireError);
}

TEST(RemoteWire, GreetingNamesTheFirstDifference) {
  const TrainConfig cfg = tiny_config();
  const Hello mine = make_hello(cfg, tiny_spec(), "learner", 1);
  Hello same = decode_hello(encode_hello(make_hello(cfg, tiny_spec(), "a", 4)));
  EXPECT_EQ(same.name, "a");
  EXPECT_EQ(hello_mismatch(mine, same), "");
  TrainConfig other = cfg;
  other.search.sims = 8;
  EXPECT_NE(
      hello_mismatch(mine, make_hello(other, tiny_spec(), "b", 1)).find("'sims: 8' where the learner has 'sims: 4'"),
      std::string::npos);
  other = cfg;
  other.actors = 7;  // a per-process setting
  EXPECT_EQ(hello_mismatch(mine, make_hello(other, tiny_spec(), "c", 7)), "");
  Hello arch = same;
  arch.architecture = "{}";
  EXPECT_NE(hello_mismatch(mine, arch).find("network architecture"), std::string::npos);
  Hello feat = same;
  feat.feature_version = kFeatureVersion + 1;
  EXPECT_NE(hello_mismatch(mine, feat).find("feature version"), std::string::npos);
  EXPECT_THROW(decode_hello("{"), WireError);
}

TEST(RemoteStore, EndpointsParseAndBadOnesAreNamed) {
  EXPECT_EQ(parse_endpoint("10.0.0.2:29500", "--join").text(), "10.0.0.2:29500");
  EXPECT_EQ(parse_endpoint(":123", "--listen").text(), "127.0.0.1:123");
  EXPECT_EQ(parse_endpoint("0", "--listen").text(), "127.0.0.1:0");
  for (const char* bad : {"host:", "host:x", "host:70000", "::1:5", ""}) {
    try {
      parse_endpoint(bad, "--join");
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("--join"), std::string::npos) << e.what();
    }
  }
}

// The local address of the socket listening on `port`, from /proc/net/tcp and tcp6 (hex as the
// kernel writes it: 0100007F is 127.0.0.1, 0000000000000000FFFF00000100007F is ::ffff:127.0.0.1).
std::string listening_address(uint16_t port) {
  char want[8];
  std::snprintf(want, sizeof want, ":%04X", port);
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream f(line);
      std::string slot, local, remote, state;
      f >> slot >> local >> remote >> state;
      if (state == "0A" && local.size() > 5 && local.substr(local.size() - 5) == want)
        return local.substr(0, local.size() - 5);
    }
  }
  return "";
}

TEST(RemoteStore, ListensOnlyOnTheAddressGivenAndMovesValues) {
  auto server = Store::serve(parse_endpoint("127.0.0.1:0", "--listen"), 5);
  ASSERT_NE(server->port(), 0);
  const std::string at = listening_address(server->port());  // not a wildcard (every interface)
  EXPECT_TRUE(at == "0100007F" || at == "0000000000000000FFFF00000100007F") << at;
  // Through any other IPv4 address of this machine the port is closed.
  ifaddrs* list = nullptr;
  ASSERT_EQ(::getifaddrs(&list), 0);
  for (const ifaddrs* i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    sockaddr_in other;
    std::memcpy(&other, i->ifa_addr, sizeof other);
    if (other.sin_addr.s_addr == htonl(INADDR_LOOPBACK)) continue;
    other.sin_port = htons(server->port());
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    EXPECT_NE(::connect(fd, reinterpret_cast<const sockaddr*>(&other), sizeof other), 0) << i->ifa_name;
    ::close(fd);
  }
  ::freeifaddrs(list);
  auto client = Store::connect(Endpoint{"127.0.0.1", server->port()}, 5);
  client->set("k", std::string("a\0b", 3));
  EXPECT_EQ(server->get("k"), std::string("a\0b", 3));
  EXPECT_EQ(client->add("n", 2), 2);
  EXPECT_EQ(server->add("n", 0), 2);
  EXPECT_FALSE(client->get_if("absent").has_value());
  EXPECT_EQ(server->bytes_received(), 3);
}

TEST(RemoteStore, UnreachableLearnerIsAClearErrorWithinTheTimeout) {
  uint16_t port;
  {
    auto s = Store::serve(parse_endpoint("127.0.0.1:0", "--listen"), 5);
    port = s->port();
  }
  const auto t0 = std::chrono::steady_clock::now();
  try {
    Store::connect(Endpoint{"127.0.0.1", port}, 1);
    ADD_FAILURE() << "connected to a closed port";
  } catch (const RemoteError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot reach the learner at 127.0.0.1:" + std::to_string(port)),
              std::string::npos)
        << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
}

TEST(RemoteMetrics, DistributedColumnsComeAfterTheEvaluationsAndLoadBack) {
  const fs::path dir = fresh_dir("remote_metrics");
  const std::string csv = (dir / "metrics.csv").string(), svg = (dir / "curves.svg").string();
  {
    Metrics m(csv, svg, {"random"}, true);
    MetricsRow r;
    r.games = 7;
    r.remote_games = 5;
    r.remote_samples = 300;
    r.actors_connected = 2;
    r.sources = "a-1:3:200 b-2:2:100";
    m.add(r);
  }
  Metrics back(csv, svg, {"random"}, true);
  back.load_existing();
  ASSERT_EQ(back.rows().size(), 1u);
  EXPECT_EQ(back.rows()[0].remote_samples, 300);
  EXPECT_EQ(back.rows()[0].sources, "a-1:3:200 b-2:2:100");
  EXPECT_NE(back.header().find("deals_vs_random,actors_connected,"), std::string::npos);
  Metrics plain(csv, svg, {"random"}, false);  // resumed without --listen keeps the rows
  plain.load_existing();
  ASSERT_EQ(plain.rows().size(), 1u);
  EXPECT_EQ(plain.rows()[0].games, 7);
  EXPECT_EQ(plain.header().find("actors_connected"), std::string::npos);
}

// A learner's hub on a free port of 127.0.0.1, serving tiny_spec() weights of `version`.
struct HubRig {
  HubRig(const fs::path& dir, const TrainConfig& cfg, int64_t version)
      : config(cfg), learner(tiny_spec(), config, 3), store(100000), log(dir / "log.txt") {
    clear_stop();
    auto w = std::make_shared<const Weights>(learner.weights());
    published.set(std::make_shared<const EigenNet>(tiny_spec(), *w), version, w);
    hub = std::make_unique<RemoteHub>(parse_endpoint("127.0.0.1:0", "--listen"), config, tiny_spec(), published, store,
                                      log);
  }
  JoinOptions join(const fs::path& config_file, const std::string& name) const {
    JoinOptions j;
    j.config_path = config_file.string();
    j.learner = Endpoint{"127.0.0.1", hub->port()};
    j.threads = 1;
    j.name = name;
    j.retry_s = 5;
    return j;
  }
  const TrainConfig config;  // a copy: the hub keeps a reference to it
  Learner learner;
  PublishedNet published;
  SampleStore store;
  RunLog log;
  std::unique_ptr<RemoteHub> hub;
};

// One learner hub and one actor-process loop in threads: games arrive with the version that
// played them, the log names the actor, and the end of the run lets the actor stop with 0.
TEST(RemoteHubActor, ActorFeedsTheHubAndStopsWhenTheRunEnds) {
  const fs::path dir = fresh_dir("remote_hub");
  const fs::path cfg_file = dir / "tiny.yaml";
  std::ofstream(cfg_file) << tiny_config().to_yaml();
  const TrainConfig cfg = load_config(cfg_file.string());
  HubRig rig(dir, cfg, 500);
  const JoinOptions join = rig.join(cfg_file, "unit-actor");
  auto actor = std::async(std::launch::async, [&] { return run_remote_actor(join); });
  RemoteHub& hub = *rig.hub;
  for (int i = 0; i < 6000 && hub.figures().games < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const RemoteFigures f = hub.figures();
  EXPECT_GE(f.games, 2);
  EXPECT_EQ(f.connected, 1);
  EXPECT_GT(f.rx_bytes, 0);
  ASSERT_EQ(f.sources.size(), 1u);
  EXPECT_EQ(f.sources[0].name, "unit-actor");
  Rng rng(1);
  for (const PlaySample& s : rig.store.plays.sample(20, rng)) EXPECT_EQ(s.policy_version, 500);
  hub.finish(10.0);
  EXPECT_EQ(actor.get(), 0);
  // Compared once the run has ended: while the actor still posts, a snapshot of the figures and
  // the store's live count can differ by a game that landed between the two reads.
  EXPECT_EQ(rig.store.plays.added(), hub.figures().samples);
  const std::string text = read_file(dir / "log.txt");
  EXPECT_NE(text.find("actor unit-actor joined"), std::string::npos) << text;
}

TEST(RemoteHubActor, AnotherConfigIsRefusedOnBothSides) {
  const fs::path dir = fresh_dir("remote_refuse");
  TrainConfig other = tiny_config();
  other.search.sims = 8;
  const fs::path other_file = dir / "other.yaml";
  std::ofstream(other_file) << other.to_yaml();
  HubRig rig(dir, tiny_config(), 0);
  EXPECT_EQ(run_remote_actor(rig.join(other_file, "wrong-config")), 2);
  rig.hub->finish(0);
  const std::string text = read_file(dir / "log.txt");
  EXPECT_NE(text.find("refused actor wrong-config: it has a different config: 'sims: 8'"), std::string::npos) << text;
}

// The protocol at the level of keys, as an actor of another program would speak it: a game
// played with weights more than stale_versions publications old is counted, not stored.
TEST(RemoteHubActor, StaleGamesAreDroppedAndCounted) {
  const fs::path dir = fresh_dir("remote_stale");
  TrainConfig cfg = tiny_config();
  cfg.stale_versions = 2;
  cfg.publish_every = 10;
  HubRig rig(dir, cfg, 1000);  // games older than version 1000 - 2 * 10 are stale
  auto store = Store::connect(Endpoint{"127.0.0.1", rig.hub->port()}, 5);
  const int64_t id = store->add(remote::kNextActor, 1);
  store->set(remote::actor_key(id, "hello"), encode_hello(make_hello(cfg, tiny_spec(), "by-hand", 1)));
  store->add(remote::kJoins, 1);
  ASSERT_EQ(store->get(remote::actor_key(id, "welcome")), "ok");
  std::vector<GameSamples> games = some_games(cfg, 2);
  set_policy_version(games[0], 979);  // stale
  set_policy_version(games[1], 980);  // just fresh
  store->set(remote::batch_key(id, 0), encode_batch(games));
  store->add(remote::actor_key(id, "sent"), 1);
  store->add(remote::kBatches, 1);
  for (int i = 0; i < 500 && rig.hub->figures().games + rig.hub->figures().stale_games < 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const RemoteFigures f = rig.hub->figures();
  EXPECT_EQ(f.stale_games, 1);
  EXPECT_EQ(f.stale_samples, int64_t(games[0].plays.size()));
  EXPECT_EQ(f.games, 1);
  EXPECT_EQ(rig.store.plays.added(), int64_t(games[1].plays.size()));
  EXPECT_EQ(store->add(remote::actor_key(id, "taken"), 0), 1);  // consumed and deleted
  EXPECT_FALSE(store->check(remote::batch_key(id, 0)));
  rig.hub->finish(0);
}

// Another program's c10d store on the port: the actor says so and gives up after its retry time.
TEST(RemoteHubActor, AStoreWithoutALearnerIsNotJoined) {
  const fs::path dir = fresh_dir("remote_no_learner");
  const fs::path cfg_file = dir / "tiny.yaml";
  std::ofstream(cfg_file) << tiny_config().to_yaml();
  clear_stop();
  auto foreign = Store::serve(parse_endpoint("127.0.0.1:0", "--listen"), 5);
  JoinOptions join;
  join.config_path = cfg_file.string();
  join.learner = Endpoint{"127.0.0.1", foreign->port()};
  join.retry_s = 1;
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(run_remote_actor(join), 1);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
  EXPECT_FALSE(foreign->check(remote::actor_key(1, "hello")));  // it never greeted
}

TEST(RemoteProgress, TheLineCountsActorProcessesOnlyInADistributedRun) {
  ProgressFigures f;
  EXPECT_EQ(render_progress(f).find("actors"), std::string::npos);
  f.actors_connected = 3;
  EXPECT_NE(render_progress(f).find(" | actors 3 | "), std::string::npos) << render_progress(f);
}

}  // namespace
}  // namespace ddz::selfplay
