#include "exec/select_plan.hpp"

#include <algorithm>
#include <set>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using schema::ColumnKind;

bool column_restricted(const SelectRestrictions& r, int column) {
  const auto& cr = r.columns[static_cast<std::size_t>(column)];
  if (cr.eq || cr.in || cr.slice()) return true;
  for (const auto& m : r.multi)
    if (std::find(m.columns.begin(), m.columns.end(), column) != m.columns.end()) return true;
  return false;
}

namespace {

constexpr const char* kAllowFiltering =
    "Cannot execute this query as it might involve data filtering and thus may have "
    "unpredictable performance. If you want to execute this query despite the performance "
    "unpredictability, use ALLOW FILTERING";

bool column_sliced(const SelectRestrictions& r, int column) {
  if (r.columns[static_cast<std::size_t>(column)].slice()) return true;
  for (const auto& m : r.multi)
    if (m.op != ast::Operator::Eq && m.op != ast::Operator::In &&
        std::find(m.columns.begin(), m.columns.end(), column) != m.columns.end())
      return true;
  return false;
}

// The multi-column '=' that covers `column`, (b, c) = (1, 2) for b, and the value it gives b:
// an index on b serves it as it serves b = 1 (5.0's multi-column EQ restriction is supported by
// an index on any of its columns); the other columns are then filtered.
const MultiRestriction* multi_eq_on(const SelectRestrictions& r, int column, const std::string** value = nullptr) {
  for (const auto& m : r.multi) {
    if (m.op != ast::Operator::Eq) continue;
    for (std::size_t i = 0; i < m.columns.size(); ++i)
      if (m.columns[i] == column) {
        if (value) *value = &m.tuples[0][i];
        return &m;
      }
  }
  return nullptr;
}

// A multi-column slice that does not start where the clustering prefix of '='/IN restrictions
// ends would have to be checked row by row, which Cassandra cannot do
// (ClusteringColumnRestrictions.addToRowFilter puts it in the row filter, which refuses it).
void check_multi_slices(const schema::TableSchema& t, const SelectRestrictions& r) {
  int position = 0;
  for (int col : t.clustering) {
    const int pos = t.column(col).position;
    for (const auto& m : r.multi) {
      if (m.columns[0] != col) continue;
      const bool slice = m.op != ast::Operator::Eq && m.op != ast::Operator::In;
      if (pos != position) {
        if (slice) invalid("Multi-column slice restrictions cannot be used for filtering.");
        continue;  // filtered: the prefix ends here
      }
      if (!slice) position = t.column(m.columns.back()).position + 1;
    }
    const auto& cr = r.columns[static_cast<std::size_t>(col)];
    if ((cr.eq || cr.in) && pos == position) position = pos + 1;
  }
}

void check_clustering_order(const schema::TableSchema& t, const SelectRestrictions& r) {
  for (std::size_t i = 1; i < t.clustering.size(); ++i) {
    int col = t.clustering[i], prev = t.clustering[i - 1];
    if (!column_restricted(r, col)) continue;
    bool same_multi = false;  // both in one multi-column relation
    for (const auto& m : r.multi)
      same_multi = same_multi || (std::count(m.columns.begin(), m.columns.end(), col) &&
                                  std::count(m.columns.begin(), m.columns.end(), prev));
    if (same_multi) continue;
    if (!column_restricted(r, prev))
      invalid("PRIMARY KEY column \"{}\" cannot be restricted as preceding column \"{}\" is not restricted",
              t.column(col).name, t.column(prev).name);
    if (column_sliced(r, prev))
      invalid(
          "Clustering column \"{}\" cannot be restricted (preceding column \"{}\" is restricted by a non-EQ relation)",
          t.column(col).name, t.column(prev).name);
  }
}

// check_clustering_order's rule as EXPLAIN words it ("" when the clustering restrictions form
// one slice per partition).
std::string clustering_gap(const schema::TableSchema& t, const SelectRestrictions& r) {
  for (std::size_t i = 1; i < t.clustering.size(); ++i) {
    int col = t.clustering[i], prev = t.clustering[i - 1];
    if (!column_restricted(r, col)) continue;
    bool same_multi = false;
    for (const auto& m : r.multi)
      same_multi = same_multi || (std::count(m.columns.begin(), m.columns.end(), col) &&
                                  std::count(m.columns.begin(), m.columns.end(), prev));
    if (same_multi) continue;
    if (!column_restricted(r, prev))
      return fmt::format(
          "clustering column {} is restricted but {}, before it, is not: the rows are not one slice "
          "of the partition, so every row is read and checked",
          t.column(col).name, t.column(prev).name);
    if (column_sliced(r, prev))
      return fmt::format(
          "clustering column {} is restricted after a range on {}: the rows are not one slice of "
          "the partition, so every row in the range is read and checked",
          t.column(col).name, t.column(prev).name);
  }
  return {};
}

void check_order_by(const schema::TableSchema& t, const ast::Select& s, Plan& plan) {
  if (s.order_by.empty() || plan.ann_column >= 0) return;
  std::vector<int> cols;
  for (const auto& o : s.order_by) {
    int i = t.find(o.column);
    if (i < 0) invalid("Undefined column name {} in table {}", util::cql_name(o.column), table_text(t));
    if (t.column(i).kind != ColumnKind::Clustering)
      invalid("Order by is currently only supported on the clustered columns of the PRIMARY KEY, got {}",
              t.column(i).name);
    cols.push_back(i);
  }
  if (!plan.where.partition_lookup)
    invalid("ORDER BY is only supported when the partition key is restricted by an EQ or an IN.");
  // Columns must follow clustering order; a skipped column must be restricted by '='.
  int next = 0;
  for (int c : cols) {
    int pos = t.column(c).position;
    while (next < pos) {
      // A skipped column must hold one value: '=', an IN of one value, or a multi-column '='
      // (or one-tuple IN) that covers it (5.0's ordering rules).
      const auto& cr = plan.where.columns[static_cast<std::size_t>(t.clustering[static_cast<std::size_t>(next)])];
      // (An IN counts by what it wrote: IN ? or IN (?, ?) is no equality, whatever is bound.)
      bool single = cr.eq || (cr.in && cr.in_terms == 1);
      for (const auto& m : plan.where.multi)
        if ((m.op == ast::Operator::Eq || (m.op == ast::Operator::In && m.in_terms == 1)) &&
            std::find(m.columns.begin(), m.columns.end(), t.clustering[static_cast<std::size_t>(next)]) !=
                m.columns.end())
          single = true;
      if (!single)
        invalid(
            "Order by currently only supports the ordering of columns following their declared order in the PRIMARY "
            "KEY");
      ++next;
    }
    if (pos != next)
      invalid(
          "Order by currently only supports the ordering of columns following their declared order in the PRIMARY KEY");
    ++next;
  }
  std::optional<bool> reversed;
  for (std::size_t k = 0; k < cols.size(); ++k) {
    bool rev = s.order_by[k].descending != t.column(cols[k]).reversed;
    if (reversed && *reversed != rev) invalid("Unsupported order by relation");
    reversed = rev;
  }
  plan.ordered = true;
  plan.reversed = *reversed;
}

// GROUP BY: primary-key columns in declared order (a column skipped must be restricted by '='),
// covering the whole partition key; groups are then the partition key plus a clustering prefix.
void check_group_by(const schema::TableSchema& t, const ast::Select& s, Plan& plan) {
  if (s.group_by.empty()) return;
  std::vector<int> key;  // partition key then clustering, declared order
  for (int c : t.partition_key) key.push_back(c);
  for (int c : t.clustering) key.push_back(c);
  std::size_t next = 0;
  for (auto name : s.group_by) {
    int c = t.find(name);
    if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(name), table_text(t));
    if (!t.column(c).is_primary_key())
      invalid("Group by is currently only supported on the columns of the PRIMARY KEY, got {}", t.column(c).name);
    while (next < key.size() && key[next] != c) {
      if (!plan.where.columns[static_cast<std::size_t>(key[next])].eq)
        invalid("Group by currently only support groups of columns following their declared order in the PRIMARY KEY");
      ++next;
    }
    if (next == key.size())
      invalid("Group by currently only support groups of columns following their declared order in the PRIMARY KEY");
    ++next;
  }
  if (next < t.partition_key.size()) invalid("Group by is not supported on only a part of the partition key");
  plan.group_clustering = next - t.partition_key.size();
  if (plan.group_clustering > 0 && s.distinct)
    invalid("Grouping on clustering columns is not allowed for SELECT DISTINCT queries");
  plan.grouped = true;
}

