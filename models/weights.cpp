// The weights container's binary format: a bounds-checked reader (every length is checked
// against the bytes left before anything is allocated) and an atomic writer.
#include "models/weights.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ddz {

int64_t Tensor::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

bool Tensor::operator==(const Tensor& o) const {
  // An empty vector's data() may be null, and memcmp with a null pointer is undefined even for
  // 0 bytes (UBSan reports it), so empty tensors never reach memcmp.
  return shape == o.shape && data.size() == o.data.size() &&
         (data.empty() || std::memcmp(data.data(), o.data.data(), data.size() * sizeof(float)) == 0);
}

const Tensor& Weights::at(const std::string& name) const {
  auto it = tensors.find(name);
  if (it == tensors.end()) throw std::out_of_range("missing tensor '" + name + "'");
  return it->second;
}

void Weights::set(const std::string& name, std::vector<int64_t> shape, std::vector<float> data) {
  Tensor t{std::move(shape), std::move(data)};
  if (t.numel() != int64_t(t.data.size()))
    throw std::invalid_argument("tensor '" + name + "': data size does not match its shape");
  tensors[name] = std::move(t);
}

bool Weights::operator==(const Weights& o) const { return meta == o.meta && tensors == o.tensors; }

uint64_t fnv1a64(const char* data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < size; ++i) {
    h ^= uint8_t(data[i]);
    h *= 0x100000001b3ULL;
  }
  return h;
}

namespace {

static_assert(sizeof(float) == 4, "float must be 32-bit IEEE");

template <typename T>
void put(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));  // the project targets little-endian x86-64
  out.append(buf, sizeof(T));
}
void put_string(std::string& out, const std::string& s) {
  put<uint32_t>(out, uint32_t(s.size()));
  out += s;
}

class Reader {
 public:
  Reader(const std::string& bytes, size_t end, const std::string& source) : bytes_(bytes), end_(end), source_(source) {}
  size_t left() const { return end_ - pos_; }
  [[noreturn]] void fail(const std::string& why) const {
    throw ModelFileError(source_ + ": " + why + " (at byte " + std::to_string(pos_) + ")");
  }
  void need(size_t n, const char* what) const {
    if (n > left()) fail(std::string("truncated or corrupt: ") + what + " runs past the end of the data");
  }
  template <typename T>
  T get(const char* what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string get_string(const char* what) {
    const uint32_t n = get<uint32_t>(what);
    need(n, what);
    std::string s = bytes_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  void get_floats(float* out, size_t n) {
    if (n > left() / sizeof(float)) fail("truncated or corrupt: tensor data runs past the end of the data");
    if (n == 0) return;  // `out` of an empty tensor may be null: memcpy must not see it
    std::memcpy(out, bytes_.data() + pos_, n * sizeof(float));
    pos_ += n * sizeof(float);
  }

 private:
  const std::string& bytes_;
  size_t end_;
  size_t pos_ = 0;
  const std::string& source_;
};

}  // namespace

std::string serialize_weights(const Weights& w, const char* magic) {
  std::string out(magic, 8);
  put<uint32_t>(out, kContainerVersion);
  put<uint32_t>(out, uint32_t(w.meta.size()));
  for (const auto& [k, v] : w.meta) {
    put_string(out, k);
    put_string(out, v);
  }
  put<uint32_t>(out, uint32_t(w.tensors.size()));
  for (const auto& [name, t] : w.tensors) {
    if (t.numel() != int64_t(t.data.size()))
      throw std::invalid_argument("tensor '" + name + "': data size does not match its shape");
    put_string(out, name);
    put<uint32_t>(out, uint32_t(t.shape.size()));
    for (int64_t d : t.shape) put<int64_t>(out, d);
    out.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float));
  }
  put<uint64_t>(out, fnv1a64(out.data(), out.size()));
  return out;
}

