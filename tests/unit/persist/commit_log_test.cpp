// CommitLog: records come back as written; a torn or corrupt tail is cut off and reported;
// rollback takes back the last record.
#include "persist/commit_log.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using cqlbox::persist::CommitLog;
using cqlbox::persist::Record;
using cqlbox::persist::SyncMode;

namespace {

std::string temp_dir() {
  char tmpl[] = "/tmp/cqlbox-log-XXXXXX";
  return mkdtemp(tmpl);
}

Record record(std::string text, int values = 0) {
  Record r;
  r.now_us = 1700000000000000;
  r.last_timestamp = r.now_us - 1;
  r.random_state = 42;
  r.keyspace = "ks";
  r.text = std::move(text);
  for (int i = 0; i < values; ++i) r.values.push_back({static_cast<std::uint8_t>(i % 3), std::string(4, 'x')});
  return r;
}

std::vector<Record> replay(const std::string& dir, std::string& notice) {
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::vector<Record> out;
  log.replay(0, [&](const Record& r) { out.push_back(r); }, notice);
  return out;
}

}  // namespace

TEST_CASE("commit log: records round-trip, rollback takes back the last one") {
  const std::string dir = temp_dir();
  {
    CommitLog log;
    REQUIRE(log.open(dir, SyncMode::Batch).empty());
    std::string notice;
    CHECK(log.replay(0, [](const Record&) {}, notice) == 0);  // opens segment 1
    CHECK(log.append(record("INSERT 1")).empty());
    CHECK(log.append(record("INSERT 2", 3)).empty());
    CHECK(log.append(record("BAD")).empty());
    log.rollback();
  }
  std::string notice;
  auto got = replay(dir, notice);
  CHECK(notice.empty());
  REQUIRE(got.size() == 2);
  CHECK(got[1].text == "INSERT 2");
  CHECK(got[1].keyspace == "ks");
  CHECK(got[1].now_us == 1700000000000000);
  REQUIRE(got[1].values.size() == 3);
  CHECK(got[1].values[1].state == 1);
  CHECK(got[1].values[2].bytes == "xxxx");
}

TEST_CASE("commit log: a torn or corrupt tail is dropped, reported and cut") {
  const std::string dir = temp_dir();
  {
    CommitLog log;
    REQUIRE(log.open(dir, SyncMode::Periodic).empty());
    std::string notice;
    log.replay(0, [](const Record&) {}, notice);
    CHECK(log.append(record("INSERT 1")).empty());
    CHECK(log.append(record("INSERT 2")).empty());
  }
  const std::string path = dir + "/commitlog-1";
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  SUBCASE("cut in the middle of the second record") {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 5);
  }
  SUBCASE("a flipped byte in the second record") {
    bytes[bytes.size() - 3] ^= 0x40;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  }
  std::string notice;
  auto got = replay(dir, notice);
  REQUIRE(got.size() == 1);
  CHECK(got[0].text == "INSERT 1");
  CHECK(notice.find("dropped") != std::string::npos);
  // The tail is gone for good: the next start replays cleanly.
  std::string again;
  CHECK(replay(dir, again).size() == 1);
  CHECK(again.empty());
}

TEST_CASE("commit log: an unwritable directory is an error, not a crash") {
  CommitLog log;
  CHECK(!log.open("/proc/cqlbox-no-such-dir/x", SyncMode::Batch).empty());
  CHECK(!log.is_open());
}

TEST_CASE("commit log: segments and data files") {
  const std::string dir = temp_dir();
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::string notice, error;
  log.replay(0, [](const Record&) {}, notice);
  CHECK(log.append(record("INSERT 1")).empty());
  const auto gen = log.rotate(error);
  CHECK(error.empty());
  CHECK(gen == 2);
  CHECK(log.append(record("INSERT 2")).empty());
  CHECK(log.write_data_file(gen, "state up to segment 2").empty());
  log.remove_before(gen);
  CHECK(log.data_generation() == 2);
  std::string payload;
  CHECK(log.read_data_file(2, payload, error));
  CHECK(payload == "state up to segment 2");
  std::vector<std::string> texts;
  CommitLog again;
  REQUIRE(again.open(dir, SyncMode::Batch).empty());
  again.replay(again.data_generation(), [&](const Record& r) { texts.push_back(r.text); }, notice);
  CHECK(texts == std::vector<std::string>{"INSERT 2"});
}
