// CommitLog: records come back as written; a torn or corrupt tail is cut off and reported;
// rollback takes back the last record.
#include "persist/commit_log.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using cqlbox::persist::CommitLog;
using cqlbox::persist::Record;
using cqlbox::persist::SyncMode;

namespace {

// Every directory a test made, removed when the test binary ends (they were left in /tmp).
struct TempDirs {
  std::vector<std::string> made;
  ~TempDirs() {
    for (const auto& d : made) std::filesystem::remove_all(d);
  }
};

std::string temp_dir() {
  static TempDirs dirs;
  char tmpl[] = "/tmp/cqlbox-log-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  dirs.made.push_back(dir);
  return dir;
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
  log.replay(
      0, [&](const Record& r) { out.push_back(r); }, notice);
  return out;
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

// A log in `dir` holding one record per text, in segment 1.
void write_log(const std::string& dir, const std::vector<std::string>& texts) {
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::string notice;
  log.replay(
      0, [](const Record&) {}, notice);
  for (const auto& t : texts) CHECK(log.append(record(t)).empty());
}

}  // namespace

TEST_CASE("commit log: records round-trip, rollback takes back the last one") {
  const std::string dir = temp_dir();
  {
    CommitLog log;
    REQUIRE(log.open(dir, SyncMode::Batch).empty());
    std::string notice;
    CHECK(log.replay(
              0, [](const Record&) {}, notice) == 0);  // opens segment 1
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
    log.replay(
        0, [](const Record&) {}, notice);
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
  log.replay(
      0, [](const Record&) {}, notice);
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
  log.close();  // one process at a time: the directory is locked while a log is open
  CommitLog again;
  REQUIRE(again.open(dir, SyncMode::Batch).empty());
  again.replay(
      again.data_generation(), [&](const Record& r) { texts.push_back(r.text); }, notice);
  CHECK(texts == std::vector<std::string>{"INSERT 2"});
}

TEST_CASE("commit log: damage followed by intact records refuses to start unless salvaging") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "INSERT 2", "INSERT 3", "INSERT 4"});
  const std::string path = dir + "/commitlog-1";
  std::string bytes = read_all(path);
  bytes[bytes.size() / 2] ^= 0x10;  // a flipped bit in the second or third record
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  auto texts_of = [&](bool salvage, CommitLog::ReplayReport& report) {
    CommitLog log;
    REQUIRE(log.open(dir, SyncMode::Batch).empty());
    std::vector<std::string> texts;
    report = log.replay(
        0,
        [&](const Record& r) {
          texts.push_back(r.text);
          return std::string();
        },
        salvage);
    return texts;
  };
  CommitLog::ReplayReport report;
  texts_of(false, report);
  CHECK(report.error.find(path + " is damaged at offset") != std::string::npos);
  CHECK(report.error.find("--salvage-commitlog") != std::string::npos);
  CHECK(read_all(path) == bytes);  // refused: the damaged file is left exactly as it was
  const auto salvaged = texts_of(true, report);
  CHECK(report.error.empty());
  CHECK(report.salvaged);
  CHECK(report.notice.find("skipped") != std::string::npos);
  CHECK(salvaged.size() == 3);
  CHECK(salvaged.front() == "INSERT 1");
  CHECK(salvaged.back() == "INSERT 4");
  CHECK(read_all(path + ".damaged") == bytes);
}

TEST_CASE("commit log: a bad length in the first record does not drop what follows") {
  const std::string dir = temp_dir();
  write_log(dir, {"CREATE", "INSERT 1", "INSERT 2"});
  const std::string path = dir + "/commitlog-1";
  std::string bytes = read_all(path);
  bytes[0] = '\x7f';  // the first record's length: past the end of the file
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  std::string notice;
  CHECK(replay(dir, notice).empty());
  CHECK(notice.find("is damaged at offset 0") != std::string::npos);
}

TEST_CASE("commit log: damage in a segment before the last is never cut, and appends go to the last") {
  const std::string dir = temp_dir();
  {
    CommitLog log;
    REQUIRE(log.open(dir, SyncMode::Batch).empty());
    std::string notice, error;
    log.replay(
        0, [](const Record&) {}, notice);
    CHECK(log.append(record("INSERT 1")).empty());
    CHECK(log.append(record("INSERT 2")).empty());
    log.rotate(error);  // a flush that failed after the rotation: two segments stay
    CHECK(log.append(record("DROP TABLE")).empty());
  }
  const std::string first = dir + "/commitlog-1";
  std::string bytes = read_all(first);
  std::ofstream(first, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 5);  // a torn tail
  std::string notice;
  replay(dir, notice);  // refused: cutting it would replay DROP TABLE after new writes
  CHECK(notice.find("later segments follow") != std::string::npos);
  CHECK(read_all(first) == bytes.substr(0, bytes.size() - 5));
  // Salvaging reads both segments in order; new appends then go to the newest segment.
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::vector<std::string> texts;
  auto report = log.replay(
      0,
      [&](const Record& r) {
        texts.push_back(r.text);
        return std::string();
      },
      true);
  CHECK(texts == std::vector<std::string>{"INSERT 1", "DROP TABLE"});
  CHECK(log.segment() == 2);
}

