// cqlsh's own commands (cassandra.md §3.4, 5.0 texts): EXPAND, PAGING, CONSISTENCY,
// SERIAL CONSISTENCY, SHOW, EXIT/QUIT. Commands of later issues say so.
#include <fmt/format.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "shell/internal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

// Words of a shell command line; a quoted name or string ("My Type", 'my file.csv') is one word
// with its quotes, spaces and doubled quotes included.
std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r') {
      if (s[j] == '"' || s[j] == '\'') {
        const char q = s[j++];
        while (j < s.size() && !(s[j] == q && (j + 1 >= s.size() || s[j + 1] != q))) j += s[j] == q ? 2u : 1u;
        if (j < s.size()) ++j;
        continue;
      }
      ++j;
    }
    if (j > i) words.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return words;
}

std::string upper(std::string s) {
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

// cqlsh's <showCommand> takes a uuid token after SESSION.
bool looks_like_uuid(std::string_view s) {
  if (s.size() != 36) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? c != '-' : !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  return true;
}

}  // namespace

// cqlsh 6.2's SwitchCommand texts (cqlshmain.py): a redundant ON or OFF is an error on stderr.
void cmd_switch(ShellState& sh, std::string_view word, const std::vector<std::string>& args, bool& flag,
                const char* name) {
  const std::string_view command(name);
  const char* what = command == "EXPAND"    ? "Expanded output"
                     : command == "PAGING"  ? "Query paging"
                     : command == "TRACING" ? "Tracing"
                                            : "Storage view";  // STORAGE: cqlbox's own, in the same words
  if (args.empty()) {
    sh.out += flag ? fmt::format("{} is currently enabled. Use {} OFF to disable\n", what, name)
                   : fmt::format("{} is currently disabled. Use {} ON to enable.\n", what, name);
  } else if (args.size() == 1 && (util::iequals(args[0], "on") || util::iequals(args[0], "off"))) {
    const bool on = util::iequals(args[0], "on");
    if (on == flag) {
      print_error(sh, on ? fmt::format("{} is already enabled. Use {} OFF to disable.", what, name)
                         : fmt::format("{} is not enabled.", what));
      return;
    }
    sh.out += on ? fmt::format("Now {} is enabled\n", what) : fmt::format("Disabled {}.\n", what);
    flag = on;
  } else {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  flush(sh);
}

void cmd_paging(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  bool on = sh.style.page_size != 0 || sh.zero_page;
  sh.zero_page = false;
  if (args.size() == 1 && !util::iequals(args[0], "on") && !util::iequals(args[0], "off")) {
    const std::string& a = args[0];
    bool digits = !a.empty() && a.size() < 10;
    for (char c : a) digits = digits && c >= '0' && c <= '9';
    if (!digits) {
      print_error(sh, fmt::format("Improper {} command.", word));
      return;
    }
    sh.paging_size = static_cast<std::size_t>(std::atoi(a.c_str()));
    sh.style.page_size = sh.paging_size;
    sh.zero_page = sh.paging_size == 0;  // cqlsh accepts 0: paging stays "on", every row in one page
    sh.session.paging = true;
    sh.session.page_size = static_cast<std::int64_t>(sh.paging_size);
    sh.out += fmt::format("Page size: {}\n", sh.paging_size);
    flush(sh);
    return;
  }
  if (args.size() > 1) {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  const bool was_on = on;
  cmd_switch(sh, word, args, on, "PAGING");
  if (!on) sh.paging_size = 100;
  sh.style.page_size = on ? sh.paging_size : 0;
  sh.session.paging = on;
  sh.session.page_size = static_cast<std::int64_t>(sh.paging_size);
  if (on && (args.empty() || was_on || on)) {
    sh.out += fmt::format("Page size: {}\n", sh.paging_size);
    flush(sh);
  }
}

void cmd_consistency(ShellState& sh, std::string_view word, const std::vector<std::string>& args, bool serial) {
  static constexpr std::string_view kLevels[] = {"ANY",    "ONE",          "TWO",          "THREE",
                                                 "QUORUM", "ALL",          "LOCAL_QUORUM", "EACH_QUORUM",
                                                 "SERIAL", "LOCAL_SERIAL", "LOCAL_ONE",    "NODE_LOCAL"};
  std::string& level = serial ? sh.serial_consistency : sh.consistency;
  if (args.empty()) {
    sh.out += serial ? fmt::format("Current serial consistency level is {}.\n", level)
                     : fmt::format("Current consistency level is {}.\n", level);
    flush(sh);
    return;
  }
  std::string wanted = upper(args[0]);
  bool valid = args.size() == 1;
  bool known = false;
  for (auto l : kLevels) known = known || wanted == l;
  if (serial) known = wanted == "SERIAL" || wanted == "LOCAL_SERIAL";
  if (!valid || !known) {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  level = wanted;
  // The protocol's code of the level (ANY 0 … LOCAL_ONE 10, NODE_LOCAL 12): what statements
  // are checked against (exec::Session::consistency, and serial_consistency for a conditional
  // write's Paxos round).
  static constexpr std::uint16_t kCodes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12};
  for (std::size_t i = 0; i < std::size(kLevels); ++i)
    if (kLevels[i] == level) (serial ? sh.session.serial_consistency : sh.session.consistency) = kCodes[i];
  sh.out += serial ? fmt::format("Serial consistency level set to {}.\n", level)
                   : fmt::format("Consistency level set to {}.\n", level);
  flush(sh);
}

void cmd_show(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  if (args.size() >= 2 && args.size() <= 3 && util::iequals(args[0], "replicas")) {
    show_replicas(sh, args);
    return;
  }
  if (args.size() == 1 && util::iequals(args[0], "version")) {
    sh.out += fmt::format("[cqlbox {} | Cassandra 5.0 semantics | CQL spec 3.4.7]\n", kVersion);
  } else if (args.size() == 2 && util::iequals(args[0], "session") && looks_like_uuid(args[1])) {
    show_session(sh, args[1]);
  } else if (args.size() == 1 && util::iequals(args[0], "host")) {
    sh.out += fmt::format("Connected to cqlbox (in-memory, {} nodes, Murmur3Partitioner)\n", sh.options.nodes);
  } else {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  flush(sh);
}

bool run_shell_command(ShellState& sh, std::string_view command) {
  std::vector<std::string> words = split_words(command);
  if (words.empty()) return false;
  CommandLine line{command, words[0], std::vector<std::string>(words.begin() + 1, words.end())};
  const ShellCommand* c = find_shell_command(line.word);
  if (c && c->run)
    c->run(sh, line);
  else
    print_error(sh, fmt::format("{} is not supported by cqlbox yet", line.word == "?" ? "HELP" : upper(line.word)));
  return true;
}

void cmd_help_command(ShellState& sh, const CommandLine& c) {
  if (c.args.size() == 1 && util::iequals(c.args[0], "lessons")) return help_lessons(sh);
  if (c.args.size() == 1 && util::iequals(c.args[0], "datasets")) return help_datasets(sh);
  cmd_help(sh, c.args);
}

void cmd_serial(ShellState& sh, const CommandLine& c) {
  if (c.args.empty() || !util::iequals(c.args[0], "consistency"))
    return print_error(sh, fmt::format("Improper {} command.", c.word));
  cmd_consistency(sh, c.word, std::vector<std::string>(c.args.begin() + 1, c.args.end()), true);
}

void cmd_exit(ShellState& sh, const CommandLine& c) {
  if (!c.args.empty())
    print_error(sh, fmt::format("Improper {} command.", c.word));  // cqlsh: no arguments
  else
    sh.exit = true;
}

void cmd_clear(ShellState& sh) {
  if (sh.tty) sh.out += "\033[2J\033[H";
  flush(sh);
}

void cmd_login(ShellState& sh, const CommandLine& c) {
  if (c.args.empty()) return print_error(sh, fmt::format("Improper {} command.", c.word));
  // LOGIN <user> ['<password>']
  std::optional<std::string> password;
  if (c.args.size() > 1) {
    // cqlsh strips the quotes and nothing else: a doubled quote stays doubled.
    std::string_view p = c.args[1];
    if (!p.empty() && p.back() == ';') p.remove_suffix(1);
    if (p.size() >= 2 && p.front() == '\'' && p.back() == '\'') p = p.substr(1, p.size() - 2);
    password = std::string(p);
  }
  const std::string error = login(sh, c.args[0], password);
  // cqlsh prints the driver's exception as it is (no "Connection error: " here).
  if (!error.empty()) print_error(sh, error.substr(error.find('(')));
}

}  // namespace cqlbox::shell
