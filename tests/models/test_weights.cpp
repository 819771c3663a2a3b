// Tests of the weights container format: round trip, atomic save/load, and clear errors naming
// the file for truncated, corrupted and foreign files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "models/weights.h"

namespace ddz {
namespace {

Weights sample_weights() {
  Weights w;
  w.meta["step"] = "1234";
  w.meta["config"] = "a: 1\nb: [2, 3]\n";
  std::vector<float> a(6), b(3);
  for (size_t i = 0; i < a.size(); ++i) a[i] = float(i) * 0.5f - 1.0f;
  for (size_t i = 0; i < b.size(); ++i) b[i] = -float(i);
  w.set("layer.weight", {3, 2}, a);
  w.set("layer.bias", {3}, b);
  w.set("empty", {0}, {});
  return w;
}

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "ddz_weights_" + std::to_string(::getpid()) + "_" + name;
}

void expect_error(const std::string& bytes, const std::string& source) {
  try {
    parse_weights(bytes, source);
    FAIL() << "no error for " << bytes.size() << " bytes";
  } catch (const ModelFileError& e) { EXPECT_EQ(std::string(e.what()).rfind(source + ": ", 0), 0u) << e.what(); }
}

TEST(Weights, RoundTrip) {
  const Weights w = sample_weights();
  const std::string bytes = serialize_weights(w);
  EXPECT_EQ(bytes.substr(0, 8), std::string(kWeightsMagic, 8));
  EXPECT_TRUE(parse_weights(bytes, "mem") == w);
  EXPECT_EQ(parse_weights(bytes, "mem").at("layer.weight").data[5], 1.5f);
}

TEST(Weights, SetRejectsMismatchedShape) {
  Weights w;
  EXPECT_THROW(w.set("x", {2, 2}, {1.0f}), std::invalid_argument);
  EXPECT_THROW(w.at("missing"), std::out_of_range);
}

TEST(Weights, AtomicSaveAndLoad) {
  const std::string path = temp_path("roundtrip.bin");
  save_weights(sample_weights(), path);
  EXPECT_TRUE(load_weights(path) == sample_weights());
  EXPECT_FALSE(std::ifstream(path + ".tmp." + std::to_string(::getpid())).good());
  std::remove(path.c_str());
}

TEST(Weights, MissingFileNamesThePath) {
  const std::string path = temp_path("does_not_exist.bin");
  try {
    load_weights(path);
    FAIL();
  } catch (const ModelFileError& e) { EXPECT_NE(std::string(e.what()).find(path), std::string::npos); }
}

TEST(Weights, EveryTruncationIsAnError) {
  const std::string bytes = serialize_weights(sample_weights());
  for (size_t len = 0; len < bytes.size(); ++len) expect_error(bytes.substr(0, len), "cut.bin");
}

TEST(Weights, EveryFlippedByteIsAnError) {
  const std::string bytes = serialize_weights(sample_weights());
  for (size_t i = 0; i < bytes.size(); ++i) {
    for (uint8_t mask : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
      std::string bad = bytes;
      bad[i] = char(uint8_t(bad[i]) ^ mask);
      expect_error(bad, "flip.bin");
    }
  }
}

TEST(Weights, WrongMagicAndWrongKind) {
  std::string bytes = serialize_weights(sample_weights());
  expect_error("PK\x03\x04 this is a zip file, not a model", "zip.bin");
  try {
    parse_weights(serialize_weights(sample_weights(), kAgentMagic), "agent.ddz");
    FAIL();
  } catch (const ModelFileError& e) {
    EXPECT_NE(std::string(e.what()).find("wrong kind of file"), std::string::npos) << e.what();
  }
  bytes += "extra";
  expect_error(bytes, "appended.bin");
}

TEST(Weights, HugeDeclaredSizesDoNotAllocate) {
  // A tensor header claiming 2^31 x 2^31 floats with a valid checksum must fail cleanly.
  std::string bytes(kWeightsMagic, 8);
  auto put32 = [&](uint32_t v) { bytes.append(reinterpret_cast<const char*>(&v), 4); };
  auto put64 = [&](int64_t v) { bytes.append(reinterpret_cast<const char*>(&v), 8); };
  put32(kContainerVersion);
  put32(0);
  put32(1);
  put32(1);
  bytes += "x";
  put32(2);
  put64(int64_t(1) << 31);
  put64(int64_t(1) << 31);
  const uint64_t sum = fnv1a64(bytes.data(), bytes.size());
  bytes.append(reinterpret_cast<const char*>(&sum), 8);
  expect_error(bytes, "huge.bin");
}

}  // namespace
}  // namespace ddz
