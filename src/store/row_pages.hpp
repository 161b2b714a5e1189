// The clustering rows of one partition, packed in pages (DESIGN.md "Partition body"). A page is
// one block: the rows' packed bytes (row.hpp) back to back from the front in clustering order,
// free space, and at the back an offset per row (one byte in a block of up to 256, else two).
// An insert moves the rows after it along (within one page, so at most kPageBytes) and shifts
// their offsets; keeping the bytes in order lets a binary search's last probes share cache
// lines. A page's first block fits its first row; after that blocks grow by a 32nd and malloc's
// rounding (row_memory.hpp) up to kPageBytes; a page that would pass it (or kPageRows) is split
// in two, or, when the write appends after the partition's last row (a time series), left full
// while a new page begins. A row larger than a page has a page to itself.
//
// Beside the blocks, the partition keeps one 24-byte entry per page: the block, its size and the
// bytes its rows use (16 bits each: capacity(), used()), the row count, the rows' shape and the
// page's timestamp base (at or below every marker timestamp in it, so a row stores a short
// delta). A list of pages also keeps, in a dense run of its own (PrefixedArray), each page's
// first key prefix (ClusteringComparator::prefix) and the index of its first row. A search is a
// binary search over the first keys' prefixes, then one within a page, whose lines are all
// prefetched first so that its cache misses overlap.
//
// Most partitions of the common data model (one per user, per device) have one page. Its entry
// is held here, in the partition, with no list: a list of one page is a block of 40 bytes, and
// its first key prefix serves no search. The list begins when a second page does.
//
// Per row that is 2 bytes of offset and about 1 byte of entry and free space, against 16 bytes
// of pointer and prefix plus an allocation per row before. Row views read the bytes in place
// and last until the next write to the partition.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <new>
#include <span>
#include <string_view>
#include <vector>

#include "store/clustering.hpp"
#include "store/prefixed_array.hpp"
#include "store/row.hpp"
#include "store/shape_ids.hpp"

namespace cqlbox::store {

class RowPages {
 public:
  static constexpr std::size_t kPageBytes = 2048;
  static constexpr std::size_t kPageRows = 128;  // fits the u8 count

  struct Page {
    std::uint8_t count = 0;        // rows (offsets at the back); first, as it tells RowPages' forms apart
    std::uint8_t note = 0;         // the single form's spare() (unused in a list)
    ShapeId shape = 0;             // how its rows are packed: the table's shape (shape_ids.hpp)
    std::uint16_t size_code = 0;   // the block's size: capacity(), set by set_capacity()
    std::uint16_t used_bytes = 0;  // row bytes from the front: used(), set by set_used()
    char* block = nullptr;
    std::int64_t base = kNoTimestamp;  // <= every marker timestamp in the page (unset: none yet)
  };
  // Beside each page of a list: its first row's key prefix and index in the partition.
  struct PageKey {
    std::uint64_t prefix = 0;
    std::uint32_t start = 0;
  };

  // One row's bytes while a page is rebuilt.
  struct Span {
    const char* bytes;
    std::size_t size;
  };

  // Where a row is (or would be inserted): page, row within the page, index in the partition.
  struct Pos {
    std::size_t page = 0, k = 0, index = 0;
  };

  // Each page's entry, with its PageKey beside it for the search over pages.
  using PageList = PrefixedArray<Page, PageKey>;

  RowPages() noexcept { new (&many_) List(); }
  ~RowPages();
  RowPages(RowPages&& o) noexcept : RowPages() { take(o); }
  RowPages& operator=(RowPages&& o) noexcept;
  RowPages(const RowPages&) = delete;
  RowPages& operator=(const RowPages&) = delete;

  // The row count is the last page's start and count: a partition does not keep it twice.
  std::size_t size() const {
    if (single()) return one_.count;
    const std::size_t n = many_.pages.size();
    return n == 0 ? 0 : many_.pages.prefix(n - 1).start + std::size_t{many_.pages[n - 1].count};
  }

  // Bits kept for the owner (the Partition's growth counters, partition.hpp), in room the
  // entries have anyway: four bytes in the list form, one in the single form (the page's
  // `note`; a value over a byte is kept there as 0). Kept by every change of the pages and of
  // form: a single page becoming a list keeps its byte, and an empty list becoming a single
  // page keeps a value of one byte (spare_is_byte() asks the owner for one there).
  std::uint32_t spare() const { return single() ? one_.note : many_.spare; }
  void set_spare(std::uint32_t v) noexcept {
    if (single())
      one_.note = static_cast<std::uint8_t>(v <= 0xff ? v : 0);
    else
      many_.spare = v;
  }
  // True when the owner should keep spare() to a byte: in the single form, and while there are
  // no pages (whose first row makes the single form).
  bool spare_is_byte() const { return single() || empty(); }
  bool empty() const { return page_count() == 0; }
  std::span<const Page> pages() const { return {page_data(), page_count()}; }

