#include "print/sstable_content.hpp"

#include <algorithm>
#include <string>

#include "types/compare.hpp"

namespace cqlbox::print {

namespace {

// DeletionTime.supersedes: a later timestamp, or the same one deleted later. A deletion is kept
// under another unless that one supersedes it; cells and markers die at or below its timestamp.
bool supersedes(const store::Deletion& a, const store::Deletion& b) {
  if (!a.exists()) return false;
  if (!b.exists()) return true;
  return a.timestamp > b.timestamp || (a.timestamp == b.timestamp && a.local_time > b.local_time);
}

bool same(const store::Deletion& a, const store::Deletion& b) {
  return a.timestamp == b.timestamp && (!a.exists() || a.local_time == b.local_time);
}

int compare_bounds(const store::ClusteringComparator& cmp, const ClusteringBound& a, const ClusteringBound& b) {
  const std::size_t n = std::min(a.values.size(), b.values.size());
  for (std::size_t i = 0; i < n; ++i)
    if (int c = store::compare_component(cmp.column(i), a.values[i], b.values[i])) return c;
  if (a.values.size() == b.values.size()) return a.side - b.side;
  return a.values.size() < b.values.size() ? a.side : -b.side;
}

// <0 when the row sorts before the bound.
int compare_row(const store::ClusteringComparator& cmp, const std::vector<std::string_view>& row,
                const ClusteringBound& b) {
  const std::size_t n = std::min(row.size(), b.values.size());
  for (std::size_t i = 0; i < n; ++i)
    if (int c = store::compare_component(cmp.column(i), row[i], b.values[i])) return c;
  return -b.side;
}

struct Range {
  ClusteringBound start, end;
  store::Deletion deletion;
};

// A range tombstone in clustering order. Its bounds are values of the column after the
// prefix; on a DESC column the greater value comes first.
Range range_of(const store::RangeTombstone& rt, const store::ClusteringComparator& cmp) {
  Range r;
  r.deletion = rt.deletion;
  std::vector<std::string_view> prefix(rt.prefix.begin(), rt.prefix.end());
  const std::size_t n = prefix.size();
  const bool reversed = n < cmp.size() && cmp.column(n).reversed;
  const std::optional<std::string>& first = reversed ? rt.upper : rt.lower;
  const std::optional<std::string>& last = reversed ? rt.lower : rt.upper;
  const bool first_inclusive = reversed ? rt.upper_inclusive : rt.lower_inclusive;
  const bool last_inclusive = reversed ? rt.lower_inclusive : rt.upper_inclusive;
  r.start.values = prefix;
  r.start.side = -1;
  if (first) {
    r.start.values.push_back(*first);
    r.start.side = first_inclusive ? -1 : 1;
  }
  r.end.values = prefix;
  r.end.side = 1;
  if (last) {
    r.end.values.push_back(*last);
    r.end.side = last_inclusive ? 1 : -1;
  }
  return r;
}

// The markers of a partition's range tombstones: at each bound where the newest deletion in
// force changes (deletions the partition's own shadows count as none).
std::vector<FlushedMarker> markers_of(const store::Partition& p, const store::ClusteringComparator& cmp) {
  std::vector<Range> ranges;  // in the order they were written
  for (const auto& rt : p.range_tombstones())
    if (supersedes(rt.deletion, p.deletion())) ranges.push_back(range_of(rt, cmp));
  std::vector<ClusteringBound> points;
  for (const Range& r : ranges) {
    if (compare_bounds(cmp, r.start, r.end) >= 0) continue;  // covers nothing
    points.push_back(r.start);
    points.push_back(r.end);
  }
  std::sort(points.begin(), points.end(),
            [&](const ClusteringBound& a, const ClusteringBound& b) { return compare_bounds(cmp, a, b) < 0; });
  points.erase(
      std::unique(points.begin(), points.end(),
                  [&](const ClusteringBound& a, const ClusteringBound& b) { return compare_bounds(cmp, a, b) == 0; }),
      points.end());
  std::vector<FlushedMarker> out;
  store::Deletion in_force;
  for (std::size_t i = 0; i < points.size(); ++i) {
    // The deletion over the stretch from points[i] to points[i + 1].
    store::Deletion next;
    if (i + 1 < points.size())
      for (const Range& r : ranges)
        // RangeTombstoneList keeps the earlier range where two have one timestamp.
        if (compare_bounds(cmp, r.start, points[i]) <= 0 && compare_bounds(cmp, r.end, points[i + 1]) >= 0 &&
            (!next.exists() || r.deletion.timestamp > next.timestamp))
          next = r.deletion;
    if (!same(next, in_force)) out.push_back(FlushedMarker{points[i], in_force, next});
    in_force = next;
  }
  return out;
}

// The row as the flush keeps it under `active` (the partition deletion, or the range deletion
// in force when it supersedes that): its own deletion when it supersedes them, then the
// marker and cells newer than whichever deletion holds, and the collection tombstones it does
// not supersede.
FlushedRow flushed_row(const schema::TableSchema& t, const store::Row& row, bool is_static, store::Deletion active) {
  FlushedRow out;
  out.is_static = is_static;
  if (!is_static) out.clustering = row.clustering().str();
  const store::Deletion del = row.deletion();
  if (supersedes(del, active)) {
    out.deletion = del;
    active = del;
  }
  const std::int64_t shadow = active.timestamp;
  const store::Liveness marker = row.marker();
  if (marker.exists() && marker.timestamp > shadow) out.liveness = marker;
  const std::vector<int>& slots = is_static ? t.statics : t.regulars;
  std::vector<std::size_t> order(slots.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  // Columns.java: simple columns before complex ones, each by name bytes.
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const schema::Column& ca = t.column(slots[a]);
    const schema::Column& cb = t.column(slots[b]);
    const bool xa = ca.type->multi_cell(), xb = cb.type->multi_cell();
    return xa != xb ? xb : ca.name < cb.name;
  });
  for (std::size_t slot : order) {
    const schema::Column& col = t.column(slots[slot]);
    if (!col.type->multi_cell()) {
      const store::CellRef c = row.cell(static_cast<int>(slot));
      if (c && c.timestamp > shadow) out.cells.push_back(FlushedCell{&col, false, {}, false, {}, c});
      continue;
    }
    const store::ComplexColumn* cc = row.complex_column(static_cast<int>(slot));
    if (!cc) continue;
    std::int64_t dead = shadow;
    if (cc->deletion.exists() && !supersedes(active, cc->deletion)) {
      out.cells.push_back(FlushedCell{&col, true, cc->deletion, false, {}, {}});
      dead = std::max(dead, cc->deletion.timestamp);
    }
    for (const auto& pc : cc->cells)
      if (pc.cell.exists() && pc.cell.timestamp > dead)
        out.cells.push_back(FlushedCell{&col, false, {}, true, pc.path, store::ref_of(pc.cell)});
  }
  return out;
}

bool empty(const FlushedRow& r) { return !r.liveness.exists() && !r.deletion.exists() && r.cells.empty(); }

}  // namespace

