// HELP LESSONS / LESSON n and HELP DATASETS / DATASET name (cqlbox's own): the course in
// docs/lessons and the sample data in docs/datasets, carried in the binary. Both drop the
// keyspaces the script creates first. LESSON n then guides: each step's statements echoed after
// the prompt as if typed, their output, the step's note; NEXT, BACK, AGAIN move through it.
// LESSON n ALL and DATASET run the script as SOURCE would (errors as `name.cql:line:`). Each
// leaves the session in the script's keyspace, with the clock as it was before.
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "shell/lesson_steps.hpp"
#include "shell/lessons.hpp"
#include "shell/internal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

void help_lessons(ShellState& sh) {
  sh.out +=
      "\nLessons (LESSON n takes you through one, step by step, in a fresh keyspace; LESSON n ALL\n"
      "runs it at once; docs/course.md explains each):\n";
  for (const Lesson& l : lessons()) sh.out += fmt::format("  {:>2}  {}\n", lesson_number(l), lesson_title(l));
  sh.out += '\n';
  flush(sh);
}

void cmd_lesson(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  if (args.empty()) {  // where am I
    if (!sh.guided) {
      sh.out += "No lesson in progress: LESSON <n> starts one (HELP LESSONS lists them).\n";
    } else if (sh.guided->over) {
      sh.out += fmt::format("Lesson {} is over ({} steps): BACK shows its steps again, LESSON <n> starts another.\n",
                            lesson_number(*sh.guided->lesson), sh.guided->steps.size());
    } else {
      sh.out += fmt::format("Lesson {} ({}), step {} of {}: NEXT runs step {}.\n", lesson_number(*sh.guided->lesson),
                            lesson_title(*sh.guided->lesson), sh.guided->at, sh.guided->steps.size(),
                            sh.guided->shown.size() + 1);
    }
    flush(sh);
    return;
  }
  const Lesson* found = nullptr;
  const bool all = args.size() == 2 && util::iequals(args[1], "all");
  if (args.size() == 1 || all) {
    char* end = nullptr;
    const long n = std::strtol(args[0].c_str(), &end, 10);
    for (const Lesson& l : lessons())
      if (end && *end == '\0' && lesson_number(l) == n && !found) found = &l;
  }
  if (!found) {
    print_error(sh, args.size() == 1 || all ? fmt::format("No lesson {}: HELP LESSONS lists them", args[0])
                                            : fmt::format("Improper {} command.", word));
    return;
  }
  if (sh.guided) finish_lesson(sh);
  sh.guided.reset();
  if (all) {
    if (const std::string ks = run_fresh(sh, *found); !ks.empty()) {
      sh.out += fmt::format("Lesson {} loaded: you are in keyspace {} (docs/lessons/{}.md explains it).\n",
                            lesson_number(*found), ks, found->name);
      flush(sh);
    }
    return;
  }
  if (!drop_script_keyspaces(sh, *found)) return;
  GuidedLesson g;
  g.lesson = found;
  g.steps = lesson_steps(found->script, is_command_line);
  g.tries = lesson_tries(found->script);
  g.tried.assign(g.tries.size(), false);
  g.clock_before = sh.db.clock.fixed_at();
  if (g.steps.empty()) return;
  sh.out += fmt::format(
      "Lesson {}: {}, {} step{}. NEXT runs the next step, BACK and AGAIN show one again,\n"
      "LESSON says where you are, LESSON {} ALL runs it all at once.\n",
      lesson_number(*found), lesson_title(*found), g.steps.size(), g.steps.size() == 1 ? "" : "s",
      lesson_number(*found));
  if (const std::string intro = markdown_sections(found->notes, {"What it shows", "The idea"}); !intro.empty())
    sh.out += "\n" + intro;
  flush(sh);
  sh.guided = std::move(g);
  run_lesson_step(sh);
}

void cmd_lesson_move(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  if (!args.empty()) return print_error(sh, fmt::format("Improper {} command.", word));
  if (!sh.guided) return print_error(sh, "No lesson in progress: LESSON <n> starts one (HELP LESSONS lists them)");
  GuidedLesson& g = *sh.guided;
  const std::string move = util::ascii_lower(word);
  std::size_t show = 0;  // the recorded step to show again, from 1
  if (move == "next") {
    if (g.at < g.shown.size()) {
      show = g.at + 1;
    } else if (g.over) {
      return print_error(sh, fmt::format("Lesson {} is over: BACK shows its steps again, LESSON <n> starts another",
                                         lesson_number(*g.lesson)));
    } else {
      return run_lesson_step(sh);
    }
  } else if (move == "back") {
    if (g.at <= 1) return print_error(sh, "This is the lesson's first step: NEXT goes on");
    show = g.at - 1;
  } else {  // again
    show = g.at;
  }
  g.at = show;
  sh.out += g.shown[show - 1];
  flush(sh);
}

