// A clustering row as stored: one pointer to one packed allocation (DESIGN.md "Cells"). Rows with
// non-frozen collections also hold a pointer to those columns, inside the packed bytes.
//
// Packed form (all integers little-endian as the machine writes them, read with memcpy):
//   u8 flags (marker, marker TTL, row deletion, collections) · [collections pointer]
//   · varint clustering length · clustering bytes
//   · [marker: i64 timestamp, (TTL: i32 ttl, i64 expiry)] · [deletion: i64 timestamp, i64 time]
//   · varint cell count · cells in slot order, each: varint slot · u8 cell flags (tombstone,
//   TTL, timestamp equal to the marker's) · [i64 timestamp] · [i32 ttl] · [i64 local time]
//   · varint value length · value bytes.
// A time-series row (8-byte clustering key, a double and a short text) takes ~48 bytes here,
// against ~280 for the struct-of-vectors form it replaces. Writes decode a row into RowData,
// merge, and pack it again; reads walk the packed bytes in place (CellRef views into them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "store/cell.hpp"

namespace cqlbox::store {

// A cell read in place: the value views the row's bytes (valid while the row is unchanged).
// Behaves like a pointer to a cell: false when the slot holds none, `c->value` reads it.
struct CellRef {
  std::string_view value;
  std::int64_t timestamp = kNoTimestamp;
  std::int32_t ttl = 0;
  std::int64_t local_time = kNoExpiry;
  bool tombstone = false;

  bool exists() const { return timestamp != kNoTimestamp; }
  bool expiring() const { return ttl > 0 && !tombstone; }
  bool live(std::int64_t now_s) const {
    return exists() && !tombstone && (ttl == 0 || now_s < local_time);
  }
  explicit operator bool() const { return exists(); }
  const CellRef* operator->() const { return this; }
  Cell to_cell() const { return Cell{std::string(value), timestamp, ttl, local_time, tombstone}; }
};

inline CellRef ref_of(const Cell& c) { return CellRef{c.value, c.timestamp, c.ttl, c.local_time, c.tombstone}; }

// A row decoded into plain structs: how writes merge, and how views build whole rows.
struct RowData {
  std::string clustering;
  Liveness marker;
  Deletion deletion;
  std::vector<Cell> cells;             // by slot; may be shorter than the column count
  std::vector<ComplexColumn> complex;  // by slot, for non-frozen collection columns

  const Cell* cell(int slot) const {
    auto i = static_cast<std::size_t>(slot);
    return i < cells.size() && cells[i].exists() ? &cells[i] : nullptr;
  }
};

class Row {
 public:
  Row() = default;
  // The null test stays inline: shifting a partition's rows moves from and into empty Rows.
  ~Row() {
    if (packed_) release();
  }
  Row(Row&& o) noexcept : packed_(o.packed_) { o.packed_ = nullptr; }
  Row& operator=(Row&& o) noexcept {
    if (this != &o) {
      if (packed_) release();
      packed_ = o.packed_;
      o.packed_ = nullptr;
    }
    return *this;
  }

  // Packs `data`; with `complex`, its complex columns replace the row's (moved in), otherwise
  // the row's stay as they are (writes merge them in place, mutable_complex()).
  void assign(RowData&& data, bool complex = true);
  // Decodes everything but the complex columns into `out` (reusing its capacity).
  void decode(RowData& out) const;

  bool empty() const { return !packed_; }  // nothing written (collections count as written)
  std::string_view clustering() const;
  Liveness marker() const;
  Deletion deletion() const;
  // The cell in `slot` (a false CellRef when there is none).
  CellRef cell(int slot) const;
  // Calls f(slot, const CellRef&) for each stored cell, in slot order.
  template <class F>
  void for_each_cell(F&& f) const {
    if (!packed_) return;
    std::int64_t marker_ts = kNoTimestamp;
    const char* p = cells_begin(&marker_ts);
    std::uint64_t n = read_varint(p);
    for (; n > 0; --n) {
      CellRef c;
      const int slot = read_cell(p, marker_ts, c);
      f(slot, c);
    }
  }
  // Bytes of the packed form (for memory accounting).
  std::size_t packed_size() const;

  const ComplexColumn* complex_column(int slot) const {
    const std::vector<ComplexColumn>* c = complex_ptr();
    auto i = static_cast<std::size_t>(slot);
    return c && i < c->size() ? &(*c)[i] : nullptr;
  }
  const std::vector<ComplexColumn>& complex() const;
  std::vector<ComplexColumn>& mutable_complex();

 private:
  static std::uint64_t read_varint(const char*& p);
  static int read_cell(const char*& p, std::int64_t marker_ts, CellRef& c);
  // Where the cell count starts; also reads the marker's timestamp (cells may share it).
  const char* cells_begin(std::int64_t* marker_ts = nullptr) const;
  // The packed bytes after the flags (and the collections pointer when there is one).
  const char* after_flags() const;
  std::vector<ComplexColumn>* complex_ptr() const;
  void release();

  char* packed_ = nullptr;
};

}  // namespace cqlbox::store
