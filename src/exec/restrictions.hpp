// WHERE analysis for SELECT: turns relations into per-column restrictions, checks them in
// Cassandra's order with Cassandra's messages, and classifies the query: which partitions to
// read (key lookups, a token range, or a full scan), which clustering prefix narrows each
// partition, and what is left to filter row by row.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ast/ast.hpp"
#include "exec/functions.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

struct Bound {
  std::string value;
  bool inclusive = false;
};

// Every restriction on one column (single-column relations only).
struct ColumnRestriction {
  bool eq = false;                  // '=' (values has one element)
  bool in = false;                  // IN (values may be empty)
  std::size_t in_terms = 0;         // IN: how many values it wrote; 0 for IN ? (a bound list)
  std::vector<std::string> values;  // for eq / in, in the order written
  std::optional<Bound> lower, upper;
  bool is_not_null = false;
  std::vector<std::string> contains;                         // CONTAINS v (list/set element, map value)
  std::vector<std::string> contains_key;                     // CONTAINS KEY k (map)
  std::vector<std::pair<std::string, std::string>> entries;  // m[k] = v (non-frozen map)
  bool case_insensitive = false;                             // '=' answered by an SAI index with case_sensitive: false

  bool any() const {
    return eq || in || lower || upper || is_not_null || !contains.empty() || !contains_key.empty() || !entries.empty();
  }
  bool eq_or_in() const { return eq || in; }
  bool slice() const { return lower || upper; }
};

// A multi-column relation on clustering columns: (a, b) = (1, 2), > (1, 2), IN ((…), (…)).
struct MultiRestriction {
  std::vector<int> columns;  // indices into schema columns
  ast::Operator op;
  std::vector<std::vector<std::string>> tuples;  // one for comparisons, several for IN
  std::size_t in_terms = 0;                      // IN: tuples written; 0 for IN ? (a bound list)
};

struct TokenBounds {
  std::optional<std::int64_t> lower, upper;
  bool lower_inclusive = false, upper_inclusive = false;
};

struct SelectRestrictions {
  std::vector<ColumnRestriction> columns;  // parallel to schema.columns
  std::vector<MultiRestriction> multi;
  std::optional<TokenBounds> token;

  bool partition_lookup = false;  // every partition-key column restricted by = or IN
  bool partition_key_in = false;  // ... and at least one of them by IN
  int clustering_eq_prefix = 0;   // leading clustering columns restricted by = or IN
  bool has_clustering = false;    // any clustering restriction (single or multi)
  bool has_regular = false;       // any static/regular column restriction
  std::string null_value_error;   // a regular/static column compared with null: raised last
};

// Builds and validates, relation by relation; the query-level checks are the caller's.
// `slice_order` (a SELECT without ALLOW FILTERING): each clustering restriction is checked
// against those before it as ClusteringColumnRestrictions.mergeWith checks it (no restriction
// after a slice's column, no slice before an earlier restriction's column).
SelectRestrictions build_restrictions(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where,
                                      const FunctionContext* ctx = nullptr, bool slice_order = false);

// A key column's '=' value as build_restrictions binds it, when it is a plain one: a constant
// or a bound marker. nullopt for any other term (a function call, a cast, arithmetic), for an
// unset, null or empty value, or one whose binding raises an error: the whole analysis then
// binds it, and raises Cassandra's error in its order. What a plan kept for a statement shape binds
// (select_plan.cpp's rebind_plan, modification_key_plans.cpp).
std::optional<std::string> plain_key_value(const schema::Column& c, const ast::Term& term, const FunctionContext& ctx);

}  // namespace cqlbox::exec
