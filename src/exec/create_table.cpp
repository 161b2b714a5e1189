// CREATE TABLE: the key, the clustering order, the columns and their checks, COMPACT STORAGE's
// layout, as Cassandra's CreateTableStatement does them.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cluster/ring.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/ddl_support.hpp"
#include "exec/sai.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "types/codec.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;
using error::invalid;

namespace {
// CreateTableStatement.validateCompactTable: what a thrift-era layout could not hold.
void validate_compact_table(const std::vector<schema::Column>& statics, const std::vector<schema::Column>& regulars,
                            bool no_clustering) {
  for (const auto* group : {&statics, &regulars})
    for (const auto& c : *group)
      if (c.type->multi_cell() || (c.type->kind == types::Kind::Udt && !c.type->frozen))
        invalid("Non-frozen collections and UDTs are not supported with COMPACT STORAGE");
  if (!statics.empty()) invalid("Static columns are not supported in COMPACT STORAGE tables");
  if (no_clustering && regulars.empty()) invalid("No definition found that is not part of the PRIMARY KEY");
  if (!no_clustering && regulars.size() > 1) {
    std::vector<std::string> names;  // Cassandra's TreeMap of columns: by name
    for (const auto& c : regulars) names.push_back(c.name);
    std::sort(names.begin(), names.end());
    invalid(
        "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY "
        "KEY (got: {})",
        fmt::join(names, ", "));
  }
}

// CreateTableStatement.fixupCompactTable: the kind, and the hidden columns named as DefaultNames
// does (column1, column2, … and value, value1, … skipping names the table already uses).
void add_compact_layout(schema::TableSchema& t, const ast::CreateTable& s, bool counter) {
  std::set<std::string> used;
  for (const auto& c : s.columns) used.insert(std::string(c.name));
  auto fresh = [&](std::string_view base, int first) {
    for (int i = first;; ++i) {
      std::string name = i == 0 ? std::string(base) : fmt::format("{}{}", base, i);
      if (used.insert(name).second) return name;
    }
  };
  if (t.clustering.empty()) {
    t.compact = schema::CompactKind::Static;
    t.hidden.push_back({fresh("column", 1), "text", schema::ColumnKind::Clustering});
    t.hidden.push_back({fresh("value", 0), counter ? "counter" : "blob", schema::ColumnKind::Regular});
    return;
  }
  t.compact = schema::CompactKind::Dense;
  if (t.regulars.empty()) t.hidden.push_back({fresh("value", 0), "empty", schema::ColumnKind::Regular});
}
}  // namespace

