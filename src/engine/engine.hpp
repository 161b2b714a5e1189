// The engine: the one place a statement runs. It owns the database, the lock every front end
// takes around its work, and --data's durability (the commit log and the data files). The
// shell, COPY FROM, LESSON/DATASET, SOURCE and the native protocol server all run statements
// through execute(), which logs a statement that changes state before it runs and takes the
// record back if it fails, so no front end repeats that sequence or calls back into another.
//
// Parsing stays with the caller: each front end has its own way to a statement (the shell's
// splitter and cqlsh's lexical checks, the server's prepared statements, COPY's prepared
// INSERT), and hands the engine the AST with the text the commit log keeps.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exec/bound_values.hpp"
#include "exec/database.hpp"
#include "exec/result.hpp"
#include "parse/parser.hpp"
#include "engine/prepared_statements.hpp"
#include "persist/commit_log.hpp"

namespace cqlbox::engine {

// A statement's record could not be written to the commit log: the statement did not run.
// Front ends report it as a server error (the shell prints "ServerError: <message>", the
// protocol answers SERVER_ERROR).
struct DurabilityError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct DataOptions {
  std::string dir;
  bool periodic_sync = false;  // commitlog_sync: periodic (else batch: fsync before acknowledging)
  bool salvage = false;        // replay past damage, skipping to the next intact record
};

class Engine {
 public:
  Engine() = default;
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  exec::Database& db() { return db_; }
  const exec::Database& db() const { return db_; }
  // Held around every statement and every front end's own reads of the database: the shell's
  // lines and the server's requests run on different threads.
  std::recursive_mutex& mutex() { return mutex_; }

  // The native protocol's prepared statements: a schema statement run here drops those it
  // invalidates, whichever front end ran it.
  PreparedStatements& prepared() { return prepared_; }

  // Runs `statement` (parsed from `text`; `values` are its bound values, if any) in `session`.
  // With --data, a statement that changes data or schema is logged first, at the instant it then
  // runs at; if the record cannot be written, DurabilityError and nothing runs; if the statement
  // fails, its record is taken back. Throws what the statement throws. Call under mutex().
  exec::Result execute(const ast::Statement& statement, std::string_view text, exec::Session& session,
                       const std::vector<exec::BoundValue>* values = nullptr);

  // --data (durability.cpp). Opens DIR: its newest data file, then the commit log after it.
  // An error message (the start is refused), or "". Notices (a torn tail cut, records skipped)
  // go to stderr.
  std::string open_data(const DataOptions& options);
  bool durable() const { return log_.is_open(); }
  const std::string& data_dir() const { return log_.dir(); }
  // Batch sync: fsyncs what was logged, before it is acknowledged (periodic sync: only when the
  // period has passed, or when `idle`). An error message or "".
  std::string sync(bool idle = false);
  // NODETOOL flush: a new log segment, a data file of everything before it, the older segments
  // and data files removed. An error message or "" (nothing to do without --data).
  std::string flush();
  // NODETOOL snapshot: a flush, then the data file copied to DIR/snapshots/<tag>.
  std::string snapshot(const std::string& tag);
  // NODETOOL clearsnapshot: DIR/snapshots/<tag> removed (every snapshot for "").
  void clear_snapshots(const std::string& tag);
  // Syncs and closes the commit log (the process is ending).
  void close() { log_.close(); }

 private:
  bool changes_state(const ast::Statement& statement) const;
  void log(const ast::Statement& statement, std::string_view text, const exec::Session& session,
           const std::vector<exec::BoundValue>* values);
  void finish(bool failed);
  std::string data_file_payload();
  std::string load_data_file(const std::string& payload);

  exec::Database db_;
  std::recursive_mutex mutex_;
  PreparedStatements prepared_;
  persist::CommitLog log_;
  parse::Parser parser_;  // data files and replay
  // A logged statement runs at the clock it was logged with: the clock as it was before.
  bool pinned_ = false;
  std::optional<std::int64_t> pinned_clock_;
};

}  // namespace cqlbox::engine
