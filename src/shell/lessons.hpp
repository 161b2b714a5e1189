// The course (docs/lessons/NN-name.cql), carried in the binary: HELP LESSONS lists it and
// LESSON n runs one (lesson_commands.cpp). The table itself is generated at build time
// (embed_lessons.py).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::shell {

struct Lesson {
  std::string_view name;    // "04-clustering-order"
  std::string_view script;  // the .cql text
};

// In course order.
std::span<const Lesson> lessons();

// The lesson's number (its name's leading digits) and title (the rest of its name:
// "04-clustering-order" is "Clustering order").
int lesson_number(const Lesson& l);
std::string lesson_title(const Lesson& l);
// The keyspaces the script creates, in order (LESSON n drops them first: a fresh start).
std::vector<std::string> lesson_keyspaces(const Lesson& l);

}  // namespace cqlbox::shell
