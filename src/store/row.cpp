#include "store/row.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "store/row_memory.hpp"

namespace cqlbox::store {

namespace {

enum RowFlag : unsigned char { kMarker = 1, kMarkerTtl = 2, kDeletion = 4, kComplex = Row::kComplexFlag, kDense = 16 };
// A dense row's cell count sits in the flags' top three bits (7: a varint count follows).
constexpr unsigned kCountShift = 5;
constexpr std::size_t kInlineCount = 7;
enum CellFlag : unsigned char { kTombstone = 1, kTtl = 2, kMarkerTimestamp = 4, kLocalTime = 8 };

std::size_t varint_size(std::uint64_t v) { return varint::size(v); }
void put_varint(char*& p, std::uint64_t v) { p = varint::put(p, v); }

template <class T>
void put(char*& p, T v) {
  std::memcpy(p, &v, sizeof v);
  p += sizeof v;
}

template <class T>
T get(const char*& p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  p += sizeof v;
  return v;
}

unsigned char cell_flags(const Cell& c, std::int64_t marker_ts) {
  unsigned char f = 0;
  if (c.tombstone) f |= kTombstone;
  if (c.ttl > 0) f |= kTtl;
  if (c.timestamp == marker_ts) f |= kMarkerTimestamp;
  if (c.tombstone || c.ttl > 0 || c.local_time != kNoExpiry) f |= kLocalTime;
  return f;
}

}  // namespace

int Row::read_cell(const char*& p, std::int64_t marker_ts, CellRef& c) {
  const auto slot = static_cast<int>(read_varint(p));
  const auto f = static_cast<unsigned char>(*p++);
  c.timestamp = (f & kMarkerTimestamp) ? marker_ts : get<std::int64_t>(p);
  c.ttl = (f & kTtl) ? get<std::int32_t>(p) : 0;
  c.local_time = (f & kLocalTime) ? get<std::int64_t>(p) : kNoExpiry;
  c.tombstone = (f & kTombstone) != 0;
  const auto len = static_cast<std::size_t>(read_varint(p));
  c.value = std::string_view(p, len);
  p += len;
  return slot;
}

namespace {

// Dense: every cell a plain live one at the marker's timestamp, in slots 0..n-1, of the size the
// shape gives where it gives the slot's values one.
bool dense_cells(const RowData& d, const RowShape& shape, std::size_t* count) {
  std::size_t n = 0;
  bool dense = d.marker.exists();
  for (std::size_t slot = 0; slot < d.cells.size(); ++slot) {
    const Cell& c = d.cells[slot];
    if (!c.exists()) {
      dense = false;
      continue;
    }
    ++n;
    const std::size_t fixed = shape.fixed_size(slot);
    if (c.tombstone || c.ttl > 0 || c.local_time != kNoExpiry || c.timestamp != d.marker.timestamp || n != slot + 1 ||
        (fixed != 0 && c.value.size() != fixed))
      dense = false;
  }
  *count = n;
  return dense;
}

std::uint64_t delta(std::int64_t ts, std::int64_t base) {
  return static_cast<std::uint64_t>(ts) - static_cast<std::uint64_t>(base);
}

}  // namespace

std::size_t Row::packed_size(const RowData& d, std::int64_t base, bool complex, const RowShape& shape) {
  std::size_t cells = 0;
  const bool dense = dense_cells(d, shape, &cells);
  const std::int64_t marker_ts = d.marker.exists() ? d.marker.timestamp : kNoTimestamp;
  std::size_t size = (shape.implied ? 0 : 1) + (complex ? sizeof(void*) : 0) + packed_key_size(d.clustering, shape);
  if (d.marker.exists()) size += varint_size(delta(d.marker.timestamp, base)) + (d.marker.ttl > 0 ? 12 : 0);
  if (d.deletion.exists()) size += 16;
  if (!dense || cells >= kInlineCount) size += varint_size(cells);
  for (std::size_t slot = 0; slot < d.cells.size(); ++slot) {
    const Cell& c = d.cells[slot];
    if (!c.exists()) continue;
    if (dense) {
      size += (shape.fixed_size(slot) ? 0 : varint_size(c.value.size())) + c.value.size();
      continue;
    }
    size += varint_size(c.value.size()) + c.value.size();
    const unsigned char f = cell_flags(c, marker_ts);
    size +=
        varint_size(slot) + 1 + ((f & kMarkerTimestamp) ? 0 : 8) + ((f & kTtl) ? 4 : 0) + ((f & kLocalTime) ? 8 : 0);
  }
  return size;
}

std::size_t Row::packed_size_bound(const RowData& d, bool complex) {
  // Flags, the collections pointer, the key (a packed component is at most one byte longer than
  // its standard form, whose length takes a byte at least), marker (a varint delta, TTL and
  // expiry), deletion, cell count; per cell its slot, flags, timestamp, TTL, local time and
  // value with its length.
  std::size_t size = 1 + (complex ? sizeof(void*) : 0) + 2 * d.clustering.size() + (10 + 12) + 16 + 10;
  for (const Cell& c : d.cells) size += 10 + 1 + 8 + 4 + 8 + 10 + c.value.size();
  return size;
}

char* Row::pack(char* out, const RowData& d, std::int64_t base, std::vector<ComplexColumn>* complex,
                const RowShape& shape) {
  std::size_t cells = 0;
  const bool dense = dense_cells(d, shape, &cells);
  const std::int64_t marker_ts = d.marker.exists() ? d.marker.timestamp : kNoTimestamp;
  char* p = out;
  unsigned char flags = 0;
  if (d.marker.exists()) flags |= kMarker;
  if (d.marker.exists() && d.marker.ttl > 0) flags |= kMarkerTtl;
  if (d.deletion.exists()) flags |= kDeletion;
  if (complex) flags |= kComplex;
  if (dense) flags |= static_cast<unsigned char>(kDense | std::min<std::size_t>(cells, kInlineCount) << kCountShift);
  assert(!shape.implied || flags == shape.flags);
  if (!shape.implied) *p++ = static_cast<char>(flags);
  if (complex) put(p, complex);
  p = pack_key(p, d.clustering, shape);
  if (flags & kMarker) {
    assert(d.marker.timestamp >= base);
    put_varint(p, delta(d.marker.timestamp, base));
    if (flags & kMarkerTtl) {
      put(p, d.marker.ttl);
      put(p, d.marker.expiry);
    }
  }
  if (flags & kDeletion) {
    put(p, d.deletion.timestamp);
    put(p, d.deletion.local_time);
  }
  if (!dense || cells >= kInlineCount) put_varint(p, cells);
  for (std::size_t slot = 0; slot < d.cells.size(); ++slot) {
    const Cell& c = d.cells[slot];
    if (!c.exists()) continue;
    if (!dense) {
      const unsigned char f = cell_flags(c, marker_ts);
      put_varint(p, slot);
      *p++ = static_cast<char>(f);
      if (!(f & kMarkerTimestamp)) put(p, c.timestamp);
      if (f & kTtl) put(p, c.ttl);
      if (f & kLocalTime) put(p, c.local_time);
    }
    if (!dense || !shape.fixed_size(slot)) put_varint(p, c.value.size());
    std::memcpy(p, c.value.data(), c.value.size());
    p += c.value.size();
  }
  // Pages and the row pools size blocks from packed_size: they must agree exactly.
  assert(static_cast<std::size_t>(p - out) == packed_size(d, base, complex != nullptr, shape));
  assert(static_cast<std::size_t>(p - out) <= packed_size_bound(d, complex != nullptr));
  return p;
}

std::vector<ComplexColumn>* Row::complex_ptr() const {
  if (!packed_ || !(flags() & kComplex)) return nullptr;
  const char* p = packed_ + 1;  // (a page that implies the flags has no collections flag)
  return get<std::vector<ComplexColumn>*>(p);
}

void Row::decode(RowData& out) const {
  const RowKey key(*this);
  out.clustering.assign(key.view());
  out.marker = marker();
  out.deletion = deletion();
  out.cells.clear();
  for_each_cell([&](int slot, const CellRef& c) {
    const auto i = static_cast<std::size_t>(slot);
    if (out.cells.size() <= i) out.cells.resize(i + 1);
    Cell& cell = out.cells[i];
    cell.value.assign(c.value);
    cell.timestamp = c.timestamp;
    cell.ttl = c.ttl;
    cell.local_time = c.local_time;
    cell.tombstone = c.tombstone;
  });
}

// The flags say first whether there is one: a read asks every row for its deletion
// (Partition::row_shadow), which few rows have.
Liveness Row::marker() const {
  if (!packed_ || !(flags() & kMarker)) return {};
  return header().marker;
}

Deletion Row::deletion() const {
  if (!packed_ || !(flags() & kDeletion)) return {};
  return header().deletion;
}

Row::Header Row::header() const {
  Header h;
  if (!packed_) return h;
  bool dense = false;
  std::uint64_t n = 0;
  cells_begin(&h.marker.timestamp, &dense, &n, &h);
  return h;
}

bool Row::plainly_live(unsigned char flags) {
  return (flags & (kMarker | kMarkerTtl | kDeletion | kComplex | kDense)) == (kMarker | kDense);
}

const char* Row::cells_begin(std::int64_t* marker_ts, bool* dense, std::uint64_t* count, Header* header) const {
  // One pass over the header: flags, collections pointer, clustering, marker, deletion.
  const auto flags = this->flags();
  const char* p = skip_key(after_flags());
  // Read whole (into a scratch header when the caller wants only where the cells start):
  // loading them costs what skipping them would.
  Header scratch;
  Header& h = header ? *header : scratch;
  if (flags & kMarker) {
    *marker_ts = static_cast<std::int64_t>(static_cast<std::uint64_t>(base_) + read_varint(p));
    if (flags & kMarkerTtl) {
      h.marker.ttl = get<std::int32_t>(p);
      h.marker.expiry = get<std::int64_t>(p);
    }
  }
  if (flags & kDeletion) {
    h.deletion.timestamp = get<std::int64_t>(p);
    h.deletion.local_time = get<std::int64_t>(p);
  }
  *dense = (flags & kDense) != 0;
  *count = *dense && (flags >> kCountShift) < kInlineCount ? flags >> kCountShift : read_varint(p);
  return p;
}

CellRef Row::cell(int slot) const {
  CellRef found;
  if (!packed_ || slot < 0) return found;
  std::int64_t marker_ts = kNoTimestamp;
  bool dense = false;
  std::uint64_t n = 0;
  const char* p = cells_begin(&marker_ts, &dense, &n);
  if (dense) {
    if (static_cast<std::uint64_t>(slot) >= n) return found;
    for (int s = 0;; ++s) {
      const std::size_t len = dense_length(p, static_cast<std::uint64_t>(s));
      if (s == slot) {
        found.value = std::string_view(p, len);
        found.timestamp = marker_ts;
        return found;
      }
      p += len;
    }
  }
  for (std::uint64_t i = 0; i < n; ++i) {
    CellRef c;
    const int s = read_cell(p, marker_ts, c);
    if (s == slot) return c;
    if (s > slot) break;
  }
  return found;
}

std::size_t Row::packed_size() const {
  if (!packed_) return 0;
  std::int64_t marker_ts = kNoTimestamp;
  bool dense = false;
  std::uint64_t n = 0;
  const char* p = cells_begin(&marker_ts, &dense, &n);
  CellRef c;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (dense)
      p += dense_length(p, i);
    else
      read_cell(p, kNoTimestamp, c);
  }
  return static_cast<std::size_t>(p - packed_);
}

