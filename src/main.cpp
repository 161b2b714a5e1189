// cqlbox: argv -> shell::Options -> shell::Shell::run(). Nothing else lives here.
#include <csignal>

#include "shell/options.hpp"
#include "shell/shell.hpp"

int main(int argc, char** argv) {
  // A file-size limit (ulimit -f) makes a commit log write fail with EFBIG, reported like a full
  // disk, instead of killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  cqlbox::shell::Options options;
  if (auto status = cqlbox::shell::parse_options(argc, argv, options)) return *status;
  cqlbox::shell::Shell shell(options);
  return shell.run();
}
