// The shell's state: everything a session of the REPL or a script holds, in one struct passed
// explicitly to the shell's functions (shell.hpp's public ones, internal.hpp's own), as
// sqlite's shell keeps its ShellState. The engine inside it owns the database, its lock and
// --data's durability; the rest is the session, the input being cut, the output being
// written, and the state of the commands that span lines (COPY FROM STDIN, a guided lesson,
// CAPTURE).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine.hpp"
#include "exec/database.hpp"
#include "exec/replica_activity.hpp"
#include "exec/result.hpp"
#include "parse/parser.hpp"
#include "parse/splitter.hpp"
#include "print/table.hpp"
#include "shell/copy_csv.hpp"
#include "shell/cqlshrc.hpp"
#include "shell/lesson_steps.hpp"
#include "shell/lessons.hpp"
#include "shell/options.hpp"

namespace cqlbox::server {
class Server;  // --listen (server/server.hpp): only run.cpp starts one
}  // namespace cqlbox::server

namespace cqlbox::shell {

// A COPY command as read (copy_command.cpp): its words, its options, the table and columns.
struct CopyRequest {
  std::string table_name;                                 // as written
  std::vector<std::string> columns;                       // as written, normalised
  std::string direction, target;                          // TO | FROM; 'file', STDIN or STDOUT
  std::vector<std::pair<std::string, std::string>> with;  // WITH options in order (key upper case)
  CopyOptions options;
  bool chatty = false;  // COPY's own messages are shown (not for an export to STDOUT)
  const schema::TableSchema* table = nullptr;
  std::vector<int> cols;  // the columns, in the CSV's order
  std::int64_t started_us = 0;
  std::chrono::steady_clock::time_point started;
};

// A COPY … FROM in progress: records are imported as their lines arrive (from the file, or
// from STDIN through feed_line until "\.").
struct CopyImport {
  const schema::TableSchema* table = nullptr;
  std::vector<int> columns;
  std::vector<bool> keep;  // false for SKIPCOLS columns
  CopyOptions options;
  bool from_stdin = false, header_skipped = false, stopped = false;
  std::string err_file;
  std::ofstream err_out;
  std::string insert_head, insert_tail;  // "INSERT INTO ks.t (cols) VALUES (" and ");"
  // The same INSERT with a marker for each value, parsed once: a record whose fields all have a
  // plain constant form binds their bytes to it (copy_csv.hpp's append_bound_bytes) and is
  // never printed into a statement or parsed. Other records take the text INSERT.
  std::unique_ptr<parse::ParsedStatement> prepared;
  std::vector<std::string> bound_bytes;
  std::vector<exec::BoundValue> bound;
  long long read = 0, records = 0, imported = 0, failed = 0, parse_errors = 0, insert_errors = 0;
  std::int64_t started_us = 0;
  std::chrono::steady_clock::time_point started;
  // Reused per record.
  std::string pending, statement;
  std::vector<std::string> fields;
  std::vector<bool> quoted;
  // The records read and not yet imported: cqlsh hands rows to its workers in chunks of
  // CHUNKSIZE, and a chunk whose CSV cannot be read fails whole.
  struct Record {
    std::string text;
    std::vector<std::string> fields;
    std::vector<bool> quoted;
  };
  std::vector<Record> chunk;  // the first chunk_used are the chunk; the rest wait for reuse
  std::size_t chunk_used = 0;
  std::vector<std::string> reports;  // STDIN: failures, printed when the data ends
};

// LESSON n's guided mode: one step at a time, NEXT / BACK / AGAIN, LESSON alone says where.
struct GuidedLesson {
  const Lesson* lesson = nullptr;
  std::vector<LessonStep> steps;
  std::vector<std::string> shown;  // what each step run so far printed (BACK, AGAIN show it)
  std::size_t at = 0;              // the step last shown, from 1 (0: none yet)
  bool over = false;               // the last step ran: the clock is back as it was
  std::optional<std::int64_t> clock_before;
  std::vector<LessonTry> tries;  // the student's tasks, checked on each SELECT
  std::vector<bool> tried;       // …done
};

// The largest statement cqlbox reads (Cassandra's native_transport_max_frame_size is 16 MiB).
inline constexpr std::size_t kMaxStatementBytes = 16u << 20;

struct ShellState {
  // The options applied (shell.cpp): the ring, --auth, --now, the memory limit.
  explicit ShellState(const Options& options);
  ~ShellState();  // closes a CAPTURE file and a transcript left open
  ShellState(const ShellState&) = delete;
  ShellState& operator=(const ShellState&) = delete;

