// cqlsh's session commands (cassandra.md §3.4): SOURCE, CAPTURE, HELP, HISTORY, LOGIN,
// SHOW SESSION — with cqlsh 5.0's texts.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include <fmt/format.h>

#include "print/describe.hpp"
#include "shell/concept_help.hpp"
#include "shell/cql_help.hpp"
#include "shell/cqlsh_help.hpp"
#include "shell/internal.hpp"
#include "util/text.hpp"
#include "util/linux_errno.hpp"

namespace cqlbox::shell {

namespace {

// Python's OSError text, as cqlsh prints it: "[Errno 2] No such file or directory: 'x'".
std::string python_os_error(int err, const std::string& path) {
  return fmt::format("[Errno {}] {}: '{}'", util::linux_errno(err), std::strerror(err), path);
}

// Why `path` cannot be opened for reading (empty when it can): a directory opens in C++ but
// not in Python.
std::string open_problem(const std::string& path, std::ios::openmode) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return python_os_error(errno, path);
  if (S_ISDIR(st.st_mode)) return python_os_error(EISDIR, path);
  if (::access(path.c_str(), R_OK) != 0) return python_os_error(errno, path);
  return {};
}

// cqlbox's own commands, in the layout of cqlsh's help (the commands first, then what they do).
// cqlsh's commands print cqlsh's own texts (cqlsh_help.cpp).

}  // namespace

// (shell.hpp) 'path' or path, with ~ expanded as cqlsh does.
std::string path_argument(std::string_view raw) {
  while (!raw.empty() && (raw.front() == ' ' || raw.front() == '\t')) raw.remove_prefix(1);
  std::string p(raw);
  while (!p.empty() && (p.back() == ';' || p.back() == ' ' || p.back() == '\t')) p.pop_back();
  if (p.size() >= 2 && (p.front() == '\'' || p.front() == '"') && p.back() == p.front()) p = p.substr(1, p.size() - 2);
  if (!p.empty() && p[0] == '~') {
    const char* home = std::getenv("HOME");
    p = std::string(home ? home : "") + p.substr(1);
  }
  return p;
}

