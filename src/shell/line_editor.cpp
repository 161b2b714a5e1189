#include "shell/line_editor.hpp"

#include <langinfo.h>

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <unistd.h>

#ifdef CQLBOX_HAVE_LIBEDIT
#include <editline/readline.h>
#endif

namespace cqlbox::shell {

namespace {

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_sigint(int) { g_interrupted = 1; }

#ifdef CQLBOX_HAVE_LIBEDIT
LineEditor::Completer g_completer;
std::vector<std::string> g_matches;
std::size_t g_next_match = 0;

// readline asks for the matches one by one, after attempt_completion computed them.
char* next_match(const char*, int state) {
  if (state == 0) g_next_match = 0;
  if (g_next_match >= g_matches.size()) return nullptr;
  return strdup(g_matches[g_next_match++].c_str());
}

char** attempt_completion(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  const std::string_view before(rl_line_buffer, static_cast<std::size_t>(std::max(start, 0)));
  g_matches = g_completer ? g_completer(before, text) : std::vector<std::string>{};
  // "ks." is half a name: no space after it.
  rl_completion_append_character = g_matches.size() == 1 && g_matches[0].ends_with('.') ? '\0' : ' ';
  return rl_completion_matches(text, next_match);
}
#endif

}  // namespace

LineEditor::LineEditor() : tty_(isatty(STDIN_FILENO) != 0) {
  // libedit keeps bytes of multibyte characters only in a multibyte locale: in the C locale it
  // silently drops every non-ASCII byte typed. Take the user's character set, and UTF-8 when it
  // is not one (LANG unset, C, POSIX), as cqlsh's --encoding defaults to utf-8. Only LC_CTYPE:
  // number formatting and collation stay C.
  if (!std::setlocale(LC_CTYPE, "") || std::strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
    if (!std::setlocale(LC_CTYPE, "C.UTF-8")) std::setlocale(LC_CTYPE, "en_US.UTF-8");
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: the read returns, and we start a fresh line
  sigaction(SIGINT, &sa, nullptr);
#ifdef CQLBOX_HAVE_LIBEDIT
  rl_catch_signals = 0;
  rl_attempted_completion_function = attempt_completion;
#endif
}

void LineEditor::set_completer(Completer completer) {
#ifdef CQLBOX_HAVE_LIBEDIT
  g_completer = std::move(completer);
#else
  (void)completer;
#endif
}

static_assert(sizeof(std::sig_atomic_t) == sizeof(int), "the flag is read as an int");
const volatile int* interrupt_flag() { return reinterpret_cast<const volatile int*>(&g_interrupted); }

bool take_interrupt() {
  const bool was = g_interrupted != 0;
  g_interrupted = 0;
  return was;
}

bool LineEditor::interrupted() { return take_interrupt(); }

namespace {

// Reads a line as it came, NUL bytes included. The prompt is shown only to a terminal: from a
// pipe (--tty), --echo prints each line after its prompt, as libedit shows none there. Bytes are
// read one at a time from the descriptor, as libedit reads a pipe, so the pager's wait for Enter
// (which reads the descriptor too) takes the next line and not one buffered here. Ctrl-C ends
// the read with nullopt, and the caller sees the flag.
std::optional<std::string> read_plain_line(const std::string& prompt, bool tty) {
  if (tty) {
    std::fputs(prompt.c_str(), stdout);
    std::fflush(stdout);
  }
  std::string s;
  for (;;) {
    char ch = 0;
    const ssize_t got = ::read(STDIN_FILENO, &ch, 1);
    if (got == 1) {
      if (ch == '\n') return s;
      s += ch;
      continue;
    }
    if (got < 0 && errno == EINTR && !g_interrupted) continue;  // another signal
    if (got < 0 && errno == EINTR) return std::nullopt;
    if (s.empty()) return std::nullopt;  // the end of input
    return s;                            // a last line without its newline
  }
}

}  // namespace

std::optional<std::string> LineEditor::read_line(const std::string& prompt) {
#ifdef CQLBOX_HAVE_LIBEDIT
  // libedit edits only a terminal's lines. From a pipe (--tty) its readline() copies the line
  // with strdup and then reads the line's last byte at the length it read: a NUL byte in the
  // line makes that a read and a write past the copy. Such input is read plainly instead.
  if (!tty_) return read_plain_line(prompt, false);
  char* line = readline(prompt.c_str());
  if (!line) return std::nullopt;
  std::string s(line);
  std::free(line);
  return s;
#else
  return read_plain_line(prompt, tty_);
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
