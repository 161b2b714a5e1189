// SELECT: prepare (selection, restrictions, Cassandra's query-level checks in its order) and
// execution over the store in token / clustering order.
#include <algorithm>
#include <set>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "exec/sai.hpp"
#include "exec/selection.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/collection.hpp"
#include "types/bytes.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using schema::ColumnKind;

namespace {

constexpr const char* kAllowFiltering =
    "Cannot execute this query as it might involve data filtering and thus may have "
    "unpredictable performance. If you want to execute this query despite the performance "
    "unpredictability, use ALLOW FILTERING";

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
};

bool column_restricted(const SelectRestrictions& r, int column) {
  const auto& cr = r.columns[static_cast<std::size_t>(column)];
  if (cr.eq || cr.in || cr.slice()) return true;
  for (const auto& m : r.multi)
    if (std::find(m.columns.begin(), m.columns.end(), column) != m.columns.end()) return true;
  return false;
}

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

// `explain`: plan as if ALLOW FILTERING were given, noting the first rule that demands it.
Plan prepare(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx, bool explain = false) {
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
  plan.uses_index = index_column >= 0;
  plan.index_column = index_column;
  mark_sai_served(t, plan);
  const bool indexed = plan.uses_index || plan.sai_used;  // StatementRestrictions.usesSecondaryIndexing
  // An index serves one restriction of its column; more (two CONTAINS, CONTAINS KEY with
  // CONTAINS) are filtered row by row (StatementRestrictions' hasMultipleContains).
  if (plan.uses_index) {
    const auto& cr = r.columns[static_cast<std::size_t>(index_column)];
    // The index looks its value up as a key (CassandraIndex's check).
    bool too_big = false;
    for (const auto& v : cr.values) too_big = too_big || v.size() > 65535;
    for (const auto& v : cr.contains) too_big = too_big || v.size() > 65535;
    for (const auto& v : cr.contains_key) too_big = too_big || v.size() > 65535;
    const std::string* multi_value = nullptr;
    if (multi_eq_on(r, index_column, &multi_value)) too_big = too_big || multi_value->size() > 65535;
    if (too_big) invalid("Index expression values may not be larger than 64K");
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

  if (s.distinct) {
    // SelectStatement.validateDistinctSelection, in its order.
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
  return plan;
}

// --- execution --------------------------------------------------------------------------------

struct Matcher {
  const schema::TableSchema& t;
  const SelectRestrictions& r;

  static bool check(const types::CqlType& k, const ColumnRestriction& cr, std::string_view v) {
    if (cr.eq && cr.case_insensitive) {
      if (util::unicode_lower(v) != util::unicode_lower(cr.values[0])) return false;
    } else if (cr.eq && types::compare_values(k, v, cr.values[0]) != 0) {
      return false;
    }
    if (cr.in) {
      bool any = false;
      for (const auto& x : cr.values) any = any || types::compare_values(k, v, x) == 0;
      if (!any) return false;
    }
    if (cr.lower) {
      int c = types::compare_values(k, v, cr.lower->value);
      if (c < 0 || (c == 0 && !cr.lower->inclusive)) return false;
    }
    if (cr.upper) {
      int c = types::compare_values(k, v, cr.upper->value);
      if (c > 0 || (c == 0 && !cr.upper->inclusive)) return false;
    }
    if (!cr.contains.empty() || !cr.contains_key.empty() || !cr.entries.empty()) {
      // v is a serialized collection: lists/sets hold elements, maps key/value pairs.
      const bool map = k.kind == types::Kind::Map;
      std::vector<std::string_view> elements;
      types::decode_elements(v, elements, map);
      auto has = [&](const std::string& x, bool key) {
        const types::CqlType& et = map && !key ? *k.params[1] : *k.params[0];
        for (std::size_t i = map && !key ? 1 : 0; i < elements.size(); i += map ? 2 : 1)
          if (types::compare_values(et, elements[i], x) == 0) return true;
        return false;
      };
      for (const auto& x : cr.contains)
        if (!has(x, false)) return false;
      for (const auto& x : cr.contains_key)
        if (!has(x, true)) return false;
      for (const auto& [key, value] : cr.entries) {  // the map's entry for key holds value
        bool found = false;
        for (std::size_t i = 0; i + 1 < elements.size() && !found; i += 2)
          found = types::compare_values(*k.params[0], elements[i], key) == 0 &&
                  types::compare_values(*k.params[1], elements[i + 1], value) == 0;
        if (!found) return false;
      }
    }
    return true;
  }

  bool partition_matches(const std::vector<std::string_view>& pk) const {
    for (std::size_t i = 0; i < t.partition_key.size(); ++i) {
      int col = t.partition_key[i];
      const auto& cr = r.columns[static_cast<std::size_t>(col)];
      if (cr.any() && !check(*t.column(col).type, cr, pk[i])) return false;
    }
    return true;
  }

  // Tuple comparison in natural (ASC) type order, as Cassandra's multi-column slices compare.
  int compare_tuple(const std::vector<int>& cols, const std::vector<std::string_view>& ck,
                    const std::vector<std::string>& tuple) const {
    for (std::size_t i = 0; i < cols.size(); ++i) {
      const auto& c = t.column(cols[i]);
      int cmp = store::compare_natural({c.type, c.reversed}, ck[static_cast<std::size_t>(c.position)], tuple[i]);
      if (cmp != 0) return cmp;
    }
    return 0;
  }

  bool clustering_matches(const std::vector<std::string_view>& ck) const {
    for (int col : t.clustering) {
      const auto& cr = r.columns[static_cast<std::size_t>(col)];
      const std::string_view v = ck[static_cast<std::size_t>(t.column(col).position)];
      if (!cr.any()) continue;
      if (store::is_null_component(v)) {
        // A COMPACT STORAGE prefix row's null: no value equals it, and filtering never matches
        // it (RowFilter wants a value). The slice after the '=' prefix, a range of storage,
        // holds it where compare_natural places it (first in storage order).
        if (cr.eq_or_in() || !cr.contains.empty() || !cr.contains_key.empty() || !cr.entries.empty() ||
            cr.is_not_null || t.column(col).position != r.clustering_eq_prefix)
          return false;
        const store::ClusteringColumn cc{t.column(col).type, t.column(col).reversed};
        if (cr.lower && store::compare_natural(cc, v, cr.lower->value) < 0) return false;
        if (cr.upper && store::compare_natural(cc, v, cr.upper->value) > 0) return false;
        continue;
      }
      if (!check(*t.column(col).type, cr, v)) return false;
    }
    for (const auto& m : r.multi) {
      bool ok = false;
      switch (m.op) {
        case ast::Operator::Eq: ok = compare_tuple(m.columns, ck, m.tuples[0]) == 0; break;
        case ast::Operator::In:
          for (const auto& tup : m.tuples) ok = ok || compare_tuple(m.columns, ck, tup) == 0;
          break;
        case ast::Operator::Gt: ok = compare_tuple(m.columns, ck, m.tuples[0]) > 0; break;
        case ast::Operator::Gte: ok = compare_tuple(m.columns, ck, m.tuples[0]) >= 0; break;
        case ast::Operator::Lt: ok = compare_tuple(m.columns, ck, m.tuples[0]) < 0; break;
        case ast::Operator::Lte: ok = compare_tuple(m.columns, ck, m.tuples[0]) <= 0; break;
        default: break;
      }
      if (!ok) return false;
    }
    return true;
  }

  bool cells_match(const std::vector<RowSource::Cell>& cells) const {
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
      auto kind = t.columns[i].kind;
      if (kind != ColumnKind::Regular && kind != ColumnKind::Static) continue;
      const auto& cr = r.columns[i];
      if (!cr.any()) continue;
      if (!cells[i].present || !check(*t.columns[i].type, cr, cells[i].value)) return false;
    }
    return true;
  }
};

// The live elements of a non-frozen collection as one serialized collection value; empty
// (no live element) means null, as in Cassandra.
bool collection_value(const types::CqlType& type, const store::ComplexColumn* col, std::int64_t shadow,
                      std::int64_t now_s, RowSource::Cell& cell) {
  std::string& out = cell.owned;
  cell.element_timestamps.clear();
  cell.element_ttls.clear();
  if (!col) return false;
  const std::int64_t dead = std::max(shadow, col->deletion.timestamp);
  std::vector<std::string> elements;
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& pc : col->cells) {
    if (!pc.cell.live(now_s) || pc.cell.timestamp <= dead) continue;
    cell.element_timestamps.push_back(pc.cell.timestamp);
    const std::int64_t left = pc.cell.ttl > 0 ? pc.cell.local_time - now_s : 0;
    cell.element_ttls.push_back(static_cast<std::int32_t>(std::clamp<std::int64_t>(left, 0, INT32_MAX)));
    if (type.kind == types::Kind::List)
      elements.push_back(pc.cell.value);
    else if (type.kind == types::Kind::Set)
      elements.push_back(pc.path);
    else
      pairs.emplace_back(pc.path, pc.cell.value);
  }
  if (elements.empty() && pairs.empty()) return false;
  out = type.kind == types::Kind::Map ? types::encode_pairs(pairs) : types::encode_elements(elements);
  return true;
}

