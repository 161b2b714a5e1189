// The keys an UPDATE or DELETE writes, from its WHERE clause (modification_keys.cpp): whole
// partition keys by '=' / IN, then a clustering prefix by '=' / IN and, for DELETE, one slice
// after it. Each check is made in Cassandra's order with its message.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "exec/database.hpp"
#include "exec/functions.hpp"
#include "schema/table_schema.hpp"
#include "store/mutation.hpp"

namespace cqlbox::exec::where_keys {

// A slice bound on the clustering columns after the fixed prefix: one value for c > v, several
// for a multi-column (c1, c2) > (v1, v2), compared in lexicographic (tuple) order.
struct TupleBound {
  std::vector<std::string> values;
  bool inclusive = false;
};

struct Keys {
  std::vector<std::string> partitions;             // serialized partition keys
  std::vector<std::vector<std::string>> prefixes;  // clustering '=' / IN combinations
  std::size_t prefix_length = 0;                   // clustering columns fixed by '=' / IN
  std::optional<TupleBound> lower, upper;          // DELETE: slice on the columns after it
};

// The keys `where` names; throws Cassandra's InvalidRequest for a WHERE an UPDATE
// (`is_update`) or DELETE cannot take.
Keys analyse_where(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, bool is_update,
                   const FunctionContext* ctx);

// analyse_where for a statement of shape `shape` (ast::Update::shape; 0: none). A WHERE of
// single-column '=' relations naming one partition and a clustering prefix, the key of nearly
// every UPDATE and DELETE, is analysed once per shape (and table, and schema epoch); each
// statement of the shape then binds its own values (modification_key_plans.cpp). Keeps a few
// shapes per thread.
Keys planned_keys(const Database& db, const schema::TableSchema& t, std::uint64_t shape,
                  const ast::Vec<ast::Relation>& where, bool is_update, const FunctionContext& ctx);

// The rows between `lower` and `upper` (tuple bounds on the clustering columns after `prefix`,
// in value order) as range tombstones that each bound one column: [(1, 2), (3, 4)) on (a, b) is
// a = 1 AND b >= 2, then 1 < a < 3, then a = 3 AND b < 4. The pieces are disjoint.
void slice_tombstones(const schema::TableSchema& t, std::vector<std::string> prefix, std::optional<TupleBound> lower,
                      std::optional<TupleBound> upper, const store::Deletion& deletion,
                      std::vector<store::RangeTombstone>& out);

// UpdateParameters.newRow: a dense compact table with one clustering column keeps thrift's rule
// that its column name is never empty.
void check_compact_clustering(const schema::TableSchema& t, const Keys& keys);

}  // namespace cqlbox::exec::where_keys
