// HELP LESSONS and LESSON n (cqlbox's own): the course in docs/lessons, carried in the binary.
// LESSON n drops the keyspaces the lesson creates, runs its script as SOURCE would (errors as
// `NN-name.cql:line:`), and leaves the session in the lesson's keyspace to carry on by hand.
#include <cstdlib>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "shell/lessons.hpp"
#include "shell/shell.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

void Shell::help_lessons() {
  out_ += "\nLessons (LESSON n runs one in a fresh keyspace; docs/course.md explains each):\n";
  for (const Lesson& l : lessons()) out_ += fmt::format("  {:>2}  {}\n", lesson_number(l), lesson_title(l));
  out_ += '\n';
  flush();
}

void Shell::cmd_lesson(std::string_view word, const std::vector<std::string>& args) {
  const Lesson* found = nullptr;
  if (args.size() == 1) {
    char* end = nullptr;
    const long n = std::strtol(args[0].c_str(), &end, 10);
    for (const Lesson& l : lessons())
      if (end && *end == '\0' && lesson_number(l) == n && !found) found = &l;
  }
  if (!found) {
    print_error(args.size() == 1 ? fmt::format("No lesson {}: HELP LESSONS lists them", args[0])
                                 : fmt::format("Improper {} command.", word));
    return;
  }
  const std::vector<std::string> keyspaces = lesson_keyspaces(*found);
  for (const auto& ks : keyspaces) {
    try {
      exec::execute(db_, session_, parser_.parse(fmt::format("DROP KEYSPACE IF EXISTS {};", util::cql_name(ks))));
    } catch (const error::CqlError& e) {
      print_error(e.message);
      return;
    }
  }
  run_sourced(std::string(found->script), std::string(found->name) + ".cql");
  if (!keyspaces.empty() && db_.catalog.keyspace(keyspaces.front())) {
    session_.keyspace = keyspaces.front();
    out_ += fmt::format("Lesson {} loaded: you are in keyspace {} (docs/lessons/{}.md explains it).\n",
                        lesson_number(*found), keyspaces.front(), found->name);
    flush();
  }
}

}  // namespace cqlbox::shell