// A UDT value whose fields are all null (or absent).
bool all_fields_null(std::string_view value) {
  std::vector<std::optional<std::string_view>> fields;
  types::decode_tuple(value, fields);
  return std::none_of(fields.begin(), fields.end(), [](const auto& f) { return f.has_value(); });
}

// Fills the per-column live cells of a row (statics from the static row).
void collect_cells(const schema::TableSchema& t, const store::Partition& p, const store::Row* row,
                   std::int64_t row_shadow, std::int64_t now_s, std::vector<RowSource::Cell>& cells) {
  // Reset in place: the cells' buffers are reused row after row.
  cells.resize(t.columns.size());
  for (auto& c : cells) {
    c.present = false;
    c.value = {};
    c.timestamp = 0;
    c.ttl_left = 0;
    c.element_timestamps.clear();
    c.element_ttls.clear();
  }
  const std::int64_t part_del = p.deletion().timestamp;
  auto fill = [&](int col, const store::CellRef& c, std::int64_t shadow) {
    if (!c.live(now_s) || c.timestamp <= shadow) return;
    const types::CqlType& type = *t.column(col).type;
    if (type.kind == types::Kind::Udt && !type.frozen && all_fields_null(c.value))
      return;  // 5.0 keeps a cell per non-null field of a non-frozen UDT: with none, no value
    auto& out = cells[static_cast<std::size_t>(col)];
    out.present = true;
    out.value = c.value;
    out.timestamp = c.timestamp;
    // In 64 bits: a clock set far back (CLOCK SET 1950) leaves more than 2^31 seconds to run.
    const std::int64_t left = c.ttl > 0 ? std::int64_t{c.local_time} - now_s : 0;
    out.ttl_left = static_cast<std::int32_t>(std::clamp<std::int64_t>(left, 0, INT32_MAX));
  };
  auto fill_collections = [&](const std::vector<int>& columns, const store::Row& r, std::int64_t shadow) {
    for (std::size_t slot = 0; slot < columns.size() && slot < r.complex().size(); ++slot) {
      const int col = columns[slot];
      if (!t.column(col).type->multi_cell()) continue;
      auto& out = cells[static_cast<std::size_t>(col)];
      if (collection_value(*t.column(col).type, r.complex_column(static_cast<int>(slot)), shadow, now_s, out)) {
        out.present = true;
        out.value = out.owned;
      }
    }
  };
  // One walk over each row's packed cells (slot i is columns[i]).
  auto fill_row = [&](const std::vector<int>& columns, const store::Row& r, std::int64_t shadow) {
    r.for_each_cell([&](int slot, const store::CellRef& c) {
      const auto i = static_cast<std::size_t>(slot);
      if (i < columns.size()) fill(columns[i], c, shadow);
    });
    fill_collections(columns, r, shadow);
  };
  if (!t.statics.empty()) fill_row(t.statics, p.static_row(), part_del);
  if (row) fill_row(t.regulars, *row, row_shadow);
}

