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
#include "shell/shell.hpp"

namespace cqlbox::shell {

std::string Shell::current_prompt() const {
  const std::string p = prompt();
  if (!splitter_.in_statement() && !splitter_.in_literal()) return p;
  return std::string(p.size() >= 4 ? p.size() - 4 : 0, ' ') + "... ";
}

void Shell::echo_line(std::string_view line, const std::string& prompt) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  out_ += prompt;
  out_ += line;
  out_ += '\n';
  flush();
}

std::string Shell::prompt() const {
  const std::string user = user_.empty() ? std::string() : user_ + "@";
  return session_.keyspace.empty() ? user + "cqlbox> " : fmt::format("{}cqlbox:{}> ", user, session_.keyspace);
}

void Shell::start_terminal() {
  out_ += fmt::format("Connected to cqlbox (in-memory, {} nodes, Murmur3Partitioner)\n", options_.nodes);
  out_ += fmt::format("[cqlbox {} | Cassandra 5.0 semantics | CQL spec 3.4.7]\n", kVersion);
  out_ += "Use HELP for help.\n";
  flush();
  // History: ~/.cassandra/cqlbox_history (CQL_HISTORY overrides), one entry per line.
  if (const char* env = std::getenv("CQL_HISTORY"))
    history_path_ = env;
  else if (const char* home = std::getenv("HOME"))
    history_path_ = std::string(home) + "/.cassandra/cqlbox_history";
  if (!history_path_.empty()) {
    // cqlsh makes ~/.cassandra when it is missing; so does the history file's folder here.
    const auto slash = history_path_.rfind('/');
    if (slash != std::string::npos && slash > 0) mkdir(history_path_.substr(0, slash).c_str(), 0700);
    std::ifstream in(history_path_);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) remember(line);
  }
  session_.interrupted = interrupt_flag();  // Ctrl-C stops a long read
}

std::string Shell::terminal_prompt() {
  if (copy_import_) return "[copy] ";  // COPY … FROM STDIN's data lines (cqlsh's use_stdin_reader)
  if (!splitter_.in_statement() && !splitter_.in_literal()) return prompt();
  std::string p = current_prompt();
  if (empty_continuations_ >= 3)
    p = "Statements are terminated with a ';'.  You can press CTRL-C to cancel an incomplete statement.\n" + p;
  return p;
}

bool Shell::terminal_line(const std::optional<std::string>& line, bool interrupted) {
  if (copy_import_ && (interrupted || !line)) {
    // Ctrl-D (or Ctrl-C) ends the data of COPY … FROM STDIN, not the session.
    out_ += '\n';
    flush();
    DbLock lock(*this);
    finish_copy_import();
    flush();
    return true;
  }
  if (interrupted) {
    // Ctrl-C: drop the statement being typed, print an empty line, prompt again (cqlsh).
    splitter_.reset();
    history_entry_.clear();
    empty_continuations_ = 0;
    out_ += '\n';
    flush();
    return true;
  }
  if (!line) {
    out_ += '\n';
    flush();
    return false;
  }
  if (echo_terminal_) echo_line(*line, terminal_prompt());  // --tty --echo from a pipe: the screen a terminal shows
  if (copy_import_) {                                       // a data line: not a statement, not history
    feed_line(*line);
    return !exit_;
  }
  const bool continuing = splitter_.in_statement() || splitter_.in_literal();
  empty_continuations_ = continuing && blank(*line) ? empty_continuations_ + 1 : 0;
  history_entry_ += history_entry_.empty() ? *line : " " + *line;  // a multi-line statement is one entry
  if (!echo_terminal_) transcribe_input(*line);
  feed_line(*line);
  if (!splitter_.in_statement() && !splitter_.in_literal()) {
    if (!blank(history_entry_)) {
      remember(history_entry_);
      if (!history_path_.empty()) std::ofstream(history_path_, std::ios::app) << history_entry_ << '\n';
    }
    history_entry_.clear();
  }
  flush();
  return !exit_;
}

void Shell::remember(std::string entry) {
  constexpr std::size_t kEntries = 1000, kBytes = 16u << 20;
  history_bytes_ += entry.size();
  history_.push_back(std::move(entry));
  while (history_.size() > 1 && (history_.size() > kEntries || history_bytes_ > kBytes)) {
    history_bytes_ -= history_.front().size();
    history_.pop_front();
    ++history_dropped_;
  }
}

std::vector<std::string> Shell::complete(std::string_view line, std::string_view word) {
  std::lock_guard lock(db_mutex_);  // --listen clients may be changing the schema
  // The earlier lines of a multi-line statement count too: they name its table.
  std::string before(splitter_.pending());
  if (!before.empty()) before += '\n';
  before += line;
  return completions(db_.catalog, session_.keyspace, before, word);
}

int Shell::run_interactive() {
  start_terminal();
  LineEditor editor;
  editor.set_completer([this](std::string_view line, std::string_view word) { return complete(line, word); });
  for (const auto& entry : history_) editor.add_history(entry);
  // A terminal echoes what is typed; input from a pipe (--tty) is shown only with --echo.
  echo_terminal_ = echo_ && !isatty(STDIN_FILENO);
  for (;;) {
    sync_log(true);  // the prompt acknowledges what ran before it
    const std::optional<std::string> line = editor.read_line(terminal_prompt());
    const std::size_t entries = history_dropped_ + history_.size();
    if (!terminal_line(line, editor.interrupted())) break;
    if (history_dropped_ + history_.size() > entries) editor.add_history(history_.back());
  }
  flush();
  return 0;
}

}  // namespace cqlbox::shell
