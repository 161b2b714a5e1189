// The interactive shell and script runner: all REPL state in one object (database, session,
// parser, splitter, output mode, line counter). Reads lines from a tty (libedit), a pipe, a
// file or -e, cuts them into statements and shell commands, runs them and prints results and
// errors exactly as cqlsh does. The only layer that does I/O or catches CqlError.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/engine.hpp"
#include "exec/database.hpp"
#include "exec/result.hpp"
#include "parse/parser.hpp"
#include "parse/splitter.hpp"
#include "print/table.hpp"
#include "shell/copy_csv.hpp"
#include "shell/command_table.hpp"
#include "shell/lesson_steps.hpp"
#include "shell/lessons.hpp"
#include "shell/cqlshrc.hpp"
#include "shell/options.hpp"

namespace cqlbox::server {
class Server;  // --listen (server/server.hpp): only run.cpp starts one
}  // namespace cqlbox::server

namespace cqlbox::shell {

// Whether `s` holds nothing but blanks (spaces, tabs, a carriage return).
bool blank(std::string_view s);
// Whether `line`, typed outside any statement, is a shell command (which ends at its line).
bool is_command_line(std::string_view line);
// A table named in a shell command ("ks.t", "t", "\"Ks\".\"T\""): normalised into ks and table.
ast::QualifiedName parse_table_name(std::string_view text, std::string& ks, std::string& table);
// A file argument: 'path' or path, with ~ expanded as cqlsh does.
std::string path_argument(std::string_view raw);
// The session clock in seconds (what expiry is judged by).
std::int64_t now_seconds(const exec::Database& db);

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

class Shell {
 public:
  explicit Shell(const Options& options);
  ~Shell();
  Shell(const Shell&) = delete;
  Shell& operator=(const Shell&) = delete;

  // Runs according to the options; returns the process exit status.
  int run();
  // Ends the process after run(): closes what holds data (the commit log, a CAPTURE file, a
  // COPY's error file, the C streams), and leaves the heap to the OS instead of freeing it.
  [[noreturn]] void exit_process(int status);
  // run()'s first step: cqlshrc, and --data's files opened. 0, or the exit status of a failure
  // (reported).
  int open();
  // Whether the session is at a terminal: cqlsh's interactive behaviour, colour by the options.
  void set_terminal(bool tty);
  // Whether a terminal pauses at ---MORE--- between pages (true). The browser edition's page
  // cannot wait inside a call: its pages follow each other, into the terminal's scrollback.
  void set_pager(bool pause) { pause_pages_ = pause; }
  // run() without the server: the script, file or interactive loop.
  int run_shell();

  // Runs `text` as piped input would run (non-tty, `source_name:N:` error prefixes).
  void run_script(std::string_view text, std::string_view source_name = "<stdin>");
  // Where results and errors go (stdout / stderr by default).
  void set_streams(std::FILE* out, std::FILE* err) {
    out_file_ = out;
    err_file_ = err;
  }
  bool had_error() const { return error_; }

  // A terminal session driven line by line (run_interactive, and the browser edition, whose
  // terminal edits the line): the banner, the prompt for the next line, and each line as typed
  // (nullopt: Ctrl-D; interrupted: Ctrl-C). terminal_line is false once the session ended.
  void start_terminal();
  std::string terminal_prompt();
  bool terminal_line(const std::optional<std::string>& line, bool interrupted);
  // Tab completion: the candidates for `word`, after `line` (the text before it on its line).
  std::vector<std::string> complete(std::string_view line, std::string_view word);

  // Every shell command (command_table.cpp): what run_shell_command, HELP and completion read.
  // Its runners are Shell's own lambdas, so they reach its private commands.
  static std::span<const ShellCommand> command_table();

