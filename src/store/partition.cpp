#include "store/partition.hpp"

#include <algorithm>

#include "types/compare.hpp"

namespace cqlbox::store {

const Deletion Partition::kNoDeletion{};
const std::vector<RangeTombstone> Partition::kNoRangeTombstones{};

void merge_cell(RowData& row, int slot, const Cell& cell) {
  auto i = static_cast<std::size_t>(slot);
  if (row.cells.size() <= i) row.cells.resize(i + 1);
  Cell& old = row.cells[i];
  if (!old.exists() || supersedes(cell, old)) old = cell;
}

bool covers(const RangeTombstone& rt, std::string_view clustering, const ClusteringComparator& cmp) {
  // Bounds are in each column's natural order; a null component (COMPACT STORAGE) equals none.
  std::vector<std::string_view> parts = split_components(clustering);
  const std::size_t n = rt.prefix.size();
  if (parts.size() < n) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (compare_natural(cmp.column(i), parts[i], rt.prefix[i]) != 0) return false;
  if (!rt.lower && !rt.upper) return true;
  if (parts.size() <= n) return false;
  const ClusteringColumn& k = cmp.column(n);
  if (rt.lower) {
    int c = compare_natural(k, parts[n], *rt.lower);
    if (c < 0 || (c == 0 && !rt.lower_inclusive)) return false;
  }
  if (rt.upper) {
    int c = compare_natural(k, parts[n], *rt.upper);
    if (c > 0 || (c == 0 && !rt.upper_inclusive)) return false;
  }
  return true;
}

namespace {

std::size_t cell_bytes(const CellRef& c) {
  if (!c.exists()) return 0;
  if (c.tombstone) return 12;
  return c.value.size() + 8u + (c.ttl > 0 ? 4u : 0u);
}

std::size_t complex_bytes(Row row) {
  std::size_t n = 0;
  for (const auto& col : row.complex()) {
    n += col.deletion.exists() ? 12u : 0u;
    for (const auto& pc : col.cells) n += pc.path.size() + cell_bytes(ref_of(pc.cell));
  }
  return n;
}

template <class F>
std::size_t count_complex(Row row, F&& f) {
  std::size_t n = 0;
  for (const auto& col : row.complex()) {
    n += col.deletion.exists() ? 1u : 0u;
    for (const auto& pc : col.cells) n += f(ref_of(pc.cell));
  }
  return n;
}

template <class F>
std::size_t sum_cells(Row row, F&& f) {
  std::size_t n = 0;
  row.for_each_cell([&](int, const CellRef& c) { n += f(c); });
  return n;
}

}  // namespace

std::size_t Partition::data_size() const {
  std::size_t n = key().size() + (deletion().exists() ? 12u : 0u) + range_tombstones().size() * 12u;
  n += sum_cells(extras_.static_row(), cell_bytes);
  n += complex_bytes(extras_.static_row());
  for (const Row row : rows_) {
    const RowKey key = row.clustering();
    n += wire_size(key) + (row.marker().exists() ? 8u : 0u) + (row.deletion().exists() ? 12u : 0u);
    n += sum_cells(row, cell_bytes);
    n += complex_bytes(row);
  }
  return n;
}

std::size_t Partition::cell_count() const {
  // Cell objects only (live, expiring and tombstone cells, collection elements), as Cassandra's
  // sstable statistics count them: row markers and deletions are not cells.
  auto one = [](const CellRef& c) { return c.exists() ? 1u : 0u; };
  auto elements = [](Row row) {
    std::size_t n = 0;
    for (const auto& col : row.complex()) n += col.cells.size();
    return n;
  };
  std::size_t n = sum_cells(extras_.static_row(), one) + elements(extras_.static_row());
  for (const Row row : rows_) n += sum_cells(row, one) + elements(row);
  return n;
}

std::size_t Partition::tombstone_count() const {
  auto dead = [](const CellRef& c) { return c.tombstone ? 1u : 0u; };
  std::size_t n = (deletion().exists() ? 1u : 0u) + range_tombstones().size();
  n += sum_cells(extras_.static_row(), dead);
  for (const Row row : rows_) {
    n += row.deletion().exists() ? 1u : 0u;
    n += sum_cells(row, dead);
  }
  return n;
}

std::size_t Partition::droppable_tombstones(std::int64_t before_s) const {
  auto old = [&](std::int64_t local) { return local < before_s; };
  auto cell_droppable = [&](const CellRef& c) {
    return c.exists() && (c.tombstone || c.ttl > 0) && old(c.local_time) ? 1u : 0u;
  };
  std::size_t n = deletion().exists() && old(deletion().local_time) ? 1u : 0u;
  for (const auto& rt : range_tombstones()) n += old(rt.deletion.local_time) ? 1u : 0u;
  n += sum_cells(extras_.static_row(), cell_droppable);
  for (const Row row : rows_) {
    n += row.deletion().exists() && old(row.deletion().local_time) ? 1u : 0u;
    n += sum_cells(row, cell_droppable);
  }
  return n;
}

namespace {

// The scratch row writes decode into: reused, so a write allocates only when a page grows.
RowData& scratch() {
  thread_local RowData data;
  return data;
}

// The collections of `d` in a vector of their own (nullptr when there are none).
std::vector<ComplexColumn>* owned_complex(std::vector<ComplexColumn>&& complex) {
  bool any = false;
  for (const auto& col : complex) any = any || col.deletion.exists() || !col.cells.empty();
  return any ? new std::vector<ComplexColumn>(std::move(complex)) : nullptr;
}

// Moves the cells of `d` from old slots to new ones (map[old] = new, -1 = dropped).
void remap_data(RowData& d, const std::vector<int>& map) {
  std::vector<Cell> cells;
  std::vector<ComplexColumn> complex;
  for (std::size_t old = 0; old < map.size(); ++old) {
    if (map[old] < 0) continue;
    const auto to = static_cast<std::size_t>(map[old]);
    if (old < d.cells.size() && d.cells[old].exists()) {
      if (cells.size() <= to) cells.resize(to + 1);
      cells[to] = std::move(d.cells[old]);
    }
    if (old < d.complex.size() && (d.complex[old].deletion.exists() || !d.complex[old].cells.empty())) {
      if (complex.size() <= to) complex.resize(to + 1);
      complex[to] = std::move(d.complex[old]);
    }
  }
  d.cells = std::move(cells);
  d.complex = std::move(complex);
}

}  // namespace

void Partition::remap(const std::vector<int>& regular, const std::vector<int>& statics,
                      const ClusteringComparator& cmp) {
  RowData d;
  if (!extras_.static_empty()) {
    extras_.static_row().decode(d);
    d.complex = extras_.static_row().complex();
    remap_data(d, statics);
    extras_.change_static([&](OwnedRow& r) { r.assign(std::move(d)); });
  }
  RowPages kept;
  for (const Row row : rows_) {
    row.decode(d);
    d.complex = row.complex();
    remap_data(d, regular);
    std::unique_ptr<std::vector<ComplexColumn>> complex(owned_complex(std::move(d.complex)));
    kept.append(d, complex.get(), cmp);
    complex.release();
  }
  const Growth growth = this->growth();  // kept in the pages' form, which may change
  rows_ = std::move(kept);
  set_growth(growth);
}

bool Partition::find(std::string_view clustering, std::uint64_t prefix, const ClusteringComparator& cmp,
                     RowPages::Pos& pos) const {
  pos = rows_.lower_bound(clustering, prefix, cmp);
  if (pos.index >= rows_.size()) return false;
  // Equal keys have equal prefixes: a row whose prefix differs (a new row's next one, mostly)
  // is told apart without expanding its key for the comparison.
  if (rows_.key_prefix(pos, cmp) != prefix) return false;
  const RowKey found = rows_.at(pos).clustering();
  return cmp.compare(found, clustering) == 0;
}

std::pair<std::size_t, std::size_t> Partition::head_range(std::string_view head,
                                                          const ClusteringComparator& cmp) const {
  if (head.empty()) return {0, rows_.size()};
  const std::uint64_t prefix = cmp.prefix(head);
  // A whole key (every clustering column given: a point read, each key of an IN) starts one row
  // at most, the one find looks at: one comparison instead of a second search.
  if (component_count(head) == cmp.size()) {
    RowPages::Pos pos;
    const bool found = find(head, prefix, cmp, pos);
    return {pos.index, pos.index + (found ? 1 : 0)};
  }
  const RowPages::Pos first = rows_.lower_bound(head, prefix, cmp);
  return {first.index, rows_.head_end(first, head, prefix, cmp).index};
}

Row Partition::find_row(std::string_view clustering, const ClusteringComparator& cmp) const {
  RowPages::Pos pos;
  return find(clustering, cmp.prefix(clustering), cmp, pos) ? rows_.at(pos) : Row();
}

void Partition::put_row(RowData&& row, const ClusteringComparator& cmp) {
  RowPages::Pos pos;
  const bool found = find(row.clustering, cmp.prefix(row.clustering), cmp, pos);
  // The row's collections are replaced by the new ones (or dropped): put() frees the old vector.
  std::unique_ptr<std::vector<ComplexColumn>> complex(owned_complex(std::move(row.complex)));
  rows_.put(pos, found, row, complex.get(), cmp);
  complex.release();
}

bool Partition::erase_row(std::string_view clustering, const ClusteringComparator& cmp) {
  RowPages::Pos pos;
  if (find(clustering, cmp.prefix(clustering), cmp, pos)) rows_.erase(pos, cmp);
  return rows_.empty() && extras_.static_empty();
}

std::int64_t Partition::row_shadow(Row row, const ClusteringComparator& cmp) const {
  const Tombstones* t = extras_.tombstones();
  if (!t) return row.deletion().timestamp;
  std::int64_t ts = std::max(t->deletion.timestamp, row.deletion().timestamp);
  if (t->ranges.empty()) return ts;
  const RowKey clustering = row.clustering();
  for (const auto& rt : t->ranges)
    if (rt.deletion.timestamp > ts && covers(rt, clustering, cmp)) ts = rt.deletion.timestamp;
  return ts;
}

void merge_complex(std::vector<ComplexColumn>& columns, const ComplexWrite& w, const types::CqlType& path_type) {
  auto i = static_cast<std::size_t>(w.slot);
  if (columns.size() <= i) columns.resize(i + 1);
  ComplexColumn& col = columns[i];
  col.deletion.merge(w.deletion);
  for (const auto& pc : w.cells) {
    auto it = std::lower_bound(
        col.cells.begin(), col.cells.end(), pc.path,
        [&](const PathCell& c, const std::string& p) { return types::compare_values(path_type, c.path, p) < 0; });
    if (it != col.cells.end() && types::compare_values(path_type, it->path, pc.path) == 0) {
      if (supersedes(pc.cell, it->cell)) it->cell = pc.cell;
    } else {
      col.cells.insert(it, pc);
    }
  }
}

void Partition::apply(const Mutation& m, const ClusteringComparator& cmp, const PathTypes& paths) {
  if (m.partition_deletion.exists()) extras_.make_tombstones().deletion.merge(m.partition_deletion);
  RowData& d = scratch();
  if (!m.static_cells.empty()) {
    extras_.static_row().decode(d);
    for (const auto& [slot, cell] : m.static_cells) merge_cell(d, slot, cell);
    extras_.change_static([&](OwnedRow& r) { r.assign(std::move(d), false); });
  }
  for (const auto& w : m.complex)
    if (w.is_static)
      extras_.change_static([&](OwnedRow& r) {
        merge_complex(r.mutable_complex(), w, *paths.statics[static_cast<std::size_t>(w.slot)]);
      });
  for (const auto& rt : m.range_tombstones) {
    std::vector<RangeTombstone>& ranges = extras_.make_tombstones().ranges;
    auto same = std::find_if(ranges.begin(), ranges.end(), [&](const RangeTombstone& o) {
      return o.prefix == rt.prefix && o.lower == rt.lower && o.upper == rt.upper &&
             o.lower_inclusive == rt.lower_inclusive && o.upper_inclusive == rt.upper_inclusive;
    });
    if (same != ranges.end())
      same->deletion.merge(rt.deletion);
    else
      ranges.push_back(rt);
  }
  if (!m.has_row) return;

  RowPages::Pos pos;
  const bool found = find(m.clustering, cmp.prefix(m.clustering), cmp, pos);
  std::vector<ComplexColumn>* complex = nullptr;
  if (found) {
    const Row row = rows_.at(pos);
    row.decode(d);
    complex = row.complex_ptr();
  } else {
    d.clustering = m.clustering;
    d.marker = {};
    d.deletion = {};
    d.cells.clear();
  }
  if (m.marker.exists() && (!d.marker.exists() || supersedes(m.marker, d.marker))) d.marker = m.marker;
  d.deletion.merge(m.row_deletion);
  for (const auto& [slot, cell] : m.cells) merge_cell(d, slot, cell);
  std::unique_ptr<std::vector<ComplexColumn>> added;
  if (!complex)
    for (const auto& w : m.complex)
      if (!w.is_static && !complex) added.reset(complex = new std::vector<ComplexColumn>());
  rows_.put(pos, found, d, complex, cmp);
  added.release();
  for (const auto& w : m.complex)
    if (!w.is_static) merge_complex(*complex, w, *paths.regular[static_cast<std::size_t>(w.slot)]);
}

namespace {

// One row's purge: cells at or below `shadow` are gone; tombstones and expired cells older than
// `before_s` too. `d` holds the row decoded, its collections included. Returns true when nothing is left.
bool purge_data(RowData& d, std::int64_t shadow, std::int64_t before_s) {
  auto gone = [&](const Cell& c, std::int64_t shadowed_at) {
    return !c.exists() || c.timestamp <= shadowed_at || ((c.tombstone || c.ttl > 0) && c.local_time < before_s);
  };
  if (d.marker.exists() && (d.marker.timestamp <= shadow || (d.marker.ttl > 0 && d.marker.expiry < before_s)))
    d.marker = {};
  for (Cell& c : d.cells)
    if (c.exists() && gone(c, shadow)) c = Cell{};
  while (!d.cells.empty() && !d.cells.back().exists()) d.cells.pop_back();
  bool any_complex = false;
  for (ComplexColumn& col : d.complex) {
    const std::int64_t col_shadow = std::max(shadow, col.deletion.timestamp);
    std::erase_if(col.cells, [&](const PathCell& pc) { return gone(pc.cell, col_shadow); });
    if (col.deletion.exists() && col.deletion.local_time < before_s) col.deletion = {};
    any_complex = any_complex || col.deletion.exists() || !col.cells.empty();
  }
  if (d.deletion.exists() && d.deletion.local_time < before_s) d.deletion = {};
  return !d.marker.exists() && !d.deletion.exists() && d.cells.empty() && !any_complex;
}

}  // namespace

bool Partition::purge(std::int64_t before_s, const ClusteringComparator& cmp) {
  RowData d;
  RowPages kept;
  for (const Row row : rows_) {
    row.decode(d);
    d.complex = row.complex();
    if (purge_data(d, row_shadow(row, cmp), before_s)) continue;
    std::unique_ptr<std::vector<ComplexColumn>> complex(owned_complex(std::move(d.complex)));
    kept.append(d, complex.get(), cmp);
    complex.release();
  }
  const Growth growth = this->growth();  // kept in the pages' form, which may change
  rows_ = std::move(kept);
  set_growth(growth);
  bool static_empty = true;
  if (!extras_.static_empty()) {
    extras_.static_row().decode(d);
    d.complex = extras_.static_row().complex();
    static_empty = purge_data(d, deletion().timestamp, before_s);
    extras_.change_static([&](OwnedRow& r) {
      if (static_empty)
        r = OwnedRow{};
      else
        r.assign(std::move(d), true);
    });
  }
  if (Tombstones* t = extras_.tombstones()) {
    std::erase_if(t->ranges, [&](const RangeTombstone& rt) { return rt.deletion.local_time < before_s; });
    if (t->deletion.exists() && t->deletion.local_time < before_s) t->deletion = {};
    if (t->ranges.empty() && !t->deletion.exists()) extras_.drop_tombstones();
  }
  return rows_.empty() && static_empty && !extras_.tombstones();
}

}  // namespace cqlbox::store
