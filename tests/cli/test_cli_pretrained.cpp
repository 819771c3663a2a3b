// End-to-end tests of the shipped network as the default of `ddz play`, `serve` and `analyse`: a
// missing or corrupt file is a usage error naming it and the way out, --help says so, and (when
// models/pretrained/agent.ddz exists) the defaults play, answer and search with it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "models/agent_file.h"
#include "tests/agent/small_model_file.h"
#include "tests/cli/cli_runner.h"

namespace {

using ddz::testing::cli_temp_path;
using ddz::testing::CliResult;
using ddz::testing::run_ddz;
using ddz::testing::run_ddz_with_input;
using ddz::testing::Stderr;

const std::string kShipped = std::string(DDZ_SOURCE_DIR) + "/models/pretrained/agent.ddz";
const std::string kMissing = "/nonexistent/pretrained/agent.ddz";

// A finished heuristic game's record, for analyse.
std::string record_file() {
  const std::string path = cli_temp_path("pretrained_record.json");
  const CliResult r = run_ddz("game --seed 5 --agent heuristic --json > " + path);
  EXPECT_EQ(r.code, 0) << r.err;
  return path;
}

// A play request with many legal moves (the protocol of docs/protocol.md).
const char* kPlayRequest =
    R"({"type": "play", "role": "landlord_up", "hand": "34456789TJQKA2XD2", "kitty": "678", )"
    R"("history": [{"role": "landlord", "cards": "33"}, {"role": "landlord_down", "cards": "55"}]})";

TEST(CliPretrained, MissingShippedFileIsAUsageErrorNamingItAndTheWayOut) {
  const std::string env = "DDZ_PRETRAINED=" + kMissing;
  CliResult r = run_ddz_with_input("play --seed 3", "", Stderr::MergeIntoStdout, env);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(kMissing), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--opponents heuristic"), std::string::npos) << r.out;

  r = run_ddz("serve < /dev/null", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(kMissing), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--agent heuristic"), std::string::npos) << r.err;

  const std::string record = record_file();
  r = run_ddz("analyse --record " + record + " --move 3", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(kMissing), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--agent mcts"), std::string::npos) << r.err;
  std::remove(record.c_str());

  r = run_ddz("arena --agents pretrained,random --deals 2", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(kMissing), std::string::npos) << r.err;

  // Without the network the other agents still run.
  r = run_ddz_with_input("play --opponents heuristic --seed 3", "", Stderr::MergeIntoStdout, env);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("opponents heuristic"), std::string::npos) << r.out;
  r = run_ddz_with_input("serve --agent heuristic", std::string(kPlayRequest) + "\n", Stderr::Drop, env);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(nlohmann::json::parse(r.out).contains("move")) << r.out;
}

TEST(CliPretrained, CorruptShippedFileIsAUsageErrorNamingIt) {
  const std::string junk = cli_temp_path("corrupt_agent.ddz");
  std::ofstream(junk) << "not a network at all";
  const std::string env = "DDZ_PRETRAINED=" + junk;
  CliResult r = run_ddz_with_input("play --seed 3", "", Stderr::MergeIntoStdout, env);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find(junk), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not a ddz model file"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--opponents heuristic"), std::string::npos) << r.out;
  r = run_ddz("serve --agent pretrained-net < /dev/null", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(junk), std::string::npos) << r.err;
  std::remove(junk.c_str());
}