 private:
  void feed_line(std::string_view line);
  void finish_input();
  // `unchecked_line`: the input line that holds all of `text` when cqlsh's lexical check of it
  // was left to here (feed_line): it runs unless the statement's shape is known.
  void run_statement(const std::string& text, std::string_view unchecked_line = {});
  void run_parsed(const ast::Statement& statement, const std::string& text);  // run_statement's second half
  // A SELECT a shell command makes (DRAW QUERY, COPY TO, a lesson's EXPLAIN), run through the
  // engine as any statement is: the session's permissions and consistency apply.
  exec::Result run_select(ast::Select select);
  bool run_shell_command(std::string_view command);
  void print_result(const exec::Result& result);
  void print_error(std::string_view text);
  static std::string strip_colours(std::string_view text);
  bool wait_for_enter();
  // A plain SELECT printed as it is read (run_statement): the page being filled, the rows so
  // far, and the sink the executor hands each row to.
  exec::Rows stream_page_;
  std::size_t streamed_ = 0;
  std::function<void(const std::vector<exec::Value>&)> stream_sink_;
  void print_stream_page();
  void flush();
  std::string prompt() const;
  int run_interactive();

  // commands.cpp
  void cmd_switch(std::string_view word, const std::vector<std::string>& args, bool& flag, const char* name);
  void cmd_paging(std::string_view word, const std::vector<std::string>& args);
  void cmd_consistency(std::string_view word, const std::vector<std::string>& args, bool serial);
  void cmd_show(std::string_view word, const std::vector<std::string>& args);

  // storage_commands.cpp
  void cmd_list(std::string_view text);
  void cmd_sstabledump(const std::string& word, const std::vector<std::string>& args);
  void cmd_get(std::string_view text);
  void cmd_clock(std::string_view word, const std::vector<std::string>& args);
  void print_storage(const exec::Rows& rows);

  // session_commands.cpp
  void cmd_source(std::string_view argument);
  void cmd_capture(std::string_view word, const std::vector<std::string>& args, std::string_view raw);
  void cmd_help(const std::vector<std::string>& args);
  void cmd_help_command(const CommandLine& c);  // HELP LESSONS, HELP DATASETS, else cmd_help
  void cmd_serial(const CommandLine& c);
  void cmd_exit(const CommandLine& c);
  void cmd_clear();
  void cmd_login(const CommandLine& c);
  void cmd_history(const std::vector<std::string>& args);
  // Logs the session in as `user` (--auth): "" on success, else cqlsh's "Connection error: …"
  // line. Without a password, asks for one on the terminal. Without --auth, only the prompt
  // changes, as cqlsh's LOGIN against a node that needs no login.
  std::string login(const std::string& user, std::optional<std::string> password);
  void empty_list_as_table(const ast::Statement& statement, exec::Result& result) const;
  void warn_date_overflow(const exec::Rows& rows);
  // cqlshrc (cqlshrc.cpp): read at start, under the command line and the environment.
  void apply_cqlshrc();
  // COPY's defaults: cqlshrc's [copy…] sections that exist, by name, in the order they apply.
  std::vector<std::pair<std::string, const std::vector<std::pair<std::string, std::string>>*>> copy_sections(
      const std::string& direction, const std::string& keyspace, const std::string& table) const;
  Cqlshrc cqlshrc_;
  print::DisplayOptions display_;              // [ui] precisions and time_format
  std::size_t csv_field_size_limit_ = 131072;  // [csv] field_size_limit: Python csv's default
  std::optional<bool> rc_color_;               // [ui] color
  bool date_overflow_warned_ = false;          // cqlsh's DateOverFlowWarning: once a session

