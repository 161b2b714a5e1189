// How a session runs: --data opened, --listen's server started, then the script, the file,
// -e's statements, or the terminal; piped input is read block by block as it arrives.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "server/server.hpp"
#include "shell/internal.hpp"
#include "util/memory.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

int open_session(ShellState& sh) {
  sh.style.page_size = 100;
  apply_cqlshrc(sh);
  if (sh.options.data) {
    const std::string error =
        sh.engine.open_data({*sh.options.data, sh.options.commitlog_periodic, sh.options.salvage_commitlog});
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
  }
  return 0;
}

void set_terminal(ShellState& sh, bool tty) {
  sh.tty = tty;
  sh.style.tty = sh.tty;
  // Colour: -C / --no-color, else only when stdout is a terminal that can show it.
  const char* term = std::getenv("TERM");
  // cqlshrc's [ui] color = off turns it off; on leaves it to the terminal (never into a file).
  sh.style.color = sh.options.color.value_or(sh.rc_color.value_or(true) && isatty(STDOUT_FILENO) && term && *term &&
                                             std::string_view(term) != "dumb");
}

int run(ShellState& sh) {
  const bool serve_until_signal = sh.options.listen && !sh.options.force_tty && !isatty(STDIN_FILENO);
  if (const int status = open_session(sh); status != 0) return status;
  if (sh.options.listen) {
    if (serve_until_signal) {  // sigwait below takes them; the server thread inherits the block
      sigset_t stop;
      sigemptyset(&stop);
      sigaddset(&stop, SIGINT);
      sigaddset(&stop, SIGTERM);
      pthread_sigmask(SIG_BLOCK, &stop, nullptr);
    }
    sh.server = std::make_unique<server::Server>(sh.engine);
    sh.server->set_max_connections(static_cast<std::size_t>(sh.options.max_connections));
    const std::string error = sh.server->start(*sh.options.listen);
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    std::fprintf(stderr, "Serving CQL native protocol v3/v4/v5 on %s\n", sh.server->address().c_str());
    if (sh.server->every_interface() && !sh.options.auth)
      std::fprintf(stderr,
                   "Warning: listening on every interface: anyone who can reach this machine can read and "
                   "change the data (authentication is off: --auth turns it on). Use 127.0.0.1 to serve this "
                   "machine only.\n");
  }
  if (sh.options.auth && sh.options.username) {
    const std::string error = login(sh, *sh.options.username, sh.options.password);
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      if (sh.server) sh.server->stop();
      return 1;
    }
  }
  const int status = run_shell(sh);
  if (serve_until_signal) {
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    int sig = 0;
    flush_before_waiting(sh);
    sigwait(&stop, &sig);
  }
  if (sh.server) sh.server->stop();
  return status;
}

int run_shell(ShellState& sh) {
  for (const auto& n : sh.options.notices) std::fprintf(stderr, "%s\n", n.c_str());
  if (sh.options.keyspace) {
    // cqlsh connects to the keyspace first: a missing one ends it before anything runs.
    bool exists = false;
    {
      DbLock lock(sh);
      exists = sh.db.catalog.keyspace(*sh.options.keyspace) != nullptr;
    }
    if (!exists) {
      std::fprintf(stderr,
                   "Connection error: (\"Unable to connect to any servers using keyspace '%s'\", ['127.0.0.1'])\n",
                   sh.options.keyspace->c_str());
      return 1;
    }
    std::string use = "USE " + util::cql_name(*sh.options.keyspace) + ";";
    sh.tty = false;
    DbLock lock(sh);
    run_statement(sh, use);
  }
  if (sh.options.execute) {
    sh.tty = false;
    sh.count_lines = false;
    std::string text = *sh.options.execute;
    if (text.empty() || text.back() != ';') text += ';';
    run_script(sh, text, "<stdin>");
    return sh.error ? 2 : 0;
  }
  if (sh.options.file) {
    std::ifstream in(*sh.options.file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "Can't open '%s': [Errno 2] No such file or directory: '%s'\n", sh.options.file->c_str(),
                   sh.options.file->c_str());
      return 1;
    }
    const std::uint64_t before = util::resident_bytes();
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    sh.db.memory.exclude_growth_since(before);  // the script itself is not data
    sh.tty = false;
    run_script(sh, text, *sh.options.file);
    return sh.error ? 2 : 0;
  }
  set_terminal(sh, sh.options.force_tty || isatty(STDIN_FILENO));
  if (sh.options.load) {
    std::ifstream in(*sh.options.load, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const bool saved = sh.tty;
    sh.tty = false;
    sh.style.tty = false;
    run_script(sh, ss.str(), *sh.options.load);
    sh.line_no = 1;
    sh.tty = saved;
    sh.style.tty = saved;
  }
  if (sh.tty) return run_interactive(sh);
  // Piped input: read in blocks and run line by line as it arrives, so a script of any size
  // costs one block and one line of memory, and its statements run while it is still coming.
  // read(), not fread(): a block is whatever has arrived, so a statement runs as soon as its
  // line is there, and a program driving cqlbox through a pipe gets each answer before it
  // writes the next statement (fread waited for 64 KiB or the end of input).
  sh.source_name = "<stdin>";
  std::string carry;  // a line cut by the end of a block
  static char buf[1 << 16];
  std::size_t n = 0;
  auto read_block = [&]() -> std::size_t {
    flush_before_waiting(sh);
    for (;;) {
      const ssize_t got = ::read(STDIN_FILENO, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      return got > 0 ? static_cast<std::size_t>(got) : 0;
    }
  };
  while (!sh.exit && (sync_log(sh), n = read_block()) > 0) {
    const std::string_view block(buf, n);
    std::size_t start = 0;
    while (!sh.exit) {
      const std::size_t end = block.find('\n', start);
      if (end == std::string_view::npos) {
        carry.append(block.substr(start));
        break;
      }
      if (sh.count_lines) ++sh.line_no;
      if (carry.empty()) {
        input_line(sh, block.substr(start, end - start));
      } else {
        carry.append(block.substr(start, end - start));
        input_line(sh, carry);
        carry.clear();
      }
      start = end + 1;
    }
  }
  if (!sh.exit && !carry.empty()) {
    if (sh.count_lines) ++sh.line_no;
    input_line(sh, carry);
  }
  finish_input(sh);
  return sh.error ? 2 : 0;
}

}  // namespace cqlbox::shell
