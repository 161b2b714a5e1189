// The cassandra-cli storage view of CQL rows (cassandra.md §4, with cqlbox.md's choices):
// "RowKey: <key>" then one "=> (column=…, value=…, timestamp=…[, ttl=…])" line per stored cell,
// row marker and tombstone, in storage order. Values are rendered as cqlsh renders them; names
// join clustering values and the column name with ':' (':' inside a part escaped as '\:').
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "schema/table_schema.hpp"
#include "store/partition.hpp"

namespace cqlbox::print {

// The RowKey text of a partition.
std::string row_key_text(const schema::TableSchema& t, const store::Partition& p);

// One thing LIST shows of a partition: its "=> (…)" line, and what it is made of (DRAW
// PARTITION draws these).
struct StorageEntry {
  enum class Kind : std::uint8_t {
    PartitionDeletion,
    RangeTombstone,
    RowDeletion,
    RowMarker,
    Cell,
    CellTombstone,
    CollectionTombstone
  };
  Kind kind = Kind::Cell;
  std::string row;                      // the row's clustering values as LIST joins them ("" at partition level)
  std::vector<std::string> clustering;  // …each as cqlsh renders it, unescaped
  bool is_static = false;
  std::string column;  // the column (a collection element: column:path in hex); a range: its bounds
  std::string value;   // as cqlsh renders it
  std::int64_t timestamp = 0;
  std::int32_t ttl = 0;
  bool expired = false;
  std::string line;  // LIST's line
};

// The first `limit` entries of `p` in storage order, as append_partition_cells prints them.
std::vector<StorageEntry> partition_entries(const schema::TableSchema& t, const store::Partition& p,
                                            const store::ClusteringComparator& cmp, std::int64_t now_s,
                                            const std::vector<store::Row>* rows, std::size_t limit);

// Appends the "=> (…)" lines of `p` (all rows, or only `rows` when given), at most
// `cell_limit` lines. Returns the number of lines written. Data shadowed by a tombstone is not
// shown (merging drops it); expired cells are shown with ", expired".
std::size_t append_partition_cells(std::string& out, const schema::TableSchema& t, const store::Partition& p,
                                   const store::ClusteringComparator& cmp, std::size_t cell_limit, std::int64_t now_s,
                                   const std::vector<store::Row>* rows = nullptr);

}  // namespace cqlbox::print
