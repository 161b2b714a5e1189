#include "shell/line_editor.hpp"

#include <cstdio>
#include <cstdlib>

#ifdef CQLBOX_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace cqlbox::shell {

std::optional<std::string> LineEditor::read_line(const std::string& prompt) {
#ifdef CQLBOX_HAVE_LIBEDIT
  char* line = readline(prompt.c_str());
  if (!line) return std::nullopt;
  std::string s(line);
  std::free(line);
  return s;
#else
  std::fputs(prompt.c_str(), stdout);
  std::fflush(stdout);
  std::string s;
  int c = 0;
  while ((c = std::fgetc(stdin)) != EOF && c != '\n') s += static_cast<char>(c);
  if (c == EOF && s.empty()) return std::nullopt;
  return s;
#endif
}

void LineEditor::add_history(const std::string& entry) {
#ifdef CQLBOX_HAVE_LIBEDIT
  ::add_history(entry.c_str());
#else
  (void)entry;
#endif
}

}  // namespace cqlbox::shell