// The regular and static columns whose restrictions an SAI index answers, every one of them
// (IndexTermType.supports); with ANN ordering, every indexed column (check_ann_restrictions
// has refused the rest).
void mark_sai_served(const schema::TableSchema& t, Plan& plan) {
  if (t.indexes.empty()) return;  // the common case: no allocation per query
  SelectRestrictions& r = plan.where;
  plan.sai_served.assign(t.columns.size(), false);
  for (const auto& idx : t.indexes) {
    if (idx.column < 0 || t.column(idx.column).is_primary_key()) continue;
    const auto col = static_cast<std::size_t>(idx.column);
    const ColumnRestriction& cr = r.columns[col];
    if (!cr.any() || plan.sai_served[col]) continue;
    bool ok = plan.ann_column >= 0;
    if (!ok && sai::is_sai(idx)) {
      const schema::Column& c = t.column(idx.column);
      using ast::Operator;
      ok = !cr.in && !cr.is_not_null;
      if (cr.eq) ok = ok && sai::supports(idx, c, Operator::Eq);
      if (cr.slice()) ok = ok && sai::supports(idx, c, Operator::Gt);
      if (!cr.contains.empty()) ok = ok && sai::supports(idx, c, Operator::Contains);
      if (!cr.contains_key.empty()) ok = ok && sai::supports(idx, c, Operator::ContainsKey);
      if (!cr.entries.empty()) ok = ok && idx.target.rfind("entries(", 0) == 0;
    }
    if (!ok) continue;
    // The index's analyzer (NonTokenizingAnalyzer): case_sensitive: false matches '=' in any case.
    const auto cs = idx.options.find("case_sensitive");
    if (sai::is_sai(idx) && cs != idx.options.end() && util::ascii_lower(cs->second) == "false")
      plan.where.columns[col].case_insensitive = true;
    plan.sai_served[col] = true;
    plan.sai_used = true;
    if (plan.index.empty()) plan.index = idx.name;
  }
}

