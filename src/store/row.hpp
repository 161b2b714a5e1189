// A clustering row as stored: a view of its packed bytes, which live in the partition's pages
// (row_pages.hpp), or in an OwnedRow for the static row. Rows with non-frozen collections hold
// a pointer to those columns inside the packed bytes; the bytes' owner deletes it.
//
// Packed form (integers little-endian as the machine writes them, read with memcpy):
//   u8 flags (marker, marker TTL, row deletion, collections, dense cells; left out when the
//   page's shape implies them, row_shape.hpp) · [collections pointer]
//   · clustering key (the table's RowShape: its integers in as few bytes as they need, the
//     rest varint length and bytes, and no component count)
//   · [marker: varint timestamp - base, (TTL: i32 ttl, i64 expiry)] · [deletion: i64 timestamp, i64 time]
//   · [varint cell count] · the cells.
// `base` is the page's least marker timestamp (DESIGN.md: one row timestamp as a delta), so a
// marker written within the last half minute takes 3 bytes, not 8.
// Dense cells (what an INSERT of every column writes: live, no TTL, the marker's timestamp, slots
// 0..n-1 all present) are each varint value length · value bytes, their count (below 7) in the
// flags' top three bits; a slot of fixed-size values (RowShape::cells) has no length. Otherwise each cell is:
// varint slot · u8 cell flags (tombstone, TTL, timestamp equal to the marker's, local time)
// · [i64 timestamp] · [i32 ttl] · [i64 local time] · varint value length · value bytes.
// The benchmark's time-series row (a bigint key below 2^20, a double and a 3-byte text) is
// 18 bytes in a page that implies its flags.
// Writes decode a row into RowData, merge and pack it again; reads walk the bytes in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "store/cell.hpp"
#include "store/clustering.hpp"
#include "store/row_shape.hpp"
#include "store/varint.hpp"

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
  bool live(std::int64_t now_s) const { return exists() && !tombstone && (ttl == 0 || now_s < local_time); }
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

class Row;

// A row's clustering key in the standard form (clustering.hpp): the row's bytes themselves when
// its table packs no integers, otherwise expanded into a buffer of its own. Views of it last as
// long as it does, so it is neither copied nor converted while temporary: hold it in a variable
// (`const RowKey key = row.clustering();`).
class RowKey {
 public:
  explicit RowKey(const Row& row);
  RowKey(const RowKey&) = delete;
  RowKey& operator=(const RowKey&) = delete;
  ~RowKey() {
    if (data_ != inline_ && data_ != borrowed_) delete[] data_;
  }

  std::string_view view() const& { return {data_, size_}; }
  std::string_view view() const&& = delete;
  operator std::string_view() const& { return view(); }
  operator std::string_view() const&& = delete;
  bool empty() const { return size_ == 0; }
  std::string str() const { return std::string(data_, size_); }

 private:
  static constexpr std::size_t kInline = 40;
  const char* data_ = nullptr;
  const char* borrowed_ = nullptr;  // data_ when it views the row's bytes
  std::size_t size_ = 0;
  char inline_[kInline];
};

class Row {
 public:
  static constexpr unsigned char kComplexFlag = 8;  // the row flag saying a collections pointer follows

  Row() = default;
  // `shape`: how the key is packed (its component count is the table's clustering columns;
  // none for a static row), which the bytes do not repeat.
  Row(const char* packed, std::int64_t base, RowShape shape) : packed_(packed), base_(base), shape_(shape) {}

  bool empty() const { return !packed_; }  // no row (collections count as written)
  // The same stored row (views compare by the bytes they view).
  bool operator==(const Row& o) const { return packed_ == o.packed_; }
  const char* bytes() const { return packed_; }