bool complex_live(const store::Row& row, std::int64_t shadow, std::int64_t now_s) {
  for (const auto& col : row.complex()) {
    const std::int64_t dead = std::max(shadow, col.deletion.timestamp);
    for (const auto& pc : col.cells)
      if (pc.cell.live(now_s) && pc.cell.timestamp > dead) return true;
  }
  return false;
}

bool row_live(const schema::TableSchema& t, const store::Row& row, std::int64_t shadow, std::int64_t now_s) {
  const store::Liveness marker = row.marker();
  if (marker.live(now_s) && marker.timestamp > shadow) return true;
  if (t.view && t.view->strict_liveness) return false;  // only the key column's liveness counts
  bool live = false;
  row.for_each_cell([&](int, const store::CellRef& c) { live = live || (c.live(now_s) && c.timestamp > shadow); });
  return live || complex_live(row, shadow, now_s);
}

bool has_live_static(const schema::TableSchema& /*t*/, const store::Partition& p, std::int64_t now_s) {
  bool live = false;
  p.static_row().for_each_cell(
      [&](int, const store::CellRef& c) { live = live || (c.live(now_s) && c.timestamp > p.deletion().timestamp); });
  return live || complex_live(p.static_row(), p.deletion().timestamp, now_s);
}

// A slice on clustering component `index`: rows inside a run are sorted on that component
// (reversed for DESC), so its bounds are two more binary searches.
struct Slice {
  std::size_t index;
  const ColumnRestriction* bounds;
};

