// LESSON n's guided mode: how a lesson script is cut into steps, and which parts of its notes
// are shown (shell/lesson_steps.hpp).
#include "shell/lesson_steps.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "shell/lessons.hpp"
#include "shell/shell.hpp"

using cqlbox::shell::lesson_steps;
using cqlbox::shell::markdown_sections;

TEST_CASE("a lesson script is cut into steps where a comment block begins between statements") {
  const std::string script =
      "-- Lesson 9: the title, which belongs to no step.\n"
      "-- It may run over lines.\n"
      "\n"
      "-- First: a keyspace.\n"
      "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};\n"
      "USE k;\n"
      "CREATE TABLE t (\n"
      "    -- a comment inside a statement is the statement's\n"
      "    k int PRIMARY KEY);\n"
      "-- Second: a shell command,\n"
      "-- which needs no ';'.\n"
      "LIST t\n"
      "SELECT * FROM t;\n"
      "-- Last words.\n";
  const auto steps = lesson_steps(script, cqlbox::shell::is_command_line);
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].note == "First: a keyspace.");
  CHECK(steps[0].lines.size() == 5);
  CHECK(steps[0].lines[3] == "    -- a comment inside a statement is the statement's");
  CHECK(steps[1].note == "Second: a shell command,\nwhich needs no ';'.\nLast words.");
  CHECK(steps[1].lines == std::vector<std::string>{"LIST t", "SELECT * FROM t;"});
}

TEST_CASE("every lesson of the course has steps, each with a note") {
  for (const auto& lesson : cqlbox::shell::lessons()) {
    CAPTURE(lesson.name);
    const auto steps = lesson_steps(lesson.script, cqlbox::shell::is_command_line);
    CHECK(steps.size() >= 3);
    for (const auto& step : steps) CHECK_FALSE(step.note.empty());
    CHECK_FALSE(markdown_sections(lesson.notes, {"What it shows"}).empty());
  }
}

TEST_CASE("markdown sections: the named ones, in order, links as their text, one blank line between") {
  const std::string md =
      "# Lesson\n\nSee [the script](01.cql).\n\n## What it shows\n\nA **table** and [a link](x.md).\n\n\n"
      "## Skipped\n\nnot this\n\n## Try this\n\n```\nSELECT 1;\n```\n\n";
  CHECK(markdown_sections(md, {"What it shows", "Try this"}) ==
        "What it shows\n\nA table and a link.\n\nTry this\n\n```\nSELECT 1;\n```\n");
}

TEST_CASE("a lesson's tasks: TRY text over lines, CHECK's table and expectations; neither is a step's note") {
  const std::string script =
      "-- Title.\n\n-- One step.\nSELECT 1 FROM t;\n\n"
      "-- TRY: Read one day\n-- of one sensor.\n-- CHECK: readings single partition, slice , no filtering\n"
      "-- TRY: Without a check it is no task.\n";
  const auto tries = cqlbox::shell::lesson_tries(script);
  REQUIRE(tries.size() == 1);
  CHECK(tries[0].task == "Read one day of one sensor.");
  CHECK(tries[0].table == "readings");
  CHECK(tries[0].expect == std::vector<std::string>{"single partition", "slice", "no filtering"});
  const auto steps = lesson_steps(script, cqlbox::shell::is_command_line);
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].note == "One step.");
}
