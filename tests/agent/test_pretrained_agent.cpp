// Tests of the `pretrained` / `pretrained-net` kinds: lookup through DDZ_PRETRAINED (a random-weight
// file made here), the file's defaults under the spec's settings, errors naming the file, and the
// real shipped models/pretrained/agent.ddz playing legal games (fails, not skips, when it is absent).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "arena/arena.h"
#include "agent/factory.h"
#include "agent/heuristic_agent.h"
#include "agent/mcts_net_agent.h"
#include "agent/play_game.h"
#include "agent/pretrained_agent.h"
#include "models/agent_file.h"
#include "agent/gumbel_agent.h"
#include "tests/agent/small_model_file.h"

namespace ddz {
namespace {

// Sets DDZ_PRETRAINED for one test and restores what was there before.
class PretrainedEnv : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* old = std::getenv(kPretrainedEnv);
    had_ = old != nullptr;
    if (had_) old_ = old;
  }
  void TearDown() override {
    if (had_) ::setenv(kPretrainedEnv, old_.c_str(), 1);
    else ::unsetenv(kPretrainedEnv);
    for (const auto& f : files_) std::remove(f.c_str());
  }
  // A small random-weight agent file with the given default settings, removed after the test.
  std::string make_file(const std::string& settings, const std::string& tag) {
    files_.push_back(testing::small_model_file(settings, "pretrained_" + tag, 2024));
    return files_.back();
  }
  std::vector<std::string> files_;

 private:
  bool had_ = false;
  std::string old_;
};

// Plays `games` games with bidding from seeds first_seed, first_seed + 1, ..., `agent` in seat
// `seat` and heuristic agents elsewhere; play_game throws on any illegal bid or move. Returns the
// number of finished games that were consistent.
int play_full_games(Agent& agent, int games, int seat, uint64_t first_seed = 500) {
  HeuristicAgent h1, h2;
  Rules rules;
  rules.bidding = true;
  int finished = 0;
  for (int g = 0; g < games; ++g) {
    std::array<Agent*, kNumSeats> seats{};
    seats[size_t(seat)] = &agent;
    seats[size_t((seat + 1) % 3)] = &h1;
    seats[size_t((seat + 2) % 3)] = &h2;
    const GameState s = play_game(seats, first_seed + uint64_t(g), rules);
    EXPECT_EQ(s.check_consistency(), "");
    if (s.phase() == Phase::Over && s.check_consistency().empty()) ++finished;
  }
  return finished;
}

// Simulations of one search from the landlord's first lead (many legal moves, so the search runs;
// positions with one legal move return without searching).
int simulations_at_the_opening(MctsNetAgent& agent) {
  const GameState s(uint64_t(31));
  agent.new_game(1);
  agent.play(observe(s, s.to_move()));
  return agent.last_search().simulations;
}

TEST_F(PretrainedEnv, ResolvesTheFileOfTheEnvironmentWithItsDefaults) {
  const std::string path = make_file("sims=12,solver=0,rollout_mix=0.25", "defaults");
  ::setenv(kPretrainedEnv, path.c_str(), 1);
  EXPECT_EQ(pretrained_candidates(), std::vector<std::string>{path});
  std::string found;
  EXPECT_NE(load_pretrained(AgentSpec::parse("pretrained"), &found), nullptr);
  EXPECT_EQ(found, path);

  auto agent = make_agent("pretrained");
  EXPECT_EQ(agent->spec(), "pretrained");
  auto* search = dynamic_cast<MctsNetAgent*>(agent.get());
  ASSERT_NE(search, nullptr) << "pretrained is mcts+net on the shipped file";
  EXPECT_EQ(play_full_games(*agent, 3, 0), 3);
  EXPECT_EQ(simulations_at_the_opening(*search), 12);  // the file's default

  // The spec's settings win over the file's, with the keys of mcts+net.
  auto more = make_agent("pretrained:sims=20,rollout_mix=0.3");
  EXPECT_EQ(more->spec(), "pretrained:sims=20,rollout_mix=0.3");
  EXPECT_EQ(play_full_games(*more, 2, 1), 2);
  EXPECT_EQ(simulations_at_the_opening(dynamic_cast<MctsNetAgent&>(*more)), 20);

  auto policy = make_agent("pretrained-net");
  EXPECT_EQ(policy->spec(), "pretrained-net");
  EXPECT_EQ(dynamic_cast<MctsNetAgent*>(policy.get()), nullptr);
  EXPECT_EQ(play_full_games(*policy, 5, 2), 5);
  EXPECT_NO_THROW(make_agent("pretrained-net:temperature=0.5"));

  // Same seeds, same games.
  auto again = make_agent("pretrained");
  HeuristicAgent h;
  Rules rules;
  rules.bidding = true;
  const GameState a = play_game({agent.get(), &h, &h}, 77, rules);
  const GameState b = play_game({again.get(), &h, &h}, 77, rules);
  EXPECT_EQ(a.history().size(), b.history().size());
  EXPECT_EQ(a.scores(), b.scores());
}

TEST_F(PretrainedEnv, BadSettingsNameTheSpec) {
  ::setenv(kPretrainedEnv, make_file("", "settings").c_str(), 1);
  for (const char* spec : {"pretrained:bogus=1", "pretrained:sims=-4", "pretrained:rollout_mix=2",
                           "pretrained:some/file.ddz", "pretrained-net:sims=5"}) {
    try {
      make_agent(spec);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const AgentSpecError& e) { EXPECT_NE(std::string(e.what()).find(spec), std::string::npos) << e.what(); }
  }
}

