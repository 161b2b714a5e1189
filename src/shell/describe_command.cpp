// DESCRIBE / DESC (cassandra.md §3.4): KEYSPACES, KEYSPACE [ks], ONLY KEYSPACE [ks], TABLES,
// TABLE t, INDEX i, MATERIALIZED VIEW v, [FULL] SCHEMA, CLUSTER, TYPES/FUNCTIONS/AGGREGATES (none yet), or a bare
// name. Statements print as "blank line, statement"; lists are columnized; a failure prints
// only the server's message.
#include <algorithm>

#include <fmt/format.h>

#include "print/describe.hpp"
#include "shell/shell.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

// "ks.t" / "t" / quoted parts -> (keyspace, name).
std::pair<std::string, std::string> split_name(const std::string& text) {
  auto norm = [](std::string_view part) {
    if (part.size() >= 2 && part.front() == '"' && part.back() == '"') return std::string(part.substr(1, part.size() - 2));
    return util::ascii_lower(part);
  };
  const auto dot = text.find('.');
  if (dot == std::string::npos) return {"", norm(text)};
  return {norm(std::string_view(text).substr(0, dot)), norm(std::string_view(text).substr(dot + 1))};
}

bool name_less(const std::string& a, const std::string& b) {
  return util::ascii_lower(a) < util::ascii_lower(b);
}

}  // namespace

void Shell::describe_statement(const std::string& statement) {
  out_ += '\n';
  out_ += statement;
  out_ += '\n';
}

void Shell::describe_table(const schema::TableSchema& t) {
  describe_statement(print::table_ddl(t));
  for (const auto& index : t.indexes) describe_statement(print::index_ddl(t, index));
}

void Shell::describe_keyspace(const schema::KeyspaceSchema& ks, bool only) {
  describe_statement(print::keyspace_ddl(ks));
  if (only) return;
  for (const auto& [name, type] : ks.types) describe_statement(print::type_ddl(*type));
  std::vector<const schema::TableSchema*> tables;
  for (const auto& [name, t] : ks.tables)
    if (!t.view) tables.push_back(&t);
  std::sort(tables.begin(), tables.end(), [](auto* a, auto* b) { return name_less(a->name, b->name); });
  for (const auto* t : tables) {
    describe_table(*t);
    // Then the table's views, by name.
    std::vector<std::string> views = t->views;
    std::sort(views.begin(), views.end(), name_less);
    for (const auto& v : views)
      if (auto it = ks.tables.find(v); it != ks.tables.end()) describe_statement(print::view_ddl(it->second));
  }
}

