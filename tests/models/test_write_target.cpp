// The atomic file writer's targets: a regular file is replaced by rename, a symlink keeps being a
// link to the new content, and a FIFO (standing in for /dev/null or /dev/stdout) is written into.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <string>

#include "models/weights.h"
#include "tests/models/fifo_reader.h"

namespace ddz {
namespace {

std::string temp_dir() {
  char pattern[] = "/tmp/ddz_write_target_XXXXXX";
  const char* dir = ::mkdtemp(pattern);
  if (dir == nullptr) throw std::runtime_error("mkdtemp failed");
  return dir;
}

TEST(WriteTarget, RegularAndNewFilesAreRenamedOver) {
  const std::string dir = temp_dir();
  const std::string path = dir + "/a.bin";
  EXPECT_TRUE(write_target(path).rename_over);  // does not exist yet
  write_file_atomic(path, "first");
  EXPECT_TRUE(write_target(path).rename_over);
  write_file_atomic(path, "second");
  EXPECT_EQ(slurp(path), "second");
  std::remove(path.c_str());
  ::rmdir(dir.c_str());
}

TEST(WriteTarget, SymlinkStaysALinkToTheNewContent) {
  const std::string dir = temp_dir();
  const std::string real = dir + "/real.bin", link = dir + "/link.bin";
  write_file_atomic(real, "old");
  ASSERT_EQ(::symlink(real.c_str(), link.c_str()), 0);
  const WriteTarget t = write_target(link);
  EXPECT_TRUE(t.rename_over);
  EXPECT_EQ(t.path, std::filesystem::canonical(real).string());
  write_file_atomic(link, "new");
  struct stat st {};
  ASSERT_EQ(::lstat(link.c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode)) << "the symlink was replaced by a plain file";
  EXPECT_EQ(slurp(real), "new");
  std::remove(link.c_str());
  std::remove(real.c_str());
  ::rmdir(dir.c_str());
}

TEST(WriteTarget, FifoIsWrittenIntoNotReplaced) {
  const std::string dir = temp_dir();
  const std::string fifo = dir + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(write_target(fifo).rename_over);
  // The reader opens the FIFO for reading, which lets the writer's open return.
  std::future<std::string> reader = read_fifo_async(fifo);
  write_file_atomic(fifo, "through the pipe");
  ASSERT_EQ(reader.wait_for(std::chrono::seconds(60)), std::future_status::ready) << "nothing written into the FIFO";
  EXPECT_EQ(reader.get(), "through the pipe");
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced by a plain file";
  std::remove(fifo.c_str());
  ::rmdir(dir.c_str());
}

}  // namespace
}  // namespace ddz