std::pair<std::size_t, std::size_t> slice_range(const store::Partition& p, const store::ClusteringComparator& cmp,
                                                std::pair<std::size_t, std::size_t> run,
                                                const std::optional<Slice>& slice) {
  if (!slice || run.first >= run.second) return run;
  const auto& column = cmp.column(slice->index);
  const ColumnRestriction& b = *slice->bounds;
  auto component = [&](std::string_view key) {
    for (std::size_t i = 0; i < slice->index && !key.empty(); ++i) store::next_component(key);
    return key.empty() ? key : store::next_component(key);
  };
  // -1 below the slice, 0 inside, +1 above, in the column's natural order.
  auto where = [&](const store::Row& row) {
    const store::RowKey key = row.clustering();
    const std::string_view v = component(key);  // a COMPACT STORAGE null: see compare_natural
    if (b.lower) {
      const int c = store::compare_natural(column, v, b.lower->value);
      if (c < 0 || (c == 0 && !b.lower->inclusive)) return -1;
    }
    if (b.upper) {
      const int c = store::compare_natural(column, v, b.upper->value);
      if (c > 0 || (c == 0 && !b.upper->inclusive)) return 1;
    }
    return 0;
  };
  // In storage order the "before" side is below the slice for ASC, above it for DESC.
  const int before = column.reversed ? 1 : -1;
  const store::RowRange rows = p.rows();
  auto point = [&](std::size_t lo, std::size_t hi, auto pred) {
    while (lo < hi) {
      const std::size_t mid = lo + (hi - lo) / 2;
      if (pred(rows[mid]))
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  };
  const std::size_t lo = point(run.first, run.second, [&](const store::Row& row) { return where(row) == before; });
  const std::size_t hi = point(lo, run.second, [&](const store::Row& row) { return where(row) == 0; });
  return {lo, hi};
}

// Every combination of the '=' / IN values of the leading clustering columns, sorted and
// deduplicated, as encoded prefixes. Empty list = no prefix restriction.
std::vector<std::string> clustering_prefixes(const schema::TableSchema& t, const SelectRestrictions& r,
                                             const store::ClusteringComparator& cmp) {
  std::vector<std::string> prefixes{std::string()};
  for (int i = 0; i < r.clustering_eq_prefix; ++i) {
    const auto& cr = r.columns[static_cast<std::size_t>(t.clustering[static_cast<std::size_t>(i)])];
    std::vector<std::string> next;
    for (const auto& p : prefixes)
      for (const auto& v : cr.values) {
        std::string k = p;
        store::append_component(k, v);
        next.push_back(std::move(k));
      }
    prefixes = std::move(next);
  }
  std::sort(prefixes.begin(), prefixes.end(),
            [&](const std::string& a, const std::string& b) { return cmp.compare(a, b) < 0; });
  prefixes.erase(std::unique(prefixes.begin(), prefixes.end(),
                             [&](const std::string& a, const std::string& b) { return cmp.compare(a, b) == 0; }),
                 prefixes.end());
  return prefixes;
}

// The partitions a query reads, in the order it returns them.
std::vector<const store::Partition*> partitions_to_read(const schema::TableSchema& t, const SelectRestrictions& r,
                                                        const store::TableStore& st) {
  std::vector<const store::Partition*> out;
  if (r.partition_lookup) {
    // Each column's values in the type's order, deduplicated: the cartesian product is then
    // in the partition key's own order, which is how IN results come back.
    std::vector<std::vector<std::string>> values;
    for (int col : t.partition_key) {
      auto v = r.columns[static_cast<std::size_t>(col)].values;
      const types::CqlType& k = *t.column(col).type;
      std::sort(v.begin(), v.end(),
                [&](const std::string& a, const std::string& b) { return types::compare_values(k, a, b) < 0; });
      v.erase(
          std::unique(v.begin(), v.end(),
                      [&](const std::string& a, const std::string& b) { return types::compare_values(k, a, b) == 0; }),
          v.end());
      values.push_back(std::move(v));
    }
    std::vector<std::size_t> idx(values.size(), 0);
    for (const auto& v : values)
      if (v.empty()) return out;
    for (;;) {
      std::vector<std::string_view> parts;
      for (std::size_t i = 0; i < values.size(); ++i) parts.push_back(values[i][idx[i]]);
      if (parts.size() == 1 && parts[0].empty()) invalid("Key may not be empty");
      const std::string key = serialize_partition_key(parts);
      if (key.size() > 65535) invalid("Key length of {} is longer than maximum of 65535", key.size());
      if (const store::Partition* p = st.find(key)) out.push_back(p);
      std::size_t i = values.size();
      while (i > 0 && ++idx[i - 1] == values[i - 1].size()) idx[--i] = 0;
      if (i == 0) break;
    }
    return out;
  }
  auto it = st.partitions().begin();
  if (r.token && r.token->lower) it = st.lower_bound(*r.token->lower);
  for (; it != st.partitions().end(); ++it) {
    const std::int64_t tok = it->second.token();
    if (r.token) {
      if (r.token->lower && (tok < *r.token->lower || (tok == *r.token->lower && !r.token->lower_inclusive))) continue;
      if (r.token->upper && (tok > *r.token->upper || (tok == *r.token->upper && !r.token->upper_inclusive))) break;
    }
    out.push_back(&it->second);
  }
  return out;
}

// SELECT JSON: one text column "[json]" holding each row as a JSON object.
void to_json(Rows& rows) {
  for (auto& row : rows.rows) {
    std::string obj = "{";
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) obj += ", ";
      obj += json_key(rows.columns[i].name) + ": " + json_value(*rows.columns[i].type, row[i]);
    }
    obj += "}";
    row.assign(1, Value(std::move(obj)));
  }
  rows.columns.assign(1, ResultColumn{"[json]", types::native_type(types::Kind::Text)});
}

}  // namespace

bool partition_has_live_row(Database& db, const schema::TableSchema& t, const std::string& partition_key) {
  const store::TableStore& st = db.store_of(t);
  const store::Partition* p = st.find(partition_key);
  if (!p) return false;
  const auto now_s = db.clock.now_us() / 1000000;
  for (const auto& r : p->rows())
    if (row_live(t, r, p->row_shadow(r, st.comparator()), now_s)) return true;
  return false;
}

std::optional<std::string> first_live_row(Database& db, const schema::TableSchema& t,
                                          const std::string& partition_key) {
  const store::TableStore& st = db.store_of(t);
  const store::Partition* p = st.find(partition_key);
  if (!p) return std::nullopt;
  const auto now_s = db.clock.now_us() / 1000000;
  for (const auto& r : p->rows())
    if (row_live(t, r, p->row_shadow(r, st.comparator()), now_s)) return std::string(r.clustering());
  return std::nullopt;
}