  // Decodes everything but the complex columns into `out` (reusing its capacity).
  void decode(RowData& out) const;
  // The clustering key in the standard form.
  RowKey clustering() const { return RowKey(*this); }
  // ClusteringComparator::prefix of the key, read from the packed bytes: searches compute it
  // for every row they probe.
  template <class Comparator>
  std::uint64_t key_prefix(const Comparator& cmp) const {
    if (!packed_ || shape_.parts == 0) return cmp.prefix(std::string_view());
    const char* p = after_flags();
    if (shape_.width(0) != 0) {
      if (std::uint64_t prefix = 0; packed_int_prefix(p, cmp, prefix)) return prefix;
      const RowKey key(*this);
      return cmp.prefix(key.view());
    }
    return cmp.prefix(std::string_view(p, static_cast<std::size_t>(skip_key(p) - p)));
  }
  // key_prefix of a key (at `key`) whose first component is a packed integer (the shape's
  // width(0) is not 0): false when that component is null or raw bytes, which need the key.
  // A packed integer is its value's low bytes, big-endian: prefix() sign-extends them the same.
  template <class Comparator>
  static bool packed_int_prefix(const char* key, const Comparator& cmp, std::uint64_t& prefix) {
    if (starts_with_null_component(key, 2)) return false;
    const std::uint64_t t = read_varint(key);
    if (t == 1) return false;
    prefix = cmp.prefix_of_packed(t);
    return true;
  }
  const RowShape& shape() const { return shape_; }
  // True when `flags` say a marker without TTL, no row deletion, no collections and dense cells
  // (live, no TTL, the marker's timestamp): such a row is live and holds no tombstone unless a
  // deletion at or after its marker shadows it, whatever the time. A count reads that once from
  // a page's implied flags (RowPages::all_live), not from each row.
  static bool plainly_live(unsigned char flags);
  Liveness marker() const;
  Deletion deletion() const;
  // The cell in `slot` (a false CellRef when there is none).
  CellRef cell(int slot) const;
  // Calls f(slot, const CellRef&) for each stored cell, in slot order.
  template <class F>
  void for_each_cell(F&& f) const {
    if (!packed_) return;
    std::int64_t marker_ts = kNoTimestamp;
    bool dense = false;
    std::uint64_t n = 0;
    const char* p = cells_begin(&marker_ts, &dense, &n);  // before the call reads what it sets
    walk_cells(p, marker_ts, dense, n, f);
  }
  // The marker and deletion with for_each_cell(f), from one read of the header: what a scan
  // needs of every row it reads.
  struct Header {
    Liveness marker;
    Deletion deletion;
  };
  Header header() const;
  template <class F>
  Header scan(F&& f) const {
    Header h;
    if (!packed_) return h;
    bool dense = false;
    std::uint64_t n = 0;
    const char* p = cells_begin(&h.marker.timestamp, &dense, &n, &h);
    walk_cells(p, h.marker.timestamp, dense, n, f);
    return h;
  }
  // Bytes of the packed form.
  std::size_t packed_size() const;

  const ComplexColumn* complex_column(int slot) const {
    const std::vector<ComplexColumn>* c = complex_ptr();
    auto i = static_cast<std::size_t>(slot);
    return c && i < c->size() ? &(*c)[i] : nullptr;
  }
  const std::vector<ComplexColumn>& complex() const;
  // The collections vector these bytes point to (owned by whoever owns the bytes), or nullptr.
  std::vector<ComplexColumn>* complex_ptr() const;

  // The packed form of `d` relative to `base` (REQUIRES: base <= the marker's timestamp when
  // there is one), pointing to `complex` when it is not null: its size, and writing it.
  // The key is packed with `shape`; a shape that implies the flags (REQUIRES: they are the
  // row's, which pack's first byte with the shape without them tells) leaves them out.
  static std::size_t packed_size(const RowData& d, std::int64_t base, bool complex, const RowShape& shape);
  // Returns the end of what it wrote (out + packed_size(…)).
  static char* pack(char* out, const RowData& d, std::int64_t base, std::vector<ComplexColumn>* complex,
                    const RowShape& shape);
  // At least packed_size(d, …) for any base and shape, in one look at `d`: a write packs into a
  // buffer of this size and takes pack's end, instead of walking the row twice.
  static std::size_t packed_size_bound(const RowData& d, bool complex);

  static std::uint64_t read_varint(const char*& p) { return varint::read(p); }

