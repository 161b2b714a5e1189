#include "shell/lessons.hpp"

#include "util/text.hpp"

namespace cqlbox::shell {

int lesson_number(const Lesson& l) {
  int n = 0;
  for (char c : l.name) {
    if (c < '0' || c > '9') break;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::string lesson_title(const Lesson& l) {
  std::string_view name = l.name;
  while (!name.empty() && name.front() >= '0' && name.front() <= '9') name.remove_prefix(1);
  if (!name.empty() && name.front() == '-') name.remove_prefix(1);
  std::string title(name);
  for (char& c : title)
    if (c == '-') c = ' ';
  if (!title.empty() && title[0] >= 'a' && title[0] <= 'z') title[0] = static_cast<char>(title[0] - 'a' + 'A');
  return title;
}

std::string first_comment(const EmbeddedScript& s) {
  std::string_view first = s.script.substr(0, s.script.find('\n'));
  if (first.starts_with("-- "))
    first.remove_prefix(3);
  else if (first.starts_with("--"))
    first.remove_prefix(2);
  else
    first = {};
  return std::string(first);
}

std::vector<std::string> lesson_keyspaces(const EmbeddedScript& l) {
  std::vector<std::string> out;
  std::string_view rest = l.script;
  for (std::size_t at = 0; (at = rest.find('\n')) != std::string_view::npos || !rest.empty();) {
    std::string_view line = rest.substr(0, at);
    rest = at == std::string_view::npos ? std::string_view() : rest.substr(at + 1);
    // "CREATE KEYSPACE [IF NOT EXISTS] name …" at the start of a line.
    std::string upper = util::ascii_upper(line.substr(0, std::min<std::size_t>(line.size(), 40)));
    if (!upper.starts_with("CREATE KEYSPACE ")) continue;
    std::string_view words = line.substr(16);
    if (util::ascii_upper(words.substr(0, 14)) == "IF NOT EXISTS ") words.remove_prefix(14);
    std::size_t end = 0;
    while (end < words.size() && words[end] != ' ' && words[end] != '\t') ++end;
    std::string name(words.substr(0, end));
    if (name.size() >= 2 && name.front() == '"')
      name = name.substr(1, name.size() - 2);
    else
      name = util::ascii_lower(name);
    if (!name.empty()) out.push_back(std::move(name));
  }
  return out;
}

}  // namespace cqlbox::shell