void run_lesson_step(ShellState& sh) {
  GuidedLesson& g = *sh.guided;
  const std::size_t index = g.shown.size();
  const LessonStep& step = g.steps[index];
  std::string shown;
  struct Record {
    std::string*& slot;
    ~Record() { slot = nullptr; }
  } recording{sh.record = &shown};
  sh.out += fmt::format("\n-- Step {} of {} --\n", index + 1, g.steps.size());
  flush(sh);
  for (const std::string& line : step.lines) {
    if (sh.exit) break;
    echo_line(sh, line, current_prompt(sh));
    feed_line(sh, line);
  }
  if (sh.splitter.in_statement() || sh.splitter.in_literal()) sh.splitter.reset();  // never in the lessons
  if (!step.note.empty()) sh.out += "\n" + step.note + "\n";
  if (index + 1 == g.steps.size()) {
    if (const std::string end = markdown_sections(g.lesson->notes, {"What to notice in the output", "Try this"});
        !end.empty())
      sh.out += "\n" + end;
    sh.out += fmt::format("\nLesson {} done: you are in keyspace {}. Try your own statements here.\n",
                          lesson_number(*g.lesson), sh.session.keyspace.empty() ? "(none)" : sh.session.keyspace);
    if (!g.tries.empty()) {
      sh.out += "\nYour turn: each SELECT you run is checked against these, by its plan (EXPLAIN), not its text.\n";
      for (std::size_t i = 0; i < g.tries.size(); ++i) sh.out += fmt::format("  {}. {}\n", i + 1, g.tries[i].task);
    }
  }
  flush(sh);
  g.shown.push_back(std::move(shown));
  g.at = g.shown.size();
  if (g.shown.size() == g.steps.size()) finish_lesson(sh);
}

void check_lesson_tries(ShellState& sh, const ast::Select& select) {
  if (!sh.guided || !sh.guided->over) return;
  GuidedLesson& g = *sh.guided;
  if (std::find(g.tried.begin(), g.tried.end(), false) == g.tried.end()) return;
  const schema::TableSchema* t = nullptr;
  try {
    t = &exec::resolve_table(sh.db, sh.session, select.table);
  } catch (const error::CqlError&) {
    return;
  }
  // EXPLAIN runs the query again: only for a SELECT on a table an open task names.
  bool wanted = false;
  for (std::size_t i = 0; i < g.tries.size(); ++i)
    wanted = wanted || (!g.tried[i] && util::iequals(g.tries[i].table, t->name));
  if (!wanted) return;
  // EXPLAIN's plan, as its (plan, detail) lines.
  std::map<std::string, std::string> plan;
  try {
    ast::Select explain = select;
    explain.explain = true;
    const exec::Result r = run_select(sh, std::move(explain));
    for (const auto& row : std::get<exec::Rows>(r).rows)
      if (row.size() == 2 && row[0] && row[1]) plan.emplace(*row[0], *row[1]);
  } catch (const error::CqlError&) {
    return;
  }
  const std::string& access = plan["access path"];
  auto holds = [&](const std::string& e) {
    if (e == "single partition") return access.starts_with("single partition");
    if (e == "partitions")
      return access.starts_with("single partition") || access.find("(IN on the partition key)") != std::string::npos;
    if (e == "slice") return plan["clustering"].find("one slice") != std::string::npos;
    if (e == "reversed") return plan["clustering"].find("read backwards") != std::string::npos;
    if (e == "index") return access.starts_with("secondary index");
    if (e == "full scan") return access.starts_with("full scan");
    if (e == "no filtering") return plan["allow filtering"].find("not needed") != std::string::npos;
    return false;
  };
  for (std::size_t i = 0; i < g.tries.size(); ++i) {
    if (g.tried[i] || !util::iequals(g.tries[i].table, t->name)) continue;
    std::string missing;
    for (const auto& e : g.tries[i].expect)
      if (!holds(e)) missing += (missing.empty() ? "" : ", ") + e;
    if (missing.empty()) {
      g.tried[i] = true;
      sh.out += fmt::format("Lesson {}, task {} done: {}.\n", lesson_number(*g.lesson), i + 1, access);
    } else {
      sh.out += fmt::format("Lesson {}, task {} not yet: it wants {}; EXPLAIN says {}", lesson_number(*g.lesson), i + 1,
                            missing, access);
      if (!plan["allow filtering"].starts_with("not needed"))
        sh.out += fmt::format(" (allow filtering: {})", plan["allow filtering"]);
      sh.out += ".\n";
    }
  }
  if (std::find(g.tried.begin(), g.tried.end(), false) == g.tried.end())
    sh.out += fmt::format("Every task of lesson {} is done.\n", lesson_number(*g.lesson));
  flush(sh);
}

