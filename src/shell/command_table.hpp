// Every shell command in one table: the dispatcher (run_shell_command), HELP (its list
// of cqlbox's commands and their texts) and Tab completion all read it, so a command is added
// in one place. CQL statements are not here: the grammar knows them.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::shell {

struct ShellState;

// A shell command as typed.
struct CommandLine {
  std::string_view text;          // the whole command, without its ';'
  std::string word;               // its first word, as typed
  std::vector<std::string> args;  // the words after it (a quoted string is one word)
};

struct ShellCommand {
  std::string_view word;  // its first word, lower case
  // Runs it; nullptr for a command that runs as a statement (LIST, GET, COPY, EXPLAIN end at
  // ';'), which the table lists for HELP and completion only.
  void (*run)(ShellState&, const CommandLine&);
  std::string_view completions;  // what Tab offers, patterns separated by '|'
  std::string_view help_name;    // cqlbox's own: its name in HELP's list ("" for cqlsh's commands)
  std::string_view help;         // cqlbox's own: the text of HELP <help_name>
};

// The command `word` starts (any case), or nullptr.
const ShellCommand* find_shell_command(std::string_view word);
// Whether `word` starts a command that ends at the end of its line (run is set).
bool is_line_command(std::string_view word);
// Every completion pattern, in table order ("DESCRIBE TABLE <table>", "CLOCK SET", …).
const std::vector<std::string_view>& shell_command_patterns();
// cqlbox's own commands' HELP names, sorted.
std::vector<std::string> cqlbox_command_names();
// The HELP text of cqlbox's command named `topic` (upper case), or nullptr.
const ShellCommand* cqlbox_command_help(std::string_view topic);

}  // namespace cqlbox::shell
