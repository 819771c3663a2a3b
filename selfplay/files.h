// Run-directory file helpers shared by the trainer (ddz-train) and the torch-free `ddz export`:
// atomic writes, checksums and the checkpoint index. Header-only and free of LibTorch on purpose.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/weights.h"

namespace ddz::selfplay {

namespace fs = std::filesystem;

// Thrown for unreadable, corrupt or missing run-directory files; the message names the file.
class RunFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RunFileError(path.string() + ": cannot open");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Writes `bytes` to a temporary file in the same folder, flushes it to disk and renames it over
// `path`, so a crash leaves either the old file or the new one, never half of one (models/weights.h
// holds the one implementation; a device such as /dev/null is written into, never replaced).
inline void write_file_atomic(const fs::path& path, const std::string& bytes) {
  try {
    ddz::write_file_atomic(path.string(), bytes);
  } catch (const ModelFileError& e) { throw RunFileError(e.what()); }
}

// FNV-1a 64-bit: enough to detect truncation and flipped bytes (not an adversarial hash).
inline uint64_t fnv1a64(const std::string& bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}
inline std::string hex64(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// A checkpoint is three files in RUN/checkpoints/ sharing the prefix ckpt-NNNNNNNN (N = learner
// step): .weights (the models' weights container, readable without torch), .optim (optimizer
// state, torch-only) and .json (counters and the checksums of the other two). The .json is
// written last, so a checkpoint exists only once its data files are complete.
struct CheckpointInfo {
  int64_t step = 0;
  fs::path json_path, weights_path, optim_path;
  nlohmann::json meta;  // the .json contents
};

inline fs::path checkpoint_dir(const fs::path& run) { return run / "checkpoints"; }
inline std::string checkpoint_stem(int64_t step) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ckpt-%08lld", static_cast<long long>(step));
  return buf;
}

// Steps of every checkpoint whose .json exists, ascending (validity is checked by load).
inline std::vector<int64_t> list_checkpoints(const fs::path& run) {
  std::vector<int64_t> steps;
  const fs::path dir = checkpoint_dir(run);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return steps;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() != 18 || name.compare(0, 5, "ckpt-") != 0 || name.compare(13, 5, ".json") != 0) continue;
    const std::string digits = name.substr(5, 8);
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    steps.push_back(std::stoll(digits));
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

// Reads checkpoint `step` and verifies both data files against the recorded checksums.
// `need_optim` = false skips the optimizer file (export needs only the weights).
inline CheckpointInfo read_checkpoint_info(const fs::path& run, int64_t step, bool need_optim) {
  CheckpointInfo info;
  info.step = step;
  const fs::path dir = checkpoint_dir(run);
  const std::string stem = checkpoint_stem(step);
  info.json_path = dir / (stem + ".json");
  info.weights_path = dir / (stem + ".weights");
  info.optim_path = dir / (stem + ".optim");
  try {
    info.meta = nlohmann::json::parse(read_file(info.json_path));
  } catch (const nlohmann::json::exception& e) {
    throw RunFileError(info.json_path.string() + ": not valid checkpoint JSON: " + e.what());
  }
  auto check = [&](const fs::path& p, const char* key) {
    if (!info.meta.contains(key) || !info.meta[key].is_string())
      throw RunFileError(info.json_path.string() + ": missing checksum '" + key + "'");
    const std::string want = info.meta[key].get<std::string>();
    const std::string got = hex64(fnv1a64(read_file(p)));
    if (want != got) throw RunFileError(p.string() + ": checksum mismatch (file corrupt or truncated)");
  };
  check(info.weights_path, "weights_fnv1a64");
  if (need_optim) check(info.optim_path, "optim_fnv1a64");
  return info;
}

// The newest checkpoint that passes its checksums; older ones are tried when the newest is
// damaged (a crash during the write). nullopt when there is none.
inline std::optional<CheckpointInfo> latest_valid_checkpoint(const fs::path& run, bool need_optim,
                                                             std::vector<std::string>* skipped = nullptr) {
  auto steps = list_checkpoints(run);
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    try {
      return read_checkpoint_info(run, *it, need_optim);
    } catch (const RunFileError& e) {
      if (skipped) skipped->push_back(e.what());
    }
  }
  return std::nullopt;
}

}  // namespace ddz::selfplay
