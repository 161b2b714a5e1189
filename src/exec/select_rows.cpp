// SELECT's row reading (select_rows.hpp): liveness, cells, slices, prefixes, partitions.
#include "exec/select_rows.hpp"

namespace cqlbox::exec {

using error::invalid;
using schema::ColumnKind;

namespace {

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

}  // namespace

namespace {

void reset_cell(RowSource::Cell& c) {
  c.present = false;
  c.value = {};
  c.timestamp = 0;
  c.ttl_left = 0;
  c.element_timestamps.clear();
  c.element_ttls.clear();
}

// Resets in place the cells `needed` marks: their buffers are reused row after row.
void reset_cells(const schema::TableSchema& t, const ColumnMask& needed, std::vector<RowSource::Cell>& cells) {
  cells.resize(t.columns.size());
  if (needed.read.empty()) {
    for (auto& c : cells) reset_cell(c);
    return;
  }
  for (int col : needed.columns) reset_cell(cells[static_cast<std::size_t>(col)]);
}

// A stored cell of column `col` into cells[col] when it is live and newer than `shadow`.
void fill_cell(const schema::TableSchema& t, int col, const store::CellRef& c, std::int64_t shadow, std::int64_t now_s,
               std::vector<RowSource::Cell>& cells) {
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
}

// The non-frozen collections of a row (slot i is columns[i]) into their cells.
void fill_collections(const schema::TableSchema& t, const std::vector<int>& columns,
                      const std::vector<store::ComplexColumn>& complex, std::int64_t shadow, std::int64_t now_s,
                      const ColumnMask& needed, std::vector<RowSource::Cell>& cells) {
  for (std::size_t slot = 0; slot < columns.size() && slot < complex.size(); ++slot) {
    const int col = columns[slot];
    if (!t.column(col).type->multi_cell() || !needed.has(col)) continue;
    auto& out = cells[static_cast<std::size_t>(col)];
    if (collection_value(*t.column(col).type, &complex[slot], shadow, now_s, out)) {
      out.present = true;
      out.value = out.owned;
    }
  }
}

// One walk over a row's packed cells (slot i is columns[i]).
void fill_row(const schema::TableSchema& t, const std::vector<int>& columns, const store::Row& r, std::int64_t shadow,
              std::int64_t now_s, const ColumnMask& needed, std::vector<RowSource::Cell>& cells) {
  r.for_each_cell([&](int slot, const store::CellRef& c) {
    const auto i = static_cast<std::size_t>(slot);
    if (i < columns.size() && needed.has(columns[i])) fill_cell(t, columns[i], c, shadow, now_s, cells);
  });
  if (const auto* complex = r.complex_ptr()) fill_collections(t, columns, *complex, shadow, now_s, needed, cells);
}

}  // namespace

void collect_cells(const schema::TableSchema& t, const store::Partition& p, const store::Row* row,
                   std::int64_t row_shadow, std::int64_t now_s, std::vector<RowSource::Cell>& cells,
                   const ColumnMask& needed) {
  reset_cells(t, needed, cells);
  if (needed.statics && !t.statics.empty())
    fill_row(t, t.statics, p.static_row(), p.deletion().timestamp, now_s, needed, cells);
  if (row) fill_row(t, t.regulars, *row, row_shadow, now_s, needed, cells);
}

RowScan scan_row(const schema::TableSchema& t, const store::Partition& p, const store::Row& row, std::int64_t shadow,
                 std::int64_t now_s, const ColumnMask& needed, std::vector<RowSource::Cell>* cells) {
  RowScan r;
  bool cell_live = false;
  if (cells) {
    reset_cells(t, needed, *cells);
    if (needed.statics && !t.statics.empty())
      fill_row(t, t.statics, p.static_row(), p.deletion().timestamp, now_s, needed, *cells);
  }
  const std::vector<int>& columns = t.regulars;
  const store::Row::Header h = row.scan([&](int slot, const store::CellRef& c) {
    if (c.timestamp <= shadow) return;
    if (!c.live(now_s)) {
      ++r.tombstones;
      return;
    }
    cell_live = true;
    const auto i = static_cast<std::size_t>(slot);
    if (cells && i < columns.size() && needed.has(columns[i])) fill_cell(t, columns[i], c, shadow, now_s, *cells);
  });
  const std::vector<store::ComplexColumn>* complex = row.complex_ptr();
  if (complex) {
    for (const auto& col : *complex) {
      const std::int64_t dead = std::max(shadow, col.deletion.timestamp);
      for (const auto& pc : col.cells) {
        if (pc.cell.timestamp <= dead) continue;
        if (pc.cell.live(now_s))
          cell_live = true;
        else
          ++r.tombstones;
      }
    }
    if (cells) fill_collections(t, columns, *complex, shadow, now_s, needed, *cells);
  }
  const bool strict = t.view && t.view->strict_liveness;  // only the key column's liveness counts
  r.live = (h.marker.live(now_s) && h.marker.timestamp > shadow) || (!strict && cell_live);
  // A row deletion counts unless a newer partition or range deletion already covers it.
  if (r.tombstones == 0 && !r.live && h.deletion.exists() && h.deletion.timestamp >= shadow) r.tombstones = 1;
  return r;
}

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
void clustering_prefixes(const schema::TableSchema& t, const SelectRestrictions& r,
                         const store::ClusteringComparator& cmp, std::vector<std::string>& out) {
  out.resize(1);
  out[0].clear();
  // One value per column (a point read's key): one prefix, nothing to combine or sort.
  bool single = true;
  for (int i = 0; i < r.clustering_eq_prefix && single; ++i)
    single = r.columns[static_cast<std::size_t>(t.clustering[static_cast<std::size_t>(i)])].values.size() == 1;
  if (single) {
    for (int i = 0; i < r.clustering_eq_prefix; ++i)
      store::append_component(out[0],
                              r.columns[static_cast<std::size_t>(t.clustering[static_cast<std::size_t>(i)])].values[0]);
    return;
  }
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
  out = std::move(prefixes);
}

// The partitions a query reads, in the order it returns them.
namespace {

// The partition a lookup names, with Cassandra's checks of its key: `empty` (a single-column key
// of no bytes) is refused, and so is a key over 64K.
const store::Partition* find_key(const store::TableStore& st, std::string_view key, bool empty) {
  if (empty) invalid("Key may not be empty");
  if (key.size() > 65535) invalid("Key length of {} is longer than maximum of 65535", key.size());
  return st.find(key);
}

}  // namespace

std::vector<std::string> partition_key_product(const std::vector<const std::vector<std::string>*>& columns) {
  std::vector<std::string> keys;
  for (const auto* v : columns)
    if (v->empty()) return keys;
  std::vector<std::size_t> idx(columns.size(), 0);
  std::vector<std::string_view> parts(columns.size());
  for (;;) {
    for (std::size_t i = 0; i < columns.size(); ++i) parts[i] = (*columns[i])[idx[i]];
    keys.push_back(serialize_partition_key(parts));
    std::size_t i = columns.size();
    while (i > 0 && ++idx[i - 1] == columns[i - 1]->size()) idx[--i] = 0;
    if (i == 0) return keys;
  }
}

void partitions_to_read(const schema::TableSchema& t, const SelectRestrictions& r, const store::TableStore& st,
                        std::vector<const store::Partition*>& out) {
  out.clear();
  if (r.partition_lookup && t.partition_key.size() == 1 &&
      r.columns[static_cast<std::size_t>(t.partition_key[0])].values.size() == 1) {
    // One key (k = v, the commonest query there is): looked up as it is, nothing copied.
    const std::string& key = r.columns[static_cast<std::size_t>(t.partition_key[0])].values[0];
    if (const store::Partition* p = find_key(st, key, key.empty())) out.push_back(p);
    return;
  }
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
    std::vector<const std::vector<std::string>*> columns;
    for (const auto& v : values) columns.push_back(&v);
    // A one-column key is the value's bytes, so only it can be empty; a composite never is.
    for (const std::string& key : partition_key_product(columns))
      if (const store::Partition* p = find_key(st, key, key.empty())) out.push_back(p);
    return;
  }
  auto it = st.partitions().begin();
  if (r.token && r.token->lower) it = st.lower_bound(*r.token->lower);
  for (; it != st.partitions().end(); ++it) {
    if (r.token) {
      const std::int64_t tok = it.token();  // computed from the key: only a token range asks
      if (r.token->lower && (tok < *r.token->lower || (tok == *r.token->lower && !r.token->lower_inclusive))) continue;
      if (r.token->upper && (tok > *r.token->upper || (tok == *r.token->upper && !r.token->upper_inclusive))) break;
    }
    out.push_back(&*it);
  }
}

// --- one partition's current rows, for writes (executor.hpp) ----------------------------------

bool partition_has_live_row(Database& db, const schema::TableSchema& t, const store::Partition* p) {
  if (!p) return false;
  const store::TableStore& st = db.store_of(t);
  const auto now_s = db.clock.now_us() / 1000000;
  for (const auto& r : p->rows())
    if (row_live(t, r, p->row_shadow(r, st.comparator()), now_s)) return true;
  return false;
}

std::optional<std::string> first_live_row(Database& db, const schema::TableSchema& t, const store::Partition* p) {
  if (!p) return std::nullopt;
  const store::TableStore& st = db.store_of(t);
  const auto now_s = db.clock.now_us() / 1000000;
  for (const auto& r : p->rows())
    if (row_live(t, r, p->row_shadow(r, st.comparator()), now_s)) return std::string(r.clustering());
  return std::nullopt;
}

std::optional<std::vector<Value>> current_row(Database& db, const schema::TableSchema& t, const store::Partition* p,
                                              const std::string& clustering, bool static_row) {
  if (!p) return std::nullopt;
  const store::TableStore& st = db.store_of(t);
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

}  // namespace cqlbox::exec
