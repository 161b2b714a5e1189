#include "print/sstable_layout.hpp"

#include <algorithm>
#include <bit>
#include <limits>

namespace cqlbox::print {

namespace {

// EncodingStats' epochs (2015-09-22T00:00:00Z): the minimums when a flush has none.
constexpr std::int64_t kTimestampEpoch = 1442880000000000;
constexpr std::int64_t kDeletionTimeEpoch = 1442880000;

// writeUnsignedVInt32: the int is sign-extended first, so a negative one takes 9 bytes.
std::uint64_t uvint32_size(std::int64_t v) {
  const auto i = static_cast<std::int32_t>(static_cast<std::uint32_t>(static_cast<std::uint64_t>(v)));
  return uvint_size(static_cast<std::uint64_t>(static_cast<std::int64_t>(i)));
}

std::uint64_t delta_size(std::int64_t v, std::int64_t min) {
  return uvint_size(static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(min));
}

// AbstractType.valueLengthIfFixed: -1 for a type written with a length.
int fixed_length(const types::CqlType& type) {
  using types::Kind;
  switch (type.kind) {
    case Kind::Int:
    case Kind::Float: return 4;
    case Kind::Bigint:
    case Kind::Double:
    case Kind::Timestamp: return 8;
    case Kind::Boolean: return 1;
    case Kind::Uuid:
    case Kind::Timeuuid: return 16;
    case Kind::Vector: {
      const int e = fixed_length(*type.params[0]);
      return e < 0 ? -1 : e * type.dimension;
    }
    default: return -1;
  }
}

std::uint64_t value_size(const types::CqlType& type, std::size_t len, bool complex) {
  if (!complex && fixed_length(type) >= 0) return len;
  return uvint_size(len) + len;
}

// A counter cell holds a counter context, one global shard for a write cqlbox makes: a 2-byte
// shard count, a 2-byte header entry, then a 16-byte counter id, an 8-byte clock and the count.
constexpr std::size_t kCounterContext = 2 + 2 + 32;

struct Mins {
  std::int64_t timestamp = std::numeric_limits<std::int64_t>::max();
  std::int64_t local_time = std::numeric_limits<std::int64_t>::max();
  std::int64_t ttl = std::numeric_limits<std::int64_t>::max();
  void ts(std::int64_t v) { timestamp = std::min(timestamp, v); }
  void ldt(std::int64_t v) { local_time = std::min(local_time, v); }
  void deletion(const store::Deletion& d) {
    if (!d.exists()) return;
    ts(d.timestamp);
    ldt(d.local_time);
  }
};

void collect(Mins& m, const store::CellRef& c) {
  if (!c.exists()) return;
  m.ts(c.timestamp);
  if (c.tombstone || c.expiring()) m.ldt(c.local_time);
  if (c.expiring()) m.ttl = std::min<std::int64_t>(m.ttl, c.ttl);
}

// Everything a row holds, shadowed or not (the memtable's stats saw every write), and which
// columns it has data for.
void collect(Mins& m, const store::Row& row, const std::vector<int>& slots, std::vector<bool>& written) {
  const store::Liveness marker = row.marker();
  if (marker.exists()) {
    m.ts(marker.timestamp);
    if (marker.ttl > 0) {
      m.ldt(marker.expiry);
      m.ttl = std::min<std::int64_t>(m.ttl, marker.ttl);
    }
  }
  m.deletion(row.deletion());
  row.for_each_cell([&](int slot, const store::CellRef& c) {
    collect(m, c);
    written[static_cast<std::size_t>(slots[static_cast<std::size_t>(slot)])] = true;
  });
  for (std::size_t slot = 0; slot < row.complex().size(); ++slot) {
    const store::ComplexColumn& cc = row.complex()[slot];
    if (!cc.deletion.exists() && cc.cells.empty()) continue;
    m.deletion(cc.deletion);
    for (const auto& pc : cc.cells) collect(m, store::ref_of(pc.cell));
    written[static_cast<std::size_t>(slots[slot])] = true;
  }
}

// Columns order: simple before complex, then by name bytes.
bool columns_order(const schema::Column* a, const schema::Column* b) {
  const bool xa = a->type->multi_cell(), xb = b->type->multi_cell();
  return xa != xb ? xb : a->name < b->name;
}

}  // namespace

std::uint64_t uvint_size(std::uint64_t v) {
  const int bits = std::max(1, static_cast<int>(std::bit_width(v)));
  return static_cast<std::uint64_t>(std::min(9, 1 + (bits - 1) / 7));
}

SstableLayout::SstableLayout(const schema::TableSchema& t, const store::TableStore& st) : t_(t) {
  // The flush's stats and header columns come from every write the memtable took: the store
  // still holds shadowed data (until NODETOOL compact), only overwritten values are gone.
  Mins m;
  std::vector<bool> written(t.columns.size(), false);
  for (const store::Partition& p : st.partitions()) {
    m.deletion(p.deletion());
    for (const auto& rt : p.range_tombstones()) m.deletion(rt.deletion);
    collect(m, p.static_row(), t.statics, written);
    for (const store::Row& row : p.rows()) collect(m, row, t.regulars, written);
  }
  min_timestamp_ = m.timestamp == std::numeric_limits<std::int64_t>::max() ? kTimestampEpoch : m.timestamp;
  min_local_time_ = m.local_time == std::numeric_limits<std::int64_t>::max() ? kDeletionTimeEpoch : m.local_time;
  min_ttl_ = m.ttl == std::numeric_limits<std::int64_t>::max() ? 0 : m.ttl;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (!written[i]) continue;
    const schema::Column& c = t.columns[i];
    if (c.kind == schema::ColumnKind::Static)
      statics_.push_back(&c);
    else if (c.kind == schema::ColumnKind::Regular)
      regulars_.push_back(&c);
  }
  std::sort(regulars_.begin(), regulars_.end(), columns_order);
  std::sort(statics_.begin(), statics_.end(), columns_order);
}

