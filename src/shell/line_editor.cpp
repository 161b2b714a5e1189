#include "shell/line_editor.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>

#ifdef CQLBOX_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace cqlbox::shell {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_sigint(int) { g_interrupted = 1; }

}  // namespace

LineEditor::LineEditor() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: the read returns, and we start a fresh line
  sigaction(SIGINT, &sa, nullptr);
#ifdef CQLBOX_HAVE_LIBEDIT
  rl_catch_signals = 0;
#endif
}

bool LineEditor::interrupted() {
  const bool was = g_interrupted != 0;
  g_interrupted = 0;
  return was;
}

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
  if (c == EOF) clearerr(stdin);
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
