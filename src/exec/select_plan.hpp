// A SELECT's plan (select_plan.cpp): its selection and restrictions resolved against the table,
// and Cassandra's query-level checks (ALLOW FILTERING, ORDER BY, GROUP BY, indexes, ANN) made
// in its order. select.cpp executes the plan over the store.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ast/ast.hpp"
#include "exec/functions.hpp"
#include "exec/restrictions.hpp"
#include "exec/sai.hpp"
#include "exec/selection.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// What a read of a plan looks at, fixed by the statement's shape: the cells of the columns the
// selection, a restriction or ANN ordering reads (a scan fills only these), and whether the
// clustering key is read (by a selector, a clustering restriction, GROUP BY or the sort of
// ORDER BY across IN partitions). A filtered count(*) reads one cell of each row and no key.
struct ColumnMask {
  std::vector<unsigned char> read;  // by column index; empty: every column
  std::vector<int> columns;         // the columns `read` marks
  std::vector<int> filtered;        // the restricted regular and static columns
  bool statics = true;              // any static column read
  bool key = true;                  // the clustering key read

  bool has(int col) const { return read.empty() || read[static_cast<std::size_t>(col)]; }
};

struct Plan {
  const schema::TableSchema* table;
  Selection selection;
  SelectRestrictions where;
  bool reversed = false;  // ORDER BY asks for the opposite of clustering order
  bool ordered = false;   // ORDER BY given
  bool distinct = false;
  bool uses_index = false;           // a secondary index serves a restriction
  bool grouped = false;              // GROUP BY: one result row per group
  std::size_t group_clustering = 0;  // clustering columns in the group key
  std::optional<std::int64_t> limit, per_partition_limit;
  std::string filtering_reason;  // why ALLOW FILTERING is needed (EXPLAIN), "" when it is not
  std::string index;             // the secondary index serving the query
  int index_column = -1;
  // ORDER BY v ANN OF <vector>: the vector column, the bound vector, and how the column's index
  // scores a row (rows come back best first, LIMIT of them).
  int ann_column = -1;
  std::string ann_value;
  std::vector<bool> sai_served;  // per column: its restrictions are all answered by an SAI index
  bool sai_used = false;
  sai::Similarity ann_similarity = sai::Similarity::Cosine;
  ColumnMask reads;  // columns_read(): the same for every statement of the shape
};

// The columns and key a read of `plan` looks at (columns_read.cpp).
ColumnMask columns_read(const schema::TableSchema& t, const Plan& plan);

// The plan of `s` on `t`; throws Cassandra's InvalidRequest where a check fails. `explain`:
// planned as if ALLOW FILTERING were given, noting the first rule that demands it.
Plan plan_select(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx, bool explain = false);

// Whether `plan`, made for `s`, serves every later statement of `s`'s shape (a script's repeated
// SELECT, a prepared SELECT's EXECUTEs: ast::Select::shape), each binding its own values
// (rebind_plan). Not when the selection holds constants or markers (resolved with their values
// into it) or for ANN (its bound vector).
bool keeps_plan(const ast::Select& s, const Plan& plan);
// `plan`, made by plan_select for a statement of `s`'s shape and kept (keeps_plan), takes `s`'s
// values: its restrictions bound again, its LIMITs cleared for bind_limits, and the checks that
// read values made again (the structural checks passed for the shape and hold for it).
void rebind_plan(Plan& plan, const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx);

// Whether `column` is restricted by '=', IN or a slice, alone or in a multi-column relation.
bool column_restricted(const SelectRestrictions& r, int column);

}  // namespace cqlbox::exec