void Shell::cmd_describe(std::string_view command_word, const std::vector<std::string>& args) {
  const std::string improper = fmt::format("Improper {} command.", command_word);
  auto fail = [&](const std::string& message) { print_error(message); };
  auto word = [&](std::size_t i) { return i < args.size() ? util::ascii_lower(args[i]) : std::string(); };
  const std::string what = word(0);
  if (what.empty()) {
    print_error(improper);
    return;
  }
  const auto& keyspaces = db_.catalog.keyspaces();
  if (what == "keyspaces") {
    std::vector<std::string> names;
    for (const auto& [name, ks] : keyspaces) names.push_back(name);
    std::sort(names.begin(), names.end(), name_less);
    out_ += "\n" + print::columnize(names) + "\n";
  } else if (what == "tables" || what == "types" || what == "functions" || what == "aggregates") {
    bool printed_any = false;
    for (const auto& [name, ks] : keyspaces) {
      if (!session_.keyspace.empty() && name != session_.keyspace) continue;
      std::vector<std::string> names;
      if (what == "tables")
        for (const auto& [t, schema] : ks.tables)
          if (!schema.view) names.push_back(t);
      if (what == "types")
        for (const auto& [t, type] : ks.types) names.push_back(t);
      if (names.empty()) continue;  // cqlsh prints only keyspaces that have rows
      // Sorted by name ignoring case, then quoted where needed ("IndexInfo" sorts as indexinfo).
      std::sort(names.begin(), names.end(), name_less);
      for (auto& n : names) n = util::cql_name(n);
      out_ += '\n';
      if (session_.keyspace.empty()) out_ += fmt::format("Keyspace {}\n{}\n", name, std::string(9 + name.size(), '-'));
      out_ += print::columnize(names);
      printed_any = true;
    }
    if (printed_any) out_ += '\n';
  } else if (what == "cluster") {
    describe_cluster();
    return;
  } else if (what == "schema" || (what == "full" && word(1) == "schema")) {
    const bool full = what == "full";
    for (const auto& [name, ks] : keyspaces)
      if (full || !print::is_system_keyspace(name)) describe_keyspace(ks, false);
  } else if (what == "keyspace" || (what == "only" && word(1) == "keyspace")) {
    const bool only = what == "only";
    const std::size_t at = only ? 2 : 1;
    const std::string name = at < args.size() ? split_name(args[at]).second : session_.keyspace;
    if (name.empty()) return fail("No keyspace specified and no current keyspace");
    const schema::KeyspaceSchema* ks = db_.catalog.keyspace(name);
    if (!ks) return fail(fmt::format("'{}' not found in keyspaces", name));
    describe_keyspace(*ks, only);
  } else if (what == "table" || what == "columnfamily") {
    if (args.size() < 2) return fail(improper);
    auto [ks, t] = split_name(args[1]);
    if (ks.empty()) ks = session_.keyspace;
    if (ks.empty()) return fail("No keyspace specified and no current keyspace");
    if (!db_.catalog.keyspace(ks)) return fail(fmt::format("'{}' not found in keyspaces", ks));
    const schema::TableSchema* table = db_.catalog.table(ks, t);
    if (!table || table->view) return fail(fmt::format("Table '{}' not found in keyspace '{}'", t, ks));
    describe_table(*table);
  } else if (what == "materialized" && word(1) == "view") {
    if (args.size() < 3) return fail(improper);
    auto [ks, name] = split_name(args[2]);
    if (ks.empty()) ks = session_.keyspace;
    if (ks.empty()) return fail("No keyspace specified and no current keyspace");
    if (!db_.catalog.keyspace(ks)) return fail(fmt::format("'{}' not found in keyspaces", ks));
    const schema::TableSchema* view = db_.catalog.table(ks, name);
    if (!view || !view->view) return fail(fmt::format("Materialized view '{}' not found in '{}'", name, ks));
    describe_statement(print::view_ddl(*view));
  } else if ((what == "function" || what == "aggregate") && args.size() == 2) {
    // cqlbox has no user-defined functions or aggregates, so any name is unknown.
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_.keyspace;
    return fail(fmt::format("User defined {} '{}' not found in '{}'", what, name, ks));
  } else if (what == "type") {
    if (args.size() < 2) return fail(improper);
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_.keyspace;
    const schema::KeyspaceSchema* k = db_.catalog.keyspace(ks);
    if (!k || !k->types.count(name)) return fail(fmt::format("User defined type '{}' not found in '{}'", name, ks));
    describe_statement(print::type_ddl(*k->types.at(name)));
  } else if (what == "index") {
    if (args.size() < 2) return fail(improper);
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_.keyspace;
    const schema::TableSchema* t = db_.catalog.table_with_index(ks, name);
    if (!t) return fail(fmt::format("Table for existing index '{}' not found in '{}'", name, ks));
    for (const auto& index : t->indexes)
      if (index.name == name) describe_statement(print::index_ddl(*t, index));
  } else {
    // A bare name: a keyspace, or a table / index of the current keyspace.
    if (args.size() > 1) return fail(improper);
    auto [ks, name] = split_name(args[0]);
    if (ks.empty()) {
      if (const schema::KeyspaceSchema* k = db_.catalog.keyspace(name)) {
        describe_keyspace(*k, false);
        flush();
        return;
      }
      ks = session_.keyspace;
    }
    const schema::TableSchema* t = db_.catalog.table(ks, name);
    if (t && !t->view) {
      describe_table(*t);
    } else if (const schema::TableSchema* ti = db_.catalog.table_with_index(ks, name)) {
      for (const auto& index : ti->indexes)
        if (index.name == name) describe_statement(print::index_ddl(*ti, index));
    } else if (t) {
      describe_statement(print::view_ddl(*t));
    } else {
      return fail(ks.empty() ? fmt::format("'{}' not found in keyspaces", name)
                             : fmt::format("'{}' not found in keyspace '{}'", name, ks));
    }
  }
  flush();
}

}  // namespace cqlbox::shell
