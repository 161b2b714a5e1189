// What SELECT's execution (select.cpp) reads rows with: the matcher for filtered columns and
// keys, liveness, the cells a row shows, clustering slices and prefixes, and the partitions a
// query reads in the order it returns them. Internal to exec/.
#pragma once

#include <algorithm>
#include <array>
#include <set>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/number_filter.hpp"
#include "exec/restrictions.hpp"
#include "exec/select_plan.hpp"
#include "exec/sai.hpp"
#include "exec/selection.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/collection.hpp"
#include "types/bytes.hpp"
#include "types/compare.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

// Whether a partition key, clustering key or row's cells pass the query's restrictions.
struct Matcher {
  const schema::TableSchema& t;
  const SelectRestrictions& r;
  const std::vector<int>& cell_columns;  // the restricted regular and static columns (ColumnMask::filtered)
  // The first few of cell_columns' restrictions as numbers (prepare_numbers), when they are.
  std::array<NumberFilter, 4> numbers{};

  void prepare_numbers() {
    for (std::size_t k = 0; k < cell_columns.size() && k < numbers.size(); ++k) {
      const auto i = static_cast<std::size_t>(cell_columns[k]);
      numbers[k].prepare(*t.columns[i].type, r.columns[i]);
    }
  }

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
    for (std::size_t k = 0; k < cell_columns.size(); ++k) {
      const auto i = static_cast<std::size_t>(cell_columns[k]);
      if (!cells[i].present) return false;
      const NumberFilter::Verdict v =
          k < numbers.size() ? numbers[k].test(cells[i].value) : NumberFilter::Verdict::Unknown;
      if (v == NumberFilter::Verdict::Fail) return false;
      if (v == NumberFilter::Verdict::Unknown && !check(*t.columns[i].type, r.columns[i], cells[i].value)) return false;
    }
    return true;
  }
};

// A UDT value whose fields are all null (or absent).
inline bool all_fields_null(std::string_view value) {
  std::vector<std::optional<std::string_view>> fields;
  types::decode_tuple(value, fields);
  return std::none_of(fields.begin(), fields.end(), [](const auto& f) { return f.has_value(); });
}

// Fills the per-column live cells of a row (statics from the static row): those `needed`
// marks; the others keep whatever they held.
void collect_cells(const schema::TableSchema& t, const store::Partition& p, const store::Row* row,
                   std::int64_t row_shadow, std::int64_t now_s, std::vector<RowSource::Cell>& cells,
                   const ColumnMask& needed = {});

// A row as a scan reads it: whether it is live (row_live's rule), and what the read counts as
// tombstones (ReadCommand's MetricRecording): each cell that is not live (deleted or expired;
// cells older than a deletion are gone, not counted), and a deleted row that has nothing else
// dead and no live data.
struct RowScan {
  bool live = false;
  std::uint64_t tombstones = 0;
};
// One walk over the row's bytes for its liveness, its tombstones and, with `cells`, what
// collect_cells(…, needed) fills.
RowScan scan_row(const schema::TableSchema& t, const store::Partition& p, const store::Row& row, std::int64_t shadow,
                 std::int64_t now_s, const ColumnMask& needed, std::vector<RowSource::Cell>* cells);

inline bool complex_live(const store::Row& row, std::int64_t shadow, std::int64_t now_s) {
  for (const auto& col : row.complex()) {
    const std::int64_t dead = std::max(shadow, col.deletion.timestamp);
    for (const auto& pc : col.cells)
      if (pc.cell.live(now_s) && pc.cell.timestamp > dead) return true;
  }
  return false;
}

inline bool row_live(const schema::TableSchema& t, const store::Row& row, std::int64_t shadow, std::int64_t now_s) {
  const store::Liveness marker = row.marker();
  if (marker.live(now_s) && marker.timestamp > shadow) return true;
  if (t.view && t.view->strict_liveness) return false;  // only the key column's liveness counts
  bool live = false;
  row.for_each_cell([&](int, const store::CellRef& c) { live = live || (c.live(now_s) && c.timestamp > shadow); });
  return live || complex_live(row, shadow, now_s);
}

inline bool has_live_static(const schema::TableSchema& /*t*/, const store::Partition& p, std::int64_t now_s) {
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
                                                const std::optional<Slice>& slice);

// Every combination of the '=' / IN values of the leading clustering columns, sorted and
// deduplicated, as encoded prefixes, into `out` (its strings' buffers are reused). One empty
// prefix when nothing restricts them.
void clustering_prefixes(const schema::TableSchema& t, const SelectRestrictions& r,
                         const store::ClusteringComparator& cmp, std::vector<std::string>& out);

// Every combination of one value from each of `columns` (a partition key's columns in order;
// the last varies fastest), serialized as a partition key. None when a column has no value.
std::vector<std::string> partition_key_product(const std::vector<const std::vector<std::string>*>& columns);

// The partitions a query reads, in the order it returns them, into `out` (cleared first).
void partitions_to_read(const schema::TableSchema& t, const SelectRestrictions& r, const store::TableStore& st,
                        std::vector<const store::Partition*>& out);

}  // namespace cqlbox::exec