// ORDER BY c ANN OF v, bound as SelectStatement.RawStatement binds its orderings (before the
// WHERE clause): the column must exist, the vector is read as the column's type.
void bind_ann_ordering(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx, Plan& plan) {
  for (const auto& o : s.order_by) {
    if (!o.ann) continue;
    const int c = t.find(o.column);
    if (c < 0) invalid("Undefined column name {} in table {}", util::cql_name(o.column), table_text(t));
    if (plan.ann_column >= 0) continue;  // refused once the restrictions are built
    auto v = bind_term(*o.ann, *t.column(c).type, t.column(c).name, &ctx);
    if (!v) invalid("Unsupported null value for column {}", t.column(c).name);
    plan.ann_column = c;
    plan.ann_value = std::move(*v);
  }
}

// StatementRestrictions: addOrderingRestrictions, then its checks of an ANN restriction.
void check_ann_restrictions(const schema::TableSchema& t, const ast::Select& s, Plan& plan) {
  if (plan.ann_column < 0) {  // an indexed vector answers nothing but ANN
    for (const auto& idx : t.indexes)
      if (idx.column >= 0 && t.column(idx.column).type->kind == types::Kind::Vector &&
          !t.column(idx.column).is_primary_key() && plan.where.columns[static_cast<std::size_t>(idx.column)].any())
        invalid("Vector indexes only support ANN queries");
    return;
  }
  std::size_t anns = 0;
  for (const auto& o : s.order_by) anns += o.ann ? 1u : 0u;
  if (anns > 1) invalid("Cannot specify more than one ANN ordering");
  if (s.order_by.size() > 1) invalid("ANN ordering does not support any other ordering");
  for (const auto& o : s.order_by)
    if (o.descending) invalid("Descending ANN ordering is not supported");
  const schema::Column& v = t.column(plan.ann_column);
  if (v.type->kind != types::Kind::Vector || v.type->params[0]->kind != types::Kind::Float)
    invalid("ANN ordering is only supported on float vector indexes");
  const schema::IndexDef* index = nullptr;
  auto indexed = [&](int column) {
    for (const auto& idx : t.indexes)
      if (idx.column == column) return &idx;
    return static_cast<const schema::IndexDef*>(nullptr);
  };
  index = indexed(plan.ann_column);
  if (!index) invalid("ANN ordering by vector requires the column to be indexed");
  plan.ann_similarity = sai::similarity(*index);
  const SelectRestrictions& r = plan.where;
  const char* kFiltered = "ANN ordering by vector requires all restricted column(s) to be indexed";
  // The partition key: all of it by '=' / IN, or by token, or not at all.
  bool any_pk = false, all_pk = true;
  for (int c : t.partition_key) {
    const bool restricted = column_restricted(r, c);
    any_pk = any_pk || restricted;
    all_pk = all_pk && restricted && !r.columns[static_cast<std::size_t>(c)].slice();
  }
  if (any_pk && !all_pk) invalid("{}", kFiltered);
  bool non_indexed_regular = false, non_indexed_clustering = false;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const auto c = static_cast<int>(i);
    const bool restricted = column_restricted(r, c) || r.columns[i].any();
    if (t.columns[i].kind == ColumnKind::PartitionKey || !restricted) continue;
    if (indexed(c)) continue;
    (t.columns[i].kind == ColumnKind::Clustering ? non_indexed_clustering : non_indexed_regular) = true;
  }
  if (non_indexed_regular || (non_indexed_clustering && (!all_pk || !clustering_gap(t, r).empty())))
    invalid("{}", kFiltered);
}