std::uint64_t SstableLayout::header_size(const FlushedPartition& p) const {
  // The key with a 2-byte length, then nb's 12-byte partition deletion (live or not).
  std::uint64_t n = 2 + p.key.size() + 12;
  if (!statics_.empty()) {
    static const FlushedRow kEmptyStatic{true, {}, {}, {}, {}};
    n += row_size(p.static_row ? *p.static_row : kEmptyStatic, 0);
  }
  return n;
}

std::uint64_t SstableLayout::deletion_size(const store::Deletion& d) const {
  return delta_size(d.timestamp, min_timestamp_) + uvint32_size(d.local_time - min_local_time_);
}

std::uint64_t SstableLayout::clustering_size(const std::vector<std::string_view>& values) const {
  // Per block of 32 components a vint header with two bits each (empty, null), then the values.
  std::uint64_t n = 0;
  for (std::size_t block = 0; block < values.size(); block += 32) {
    std::uint64_t header = 0;
    for (std::size_t i = block; i < values.size() && i < block + 32; ++i) {
      if (store::is_null_component(values[i]))
        header |= std::uint64_t{2} << (2 * (i - block));
      else if (values[i].empty())
        header |= std::uint64_t{1} << (2 * (i - block));
      else
        n += value_size(*t_.column(t_.clustering[i]).type, values[i].size(), false);
    }
    n += uvint_size(header);
  }
  return n;
}

std::uint64_t SstableLayout::cell_size(const FlushedCell& c, const store::Liveness& liveness) const {
  const store::CellRef& cell = c.cell;
  const bool expiring = cell.expiring();
  const bool row_ts = liveness.exists() && cell.timestamp == liveness.timestamp;
  const bool row_ttl = expiring && liveness.ttl > 0 && cell.ttl == liveness.ttl && cell.local_time == liveness.expiry;
  std::uint64_t n = 1;  // flags
  if (!row_ts) n += delta_size(cell.timestamp, min_timestamp_);
  if ((cell.tombstone || expiring) && !row_ttl) n += uvint32_size(cell.local_time - min_local_time_);
  if (expiring && !row_ttl) n += uvint32_size(cell.ttl - min_ttl_);
  const types::CqlType& type = *c.column->type;
  if (c.has_path) n += uvint_size(c.path.size()) + c.path.size();
  if (!cell.tombstone && !cell.value.empty()) {
    if (type.kind == types::Kind::Counter)
      n += uvint_size(kCounterContext) + kCounterContext;
    else
      n += value_size(type, cell.value.size(), c.has_path);
  }
  return n;
}

