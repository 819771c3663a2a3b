// A container of named float tensors plus string metadata, and its binary file format (magic,
// format version, FNV-1a checksum, atomic write). Checkpoints and exported agents both use it.
#pragma once
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace ddz {

// Thrown for a model or checkpoint file that is missing, truncated, corrupt or incompatible;
// the message starts with the file name.
class ModelFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Tensor {
  std::vector<int64_t> shape;
  std::vector<float> data;  // row-major; size = product of shape
  int64_t numel() const;
  // Exact equality of shape and every float's bits (NaN payloads included).
  bool operator==(const Tensor& o) const;
  bool operator!=(const Tensor& o) const { return !(*this == o); }
};

struct Weights {
  std::map<std::string, std::string> meta;
  std::map<std::string, Tensor> tensors;

  // Throws std::out_of_range naming the tensor when absent.
  const Tensor& at(const std::string& name) const;
  void set(const std::string& name, std::vector<int64_t> shape, std::vector<float> data);
  bool operator==(const Weights& o) const;
};

// 8-byte magics: the kind of file. PNG-style (\r\n\x1a\n) so text-mode mangling is detected.
constexpr char kWeightsMagic[9] = "DDZWGT\x1a\n";  // checkpoints and plain weight files
constexpr char kAgentMagic[9] = "DDZAGT\x1a\n";  // exported agents (models/agent_file.h)
constexpr uint32_t kContainerVersion = 1;

// Layout (little-endian; docs/model_format.md):
//   magic[8] | u32 container version | u32 meta count | meta entries (u32 len, key, u32 len, value)
//   | u32 tensor count | tensor entries (u32 name len, name, u32 ndim, i64 dims[ndim], f32 data)
//   | u64 FNV-1a of every byte before it.
std::string serialize_weights(const Weights& w, const char* magic = kWeightsMagic);
// `source` names the input in errors (usually the file path).
Weights parse_weights(const std::string& bytes, const std::string& source, const char* magic = kWeightsMagic);

// Writes to PATH.tmp.<pid> then renames over PATH, so readers never see a half-written file.
void save_weights(const Weights& w, const std::string& path, const char* magic = kWeightsMagic);
Weights load_weights(const std::string& path, const char* magic = kWeightsMagic);

// Where a write of `path` goes: a symlink's final target (so the link stays a link), and whether
// that is a regular file or a new one, which a finished temporary file may be renamed over. A
// device or FIFO (/dev/null, /dev/stdout) is written straight into instead: renaming over it
// would replace the device itself with a plain file.
struct WriteTarget {
  std::string path;
  bool rename_over = true;
};
WriteTarget write_target(const std::string& path);

// Atomic write of any bytes (temp file + fsync + rename, next to write_target(path)); a device
// or FIFO is written directly. Throws ModelFileError naming path.
void write_file_atomic(const std::string& path, const std::string& bytes);
std::string read_file_bytes(const std::string& path);

uint64_t fnv1a64(const char* data, size_t size);

}  // namespace ddz