FlushedPartition flushed_partition(const schema::TableSchema& t, const store::Partition& p,
                                   const store::ClusteringComparator& cmp) {
  FlushedPartition out;
  out.key = p.key();
  out.deletion = p.deletion();
  FlushedRow statics = flushed_row(t, p.static_row(), true, p.deletion());
  if (!empty(statics)) out.static_row = std::move(statics);

  const std::vector<FlushedMarker> markers = markers_of(p, cmp);
  std::size_t next_marker = 0;
  store::Deletion in_force;  // the range deletion over the current stretch
  std::vector<std::string_view> parts;
  for (const store::Row& row : p.rows()) {
    const store::RowKey key = row.clustering();
    store::split_components(key, parts);
    while (next_marker < markers.size() && compare_row(cmp, parts, markers[next_marker].at) > 0) {
      in_force = markers[next_marker].open;
      out.unfiltered.emplace_back(markers[next_marker++]);
    }
    FlushedRow r = flushed_row(t, row, false, supersedes(in_force, p.deletion()) ? in_force : p.deletion());
    if (!empty(r)) out.unfiltered.emplace_back(std::move(r));
  }
  while (next_marker < markers.size()) out.unfiltered.emplace_back(markers[next_marker++]);
  return out;
}

}  // namespace cqlbox::print