  // copy_command.cpp (COPY FROM), copy_to.cpp (COPY TO)
  void cmd_copy(std::string_view text);
  // cmd_copy's steps; false when refused (reported).
  bool read_copy_command(std::string_view text, CopyRequest& c);
  bool apply_copy_options(CopyRequest& c);
  bool resolve_copy_table(CopyRequest& c);
  void copy_to(const CopyRequest& c);
  void copy_from(const CopyRequest& c);
  double copy_elapsed(const CopyRequest& c) const;  // seconds since it started (the session clock if fixed)
  void copy_import_line(std::string_view line);
  void import_copy_chunk();
  void import_copy_record(const CopyImport::Record& record);
  // A record bound to the prepared INSERT and run; false when it must take the text INSERT.
  bool import_bound_record(const CopyImport::Record& record);
  // A row COPY FROM could not import: reported, counted, written to the ERRFILE.
  void fail_copy_rows(std::size_t rows, bool parse, const std::string& kind, const std::string& message,
                      std::string_view outcome);
  void stop_copy_import();
  void finish_copy_import();
  // session_commands.cpp: runs `text` as SOURCE runs a file (a sub-session, `name:N:` errors).
  void run_sourced(const std::string& text, const std::string& name);
  // lesson_commands.cpp
  void cmd_lesson(std::string_view word, const std::vector<std::string>& args);
  void help_lessons();
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
  // A SELECT the student ran during a lesson: judged against the lesson's open tasks.
  void check_lesson_tries(const ast::Select& select);
  std::optional<GuidedLesson> guided_;
  void cmd_lesson_move(std::string_view word, const std::vector<std::string>& args);  // NEXT, BACK, AGAIN
  void run_lesson_step();                                                             // the step after the last one run
  void finish_lesson();  // the clock back as the lesson found it
  // Drops the keyspaces `script` creates (a fresh start); false when that failed (reported).
  bool drop_script_keyspaces(const EmbeddedScript& script);
  // --echo and guided lessons: `line` after the prompt, as a terminal shows what is typed.
  void echo_line(std::string_view line, const std::string& prompt);
  void input_line(std::string_view line);  // a line of the input: echoed (--echo), then fed
  std::string current_prompt() const;      // prompt(), or its continuation inside a statement
  bool echo_ = false;                      // --echo: input lines shown, errors on stdout
  std::string* record_ = nullptr;          // everything written goes here too (a lesson step's text)
  void cmd_dataset(std::string_view word, const std::vector<std::string>& args);
  // draw_command.cpp: DRAW RING / DRAW PARTITION, SVG pictures
  void cmd_draw(std::string_view text);
  std::string draw_query(std::string_view select_text);  // "" when refused (reported)
  // sizing_command.cpp
  void cmd_partition_size(std::string_view word, const std::vector<std::string>& args);
  void help_datasets();
  // Drops the keyspaces `script` creates, runs it, enters its first keyspace (returned; "" if none).
  std::string run_fresh(const EmbeddedScript& script);

  // tracing.cpp
  void print_trace(const std::string& statement, const ast::Statement& parsed, const exec::Result& result,
                   std::int64_t start_us, std::int64_t elapsed_us);
  void print_trace_session(const exec::Database::Trace& trace);
  void show_session(const std::string& id);  // SHOW SESSION <uuid>

  // describe_command.cpp
  void cmd_describe(std::string_view command_word, const std::vector<std::string>& args);
  void describe_statement(const std::string& statement);

  // nodetool.cpp
  void cmd_nodetool(std::string_view word, const std::vector<std::string>& args);
  void nodetool_status(const std::vector<std::string>& args);
  void nodetool_ring(const std::vector<std::string>& args);
  void nodetool_getendpoints(const std::vector<std::string>& args);
  void nodetool_describering(const std::vector<std::string>& args);
  void nodetool_tablestats(const std::vector<std::string>& args);
  void nodetool_tablehistograms(const std::vector<std::string>& args);
  void show_replicas(const std::vector<std::string>& args);
  void describe_cluster();
  std::string schema_version() const;

  Options options_;
  // Every statement runs through the engine (engine/engine.hpp), which owns the database, its
  // lock and --data's durability. db_ and db_mutex_ name its two parts the shell reads most.
  engine::Engine engine_;
  exec::Database& db_ = engine_.db();
  // Held while a line runs: --listen's connections execute on another thread (server.hpp).
  std::recursive_mutex& db_mutex_ = engine_.mutex();
  // Output written while the shell holds db_mutex_ (not at a terminal) waits here, in order,
  // and is written once the lock is released: stdout piped into a reader that stops reading
  // must not stall every protocol client waiting for the lock.
  std::vector<std::pair<std::FILE*, std::string>> held_output_;
  std::size_t held_count_ = 0;  // slots of held_output_ in use
  std::size_t held_bytes_ = 0;  // their text
  int lock_depth_ = 0;
  void write_out(std::FILE* file, std::string_view text);
  void release_output();
  // db_mutex_ for the shell's own work: output made meanwhile goes out after the unlock.
  class DbLock {
   public:
    explicit DbLock(Shell& shell) : shell_(shell), lock_(shell.db_mutex_) { ++shell_.lock_depth_; }
    ~DbLock() {
      --shell_.lock_depth_;
      lock_.unlock();
      if (shell_.lock_depth_ == 0) shell_.release_output();
    }
    DbLock(const DbLock&) = delete;
    DbLock& operator=(const DbLock&) = delete;

