// The shell at a terminal: the banner, the prompt, each line as typed with its history, and Tab
// completion. The native loop (run_interactive, libedit's line editor) and the browser edition
// (web/web_shell.cpp, the page's line editor) both drive the session through these calls.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "shell/completion.hpp"
#include "shell/line_editor.hpp"
#include "shell/internal.hpp"

namespace cqlbox::shell {

std::string current_prompt(ShellState& sh) {
  const std::string p = prompt(sh);
  if (!sh.splitter.in_statement() && !sh.splitter.in_literal()) return p;
  return std::string(p.size() >= 4 ? p.size() - 4 : 0, ' ') + "... ";
}

void echo_line(ShellState& sh, std::string_view line, const std::string& prompt) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  sh.out += prompt;
  sh.out += line;
  sh.out += '\n';
  flush(sh);
}

std::string prompt(ShellState& sh) {
  const std::string user = sh.user.empty() ? std::string() : sh.user + "@";
  return sh.session.keyspace.empty() ? user + "cqlbox> " : fmt::format("{}cqlbox:{}> ", user, sh.session.keyspace);
}

void start_terminal(ShellState& sh) {
  sh.out += fmt::format("Connected to cqlbox (in-memory, {} nodes, Murmur3Partitioner)\n", sh.options.nodes);
  sh.out += fmt::format("[cqlbox {} | Cassandra 5.0 semantics | CQL spec 3.4.7]\n", kVersion);
  sh.out += "Use HELP for help.\n";
  flush(sh);
  // History: ~/.cassandra/cqlbox_history (CQL_HISTORY overrides), one entry per line.
  if (const char* env = std::getenv("CQL_HISTORY"))
    sh.history_path = env;
  else if (const char* home = std::getenv("HOME"))
    sh.history_path = std::string(home) + "/.cassandra/cqlbox_history";
  if (!sh.history_path.empty()) {
    // cqlsh makes ~/.cassandra when it is missing; so does the history file's folder here.
    const auto slash = sh.history_path.rfind('/');
    if (slash != std::string::npos && slash > 0) mkdir(sh.history_path.substr(0, slash).c_str(), 0700);
    std::ifstream in(sh.history_path);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) remember(sh, line);
  }
  sh.session.interrupted = interrupt_flag();  // Ctrl-C stops a long read
}

std::string terminal_prompt(ShellState& sh) {
  if (sh.copy_import) return "[copy] ";  // COPY … FROM STDIN's data lines (cqlsh's use_stdin_reader)
  if (!sh.splitter.in_statement() && !sh.splitter.in_literal()) return prompt(sh);
  std::string p = current_prompt(sh);
  if (sh.empty_continuations >= 3)
    p = "Statements are terminated with a ';'.  You can press CTRL-C to cancel an incomplete statement.\n" + p;
  return p;
}

bool terminal_line(ShellState& sh, const std::optional<std::string>& line, bool interrupted) {
  if (sh.copy_import && (interrupted || !line)) {
    // Ctrl-D (or Ctrl-C) ends the data of COPY … FROM STDIN, not the session.
    sh.out += '\n';
    flush(sh);
    DbLock lock(sh);
    finish_copy_import(sh);
    flush(sh);
    return true;
  }
  if (interrupted) {
    // Ctrl-C: drop the statement being typed, print an empty line, prompt again (cqlsh).
    sh.splitter.reset();
    sh.history_entry.clear();
    sh.empty_continuations = 0;
    sh.out += '\n';
    flush(sh);
    return true;
  }
  if (!line) {
    sh.out += '\n';
    flush(sh);
    return false;
  }
  if (sh.echo_terminal)
    echo_line(sh, *line, terminal_prompt(sh));  // --tty --echo from a pipe: the screen a terminal shows
  if (sh.copy_import) {                         // a data line: not a statement, not history
    feed_line(sh, *line);
    return !sh.exit;
  }
  const bool continuing = sh.splitter.in_statement() || sh.splitter.in_literal();
  sh.empty_continuations = continuing && blank(*line) ? sh.empty_continuations + 1 : 0;
  sh.history_entry += sh.history_entry.empty() ? *line : " " + *line;  // a multi-line statement is one entry
  if (!sh.echo_terminal) transcribe_input(sh, *line);
  feed_line(sh, *line);
  if (!sh.splitter.in_statement() && !sh.splitter.in_literal()) {
    if (!blank(sh.history_entry)) {
      remember(sh, sh.history_entry);
      if (!sh.history_path.empty()) std::ofstream(sh.history_path, std::ios::app) << sh.history_entry << '\n';
    }
    sh.history_entry.clear();
  }
  flush(sh);
  return !sh.exit;
}

void remember(ShellState& sh, std::string entry) {
  constexpr std::size_t kEntries = 1000, kBytes = 16u << 20;
  sh.history_bytes += entry.size();
  sh.history.push_back(std::move(entry));
  while (sh.history.size() > 1 && (sh.history.size() > kEntries || sh.history_bytes > kBytes)) {
    sh.history_bytes -= sh.history.front().size();
    sh.history.pop_front();
    ++sh.history_dropped;
  }
}

std::vector<std::string> complete(ShellState& sh, std::string_view line, std::string_view word) {
  std::lock_guard lock(sh.db_mutex);  // --listen clients may be changing the schema
  // The earlier lines of a multi-line statement count too: they name its table.
  std::string before(sh.splitter.pending());
  if (!before.empty()) before += '\n';
  before += line;
  return completions(sh.db.catalog, sh.session.keyspace, before, word);
}

int run_interactive(ShellState& sh) {
  start_terminal(sh);
  LineEditor editor;
  editor.set_completer([&sh](std::string_view line, std::string_view word) { return complete(sh, line, word); });
  for (const auto& entry : sh.history) editor.add_history(entry);
  // A terminal echoes what is typed; input from a pipe (--tty) is shown only with --echo.
  sh.echo_terminal = sh.echo && !isatty(STDIN_FILENO);
  for (;;) {
    sync_log(sh, true);  // the prompt acknowledges what ran before it
    const std::optional<std::string> line = editor.read_line(terminal_prompt(sh));
    const std::size_t entries = sh.history_dropped + sh.history.size();
    if (!terminal_line(sh, line, editor.interrupted())) break;
    if (sh.history_dropped + sh.history.size() > entries) editor.add_history(sh.history.back());
  }
  flush(sh);
  return 0;
}

}  // namespace cqlbox::shell