  Row at(const Pos& pos) const { return row(page(pos.page), pos.k); }
  Row operator[](std::size_t i) const { return at(locate(i)); }
  Pos locate(std::size_t index) const;
  Pos end_pos() const;

  // The first row whose key is not before `key` (prefix = cmp.prefix(key)).
  Pos lower_bound(std::string_view key, std::uint64_t prefix, const ClusteringComparator& cmp) const;
  // Row::key_prefix of the row at `pos` (REQUIRES: there is one), read as a search reads it.
  std::uint64_t key_prefix(const Pos& pos, const ClusteringComparator& cmp) const;
  // The first row at or after `from` whose key does not start with `head` (prefix = cmp.prefix(head)).
  Pos head_end(const Pos& from, std::string_view head, std::uint64_t prefix, const ClusteringComparator& cmp) const;

  // Packs `d` (pointing to `complex`, which the pages then own) at `pos`: replacing the row there
  // when `replace`, inserted before it otherwise. A replaced row's collections are deleted
  // unless they are `complex`. REQUIRES: the order stays sorted.
  void put(const Pos& pos, bool replace, const RowData& d, std::vector<ComplexColumn>* complex,
           const ClusteringComparator& cmp);
  void append(const RowData& d, std::vector<ComplexColumn>* complex, const ClusteringComparator& cmp) {
    put(end_pos(), false, d, complex, cmp);
  }
  // Removes the row at `pos` (and its collections).
  void erase(const Pos& pos, const ClusteringComparator& cmp);
  void clear() noexcept;

  // Walks the rows in order. In the one-page form it points into this RowPages itself (the
  // entry is held inline), so unlike a vector's iterators it does not survive a move.
  class iterator {
   public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = Row;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Row;

    iterator() = default;
    iterator(const Page* page, std::uint32_t k) : page_(page), k_(k) {}
    Row operator*() const { return RowPages::row(*page_, k_); }
    iterator& operator++() {
      if (++k_ == page_->count) {
        ++page_;
        k_ = 0;
      }
      return *this;
    }
    iterator& operator--() {
      if (k_ == 0) k_ = (--page_)->count;
      --k_;
      return *this;
    }
    bool operator==(const iterator& o) const { return page_ == o.page_ && k_ == o.k_; }

   private:
    const Page* page_ = nullptr;
    std::uint32_t k_ = 0;
  };
  iterator begin() const { return iterator(page_data(), 0); }
  iterator end() const { return iterator(page_data() + page_count(), 0); }
  iterator at_iter(const Pos& pos) const {
    return pos.index < size() ? iterator(page_data() + pos.page, static_cast<std::uint32_t>(pos.k)) : end();
  }

  // A block of up to kNarrowBlock bytes keeps one-byte offsets, a larger one two: most pages of
  // a table of small partitions are under 256 bytes, and there a byte a row is a tenth of it.
  static constexpr std::size_t kNarrowBlock = 256;
  static std::size_t offset_width(std::size_t capacity) { return capacity <= kNarrowBlock ? 1 : 2; }
  // A page's block size is kept in 16 bits: exact below 2048 (every page of more than one row),
  // above in 11 significant bits (a row larger than a page, in a block rounded up to them by
  // block_size: at most a 1024th more).
  static std::size_t capacity(const Page& p) { return std::size_t{p.size_code & 0x7ffu} << (p.size_code >> 11); }
  static std::size_t block_size(std::size_t size) {
    const unsigned shift = size_shift(size);
    return (size + (std::size_t{1} << shift) - 1) >> shift << shift;  // (2048 << shift at most: 11 bits)
  }
  // REQUIRES: block_size(capacity) == capacity.
  static void set_capacity(Page& p, std::size_t capacity) {
    const unsigned shift = size_shift(capacity);
    p.size_code = static_cast<std::uint16_t>(shift << 11 | capacity >> shift);
  }
  // The bytes of page p's rows, from the block's front. In a page of a row over 64 KiB the
  // entry does not say, and the row's own bytes tell (Row::packed_size).
  static constexpr std::uint16_t kUsedUnknown = 0xffff;
  static std::size_t used(const Page& p) {
    return p.used_bytes != kUsedUnknown ? p.used_bytes : offset(p, p.count - 1u) + row(p, p.count - 1u).packed_size();
  }
  static void set_used(Page& p, std::size_t used) {
    p.used_bytes = static_cast<std::uint16_t>(used < kUsedUnknown ? used : kUsedUnknown);
  }

