// Line input at a tty: libedit's readline when available (editing, history), else plain
// stdin. History is kept in memory here; the history file arrives with the shell issue.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::shell {

// Whether Ctrl-C was pressed since the last call (and forget it): for the pager, which reads
// the terminal outside the line editor.
bool take_interrupt();
// The flag SIGINT sets (true while a Ctrl-C is pending): long reads poll it (exec::Session).
const volatile int* interrupt_flag();

class LineEditor {
 public:
  // Installs a SIGINT handler so Ctrl-C interrupts the line instead of the process.
  LineEditor();

  // nullopt at end of input (Ctrl-D) or when Ctrl-C interrupted the line (then interrupted()
  // is true once).
  std::optional<std::string> read_line(const std::string& prompt);
  bool interrupted();
  void add_history(const std::string& entry);

  // Tab completion: given the line before the word at the cursor and that word, the
  // candidates. Only one editor completes at a time (readline's state is global).
  using Completer = std::function<std::vector<std::string>(std::string_view before, std::string_view word)>;
  void set_completer(Completer completer);

 private:
  bool tty_;  // stdin is a terminal: libedit edits its lines
};

}  // namespace cqlbox::shell
