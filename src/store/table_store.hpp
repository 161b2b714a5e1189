// A table's data: its partitions in ring order (partition_index.hpp), so scans never sort, where a
// write or point read finds its partition by its token.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "store/clustering.hpp"
#include "store/mutation.hpp"
#include "store/partition.hpp"
#include "store/partition_index.hpp"

namespace cqlbox::store {

class TableStore {
 public:
  explicit TableStore(ClusteringComparator cmp, PathTypes paths = {}) : cmp_(std::move(cmp)), paths_(std::move(paths)) {
    cmp_.set_fixed_cells(paths_.fixed_cells);
  }
  TableStore(const TableStore&) = delete;
  TableStore& operator=(const TableStore&) = delete;

  // Returns the partition written.
  Partition& apply(const Mutation& m);
  // Materialized views hold derived rows, replaced whole when their base row changes: no
  // reconciliation, no tombstones. put_row replaces (or adds) the row; erase_row removes it and
  // the partition once it has no rows left.
  void put_row(std::string_view partition_key, RowData row);
  void erase_row(std::string_view partition_key, std::string_view clustering);
  // NODETOOL compact: Partition::purge on every partition, dropping those left empty.
  void purge(std::int64_t before_s) {
    partitions_.erase_if([&](Partition& p) { return p.purge(before_s, cmp_); });
  }
  // The partition with this serialized key, or nullptr.
  const Partition* find(std::string_view key) const;
  void clear() {
    partitions_.clear();
    shelf_.clear();
    operations = 0;
  }
  // ALTER TABLE ADD/DROP: new slot layout (see Partition::remap) and collection path types.
  void remap(const std::vector<int>& regular, const std::vector<int>& statics, PathTypes paths) {
    // Rows are read with their pages' shape and packed again with the new one.
    cmp_.set_fixed_cells(paths.fixed_cells);
    partitions_.for_each_mutable([&](Partition& p) { p.remap(regular, statics, cmp_); });
    paths_ = std::move(paths);
  }

  // ALTER TABLE DROP of column `name` (its slot before the drop; call before remap): cells
  // written after `dropped_at` (a DROP … USING TIMESTAMP in the past, or cells written with
  // future timestamps) are kept aside, as Cassandra leaves them in its sstables, and a later ADD
  // of the column brings them back (unshelve). Cells at or before it are gone.
  void shelve(const std::string& name, int slot, bool is_static, std::int64_t dropped_at);
  // ALTER TABLE ADD of a dropped column (call after remap): its kept cells, into `slot`.
  void unshelve(const std::string& name, int slot);
  // The kept cells of each dropped column, by name: one write per row, slot 0 holding the
  // column (a data file saves them), and putting them back when a data file loads.
  struct Shelved {
    bool is_static = false;
    std::vector<Mutation> writes;
  };
  const std::map<std::string, Shelved>& shelf() const { return shelf_; }
  void restore_shelved(const std::string& name, Shelved kept) { shelf_[name] = std::move(kept); }
  // A column re-added after a drop never shows a cell written at or before the drop (Cassandra
  // filters them on read, new writes too): per slot, the newest timestamp refused (kNoTimestamp
  // for none). Writes below it are left out when applied.
  void set_floors(std::vector<std::int64_t> regular, std::vector<std::int64_t> statics);

  const PartitionIndex& partitions() const { return partitions_; }
  // First partition whose token is >= `token`.
  PartitionIndex::const_iterator lower_bound(std::int64_t token) const { return partitions_.lower_bound(token); }
  const ClusteringComparator& comparator() const { return cmp_; }
  const PathTypes& path_types() const { return paths_; }

  // Statistics for nodetool tablestats: mutations applied, reads served.
  std::uint64_t writes = 0;
  mutable std::uint64_t reads = 0;
  // What Cassandra's "Memtable cell count" adds up: each write's PartitionUpdate.operationCount()
  // (rows, the static row, range tombstones, a partition deletion).
  std::uint64_t operations = 0;

 private:
  Partition& find_or_add(std::string_view partition_key);
  // `m` without the cells set_floors refuses (`m` itself when it has none).
  const Mutation& above_floors(const Mutation& m, Mutation& scratch) const;

  ClusteringComparator cmp_;
  PathTypes paths_;
  PartitionIndex partitions_;
  std::map<std::string, Shelved> shelf_;                    // dropped columns' later cells (shelve)
  std::vector<std::int64_t> floor_regular_, floor_static_;  // empty: no floor anywhere
};

}  // namespace cqlbox::store
