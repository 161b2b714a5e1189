#include "print/describe_rows.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "print/describe.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

namespace {

// "ks.t" / "t" / quoted parts -> (keyspace, name).
std::pair<std::string, std::string> split_name(const std::string& text) {
  auto norm = [](std::string_view part) {
    if (part.size() >= 2 && part.front() == '"' && part.back() == '"')
      return std::string(part.substr(1, part.size() - 2));
    return util::ascii_lower(part);
  };
  const auto dot = text.find('.');
  if (dot == std::string::npos) return {"", norm(text)};
  return {norm(std::string_view(text).substr(0, dot)), norm(std::string_view(text).substr(dot + 1))};
}

struct Builder {
  const schema::Catalog& catalog;
  DescribeResult out;
  bool internals = false;  // WITH INTERNALS: tables' and views' ids, tables' dropped columns

  // Keyspace and name quoted where CQL needs it, as DescribeStatement's rows carry them.
  void add(const std::string& ks, const char* type, const std::string& name, std::string statement) {
    out.rows.push_back({util::cql_name(ks), type, util::cql_name(name), std::move(statement)});
  }
  void table(const schema::TableSchema& t) {
    add(t.keyspace, "table", t.name, table_ddl(t, internals));
    out.rows.back().table = &t;
    for (const auto& index : t.indexes) add(t.keyspace, "index", index.name, index_ddl(t, index));
  }
  void keyspace(const schema::KeyspaceSchema& ks, bool only) {
    add(ks.name, "keyspace", ks.name, keyspace_ddl(ks));
    if (only) return;
    // Types by name, each after the types its fields use (Types.sortedStream), so the
    // statements replay in order.
    std::vector<std::string> order;
    std::function<void(const types::CqlType&)> visit = [&](const types::CqlType& t) {
      for (const auto* p : t.params) visit(*p);
      if (t.kind == types::Kind::Udt && t.keyspace == ks.name &&
          std::find(order.begin(), order.end(), t.type_name) == order.end())
        order.push_back(t.type_name);
    };
    for (const auto& [name, type] : ks.types) visit(*type);
    for (const auto& name : order)
      if (auto it = ks.types.find(name); it != ks.types.end()) add(ks.name, "type", name, type_ddl(*it->second));
    std::vector<const schema::TableSchema*> tables;
    for (const auto& [name, t] : ks.tables)
      if (!t.view) tables.push_back(&t);
    std::sort(tables.begin(), tables.end(), [](auto* a, auto* b) { return describe_name_less(a->name, b->name); });
    for (const auto* t : tables) {
      table(*t);
      // Then the table's views, by name.
      std::vector<std::string> views = t->views;
      std::sort(views.begin(), views.end(), describe_name_less);
      for (const auto& v : views)
        if (auto it = ks.tables.find(v); it != ks.tables.end())
          add(ks.name, "materialized_view", v, view_ddl(it->second, internals));
    }
  }
};

}  // namespace

bool describe_name_less(const std::string& a, const std::string& b) {
  return util::ascii_lower(a) < util::ascii_lower(b);
}