void finish_lesson(ShellState& sh) {
  if (!sh.guided || sh.guided->over) return;
  sh.db.clock.restore(sh.guided->clock_before);
  sh.guided->over = true;
}

bool drop_script_keyspaces(ShellState& sh, const EmbeddedScript& script) {
  for (const auto& ks : lesson_keyspaces(script)) {
    // A fresh start: an existing keyspace of that name goes, and the user is told so.
    if (sh.db.catalog.keyspace(ks)) {
      sh.out += fmt::format("Dropping keyspace {} to load {} afresh.\n", ks, script.name);
      flush(sh);
    }
    try {
      const std::string drop = fmt::format("DROP KEYSPACE IF EXISTS {};", util::cql_name(ks));
      const ast::Statement& stmt = sh.parser.parse(drop);
      sh.engine.execute(stmt, drop, sh.session);
    } catch (const error::CqlError& e) {
      print_error(sh, e.message);
      return false;
    } catch (const engine::DurabilityError& e) {
      print_error(sh, fmt::format("ServerError: {}", e.what()));
      return false;
    }
  }
  return true;
}

std::string run_fresh(ShellState& sh, const EmbeddedScript& script) {
  if (!drop_script_keyspaces(sh, script)) return {};
  const std::vector<std::string> keyspaces = lesson_keyspaces(script);
  // A lesson moves the clock (CLOCK ADVANCE to show TTLs expire); the session's clock comes back
  // afterwards: fixed where it was, or the wall clock again.
  // Restored on the way out, whatever way that is (Ctrl-C, an error run_sourced lets through).
  struct ClockBack {
    util::Clock& clock;
    std::optional<std::int64_t> at;
    ~ClockBack() { clock.restore(at); }
  };
  {
    const ClockBack back{sh.db.clock, sh.db.clock.fixed_at()};
    run_sourced(sh, std::string(script.script), std::string(script.name) + ".cql");
  }
  if (keyspaces.empty() || !sh.db.catalog.keyspace(keyspaces.front())) return {};
  sh.session.keyspace = keyspaces.front();
  return keyspaces.front();
}

void help_datasets(ShellState& sh) {
  sh.out += "\nData sets (DATASET name loads one into a fresh keyspace):\n";
  for (const EmbeddedScript& d : datasets()) sh.out += fmt::format("  {:<12} {}\n", d.name, first_comment(d));
  sh.out += '\n';
  flush(sh);
}

void cmd_dataset(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  if (args.size() != 1) return print_error(sh, fmt::format("Improper {} command.", word));
  const EmbeddedScript* found = nullptr;
  for (const EmbeddedScript& d : datasets())
    if (util::iequals(d.name, args[0])) found = &d;
  if (!found) return print_error(sh, fmt::format("No data set {}: HELP DATASETS lists them", args[0]));
  if (const std::string ks = run_fresh(sh, *found); !ks.empty()) {
    std::size_t tables = 0, rows = 0;
    for (const auto& [name, t] : sh.db.catalog.keyspace(ks)->tables) {
      ++tables;
      for (const store::Partition& p : sh.db.store_of(t).partitions()) rows += p.rows().empty() ? 1 : p.rows().size();
    }
    sh.out += fmt::format("Data set {} loaded: keyspace {}, {} tables, {} rows (docs/datasets/{}.cql describes it).\n",
                          found->name, ks, tables, rows, found->name);
    flush(sh);
  }
}

}  // namespace cqlbox::shell
