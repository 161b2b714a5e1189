#include "exec/modification_keys.hpp"

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/compare.hpp"

namespace cqlbox::exec::where_keys {

using error::invalid;

namespace {

// Every way to pick one alternative per segment, each alternative a run of components
// (one column's '=' / IN value, or a multi-column '=' / IN tuple), concatenated.
std::vector<std::vector<std::string>> product(const std::vector<std::vector<std::vector<std::string>>>& segments) {
  std::vector<std::vector<std::string>> out{{}};
  for (const auto& alternatives : segments) {
    std::vector<std::vector<std::string>> next;
    for (const auto& combo : out)
      for (const auto& run : alternatives) {
        next.push_back(combo);
        next.back().insert(next.back().end(), run.begin(), run.end());
      }
    out = std::move(next);
  }
  return out;
}

std::vector<std::vector<std::string>> single_values(const std::vector<std::string>& values) {
  std::vector<std::vector<std::string>> out;
  for (const auto& v : values) out.push_back({v});
  return out;
}

// The partition keys: every column by '=' / IN, each combination of IN values one key.
void partition_keys(const schema::TableSchema& t, const SelectRestrictions& r, const char* stmt, Keys& keys) {
  std::string missing;
  std::vector<std::vector<std::vector<std::string>>> pk_values;
  for (int c : t.partition_key) {
    const auto& cr = r.columns[static_cast<std::size_t>(c)];
    if (cr.slice())
      invalid(
          "Only EQ and IN relation are supported on the partition key (unless you use the token() function) for {} "
          "statements",
          stmt);
    if (!cr.eq_or_in()) missing += (missing.empty() ? "" : ", ") + t.column(c).name;
    pk_values.push_back(single_values(cr.values));
  }
  if (!missing.empty()) invalid("Some partition key parts are missing: {}", missing);
  for (const auto& combo : product(pk_values)) {
    if (combo.size() == 1 && combo[0].empty()) invalid("Key may not be empty");
    std::vector<std::string_view> parts(combo.begin(), combo.end());
    keys.partitions.push_back(serialize_partition_key(parts));
  }
}

// The multi-column '=' / IN restriction starting at each clustering column (or nullptr), once
// no column is restricted twice where one of its relations is an '=' / IN.
std::vector<const MultiRestriction*> equal_tuples_at(const schema::TableSchema& t, const SelectRestrictions& r) {
  std::vector<const MultiRestriction*> multi_at(t.clustering.size(), nullptr);
  for (const auto& m : r.multi) {
    const auto first = static_cast<std::size_t>(t.column(m.columns[0]).position);
    if (m.op == ast::Operator::Eq || m.op == ast::Operator::In) {
      if (multi_at[first])
        invalid("{} cannot be restricted by more than one relation if it includes an Equal",
                t.column(m.columns[0]).name);
      multi_at[first] = &m;
    }
  }
  // A column restricted by an '=' / IN (single or in a tuple) takes no other relation, and a
  // tuple slice takes no single-column relation on its first column.
  std::vector<int> covering(t.clustering.size(), 0);
  std::vector<bool> by_equal(t.clustering.size(), false);
  for (std::size_t i = 0; i < t.clustering.size(); ++i) {
    const auto& cr = r.columns[static_cast<std::size_t>(t.clustering[i])];
    if (cr.any()) ++covering[i];
    by_equal[i] = cr.eq_or_in();
  }
  for (const auto& m : r.multi)
    for (int col : m.columns) {
      const auto pos = static_cast<std::size_t>(t.column(col).position);
      ++covering[pos];
      by_equal[pos] = by_equal[pos] || m.op == ast::Operator::Eq || m.op == ast::Operator::In;
    }
  for (std::size_t i = 0; i < t.clustering.size(); ++i)
    if (covering[i] > 1 && by_equal[i])
      invalid("{} cannot be restricted by more than one relation if it includes an Equal",
              t.column(t.clustering[i]).name);
  return multi_at;
}

// Clustering columns in key order: a run of '=' / IN (single or multi-column), then at most
// one slice (single or multi-column), and nothing after a gap or a slice.
void clustering_keys(const schema::TableSchema& t, const SelectRestrictions& r, bool is_update, const char* stmt,
                     Keys& keys) {
  const std::vector<const MultiRestriction*> multi_at = equal_tuples_at(t, r);
  std::vector<std::vector<std::vector<std::string>>> ck_values;
  bool after_gap = false, sliced = false;
  for (std::size_t i = 0; i < t.clustering.size(); ++i) {
    const int c = t.clustering[i];
    const auto& cr = r.columns[static_cast<std::size_t>(c)];
    const MultiRestriction* eq = multi_at[i];
    std::vector<const MultiRestriction*> multi_slices;
    for (const auto& m : r.multi)
      if (m.op != ast::Operator::Eq && m.op != ast::Operator::In &&
          static_cast<std::size_t>(t.column(m.columns[0]).position) == i)
        multi_slices.push_back(&m);
    if (!cr.any() && !eq && multi_slices.empty()) {
      after_gap = true;
      continue;
    }
    if (after_gap || sliced) {
      const int prev = t.clustering[i - 1];
      if (sliced)
        invalid(
            "Clustering column \"{}\" cannot be restricted (preceding column \"{}\" is restricted by a non-EQ "
            "relation)",
            t.column(c).name, t.column(prev).name);
      invalid("PRIMARY KEY column \"{}\" cannot be restricted as preceding column \"{}\" is not restricted",
              t.column(c).name, t.column(prev).name);
    }
    if (eq) {
      if (cr.any() || !multi_slices.empty())
        invalid("{} cannot be restricted by more than one relation if it includes an Equal", t.column(c).name);
      ck_values.push_back(eq->tuples);
      keys.prefix_length += eq->columns.size();
      i += eq->columns.size() - 1;
      continue;
    }
    if (!multi_slices.empty() && cr.slice())
      invalid(
          "Column \"{}\" cannot be restricted by both a tuple notation inequality and a single column inequality ({})",
          t.column(c).name, "slice");
    if (cr.slice() || !multi_slices.empty()) {
      if (is_update) invalid("Slice restrictions are not supported on the clustering columns in UPDATE statements");
      if (cr.lower) keys.lower = TupleBound{{cr.lower->value}, cr.lower->inclusive};
      if (cr.upper) keys.upper = TupleBound{{cr.upper->value}, cr.upper->inclusive};
      for (const MultiRestriction* m : multi_slices) {
        const bool lower = m->op == ast::Operator::Gt || m->op == ast::Operator::Gte;
        const bool inclusive = m->op == ast::Operator::Gte || m->op == ast::Operator::Lte;
        auto& bound = lower ? keys.lower : keys.upper;
        if (bound)
          invalid("More than one restriction was found for the {} bound on {}", lower ? "start" : "end",
                  t.column(c).name);
        bound = TupleBound{m->tuples[0], inclusive};
      }
      sliced = true;
      continue;
    }
    if (!cr.eq_or_in())  // CONTAINS, IS NOT NULL
      invalid("Only EQ and IN relation are supported on clustering columns for {} statements", stmt);
    ck_values.push_back(single_values(cr.values));
    ++keys.prefix_length;
  }
  keys.prefixes = product(ck_values);
}

}  // namespace

Keys analyse_where(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, bool is_update,
                   const FunctionContext* ctx) {
  const char* stmt = is_update ? "UPDATE" : "DELETE";
  for (const auto& rel : where) {
    if (rel.op == ast::Operator::Contains ||
        rel.op == ast::Operator::ContainsKey)  // StatementRestrictions' first check
      invalid("Cannot use {} with {}", stmt, rel.op == ast::Operator::Contains ? "CONTAINS" : "CONTAINS KEY");
    if (rel.kind == ast::RelationKind::Token)
      invalid("The token function cannot be used in WHERE clauses for {} statements", stmt);
  }
  SelectRestrictions r = build_restrictions(t, where, ctx);

  std::string non_pk;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (!t.columns[i].is_primary_key() && r.columns[i].any()) non_pk += t.columns[i].name + " ";
  if (!non_pk.empty()) invalid("Non PRIMARY KEY columns found in where clause: {}", non_pk);

  Keys keys;
  partition_keys(t, r, stmt, keys);
  clustering_keys(t, r, is_update, stmt, keys);
  return keys;
}

void slice_tombstones(const schema::TableSchema& t, std::vector<std::string> prefix, std::optional<TupleBound> lower,
                      std::optional<TupleBound> upper, const store::Deletion& deletion,
                      std::vector<store::RangeTombstone>& out) {
  const std::size_t column = prefix.size();
  if (!lower && !upper) {  // every row under the prefix
    store::RangeTombstone all;
    all.prefix = std::move(prefix);
    all.deletion = deletion;
    out.push_back(std::move(all));
    return;
  }
  if (column >= t.clustering.size()) return;
  const types::CqlType& type = *t.column(t.clustering[column]).type;
  // Equal first values: the whole range lies under that value.
  if (lower && upper && !lower->values.empty() && !upper->values.empty() &&
      types::compare_values(type, lower->values[0], upper->values[0]) == 0) {
    prefix.push_back(lower->values[0]);
    auto rest = [](const TupleBound& b) -> std::optional<TupleBound> {
      if (b.values.size() == 1) return std::nullopt;  // the bound covers the whole value
      return TupleBound{std::vector<std::string>(b.values.begin() + 1, b.values.end()), b.inclusive};
    };
    if ((lower->values.size() == 1 && !lower->inclusive) || (upper->values.size() == 1 && !upper->inclusive))
      return;  // > (x) or < (x) leaves nothing under x
    slice_tombstones(t, std::move(prefix), rest(*lower), rest(*upper), deletion, out);
    return;
  }
  store::RangeTombstone middle;
  middle.prefix = prefix;
  middle.deletion = deletion;
  if (lower) {
    middle.lower = lower->values[0];
    middle.lower_inclusive = lower->values.size() == 1 && lower->inclusive;
    if (lower->values.size() > 1) {  // the rest of the lower bound's first value
      std::vector<std::string> under = prefix;
      under.push_back(lower->values[0]);
      slice_tombstones(
          t, std::move(under),
          TupleBound{std::vector<std::string>(lower->values.begin() + 1, lower->values.end()), lower->inclusive},
          std::nullopt, deletion, out);
    }
  }
  if (upper) {
    middle.upper = upper->values[0];
    middle.upper_inclusive = upper->values.size() == 1 && upper->inclusive;
  }
  const bool empty = middle.lower && middle.upper && [&] {
    const int c = types::compare_values(type, *middle.lower, *middle.upper);
    return c > 0 || (c == 0 && !(middle.lower_inclusive && middle.upper_inclusive));
  }();
  if (!empty) out.push_back(std::move(middle));
  if (upper && upper->values.size() > 1) {  // the part of the upper bound's first value below it
    std::vector<std::string> under = prefix;
    under.push_back(upper->values[0]);
    slice_tombstones(
        t, std::move(under), std::nullopt,
        TupleBound{std::vector<std::string>(upper->values.begin() + 1, upper->values.end()), upper->inclusive},
        deletion, out);
  }
}

void check_compact_clustering(const schema::TableSchema& t, const Keys& keys) {
  if (t.compact != schema::CompactKind::Dense || t.clustering.size() != 1) return;
  for (const auto& p : keys.prefixes)
    if (!p.empty() && p[0].empty())
      invalid("Invalid empty or null value for column {}", t.column(t.clustering[0]).name);
}

}  // namespace cqlbox::exec::where_keys