Weights parse_weights(const std::string& bytes, const std::string& source, const char* magic) {
  if (bytes.size() < 8 || std::memcmp(bytes.data(), magic, 8) != 0) {
    const bool other = bytes.size() >= 8 && (std::memcmp(bytes.data(), kWeightsMagic, 8) == 0 ||
                                             std::memcmp(bytes.data(), kAgentMagic, 8) == 0);
    if (other)
      throw ModelFileError(
          source + ": wrong kind of file (" +
          std::string(std::memcmp(bytes.data(), kAgentMagic, 8) == 0 ? "an exported agent"
                                                                     : "a weights/checkpoint file") +
          " where " +
          std::string(std::memcmp(magic, kAgentMagic, 8) == 0 ? "an exported agent" : "a weights/checkpoint file") +
          " was expected)");
    throw ModelFileError(source + ": not a ddz model file (bad magic bytes" +
                         std::string(bytes.size() < 8 ? ", file shorter than the header" : "") + ")");
  }
  if (bytes.size() < 8 + 4 + 8)
    throw ModelFileError(source + ": truncated (" + std::to_string(bytes.size()) + " bytes)");
  uint32_t version;
  std::memcpy(&version, bytes.data() + 8, 4);
  if (version != kContainerVersion)
    throw ModelFileError(source + ": format version " + std::to_string(version) +
                         " is not supported (this build reads version " + std::to_string(kContainerVersion) + ")");
  const size_t body = bytes.size() - 8;
  uint64_t stored;
  std::memcpy(&stored, bytes.data() + body, 8);
  if (stored != fnv1a64(bytes.data(), body))
    throw ModelFileError(source + ": checksum mismatch: the file is truncated or corrupt");
  Reader r(bytes, body, source);
  r.get<uint64_t>("magic");
  r.get<uint32_t>("version");
  Weights w;
  const uint32_t nmeta = r.get<uint32_t>("metadata count");
  for (uint32_t i = 0; i < nmeta; ++i) {
    std::string k = r.get_string("metadata key");
    std::string v = r.get_string("metadata value");
    w.meta[std::move(k)] = std::move(v);
  }
  const uint32_t ntensors = r.get<uint32_t>("tensor count");
  for (uint32_t i = 0; i < ntensors; ++i) {
    std::string name = r.get_string("tensor name");
    const uint32_t ndim = r.get<uint32_t>("tensor rank");
    if (ndim > 8) r.fail("tensor '" + name + "' has rank " + std::to_string(ndim) + " (corrupt)");
    Tensor t;
    int64_t n = 1;
    for (uint32_t d = 0; d < ndim; ++d) {
      const int64_t dim = r.get<int64_t>("tensor shape");
      if (dim < 0 || dim > (int64_t(1) << 31)) r.fail("tensor '" + name + "' has a bad dimension (corrupt)");
      t.shape.push_back(dim);
      n *= dim;
      if (n > int64_t(r.left())) r.fail("tensor '" + name + "' is larger than the file (truncated or corrupt)");
    }
    t.data.resize(size_t(n));
    r.get_floats(t.data.data(), size_t(n));
    if (w.tensors.count(name)) r.fail("tensor '" + name + "' appears twice (corrupt)");
    w.tensors[std::move(name)] = std::move(t);
  }
  if (r.left() != 0) r.fail("unexpected bytes after the last tensor (corrupt)");
  return w;
}

WriteTarget write_target(const std::string& path) {
  WriteTarget t{path, true};
  char resolved[PATH_MAX];
  if (::realpath(path.c_str(), resolved) == nullptr) return t;  // a new file (or a dangling link)
  t.path = resolved;
  struct stat st {};
  t.rename_over = ::stat(resolved, &st) != 0 || S_ISREG(st.st_mode);
  return t;
}

namespace {

void write_all(int fd, const std::string& bytes, const std::string& path, const std::string& tmp) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string why = std::strerror(errno);
      ::close(fd);
      if (!tmp.empty()) ::unlink(tmp.c_str());
      throw ModelFileError(path + ": write failed (" + why + ")");
    }
    done += size_t(n);
  }
}

}  // namespace

void write_file_atomic(const std::string& path, const std::string& bytes) {
  const WriteTarget target = write_target(path);
  if (!target.rename_over) {
    const int fd = ::open(target.path.c_str(), O_WRONLY);
    if (fd < 0) throw ModelFileError(path + ": cannot write (" + std::strerror(errno) + ")");
    write_all(fd, bytes, path, "");
    if (::close(fd) != 0) throw ModelFileError(path + ": write failed (" + std::strerror(errno) + ")");
    return;
  }
  const std::string tmp = target.path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw ModelFileError(path + ": cannot write (" + std::strerror(errno) + ")");
  write_all(fd, bytes, path, tmp);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    throw ModelFileError(path + ": write failed (" + std::strerror(errno) + ")");
  }
  if (std::rename(tmp.c_str(), target.path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    throw ModelFileError(path + ": cannot rename the finished file into place (" + why + ")");
  }
}

std::string read_file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelFileError(path + ": cannot open (" + std::strerror(errno) + ")");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw ModelFileError(path + ": read error");
  return ss.str();
}

void save_weights(const Weights& w, const std::string& path, const char* magic) {
  write_file_atomic(path, serialize_weights(w, magic));
}

Weights load_weights(const std::string& path, const char* magic) {
  return parse_weights(read_file_bytes(path), path, magic);
}

}  // namespace ddz
