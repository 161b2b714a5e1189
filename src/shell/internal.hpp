// The shell's own functions, by the file that defines them: each takes the session's state
// (state.hpp) first. Only src/shell/ includes this; the process, the browser edition and the
// tests call shell.hpp's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/result.hpp"
#include "shell/command_table.hpp"
#include "shell/lessons.hpp"
#include "shell/shell.hpp"
#include "shell/state.hpp"

namespace cqlbox::shell {

// shell.cpp: the input cut into statements and commands, each run.
void feed_line(ShellState& sh, std::string_view line);
void finish_input(ShellState& sh);
// `unchecked_line`: the input line that holds all of `text` when cqlsh's lexical check of it
// was left to here (feed_line): it runs unless the statement's shape is known.
void run_statement(ShellState& sh, const std::string& text, std::string_view unchecked_line = {});
void run_parsed(ShellState& sh, const ast::Statement& statement,
                const std::string& text);  // run_statement's second half
// A SELECT a shell command makes (DRAW QUERY, COPY TO, a lesson's EXPLAIN), run through the
// engine as any statement is: the session's permissions and consistency apply.
exec::Result run_select(ShellState& sh, ast::Select select);
bool run_shell_command(ShellState& sh, std::string_view command);
void refuse_oversized(ShellState& sh);
// Batch sync: fsyncs the statements logged so far, before they are acknowledged (periodic
// sync: when the period has passed, or `idle`, before waiting for input).
void sync_log(ShellState& sh, bool idle = false);

// output.cpp: results, errors and the pager.
void print_result(ShellState& sh, const exec::Result& result);
void print_error(ShellState& sh, std::string_view text);
std::string strip_colours(std::string_view text);
bool wait_for_enter();
void print_stream_page(ShellState& sh);
void flush(ShellState& sh);
void write_out(ShellState& sh, std::FILE* file, std::string_view text);
void release_output(ShellState& sh);
// Writes `text` to `file`. Results on a terminal go out at once, and so do they with --data,
// where a statement's output acknowledges it (what a killed process printed, it kept: the kill
// test). Otherwise piped or redirected results stay in stdio's buffer until cqlbox waits for
// input (flush_before_waiting), writes to stderr or exits: one write(2) per buffer, not one per
// statement (those system calls were 30% of 100,000 point reads). The order of stdout and
// stderr is kept: stdout is flushed before stderr is written.
void put_text(ShellState& sh, std::FILE* file, std::string_view text);
// Before cqlbox blocks on its input: a program driving it through a pipe sees every answer
// before it writes the next statement.
void flush_before_waiting(ShellState& sh);
// The same, with the output held under the database lock too: before a statement opens a file
// the user named (a FIFO blocks the open until its other end is opened, perhaps by a program
// that waits for the answers before it), and before LOGIN asks for a password.
void flush_all_before_waiting(ShellState& sh);
void transcribe(ShellState& sh, std::string_view text);
void transcribe_input(ShellState& sh, std::string_view line);
void empty_list_as_table(ShellState& sh, const ast::Statement& statement, exec::Result& result);
void warn_date_overflow(ShellState& sh, const exec::Rows& rows);

// terminal.cpp: the interactive loop.
std::string prompt(ShellState& sh);
int run_interactive(ShellState& sh);
// --echo and guided lessons: `line` after the prompt, as a terminal shows what is typed.
void echo_line(ShellState& sh, std::string_view line, const std::string& prompt);
void input_line(ShellState& sh, std::string_view line);  // a line of the input: echoed (--echo), then fed
std::string current_prompt(ShellState& sh);              // prompt(), or its continuation inside a statement
void remember(ShellState& sh, std::string entry);

// commands.cpp
void cmd_switch(ShellState& sh, std::string_view word, const std::vector<std::string>& args, bool& flag,
                const char* name);
void cmd_paging(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
void cmd_consistency(ShellState& sh, std::string_view word, const std::vector<std::string>& args, bool serial);
void cmd_show(ShellState& sh, std::string_view word, const std::vector<std::string>& args);

// storage_commands.cpp
void cmd_list(ShellState& sh, std::string_view text);
void cmd_sstabledump(ShellState& sh, const std::string& word, const std::vector<std::string>& args);
void cmd_get(ShellState& sh, std::string_view text);
void cmd_clock(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
void print_storage(ShellState& sh, const exec::Rows& rows);

// session_commands.cpp
void cmd_source(ShellState& sh, std::string_view argument);
void cmd_capture(ShellState& sh, std::string_view word, const std::vector<std::string>& args, std::string_view raw);
void cmd_help(ShellState& sh, const std::vector<std::string>& args);
void cmd_help_command(ShellState& sh, const CommandLine& c);  // HELP LESSONS, HELP DATASETS, else cmd_help
void cmd_serial(ShellState& sh, const CommandLine& c);
void cmd_exit(ShellState& sh, const CommandLine& c);
void cmd_clear(ShellState& sh);
void cmd_login(ShellState& sh, const CommandLine& c);
void cmd_history(ShellState& sh, const std::vector<std::string>& args);
// Logs the session in as `user` (--auth): "" on success, else cqlsh's "Connection error: …"
// line. Without a password, asks for one on the terminal. Without --auth, only the prompt
// changes, as cqlsh's LOGIN against a node that needs no login.
std::string login(ShellState& sh, const std::string& user, std::optional<std::string> password);
// Runs `text` as SOURCE runs a file (a sub-session, `name:N:` errors).
void run_sourced(ShellState& sh, const std::string& text, const std::string& name);

// cqlshrc.cpp: read at start, under the command line and the environment.
void apply_cqlshrc(ShellState& sh);
// COPY's defaults: cqlshrc's [copy…] sections that exist, by name, in the order they apply.
std::vector<std::pair<std::string, const std::vector<std::pair<std::string, std::string>>*>> copy_sections(
    ShellState& sh, const std::string& direction, const std::string& keyspace, const std::string& table);

// copy_command.cpp (COPY FROM), copy_to.cpp (COPY TO)
void cmd_copy(ShellState& sh, std::string_view text);
// cmd_copy's steps; false when refused (reported).
bool read_copy_command(ShellState& sh, std::string_view text, CopyRequest& c);
bool apply_copy_options(ShellState& sh, CopyRequest& c);
bool resolve_copy_table(ShellState& sh, CopyRequest& c);
void copy_to(ShellState& sh, const CopyRequest& c);
void copy_from(ShellState& sh, const CopyRequest& c);
double copy_elapsed(ShellState& sh, const CopyRequest& c);  // seconds since it started (the session clock if fixed)
void copy_import_line(ShellState& sh, std::string_view line);
void import_copy_chunk(ShellState& sh);
void import_copy_record(ShellState& sh, const CopyImport::Record& record);
// A record bound to the prepared INSERT and run; false when it must take the text INSERT.
bool import_bound_record(ShellState& sh, const CopyImport::Record& record);
// A row COPY FROM could not import: reported, counted, written to the ERRFILE.
void fail_copy_rows(ShellState& sh, std::size_t rows, bool parse, const std::string& kind, const std::string& message,
                    std::string_view outcome);
void stop_copy_import(ShellState& sh);
void finish_copy_import(ShellState& sh);

// lesson_commands.cpp
void cmd_lesson(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
void help_lessons(ShellState& sh);
// A SELECT the student ran during a lesson: judged against the lesson's open tasks.
void check_lesson_tries(ShellState& sh, const ast::Select& select);
void cmd_lesson_move(ShellState& sh, std::string_view word, const std::vector<std::string>& args);  // NEXT, BACK, AGAIN
void run_lesson_step(ShellState& sh);  // the step after the last one run
void finish_lesson(ShellState& sh);    // the clock back as the lesson found it
// Drops the keyspaces `script` creates (a fresh start); false when that failed (reported).
bool drop_script_keyspaces(ShellState& sh, const EmbeddedScript& script);
void cmd_dataset(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
// Drops the keyspaces `script` creates, runs it, enters its first keyspace (returned; "" if none).
std::string run_fresh(ShellState& sh, const EmbeddedScript& script);

// draw_command.cpp: DRAW RING / DRAW PARTITION / DRAW QUERY, SVG pictures
void cmd_draw(ShellState& sh, std::string_view text);
std::string draw_query(ShellState& sh, std::string_view select_text);  // "" when refused (reported)

// sizing_command.cpp
void cmd_partition_size(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
void help_datasets(ShellState& sh);

// tracing.cpp
void print_trace(ShellState& sh, const std::string& statement, const ast::Statement& parsed, const exec::Result& result,
                 std::int64_t start_us, std::int64_t elapsed_us);
void print_trace_session(ShellState& sh, const exec::Database::Trace& trace);
void show_session(ShellState& sh, const std::string& id);  // SHOW SESSION <uuid>

// describe_command.cpp
void cmd_describe(ShellState& sh, std::string_view command_word, const std::vector<std::string>& args);
void describe_statement(ShellState& sh, const std::string& statement);

// nodetool.cpp
void cmd_nodetool(ShellState& sh, std::string_view word, const std::vector<std::string>& args);
void nodetool_status(ShellState& sh, const std::vector<std::string>& args);
void nodetool_ring(ShellState& sh, const std::vector<std::string>& args);
void nodetool_getendpoints(ShellState& sh, const std::vector<std::string>& args);
void nodetool_describering(ShellState& sh, const std::vector<std::string>& args);
void nodetool_tablestats(ShellState& sh, const std::vector<std::string>& args);
void nodetool_tablehistograms(ShellState& sh, const std::vector<std::string>& args);
void show_replicas(ShellState& sh, const std::vector<std::string>& args);
void describe_cluster(ShellState& sh);
std::string schema_version(ShellState& sh);

// nodetool_data.cpp: NODETOOL flush, snapshot, clearsnapshot (the engine writes the files).
void nodetool_flush(ShellState& sh);
void nodetool_compact(ShellState& sh, const std::vector<std::string>& args);
void nodetool_snapshot(ShellState& sh, const std::vector<std::string>& args);
void nodetool_clearsnapshot(ShellState& sh, const std::vector<std::string>& args);

// nodetool_nodes.cpp: NODETOOL stop / start <node> (cqlbox's own), a node down and up again.
// The node `word` names: its number from 1, or its address (127.0.0.2). -1 when none.
int node_named(const cluster::Ring& ring, const std::string& word);
void nodetool_node_state(ShellState& sh, const std::string& cmd, const std::vector<std::string>& args);
// NODETOOL repair, listpendinghints, enablehandoff, disablehandoff, statushandoff: the replicas'
// copies and hints (exec/replica_copies.hpp).
void nodetool_replicas(ShellState& sh, const std::string& cmd, const std::vector<std::string>& args);

}  // namespace cqlbox::shell
