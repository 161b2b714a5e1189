// The interactive shell and script runner: reads lines from a tty (libedit), a pipe, a file or
// -e, cuts them into statements and shell commands, runs them through the engine and prints
// results and errors exactly as cqlsh does. The only layer that does I/O or catches CqlError.
// Its state is one struct (state.hpp), passed to every function; these are the ones the
// process (main.cpp), the browser edition and the tests call. internal.hpp has the rest.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "shell/command_table.hpp"
#include "shell/state.hpp"

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

// Runs according to the options; returns the process exit status.
int run(ShellState& sh);
// Ends the process after run(): closes what holds data (the commit log, a CAPTURE file, a
// COPY's error file, the C streams), and leaves the heap to the OS instead of freeing it.
[[noreturn]] void exit_process(ShellState& sh, int status);
// run()'s first step: cqlshrc, and --data's files opened. 0, or the exit status of a failure
// (reported).
int open_session(ShellState& sh);
// Whether the session is at a terminal: cqlsh's interactive behaviour, colour by the options.
void set_terminal(ShellState& sh, bool tty);
// run() without the server: the script, file or interactive loop.
int run_shell(ShellState& sh);

// Runs `text` as piped input would run (non-tty, `source_name:N:` error prefixes). Results go
// to sh.out_file and errors to sh.err_file (stdout and stderr unless changed); sh.error says
// whether any statement failed.
void run_script(ShellState& sh, std::string_view text, std::string_view source_name = "<stdin>");

// A terminal session driven line by line (run_interactive, and the browser edition, whose
// terminal edits the line): the banner, the prompt for the next line, and each line as typed
// (nullopt: Ctrl-D; interrupted: Ctrl-C). terminal_line is false once the session ended. The
// browser's page cannot wait inside a call, so it sets sh.pause_pages to false: its pages
// follow each other into the terminal's scrollback.
void start_terminal(ShellState& sh);
std::string terminal_prompt(ShellState& sh);
bool terminal_line(ShellState& sh, const std::optional<std::string>& line, bool interrupted);
// Tab completion: the candidates for `word`, after `line` (the text before it on its line).
std::vector<std::string> complete(ShellState& sh, std::string_view line, std::string_view word);

// Every shell command (command_table.cpp): what run_shell_command, HELP and completion read.
std::span<const ShellCommand> command_table();

}  // namespace cqlbox::shell
