// What a statement returns to the shell: nothing, rows (with their column names and types,
// for printing), or a keyspace switch. Row values are serialized bytes; nullopt is null.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "store/row.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::store {
class Partition;
}  // namespace cqlbox::store

namespace cqlbox::exec {

// What a result column is in its table: cqlsh colours headers by it.
enum class ColumnRole : std::uint8_t { Other, PartitionKey, Clustering, Static };

struct ResultColumn {
  std::string name;  // header text as cqlsh shows it
  const types::CqlType* type;
  ColumnRole role = ColumnRole::Other;
};

using Value = std::optional<std::string>;

// What a SELECT read from one partition (for STORAGE ON). Views into the store: valid until the
// next write.
struct ReadPartition {
  const store::Partition* partition;
  std::vector<store::Row> rows;  // every row read, tombstoned ones included
  std::size_t live_rows = 0;     // of which live
};

struct Rows {
  std::vector<ResultColumn> columns;
  std::vector<std::vector<Value>> rows;
  std::vector<std::string> warnings;  // printed after the rows, as cqlsh prints server warnings
  std::vector<ReadPartition> read;    // filled only when Session::record_reads
  std::string keyspace, table;        // the table read
  bool lwt = false;                   // an [applied] result: cqlsh prints no "(N rows)"
  // No row can follow the last one: the LIMIT was reached, or an aggregate without GROUP BY
  // answered its one row. A protocol page that ends exactly at the last row then carries no
  // paging state (Cassandra's pager knows it is exhausted); otherwise a full page does.
  bool complete = false;
  bool explain = false;  // EXPLAIN's (plan, detail) lines: printed as aligned text
};

// What a schema statement changed, as the native protocol's SCHEMA_CHANGE names it.
struct SchemaChange {
  std::string change;  // CREATED, UPDATED, DROPPED
  std::string target;  // KEYSPACE, TABLE, TYPE, FUNCTION, AGGREGATE
  std::string keyspace, name;
};

struct Void {
  std::vector<std::string> warnings;  // client warnings, e.g. ALTER KEYSPACE raising the RF
  // A schema statement's change (engine/schema_change.hpp), unless IF [NOT] EXISTS made it a
  // no-op: the protocol answers SCHEMA_CHANGE and pushes the event.
  std::optional<SchemaChange> schema_change = std::nullopt;
};

struct SetKeyspace {
  std::string keyspace;
};

using Result = std::variant<Void, Rows, SetKeyspace>;

}  // namespace cqlbox::exec
