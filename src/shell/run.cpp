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
#include "shell/shell.hpp"
#include "util/memory.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

int Shell::open() {
  style_.page_size = 100;
  apply_cqlshrc();
  if (options_.data) {
    const std::string error =
        engine_.open_data({*options_.data, options_.commitlog_periodic, options_.salvage_commitlog});
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
  }
  return 0;
}

void Shell::set_terminal(bool tty) {
  tty_ = tty;
  style_.tty = tty_;
  // Colour: -C / --no-color, else only when stdout is a terminal that can show it.
  const char* term = std::getenv("TERM");
  // cqlshrc's [ui] color = off turns it off; on leaves it to the terminal (never into a file).
  style_.color = options_.color.value_or(rc_color_.value_or(true) && isatty(STDOUT_FILENO) && term && *term &&
                                         std::string_view(term) != "dumb");
}

int Shell::run() {
  const bool serve_until_signal = options_.listen && !options_.force_tty && !isatty(STDIN_FILENO);
  if (const int status = open(); status != 0) return status;
  if (options_.listen) {
    if (serve_until_signal) {  // sigwait below takes them; the server thread inherits the block
      sigset_t stop;
      sigemptyset(&stop);
      sigaddset(&stop, SIGINT);
      sigaddset(&stop, SIGTERM);
      pthread_sigmask(SIG_BLOCK, &stop, nullptr);
    }
    server_ = std::make_unique<server::Server>(engine_);
    server_->set_max_connections(static_cast<std::size_t>(options_.max_connections));
    const std::string error = server_->start(*options_.listen);
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      return 1;
    }
    std::fprintf(stderr, "Serving CQL native protocol v3/v4/v5 on %s\n", server_->address().c_str());
    if (server_->every_interface() && !options_.auth)
      std::fprintf(stderr,
                   "Warning: listening on every interface: anyone who can reach this machine can read and "
                   "change the data (authentication is off: --auth turns it on). Use 127.0.0.1 to serve this "
                   "machine only.\n");
  }
  if (options_.auth && options_.username) {
    const std::string error = login(*options_.username, options_.password);
    if (!error.empty()) {
      std::fprintf(stderr, "%s\n", error.c_str());
      if (server_) server_->stop();
      return 1;
    }
  }
  const int status = run_shell();
  if (serve_until_signal) {
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    int sig = 0;
    sigwait(&stop, &sig);
  }
  if (server_) server_->stop();
  return status;
}

int Shell::run_shell() {
  for (const auto& n : options_.notices) std::fprintf(stderr, "%s\n", n.c_str());
  if (options_.keyspace) {
    // cqlsh connects to the keyspace first: a missing one ends it before anything runs.
    bool exists = false;
    {
      DbLock lock(*this);
      exists = db_.catalog.keyspace(*options_.keyspace) != nullptr;
    }
    if (!exists) {
      std::fprintf(stderr,
                   "Connection error: (\"Unable to connect to any servers using keyspace '%s'\", ['127.0.0.1'])\n",
                   options_.keyspace->c_str());
      return 1;
    }
    std::string use = "USE " + util::cql_name(*options_.keyspace) + ";";
    tty_ = false;
    DbLock lock(*this);
    run_statement(use);
  }
  if (options_.execute) {
    tty_ = false;
    count_lines_ = false;
    std::string text = *options_.execute;
    if (text.empty() || text.back() != ';') text += ';';
    run_script(text, "<stdin>");
    return error_ ? 2 : 0;
  }
  if (options_.file) {
    std::ifstream in(*options_.file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "Can't open '%s': [Errno 2] No such file or directory: '%s'\n", options_.file->c_str(),
                   options_.file->c_str());
      return 1;
    }
    const std::uint64_t before = util::resident_bytes();
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    db_.memory.exclude_growth_since(before);  // the script itself is not data
    tty_ = false;
    run_script(text, *options_.file);
    return error_ ? 2 : 0;
  }
  set_terminal(options_.force_tty || isatty(STDIN_FILENO));
  if (options_.load) {
    std::ifstream in(*options_.load, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const bool saved = tty_;
    tty_ = false;
    style_.tty = false;
    run_script(ss.str(), *options_.load);
    line_no_ = 1;
    tty_ = saved;
    style_.tty = saved;
  }
  if (tty_) return run_interactive();
  // Piped input: read in blocks and run line by line as it arrives, so a script of any size
  // costs one block and one line of memory, and its statements run while it is still coming.
  // read(), not fread(): a block is whatever has arrived, so a statement runs as soon as its
  // line is there, and a program driving cqlbox through a pipe gets each answer before it
  // writes the next statement (fread waited for 64 KiB or the end of input).
  source_name_ = "<stdin>";
  std::string carry;  // a line cut by the end of a block
  static char buf[1 << 16];
  std::size_t n = 0;
  auto read_block = [&]() -> std::size_t {
    for (;;) {
      const ssize_t got = ::read(STDIN_FILENO, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      return got > 0 ? static_cast<std::size_t>(got) : 0;
    }
  };
  while (!exit_ && (sync_log(), n = read_block()) > 0) {
    const std::string_view block(buf, n);
    std::size_t start = 0;
    while (!exit_) {
      const std::size_t end = block.find('\n', start);
      if (end == std::string_view::npos) {
        carry.append(block.substr(start));
        break;
      }
      if (count_lines_) ++line_no_;
      if (carry.empty()) {
        input_line(block.substr(start, end - start));
      } else {
        carry.append(block.substr(start, end - start));
        input_line(carry);
        carry.clear();
      }
      start = end + 1;
    }
  }
  if (!exit_ && !carry.empty()) {
    if (count_lines_) ++line_no_;
    input_line(carry);
  }
  finish_input();
  return error_ ? 2 : 0;
}

}  // namespace cqlbox::shell