const std::vector<ComplexColumn>& Row::complex() const {
  static const std::vector<ComplexColumn> kNone;
  const std::vector<ComplexColumn>* c = complex_ptr();
  return c ? *c : kNone;
}

void OwnedRow::assign(RowData&& d, bool with_complex) {
  assert(d.clustering.empty());  // a static row: views of it read no key
  // The collections the new bytes point to: the row's own (kept or replaced), or none. A
  // vector no longer needed is freed only once the new bytes exist (an allocation may throw).
  std::vector<ComplexColumn>* complex = view().complex_ptr();
  std::unique_ptr<std::vector<ComplexColumn>> added;
  std::vector<ComplexColumn>* dropped = nullptr;  // deleted once the new bytes exist: the old ones point to it
  if (with_complex) {
    bool any = false;
    for (const auto& col : d.complex) any = any || col.deletion.exists() || !col.cells.empty();
    if (any) {
      if (!complex) added.reset(complex = new std::vector<ComplexColumn>());
      *complex = std::move(d.complex);
    } else {
      dropped = complex;
      complex = nullptr;
    }
  }
  const std::int64_t base = d.marker.exists() ? d.marker.timestamp : 0;
  const std::size_t size = Row::packed_size(d, base, complex != nullptr, RowShape{});
  char* block = row_memory::allocate(kHeader + size);
  const auto stored_size = static_cast<std::int64_t>(size);
  std::memcpy(block, &stored_size, sizeof stored_size);
  std::memcpy(block + 8, &base, sizeof base);
  Row::pack(block + kHeader, d, base, complex, RowShape{});
  // The collections pointer moved into the new bytes.
  if (block_) row_memory::release(block_, kHeader + static_cast<std::size_t>(header(0)));
  added.release();  // now owned by the bytes
  block_ = block;
  delete dropped;
}

void OwnedRow::release() noexcept {
  if (!block_) return;
  delete view().complex_ptr();
  row_memory::release(block_, kHeader + static_cast<std::size_t>(header(0)));
  block_ = nullptr;
}

std::vector<ComplexColumn>& OwnedRow::mutable_complex() {
  if (std::vector<ComplexColumn>* c = view().complex_ptr()) return *c;
  // Repack with a collections pointer.
  RowData d;
  view().decode(d);
  d.complex.resize(1);
  d.complex[0].deletion.timestamp = 0;  // anything, so assign() keeps a vector
  assign(std::move(d), true);
  std::vector<ComplexColumn>* c = view().complex_ptr();
  c->clear();
  return *c;
}

}  // namespace cqlbox::store