void cmd_source(ShellState& sh, std::string_view argument) {
  // cqlsh's grammar takes only a single-quoted string literal here.
  std::string_view quoted = argument;
  while (!quoted.empty() && (quoted.front() == ' ' || quoted.front() == '\t')) quoted.remove_prefix(1);
  while (!quoted.empty() && (quoted.back() == ';' || quoted.back() == ' ' || quoted.back() == '\t'))
    quoted.remove_suffix(1);
  if (quoted.size() < 2 || quoted.front() != '\'' || quoted.back() != '\'') {
    print_error(sh, "Improper SOURCE command.");
    return;
  }
  const std::string path = path_argument(argument);
  if (const std::string problem = open_problem(path, std::ios::in); !problem.empty()) {
    print_error(sh, fmt::format("Could not open '{}': {}", path, problem));
    return;
  }
  flush_all_before_waiting(sh);
  std::ifstream in(path, std::ios::binary);
  if (sh.source_depth >= 25) {
    print_error(sh, fmt::format("SOURCE nesting too deep (more than 25 levels) at '{}'", path));
    return;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  run_sourced(sh, ss.str(), path);
}

void run_sourced(ShellState& sh, const std::string& text, const std::string& name) {
  // A SOURCEd file runs as a non-tty sub-shell, as cqlsh runs it: its own name and line numbers,
  // errors that do not count against the parent's exit status, and a session of its own that
  // starts in the current keyspace with default settings (only TRACING and STORAGE carry over),
  // so its USE, CONSISTENCY, EXPAND and PAGING do not leak back.
  const exec::Session saved_session = sh.session;
  const std::string saved_consistency = sh.consistency, saved_serial = sh.serial_consistency;
  const std::size_t saved_paging = sh.paging_size;
  sh.session.paging = true;
  sh.session.consistency = 1;  // ONE, as the sub-shell's prompt says
  sh.session.serial_consistency = 8;
  sh.consistency = "ONE";
  sh.serial_consistency = "SERIAL";
  sh.paging_size = 100;
  const std::string saved_name = sh.source_name;
  const std::size_t saved_line = sh.line_no;
  const bool saved_count = sh.count_lines, saved_tty = sh.tty, saved_error = sh.error;
  const print::TableStyle saved_style = sh.style;
  parse::StatementSplitter saved_splitter = std::move(sh.splitter);
  sh.splitter = parse::StatementSplitter{};
  sh.tty = false;
  sh.style = print::TableStyle{};
  sh.style.page_size = 100;
  sh.style.color = saved_style.color;
  sh.count_lines = true;
  sh.line_no = 1;
  ++sh.source_depth;
  run_script(sh, text, name);
  --sh.source_depth;
  sh.splitter = std::move(saved_splitter);
  sh.source_name = saved_name;
  sh.line_no = saved_line;
  sh.count_lines = saved_count;
  sh.tty = saved_tty;
  sh.style = saved_style;
  sh.session = saved_session;
  sh.consistency = saved_consistency;
  sh.serial_consistency = saved_serial;
  sh.paging_size = saved_paging;
  sh.error = saved_error;
  sh.exit = false;
}

void cmd_capture(ShellState& sh, std::string_view word, const std::vector<std::string>& args, std::string_view raw) {
  if (args.empty()) {
    sh.out += sh.capture_path.empty() ? "Currently not capturing query output.\n"
              : sh.transcript ? fmt::format("Currently capturing statements and output to '{}'.\n", sh.capture_path)
                              : fmt::format("Currently capturing query output to '{}'.\n", sh.capture_path);
    flush(sh);
    return;
  }
  if (args.size() == 1 && util::iequals(args[0], "off")) {
    if (!sh.capture && !sh.transcript) {
      print_error(sh, "Not currently capturing output.");
      return;
    }
    if (sh.capture) std::fclose(sh.capture);
    if (sh.transcript) std::fclose(sh.transcript);
    sh.capture = sh.transcript = nullptr;
    sh.capture_path.clear();
    return;
  }
  const std::size_t at = raw.find_first_of("'\"");
  if (at == std::string_view::npos) {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  // cqlbox's WITH STATEMENTS after the quoted name: the transcript (statements, output, errors).
  std::string_view rest = raw.substr(at);
  bool statements = false;
  if (const std::size_t close = rest.find(rest[0], 1); close != std::string_view::npos) {
    std::string tail(rest.substr(close + 1));
    while (!tail.empty() && (tail.back() == ';' || std::isspace(static_cast<unsigned char>(tail.back()))))
      tail.pop_back();
    std::istringstream in(tail);
    std::string with, what, extra;
    in >> with >> what >> extra;
    if (extra.empty() && util::iequals(with, "with") && util::iequals(what, "statements")) {
      statements = true;
      rest = rest.substr(0, close + 1);
    }
  }
  const std::string path = path_argument(rest);
  flush_all_before_waiting(sh);
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) {
    print_error(sh, fmt::format("Could not open '{}' for append: {}", path, python_os_error(errno, path)));
    return;
  }
  if (sh.capture) std::fclose(sh.capture);
  if (sh.transcript) std::fclose(sh.transcript);
  sh.capture = sh.transcript = nullptr;
  sh.out += statements ? fmt::format("Now capturing statements and output to '{}'.\n", path)
                       : fmt::format("Now capturing query output to '{}'.\n", path);
  flush(sh);  // the transcript starts after this line
  (statements ? sh.transcript : sh.capture) = f;
  sh.capture_path = path;
}

void cmd_help(ShellState& sh, const std::vector<std::string>& args) {
  if (args.empty()) {
    std::vector<std::string> shell(std::begin(kShellHelpTopics), std::end(kShellHelpTopics));
    std::sort(shell.begin(), shell.end());
    std::vector<std::string> cql(std::begin(kCqlHelpTopics), std::end(kCqlHelpTopics));
    sh.out += "\nDocumented shell commands:\n===========================\n" + print::columnize(shell, 79) + "\n";
    sh.out += "CQL help topics:\n================\n" + print::columnize(cql, 79) + "\n";
    sh.out += "cqlbox commands:\n================\n" + print::columnize(cqlbox_command_names(), 79) + "\n";
    sh.out += "Concepts (HELP PRIMARY KEY, ...):\n=================================\n" +
              print::columnize(std::vector<std::string>(std::begin(kConceptTopics), std::end(kConceptTopics)), 79) +
              "\n";
    flush(sh);
    return;
  }
  // cqlbox's two-word topics (PARTITION SIZE, PRIMARY KEY, ALLOW FILTERING) are read as one.
  std::vector<std::string> topics;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string pair = i + 1 < args.size() ? util::ascii_upper(args[i] + " " + args[i + 1]) : std::string();
    const bool two_words = cqlbox_command_help(pair) != nullptr || concept_help(pair) != nullptr;
    if (two_words) {
      topics.push_back(pair);
      ++i;
    } else {
      topics.push_back(args[i]);
    }
  }
  for (const auto& a : topics) {
    const std::string topic = util::ascii_upper(a);
    bool found = false;
    if (const char* text = cqlsh_command_help(topic)) {
      sh.out += text;
      sh.out += '\n';  // cqlsh: doc + "\n"
      found = true;
    }
    if (!found)
      if (const ShellCommand* c = cqlbox_command_help(topic)) {
        sh.out += c->help;
        found = true;
      }
    if (!found)
      if (const char* text = concept_help(topic)) {
        sh.out += text;
        found = true;
      }
    if (!found)
      for (const char* t : kCqlHelpTopics)
        if (topic == t) {
          // cqlsh opens a browser here; cqlbox carries its own help text (cql_help_texts.cpp).
          sh.out += cql_help_text(topic);
          found = true;
        }
    if (!found) print_error(sh, fmt::format("*** No help on {}", a));
  }
  flush(sh);
}