namespace {

const ast::ColumnDef* column_def(const ast::CreateTable& s, std::string_view name) {
  for (const auto& c : s.columns)
    if (c.name == name) return &c;
  return nullptr;
}

// The columns as declared (duplicates refused first) and the primary key: one declaration of
// it, naming declared columns once each. Returns the partition key and clustering columns.
std::pair<std::vector<std::string_view>, std::vector<std::string_view>> table_key(const ast::CreateTable& s,
                                                                                  const std::string& table) {
  std::set<std::string_view> seen;
  for (const auto& c : s.columns)
    if (!seen.insert(c.name).second) invalid("Duplicate column '{}' declaration for table '{}'", c.name, table);

  std::vector<std::string_view> pk(s.partition_key.begin(), s.partition_key.end());
  std::vector<std::string_view> ck(s.clustering.begin(), s.clustering.end());
  int pk_decls = s.primary_key_clauses;
  for (const auto& c : s.columns)
    if (c.primary_key) {
      ++pk_decls;
      pk = {c.name};
      ck.clear();
    }
  if (pk_decls == 0) invalid("No PRIMARY KEY specifed for table '{}' (exactly one required)", table);
  if (pk_decls > 1) invalid("Multiple PRIMARY KEY specified for table '{}' (exactly one required)", table);

  {
    std::set<std::string_view> key_columns;
    for (const auto& group : {pk, ck})
      for (auto name : group) {
        if (!column_def(s, name)) invalid("Unknown column '{}' referenced in PRIMARY KEY for table '{}'", name, table);
        if (!key_columns.insert(name).second)
          invalid("Duplicate column '{}' in PRIMARY KEY clause for table '{}'", name, table);
      }
  }
  return {pk, ck};
}

// CLUSTERING ORDER: only clustering columns, in their order, none missing. Whether each
// clustering column is DESC.
std::vector<bool> clustering_directions(const ast::CreateTable& s, const std::vector<std::string_view>& ck) {
  std::vector<bool> reversed(ck.size(), false);
  if (!s.clustering_order.empty()) {
    std::string bad;
    for (const auto& o : s.clustering_order)
      if (std::find(ck.begin(), ck.end(), o.column) == ck.end())
        bad += (bad.empty() ? "" : ", ") + std::string(o.column);
    if (!bad.empty())
      invalid(
          "Only clustering key columns can be defined in CLUSTERING ORDER directive: [{}] are not clustering columns",
          bad);
    // Walk the directive (as Cassandra does): its n-th entry must name the n-th clustering
    // column; columns after the listed ones keep ASC.
    for (std::size_t i = 0; i < s.clustering_order.size(); ++i) {
      if (s.clustering_order[i].column == ck[i]) {
        reversed[i] = s.clustering_order[i].descending;
        continue;
      }
      const bool listed = std::any_of(s.clustering_order.begin(), s.clustering_order.end(),
                                      [&](const ast::ClusteringOrder& o) { return o.column == ck[i]; });
      if (listed)
        invalid(
            "The order of columns in the CLUSTERING ORDER directive must match that of the clustering columns ({} must "
            "appear before {})",
            ck[i], s.clustering_order[i].column);
      invalid("Missing CLUSTERING ORDER for column {}", ck[i]);
    }
  }
  return reversed;
}

// The table's columns: the key columns in key order, then the others checked and laid out
// (statics then regulars, each by the UTF-8 bytes of the name, as SELECT * shows them).
// Whether it is a counter table.
bool table_columns(Database& db, std::string_view ks, const ast::CreateTable& s,
                   const std::vector<std::string_view>& pk, const std::vector<std::string_view>& ck,
                   const std::vector<bool>& reversed, schema::TableSchema& t) {
  bool any_counter = false, any_non_counter = false;
  std::vector<schema::Column> statics, regulars;
  for (auto name : pk) {
    const types::CqlType* type = resolve_type(column_def(s, name)->type, ks, false, false, db.catalog.keyspace(ks));
    t.columns.push_back(
        {std::string(name), type, schema::ColumnKind::PartitionKey, static_cast<int>(t.partition_key.size())});
    t.partition_key.push_back(static_cast<int>(t.columns.size() - 1));
  }
  for (std::size_t i = 0; i < ck.size(); ++i) {
    const types::CqlType* type = resolve_type(column_def(s, ck[i])->type, ks, false, false, db.catalog.keyspace(ks));
    t.columns.push_back({std::string(ck[i]), type, schema::ColumnKind::Clustering, static_cast<int>(i), reversed[i]});
    t.clustering.push_back(static_cast<int>(t.columns.size() - 1));
  }
  for (const auto& c : s.columns) {
    const bool key =
        std::find(pk.begin(), pk.end(), c.name) != pk.end() || std::find(ck.begin(), ck.end(), c.name) != ck.end();
    const types::CqlType* type = resolve_type(c.type, ks, false, false, db.catalog.keyspace(ks));
    if (has_nested_multi_cell(*type)) invalid("Non-frozen UDTs with nested non-frozen collections are not supported");
    if (key) {
      if (type->kind == types::Kind::Udt && !type->frozen)
        invalid("Invalid non-frozen user-defined type {} for PRIMARY KEY column '{}'", util::cql_name(type->type_name),
                c.name);
      if (type->kind == types::Kind::Counter)
        invalid("counter type is not supported for PRIMARY KEY column '{}'", c.name);
      if (type->references_duration())  // also inside a frozen collection, tuple or UDT
        invalid("duration type is not supported for PRIMARY KEY column '{}'", c.name);
      if (type->multi_cell())
        invalid("Invalid non-frozen collection type {} for PRIMARY KEY column '{}'", type->name, c.name);
      if (c.is_static) invalid("Static column '{}' cannot be part of the PRIMARY KEY", c.name);
      continue;
    }
    (type->kind == types::Kind::Counter ? any_counter : any_non_counter) = true;
    schema::Column col{std::string(c.name), type,
                       c.is_static ? schema::ColumnKind::Static : schema::ColumnKind::Regular, 0};
    (c.is_static ? statics : regulars).push_back(std::move(col));
  }
  if (s.compact_storage) {
    validate_compact_table(statics, regulars, ck.empty());
  } else if (!statics.empty() && ck.empty()) {
    invalid("Static columns are only useful (and thus allowed) if the table has at least one clustering column");
  }
  if (any_counter && any_non_counter) invalid("Cannot mix counter and non counter columns in the same table");
  t.relayout(std::move(statics), std::move(regulars));
  return any_counter;
}

}  // namespace

Result execute_create_table(Database& db, const Session& session, const ast::CreateTable& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "CREATE", fmt::format("<all tables in {}>", ks));
  const std::string table(s.table.name);
  {  // found while Cassandra builds the statement, before any schema lookup
    std::set<std::string_view> ordered;
    for (const auto& o : s.clustering_order)
      if (!ordered.insert(o.column).second)
        invalid("Duplicate column '{}' in CLUSTERING ORDER BY clause for table '{}'", o.column, table);
  }
  validate_table_options(s.properties);  // CreateTableStatement.validate(), before apply()
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  check_table_name(ks, s.table.name);
  if (db.catalog.table(ks, table)) {
    if (s.if_not_exists) return Void{};
    error::already_exists(std::string(ks), table);
  }

  const auto [pk, ck] = table_key(s, table);
  const std::vector<bool> reversed = clustering_directions(s, ck);
  schema::TableSchema t;
  t.keyspace = std::string(ks);
  t.name = table;
  const bool counter = table_columns(db, ks, s, pk, ck, reversed, t);
  if (s.compact_storage) add_compact_layout(t, s, counter);

  apply_table_properties(t, s.properties, true);
  db.catalog.add_table(std::move(t));
  return Void{};
}

}  // namespace cqlbox::exec
