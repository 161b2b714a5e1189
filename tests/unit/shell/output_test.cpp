// When the shell's output reaches its file descriptors (shell/internal.hpp put_text): piped
// results in blocks, not a write(2) per statement; stdout before stderr; at once on a terminal
// and with --data, where a result acknowledges its statement.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "shell/internal.hpp"
#include "shell/options.hpp"
#include "shell/shell.hpp"

using cqlbox::shell::Options;
using cqlbox::shell::ShellState;

namespace {

// The bytes that reached `f`'s file descriptor (a temporary file): what stdio has passed on.
long long written(std::FILE* f) {
  struct stat st {};
  REQUIRE(fstat(fileno(f), &st) == 0);
  return static_cast<long long>(st.st_size);
}

struct Files {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  Files() {
    REQUIRE(out != nullptr);
    REQUIRE(err != nullptr);
  }
  Files(const Files&) = delete;
  Files& operator=(const Files&) = delete;
  ~Files() {
    std::fclose(out);
    std::fclose(err);
  }
  void attach(ShellState& sh) const {
    sh.out_file = out;
    sh.err_file = err;
  }
};

Options at_fixed_time() {
  Options o;
  o.now = "2024-01-01 00:00:00+0000";
  return o;
}

}  // namespace

TEST_CASE("piped results wait in stdio's buffer until the shell waits for input") {
  ShellState sh(at_fixed_time());
  Files files;
  files.attach(sh);
  cqlbox::shell::run_script(sh, "SELECT key FROM system.local;\nSELECT cluster_name FROM system.local;\n");
  CHECK(written(files.out) == 0);  // two results, no write yet
  cqlbox::shell::flush_before_waiting(sh);
  CHECK(written(files.out) > 0);
  CHECK(written(files.err) == 0);
}

TEST_CASE("an error goes out after the results before it") {
  ShellState sh(at_fixed_time());
  Files files;
  files.attach(sh);
  cqlbox::shell::run_script(sh, "SELECT key FROM system.local;\nSELEC key;\n");
  // The error was written to stderr, so the result before it had reached stdout already.
  CHECK(written(files.err) > 0);
  CHECK(written(files.out) > 0);
}

TEST_CASE("a terminal gets each result at once") {
  ShellState sh(at_fixed_time());
  Files files;
  files.attach(sh);
  sh.tty = true;
  cqlbox::shell::run_script(sh, "SELECT key FROM system.local;\n");
  CHECK(written(files.out) > 0);
}

TEST_CASE("a statement that opens a named file writes the answers before it first (a FIFO's open blocks)") {
  ShellState sh(at_fixed_time());
  Files files;
  files.attach(sh);
  char path[] = "/tmp/cqlbox-output-test-XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  cqlbox::shell::run_script(sh, std::string("SELECT key FROM system.local;\nSOURCE '") + path + "';\n");
  CHECK(written(files.out) > 0);
  std::remove(path);
}