DescribeResult describe(const schema::Catalog& catalog, const std::string& session_keyspace,
                        const std::vector<std::string>& args_in, const std::string& command_word) {
  Builder b{catalog, {}};
  // DESCRIBE … WITH INTERNALS (Cql.g's describeStatement: after any element).
  std::vector<std::string> args = args_in;
  if (args.size() >= 2 && util::ascii_lower(args[args.size() - 2]) == "with" &&
      util::ascii_lower(args.back()) == "internals") {
    b.internals = true;
    args.resize(args.size() - 2);
  }
  DescribeResult& out = b.out;
  const std::string improper = fmt::format("Improper {} command.", command_word);
  auto fail = [&](std::string message) {
    out.rows.clear();
    out.error = std::move(message);
    return out;
  };
  auto word = [&](std::size_t i) { return i < args.size() ? util::ascii_lower(args[i]) : std::string(); };
  const std::string what = word(0);
  if (what.empty()) return fail(improper);
  const auto& keyspaces = catalog.keyspaces();
  if (what == "keyspaces") {
    out.kind = DescribeResult::Kind::Keyspaces;
    std::vector<std::string> names;
    for (const auto& [name, ks] : keyspaces) names.push_back(name);
    std::sort(names.begin(), names.end(), describe_name_less);
    for (const auto& n : names) b.add(n, "keyspace", n, "");
  } else if (what == "tables" || what == "types" || what == "functions" || what == "aggregates") {
    out.kind = DescribeResult::Kind::List;
    for (const auto& [name, ks] : keyspaces) {
      if (!session_keyspace.empty() && name != session_keyspace) continue;
      std::vector<std::string> names;
      if (what == "tables")
        for (const auto& [t, schema] : ks.tables)
          if (!schema.view) names.push_back(t);
      if (what == "types")
        for (const auto& [t, type] : ks.types) names.push_back(t);
      std::sort(names.begin(), names.end(), describe_name_less);
      for (const auto& n : names) b.add(name, what == "tables" ? "table" : "type", n, "");
    }
  } else if (what == "cluster") {
    out.kind = DescribeResult::Kind::Cluster;
  } else if (what == "schema" || (what == "full" && word(1) == "schema")) {
    const bool full = what == "full";
    for (const auto& [name, ks] : keyspaces)
      if (full || !is_system_keyspace(name)) b.keyspace(ks, false);
  } else if (what == "keyspace" || (what == "only" && word(1) == "keyspace")) {
    const bool only = what == "only";
    const std::size_t at = only ? 2 : 1;
    const std::string name = at < args.size() ? split_name(args[at]).second : session_keyspace;
    if (name.empty()) return fail("No keyspace specified and no current keyspace");
    const schema::KeyspaceSchema* ks = catalog.keyspace(name);
    if (!ks) return fail(fmt::format("'{}' not found in keyspaces", name));
    b.keyspace(*ks, only);
  } else if (what == "table" || what == "columnfamily") {
    if (args.size() < 2) return fail(improper);
    auto [ks, t] = split_name(args[1]);
    if (ks.empty()) ks = session_keyspace;
    if (ks.empty()) return fail("No keyspace specified and no current keyspace");
    if (!catalog.keyspace(ks)) return fail(fmt::format("'{}' not found in keyspaces", ks));
    const schema::TableSchema* table = catalog.table(ks, t);
    if (!table || table->view) return fail(fmt::format("Table '{}' not found in keyspace '{}'", t, ks));
    b.table(*table);
  } else if (what == "materialized" && word(1) == "view") {
    if (args.size() < 3) return fail(improper);
    auto [ks, name] = split_name(args[2]);
    if (ks.empty()) ks = session_keyspace;
    if (ks.empty()) return fail("No keyspace specified and no current keyspace");
    if (!catalog.keyspace(ks)) return fail(fmt::format("'{}' not found in keyspaces", ks));
    const schema::TableSchema* view = catalog.table(ks, name);
    if (!view || !view->view) return fail(fmt::format("Materialized view '{}' not found in '{}'", name, ks));
    b.add(ks, "materialized_view", name, view_ddl(*view, b.internals));
  } else if ((what == "function" || what == "aggregate") && args.size() == 2) {
    // cqlbox has no user-defined functions or aggregates, so any name is unknown.
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_keyspace;
    return fail(fmt::format("User defined {} '{}' not found in '{}'", what, name, ks));
  } else if (what == "type") {
    if (args.size() < 2) return fail(improper);
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_keyspace;
    const schema::KeyspaceSchema* k = catalog.keyspace(ks);
    if (!k || !k->types.count(name)) return fail(fmt::format("User defined type '{}' not found in '{}'", name, ks));
    b.add(ks, "type", name, type_ddl(*k->types.at(name)));
  } else if (what == "index") {
    if (args.size() < 2) return fail(improper);
    auto [ks, name] = split_name(args[1]);
    if (ks.empty()) ks = session_keyspace;
    const schema::TableSchema* t = catalog.table_with_index(ks, name);
    if (!t) return fail(fmt::format("Table for existing index '{}' not found in '{}'", name, ks));
    for (const auto& index : t->indexes)
      if (index.name == name) b.add(ks, "index", name, index_ddl(*t, index));
  } else {
    // A bare name: a keyspace, or a table / index / view of the current keyspace.
    if (args.size() > 1) return fail(improper);
    auto [ks, name] = split_name(args[0]);
    if (ks.empty()) {
      if (const schema::KeyspaceSchema* k = catalog.keyspace(name)) {
        b.keyspace(*k, false);
        return out;
      }
      ks = session_keyspace;
    }
    const schema::TableSchema* t = catalog.table(ks, name);
    if (t && !t->view) {
      b.table(*t);
    } else if (const schema::TableSchema* ti = catalog.table_with_index(ks, name)) {
      for (const auto& index : ti->indexes)
        if (index.name == name) b.add(ks, "index", name, index_ddl(*ti, index));
    } else if (t) {
      b.add(ks, "materialized_view", name, view_ddl(*t, b.internals));
    } else {
      return fail(ks.empty() ? fmt::format("'{}' not found in keyspaces", name)
                             : fmt::format("'{}' not found in keyspace '{}'", name, ks));
    }
  }
  return out;
}

}  // namespace cqlbox::print
