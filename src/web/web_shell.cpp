// The browser edition's entry points (scripts/web, web/): the same shell as the native binary,
// driven one typed line at a time by the page's terminal, which does the line editing. What
// the shell prints goes to stdout, which the page hands to the terminal. Functions are C, for
// JavaScript's ccall; strings returned live until the next call.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "shell/lessons.hpp"
#include "shell/options.hpp"
#include "shell/shell.hpp"

namespace {

std::unique_ptr<cqlbox::shell::ShellState> g_shell;
std::string g_text;  // the last string handed to JavaScript

const char* hand_over(std::string text) {
  std::fflush(nullptr);  // what the call printed reaches the page before its answer
  g_text = std::move(text);
  return g_text.c_str();
}

}  // namespace

extern "C" {

// Starts the session with cqlbox's command-line options, one per line ("--data\n/data").
// 0 when the shell is ready (its banner printed), else the exit status of the failure.
EMSCRIPTEN_KEEPALIVE int cqlbox_start(const char* arguments) {
  std::vector<std::string> words{"cqlbox"};
  for (std::string_view rest(arguments); !rest.empty();) {
    const auto end = rest.find('\n');
    words.emplace_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
  }
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  cqlbox::shell::Options options;
  if (auto status = cqlbox::shell::parse_options(static_cast<int>(words.size()), argv.data(), options)) {
    std::fflush(nullptr);
    return *status == 0 ? 1 : *status;  // --help or --version: no session to run
  }
  if (options.listen) {
    std::fprintf(stderr, "--listen: the browser edition has no network server\n");
    std::fflush(nullptr);
    return 2;
  }
  g_shell = std::make_unique<cqlbox::shell::ShellState>(options);
  if (const int status = cqlbox::shell::open_session(*g_shell); status != 0) {
    g_shell.reset();
    std::fflush(nullptr);
    return status;
  }
  cqlbox::shell::set_terminal(*g_shell, true);
  g_shell->pause_pages = false;
  cqlbox::shell::start_terminal(*g_shell);
  std::fflush(nullptr);
  return 0;
}

// What to prompt with for the next line.
EMSCRIPTEN_KEEPALIVE const char* cqlbox_prompt() {
  return hand_over(g_shell ? cqlbox::shell::terminal_prompt(*g_shell) : "");
}

// One line as typed (without its newline); kind 0: a line, 1: Ctrl-C, 2: Ctrl-D. 0 once the
// session has ended (EXIT, QUIT, Ctrl-D), else 1.
EMSCRIPTEN_KEEPALIVE int cqlbox_line(const char* line, int kind) {
  if (!g_shell) return 0;
  const bool more =
      cqlbox::shell::terminal_line(*g_shell, kind == 2 ? std::nullopt : std::optional<std::string>(line), kind == 1);
  std::fflush(nullptr);
  return more ? 1 : 0;
}

// Tab completion: the candidates for `word`, which follows `before` on the line, one per line.
EMSCRIPTEN_KEEPALIVE const char* cqlbox_complete(const char* before, const char* word) {
  std::string all;
  if (g_shell)
    for (const auto& c : cqlbox::shell::complete(*g_shell, before, word)) {
      all += c;
      all += '\n';
    }
  return hand_over(std::move(all));
}

// The course, for the page's list of lessons: for each, its number, title and notes (the
// Markdown of docs/lessons/NN-name.md), separated by \x1f; lessons separated by \x1e.
EMSCRIPTEN_KEEPALIVE const char* cqlbox_lessons() {
  std::string all;
  for (const auto& lesson : cqlbox::shell::lessons()) {
    if (!all.empty()) all += '\x1e';
    all += std::to_string(cqlbox::shell::lesson_number(lesson));
    all += '\x1f';
    all += cqlbox::shell::lesson_title(lesson);
    all += '\x1f';
    all += lesson.notes;
  }
  return hand_over(std::move(all));
}

}  // extern "C"

// The page calls cqlbox_start; main only has to exist.
int main() { return 0; }