std::optional<std::vector<Value>> current_row(Database& db, const schema::TableSchema& t,
                                              const std::string& partition_key, const std::string& clustering,
                                              bool static_row) {
  const store::TableStore& st = db.store_of(t);
  const store::Partition* p = st.find(partition_key);
  if (!p) return std::nullopt;
  const auto now_s = db.clock.now_us() / 1000000;
  store::Row found;
  const store::Row* row = nullptr;
  if (!static_row && !t.clustering.empty()) {
    found = p->find_row(clustering, st.comparator());
    row = found.empty() ? nullptr : &found;
    if (!row || !row_live(t, *row, p->row_shadow(*row, st.comparator()), now_s)) return std::nullopt;
  } else if (!static_row) {
    if (!p->rows().empty()) found = p->rows().front();
    row = found.empty() ? nullptr : &found;
    if (!row || !row_live(t, *row, p->row_shadow(*row, st.comparator()), now_s)) return std::nullopt;
  } else if (!has_live_static(t, *p, now_s)) {
    return std::nullopt;
  }
  std::vector<RowSource::Cell> cells;
  collect_cells(t, *p, row, row ? p->row_shadow(*row, st.comparator()) : 0, now_s, cells);
  std::vector<std::string_view> pk = split_partition_key(p->key(), t.partition_key.size());
  const store::RowKey key = row ? row->clustering() : store::Row().clustering();
  std::vector<std::string_view> ck = row ? store::split_components(key) : std::vector<std::string_view>{};
  std::vector<Value> out;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    const schema::Column& c = t.columns[i];
    const auto pos = static_cast<std::size_t>(c.position);
    if (c.kind == ColumnKind::PartitionKey)
      out.emplace_back(std::string(pk[pos]));
    else if (c.kind == ColumnKind::Clustering)
      out.push_back(pos < ck.size() && !store::is_null_component(ck[pos]) ? Value(std::string(ck[pos])) : std::nullopt);
    else
      out.push_back(cells[i].present ? Value(std::string(cells[i].value)) : std::nullopt);
  }
  return out;
}

namespace {

// cassandra.yaml's tombstone_warn_threshold and tombstone_failure_threshold.
constexpr std::uint64_t kTombstoneWarnThreshold = 1000;
constexpr std::int64_t kMaxTopK = 1000;  // cassandra.sai.vector_search.max_top_k
constexpr std::uint64_t kTombstoneFailThreshold = 100000;

// One walk over a row read: whether it is live (row_live's rule) and what the read counts as
// tombstones (ReadCommand's MetricRecording): each cell that is not live (deleted or expired;
// cells older than a deletion are gone, not counted), and a deleted row that has nothing else
// dead and no live data.
struct RowScan {
  bool live = false;
  std::uint64_t tombstones = 0;
};
RowScan scan_row(const schema::TableSchema& t, const store::Row& row, std::int64_t shadow, std::int64_t now_s) {
  RowScan r;
  const store::Liveness marker = row.marker();
  const bool strict = t.view && t.view->strict_liveness;  // only the key column's liveness counts
  r.live = marker.live(now_s) && marker.timestamp > shadow;
  bool cell_live = false;
  row.for_each_cell([&](int, const store::CellRef& c) {
    if (c.timestamp <= shadow) return;
    if (c.live(now_s))
      cell_live = true;
    else
      ++r.tombstones;
  });
  for (const auto& col : row.complex()) {
    const std::int64_t dead = std::max(shadow, col.deletion.timestamp);
    for (const auto& pc : col.cells) {
      if (pc.cell.timestamp <= dead) continue;
      if (pc.cell.live(now_s))
        cell_live = true;
      else
        ++r.tombstones;
    }
  }
  r.live = r.live || (!strict && cell_live);
  // A row deletion counts unless a newer partition or range deletion already covers it.
  if (r.tombstones == 0 && !r.live && row.deletion().exists() && row.deletion().timestamp >= shadow) r.tombstones = 1;
  return r;
}

// The client warning Cassandra sends past tombstone_warn_threshold. The query is written the way
// ReadCommand.toCQLString writes it, from the statement: its columns, WHERE, the page size (or
// LIMIT) as the read's limit, and ALLOW FILTERING.
std::string tombstone_warning(const schema::TableSchema& t, const ast::Select& s, const Session& session,
                              std::optional<std::int64_t> limit, std::uint64_t live, std::uint64_t tombstones,
                              std::int64_t token) {
  std::string columns;
  for (const auto& sel : s.selectors)
    if (sel.kind == ast::SelectorKind::Column) columns += (columns.empty() ? "" : ", ") + util::cql_name(sel.name);
  std::string where;
  for (const auto& rel : s.where) {
    std::string cols;
    for (std::size_t i = 0; i < rel.columns.size(); ++i) cols += (i ? ", " : "") + util::cql_name(rel.columns[i]);
    if (rel.kind == ast::RelationKind::Multi) cols = "(" + cols + ")";
    if (rel.kind == ast::RelationKind::Token) cols = "token(" + cols + ")";
    where += (where.empty() ? " WHERE " : " AND ") + cols + relation_rest(rel);
  }
  // The read's limit: cqlsh's page of 100 rows, or the query's LIMIT when smaller.
  if (session.paging && (!limit || *limit > 100)) limit = 100;
  std::string query = fmt::format("SELECT {} FROM {}.{}{}{} ALLOW FILTERING", columns.empty() ? "*" : columns,
                                  util::cql_name(t.keyspace), util::cql_name(t.name), where,
                                  limit ? fmt::format(" LIMIT {}", *limit) : std::string());
  if (query.size() > 512) query.resize(512);
  return fmt::format("Read {} live rows and {} tombstone cells for query {}; token {} (see tombstone_warn_threshold)",
                     live, tombstones, query, token);
}

[[noreturn]] void tombstone_failure(const Database& db, const schema::TableSchema& t, std::uint64_t,
                                    std::int64_t token) {
  const auto* ks = db.catalog.keyspace(t.keyspace);
  const auto replicas = db.ring.replicas(token, cluster::replication_of(ks->replication));
  // A LocalStrategy keyspace has no replica list: the local node (the first) answers.
  const std::string address =
      db.ring.nodes()[replicas.empty() ? 0 : static_cast<std::size_t>(replicas.front())].address;
  error::CqlError e(error::ErrorClass::ReadFailure,
                    fmt::format("Operation failed - received 0 responses and 1 failures: READ_TOO_MANY_TOMBSTONES from "
                                "{}:7000\" info={{'consistency': 'ONE', 'required_responses': 1, "
                                "'received_responses': 0, 'failures': 1, 'error_code_map': {{'{}': '0x0001'}}}}",
                                address, address));
  e.failed_replica = address;
  e.failure_reason = 0x0001;
  throw e;
}

}  // namespace

