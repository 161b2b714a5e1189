#include "store/row_pages.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <memory>
#include <string>

#include "store/row_memory.hpp"

namespace cqlbox::store {

namespace {

// Scratch reused by every write: the rows of a page being rebuilt, and the new row's bytes.
std::vector<RowPages::Span>& spans_scratch() {
  thread_local std::vector<RowPages::Span> spans;
  return spans;
}
std::vector<char>& row_scratch() {
  thread_local std::vector<char> bytes;
  return bytes;
}

// A block for `need` bytes of rows and offsets, with a 32nd more and the rest of malloc's chunk as
// room (row_memory.hpp: grown pages come from malloc). More room means fewer copies as a page
// grows and more memory held. Measured on the benchmark's million random inserts: room of a
// quarter 42 MB and 1.41 s, a 32nd 36.7 MB and 1.42 s, none 36.2 MB and 1.5 s.
std::size_t room_for(std::size_t need, bool single) {
  std::size_t cap = row_memory::heap_fit(need + need / 32);
  if (!single) cap = std::min(cap, std::max(need, RowPages::kPageBytes));
  return RowPages::block_size(cap);
}
// The block for `bytes` of `count` rows: with one-byte offsets when that block is narrow.
std::size_t capacity_for(std::size_t bytes, std::size_t count, bool single) {
  const std::size_t narrow = room_for(bytes + count, single);
  return narrow <= RowPages::kNarrowBlock ? narrow : room_for(bytes + 2 * count, single);
}

std::size_t width(const RowPages::Page& p) { return RowPages::offset_width(RowPages::capacity(p)); }
std::size_t offset_at(const RowPages::Page& p, std::size_t k) { return RowPages::offset(p, k); }
// The offsets' start, at the block's back.
char* offsets_of(const RowPages::Page& p) {
  const std::size_t capacity = RowPages::capacity(p);
  return p.block + capacity - RowPages::offset_width(capacity) * p.count;
}
void write_offset(char* at, std::size_t width, std::size_t off) {
  if (width == 1) {
    *at = static_cast<char>(off);
    return;
  }
  const auto v = static_cast<std::uint16_t>(off);
  std::memcpy(at, &v, sizeof v);
}

// Moves page `p` to a block of `capacity` bytes (its rows fit), widening or narrowing its offsets.
void move_block(RowPages::Page& p, std::size_t capacity) {
  RowPages::Page moved = p;
  RowPages::set_capacity(moved, capacity);
  moved.block = row_memory::allocate_sized(capacity);
  std::memcpy(moved.block, p.block, RowPages::used(p));
  if (const std::size_t w = width(moved); w == width(p)) {
    std::memcpy(offsets_of(moved), offsets_of(p), w * p.count);
  } else {
    for (std::size_t k = 0; k < p.count; ++k) write_offset(offsets_of(moved) + w * k, w, offset_at(p, k));
  }
  row_memory::release_sized(p.block, RowPages::capacity(p));
  p = moved;
}

std::size_t free_bytes(const RowPages::Page& p, std::size_t used) {
  return RowPages::capacity(p) - used - width(p) * p.count;
}

// Row k's bytes, in a page whose rows are its first `used` bytes.
std::size_t row_size(const RowPages::Page& p, std::size_t k, std::size_t used) {
  return (k + 1 < p.count ? offset_at(p, k + 1) : used) - offset_at(p, k);
}

// The rows of `p` in clustering order with their sizes.
void live_spans(const RowPages::Page& p, std::vector<RowPages::Span>& out) {
  out.clear();
  const std::size_t used = RowPages::used(p);
  for (std::size_t k = 0; k < p.count; ++k) out.push_back({p.block + offset_at(p, k), row_size(p, k, used)});
}

// Adds `delta` to the offsets of rows k.. (their bytes moved by that much).
void shift_offsets(RowPages::Page& p, std::size_t k, std::ptrdiff_t delta) {
  char* at = offsets_of(p);
  if (width(p) == 1) {
    for (; k < p.count; ++k) at[k] = static_cast<char>(static_cast<unsigned char>(at[k]) + delta);
    return;
  }
  // Eight offsets an add where the target has vectors (an insert into the middle of a full
  // page moves some 60 of them; one at a time this loop was 2% of an ingest), then the rest.
  using Eight = std::uint16_t __attribute__((vector_size(16)));
  const auto d16 = static_cast<std::uint16_t>(delta);
  const Eight add = {d16, d16, d16, d16, d16, d16, d16, d16};
  for (at += 2 * k; k + 8 <= p.count; k += 8, at += 16) {
    Eight v;
    std::memcpy(&v, at, sizeof v);
    v += add;
    std::memcpy(at, &v, sizeof v);
  }
  for (; k < p.count; ++k, at += 2) {
    std::uint16_t off;
    std::memcpy(&off, at, sizeof off);
    off = static_cast<std::uint16_t>(off + d16);
    std::memcpy(at, &off, sizeof off);
  }
}

}  // namespace

RowPages::~RowPages() {
  clear();
  many_.~List();  // clear() leaves the list form
}

RowPages& RowPages::operator=(RowPages&& o) noexcept {
  if (this != &o) {
    clear();
    take(o);
  }
  return *this;
}

void RowPages::take(RowPages& o) noexcept {
  if (o.single()) {
    many_.~List();
    new (&one_) Page(o.one_);  // with its spare()
    new (&o.many_) List();
  } else {
    many_.pages = std::move(o.many_.pages);
    many_.spare = o.many_.spare;
    o.many_.spare = 0;
  }
}

void RowPages::clear() noexcept {
  KeepSpare keep{*this};
  for (const Page& p : pages()) {
    for (std::size_t k = 0; k < p.count; ++k) delete row(p, k).complex_ptr();
    row_memory::release_sized(p.block, capacity(p));
  }
  if (single())
    new (&many_) List();
  else
    many_.pages.clear();
}

RowPages::PageList& RowPages::list(const ClusteringComparator& cmp) {
  if (single()) {
    PageList pages;
    pages.reserve(2);  // the page about to join this one
    pages.open(0, 1);
    pages[0] = one_;
    pages[0].note = 0;  // it held spare()
    pages.prefix(0) = {row(one_, 0).key_prefix(cmp), 0};
    const std::uint32_t spare = one_.note;
    new (&many_) List();
    many_.pages = std::move(pages);
    many_.spare = spare;
  }
  return many_.pages;
}

void RowPages::fix_starts(std::size_t from) {
  if (single()) return;  // one page starts at 0
  std::uint32_t start = from == 0 ? 0 : many_.pages.prefix(from - 1).start + page(from - 1).count;
  for (std::size_t i = from; i < page_count(); ++i) {
    many_.pages.prefix(i).start = start;
    start += page(i).count;
  }
}

RowPages::Pos RowPages::end_pos() const {
  if (empty()) return {};
  return {page_count() - 1, page(page_count() - 1).count, size()};
}

RowPages::Pos RowPages::locate(std::size_t index) const {
  if (index >= size()) return end_pos();
  if (single()) return {0, index, index};
  // The last page starting at or before `index`.
  const PageKey* keys = many_.pages.prefixes();
  const PageKey* it = std::upper_bound(keys, keys + page_count(), index,
                                       [](std::size_t i, const PageKey& key) { return i < key.start; });
  const auto at = static_cast<std::size_t>(it - keys) - 1;
  return {at, index - keys[at].start, index};
}

namespace {

// The key prefixes of one page's rows (Row::key_prefix), with the page's shape looked up once.
// Where its rows start with their key (the page implies their flags) and the key's first
// component is a packed integer (a time series' timestamp, an int), the prefix is read there
// without making the row: a search within a page reads one at each of its probes.
class PagePrefixes {
 public:
  PagePrefixes(const RowPages::Page& page, const ClusteringComparator& cmp) : page_(page), cmp_(cmp) {
    const RowShape& shape = shape_of(page.shape);
    packed_int_ = shape.implied && shape.parts != 0 && shape.width(0) != 0;
  }
  std::uint64_t operator()(std::size_t k) const {
    std::uint64_t prefix = 0;
    if (packed_int_ && Row::packed_int_prefix(page_.block + RowPages::offset(page_, k), cmp_, prefix)) return prefix;
    return RowPages::row(page_, k).key_prefix(cmp_);
  }

