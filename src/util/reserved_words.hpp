// Cassandra 5.0's reserved keywords (resources/.../cql3/reserved_keywords.txt): they cannot be used as unquoted
// identifiers, and names equal to them are printed quoted. Kept sorted; upper case.
// This is a plain data table so the grammar (which may include only PEGTL and std) and the
// name-quoting code share one list.
#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace cqlbox::util {

inline constexpr std::array<std::string_view, 57> kReservedWords = {
    "ADD",  "ALLOW",        "ALTER",  "AND",          "APPLY",    "ASC",      "AUTHORIZE",   "BATCH",   "BEGIN",
    "BY",   "COLUMNFAMILY", "CREATE", "DELETE",       "DESC",     "DESCRIBE", "DROP",        "ENTRIES", "EXECUTE",
    "FROM", "FULL",         "GRANT",  "IF",           "IN",       "INDEX",    "INFINITY",    "INSERT",  "INTO",
    "IS",   "KEYSPACE",     "LIMIT",  "MATERIALIZED", "MODIFY",   "NAN",      "NORECURSIVE", "NOT",     "NULL",
    "OF",   "ON",           "OR",     "ORDER",        "PRIMARY",  "RENAME",   "REVOKE",      "SCHEMA",  "SELECT",
    "SET",  "TABLE",        "TO",     "TOKEN",        "TRUNCATE", "UNLOGGED", "UPDATE",      "USE",     "USING",
    "VIEW", "WHERE",        "WITH"};

// True when `word` (any case, ASCII) is reserved. Called for every identifier the parser
// reads, so reject by length first (reserved words are 2 to 12 letters).
inline bool is_reserved_word(std::string_view word) {
  if (word.size() < 2 || word.size() > 12) return false;
  char upper[16];
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    upper[i] = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  }
  std::string_view u(upper, word.size());
  for (std::string_view r : kReservedWords)
    if (r.size() == u.size() && r[0] == u[0] && r == u) return true;
  return false;
}

}  // namespace cqlbox::util
