#include "print/storage_view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "print/value_text.hpp"
#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/temporal.hpp"

namespace cqlbox::print {

namespace {

// A key or clustering part as cassandra-cli printed it: like cqlsh, except timestamps in the
// 2.0 form (yyyy-MM-dd HH:mm:ss+0000) and booleans in lower case.
std::string name_part(const types::CqlType& type, std::string_view bytes) {
  if (type.kind == types::Kind::Timestamp && bytes.size() == 8) {
    std::string s = types::format_timestamp_ms(types::read_be<std::int64_t>(bytes));
    if (s.size() > 19 && s[4] == '-') return s.substr(0, 19) + "+0000";
    return s;
  }
  if (type.kind == types::Kind::Boolean && bytes.size() == 1) return bytes[0] ? "true" : "false";
  return value_text(type, bytes);
}

// Composite parts escape ':' as "\:"; a part ending in '\' or '!' gets an extra '!'.
std::string escaped(std::string part) {
  std::string out;
  for (char c : part) {
    if (c == ':') out += '\\';
    out += c;
  }
  if (!out.empty() && (out.back() == '\\' || out.back() == '!')) out += '!';
  return out;
}

std::string clustering_prefix(const schema::TableSchema& t, std::string_view clustering) {
  std::string out;
  auto parts = store::split_components(clustering);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    // A COMPACT STORAGE prefix row's cell name is the shorter composite, as Thrift wrote it.
    if (store::is_null_component(parts[i])) break;
    out += escaped(name_part(*t.column(t.clustering[i]).type, parts[i]));
    out += ':';
  }
  return out;
}

std::string range_bound(const schema::TableSchema& t, const store::RangeTombstone& rt,
                        const std::optional<std::string>& extra) {
  std::string out;
  for (std::size_t i = 0; i < rt.prefix.size(); ++i) {
    if (i) out += ':';
    out += escaped(name_part(*t.column(t.clustering[i]).type, rt.prefix[i]));
  }
  if (extra) {
    if (!rt.prefix.empty()) out += ':';
    out += escaped(name_part(*t.column(t.clustering[rt.prefix.size()]).type, *extra));
  }
  return out;
}

using Entry = StorageEntry;
using Kind = StorageEntry::Kind;

// The entries so far, each with its LIST line.
struct Entries {
  std::vector<Entry> list;
  std::size_t limit = 0;
  std::string row;  // the row being read: its prefix without the trailing ':'
  std::vector<std::string> clustering;
  bool is_static = false;
  bool full() const { return list.size() >= limit; }
  void add(Entry e) {
    if (full()) return;
    e.row = row;
    e.clustering = clustering;
    e.is_static = is_static;
    list.push_back(std::move(e));
  }
};

std::string row_of(const std::string& prefix) { return prefix.empty() ? prefix : prefix.substr(0, prefix.size() - 1); }

void add_cell(Entries& out, const std::string& prefix, const std::string& column, const types::CqlType& type,
              const store::CellRef& c, std::int64_t shadow, std::int64_t now_s) {
  if (c.timestamp <= shadow) return;
  Entry e;
  e.column = column;
  e.timestamp = c.timestamp;
  const std::string name = prefix + column;
  if (c.tombstone) {
    e.kind = Kind::CellTombstone;
    e.line = fmt::format("=> (column={}, deleted, timestamp={})", name, c.timestamp);
    return out.add(std::move(e));
  }
  e.value = value_text(type, c.value);
  e.ttl = c.ttl;
  e.expired = c.ttl > 0 && now_s >= c.local_time;
  e.line = fmt::format("=> (column={}, value={}, timestamp={}", name, e.value, c.timestamp);
  if (c.ttl > 0) e.line += fmt::format(", ttl={}", c.ttl);
  if (e.expired) e.line += ", expired";
  e.line += ")";
  out.add(std::move(e));
}

std::string hex_of(std::string_view b) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (char ch : b) {
    const auto c = static_cast<unsigned char>(ch);
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

// A non-frozen collection: its tombstone (as the range tombstone over the column it was in the
// cli's layout), then one line per element named <prefix><column>:<path in hex>.
void add_collection(Entries& out, const std::string& prefix, const schema::Column& col, const store::ComplexColumn* cc,
                    std::int64_t shadow, std::int64_t now_s) {
  if (!cc) return;
  const std::string base = prefix + col.name + ":";
  if (cc->deletion.exists() && cc->deletion.timestamp > shadow) {
    Entry e;
    e.kind = Kind::CollectionTombstone;
    e.column = col.name;
    e.timestamp = cc->deletion.timestamp;
    e.line = fmt::format("=> (range tombstone [{}, {}], timestamp={})", base, base, cc->deletion.timestamp);
    out.add(std::move(e));
  }
  const std::int64_t dead = std::max(shadow, cc->deletion.timestamp);
  const types::CqlType& type = *col.type;
  const types::CqlType* value_type = type.kind == types::Kind::List  ? type.params[0]
                                     : type.kind == types::Kind::Map ? type.params[1]
                                                                     : nullptr;
  for (const auto& pc : cc->cells) {
    if (pc.cell.timestamp <= dead) continue;
    Entry e;
    e.column = col.name + ":" + hex_of(pc.path);
    e.timestamp = pc.cell.timestamp;
    const std::string name = base + hex_of(pc.path);
    if (pc.cell.tombstone) {
      e.kind = Kind::CellTombstone;
      e.line = fmt::format("=> (column={}, deleted, timestamp={})", name, pc.cell.timestamp);
      out.add(std::move(e));
      continue;
    }
    e.value = value_type ? value_text(*value_type, pc.cell.value) : std::string();
    e.ttl = pc.cell.ttl;
    e.expired = pc.cell.ttl > 0 && now_s >= pc.cell.local_time;
    e.line = fmt::format("=> (column={}, value={}, timestamp={}", name, e.value, pc.cell.timestamp);
    if (pc.cell.ttl > 0) e.line += fmt::format(", ttl={}", pc.cell.ttl);
    if (e.expired) e.line += ", expired";
    e.line += ")";
    out.add(std::move(e));
  }
}

}  // namespace

std::string row_key_text(const schema::TableSchema& t, const store::Partition& p) {
  if (t.partition_key.size() == 1) return name_part(*t.column(t.partition_key[0]).type, p.key());
  std::string out;
  std::string_view key = p.key();
  for (std::size_t i = 0; i < t.partition_key.size() && key.size() >= 2; ++i) {
    auto len = types::read_be<std::uint16_t>(key);
    if (i) out += ':';
    out += escaped(name_part(*t.column(t.partition_key[i]).type, key.substr(2, len)));
    key.remove_prefix(std::min<std::size_t>(key.size(), 2u + len + 1u));
  }
  return out;
}

std::vector<StorageEntry> partition_entries(const schema::TableSchema& t, const store::Partition& p,
                                            const store::ClusteringComparator& cmp, std::int64_t now_s,
                                            const std::vector<store::Row>* only, std::size_t limit) {
  Entries out;
  out.limit = limit;
  const std::int64_t part_del = p.deletion().timestamp;
  if (p.deletion().exists()) {
    Entry e;
    e.kind = Kind::PartitionDeletion;
    e.timestamp = part_del;
    e.line = fmt::format("=> (partition deleted, timestamp={})", p.deletion().timestamp);
    out.add(std::move(e));
  }

  // Statics sort first: a leading ':' and an empty part per clustering column.
  const std::string static_prefix(t.clustering.size() + 1, ':');
  out.is_static = true;
  out.row = row_of(static_prefix);
  for (std::size_t slot = 0; slot < t.statics.size(); ++slot) {
    const schema::Column& col = t.column(t.statics[slot]);
    if (col.type->multi_cell())
      add_collection(out, static_prefix, col, p.static_row().complex_column(static_cast<int>(slot)), part_del, now_s);
    else if (const store::CellRef c = p.static_row().cell(static_cast<int>(slot)))
      add_cell(out, static_prefix, col.name, *col.type, c, part_del, now_s);
  }
  out.is_static = false;

  // A range tombstone prints before the first row it covers (at the end if it covers none).
  const auto& rts = p.range_tombstones();
  std::vector<bool> printed(rts.size(), false);
  auto print_range = [&](std::size_t i) {
    const auto& rt = rts[i];
    if (printed[i] || rt.deletion.timestamp <= part_del) {
      printed[i] = true;
      return;
    }
    printed[i] = true;
    Entry e;
    e.kind = Kind::RangeTombstone;
    e.timestamp = rt.deletion.timestamp;
    e.column = fmt::format("{}{}, {}{}", rt.lower && !rt.lower_inclusive ? "(" : "[", range_bound(t, rt, rt.lower),
                           range_bound(t, rt, rt.upper), rt.upper && !rt.upper_inclusive ? ")" : "]");
    e.line = fmt::format("=> (range tombstone {}, timestamp={})", e.column, rt.deletion.timestamp);
    const std::string row = std::move(out.row);
    std::vector<std::string> clustering = std::move(out.clustering);
    out.row.clear();
    out.clustering.clear();
    out.add(std::move(e));
    out.row = row;
    out.clustering = std::move(clustering);
  };

  for (const store::Row& row : p.rows()) {
    if (out.full()) break;  // a partition of millions of rows: LIST shows its first cells
    if (only && std::find(only->begin(), only->end(), row) == only->end()) continue;
    const store::RowKey key = row.clustering();
    out.row.clear();
    out.clustering.clear();
    for (std::size_t i = 0; i < rts.size(); ++i)
      if (!printed[i] && store::covers(rts[i], key, cmp)) print_range(i);
    const std::string prefix = clustering_prefix(t, key);
    out.row = row_of(prefix);
    out.clustering.clear();
    {
      const std::vector<std::string_view> parts = store::split_components(key);
      for (std::size_t i = 0; i < parts.size() && !store::is_null_component(parts[i]); ++i)
        out.clustering.push_back(name_part(*t.column(t.clustering[i]).type, parts[i]));
    }
    const std::int64_t shadow = p.row_shadow(row, cmp);
    const store::Deletion deletion = row.deletion();
    const store::Liveness marker = row.marker();
    if (deletion.exists() && deletion.timestamp > part_del) {
      Entry e;
      e.kind = Kind::RowDeletion;
      e.timestamp = deletion.timestamp;
      e.line = fmt::format("=> (column={}, deleted, timestamp={})", prefix, deletion.timestamp);
      out.add(std::move(e));
    }
    if (marker.exists() && marker.timestamp > shadow) {
      Entry e;
      e.kind = Kind::RowMarker;
      e.timestamp = marker.timestamp;
      e.ttl = marker.ttl;
      e.expired = marker.ttl > 0 && now_s >= marker.expiry;
      e.line = fmt::format("=> (column={}, value=, timestamp={}", prefix, marker.timestamp);
      if (marker.ttl > 0) e.line += fmt::format(", ttl={}", marker.ttl);
      if (e.expired) e.line += ", expired";
      e.line += ")";
      out.add(std::move(e));
    }
    for (std::size_t slot = 0; slot < t.regulars.size(); ++slot) {
      const schema::Column& col = t.column(t.regulars[slot]);
      if (col.type->multi_cell())
        add_collection(out, prefix, col, row.complex_column(static_cast<int>(slot)), shadow, now_s);
      else if (const store::CellRef c = row.cell(static_cast<int>(slot)))
        add_cell(out, prefix, col.name, *col.type, c, shadow, now_s);
    }
  }
  out.row.clear();
  out.clustering.clear();
  if (!only)
    for (std::size_t i = 0; i < rts.size(); ++i) print_range(i);
  return std::move(out.list);
}

std::size_t append_partition_cells(std::string& out, const schema::TableSchema& t, const store::Partition& p,
                                   const store::ClusteringComparator& cmp, std::size_t cell_limit, std::int64_t now_s,
                                   const std::vector<store::Row>* only) {
  std::size_t written = 0;
  for (const StorageEntry& e : partition_entries(t, p, cmp, now_s, only, cell_limit)) {
    out += e.line;
    out += '\n';
    ++written;
  }
  return written;
}

}  // namespace cqlbox::print