TEST_CASE("commit log: a record that fails at replay is skipped and quarantined with its bytes") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "POISON", "INSERT 3"});
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::vector<std::string> texts;
  auto report = log.replay(0, [&](const Record& r) {
    if (r.text == "POISON") return std::string("it fails now");
    texts.push_back(r.text);
    return std::string();
  });
  CHECK(texts == std::vector<std::string>{"INSERT 1", "INSERT 3"});
  CHECK(report.quarantined == 1);
  CHECK(report.notice.find("it fails now") != std::string::npos);
  CHECK(read_all(dir + "/commitlog-quarantine").find("POISON") != std::string::npos);
}

TEST_CASE("commit log: a record whose replay kills the process is skipped at the next start") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "CRASH", "INSERT 3"});
  auto apply = [](std::vector<std::string>& texts) {
    return [&texts](const Record& r) {
      if (r.text == "CRASH") raise(SIGKILL);  // stands for a crash in the statement's execution
      texts.push_back(r.text);
      return std::string();
    };
  };
  // The first start dies in the middle of replay.
  const pid_t pid = fork();
  if (pid == 0) {
    CommitLog log;
    if (!log.open(dir, SyncMode::Batch).empty()) _exit(3);
    std::vector<std::string> texts;
    log.replay(0, apply(texts));
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFSIGNALED(status));
  CHECK(exists(dir + "/replay-position"));
  // The next start tries that record apart, sees it die again, and goes on without it.
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::vector<std::string> texts;
  auto report = log.replay(0, apply(texts));
  CHECK(texts == std::vector<std::string>{"INSERT 1", "INSERT 3"});
  CHECK(report.quarantined == 1);
  CHECK(report.notice.find("crashed") != std::string::npos);
  CHECK(!exists(dir + "/replay-position"));
}

TEST_CASE("commit log: a kill during replay loses nothing: the suspected record is retried") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "INSERT 2"});
  {
    // What a kill -9 while replaying the second record leaves: the marker names it (segment 1,
    // the offset after the first record: its 8-byte header and its payload length).
    const std::string first = read_all(dir + "/commitlog-1");
    std::uint64_t length = 0;
    for (int i = 0; i < 4; ++i) length = length << 8 | static_cast<unsigned char>(first[static_cast<std::size_t>(i)]);
    const std::uint64_t pos[2] = {1, 8 + length};
    std::ofstream(dir + "/replay-position", std::ios::binary).write(reinterpret_cast<const char*>(pos), sizeof pos);
  }
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  std::vector<std::string> texts;
  auto report = log.replay(0, [&](const Record& r) {
    texts.push_back(r.text);
    return std::string();
  });
  CHECK(texts == std::vector<std::string>{"INSERT 1", "INSERT 2"});
  CHECK(report.quarantined == 0);
}

TEST_CASE("commit log: a second opener of the directory is refused; leftover .tmp files are removed") {
  const std::string dir = temp_dir();
  std::ofstream(dir + "/data-7.db.tmp") << "half a data file";
  CommitLog first;
  REQUIRE(first.open(dir, SyncMode::Batch).empty());
  CHECK(!exists(dir + "/data-7.db.tmp"));
  CommitLog second;
  CHECK(second.open(dir, SyncMode::Batch).find("is in use by another cqlbox process") != std::string::npos);
  first.close();
  CommitLog third;
  CHECK(third.open(dir, SyncMode::Batch).empty());
}

TEST_CASE("commit log: a torn tail followed only by an empty segment is a torn tail (a crash after a rotation)") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "INSERT 2"});
  const std::string first = dir + "/commitlog-1";
  const std::string bytes = read_all(first);
  std::ofstream(first, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 5);
  std::ofstream(dir + "/commitlog-2", std::ios::binary | std::ios::trunc);  // created, never written
  std::string notice;
  const auto got = replay(dir, notice);
  REQUIRE(got.size() == 1);
  CHECK(notice.find("dropped") != std::string::npos);
}

TEST_CASE("commit log: a replay that skipped a record asks for the log to be retired") {
  const std::string dir = temp_dir();
  write_log(dir, {"INSERT 1", "POISON"});
  CommitLog log;
  REQUIRE(log.open(dir, SyncMode::Batch).empty());
  auto report =
      log.replay(0, [](const Record& r) { return r.text == "POISON" ? std::string("fails") : std::string(); });
  CHECK(report.quarantined == 1);
  CHECK(report.retire_log);  // else the next start would replay (and quarantine) it again
}
