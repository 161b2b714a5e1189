// `--data DIR`'s commit log (DIR/commitlog-N, N the segment): every statement that changes data or schema, as
// one record written before the statement runs (and, in batch sync mode, fsynced before the
// statement is acknowledged), so a statement whose result was printed is on disk. Replaying the records in order, each with the
// clock and random state it ran with, rebuilds the database exactly.
//
// Record layout (integers big-endian):
//   u32 payload length | u32 CRC-32 of the payload | payload
//   payload: u8 version (1) | i64 clock now µs | u8 clock fixed | i64 last write timestamp |
//            u64 random state | i64 last uuid time | i64 list prepend ticks |
//            u8 has client timestamp | i64 client timestamp |
//            u16+bytes session keyspace | u32+bytes statement text |
//            u16 value count | per value: u8 state (0 set, 1 null, 2 unset) | u32+bytes
//            [version 2 only: u16+bytes the role the statement ran as (--auth)]
// Damage (docs/persistence.md):
// - A record cut short or failing its checksum at the end of the last segment is a torn write
//   from a crash: replay reports it and cuts the file there, so it is never half-applied.
// - Damage followed by an intact record, or in a segment that is not the last, is corruption:
//   acknowledged statements follow it, so replay refuses to start (naming the file and offset)
//   unless salvaging, which skips to the next intact record, reports every skip and keeps a copy
//   of the damaged segment (commitlog-N.damaged).
// - A record whose statement fails at replay, or whose replay crashed the process last time (a
//   mapped marker, DIR/replay-position, says which record was being applied), is skipped,
//   reported and appended to DIR/commitlog-quarantine with its bytes: a poison record never
//   locks the user out of the data.
// The directory is locked (flock on DIR/lock) while open: a second process is refused.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::persist {

struct Record {
  std::int64_t now_us = 0;
  bool clock_fixed = false;
  std::int64_t last_timestamp = 0;
  std::uint64_t random_state = 0;
  std::int64_t last_uuid_time = 0;
  std::int64_t prepend_ticks = 0;
  std::optional<std::int64_t> client_timestamp;  // the native protocol's default timestamp
  std::string keyspace;
  std::string text;
  struct Value {
    std::uint8_t state = 0;  // 0 set, 1 null, 2 unset
    std::string bytes;
  };
  std::vector<Value> values;
  std::string user;  // the logged-in role (version 2); empty: anonymous, written as version 1
};

enum class SyncMode { Batch, Periodic };

class CommitLog {
 public:
  static constexpr std::int64_t kPeriodUs = 10'000'000;  // commitlog_sync_period: 10 s

  CommitLog() = default;
  ~CommitLog() { close(); }
  CommitLog(const CommitLog&) = delete;
  CommitLog& operator=(const CommitLog&) = delete;

  // Opens (creating) DIR. Returns an error message, or "".
  std::string open(const std::string& dir, SyncMode mode);
  // Syncs and closes the segment being written (a shutdown: what the destructor does).
  void close();

  // The newest data file's generation (DIR/data-N.db), 0 when there is none. The data file N
  // holds everything logged in the segments before N.
  std::uint64_t data_generation() const;

  struct ReplayReport {
    std::size_t replayed = 0;
    std::size_t quarantined = 0;
    std::string notice;     // what was cut, skipped or quarantined, for stderr
    std::string error;      // the log is damaged before acknowledged records: start refused
    bool salvaged = false;  // records were skipped over damage
    // Records were skipped (damage or quarantine): the log as it stands would replay them
    // again, so the caller writes a data file now and retires the segments.
    bool retire_log = false;
  };
  // Calls `apply` for each intact record of the segments from `generation` on, in order, then
  // opens the last segment for appending. `apply` returns "" or why the record failed; a failed
  // record is quarantined. With `salvage`, corruption is skipped instead of refused.
  ReplayReport replay(std::uint64_t generation, const std::function<std::string(const Record&)>& apply,
                      bool salvage = false);
  // The same for tests and tools: every record succeeds; `notice` gets the notice and error.
  std::size_t replay(std::uint64_t generation, const std::function<void(const Record&)>& apply, std::string& notice);

  // Flush, step 1: later records go to a new segment, whose number is returned (the data file
  // written next takes it). Step 2 (after that data file is safely in place): remove_before().
  std::uint64_t rotate(std::string& error);
  // Deletes the segments and data files older than `generation`.
  void remove_before(std::uint64_t generation);

  // Appends `r`. Returns an error message ("" on success); on error the log is as it was
  // before. Periodic mode fsyncs when the period has passed. Batch mode fsyncs in sync(), which
  // the shell and the server call before anything that acknowledges a statement goes out
  // (output, an error, the next prompt, a protocol response): every acknowledged statement is on
  // disk, and statements acknowledged together share one fsync (group commit).
  std::string append(const Record& r);
  // Batch mode: fsyncs what was appended since the last sync. Periodic mode: only when the
  // period has passed, or with `idle` (the shell is about to wait for input: the last writes
  // must not wait for a next one). Returns an error message or "".
  std::string sync(bool idle = false);
  // Takes back the last append (its statement failed and changed nothing).
  void rollback();

  bool is_open() const { return fd_ >= 0; }
  const std::string& path() const { return path_; }
  const std::string& dir() const { return dir_; }
  std::uint64_t segment() const { return segment_; }

  // Data files: written to a temporary name, fsynced, then renamed, so a data file is either
  // whole or absent. The payload carries a CRC-32; reading checks it.
  std::string write_data_file(std::uint64_t generation, const std::string& payload);
  bool read_data_file(std::uint64_t generation, std::string& payload, std::string& error) const;

 private:
  std::string open_segment(std::uint64_t n);
  struct Poison {
    std::uint64_t segment = 0, offset = 0;
    bool known = false;
  };
  void replay_segment(const std::function<std::string(const Record&)>& apply, bool last, bool salvage,
                      const Poison& poison, std::uint64_t* marker, ReplayReport& report, bool& copied);
  void quarantine(std::string_view record_bytes, ReplayReport& report);
  std::vector<std::uint64_t> numbered(const char* prefix, const char* suffix) const;

  int fd_ = -1;
  int lock_fd_ = -1;  // DIR/lock, flock'ed for the life of the process
  std::string dir_, path_;
  std::uint64_t segment_ = 0;
  SyncMode mode_ = SyncMode::Batch;
  std::uint64_t size_ = 0, before_last_ = 0;
  std::int64_t last_sync_us_ = 0;
  bool dirty_ = false;
};

// Snapshots (NODETOOL snapshot): copies `file` to `dir`/data.db (creating `dir` and its parent);
// an error message or "".
std::string copy_into(const std::string& file, const std::string& dir);
// Removes the snapshot directory `tag` under `snapshots` (every one when `tag` is empty).
void remove_snapshots(const std::string& snapshots, const std::string& tag);

}  // namespace cqlbox::persist