SelectShape select_shape(const schema::TableSchema& t, const ast::Select& s, const FunctionContext& ctx) {
  Plan plan = prepare(t, s, ctx, true);
  std::string ann;
  if (plan.ann_column >= 0) {
    const char* how = plan.ann_similarity == sai::Similarity::Euclidean    ? "euclidean"
                      : plan.ann_similarity == sai::Similarity::DotProduct ? "dot product"
                                                                           : "cosine";
    ann = fmt::format(
        "{} ANN OF: each matching row with a vector is scored by {} similarity to the given one; "
        "the LIMIT best are returned, best first (SAI searches its graph for them)",
        util::cql_name(t.column(plan.ann_column).name), how);
  }
  return SelectShape{std::move(plan.filtering_reason), std::move(plan.index), plan.index_column, plan.reversed,
                     std::move(ann)};
}

void check_select(Database& db, const ast::Select& s, const schema::TableSchema& t) {
  const FunctionContext ctx = db.functions();
  (void)prepare(t, s, ctx, s.explain);
}

Result execute_select(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t) {
  const FunctionContext ctx = db.functions();
  Plan plan = prepare(t, s, ctx);
  static const types::CqlType* int_type = types::native_type(types::Kind::Int);
  if (s.limit && !is_unset(s.limit)) {
    plan.limit = bind_integer(*s.limit, *int_type, "[limit]");
    if (!plan.limit || *plan.limit <= 0) invalid("LIMIT must be strictly positive");
  }
  if (s.per_partition_limit && !is_unset(s.per_partition_limit)) {
    plan.per_partition_limit = bind_integer(*s.per_partition_limit, *int_type, "[per_partition_limit]");
    if (!plan.per_partition_limit || *plan.per_partition_limit <= 0) invalid("LIMIT must be strictly positive");
  }
  const SelectRestrictions& r = plan.where;
  std::vector<std::string> topk_warnings;
  if (plan.ann_column >= 0) {  // SelectStatement.execute's checks of a top-k query
    if (plan.selection.aggregate || plan.grouped) invalid("Top-K queries can not be run with aggregation");
    if (!plan.limit)
      invalid("Top-K queries must have a limit specified and the limit must be less than the query page size");
    if (plan.per_partition_limit) invalid("Top-K queries do not support per-partition limits");
    if (session.paging && session.page_size > 0 && session.page_size < *plan.limit)
      topk_warnings.push_back(
          fmt::format("Top-K queries do not support paging and the page size is set to {}, which is "
                      "less than LIMIT {}. The page size has been set to {} to match the LIMIT.",
                      session.page_size, *plan.limit, *plan.limit));
    if (*plan.limit > kMaxTopK)  // StorageAttachedIndex.validate
      invalid("Use of ANN OF in an ORDER BY clause requires a LIMIT that is not greater than {}. LIMIT was {}",
              kMaxTopK, *plan.limit);
  }
  if (plan.ordered && r.partition_key_in && session.paging)
    invalid(
        "Cannot page queries with both ORDER BY and a IN restriction on the partition key; you must either remove the "
        "ORDER BY or the IN and sort client side, or disable paging for this query");

  Rows rows;
  rows.columns = plan.selection.result_columns();
  session.sink_columns = &rows.columns;
  rows.keyspace = t.keyspace;
  rows.table = t.name;
  const store::TableStore& st = db.store_of(t);
  ++st.reads;
  const store::ClusteringComparator& cmp = st.comparator();
  const auto now_s = db.clock.now_us() / 1000000;
  Matcher match{t, r};
  const std::vector<std::string> prefixes = clustering_prefixes(t, r, cmp);
  // A single-column slice on the clustering column after the '=' prefix narrows each run.
  std::optional<Slice> slice;
  if (static_cast<std::size_t>(r.clustering_eq_prefix) < t.clustering.size()) {
    const int col = t.clustering[static_cast<std::size_t>(r.clustering_eq_prefix)];
    const auto& cr = r.columns[static_cast<std::size_t>(col)];
    if (cr.slice()) slice = Slice{static_cast<std::size_t>(r.clustering_eq_prefix), &cr};
  }
  // A static column's restriction still lets a partition without rows show as its static row;
  // a clustering or regular column's cannot match it.
  bool clustering_or_regular_restricted = r.has_clustering;
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    clustering_or_regular_restricted =
        clustering_or_regular_restricted || (t.columns[i].kind == ColumnKind::Regular && r.columns[i].any());

  Aggregator agg(plan.selection);
  const bool aggregating = plan.selection.aggregate || plan.grouped;
  std::string group_key, row_group, next_group;  // GROUP BY: the current group and this row's
  std::vector<RowSource::Cell> cells;
  std::vector<Value> values;
  // Rows to sort after reading (ORDER BY across IN partitions): (clustering, values).
  std::vector<std::pair<std::string, std::vector<Value>>> pending;
  const bool post_sort = plan.ordered && r.partition_key_in;
  // ANN: every matching row with a vector, scored; the best LIMIT of them are the result.
  const bool ann = plan.ann_column >= 0;
  std::vector<std::pair<float, std::vector<Value>>> scored;
  std::int64_t emitted = 0;
  auto limit_reached = [&] {
    if (aggregating && !plan.grouped) return false;
    return plan.limit &&
           static_cast<std::int64_t>(plan.grouped ? rows.rows.size() : static_cast<std::size_t>(emitted)) >=
               *plan.limit &&
           !post_sort && !ann;
  };

  auto* const sink = !aggregating && !post_sort && !ann && !plan.distinct && !s.json ? session.row_sink : nullptr;
  auto group_of = [&](const RowSource& src, std::string& out) {
    out.clear();
    for (auto part : *src.partition_key) {
      out += part;
      out += '\0';
    }
    for (std::size_t i = 0; i < plan.group_clustering && i < src.clustering->size(); ++i) {
      out += (*src.clustering)[i];
      out += '\0';
    }
  };
  // A finished group: its row, or with ORDER BY across IN partitions a row to sort by the
  // clustering of the group's first row (the values its key columns show).
  std::string group_clustering;
  auto finish_group = [&] {
    if (post_sort)
      pending.emplace_back(group_clustering, agg.finish());
    else
      rows.rows.push_back(agg.finish());
  };
  auto emit = [&](const RowSource& src, const std::string_view* clustering) {
    if (plan.grouped) {
      group_of(src, row_group);
      if (agg.has_rows() && row_group != group_key) {
        finish_group();
        agg.reset();
      }
      if (!agg.has_rows()) group_clustering = clustering ? std::string(*clustering) : std::string();
      group_key = row_group;
      agg.feed(t, src, ctx);
      return;
    }
    if (aggregating) {
      agg.feed(t, src, ctx);
      return;
    }
    if (ann) {
      const RowSource::Cell& v = (*src.cells)[static_cast<std::size_t>(plan.ann_column)];
      if (!v.present) return;  // a row without a vector is not in the index
      const float score = vector_similarity(plan.ann_similarity, v.value, plan.ann_value);
      evaluate_row(plan.selection, t, src, ctx, values);
      scored.emplace_back(score, values);
      return;
    }
    evaluate_row(plan.selection, t, src, ctx, values);
    if (sink) {
      (*sink)(values);
      ++emitted;
      return;
    }
    if (post_sort)
      pending.emplace_back(clustering ? std::string(*clustering) : std::string(), values);
    else
      rows.rows.push_back(values);
    ++emitted;
    // The result is held until printed: refuse it before it exhausts memory (--max-memory).
    if ((emitted & 1023) == 0 && db.memory.exceeded())
      error::fail(error::ErrorClass::ShellError,
                  "Result too large: cqlbox has grown by {} MiB after {} rows, the limit is {} MiB (--max-memory); "
                  "add a LIMIT, page through it, or COPY it TO a file",
                  db.memory.used_mib(), emitted, db.memory.limit() >> 20);
  };

  // Tombstones met while reading, counted as Cassandra's ReadCommand counts them, per read:
  // cqlsh reads a page of 100 rows at a time, so the counts restart with each page. The first
  // page past tombstone_warn_threshold gives the warning.
  const std::uint64_t page_rows = session.paging ? 100 : UINT64_MAX;
  std::uint64_t tombstones = 0, live_read = 0;
  std::int64_t last_token = 0;
  std::optional<std::string> tombstone_warned;
  auto end_page = [&] {
    if (tombstones > kTombstoneWarnThreshold && !tombstone_warned)
      tombstone_warned = tombstone_warning(t, s, session, plan.limit, live_read, tombstones, last_token);
    tombstones = live_read = 0;
  };
  // count(*) alone, with nothing restricting clustering columns or cells: past the first row
  // (which an aggregate query evaluates in full), a live row only adds one, and its key and
  // cells need not be read (they were 6% of a million-row count).
  bool count_only = aggregating && !plan.grouped && !post_sort && r.multi.empty();
  for (const auto& sel : plan.selection.selectors) count_only = count_only && sel.op == SelectorOp::CountRows;
  for (std::size_t i = 0; i < t.columns.size() && count_only; ++i)
    count_only = t.columns[i].kind == ColumnKind::PartitionKey || !r.columns[i].any();
  std::vector<store::Row> candidate_rows;  // reused partition after partition
  auto check_interrupted = [&] {
    if (session.interrupted && *session.interrupted) error::fail(error::ErrorClass::ShellError, "Interrupted");
  };
  for (const store::Partition* p : partitions_to_read(t, r, st)) {
    check_interrupted();
    if (limit_reached()) break;
    std::vector<std::string_view> pk = split_partition_key(p->key(), t.partition_key.size());
    if (!match.partition_matches(pk)) continue;
    std::vector<std::string_view> ck;
    RowSource src{&pk, &ck, p->token(), &cells};
    ReadPartition* read = nullptr;
    if (session.record_reads) read = &rows.read.emplace_back(ReadPartition{p, {}});

    if (plan.distinct) {
      bool live = has_live_static(t, *p, now_s);
      for (const auto& row : p->rows()) live = live || row_live(t, row, p->row_shadow(row, cmp), now_s);
      if (!live) continue;
      collect_cells(t, *p, nullptr, 0, now_s, cells);
      if (!match.cells_match(cells)) continue;  // a static column's restriction
      emit(src, nullptr);
      continue;
    }

    // Candidate rows: the '=' prefixes' runs (equal prefixes sort together whatever the column
    // directions), narrowed by a slice on the next clustering column, in clustering order
    // (binary searches: O(log n + k) per run).
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (const auto& prefix : prefixes) runs.push_back(slice_range(*p, cmp, p->head_range(prefix, cmp), slice));
    std::vector<store::Row>& candidates = candidate_rows;
    candidates.clear();
    for (auto [lo, hi] : runs) p->rows().for_each(lo, hi, [&](store::Row row) { candidates.push_back(row); });
    if (plan.reversed) std::reverse(candidates.begin(), candidates.end());

    std::int64_t in_partition = 0;
    bool any_row = false;
    last_token = p->token();
    tombstones += 2 * p->range_tombstones().size();  // each range's open and close bound
    // The static row is read with the partition (applyToStatic): its dead cells count too.
    p->static_row().for_each_cell([&](int, const store::CellRef& c) {
      if (c.timestamp > p->deletion().timestamp && !c.live(now_s)) ++tombstones;
    });
    std::size_t scanned_rows = 0;
    for (const store::Row& candidate : candidates) {
      const store::Row* row = &candidate;
      if (limit_reached()) break;
      if ((++scanned_rows & 4095) == 0) check_interrupted();  // a partition of millions of rows
      // Grouped, PER PARTITION LIMIT counts groups (GroupByLimits): checked as a row opens one.
      if (!plan.grouped && plan.per_partition_limit && in_partition >= *plan.per_partition_limit) break;
      if (read) read->rows.push_back(*row);
      const std::int64_t shadow = p->row_shadow(*row, cmp);
      const RowScan scanned = scan_row(t, *row, shadow, now_s);
      const bool live = scanned.live;
      tombstones += scanned.tombstones;
      live_read += live ? 1 : 0;
      if (tombstones > kTombstoneFailThreshold) tombstone_failure(db, t, tombstones, p->token());
      if (live_read == page_rows) end_page();
      if (!live) continue;
      if (read) ++read->live_rows;
      any_row = true;
      if (count_only && agg.has_rows()) {
        agg.feed(t, src, ctx);
        ++in_partition;
        continue;
      }
      const store::RowKey key = row->clustering();
      store::split_components(key, ck);
      if (!match.clustering_matches(ck)) continue;
      collect_cells(t, *p, row, shadow, now_s, cells);
      if (!match.cells_match(cells)) continue;
      const std::string_view row_clustering = key;
      if (plan.grouped && plan.per_partition_limit) {
        group_of(src, next_group);
        if (!agg.has_rows() || next_group != group_key || in_partition == 0) {  // the row opens a group
          if (in_partition >= *plan.per_partition_limit) break;
          ++in_partition;
        }
        emit(src, &row_clustering);
        continue;
      }
      emit(src, &row_clustering);
      ++in_partition;
    }
    // A partition with only static data shows as one row when nothing restricts the rows.
    if (!any_row && !clustering_or_regular_restricted && has_live_static(t, *p, now_s) && !limit_reached()) {
      ck.clear();
      collect_cells(t, *p, nullptr, 0, now_s, cells);
      if (match.cells_match(cells)) emit(src, nullptr);
    }
  }

  if (aggregating) {
    // Without GROUP BY an aggregate always answers one row (count 0 on no data).
    if (!plan.grouped)
      rows.rows.push_back(agg.finish());
    else if (agg.has_rows() && !limit_reached())
      finish_group();
    bool pk_restricted = r.token.has_value();
    for (int c : t.partition_key) pk_restricted = pk_restricted || column_restricted(r, c);
    if (!pk_restricted)
      rows.warnings.push_back("Aggregation query used without partition key");
    else if (r.partition_key_in)
      rows.warnings.push_back("Aggregation query used on multiple partition keys (IN restriction)");
  }
  if (ann) {  // best score first; equal scores keep the scan's (token, clustering) order
    std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (auto& [score, v] : scored) {
      if (static_cast<std::int64_t>(rows.rows.size()) >= *plan.limit) break;
      rows.rows.push_back(std::move(v));
    }
  }
  if (post_sort) {
    std::stable_sort(pending.begin(), pending.end(), [&](const auto& a, const auto& b) {
      int c = cmp.compare(a.first, b.first);
      return plan.reversed ? c > 0 : c < 0;
    });
    for (auto& [k, v] : pending) {
      if (plan.limit && static_cast<std::int64_t>(rows.rows.size()) >= *plan.limit) break;
      rows.rows.push_back(std::move(v));
    }
  }
  rows.complete = (aggregating && !plan.grouped) ||
                  (plan.limit && (limit_reached() || static_cast<std::int64_t>(rows.rows.size()) >= *plan.limit));
  // After the aggregation warning: Cassandra gives that one before it reads.
  end_page();
  if (tombstone_warned) rows.warnings.push_back(std::move(*tombstone_warned));
  for (auto& w : topk_warnings) rows.warnings.insert(rows.warnings.begin(), std::move(w));
  if (s.json) to_json(rows);
  return rows;
}

}  // namespace cqlbox::exec
