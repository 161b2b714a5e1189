#include "store/partition.hpp"

#include <algorithm>

namespace cqlbox::store {

void merge_cell(Row& row, int slot, const Cell& cell) {
  auto i = static_cast<std::size_t>(slot);
  if (row.cells.size() <= i) row.cells.resize(i + 1);
  Cell& old = row.cells[i];
  if (!old.exists() || supersedes(cell, old)) old = cell;
}

void Partition::apply(const Mutation& m, const ClusteringComparator& cmp) {
  deletion_.merge(m.partition_deletion);
  for (const auto& [slot, cell] : m.static_cells) merge_cell(static_row_, slot, cell);
  if (!m.has_row) return;

  // Appending in clustering order is the common case (time series): check the end first.
  auto it = rows_.end();
  if (!rows_.empty() && cmp.compare(rows_.back().clustering, m.clustering) >= 0) {
    it = std::lower_bound(rows_.begin(), rows_.end(), m.clustering,
                          [&](const Row& r, const std::string& k) { return cmp.compare(r.clustering, k) < 0; });
  }
  if (it == rows_.end() || cmp.compare(it->clustering, m.clustering) != 0) {
    Row row;
    row.clustering = m.clustering;
    it = rows_.insert(it, std::move(row));
  }
  Row& row = *it;
  if (m.marker.exists() && (!row.marker.exists() || supersedes(m.marker, row.marker)))
    row.marker = m.marker;
  row.deletion.merge(m.row_deletion);
  for (const auto& [slot, cell] : m.cells) merge_cell(row, slot, cell);
}

}  // namespace cqlbox::store
