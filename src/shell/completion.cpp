#include "shell/completion.hpp"

#include <algorithm>
#include <array>

#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

constexpr std::array<std::string_view, 30> kStarters = {
    "SELECT", "INSERT", "UPDATE", "DELETE", "BEGIN", "APPLY", "CREATE", "ALTER", "DROP", "TRUNCATE",
    "USE", "DESCRIBE", "DESC", "EXPAND", "PAGING", "TRACING", "CONSISTENCY", "SERIAL", "SOURCE",
    "CAPTURE", "SHOW", "HELP", "EXIT", "QUIT", "CLEAR", "COPY", "LIST", "GET", "STORAGE", "NODETOOL"};

constexpr std::array<std::string_view, 64> kKeywords = {
    "ADD", "AGGREGATE", "ALLOW", "AND", "APPLY", "AS", "ASC", "BATCH", "BY", "CAST", "CLUSTERING",
    "CONTAINS", "COUNTER", "CUSTOM", "DEFAULT", "DESC", "DISTINCT", "ENTRIES", "EXISTS", "FILTERING",
    "FROM", "FROZEN", "FULL", "GROUP", "IF", "IN", "INDEX", "INTO", "IS", "JSON", "KEY", "KEYS",
    "KEYSPACE", "LIMIT", "NOT", "NULL", "ON", "ORDER", "PARTITION", "PER", "PRIMARY", "RENAME", "SET",
    "STATIC", "TABLE", "TIMESTAMP", "TO", "TOKEN", "TTL", "TUPLE", "TYPE", "UNLOGGED", "UNSET",
    "USING", "VALUES", "VIEW", "WHERE", "WITH", "WRITETIME", "MATERIALIZED", "COMPACT", "STORAGE",
    "TYPES", "TABLES"};

constexpr std::array<std::string_view, 25> kTypes = {
    "ascii", "bigint", "blob", "boolean", "counter", "date", "decimal", "double", "duration",
    "float", "inet", "int", "smallint", "text", "time", "timestamp", "timeuuid", "tinyint", "uuid",
    "varchar", "varint", "list", "set", "map", "vector"};

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == ',' || c == '(' || c == ')' || c == ';' || c == '=') {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

bool is_table_word(std::string_view upper) {
  return upper == "FROM" || upper == "INTO" || upper == "UPDATE" || upper == "TABLE" || upper == "TRUNCATE" ||
         upper == "ON" || upper == "LIST" || upper == "GET" || upper == "COPY" || upper == "COLUMNFAMILY";
}

// The table a statement names (after FROM, INTO, UPDATE, …), resolved in `keyspace`.
const schema::TableSchema* named_table(const schema::Catalog& catalog, std::string_view keyspace,
                                       const std::vector<std::string>& words) {
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (!is_table_word(util::ascii_upper(words[i]))) continue;
    std::string_view name = words[i + 1];
    std::string_view ks = keyspace;
    if (const auto dot = name.find('.'); dot != std::string_view::npos) {
      ks = name.substr(0, dot);
      name = name.substr(dot + 1);
    }
    if (const auto* t = catalog.table(ks, name)) return t;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> completions(const schema::Catalog& catalog, std::string_view keyspace,
                                     std::string_view before, std::string_view word) {
  const std::vector<std::string> words = words_of(before);
  const std::string prev = words.empty() ? std::string() : util::ascii_upper(words.back());
  const bool lower = !word.empty() && word[0] >= 'a' && word[0] <= 'z';
  std::vector<std::string> out;
  auto keyword = [&](std::string_view k) { out.push_back(lower ? util::ascii_lower(k) : std::string(k)); };
  auto keyspaces = [&] {
    for (const auto& [name, ks] : catalog.keyspaces()) out.push_back(name);
  };

  if (words.empty()) {
    for (auto k : kStarters) keyword(k);
  } else if (prev == "USE" || prev == "KEYSPACE") {
    keyspaces();
  } else if (is_table_word(prev)) {
    if (const auto dot = word.find('.'); dot != std::string_view::npos) {
      if (const auto* ks = catalog.keyspace(word.substr(0, dot)))
        for (const auto& [name, t] : ks->tables) out.push_back(ks->name + "." + name);
    } else {
      if (const auto* ks = catalog.keyspace(keyspace))
        for (const auto& [name, t] : ks->tables) out.push_back(name);
      for (const auto& [name, ks] : catalog.keyspaces()) out.push_back(name + ".");
    }
  } else {
    if (const auto* t = named_table(catalog, keyspace, words))
      for (const auto& c : t->columns) out.push_back(c.name);
    for (auto k : kKeywords) keyword(k);
    const std::string first = util::ascii_upper(words.front());
    if (first == "CREATE" || first == "ALTER")
      for (auto ty : kTypes) out.emplace_back(ty);
  }
  std::erase_if(out, [&](const std::string& c) {
    return c.size() < word.size() || !util::iequals(std::string_view(c).substr(0, word.size()), word);
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace cqlbox::shell
