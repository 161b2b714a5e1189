// One partition: its tombstone, the static row, and the clustering rows sorted by the table's
// clustering comparator. Lookups and slice bounds are binary searches (O(log n)); a write in
// clustering order appends (O(1)), an out-of-order write shifts one pointer per later row.
//
// Memory per row: a 16-byte Row (in chunks that never move) + its packed bytes (row.hpp) + one
// 8-byte pointer in the clustering order.
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
#include "store/mutation.hpp"
#include "store/row.hpp"

namespace cqlbox::store {

// The path order of each non-frozen collection column (nullptr for simple columns), by slot.
struct PathTypes {
  std::vector<const types::CqlType*> regular, statics;
};

class Partition;

// A partition's rows in clustering order, as a random-access range of `const Row&`.
class RowRange {
 public:
  class iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Row;
    using difference_type = std::ptrdiff_t;
    using pointer = const Row*;
    using reference = const Row&;

    iterator() = default;
    explicit iterator(Row* const* at) : at_(at) {}
    reference operator*() const { return **at_; }
    pointer operator->() const { return *at_; }
    reference operator[](difference_type n) const { return *at_[n]; }
    iterator& operator++() { ++at_; return *this; }
    iterator operator++(int) { iterator t = *this; ++at_; return t; }
    iterator& operator--() { --at_; return *this; }
    iterator operator--(int) { iterator t = *this; --at_; return t; }
    iterator& operator+=(difference_type n) { at_ += n; return *this; }
    iterator& operator-=(difference_type n) { at_ -= n; return *this; }
    friend iterator operator+(iterator i, difference_type n) { return i += n; }
    friend iterator operator+(difference_type n, iterator i) { return i += n; }
    friend iterator operator-(iterator i, difference_type n) { return i -= n; }
    friend difference_type operator-(iterator a, iterator b) { return a.at_ - b.at_; }
    friend auto operator<=>(iterator a, iterator b) = default;

   private:
    Row* const* at_ = nullptr;
  };

  explicit RowRange(const std::vector<Row*>& order) : order_(&order) {}
  iterator begin() const { return iterator(order_->data()); }
  iterator end() const { return iterator(order_->data() + order_->size()); }
  std::size_t size() const { return order_->size(); }
  bool empty() const { return order_->empty(); }
  const Row& operator[](std::size_t i) const { return *(*order_)[i]; }
  const Row& front() const { return *order_->front(); }
  const Row& back() const { return *order_->back(); }

 private:
  const std::vector<Row*>* order_;
};

class Partition {
 public:
  Partition(std::string key, std::int64_t token) : key_(std::move(key)), token_(token) {}

  const std::string& key() const { return key_; }
  std::int64_t token() const { return token_; }
  const Deletion& deletion() const { return deletion_; }
  const Row& static_row() const { return static_row_; }
  RowRange rows() const { return RowRange(order_); }
  const std::vector<RangeTombstone>& range_tombstones() const { return range_tombstones_; }

  void apply(const Mutation& m, const ClusteringComparator& cmp, const PathTypes& paths = {});
  // After ALTER TABLE ADD/DROP: moves each row's cells from old slots to new ones
  // (`regular[old] = new`, -1 = dropped: its data is gone, so re-adding the column starts empty).
  void remap(const std::vector<int>& regular, const std::vector<int>& statics);
  // Views (see TableStore::put_row): replace or add a whole row; remove one, returning true
  // when the partition is then empty.
  void put_row(RowData&& row, const ClusteringComparator& cmp);
  bool erase_row(std::string_view clustering, const ClusteringComparator& cmp);
  // The row with this clustering key, or nullptr.
  const Row* find_row(std::string_view clustering, const ClusteringComparator& cmp) const;

  // Bytes this partition's data occupies as stored (key, clustering, values, one 8-byte
  // timestamp per cell and marker, 4 more per TTL, 12 per tombstone): the figure nodetool's
  // Load and partition sizes report.
  std::size_t data_size() const;
  // Cells stored (markers and tombstones included), and tombstones alone.
  std::size_t cell_count() const;
  std::size_t tombstone_count() const;
  // Tombstones (deletions, and expired TTL data) whose local time is before `before_s`: what
  // compaction could purge once gc_grace_seconds have passed.
  std::size_t droppable_tombstones(std::int64_t before_s) const;

  // The newest deletion timestamp covering `row` (partition, row and range tombstones):
  // data written at or before it is dead. kNoTimestamp when nothing covers it.
  std::int64_t row_shadow(const Row& row, const ClusteringComparator& cmp) const;

 private:
  std::string key_;
  std::int64_t token_;
  Deletion deletion_;
  Row static_row_;
  // Row bodies stay where they were first written (chunks that never move, so an out-of-order
  // insert shifts 8-byte pointers in `order_`, not rows); `order_` is clustering order.
  // Erased rows (views) leave their body on `free_` for the next new row.
  Row* new_row();
  std::vector<std::unique_ptr<Row[]>> chunks_;
  std::size_t last_chunk_used_ = 0;
  std::vector<Row*> order_;
  std::vector<Row*> free_;
  std::vector<RangeTombstone> range_tombstones_;
};

// True when the range tombstone covers the clustering key `clustering`.
bool covers(const RangeTombstone& rt, std::string_view clustering, const ClusteringComparator& cmp);

// Merges `cell` into `slot` of `row` by reconciliation.
void merge_cell(RowData& row, int slot, const Cell& cell);
// Merges a collection write into `slot` of `columns`, keeping elements sorted by `path_type`.
void merge_complex(std::vector<ComplexColumn>& columns, const ComplexWrite& w, const types::CqlType& path_type);

}  // namespace cqlbox::store
