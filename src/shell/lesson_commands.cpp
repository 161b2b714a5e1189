// HELP LESSONS / LESSON n and HELP DATASETS / DATASET name (cqlbox's own): the course in
// docs/lessons and the sample data in docs/datasets, carried in the binary. Both drop the
// keyspaces the script creates, run it as SOURCE would (errors as `name.cql:line:`), and leave
// the session in the script's keyspace to carry on by hand, with the clock as it was before.
#include <cstdint>
#include <cstdlib>
#include <optional>

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
  if (const std::string ks = run_fresh(*found); !ks.empty()) {
    out_ += fmt::format("Lesson {} loaded: you are in keyspace {} (docs/lessons/{}.md explains it).\n",
                        lesson_number(*found), ks, found->name);
    flush();
  }
}

std::string Shell::run_fresh(const EmbeddedScript& script) {
  const std::vector<std::string> keyspaces = lesson_keyspaces(script);
  for (const auto& ks : keyspaces) {
    // A fresh start: an existing keyspace of that name goes, and the user is told so.
    if (db_.catalog.keyspace(ks)) {
      out_ += fmt::format("Dropping keyspace {} to load {} afresh.\n", ks, script.name);
      flush();
    }
    try {
      const std::string drop = fmt::format("DROP KEYSPACE IF EXISTS {};", util::cql_name(ks));
      const ast::Statement& stmt = parser_.parse(drop);
      if (log_statement(stmt, drop, session_)) {
        try {
          exec::execute(db_, session_, stmt);
        } catch (...) {
          finish_statement(true);
          throw;
        }
        finish_statement(false);
      }
    } catch (const error::CqlError& e) {
      print_error(e.message);
      return {};
    }
  }
  // A lesson moves the clock (CLOCK ADVANCE to show TTLs expire); the session's clock comes back
  // afterwards: fixed where it was, or the wall clock again.
  // Restored on the way out, whatever way that is (Ctrl-C, an error run_sourced lets through).
  struct ClockBack {
    util::Clock& clock;
    std::optional<std::int64_t> at;
    ~ClockBack() { clock.restore(at); }
  };
  {
    const ClockBack back{db_.clock, db_.clock.fixed_at()};
    run_sourced(std::string(script.script), std::string(script.name) + ".cql");
  }
  if (keyspaces.empty() || !db_.catalog.keyspace(keyspaces.front())) return {};
  session_.keyspace = keyspaces.front();
  return keyspaces.front();
}

void Shell::help_datasets() {
  out_ += "\nData sets (DATASET name loads one into a fresh keyspace):\n";
  for (const EmbeddedScript& d : datasets()) out_ += fmt::format("  {:<12} {}\n", d.name, first_comment(d));
  out_ += '\n';
  flush();
}

void Shell::cmd_dataset(std::string_view word, const std::vector<std::string>& args) {
  if (args.size() != 1) return print_error(fmt::format("Improper {} command.", word));
  const EmbeddedScript* found = nullptr;
  for (const EmbeddedScript& d : datasets())
    if (util::iequals(d.name, args[0])) found = &d;
  if (!found) return print_error(fmt::format("No data set {}: HELP DATASETS lists them", args[0]));
  if (const std::string ks = run_fresh(*found); !ks.empty()) {
    std::size_t tables = 0, rows = 0;
    for (const auto& [name, t] : db_.catalog.keyspace(ks)->tables) {
      ++tables;
      for (const auto& [pos, p] : db_.store_of(t).partitions()) rows += p.rows().empty() ? 1 : p.rows().size();
    }
    out_ += fmt::format("Data set {} loaded: keyspace {}, {} tables, {} rows (docs/datasets/{}.cql describes it).\n",
                        found->name, ks, tables, rows, found->name);
    flush();
  }
}

}  // namespace cqlbox::shell
