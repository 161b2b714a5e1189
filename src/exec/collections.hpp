// Writes to non-frozen collections and counters: a collection value becomes element cells
// (list elements under fresh timeuuids, set elements as paths with empty values, map entries
// under their keys), and UPDATE's c = c + v, c = c - v, c = v + c, c[k] = v and DELETE c[k]
// become element cells or element tombstones. Operations that depend on what is stored (list
// removal by value, list index, counters) read the current row first, as Cassandra does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/functions.hpp"
#include "schema/table_schema.hpp"
#include "store/mutation.hpp"

namespace cqlbox::exec {

// Timestamps and TTL shared by every cell a statement writes.
struct WriteStamp {
  std::int64_t timestamp;
  std::int32_t ttl;     // 0 = none
  std::int64_t expiry;  // kNoExpiry when ttl is 0
  std::int64_t now_s;
};

// The complex write for `c = value` (INSERT or UPDATE SET): a collection tombstone just
// before the write, then the elements of `value` (none when null or empty).
store::ComplexWrite overwrite_collection(const schema::Column& c, const std::optional<std::string>& value,
                                         const WriteStamp& w, const FunctionContext& ctx);

// The live cells stored now for one row's column (null when the row or column is absent).
struct StoredRow {
  const store::Partition* partition = nullptr;
  store::Row row;  // the clustering row (or the static row for statics); empty when none
  // The table's comparator when the table has a store; a table never written has none, and
  // then no partition and no row either.
  const store::ClusteringComparator* comparator = nullptr;
};
StoredRow find_stored(const Database& db, const schema::TableSchema& t, const std::string& partition_key,
                      const std::string& clustering, bool is_static);

// Applies one UPDATE assignment other than a plain `c = v` on a simple column to mutation `m`.
// Operation.Addition/Substraction.prepare: += / -= (and prepends) need a counter or a
// non-frozen collection; checked before the WHERE clause, as 5.0 prepares operations first.
void check_operation_kind(const schema::Column& c, const ast::Assignment& a);
void apply_assignment(const schema::Column& c, const ast::Assignment& a, const std::optional<std::string>& value,
                      const std::optional<std::string>& element, const StoredRow& stored, const WriteStamp& w,
                      const FunctionContext& ctx, store::Mutation& m);

// DELETE c[k]: the element tombstone for column `c`.
void delete_element(const Database& db, const schema::Column& c, const std::string& element, const StoredRow& stored,
                    const WriteStamp& w, store::Mutation& m);

}  // namespace cqlbox::exec
