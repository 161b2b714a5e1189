// cqlbox: argv -> shell::Options -> shell::Shell::run(). Nothing else lives here.
#include <csignal>

#include "shell/options.hpp"
#include "shell/shell.hpp"

int main(int argc, char** argv) {
  cqlbox::shell::Options options;
  if (auto status = cqlbox::shell::parse_options(argc, argv, options)) return *status;
  cqlbox::shell::Shell shell(options);
  return shell.run();
}