   private:
    Shell& shell_;
    std::unique_lock<std::recursive_mutex> lock_;
  };
  std::unique_ptr<server::Server> server_;
  // nodetool_data.cpp: NODETOOL flush, snapshot, clearsnapshot (the engine writes the files).
  void nodetool_flush();
  void nodetool_compact(const std::vector<std::string>& args);
  void nodetool_snapshot(const std::vector<std::string>& args);
  void nodetool_clearsnapshot(const std::vector<std::string>& args);
  // Batch sync: fsyncs the statements logged so far, before they are acknowledged (periodic
  // sync: when the period has passed, or `idle`, before waiting for input).
  void sync_log(bool idle = false);
  exec::Session session_;
  parse::Parser parser_;
  parse::StatementSplitter splitter_;
  // The statements each line cut, one list per nesting level (SOURCE feeds lines from within a
  // line), kept from line to line so their strings are reused.
  std::deque<parse::CutStatements> cut_;
  std::size_t feed_depth_ = 0;
  // The largest statement cqlbox reads (Cassandra's native_transport_max_frame_size is 16 MiB).
  static constexpr std::size_t kMaxStatementBytes = 16u << 20;
  bool zero_page_ = false;  // PAGING 0 was given
  bool oversized_ = false;  // skipping the rest of a statement over kMaxStatementBytes
  void refuse_oversized();
  print::TableStyle style_;
  std::unique_ptr<CopyImport> copy_import_;  // COPY FROM STDIN collecting lines
  bool storage_ = false;                     // STORAGE ON
  bool tracing_ = false;                     // TRACING ON
  bool tty_ = false;
  bool pause_pages_ = true;  // set_pager
  bool error_ = false;
  bool exit_ = false;
  std::string consistency_ = "ONE";
  std::string serial_consistency_ = "SERIAL";
  std::string out_;
  std::FILE* out_file_ = stdout;
  std::FILE* capture_ = nullptr;  // CAPTURE: query results go here instead
  std::string capture_path_;
  // CAPTURE '<file>' WITH STATEMENTS: a transcript for a handout. Each input line after its
  // prompt, and everything printed, errors included, goes to the file as plain text as well
  // as to the screen.
  std::FILE* transcript_ = nullptr;
  void transcribe(std::string_view text);
  void transcribe_input(std::string_view line);
  int source_depth_ = 0;
  // Statements entered at the prompt, oldest first: the latest 1,000 and at most 16 MiB of them
  // (a session that pastes large statements all day must not keep them all).
  std::deque<std::string> history_;
  std::size_t history_dropped_ = 0;  // older entries let go (HISTORY numbers from the first ever)
  std::size_t history_bytes_ = 0;
  void remember(std::string entry);
  std::string history_path_;     // where history_ is kept ("": nowhere)
  std::string history_entry_;    // the statement being typed, its lines joined
  int empty_continuations_ = 0;  // blank lines typed inside a statement
  bool echo_terminal_ = false;   // --tty --echo from a pipe: input lines shown after the prompt
  std::string user_;             // LOGIN
  std::FILE* err_file_ = stderr;
  std::string source_name_ = "<stdin>";
  std::size_t line_no_ = 1;  // cqlsh's counter: lines consumed + 1
  bool count_lines_ = true;  // -e never advances the counter
  std::size_t paging_size_ = 100;
};

}  // namespace cqlbox::shell
