// `ddz export --run DIR [--checkpoint STEP] --out FILE`: turns a training checkpoint into one
// self-contained agent file (models/agent_file.h) usable as `net:FILE` without LibTorch;
// `--from FILE` rewrites an agent file with new default settings (weights and provenance kept),
// with `--bid-from FILE` takes the bid network from another agent file, and with `--merge FILE`
// averages its heads with other agent files' as one wider network (models/net_merge.h).
#include <ctime>
#include <iostream>

#include "cli/command_registry.h"
#include "ddz_version.h"  // generated in the build tree (cmake/Version.cmake)
#include "agent/agent_spec.h"
#include "models/agent_file.h"
#include "models/net_merge.h"
#include "selfplay/files.h"

namespace ddz::cli {
namespace {

struct ExportOptions {
  std::string run;
  std::string from;
  int64_t checkpoint = -1;
  std::string out;
  std::string settings;
  bool settings_given = false;
  std::string bid_from;
  std::vector<std::string> merge;
  std::vector<std::string> merge_heads{"policy", "value"};
};

// The provenance of an agent file as JSON (a file whose provenance is not JSON keeps it as text).
nlohmann::json provenance_json(const AgentFile& file) {
  try {
    return file.provenance.empty() ? nlohmann::json() : nlohmann::json::parse(file.provenance);
  } catch (const nlohmann::json::exception&) { return file.provenance; }
}

AgentFile load_for_export(const std::string& path) {
  try {
    return load_agent_file(path);
  } catch (const ModelFileError& e) { throw UsageError(e.what()); }
}

// --merge: `file`'s heads named by --merge-heads become the mean of its own and each --merge
// file's (one network, as many times as wide as there are files); the others stay `file`'s.
void merge_networks_into(AgentFile& file, const ExportOptions& o, nlohmann::json& prov) {
  std::vector<Weights> members{file.weights};
  nlohmann::json change;
  change["heads"] = o.merge_heads;
  for (const std::string& path : o.merge) {
    AgentFile other = load_for_export(path);
    if (!(other.spec == file.spec))
      throw UsageError("--merge " + path + ": its architecture " + other.spec.to_json() +
                       " differs from the --from file's " + file.spec.to_json() +
                       " (networks merge only with their own kind)");
    members.push_back(std::move(other.weights));
    change["files"].push_back({{"file", path}, {"provenance", provenance_json(other)}});
  }
  MergedNetwork merged;
  try {
    merged = merge_networks(file.spec, members, o.merge_heads);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());  // names the head, the member or the width (models/net_merge.h)
  }
  file.spec = merged.spec;
  file.weights = std::move(merged.weights);
  change["architecture"] = nlohmann::json::parse(file.spec.to_json());
  change["by"] = std::string("ddz ") + DDZ_VERSION + ", commit " + DDZ_GIT_COMMIT;
  change["unix_time"] = int64_t(std::time(nullptr));
  prov["merges"].push_back(change);
}

// The bid network's tensors (bid_h*, bid_out) of `donor` replace those of `file`; the bid inputs
// and layer widths must agree. The bid network shares no layer with the policy or the value
// network, so the rest of `file` plays exactly as before.
void take_bid_network(AgentFile& file, const std::string& donor_path, nlohmann::json& prov) {
  AgentFile donor = load_for_export(donor_path);
  if (donor.spec.bid_hidden != file.spec.bid_hidden || donor.spec.bid_dim() != file.spec.bid_dim())
    throw UsageError("--bid-from " + donor_path + ": its bid network (inputs " + std::to_string(donor.spec.bid_dim()) +
                     ", layers " + donor.spec.to_json() + ") does not match the --from file's (inputs " +
                     std::to_string(file.spec.bid_dim()) + ")");
  int taken = 0;
  for (auto& [name, tensor] : file.weights.tensors)
    if (name.rfind("bid_", 0) == 0) {
      tensor = donor.weights.at(name);
      ++taken;
    }
  nlohmann::json change;
  change["from_file"] = donor_path;
  change["from_provenance"] = provenance_json(donor);
  change["tensors"] = taken;
  change["by"] = std::string("ddz ") + DDZ_VERSION + ", commit " + DDZ_GIT_COMMIT;
  change["unix_time"] = int64_t(std::time(nullptr));
  prov["bid_network_changes"].push_back(change);
}

// --from: the same network with new default settings (their syntax checked before anything is
// written; their keys are checked by the agent that reads them, as for --run).
int resettle(const ExportOptions& o) {
  // Each item key=value: a lower-case key and a value without another '='.
  for (const std::string& item : o.settings.empty() ? std::vector<std::string>{} : split_settings(o.settings)) {
    const size_t eq = item.find('=');
    const bool key_ok =
        eq != std::string::npos && eq > 0 && item.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == eq;
    if (!key_ok || eq + 1 == item.size() || item.find('=', eq + 1) != std::string::npos)
      throw UsageError("--settings \"" + o.settings + "\": \"" + item + "\" is not key=value");
  }
  AgentFile file = load_for_export(o.from);
  if (!o.settings_given && o.bid_from.empty() && o.merge.empty())
    throw UsageError("--from " + o.from + ": give --settings, --bid-from or --merge");
  nlohmann::json prov = nlohmann::json::object();
  try {
    if (!file.provenance.empty()) prov = nlohmann::json::parse(file.provenance);
  } catch (const nlohmann::json::exception&) {
    prov = nlohmann::json::object();
    prov["original"] = file.provenance;
  }
  if (!o.merge.empty()) merge_networks_into(file, o, prov);
  if (!o.bid_from.empty()) take_bid_network(file, o.bid_from, prov);
  if (o.settings_given) {  // --bid-from alone keeps the file's settings
    nlohmann::json change;
    change["from"] = file.agent_settings;
    change["to"] = o.settings;
    change["by"] = std::string("ddz ") + DDZ_VERSION + ", commit " + DDZ_GIT_COMMIT;
    change["unix_time"] = int64_t(std::time(nullptr));
    prov["settings_changes"].push_back(change);
    file.agent_settings = o.settings;
  }
  file.provenance = prov.dump();
  save_agent_file(file, o.out);
  std::cout << "wrote " << o.out << ": the network of " << o.from;
  if (!o.merge.empty())
    std::cout << " merged with " << o.merge.size() << " more (heads averaged, now " << file.spec.to_json() << ")";
  if (!o.bid_from.empty()) std::cout << " with the bid network of " << o.bid_from;
  if (o.settings_given) std::cout << " with default settings \"" << o.settings << "\"";
  std::cout << "\n";
  return 0;
}

CommandAction setup(CLI::App& sub) {
  auto o = std::make_shared<ExportOptions>();
  auto* run = sub.add_option("--run", o->run, "Training run directory, e.g. runs/default");
  auto* checkpoint =
      sub.add_option("--checkpoint", o->checkpoint, "Learner step of the checkpoint (default: the newest valid one)");
  auto* from = sub.add_option("--from", o->from,
                              "An agent file to rewrite instead of a run: new --settings, another file's bid "
                              "network (--bid-from) or other files merged in (--merge); the provenance records "
                              "each change");
  run->excludes(from);
  checkpoint->excludes(from);
  sub.add_option("--out", o->out, "Agent file to write, e.g. agent.ddz (may be the --from file: written atomically)")
      ->required();
  auto* settings =
      sub.add_option("--settings", o->settings, "Default agent settings stored in the file, e.g. temperature=0");
  auto* bid_from =
      sub.add_option("--bid-from", o->bid_from,
                     "With --from: take the bid network from this agent file (same bid layers), the "
                     "rest unchanged; the provenance records it. Without --settings the settings are kept");
  bid_from->needs(from);
  auto* merge = sub.add_option("--merge", o->merge,
                               "With --from: average the --merge-heads of the --from file with this agent file's (same "
                               "architecture; repeat for more). The result is one network as many times as wide, "
                               "whose heads output the files' mean: an ensemble in one file");
  merge->needs(from);
  sub.add_option("--merge-heads", o->merge_heads,
                 "The heads --merge averages, comma-separated (policy, value, bid); the others stay the --from "
                 "file's. Default: policy,value")
      ->delimiter(',')
      ->needs(merge);
  return [o, settings]() {
    namespace sp = ddz::selfplay;
    o->settings_given = settings->count() > 0;
    if (!o->from.empty()) return resettle(*o);
    if (o->run.empty()) throw UsageError("give --run DIR (a training run) or --from FILE (an agent file)");
    if (!sp::fs::is_directory(o->run)) throw UsageError(o->run + ": no such run directory");
    sp::CheckpointInfo info;
    try {
      if (o->checkpoint >= 0) {
        info = sp::read_checkpoint_info(o->run, o->checkpoint, false);
      } else {
        std::vector<std::string> skipped;
        auto latest = sp::latest_valid_checkpoint(o->run, false, &skipped);
        if (!latest) {
          std::string why = o->run + ": no valid checkpoint";
          for (const auto& s : skipped) why += "; " + s;
          throw UsageError(why);
        }
        for (const auto& s : skipped) std::cerr << "ddz export: skipped damaged checkpoint: " << s << "\n";
        info = *latest;
      }
    } catch (const sp::RunFileError& e) { throw UsageError(e.what()); }
    AgentFile file;
    try {
      file.spec = NetworkSpec::from_json(info.meta.at("architecture").dump());
    } catch (const std::exception& e) {
      throw UsageError(info.json_path.string() + ": bad architecture record: " + e.what());
    }
    try {
      file.weights = load_weights(info.weights_path.string());
    } catch (const ModelFileError& e) { throw UsageError(e.what()); }
    file.weights.meta.clear();
    file.agent_settings = o->settings;
    nlohmann::json prov;
    prov["run"] = o->run;
    prov["checkpoint_step"] = info.step;
    prov["games"] = info.meta.value("games", int64_t(0));
    prov["samples"] = info.meta.value("samples", int64_t(0));
    prov["training_seconds"] = info.meta.value("elapsed_s", 0.0);
    prov["training_hours"] = info.meta.value("elapsed_s", 0.0) / 3600.0;
    prov["exported_by"] = std::string("ddz ") + DDZ_VERSION + ", commit " + DDZ_GIT_COMMIT;
    try {
      prov["config"] = sp::read_file(sp::fs::path(o->run) / "config.yaml");
    } catch (const sp::RunFileError&) { prov["config"] = nullptr; }
    prov["exported_unix_time"] = int64_t(std::time(nullptr));
    file.provenance = prov.dump();
    save_agent_file(file, o->out);
    std::cout << "exported checkpoint step " << info.step << " of " << o->run << " to " << o->out << " ("
              << file.spec.parameter_count() << " parameters)\n";
    return 0;
  };
}

}  // namespace
DDZ_COMMAND("export", "Export a training checkpoint as a self-contained agent file (net:FILE)", setup);
}  // namespace ddz::cli
