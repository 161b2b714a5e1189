// A lesson as steps (LESSON n's guided mode): the script cut where a comment block begins
// between statements, each block the note shown after its step's output; and the sections of
// the lesson's notes (docs/lessons/NN-name.md) shown before the first step and after the last.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::shell {

struct LessonStep {
  std::vector<std::string> lines;  // the script's lines, as typed (statements, shell commands)
  std::string note;                // its comment block without "-- ", one line each
};

// A task for the student at the end of a lesson, written in its script as
//   -- TRY: <what to write>            (more "-- " lines may follow)
//   -- CHECK: <table> <expectation>[, <expectation>...]
// Each SELECT the student runs on <table> is judged by EXPLAIN's plan, not by its text. An
// expectation is one of: single partition, partitions (one or an IN list), slice (one
// clustering slice per partition), reversed (read backwards: ORDER BY against the clustering
// order), index, full scan, no filtering.
struct LessonTry {
  std::string task;
  std::string table;
  std::vector<std::string> expect;
};
std::vector<LessonTry> lesson_tries(std::string_view script);

// `command_line`: whether a line, outside any statement, is a shell command (which ends at its
// line, without ';'). The script's opening comment block (its title) belongs to no step.
std::vector<LessonStep> lesson_steps(std::string_view script,
                                     const std::function<bool(std::string_view)>& command_line);

// The bodies of the "## <name>" sections of a markdown text named in `names`, in the text's
// order, each under its name; links [text](target) keep their text.
std::string markdown_sections(std::string_view markdown, const std::vector<std::string_view>& names);

}  // namespace cqlbox::shell