// The index looks its column's value up as a key (CassandraIndex's check): at most 64K.
void check_index_values(const Plan& plan) {
  if (!plan.uses_index) return;
  const SelectRestrictions& r = plan.where;
  const auto& cr = r.columns[static_cast<std::size_t>(plan.index_column)];
  bool too_big = false;
  for (const auto& v : cr.values) too_big = too_big || v.size() > 65535;
  for (const auto& v : cr.contains) too_big = too_big || v.size() > 65535;
  for (const auto& v : cr.contains_key) too_big = too_big || v.size() > 65535;
  const std::string* multi_value = nullptr;
  if (multi_eq_on(r, plan.index_column, &multi_value)) too_big = too_big || multi_value->size() > 65535;
  if (too_big) invalid("Index expression values may not be larger than 64K");
}

// The column whose secondary index serves one '=' (or CONTAINS) restriction, or -1; its
// index's name goes in the plan.
int choose_index(const schema::TableSchema& t, const SelectRestrictions& r, Plan& plan) {
  // A secondary index serves one '=' restriction on an indexed column (not needed when the
  // partition key is already fully given for a partition-key column).
  int index_column = -1;
  for (std::size_t i = 0; i < t.columns.size() && index_column < 0; ++i) {
    const auto c = static_cast<int>(i);
    const auto& cr = r.columns[i];
    bool served = false;
    for (const auto& idx : t.indexes) {
      // An SAI index on a regular or static column serves below, restriction by restriction.
      if (idx.column != c || (sai::is_sai(idx) && !t.columns[i].is_primary_key())) continue;
      const bool keys = idx.target.rfind("keys(", 0) == 0, full = idx.target.rfind("full(", 0) == 0;
      const bool entries = idx.target.rfind("entries(", 0) == 0;
      const bool eq = cr.eq || multi_eq_on(r, c);
      served = served || (keys      ? !cr.contains_key.empty()
                          : entries ? !cr.entries.empty()
                          : full    ? eq
                                    : (eq || !cr.contains.empty()));
    }
    if (!served) continue;
    if (t.columns[i].kind == ColumnKind::PartitionKey && r.partition_lookup) continue;
    // A clustering column's restriction goes to an index only when the clustering restrictions
    // cannot be read as a slice of the partitions (StatementRestrictions: only if they need
    // filtering).
    if (t.columns[i].kind == ColumnKind::Clustering && r.partition_lookup && clustering_gap(t, r).empty()) continue;
    index_column = c;
    for (const auto& idx : t.indexes)
      if (idx.column == c && plan.index.empty()) plan.index = idx.name;
  }
  return index_column;
}

// SelectStatement.validateDistinctSelection, in its order.
void check_distinct(const schema::TableSchema& t, const ast::Select& s, const Plan& plan) {
  const SelectRestrictions& r = plan.where;
  bool other_filter = r.has_clustering;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    other_filter = other_filter || (t.columns[i].kind == ColumnKind::Regular && r.columns[i].any());
  if (other_filter)
    invalid("SELECT DISTINCT with WHERE clause only supports restriction by partition key and/or static columns.");
  for (const auto& sel : plan.selection.selectors) {
    if (sel.column < 0) continue;
    auto kind = t.column(sel.column).kind;
    if (kind != ColumnKind::PartitionKey && kind != ColumnKind::Static)
      invalid("SELECT DISTINCT queries must only request partition key columns and/or static columns (not {})",
              t.column(sel.column).name);
  }
  // Only a key range needs every partition key column (no grouping after the read).
  for (int pk : r.partition_lookup ? std::vector<int>{} : t.partition_key) {
    bool found = false;
    for (const auto& sel : plan.selection.selectors)
      found = found || (sel.op == SelectorOp::Column && sel.column == pk);
    if (!found && !plan.selection.aggregate)
      invalid("SELECT DISTINCT queries must request all the partition key columns (missing {})", t.column(pk).name);
  }
  if (s.per_partition_limit) invalid("PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries");
}

}  // namespace

