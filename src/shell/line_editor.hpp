// Line input at a tty: libedit's readline when available (editing, history), else plain
// stdin. History is kept in memory here; the history file arrives with the shell issue.
#pragma once

#include <optional>
#include <string>

namespace cqlbox::shell {

class LineEditor {
 public:
  // Installs a SIGINT handler so Ctrl-C interrupts the line instead of the process.
  LineEditor();

  // nullopt at end of input (Ctrl-D) or when Ctrl-C interrupted the line (then interrupted()
  // is true once).
  std::optional<std::string> read_line(const std::string& prompt);
  bool interrupted();
  void add_history(const std::string& entry);
};

}  // namespace cqlbox::shell
