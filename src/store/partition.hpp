// One partition: its tombstone, the static row, and the clustering rows sorted by the table's
// clustering comparator, packed in pages (row_pages.hpp). Lookups and slice bounds are binary
// searches (O(log n)); a write in clustering order appends, an out-of-order write rebuilds one
// page of at most 2 KiB.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "store/cell.hpp"
#include "store/clustering.hpp"
#include "store/key_bytes.hpp"
#include "store/mutation.hpp"
#include "store/partition_extras.hpp"
#include "store/row.hpp"
#include "store/row_pages.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::store {

// The path order of each non-frozen collection column (nullptr for simple columns), by slot.
struct PathTypes {
  std::vector<const types::CqlType*> regular, statics;
  std::uint32_t fixed_cells = 0;  // RowShape::cells: the regular slots' fixed value sizes
};

class Partition;

// A partition's rows in clustering order: a bidirectional range of Row views (by value), with
// indexed access (a binary search over the pages).
class RowRange {
 public:
  using iterator = RowPages::iterator;
  explicit RowRange(const RowPages& rows) : rows_(&rows) {}
  iterator begin() const { return rows_->begin(); }
  iterator end() const { return rows_->end(); }
  std::size_t size() const { return rows_->size(); }
  bool empty() const { return rows_->empty(); }
  Row operator[](std::size_t i) const { return (*rows_)[i]; }
  Row front() const { return (*rows_)[0]; }
  Row back() const { return (*rows_)[rows_->size() - 1]; }
  // The rows [first, last) by index, in order.
  template <class F>
  void for_each(std::size_t first, std::size_t last, F&& f) const {
    if (first >= last) return;
    auto it = rows_->at_iter(rows_->locate(first));
    for (std::size_t i = first; i < last; ++i, ++it) f(*it);
  }

 private:
  const RowPages* rows_;
};

class Partition {
 public:
  explicit Partition(std::string_view key) : key_(key) {}

  std::string_view key() const { return key_.view(); }
  // The key's Murmur3 token, computed: the partition index keeps the high half of each token
  // for its searches (partition_index.hpp), and a copy here cost every partition 8 bytes.
  std::int64_t token() const { return util::murmur3_token(key()); }
  const Deletion& deletion() const {
    const Tombstones* t = extras_.tombstones();
    return t ? t->deletion : kNoDeletion;
  }
  Row static_row() const { return extras_.static_row(); }
  RowRange rows() const { return RowRange(rows_); }
  const RowPages& row_pages() const { return rows_; }
  const std::vector<RangeTombstone>& range_tombstones() const {
    const Tombstones* t = extras_.tombstones();
    return t ? t->ranges : kNoRangeTombstones;
  }

  void apply(const Mutation& m, const ClusteringComparator& cmp, const PathTypes& paths = {});
  // After ALTER TABLE ADD/DROP: moves each row's cells from old slots to new ones
  // (`regular[old] = new`, -1 = dropped: its data is gone, so re-adding the column starts empty).
  void remap(const std::vector<int>& regular, const std::vector<int>& statics, const ClusteringComparator& cmp);
  // Views (see TableStore::put_row): replace or add a whole row; remove one, returning true
  // when the partition is then empty.
  void put_row(RowData&& row, const ClusteringComparator& cmp);
  bool erase_row(std::string_view clustering, const ClusteringComparator& cmp);
  // The indexes [first, last) of the rows whose keys start with the components of `head` (all
  // rows for an empty head): two binary searches on the key prefixes.
  std::pair<std::size_t, std::size_t> head_range(std::string_view head, const ClusteringComparator& cmp) const;
  // The row with this clustering key, or an empty Row.
  Row find_row(std::string_view clustering, const ClusteringComparator& cmp) const;

  // Bytes this partition's data occupies as stored (key, clustering, values, one 8-byte
  // timestamp per cell and marker, 4 more per TTL, 12 per tombstone): the figure nodetool's
  // Load and partition sizes report.
  std::size_t data_size() const;
  // Cells stored (tombstone cells and collection elements included; row markers and deletions
  // are not cells), and tombstones alone.
  std::size_t cell_count() const;
  std::size_t tombstone_count() const;
  // Tombstones (deletions, and expired TTL data) whose local time is before `before_s`: what
  // compaction could purge once gc_grace_seconds have passed.
  std::size_t droppable_tombstones(std::int64_t before_s) const;
  // Compaction (NODETOOL compact): drops the data tombstones shadow, then the tombstones and
  // expired cells whose local deletion time is before `before_s` (now - gc_grace_seconds),
  // and rows left with nothing. Returns true when the partition is left empty.
  bool purge(std::int64_t before_s, const ClusteringComparator& cmp);