 private:
  const RowPages::Page& page_;
  const ClusteringComparator& cmp_;
  bool packed_int_ = false;
};

// The first position from `from` where a row stops being before the searched key (pred is true
// for a leading run of rows and false after). Pages by their first rows, then rows in one page.
// pred(prefix, row) takes the row's key prefix and a function giving the row: a page's first
// row is read only when its prefix ties (a cache miss per probe otherwise).
// `keys`: the pages' first key prefixes and indexes (read only when there are two pages or more).
template <class Pred>
RowPages::Pos partition_from(std::span<const RowPages::Page> pages, const RowPages::PageKey* keys, std::size_t size,
                             RowPages::Pos from, const ClusteringComparator& cmp, Pred pred) {
  if (pages.empty()) return {};
  if (from.index >= size) return {pages.size() - 1, pages.back().count, size};
  std::size_t lo = from.page + 1, n = pages.size() - lo;
  while (n > 0) {
    const std::size_t half = n / 2, mid = lo + half;
    if (pred(keys[mid].prefix, [&] { return RowPages::row(pages[mid], 0); })) {
      lo = mid + 1;
      n -= half + 1;
    } else {
      n = half;
    }
  }
  const std::size_t q = lo - 1;
  const RowPages::Page& p = pages[q];
  // The probes below read rows all over the block: ask for all of it at once, so the misses
  // overlap instead of following one another. (A row of over 64 KiB, whose used bytes are
  // unknown, has a page to itself, where no probe reads.)
  const std::size_t ahead = std::min<std::size_t>(p.used_bytes, RowPages::kPageBytes);
  for (std::size_t at = 0; at < ahead; at += 64) __builtin_prefetch(p.block + at);
  __builtin_prefetch(offsets_of(p));
  const PagePrefixes prefix_of(p, cmp);
  std::size_t k = q == from.page ? from.k : 1, m = p.count - k;
  while (m > 0) {
    const std::size_t half = m / 2, mid = k + half;
    if (pred(prefix_of(mid), [&] { return RowPages::row(p, mid); })) {
      k = mid + 1;
      m -= half + 1;
    } else {
      m = half;
    }
  }
  if (k == p.count && q + 1 < pages.size()) return {q + 1, 0, keys[q + 1].start};
  return {q, k, (q == 0 ? 0 : keys[q].start) + k};  // (the single form has no keys, and one page)
}

}  // namespace

RowPages::Pos RowPages::lower_bound(std::string_view key, std::uint64_t prefix, const ClusteringComparator& cmp) const {
  // Time series write at the end of a partition: one look at the last row settles those
  // without reading the rest of its page.
  if (!empty()) {
    const Page& last = page(page_count() - 1);
    const std::uint64_t p = PagePrefixes(last, cmp)(last.count - 1u);
    if (p < prefix) return end_pos();
    if (p == prefix) {
      const RowKey k = row(last, last.count - 1u).clustering();
      if (cmp.compare(k, key) < 0) return end_pos();
    }
  }
  return partition_from(pages(), single() ? nullptr : many_.pages.prefixes(), size(), Pos{}, cmp,
                        [&](std::uint64_t p, auto row) {
                          if (p != prefix) return p < prefix;
                          const RowKey k = row().clustering();
                          return cmp.compare(k, key) < 0;
                        });
}

std::uint64_t RowPages::key_prefix(const Pos& pos, const ClusteringComparator& cmp) const {
  return PagePrefixes(page(pos.page), cmp)(pos.k);
}

RowPages::Pos RowPages::head_end(const Pos& from, std::string_view head, std::uint64_t prefix,
                                 const ClusteringComparator& cmp) const {
  return partition_from(pages(), single() ? nullptr : many_.pages.prefixes(), size(), from, cmp,
                        [&](std::uint64_t p, auto row) {
                          if (p != prefix) return p < prefix;
                          const RowKey k = row().clustering();
                          return cmp.compare_head(k, head) <= 0;
                        });
}

void RowPages::new_page(std::size_t at, const char* bytes, std::size_t size, std::int64_t base,
                        const ClusteringComparator& cmp) {
  const bool first = empty();
  if (!first) list(cmp).reserve(page_count() + 1);
  Page p;
  p.shape = cmp.shape_id();
  if (const auto flags = static_cast<unsigned char>(bytes[0]); !(flags & Row::kComplexFlag)) {
    if (const ShapeId implied = implied_shape_id(p.shape, flags); shape_of(implied).implied) {
      p.shape = implied;
      ++bytes;
      --size;
    }
  }
  // A partition's first row gets a block of its own size, with no room to grow: in a table of
  // many small partitions (one per user, per device) most stay at one row, and that room was
  // 16 of a one-row partition's 164 bytes. A second row moves the page to a block with room
  // (put's copy below). A time series' next page keeps room for the appends that follow.
  std::size_t capacity = capacity_for(size, 1, true);
  if (first) {
    capacity = row_memory::pooled_fit(1 + size);
    if (capacity > kNarrowBlock) capacity = block_size(row_memory::pooled_fit(2 + size));
  }
  set_capacity(p, capacity);
  p.block = row_memory::allocate_sized(capacity);
  std::memcpy(p.block, bytes, size);
  set_used(p, size);
  p.count = 1;
  write_offset(offsets_of(p), width(p), 0);
  p.base = base;
  assert(used(p) == row(p, 0).packed_size());
  if (first) {  // the single form: no list
    many_.~List();
    new (&one_) Page(p);
    return;
  }
  many_.pages.open(at, 1);  // reserved: does not throw
  many_.pages[at] = p;
  many_.pages.prefix(at).prefix = row(p, 0).key_prefix(cmp);
  fix_starts(at);
}

void RowPages::relayout(std::size_t i, const std::vector<Span>& rows, std::int64_t base, ShapeId shape,
                        const ClusteringComparator& cmp) {
  const std::size_t n = rows.size();
  std::size_t total = 2 * n;
  for (const Span& s : rows) total += s.size;
  // Pieces of about equal bytes (one when the rows fit a page); a row larger than a page alone.
  struct Piece {
    std::size_t first, count, bytes;
  };
  std::vector<Piece> pieces;
  if (n == 1 || (n <= kPageRows && total <= kPageBytes)) {
    pieces.push_back({0, n, total});
  } else {
    const std::size_t parts =
        std::max<std::size_t>({2, (total + kPageBytes - 1) / kPageBytes, (n + kPageRows - 1) / kPageRows});
    const std::size_t target = total / parts, target_rows = (n + parts - 1) / parts;
    std::size_t first = 0, count = 0, acc = 0;
    for (std::size_t r = 0; r < n; ++r) {
      const std::size_t sz = 2 + rows[r].size;
      // The last part takes the rest, unless that would pass a page's limits.
      const bool last = pieces.size() + 1 >= parts;
      if (count > 0 &&
          ((!last && (acc + sz > target || count == target_rows)) || acc + sz > kPageBytes || count == kPageRows)) {
        pieces.push_back({first, count, acc});
        first = r;
        count = 0;
        acc = 0;
      }
      ++count;
      acc += sz;
    }
    pieces.push_back({first, count, acc});
  }

  // Everything is allocated before anything changes: a failed allocation leaves the page as it
  // was (a single page may have moved to a list of one, which holds the same rows).
  if (pieces.size() > 1) list(cmp).reserve(page_count() + pieces.size() - 1);
  std::vector<Page> built(pieces.size());
  for (std::size_t j = 0; j < pieces.size(); ++j) {
    Page& p = built[j];
    set_capacity(p, capacity_for(pieces[j].bytes - 2 * pieces[j].count, pieces[j].count, pieces[j].count == 1));
    try {
      p.block = row_memory::allocate_sized(capacity(p));
    } catch (...) {
      for (std::size_t m = 0; m < j; ++m) row_memory::release_sized(built[m].block, capacity(built[m]));
      throw;
    }
    p.count = static_cast<std::uint8_t>(pieces[j].count);
    p.shape = shape;
    p.base = base;
    std::size_t at = 0;
    const std::size_t w = offset_width(capacity(p));
    for (std::size_t k = 0; k < p.count; ++k) {
      const Span& s = rows[pieces[j].first + k];
      assert(at <= 0xffff);
      write_offset(offsets_of(p) + w * k, w, at);
      std::memcpy(p.block + at, s.bytes, s.size);
      at += s.size;
    }
    set_used(p, at);
  }
  row_memory::release_sized(page(i).block, capacity(page(i)));
  if (built.size() == 1) {
    page(i) = built[0];
    set_prefix(i, row(built[0], 0).key_prefix(cmp));
  } else {
    many_.pages.open(i + 1, built.size() - 1);  // reserved: does not throw
    for (std::size_t j = 0; j < built.size(); ++j) {
      many_.pages[i + j] = built[j];
      many_.pages.prefix(i + j).prefix = row(built[j], 0).key_prefix(cmp);
    }
  }
  fix_starts(i);
}

void RowPages::make_explicit(std::size_t i, const ClusteringComparator& cmp) {
  const Page& pg = page(i);
  const char flags = static_cast<char>(shape_of(pg.shape).flags);
  std::string bytes(used(pg) + pg.count, '\0');
  std::vector<Span>& rows = spans_scratch();
  live_spans(pg, rows);
  std::size_t at = 0;
  for (Span& r : rows) {
    bytes[at] = flags;
    std::memcpy(bytes.data() + at + 1, r.bytes, r.size);
    r = {bytes.data() + at, r.size + 1};
    at += r.size;
  }
  relayout(i, rows, pg.base, cmp.shape_id(), cmp);
}

void RowPages::put(const Pos& pos, bool replace, const RowData& d, std::vector<ComplexColumn>* complex,
                   const ClusteringComparator& cmp) {
  KeepSpare keep{*this};
  // The new row is packed into `bytes` (grown to the bound, never shrunk): its first `size`.
  std::vector<char>& bytes = row_scratch();
  std::size_t size = 0;
  const std::int64_t ts = d.marker.exists() ? d.marker.timestamp : kNoTimestamp;
  auto pack = [&](std::int64_t base) {
    const std::size_t bound = Row::packed_size_bound(d, complex != nullptr);
    if (bytes.size() < bound) bytes.resize(bound);
    size = static_cast<std::size_t>(Row::pack(bytes.data(), d, base, complex, cmp.shape()) - bytes.data());
  };
  if (empty() || (!replace && pos.page + 1 == page_count() && pos.k == page(pos.page).count &&
                  (page(pos.page).count + std::size_t{1} > kPageRows ||
                   (capacity(page(pos.page)) >= kPageBytes &&
                    free_bytes(page(pos.page), used(page(pos.page))) <
                        2 + Row::packed_size(d, ts == kNoTimestamp ? 0 : ts, complex != nullptr, cmp.shape()))))) {
    // The first row, or a time series appending after a full last page: a new page, the old
    // one left full.
    pack(ts == kNoTimestamp ? 0 : ts);
    return new_page(page_count(), bytes.data(), size, ts, cmp);
  }

  Page& pg = page(pos.page);
  assert(pos.k < pg.count || (!replace && pos.k == pg.count));
  // The page's base must stay at or below every marker in it: an older marker re-packs the page.
  if (ts != kNoTimestamp && pg.base == kNoTimestamp) {
    pg.base = ts;  // no row here has a marker yet, so none reads the base
  } else if (ts != kNoTimestamp && ts < pg.base) {
    RowData old;
    std::vector<std::string> repacked(pg.count);
    std::vector<Span> rows(pg.count);
    for (std::size_t k = 0; k < pg.count; ++k) {
      const Row r = row(pg, k);
      r.decode(old);
      const RowShape& shape = shape_of(pg.shape);
      repacked[k].resize(Row::packed_size(old, ts, r.complex_ptr() != nullptr, shape));
      Row::pack(repacked[k].data(), old, ts, r.complex_ptr(), shape);
      rows[k] = {repacked[k].data(), repacked[k].size()};
    }
    // The base changes with the bytes (relayout may throw: then neither has changed). Longer
    // deltas may not fit one page any more: find the row's place again.
    const std::size_t pages = page_count();
    relayout(pos.page, rows, ts, pg.shape, cmp);
    if (page_count() != pages)
      return put(lower_bound(d.clustering, cmp.prefix(d.clustering), cmp), replace, d, complex, cmp);
  }
  Page& page = this->page(pos.page);
  pack(page.base);
  // The row's bytes as the page keeps them: without the flags byte its shape implies. Other
  // flags make the page keep each row's (its rows may then take two pages: find the place again).
  const char* row_bytes = bytes.data();
  if (const RowShape& shape = shape_of(page.shape); shape.implied) {
    if (static_cast<unsigned char>(bytes[0]) != shape.flags) {
      make_explicit(pos.page, cmp);
      return put(lower_bound(d.clustering, cmp.prefix(d.clustering), cmp), replace, d, complex, cmp);
    }
    ++row_bytes;
    --size;
  }

  std::vector<ComplexColumn>* replaced = nullptr;
  if (replace) replaced = row(page, pos.k).complex_ptr();
  const std::size_t page_used = used(page);
  const std::size_t old_size = replace ? row_size(page, pos.k, page_used) : 0;
  // (An insert into a page at its row limit, or into the oversized block of a row that was
  // larger than a page, takes the slow path below, which resizes or splits the page.)
  bool fits = size + (replace ? 0 : width(page)) <= old_size + free_bytes(page, page_used) &&
              page_used + size - old_size <= 0xffff &&
              (replace || (page.count < kPageRows && capacity(page) <= kPageBytes));
  // No room, in a page that may grow: it is copied to a block sized for it (larger, or smaller
  // after a row larger than a page was rewritten small), where the row then fits.
  if (const std::size_t need = page_used + 2 * page.count + size + 2;
      !fits && !replace && need <= kPageBytes && page.count < kPageRows && page_used + size <= 0xffff) {
    move_block(page, capacity_for(page_used + size, page.count + std::size_t{1}, false));
    fits = true;
  }
  if (fits) {
    // Rows stay in clustering order in the block too, so a search's last probes share cache
    // lines: the rows after this one move by the size difference, their offsets with them.
    const std::size_t at = pos.k < page.count ? offset_at(page, pos.k) : page_used;
    const std::size_t tail = page_used - at - old_size;
    std::memmove(page.block + at + size, page.block + at + old_size, tail);
    std::memcpy(page.block + at, row_bytes, size);
    set_used(page, page_used + size - old_size);
    if (replace) {
      shift_offsets(page, pos.k + 1, static_cast<std::ptrdiff_t>(size) - static_cast<std::ptrdiff_t>(old_size));
      if (replaced && replaced != complex) delete replaced;
    } else {
      const std::size_t w = width(page);
      char* offsets = offsets_of(page);
      std::memmove(offsets - w, offsets, w * pos.k);
      write_offset(offsets - w + w * pos.k, w, at);
      ++page.count;
      shift_offsets(page, pos.k + 1, static_cast<std::ptrdiff_t>(size));
      fix_starts(pos.page + 1);
    }
    assert(used(page) == offset_at(page, page.count - 1u) + row(page, page.count - 1u).packed_size());
    if (pos.k == 0) set_prefix(pos.page, cmp.prefix(d.clustering));
    return;
  }

  // No room, and the page may not grow (a replaced row, a page at its limits, or the oversized
  // block of a row larger than a page): it is rebuilt from its rows and the new one, split.
  std::vector<Span>& rows = spans_scratch();
  live_spans(page, rows);
  if (replace)
    rows[pos.k] = {row_bytes, size};
  else
    rows.insert(rows.begin() + static_cast<std::ptrdiff_t>(pos.k), Span{row_bytes, size});
  relayout(pos.page, rows, page.base, page.shape, cmp);
  if (replaced && replaced != complex) delete replaced;  // (relayout fixed the starts)
}

void RowPages::erase(const Pos& pos, const ClusteringComparator& cmp) {
  KeepSpare keep{*this};
  Page& pg = page(pos.page);
  std::vector<ComplexColumn>* complex = row(pg, pos.k).complex_ptr();
  if (pg.count == 1) {
    row_memory::release_sized(pg.block, capacity(pg));
    if (single())
      new (&many_) List();  // empty
    else
      many_.pages.erase(pos.page);
  } else {
    const std::size_t page_used = used(pg);
    const std::size_t at = offset_at(pg, pos.k), size = row_size(pg, pos.k, page_used);
    std::memmove(pg.block + at, pg.block + at + size, page_used - at - size);
    set_used(pg, page_used - size);
    shift_offsets(pg, pos.k + 1, -static_cast<std::ptrdiff_t>(size));
    const std::size_t w = width(pg);
    char* offsets = offsets_of(pg);
    std::memmove(offsets + w, offsets, w * pos.k);
    --pg.count;
    if (pos.k == 0) set_prefix(pos.page, row(pg, 0).key_prefix(cmp));
  }
  delete complex;
  fix_starts(pos.page);
}

}  // namespace cqlbox::store
