// HELP on cqlsh's own shell commands (CAPTURE, COPY, DESCRIBE, …): cqlsh's texts.
#pragma once

#include <string_view>

namespace cqlbox::shell {

// The text cqlsh prints for HELP <topic> (upper case; DESC and CLS are aliases), without the
// newline cqlsh adds after it; nullptr when <topic> is not one of cqlsh's shell commands.
const char* cqlsh_command_help(std::string_view topic);

}  // namespace cqlbox::shell