void cmd_history(ShellState& sh, const std::vector<std::string>& args) {
  std::size_t n = 50;
  if (!args.empty()) {
    const long v = std::atol(args[0].c_str());
    if (v <= 0) {
      print_error(sh, "Improper HISTORY command.");
      return;
    }
    n = static_cast<std::size_t>(v);
  }
  const std::size_t first = sh.history.size() > n ? sh.history.size() - n : 0;
  for (std::size_t i = first; i < sh.history.size(); ++i)
    sh.out += fmt::format("  {}  {}\n", sh.history_dropped + i + 1, sh.history[i]);
  flush(sh);
}

namespace {
// getpass(): "Password: " and a line read from the terminal without echo.
std::optional<std::string> ask_password() {
  const int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  (void)!write(fd, "Password: ", 10);
  termios saved{};
  const bool term = tcgetattr(fd, &saved) == 0;
  if (term) {
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(fd, TCSAFLUSH, &quiet);
  }
  std::string line;
  char c = 0;
  while (read(fd, &c, 1) == 1 && c != '\n' && line.size() < 4096) line += c;
  if (term) tcsetattr(fd, TCSAFLUSH, &saved);
  (void)!write(fd, "\n", 1);
  close(fd);
  return line;
}
}  // namespace

std::string login(ShellState& sh, const std::string& user, std::optional<std::string> password) {
  if (!password) {
    flush_all_before_waiting(sh);  // the prompt comes after what was printed before it
    password = ask_password();
  }
  if (!password) password = std::string();
  if (sh.db.auth.enabled) {
    // The driver's words for a refused login, as cqlsh prints them (the shell's node is
    // 127.0.0.1:9042).
    std::string error;
    {
      DbLock lock(sh);
      error = password->empty() ? "Password must not be null" : sh.db.auth.login_error(user, *password);
    }
    if (!error.empty())
      return fmt::format(
          "Connection error: ('Unable to connect to any servers', {{'127.0.0.1:9042': "
          "AuthenticationFailed('Failed to authenticate to 127.0.0.1:9042: Error from server: "
          "code=0100 [Bad credentials] message=\"{}\"')}})",
          error);
    sh.session.user = user;
  }
  sh.user = user;
  return "";
}

}  // namespace cqlbox::shell