// search=gumbel (from the file's defaults or the spec) builds the gumbel agent on the shipped
// network with the remaining settings; the agent keeps the spec the user wrote; other searches
// are refused naming the spec.
TEST_F(PretrainedEnv, SearchSettingPicksGumbelOrMcts) {
  ::setenv(kPretrainedEnv, make_file("search=gumbel,sims=8,k=4,rollout_mix=1,solver=10", "search").c_str(), 1);
  auto by_file = make_agent("pretrained");
  ASSERT_NE(dynamic_cast<GumbelAgent*>(by_file.get()), nullptr);
  EXPECT_EQ(by_file->spec(), "pretrained");
  EXPECT_EQ(play_full_games(*by_file, 2, 0), 2);
  auto by_spec = make_agent("pretrained:search=mcts,sims=8");
  ASSERT_NE(dynamic_cast<MctsNetAgent*>(by_spec.get()), nullptr);
  EXPECT_EQ(by_spec->spec(), "pretrained:search=mcts,sims=8");
  auto gumbel_spec = make_agent("pretrained:sims=6, search = gumbel ,k=2");
  ASSERT_NE(dynamic_cast<GumbelAgent*>(gumbel_spec.get()), nullptr);
  EXPECT_EQ(play_full_games(*gumbel_spec, 1, 1), 1);
  for (const char* spec : {"pretrained:search=alphabeta", "pretrained:search=gumbel,net_plies=2"}) {
    try {
      make_agent(spec);
      ADD_FAILURE() << spec << " was accepted";
    } catch (const AgentSpecError& e) { EXPECT_NE(std::string(e.what()).find(spec), std::string::npos) << e.what(); }
  }
}

TEST_F(PretrainedEnv, ArenaPlaysThePretrainedSpec) {
  ::setenv(kPretrainedEnv, make_file("sims=8,solver=0", "arena").c_str(), 1);
  ArenaConfig c;
  c.agents = {"pretrained", "pretrained-net", "heuristic"};
  c.deals = 3;
  c.rules.bidding = true;
  const ArenaResult r = run_arena(c);
  EXPECT_EQ(r.games, 18);
  EXPECT_GT(r.agents[0].cpu.moves(), 0);
}

TEST_F(PretrainedEnv, MissingFileIsAnErrorNamingIt) {
  const std::string missing = ::testing::TempDir() + "ddz_no_such_pretrained_" + std::to_string(::getpid()) + ".ddz";
  ::setenv(kPretrainedEnv, missing.c_str(), 1);
  for (const char* spec : {"pretrained", "pretrained-net", "pretrained:sims=5"}) {
    try {
      make_agent(spec);
      ADD_FAILURE() << spec << " built without its file";
    } catch (const AgentSpecError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(missing), std::string::npos) << what;
      EXPECT_NE(what.find("missing"), std::string::npos) << what;
    }
  }
  // Without the variable, the error lists every place looked at.
  ::unsetenv(kPretrainedEnv);
  const std::vector<std::string> places = pretrained_candidates();
  ASSERT_EQ(places.size(), 2u);
  EXPECT_NE(places[0].find("/share/ddz/pretrained/agent.ddz"), std::string::npos) << places[0];
  EXPECT_EQ(places[0].find(".."), std::string::npos) << "shown lexically normal: " << places[0];
  EXPECT_EQ(places[1], std::string(DDZ_SOURCE_DIR) + "/models/pretrained/agent.ddz");
}

TEST_F(PretrainedEnv, CorruptFileIsAnErrorNamingIt) {
  const std::string junk = make_file("", "junk");
  std::ofstream(junk, std::ios::trunc) << "this is no network";
  ::setenv(kPretrainedEnv, junk.c_str(), 1);
  try {
    make_agent("pretrained");
    FAIL() << "a corrupt file was accepted";
  } catch (const AgentSpecError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(junk), std::string::npos) << what;
    EXPECT_NE(what.find("not a ddz model file"), std::string::npos) << what;
  }
  // A truncated real file, too.
  const std::string cut = make_file("", "cut");
  std::string bytes;
  {
    std::ifstream in(cut, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
  ::setenv(kPretrainedEnv, cut.c_str(), 1);
  try {
    make_agent("pretrained-net");
    FAIL() << "a truncated file was accepted";
  } catch (const AgentSpecError& e) { EXPECT_NE(std::string(e.what()).find(cut), std::string::npos) << e.what(); }
}

// The network shipped in the repository. It must exist: a missing file is a failure, since every
// default (ddz play, serve, analyse) depends on it.
TEST_F(PretrainedEnv, ShippedFilePlays20LegalGames) {
  ::unsetenv(kPretrainedEnv);
  const std::string shipped = std::string(DDZ_SOURCE_DIR) + "/models/pretrained/agent.ddz";
  ASSERT_TRUE(std::ifstream(shipped).good()) << shipped << " is missing: the shipped network must be in the repository";
  const AgentFile file = load_agent_file(shipped);
  const auto provenance = nlohmann::json::parse(file.provenance, nullptr, false);
  EXPECT_TRUE(provenance.is_object() && !provenance.empty()) << "provenance: " << file.provenance;
  std::string found;
  load_pretrained(AgentSpec::parse("pretrained"), &found);
  EXPECT_EQ(found, shipped);
  // 20 full games with bidding at the shipped default settings, the agent in every seat in turn.
  auto agent = make_agent("pretrained");
  int finished = 0;
  for (int g = 0; g < 20; ++g) finished += play_full_games(*agent, 1, g % 3, 900 + uint64_t(g));
  EXPECT_EQ(finished, 20);
  auto policy = make_agent("pretrained-net");
  EXPECT_EQ(play_full_games(*policy, 20, 0), 20);
}

}  // namespace
}  // namespace ddz
