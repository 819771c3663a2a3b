// Checkpoint files: .weights and .optim first, the .json with their checksums last, so the
// .json's presence marks a complete checkpoint; old ones are pruned after the new one is in place.
#include "selfplay/checkpoint.h"

#include "models/agent_file.h"
#include "selfplay/files.h"

namespace ddz::selfplay {

std::filesystem::path save_checkpoint(const std::filesystem::path& run, const TrainCounters& c, const NetworkSpec& spec,
                                      const Weights& weights, const std::string& optimizer, int keep) {
  const fs::path dir = checkpoint_dir(run);
  fs::create_directories(dir);
  const std::string stem = checkpoint_stem(c.steps);
  Weights w = weights;
  w.meta[kMetaArchitecture] = spec.to_json();
  w.meta[kMetaFeatureVersion] = std::to_string(spec.feature_version);
  w.meta["steps"] = std::to_string(c.steps);
  w.meta["games"] = std::to_string(c.games);
  const std::string wbytes = serialize_weights(w);
  selfplay::write_file_atomic(dir / (stem + ".weights"), wbytes);
  selfplay::write_file_atomic(dir / (stem + ".optim"), optimizer);
  nlohmann::json j;
  j["step"] = c.steps;
  j["games"] = c.games;
  j["samples"] = c.samples;
  j["elapsed_s"] = c.elapsed_s;
  j["architecture"] = nlohmann::json::parse(spec.to_json());
  j["weights_fnv1a64"] = hex64(selfplay::fnv1a64(wbytes));
  j["optim_fnv1a64"] = hex64(selfplay::fnv1a64(optimizer));
  const fs::path json_path = dir / (stem + ".json");
  selfplay::write_file_atomic(json_path, j.dump(2) + "\n");
  // Prune: the .json goes first so a half-deleted checkpoint is never taken for a valid one.
  auto steps = list_checkpoints(run);
  for (size_t i = 0; i + size_t(keep) < steps.size(); ++i) {
    const std::string old = checkpoint_stem(steps[i]);
    std::error_code ec;
    fs::remove(dir / (old + ".json"), ec);
    fs::remove(dir / (old + ".weights"), ec);
    fs::remove(dir / (old + ".optim"), ec);
  }
  return json_path;
}

LoadedCheckpoint load_checkpoint(const std::filesystem::path& run, int64_t step, bool with_optimizer) {
  const CheckpointInfo info = read_checkpoint_info(run, step, with_optimizer);
  LoadedCheckpoint out;
  out.step = step;
  try {
    out.counters.steps = info.meta.at("step").get<int64_t>();
    out.counters.games = info.meta.at("games").get<int64_t>();
    out.counters.samples = info.meta.at("samples").get<int64_t>();
    out.counters.elapsed_s = info.meta.at("elapsed_s").get<double>();
    out.spec = NetworkSpec::from_json(info.meta.at("architecture").dump());
  } catch (const std::exception& e) {
    throw RunFileError(info.json_path.string() + ": bad checkpoint record: " + e.what());
  }
  out.weights = load_weights(info.weights_path.string());
  try {
    check_weights(out.spec, out.weights);
  } catch (const std::exception& e) { throw RunFileError(info.weights_path.string() + ": " + e.what()); }
  if (with_optimizer) out.optimizer = read_file(info.optim_path);
  return out;
}

std::optional<LoadedCheckpoint> load_latest_checkpoint(const std::filesystem::path& run, bool with_optimizer,
                                                       std::string* skipped) {
  auto steps = list_checkpoints(run);
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    try {
      return load_checkpoint(run, *it, with_optimizer);
    } catch (const std::exception& e) {
      if (skipped) *skipped += std::string(skipped->empty() ? "" : "; ") + e.what();
    }
  }
  return std::nullopt;
}

}  // namespace ddz::selfplay