 private:
  friend class RowKey;
  static int read_cell(const char*& p, std::int64_t marker_ts, CellRef& c);
  template <class F>
  void walk_cells(const char* p, std::int64_t marker_ts, bool dense, std::uint64_t n, F& f) const {
    CellRef c;
    if (dense) {
      c.timestamp = marker_ts;
      for (std::uint64_t slot = 0; slot < n; ++slot) {
        const std::size_t len = dense_length(p, slot);
        c.value = std::string_view(p, len);
        p += len;
        f(static_cast<int>(slot), static_cast<const CellRef&>(c));
      }
      return;
    }
    for (std::uint64_t i = 0; i < n; ++i) {
      const int slot = read_cell(p, marker_ts, c);
      f(slot, static_cast<const CellRef&>(c));
    }
  }
  // Where the cells start; also reads the marker's timestamp, whether cells are dense and how
  // many there are, and with `header` the whole marker and the deletion.
  const char* cells_begin(std::int64_t* marker_ts, bool* dense, std::uint64_t* count, Header* header = nullptr) const;
  // The length of a dense row's cell in `slot`, read from `p` unless the slot's values have one size.
  std::size_t dense_length(const char*& p, std::uint64_t slot) const {
    const std::size_t fixed = shape_.fixed_size(static_cast<std::size_t>(slot));
    return fixed ? fixed : static_cast<std::size_t>(read_varint(p));
  }
  // The row's flags: its first byte, or its page's when the page implies them (row_shape.hpp).
  unsigned char flags() const { return shape_.implied ? shape_.flags : static_cast<unsigned char>(packed_[0]); }
  // The packed bytes after the flags (and the collections pointer when there is one; a page
  // that implies the flags holds no row with collections).
  const char* after_flags() const {
    if (shape_.implied) return packed_;
    return packed_ + 1 + ((static_cast<unsigned char>(packed_[0]) & kComplexFlag) ? sizeof(void*) : 0);
  }

  // The end of the packed key starting at `p`.
  const char* skip_key(const char* p) const {
    if (!shape_.packs_any()) {
      for (std::uint32_t i = 0; i < shape_.parts; ++i) p += read_varint(p);
      return p;
    }
    for (std::uint32_t i = 0; i < shape_.parts; ++i) p = RowShape::skip_component(p, shape_.width(i));
    return p;
  }
  const char* after_key() const { return skip_key(after_flags()); }

  const char* packed_ = nullptr;
  std::int64_t base_ = 0;
  RowShape shape_;
};

inline RowKey::RowKey(const Row& row) {
  if (!row.packed_) return;
  const char* p = row.after_flags();
  if (!row.shape_.packs_any()) {
    data_ = borrowed_ = p;
    size_ = static_cast<std::size_t>(row.skip_key(p) - p);
    return;
  }
  size_ = expanded_key_size(p, row.shape_);
  char* out = size_ <= kInline ? inline_ : new char[size_];
  expand_key(p, row.shape_, out);
  data_ = out;
}

// A row that owns its packed bytes: a partition's static row. One pointer, since every
// partition has one, static columns or not: the block it points to starts with the bytes'
// size and the row's timestamp base.
class OwnedRow {
 public:
  OwnedRow() = default;
  ~OwnedRow() { release(); }
  OwnedRow(OwnedRow&& o) noexcept : block_(o.block_) { o.block_ = nullptr; }
  OwnedRow& operator=(OwnedRow&& o) noexcept {
    if (this != &o) {
      release();
      block_ = o.block_;
      o.block_ = nullptr;
    }
    return *this;
  }

  Row view() const { return view_of(block_); }
  // view() of the block an OwnedRow owned (take_block), or of null.
  static Row view_of(const char* block) {
    if (!block) return Row(nullptr, 0, RowShape{});
    std::int64_t base;
    __builtin_memcpy(&base, block + 8, sizeof base);
    return Row(block + kHeader, base, RowShape{});
  }
  // The block alone, for an owner that keeps it in a tagged word (partition_extras.hpp).
  char* take_block() noexcept {
    char* b = block_;
    block_ = nullptr;
    return b;
  }
  static OwnedRow adopt(char* block) noexcept {
    OwnedRow r;
    r.block_ = block;
    return r;
  }
  bool empty() const { return !block_; }
  // Packs `data`; with `complex`, its complex columns replace the row's (moved in), otherwise
  // the row's stay as they are (writes merge them in place, mutable_complex()).
  void assign(RowData&& data, bool complex = true);
  std::vector<ComplexColumn>& mutable_complex();

 private:
  static constexpr std::size_t kHeader = 16;  // the packed size, then the timestamp base
  std::int64_t header(std::size_t at) const {
    std::int64_t v;
    __builtin_memcpy(&v, block_ + at, sizeof v);
    return v;
  }
  void release() noexcept;

  char* block_ = nullptr;
};

}  // namespace cqlbox::store
