// Line input at a tty: libedit's readline when available (editing, history), else plain
// stdin. History is kept in memory here; the history file arrives with the shell issue.
#pragma once

#include <optional>
#include <string>

namespace cqlbox::shell {

class LineEditor {
 public:
  // nullopt at end of input (Ctrl-D).
  std::optional<std::string> read_line(const std::string& prompt);
  void add_history(const std::string& entry);
};

}  // namespace cqlbox::shell