  Options options;
  // Every statement runs through the engine (engine/engine.hpp), which owns the database, its
  // lock and --data's durability. db and db_mutex name its two parts the shell reads most.
  engine::Engine engine;
  exec::Database& db = engine.db();
  // Held while a line runs: --listen's connections execute on another thread (server.hpp).
  std::recursive_mutex& db_mutex = engine.mutex();
  std::unique_ptr<server::Server> server;
  exec::Session session;
  exec::ReplicaActivity replica_activity;  // the replicas a traced statement contacted
  parse::Parser parser;
  parse::StatementSplitter splitter;

  // Input.
  // The statements each line cut, one list per nesting level (SOURCE feeds lines from within a
  // line), kept from line to line so their strings are reused.
  std::deque<parse::CutStatements> cut;
  std::size_t feed_depth = 0;
  bool oversized = false;  // skipping the rest of a statement over kMaxStatementBytes
  int source_depth = 0;
  std::string source_name = "<stdin>";
  std::size_t line_no = 1;  // cqlsh's counter: lines consumed + 1
  bool count_lines = true;  // -e never advances the counter
  bool tty = false;
  bool echo = false;           // --echo: input lines shown, errors on stdout
  bool echo_terminal = false;  // --tty --echo from a pipe: input lines shown after the prompt
  bool error = false;          // a statement or command failed (the exit status)
  bool exit = false;           // EXIT or QUIT was given
  // Statements entered at the prompt, oldest first: the latest 1,000 and at most 16 MiB of them
  // (a session that pastes large statements all day must not keep them all).
  std::deque<std::string> history;
  std::size_t history_dropped = 0;  // older entries let go (HISTORY numbers from the first ever)
  std::size_t history_bytes = 0;
  std::string history_path;     // where history is kept ("": nowhere)
  std::string history_entry;    // the statement being typed, its lines joined
  int empty_continuations = 0;  // blank lines typed inside a statement

  // Output.
  std::string out;  // written so far, not yet flushed
  std::FILE* out_file = stdout;
  std::FILE* err_file = stderr;
  std::FILE* capture = nullptr;  // CAPTURE: query results go here instead
  std::string capture_path;
  // CAPTURE '<file>' WITH STATEMENTS: a transcript for a handout. Each input line after its
  // prompt, and everything printed, errors included, goes to the file as plain text as well
  // as to the screen.
  std::FILE* transcript = nullptr;
  std::string* record = nullptr;  // everything written goes here too (a lesson step's text)
  // Output written while the shell holds db_mutex (not at a terminal) waits here, in order,
  // and is written once the lock is released: stdout piped into a reader that stops reading
  // must not stall every protocol client waiting for the lock.
  std::vector<std::pair<std::FILE*, std::string>> held_output;
  std::size_t held_count = 0;  // slots of held_output in use
  std::size_t held_bytes = 0;  // their text
  int lock_depth = 0;
  print::TableStyle style;
  print::DisplayOptions display;      // [ui] precisions and time_format
  bool pause_pages = true;            // a terminal pauses at ---MORE--- between pages (not in a browser)
  bool date_overflow_warned = false;  // cqlsh's DateOverFlowWarning: once a session
  print::FormattedRows formatted;     // the table being printed, its buffers kept for the next
  // A plain SELECT printed as it is read (run_statement): the page being filled, the rows so
  // far, and the sink the executor hands each row to.
  exec::Rows stream_page;
  std::size_t streamed = 0;
  std::function<void(const std::vector<exec::Value>&)> stream_sink;

  // Session settings.
  bool zero_page = false;  // PAGING 0 was given
  std::size_t paging_size = 100;
  bool storage = false;  // STORAGE ON
  bool tracing = false;  // TRACING ON
  std::string consistency = "ONE";
  std::string serial_consistency = "SERIAL";
  std::string user;  // LOGIN
  // cqlshrc (cqlshrc.cpp): read at start, under the command line and the environment.
  Cqlshrc cqlshrc;
  std::size_t csv_field_size_limit = 131072;  // [csv] field_size_limit: Python csv's default
  std::optional<bool> rc_color;               // [ui] color

  // Commands that span lines.
  std::unique_ptr<CopyImport> copy_import;  // COPY FROM STDIN collecting lines
  std::optional<GuidedLesson> guided;
};

// db_mutex for the shell's own work: output made meanwhile goes out after the unlock.
class DbLock {
 public:
  explicit DbLock(ShellState& sh) : sh_(sh), lock_(sh.db_mutex) { ++sh_.lock_depth; }
  ~DbLock();  // output.cpp: releases the held output when the outermost lock goes
  DbLock(const DbLock&) = delete;
  DbLock& operator=(const DbLock&) = delete;

 private:
  ShellState& sh_;
  std::unique_lock<std::recursive_mutex> lock_;
};

}  // namespace cqlbox::shell