TEST(CliPretrained, HelpNamesTheDefault) {
  CliResult r = run_ddz("play --help");
  EXPECT_NE(r.out.find("pretrained"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--opponents heuristic"), std::string::npos) << r.out;
  r = run_ddz("serve --help");
  EXPECT_NE(r.out.find("pretrained"), std::string::npos) << r.out;
  r = run_ddz("analyse --help");
  EXPECT_NE(r.out.find("pretrained"), std::string::npos) << r.out;
  r = run_ddz("arena --help");
  EXPECT_NE(r.out.find("pretrained:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pretrained-net:"), std::string::npos) << r.out;
}

// The defaults with the real shipped file. Its presence is required by test_agent's
// PretrainedEnv.ShippedFilePlays20LegalGames; here it is skipped when absent.
TEST(CliPretrained, DefaultsUseTheShippedNetwork) {
  if (!std::ifstream(kShipped).good()) GTEST_SKIP() << kShipped << " is missing (test_agent fails on that)";
  const std::string unset = "env -u DDZ_PRETRAINED";
  std::string script;
  for (int b = 0; b < 60; ++b) {
    script += "pass\n";
    for (const char* card : {"3", "4", "5", "6", "7", "8", "9", "10", "j", "Q", "K", "A", "2", "B", "R"})
      script += std::string(card) + "\n";
  }
  CliResult r = run_ddz_with_input("play --seat landlord --seed 6", script, Stderr::MergeIntoStdout, unset);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("opponents pretrained"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Game over"), std::string::npos) << r.out;

  r = run_ddz_with_input("serve", std::string(kPlayRequest) + "\n", Stderr::Drop, unset);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(nlohmann::json::parse(r.out).contains("move")) << r.out;

  const std::string record = record_file();
  r = run_ddz("analyse --record " + record + " --move 3 --json", unset);
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["agent"], "pretrained");
  EXPECT_GT(j["simulations"].get<int>(), 0);
  std::remove(record.c_str());
}

// `export --from` rewrites a file's default settings and keeps its network: the pretrained spec on
// the rewritten file plays by the new settings (a search that records no simulations with
// confident=0), the provenance records the change, and a bad file or settings string is a usage
// error naming it.
TEST(CliPretrained, ExportFromRewritesTheDefaultSettings) {
  if (!std::ifstream(kShipped).good()) GTEST_SKIP() << kShipped << " is missing (test_agent fails on that)";
  const std::string out = cli_temp_path("resettled.ddz");
  CliResult r =
      run_ddz("export --from " + kShipped + " --out " + out + " --settings search=gumbel,sims=8,k=2,confident=0");
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string record = record_file();
  r = run_ddz("analyse --record " + record + " --move 3 --json", "DDZ_PRETRAINED=" + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["simulations"].get<int>(), 0) << r.out;
  std::remove(record.c_str());
  EXPECT_NE(ddz::testing::slurp_file(out).find("settings_changes"), std::string::npos);

  r = run_ddz("export --from " + kMissing + " --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(kMissing), std::string::npos) << r.err;
  r = run_ddz("export --from " + kShipped + " --out " + out + " --settings 'sims=='");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("sims=="), std::string::npos) << r.err;
  r = run_ddz("export --from " + kShipped + " --run runs/x --out " + out);
  EXPECT_NE(r.code, 0);
  r = run_ddz("export --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--run"), std::string::npos) << r.err;
  std::remove(out.c_str());
}

// `export --from A --bid-from B` takes B's bid network and nothing else: every bid_* tensor is B's,
// every other tensor and the default settings are A's, and the provenance records it; a donor
// with other bid layers, or --from with neither --settings nor --bid-from, is a usage error.
TEST(CliPretrained, ExportBidFromTakesTheBidNetworkAlone) {
  const std::string a = ddz::testing::small_model_file("sims=3", "bid_from_a", 1);
  const std::string b = ddz::testing::small_model_file("", "bid_from_b", 2);
  ddz::AgentFile narrow = ddz::load_agent_file(b);
  narrow.spec.bid_hidden = {4};
  narrow.weights = ddz::random_weights(narrow.spec, 3);
  const std::string c = cli_temp_path("bid_from_narrow.ddz");
  ddz::save_agent_file(narrow, c);
  const std::string out = cli_temp_path("bid_from_out.ddz");

  CliResult r = run_ddz("export --from " + a + " --bid-from " + b + " --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const ddz::AgentFile fa = ddz::load_agent_file(a), fb = ddz::load_agent_file(b), fo = ddz::load_agent_file(out);
  int bid_tensors = 0;
  for (const auto& [name, tensor] : fo.weights.tensors) {
    const bool bid = name.rfind("bid_", 0) == 0;
    bid_tensors += bid;
    EXPECT_EQ(tensor, (bid ? fb : fa).weights.at(name)) << name;
    if (bid && name.find(".weight") != std::string::npos) {
      EXPECT_NE(tensor, fa.weights.at(name)) << name;  // random weights differ (biases start at zero)
    }
  }
  EXPECT_EQ(bid_tensors, 4);  // one hidden layer and the output, weights and biases
  EXPECT_EQ(fo.agent_settings, "sims=3");
  EXPECT_NE(fo.provenance.find("bid_network_changes"), std::string::npos) << fo.provenance;

  r = run_ddz("export --from " + a + " --bid-from " + c + " --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(c), std::string::npos) << r.err;
  r = run_ddz("export --from " + a + " --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--bid-from"), std::string::npos) << r.err;
  for (const std::string& f : {a, b, c, out}) std::remove(f.c_str());
}

// `export --from A --merge B` writes one network twice as wide whose policy and value heads
// output the mean of A's and B's (the exact sums are models/net_merge's test; here: the layer
// widths, A's bid network and settings kept, the provenance), `--merge-heads` chooses the heads,
// and a file of another architecture or an unknown head is a usage error naming it.
TEST(CliPretrained, ExportMergeAveragesTwoFilesInOne) {
  const std::string a = ddz::testing::small_model_file("sims=3", "merge_a", 1);
  const std::string b = ddz::testing::small_model_file("", "merge_b", 2);
  ddz::AgentFile narrow = ddz::load_agent_file(b);
  narrow.spec.policy_hidden = {4};
  narrow.weights = ddz::random_weights(narrow.spec, 3);
  const std::string c = cli_temp_path("merge_narrow.ddz");
  ddz::save_agent_file(narrow, c);
  const std::string out = cli_temp_path("merge_out.ddz");

  CliResult r = run_ddz("export --from " + a + " --merge " + b + " --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const ddz::AgentFile fa = ddz::load_agent_file(a), fo = ddz::load_agent_file(out);
  for (size_t i = 0; i < fa.spec.policy_hidden.size(); ++i)
    EXPECT_EQ(fo.spec.policy_hidden[i], 2 * fa.spec.policy_hidden[i]);
  for (size_t i = 0; i < fa.spec.value_hidden.size(); ++i)
    EXPECT_EQ(fo.spec.value_hidden[i], 2 * fa.spec.value_hidden[i]);
  EXPECT_EQ(fo.spec.bid_hidden, fa.spec.bid_hidden);
  for (const auto& [name, tensor] : fo.weights.tensors) {
    if (name.rfind("bid_", 0) == 0) { EXPECT_EQ(tensor, fa.weights.at(name)) << name; }
  }
  EXPECT_EQ(fo.agent_settings, "sims=3");
  EXPECT_NE(fo.provenance.find("\"merges\""), std::string::npos) << fo.provenance;
  EXPECT_NE(fo.provenance.find("merge_b"), std::string::npos) << fo.provenance;
  // The merged file plays: a net: agent built on it passes the arena's legality checks.
  r = run_ddz("arena --agent net:" + out + " --agent random --deals 2 --seed 1 --no-cpu-times");
  EXPECT_EQ(r.code, 0) << r.err;

  r = run_ddz("export --from " + a + " --merge " + b + " --merge-heads policy --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const ddz::AgentFile fp = ddz::load_agent_file(out);
  EXPECT_EQ(fp.spec.value_hidden, fa.spec.value_hidden);
  EXPECT_EQ(fp.spec.policy_hidden.front(), 2 * fa.spec.policy_hidden.front());

  r = run_ddz("export --from " + a + " --merge " + c + " --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find(c), std::string::npos) << r.err;
  r = run_ddz("export --from " + a + " --merge " + b + " --merge-heads critic --out " + out);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("critic"), std::string::npos) << r.err;
  for (const std::string& f : {a, b, c, out}) std::remove(f.c_str());
}

}  // namespace
