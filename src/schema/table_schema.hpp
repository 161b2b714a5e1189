// A table's columns, split by role. `columns` is in cqlsh's SELECT * order: partition key
// (declared order), clustering (declared order), statics then regulars each sorted by name.
// Statics and regulars also have a "slot": their index among the cells of a static / regular
// row in the store.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "types/cql_type.hpp"
#include "util/text.hpp"

namespace cqlbox::schema {

enum class ColumnKind : std::uint8_t { PartitionKey, Clustering, Static, Regular };

struct Column {
  std::string name;
  const types::CqlType* type;
  ColumnKind kind;
  int position;           // index within its kind (key order, or store slot)
  bool reversed = false;  // clustering column declared DESC

  bool is_primary_key() const { return kind == ColumnKind::PartitionKey || kind == ColumnKind::Clustering; }
};

struct IndexDef {
  std::string name;
  int column;                // index into TableSchema::columns (kept in step by relayout); -1 when the
                             // target names no column (system.paxos's custom index)
  std::string target;        // as DESCRIBE prints it: "v", "keys(m)", …
  std::string custom_class;  // CREATE CUSTOM INDEX … USING '<class>'; empty for a plain index
  std::map<std::string, std::string> options;  // WITH OPTIONS = {…} (without class_name and target)

  // keys / values / entries / full, or "" when the target is the column itself (a quoted
  // column name may hold a parenthesis).
  std::string_view target_function() const {
    if (target.empty() || target[0] == '"') return {};
    const auto paren = target.find('(');
    return paren == std::string::npos ? std::string_view() : std::string_view(target).substr(0, paren);
  }
};

// One restriction of a materialized view's WHERE clause other than IS NOT NULL: rows of the
// base table whose column fails it have no view row. Values are serialized.
struct ViewFilter {
  enum class Op : std::uint8_t { Eq, Neq, Lt, Lte, Gt, Gte, In };
  std::string column;  // a base column
  Op op = Op::Eq;
  std::vector<std::string> values;  // one, or the IN list
};

// One relation of a view's WHERE clause: its column(s) and the rest as CQL text
// (" IS NOT NULL", " = 'x'", " IN (1, 2)"), kept apart so a column RENAME carries over.
struct ViewRelation {
  std::vector<std::string> columns;
  std::string rest;
};

// Set on a materialized view's own TableSchema: the view is a table whose rows the base
// table's writes derive (exec/views.cpp); SELECT reads it like any table.
struct ViewDef {
  std::string base;                  // base table, in the same keyspace
  bool include_all_columns = false;  // SELECT *: columns added to the base join the view
  // A regular base column is part of the view key: the view row lives exactly as long as that
  // column's cell (its row marker), whatever its other cells do (Cassandra's
  // enforceStrictLiveness).
  bool strict_liveness = false;
  std::vector<ViewRelation> where;  // the WHERE clause as written, relation by relation
  std::vector<ViewFilter> filters;

  // The WHERE clause as system_schema.views and DESCRIBE print it.
  std::string where_text() const {
    std::string out;
    for (const auto& r : where) {
      if (!out.empty()) out += " AND ";
      if (r.columns.size() == 1) {
        out += util::cql_name(r.columns[0]);
      } else {
        out += "(";
        for (std::size_t i = 0; i < r.columns.size(); ++i) out += (i ? ", " : "") + util::cql_name(r.columns[i]);
        out += ")";
      }
      out += r.rest;
    }
    return out;
  }
};

// WITH COMPACT STORAGE, which 5.0 still creates (compact_tables_enabled): the pre-4.0 layouts.
//   Static: no clustering column; Cassandra stores the declared columns as statics under a
//     hidden clustering column (text) and a hidden value (blob).
//   Dense: clustering columns and at most one other column, the "compact value"; without one, a
//     hidden value column of type empty. Dense with two or more clustering columns is "compound".
// Hidden columns are not in `columns`, so CQL cannot name them; they show in
// system_schema.columns. A compact table's rows have no row marker: a row lives while its
// value does (the hidden empty value is kept as the marker, which behaves exactly like it).
enum class CompactKind : std::uint8_t { None, Static, Dense };

struct HiddenColumn {
  std::string name;
  std::string type;  // as system_schema.columns spells it: text, blob, empty
  ColumnKind kind;
};

struct TableSchema {
  std::string keyspace;
  std::string name;
  std::vector<Column> columns;                 // SELECT * order
  std::vector<int> partition_key;              // indices into columns, key order
  std::vector<int> clustering;                 // indices into columns, key order
  std::vector<int> statics;                    // indices into columns, by slot
  std::vector<int> regulars;                   // indices into columns, by slot
  std::vector<std::string> create_order;       // column names as DESCRIBE lists them
  std::map<std::string, std::string> options;  // table options as written (CQL text)
  std::string id;  // CREATE … WITH ID: 16 bytes; empty for the derived one (schema/table_id.hpp)
  std::int32_t default_time_to_live = 0;
  std::vector<IndexDef> indexes;
  std::map<std::string, const types::CqlType*> dropped;  // ALTER TABLE DROP: name -> type then
  std::set<std::string> dropped_static;                  // …and which of them were static
  std::map<std::string, std::int64_t> dropped_time;      // …and when (µs; USING TIMESTAMP or the clock)
  std::optional<ViewDef> view;                           // set when this is a materialized view
  std::vector<std::string> views;                        // on a base table: its views' names, in creation order
  // A virtual table (system_views, system_virtual_schema): Cassandra computes its rows on read
  // and DESCRIBE prints it as a commented-out VIRTUAL TABLE with its comment as only option.
  bool is_virtual = false;
  CompactKind compact = CompactKind::None;
  std::vector<HiddenColumn> hidden;  // a compact table's columns CQL cannot name

  bool is_compact() const { return compact != CompactKind::None; }
  // A dense compact table whose only non-key column is the hidden empty one.
  bool compact_value_hidden() const { return compact == CompactKind::Dense && regulars.empty(); }

  // Rebuilds columns after a change: keys keep their order, statics then regulars sorted by
  // name get fresh slots; indexes follow their columns by name.
  void relayout(std::vector<Column> statics_in, std::vector<Column> regulars_in);

  bool indexed(int column) const {
    for (const auto& i : indexes)
      if (i.column == column) return true;
    return false;
  }

  // Index into `columns`, or -1.
  int find(std::string_view column) const {
    for (std::size_t i = 0; i < columns.size(); ++i)
      if (columns[i].name == column) return static_cast<int>(i);
    return -1;
  }
  const Column& column(int index) const { return columns[static_cast<std::size_t>(index)]; }
};

struct KeyspaceSchema {
  std::string name;
  std::map<std::string, std::string> replication;  // option -> value as text
  bool durable_writes = true;
  std::map<std::string, TableSchema, std::less<>> tables;  // found by string_view, no copy
  std::map<std::string, const types::CqlType*> types;      // user-defined types (non-frozen form)
  bool tables_deferred = false;  // Catalog::defer_tables: its tables are built when first reached
  bool is_virtual = false;       // system_views, system_virtual_schema: all its tables are virtual
};

}  // namespace cqlbox::schema
