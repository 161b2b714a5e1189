// cqlbox: argv -> shell::Options -> shell::run() on one shell::ShellState. Nothing else lives here.
#include <csignal>

#include "shell/options.hpp"
#include "shell/shell.hpp"
#include "util/sanitizers.hpp"

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) makes a commit log write fail with EFBIG, reported like a full
  // disk, instead of killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  cqlbox::shell::Options options;
  if (auto status = cqlbox::shell::parse_options(argc, argv, options)) return *status;
  cqlbox::shell::ShellState shell(options);
  const int status = cqlbox::shell::run(shell);
  // Tearing down a million rows only to exit takes time, and the destructors' code, paged in
  // 64 KiB at a time, added 1.7 MB to the peak memory of the benchmark's ingest. The OS takes
  // the heap back at once. ASan builds tear down, so they still check every block.
  if (!cqlbox::util::kAddressSanitizer) cqlbox::shell::exit_process(shell, status);
  return status;
}