// `explain`: plan as if ALLOW FILTERING were given, noting the first rule that demands it.
Plan plan_select(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx, bool explain) {
  Plan plan;
  plan.table = &t;
  plan.distinct = s.distinct;
  plan.selection = resolve_selection(t, s.selectors);
  bind_ann_ordering(t, s, ctx, plan);
  plan.where = build_restrictions(t, s.where, &ctx, !(s.allow_filtering || explain));
  const SelectRestrictions& r = plan.where;
  check_ann_restrictions(t, s, plan);
  const bool af = s.allow_filtering || explain;
  auto needs_filtering = [&](std::string why) {
    if (plan.filtering_reason.empty()) plan.filtering_reason = std::move(why);
    if (!af) invalid("{}", kAllowFiltering);
  };

  const int index_column = choose_index(t, r, plan);
  plan.uses_index = index_column >= 0;
  plan.index_column = index_column;
  mark_sai_served(t, plan);
  const bool indexed = plan.uses_index || plan.sai_used;  // StatementRestrictions.usesSecondaryIndexing
  // An index serves one restriction of its column; more (two CONTAINS, CONTAINS KEY with
  // CONTAINS) are filtered row by row (StatementRestrictions' hasMultipleContains).
  if (plan.uses_index) {
    const auto& cr = r.columns[static_cast<std::size_t>(index_column)];
    check_index_values(plan);
    if ((cr.eq ? 1u : 0u) + cr.contains.size() + cr.contains_key.size() + cr.entries.size() > 1)
      needs_filtering(
          fmt::format("column {} has more than one restriction: its index serves one, the rest are "
                      "checked row by row",
                      t.columns[static_cast<std::size_t>(index_column)].name));
  }

  // Partition key: partly restricted or sliced needs filtering, also beside an index (whose
  // column's own restriction it serves): StatementRestrictions adds such a partition key
  // restriction to the filter.
  if (!r.partition_lookup && !r.token) {
    bool any_pk = false;
    for (int i : t.partition_key) {
      if (i == index_column) continue;
      const auto& cr = r.columns[static_cast<std::size_t>(i)];  // CONTAINS on a frozen key too
      any_pk = any_pk || column_restricted(r, i) || !cr.contains.empty() || !cr.contains_key.empty();
    }
    if (any_pk)
      needs_filtering("the partition key is only partly restricted: every partition is read and its key checked");
  }
  if (plan.selection.only_static && r.has_clustering)
    invalid("Cannot restrict clustering columns when selecting only static columns");
  if (!af && !indexed)
    for (int c : t.clustering) {
      const auto& cr = r.columns[static_cast<std::size_t>(c)];
      if (!cr.contains.empty() || !cr.contains_key.empty())
        invalid("Clustering columns can only be restricted with CONTAINS with a secondary index or filtering");
    }
  if (!af && !indexed) check_clustering_order(t, r);
  if (!indexed && plan.filtering_reason.empty()) plan.filtering_reason = clustering_gap(t, r);
  // Regular columns: each restriction not served by the index is a filter.
  std::string filtered;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    auto kind = t.columns[i].kind;
    if ((kind == ColumnKind::Regular || kind == ColumnKind::Static) && r.columns[i].any() &&
        static_cast<int>(i) != index_column && !(i < plan.sai_served.size() && plan.sai_served[i]))
      filtered += (filtered.empty() ? "" : ", ") + t.columns[i].name;
  }
  if (!filtered.empty())
    needs_filtering(fmt::format("{} {} not in the primary key{}: each row read is checked against {}",
                                filtered.find(',') == std::string::npos ? "column" : "columns", filtered,
                                t.indexes.empty() ? "" : " and not served by an index",
                                filtered.find(',') == std::string::npos ? "it" : "them"));

  if (s.distinct) check_distinct(t, s, plan);
  if (s.per_partition_limit && plan.selection.aggregate && s.group_by.empty())
    invalid("PER PARTITION LIMIT is not allowed with aggregate queries.");
  check_group_by(t, s, plan);
  if (indexed && !s.order_by.empty() && plan.ann_column < 0)
    invalid("ORDER BY with 2ndary indexes is not supported, except for ANN queries.");
  check_order_by(t, s, plan);

  const bool key_range = !r.partition_lookup;
  bool clustering_filtered = r.has_clustering;
  if (plan.uses_index && t.column(index_column).kind == ColumnKind::Clustering) {
    // The index serves its own clustering column; any other clustering restriction filters.
    clustering_filtered = false;
    for (const auto& m : r.multi)
      clustering_filtered =
          clustering_filtered || m.columns.size() > 1 || m.columns[0] != index_column || m.op != ast::Operator::Eq;
    for (int c : t.clustering)
      clustering_filtered = clustering_filtered || (c != index_column && column_restricted(r, c));
    // Within a partition too: the clustering index is used because the restrictions are no
    // slice, so the others are checked row by row.
    if (clustering_filtered && !key_range)
      needs_filtering(
          "the clustering restrictions are not one slice of the partition: the index serves one, the "
          "rest are checked row by row");
  }
  if (key_range && clustering_filtered)
    needs_filtering(
        "clustering columns are restricted but the partition key is not: every partition is read "
        "to look for the rows");
  check_multi_slices(t, r);
  if (!r.null_value_error.empty()) invalid("{}", r.null_value_error);
  plan.reads = columns_read(t, plan);
  return plan;
}

