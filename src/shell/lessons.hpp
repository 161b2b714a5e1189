// Scripts carried in the binary, generated at build time (embed_scripts.py): the course
// (docs/lessons/NN-name.cql: HELP LESSONS lists it, LESSON n runs one) and the sample data sets
// (docs/datasets/name.cql: HELP DATASETS, DATASET name). See lesson_commands.cpp.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::shell {

struct EmbeddedScript {
  std::string_view name;    // the file name without .cql: "04-clustering-order", "killrvideo"
  std::string_view script;  // the .cql text
  std::string_view notes;   // a lesson's .md beside it ("" for none)
};
using Lesson = EmbeddedScript;

// In course order.
std::span<const EmbeddedScript> lessons();
// By name.
std::span<const EmbeddedScript> datasets();

// The lesson's number (its name's leading digits) and title (the rest of its name:
// "04-clustering-order" is "Clustering order").
int lesson_number(const Lesson& l);
std::string lesson_title(const Lesson& l);
// The keyspaces the script creates, in order (LESSON and DATASET drop them first: a fresh start).
std::vector<std::string> lesson_keyspaces(const EmbeddedScript& l);
// The script's first comment line without "-- " (HELP DATASETS).
std::string first_comment(const EmbeddedScript& s);

}  // namespace cqlbox::shell
