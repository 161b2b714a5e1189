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

struct Lines {
  std::string& out;
  std::size_t limit;
  std::size_t written = 0;
  void add(const std::string& line) {
    if (written >= limit) return;
    out += line;
    out += '\n';
    ++written;
  }
};

void add_cell(Lines& lines, const std::string& name, const types::CqlType& type,
              const store::CellRef& c, std::int64_t shadow, std::int64_t now_s) {
  if (c.timestamp <= shadow) return;
  if (c.tombstone) {
    lines.add(fmt::format("=> (column={}, deleted, timestamp={})", name, c.timestamp));
    return;
  }
  std::string line = fmt::format("=> (column={}, value={}, timestamp={}", name, value_text(type, c.value), c.timestamp);
  if (c.ttl > 0) line += fmt::format(", ttl={}", c.ttl);
  if (c.ttl > 0 && now_s >= c.local_time) line += ", expired";
  lines.add(line + ")");
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
void add_collection(Lines& lines, const std::string& prefix, const schema::Column& col,
                    const store::ComplexColumn* cc, std::int64_t shadow, std::int64_t now_s) {
  if (!cc) return;
  const std::string base = prefix + col.name + ":";
  if (cc->deletion.exists() && cc->deletion.timestamp > shadow)
    lines.add(fmt::format("=> (range tombstone [{}, {}], timestamp={})", base, base, cc->deletion.timestamp));
  const std::int64_t dead = std::max(shadow, cc->deletion.timestamp);
  const types::CqlType& type = *col.type;
  const types::CqlType* value_type = type.kind == types::Kind::List ? type.params[0]
                                   : type.kind == types::Kind::Map  ? type.params[1] : nullptr;
  for (const auto& pc : cc->cells) {
    if (pc.cell.timestamp <= dead) continue;
    const std::string name = base + hex_of(pc.path);
    if (pc.cell.tombstone) {
      lines.add(fmt::format("=> (column={}, deleted, timestamp={})", name, pc.cell.timestamp));
      continue;
    }
    std::string line = fmt::format("=> (column={}, value={}, timestamp={}", name,
                                   value_type ? value_text(*value_type, pc.cell.value) : std::string(), pc.cell.timestamp);
    if (pc.cell.ttl > 0) line += fmt::format(", ttl={}", pc.cell.ttl);
    if (pc.cell.ttl > 0 && now_s >= pc.cell.local_time) line += ", expired";
    lines.add(line + ")");
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

std::size_t append_partition_cells(std::string& out, const schema::TableSchema& t,
                                   const store::Partition& p, const store::ClusteringComparator& cmp,
                                   std::size_t cell_limit, std::int64_t now_s,
                                   const std::vector<store::Row>* only) {
  Lines lines{out, cell_limit};
  const std::int64_t part_del = p.deletion().timestamp;
  if (p.deletion().exists())
    lines.add(fmt::format("=> (partition deleted, timestamp={})", p.deletion().timestamp));

  // Statics sort first: a leading ':' and an empty part per clustering column.
  const std::string static_prefix(t.clustering.size() + 1, ':');
  for (std::size_t slot = 0; slot < t.statics.size(); ++slot) {
    const schema::Column& col = t.column(t.statics[slot]);
    if (col.type->multi_cell())
      add_collection(lines, static_prefix, col, p.static_row().complex_column(static_cast<int>(slot)), part_del, now_s);
    else if (const store::CellRef c = p.static_row().cell(static_cast<int>(slot)))
      add_cell(lines, static_prefix + col.name, *col.type, c, part_del, now_s);
  }

  // A range tombstone prints before the first row it covers (at the end if it covers none).
  const auto& rts = p.range_tombstones();
  std::vector<bool> printed(rts.size(), false);
  auto print_range = [&](std::size_t i) {
    const auto& rt = rts[i];
    if (printed[i] || rt.deletion.timestamp <= part_del) { printed[i] = true; return; }
    printed[i] = true;
    lines.add(fmt::format("=> (range tombstone {}{}, {}{}, timestamp={})", rt.lower && !rt.lower_inclusive ? "(" : "[",
                          range_bound(t, rt, rt.lower), range_bound(t, rt, rt.upper),
                          rt.upper && !rt.upper_inclusive ? ")" : "]", rt.deletion.timestamp));
  };

  for (const store::Row& row : p.rows()) {
    if (only && std::find(only->begin(), only->end(), row) == only->end()) continue;
    const store::RowKey key = row.clustering();
    for (std::size_t i = 0; i < rts.size(); ++i)
      if (!printed[i] && store::covers(rts[i], key, cmp)) print_range(i);
    const std::string prefix = clustering_prefix(t, key);
    const std::int64_t shadow = p.row_shadow(row, cmp);
    const store::Deletion deletion = row.deletion();
    const store::Liveness marker = row.marker();
    if (deletion.exists() && deletion.timestamp > part_del)
      lines.add(fmt::format("=> (column={}, deleted, timestamp={})", prefix, deletion.timestamp));
    if (marker.exists() && marker.timestamp > shadow) {
      std::string line = fmt::format("=> (column={}, value=, timestamp={}", prefix, marker.timestamp);
      if (marker.ttl > 0) line += fmt::format(", ttl={}", marker.ttl);
      if (marker.ttl > 0 && now_s >= marker.expiry) line += ", expired";
      lines.add(line + ")");
    }
    for (std::size_t slot = 0; slot < t.regulars.size(); ++slot) {
      const schema::Column& col = t.column(t.regulars[slot]);
      if (col.type->multi_cell())
        add_collection(lines, prefix, col, row.complex_column(static_cast<int>(slot)), shadow, now_s);
      else if (const store::CellRef c = row.cell(static_cast<int>(slot)))
        add_cell(lines, prefix + col.name, *col.type, c, shadow, now_s);
    }
  }
  if (!only)
    for (std::size_t i = 0; i < rts.size(); ++i) print_range(i);
  return lines.written;
}

}  // namespace cqlbox::print