namespace {

// Whether a selector holds a term (a constant, a map key, slice bounds), nested calls included.
bool has_terms(const ast::Vec<ast::Selector>& selectors) {
  for (const auto& sel : selectors)
    if (sel.kind == ast::SelectorKind::Constant || sel.kind == ast::SelectorKind::Element ||
        sel.kind == ast::SelectorKind::Slice || has_terms(sel.args))
      return true;
  return false;
}

// rebind_plan's way for a WHERE of single-column '=' relations on key columns only, the WHERE
// of most SELECTs: the restrictions keep their form and each takes its new value. false (the
// plan untouched) for another WHERE, or for a value the plain binding does not take (null,
// unset, empty, not of the column's type): build_restrictions then makes Cassandra's error.
bool rebind_key_values(Plan& plan, const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx) {
  for (const ast::Relation& rel : s.where) {
    if (rel.kind != ast::RelationKind::Single || rel.op != ast::Operator::Eq || rel.map_entry || rel.values.size() != 1)
      return false;
    const int c = t.find(rel.columns[0]);
    if (c < 0 || !t.column(c).is_primary_key()) return false;
    const ColumnRestriction& cr = plan.where.columns[static_cast<std::size_t>(c)];
    if (!cr.eq || cr.values.size() != 1) return false;
  }
  // Each value goes straight into its restriction. After a refusal the ones already written are
  // replaced with the rest: build_restrictions makes the whole set again.
  for (const ast::Relation& rel : s.where) {
    const int c = t.find(rel.columns[0]);
    std::optional<std::string> v = plain_key_value(t.column(c), rel.values[0], ctx);
    if (!v) return false;
    plan.where.columns[static_cast<std::size_t>(c)].values[0] = std::move(*v);
  }
  return true;
}

}  // namespace

bool keeps_plan(const ast::Select& s, const Plan& plan) {
  // A selector's constants and markers are resolved into the selection with their values.
  return s.shape.value != 0 && plan.ann_column < 0 && !has_terms(s.selectors);
}

void rebind_plan(Plan& plan, const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx) {
  // plan_select's steps that read values, in its order; the others passed for this shape.
  if (rebind_key_values(plan, t, s, ctx)) {
    plan.limit.reset();
    plan.per_partition_limit.reset();
    check_index_values(plan);
    return;
  }
  SelectRestrictions where = build_restrictions(t, s.where, &ctx, !s.allow_filtering);
  // What the planning decided about the restrictions stays: which '=' an index matches in any case.
  for (std::size_t i = 0; i < where.columns.size() && i < plan.where.columns.size(); ++i)
    where.columns[i].case_insensitive = plan.where.columns[i].case_insensitive;
  plan.where = std::move(where);
  plan.limit.reset();
  plan.per_partition_limit.reset();
  check_index_values(plan);
  if (!plan.where.null_value_error.empty()) invalid("{}", plan.where.null_value_error);
}

}  // namespace cqlbox::exec