  // True when every row of `pg` is live and holds no tombstone to a read that shadows its rows
  // at `shadow` (the partition's deletion, where no range tombstone adds to it): the page implies
  // its rows' flags, they are Row::plainly_live ones (so no row deletion either), and its base,
  // at or below every marker's timestamp, is after the shadow.
  static bool all_live(const Page& pg, std::int64_t shadow) {
    const RowShape& shape = shape_of(pg.shape);
    return shape.implied && Row::plainly_live(shape.flags) && pg.base > shadow;
  }

  // Where row k's bytes start in its page's block.
  static std::size_t offset(const Page& p, std::size_t k) {
    const std::size_t capacity = RowPages::capacity(p);
    const char* end = p.block + capacity;
    if (capacity <= kNarrowBlock) return static_cast<unsigned char>(end[-static_cast<std::ptrdiff_t>(p.count - k)]);
    std::uint16_t off;
    __builtin_memcpy(&off, end - 2 * (p.count - k), sizeof off);
    return off;
  }
  static Row row(const Page& p, std::size_t k) { return Row(p.block + offset(p, k), p.base, shape_of(p.shape)); }

 private:
  // Replaces page `i` by one or more pages holding `rows` (sorted, packed against `base` with
  // `shape`), split when they do not fit one page: the slow path of a write.
  void relayout(std::size_t i, const std::vector<Span>& rows, std::int64_t base, ShapeId shape,
                const ClusteringComparator& cmp);
  // A page for one row, packed with the table's shape (cmp.shape()): the page implies the row's
  // flags unless it has collections.
  void new_page(std::size_t at, const char* bytes, std::size_t size, std::int64_t base,
                const ClusteringComparator& cmp);
  // Page `i`'s rows with their flags byte again, in the table's shape: for a row whose flags
  // differ from those the page implies.
  void make_explicit(std::size_t i, const ClusteringComparator& cmp);
  void fix_starts(std::size_t from);

  // How far a block size is shifted to keep its 11 significant bits (0 below 2048).
  static unsigned size_shift(std::size_t size) {
    const auto bits = static_cast<unsigned>(std::bit_width(size));
    return bits <= 11 ? 0 : bits - 11;
  }

  // The two forms share the first member's type, so `one_.count` may be read in either: it is
  // the single page's row count (never 0), or 0 in the list form (which may be empty).
  struct List {
    std::uint8_t zero = 0;
    std::uint8_t unused = 0;
    std::uint16_t unused_too = 0;
    std::uint32_t spare = 0;
    PageList pages;  // never holds a page of no rows
  };
  // Puts spare() back after a change that rebuilt the entry (a new form, a relaid page).
  struct KeepSpare {
    RowPages& pages;
    std::uint32_t value = pages.spare();
    ~KeepSpare() { pages.set_spare(value); }
  };
  bool single() const { return one_.count != 0; }
  std::size_t page_count() const { return single() ? 1 : many_.pages.size(); }
  const Page* page_data() const { return single() ? &one_ : many_.pages.data(); }
  Page* page_data() { return single() ? &one_ : many_.pages.data(); }
  const Page& page(std::size_t i) const { return page_data()[i]; }
  Page& page(std::size_t i) { return page_data()[i]; }
  // Sets page i's key prefix (kept in the list form only: one page is never searched for).
  void set_prefix(std::size_t i, std::uint64_t prefix) {
    if (!single()) many_.pages.prefix(i).prefix = prefix;
  }
  // The list form, moving a single page into a new list first. Throws (bad_alloc) before
  // changing anything.
  PageList& list(const ClusteringComparator& cmp);
  // Takes `o`'s pages, leaving `o` empty. REQUIRES: this is empty.
  void take(RowPages& o) noexcept;

  union {
    Page one_;
    List many_;
  };
};
static_assert(sizeof(RowPages::Page) == 24 && sizeof(RowPages) == 24, "a one-page partition holds its entry");

}  // namespace cqlbox::store