  // What exec's growth warnings remember about this partition (view_maintenance.cpp): bytes
  // written since the last exact size check, and which warnings were given.
  struct Growth {
    static constexpr std::uint32_t kCheckEvery = 8u << 20;  // the size is checked exactly at this
    std::uint32_t written = 0;                              // below kCheckEvery
    bool rows_warned = false, size_warned = false;
  };
  // Kept in the row pages' spare bits (row_pages.hpp), so the Partition is 48 bytes: four bytes
  // once the partition has a list of pages, one while it has a single page. There `written`
  // is kept in 63rds of kCheckEvery, rounded up: every write counts at least one, so the size
  // is checked by the 64th write to such a partition (a check of at most 128 rows) or after
  // kCheckEvery bytes.
  Growth growth() const {
    const std::uint32_t v = rows_.spare();
    if (v & kWide) return {v & (kWideRows - 1), (v & kWideRows) != 0, (v & kWideSize) != 0};
    return {(v & kMaxUnits) * kUnit, (v & kByteRows) != 0, (v & kByteSize) != 0};
  }
  void set_growth(Growth g) noexcept {
    const std::uint32_t written = g.written < Growth::kCheckEvery ? g.written : Growth::kCheckEvery;
    if (!rows_.spare_is_byte()) {
      rows_.set_spare(kWide | (g.size_warned ? kWideSize : 0) | (g.rows_warned ? kWideRows : 0) | written);
      return;
    }
    // Rounded up, so that a write always moves it: 63 writes fill it, and the 64th reaches kCheckEvery.
    const std::uint32_t units = (written + kUnit - 1) / kUnit;
    rows_.set_spare((g.size_warned ? kByteSize : 0) | (g.rows_warned ? kByteRows : 0) |
                    (units < kMaxUnits ? units : kMaxUnits));
  }

  // The newest deletion timestamp covering `row` (partition, row and range tombstones):
  // data written at or before it is dead. kNoTimestamp when nothing covers it.
  std::int64_t row_shadow(Row row, const ClusteringComparator& cmp) const;

 private:
  // Where the row with this key is, when there is one.
  bool find(std::string_view clustering, std::uint64_t prefix, const ClusteringComparator& cmp,
            RowPages::Pos& pos) const;

  // Growth in the pages' spare bits. Four bytes (a list of pages): bit 31 set (which tells the
  // forms apart), bit 30 size_warned, bit 29 rows_warned, then `written`. One byte (a single
  // page): bit 7 size_warned, bit 6 rows_warned, then `written` in units of kUnit.
  static constexpr std::uint32_t kWide = 1u << 31, kWideSize = 1u << 30, kWideRows = 1u << 29;
  static constexpr std::uint32_t kByteSize = 1u << 7, kByteRows = 1u << 6, kMaxUnits = 63;
  static constexpr std::uint32_t kUnit = (Growth::kCheckEvery + kMaxUnits - 1) / kMaxUnits;

  static const Deletion kNoDeletion;
  static const std::vector<RangeTombstone> kNoRangeTombstones;

  // What a point read touches first: the key it compares, then the rows' (first) page.
  KeyBytes key_;
  RowPages rows_;
  // A table of many small partitions pays for each member: the rare parts share one word.
  PartitionExtras extras_;
};

// True when the range tombstone covers the clustering key `clustering`.
bool covers(const RangeTombstone& rt, std::string_view clustering, const ClusteringComparator& cmp);

// Merges `cell` into `slot` of `row` by reconciliation.
void merge_cell(RowData& row, int slot, const Cell& cell);
// Merges a collection write into `slot` of `columns`, keeping elements sorted by `path_type`.
void merge_complex(std::vector<ComplexColumn>& columns, const ComplexWrite& w, const types::CqlType& path_type);

}  // namespace cqlbox::store
