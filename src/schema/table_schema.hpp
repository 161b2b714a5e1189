// A table's columns, split by role. `columns` is in cqlsh's SELECT * order: partition key
// (declared order), clustering (declared order), statics then regulars each sorted by name.
// Statics and regulars also have a "slot": their index among the cells of a static / regular
// row in the store.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "types/cql_type.hpp"

namespace cqlbox::schema {

enum class ColumnKind : std::uint8_t { PartitionKey, Clustering, Static, Regular };

struct Column {
  std::string name;
  const types::CqlType* type;
  ColumnKind kind;
  int position;           // index within its kind (key order, or store slot)
  bool reversed = false;  // clustering column declared DESC

  bool is_primary_key() const {
    return kind == ColumnKind::PartitionKey || kind == ColumnKind::Clustering;
  }
};

struct IndexDef {
  std::string name;
  int column;          // index into TableSchema::columns (kept in step by relayout)
  std::string target;  // as DESCRIBE prints it: "v", "keys(m)", …
  std::string custom_class;  // CREATE CUSTOM INDEX … USING '<class>'; empty for a plain index
};

struct TableSchema {
  std::string keyspace;
  std::string name;
  std::vector<Column> columns;       // SELECT * order
  std::vector<int> partition_key;    // indices into columns, key order
  std::vector<int> clustering;       // indices into columns, key order
  std::vector<int> statics;          // indices into columns, by slot
  std::vector<int> regulars;         // indices into columns, by slot
  std::vector<std::string> create_order;  // column names as DESCRIBE lists them
  std::map<std::string, std::string> options;  // table options as written (CQL text)
  std::int32_t default_time_to_live = 0;
  std::vector<IndexDef> indexes;
  std::map<std::string, const types::CqlType*> dropped;  // ALTER TABLE DROP: name -> type then

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
  std::map<std::string, TableSchema> tables;
  std::map<std::string, const types::CqlType*> types;  // user-defined types (non-frozen form)
};

}  // namespace cqlbox::schema
