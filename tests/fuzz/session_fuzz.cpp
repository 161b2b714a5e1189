// libFuzzer target: arbitrary bytes as a whole piped session against a fresh database,
// shell commands included. Output goes to /dev/null; crashes, sanitizer reports and hangs are
// the findings. cqlbox's own output goes to /dev/null; libFuzzer's stays on stderr.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "shell/options.hpp"
#include "shell/shell.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::FILE* sink = std::fopen("/dev/null", "w");
  cqlbox::shell::Options options;
  options.now = "2024-01-01 00:00:00+0000";
  options.nodes = 3;
  options.num_tokens = 4;
  cqlbox::shell::ShellState shell(options);
  shell.out_file = sink;
  shell.err_file = sink;
  cqlbox::shell::run_script(shell, std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
