// What a flush writes for one partition, in on-disk order: the partition deletion, the static
// row, then rows and range tombstone markers by clustering. Cassandra flushes the memtable's
// iterator, which drops data a deletion shadows (RowAndDeletionMergeIterator) and turns
// overlapping range tombstones into bound and boundary markers where the deletion in force
// changes. SSTABLEDUMP renders it (sstabledump.hpp); sstable_layout.hpp sizes it.
#pragma once

#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "schema/table_schema.hpp"
#include "store/cell.hpp"
#include "store/clustering.hpp"
#include "store/partition.hpp"
#include "store/row.hpp"

namespace cqlbox::print {

struct FlushedCell {
  const schema::Column* column = nullptr;
  // A collection's tombstone ({name, deletion_info} before its elements), or a cell.
  bool collection_deletion = false;
  store::Deletion deletion;
  bool has_path = false;  // an element of a non-frozen collection
  std::string_view path;
  store::CellRef cell;
};

struct FlushedRow {
  bool is_static = false;
  std::string clustering;  // the key (store/clustering.hpp), empty when static
  store::Liveness liveness;
  store::Deletion deletion;
  std::vector<FlushedCell> cells;  // simple columns by name, then collections by name
};

// A position between clustering keys: just before (side -1) or just after (side +1) every key
// that starts with `values`. An inclusive start and an exclusive end sit before their values.
struct ClusteringBound {
  std::vector<std::string_view> values;
  int side = -1;
};

// Where the range deletion in force changes: `close` ends here (none for a start bound),
// `open` starts here (none for an end bound); both for a boundary.
struct FlushedMarker {
  ClusteringBound at;
  store::Deletion close, open;
};

using Unfiltered = std::variant<FlushedRow, FlushedMarker>;

struct FlushedPartition {
  std::string_view key;
  store::Deletion deletion;
  std::optional<FlushedRow> static_row;  // only when something survives in it
  std::vector<Unfiltered> unfiltered;
};

// `now_s` is not needed: expired data stays until compaction.
FlushedPartition flushed_partition(const schema::TableSchema& t, const store::Partition& p,
                                   const store::ClusteringComparator& cmp);

}  // namespace cqlbox::print