std::uint64_t SstableLayout::row_size(const FlushedRow& r, std::uint64_t previous) const {
  const std::vector<const schema::Column*>& header = r.is_static ? statics_ : regulars_;
  // The row's columns: each simple cell, each collection with a tombstone or elements.
  std::vector<const schema::Column*> present;
  bool complex_deletion = false;
  for (const FlushedCell& c : r.cells) {
    complex_deletion = complex_deletion || c.collection_deletion;
    if (present.empty() || present.back() != c.column) present.push_back(c.column);
  }
  std::uint64_t body = 0;
  if (r.liveness.exists()) {
    body += delta_size(r.liveness.timestamp, min_timestamp_);
    if (r.liveness.ttl > 0)
      body += uvint32_size(r.liveness.ttl - min_ttl_) + uvint32_size(r.liveness.expiry - min_local_time_);
  }
  if (r.deletion.exists()) body += deletion_size(r.deletion);
  if (present.size() != header.size()) {
    // Columns.serializeSubset: under 64 columns a bitmap of the missing ones; else a count
    // and the indexes of whichever side is smaller.
    if (header.size() < 64) {
      std::uint64_t missing = 0;
      for (std::size_t i = 0; i < header.size(); ++i)
        if (std::find(present.begin(), present.end(), header[i]) == present.end()) missing |= std::uint64_t{1} << i;
      body += uvint_size(missing);
    } else {
      body += uvint32_size(static_cast<std::int64_t>(header.size() - present.size()));
      const bool list_present = present.size() < header.size() / 2;
      for (std::size_t i = 0; i < header.size(); ++i) {
        const bool here = std::find(present.begin(), present.end(), header[i]) != present.end();
        if (here == list_present) body += uvint32_size(static_cast<std::int64_t>(i));
      }
    }
  }
  for (std::size_t i = 0; i < r.cells.size();) {
    const FlushedCell& c = r.cells[i];
    if (!c.column->type->multi_cell()) {
      body += cell_size(c, r.liveness);
      ++i;
      continue;
    }
    // A collection: its tombstone when any collection of the row has one (a live one is the
    // 18 bytes of DeletionTime.LIVE's deltas), the element count, the elements.
    std::size_t j = i;
    std::uint64_t cells = 0, elements = 0;
    store::Deletion deletion;
    for (; j < r.cells.size() && r.cells[j].column == c.column; ++j) {
      if (r.cells[j].collection_deletion) {
        deletion = r.cells[j].deletion;
      } else {
        cells += cell_size(r.cells[j], r.liveness);
        ++elements;
      }
    }
    if (complex_deletion) body += deletion.exists() ? deletion_size(deletion) : 18;
    body += uvint32_size(static_cast<std::int64_t>(elements)) + cells;
    i = j;
  }
  const std::uint64_t rest = uvint_size(previous) + body;
  std::uint64_t n = 1 + (r.is_static ? 1 : 0);
  if (!r.is_static) n += clustering_size(store::split_components(r.clustering));
  return n + uvint_size(rest) + rest;
}

std::uint64_t SstableLayout::marker_size(const FlushedMarker& m, std::uint64_t previous) const {
  std::uint64_t rest = uvint_size(previous);
  if (m.open.exists()) rest += deletion_size(m.open);
  if (m.close.exists()) rest += deletion_size(m.close);
  // Flags, the bound's kind, its 2-byte size, its values.
  const std::uint64_t n = 1 + 1 + 2 + (m.at.values.empty() ? 0 : clustering_size(m.at.values));
  return n + uvint_size(rest) + rest;
}

}  // namespace cqlbox::print
