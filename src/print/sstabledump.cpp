#include "print/sstabledump.hpp"

#include <functional>

#include <fmt/format.h>

#include "print/sstable_content.hpp"
#include "print/sstable_layout.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::print {

std::string instant_text(std::int64_t time, std::int64_t unit_per_second) {
  std::int64_t secs = time / unit_per_second, frac = time % unit_per_second;
  if (frac < 0) {  // Math.floorMod
    frac += unit_per_second;
    --secs;
  }
  std::int64_t nanos = frac * (1000000000 / unit_per_second);
  std::int64_t days = secs / 86400, rest = secs % 86400;
  if (rest < 0) {
    rest += 86400;
    --days;
  }
  const types::CivilDate d = types::civil_from_days(days);
  std::string out = d.year > 9999 ? fmt::format("+{}", d.year)
                    : d.year < 0  ? fmt::format("-{:04}", -d.year)
                                  : fmt::format("{:04}", d.year);
  out += fmt::format("-{:02}-{:02}T{:02}:{:02}:{:02}", d.month, d.day, rest / 3600, rest / 60 % 60, rest % 60);
  // Instant.toString: the shortest of .SSS, .SSSSSS, .SSSSSSSSS that is exact.
  if (nanos != 0) {
    if (nanos % 1000000 == 0)
      out += fmt::format(".{:03}", nanos / 1000000);
    else if (nanos % 1000 == 0)
      out += fmt::format(".{:06}", nanos / 1000);
    else
      out += fmt::format(".{:09}", nanos);
  }
  return out + "Z";
}

namespace {

constexpr std::int64_t kMicros = 1000000;

// Jackson's layout as JsonTransformer drives it: objects and arrays either "compact" (one
// space before each entry and the closing bracket) or one entry per line, two spaces a level.
struct Json {
  std::string& out;
  void line(int level) {
    out += '\n';
    out.append(static_cast<std::size_t>(2 * level), ' ');
  }
};

std::string clustering_json(const schema::TableSchema& t, const std::vector<std::string_view>& values,
                            const DumpValueText& text) {
  std::string out = "[ ";
  for (std::size_t i = 0; i < t.clustering.size(); ++i) {
    if (i) out += ", ";
    const types::CqlType& type = *t.column(t.clustering[i]).type;
    // A COMPACT STORAGE prefix row's null component: JSON null (5.0's sstabledump cannot print one).
    out += i >= values.size()                    ? std::string("\"*\"")
           : store::is_null_component(values[i]) ? std::string("null")
           : values[i].empty()                   ? std::string(type.kind == types::Kind::Blob ? "\"0x\"" : "\"\"")
                                                 : text.json(type, values[i]);
  }
  return out + " ]";
}

std::string deletion_json(const store::Deletion& d) {
  return fmt::format("{{ \"marked_deleted\" : {}, \"local_delete_time\" : {} }}",
                     util::json_quoted(instant_text(d.timestamp, kMicros)),
                     util::json_quoted(instant_text(d.local_time, 1)));
}

// A cell's value: the JSON of its type; an empty value is "" (a blob's "0x").
std::string value_json(const types::CqlType& type, std::string_view bytes, const DumpValueText& text) {
  if (bytes.empty()) return type.kind == types::Kind::Blob ? "\"0x\"" : "\"\"";
  return text.json(type, bytes);
}

// The type of a collection element's value and of its path (CollectionType.valueComparator,
// nameComparator). A set element's value is empty.
const types::CqlType* element_value_type(const types::CqlType& type) {
  if (type.kind == types::Kind::List) return type.params[0];
  if (type.kind == types::Kind::Map) return type.params[1];
  return nullptr;
}
const types::CqlType* element_path_type(const types::CqlType& type) {
  if (type.kind == types::Kind::List) return types::native_type(types::Kind::Timeuuid);
  return type.params[0];
}

void cell_json(Json& j, const FlushedCell& c, const store::Liveness& liveness, std::int64_t now_s,
               const DumpValueText& text) {
  const schema::Column& col = *c.column;
  std::string& out = j.out;
  out += "{ \"name\" : " + util::json_quoted(util::cql_name(col.name));
  if (c.collection_deletion) {
    out += ", \"deletion_info\" : " + deletion_json(c.deletion) + " }";
    return;
  }
  if (c.has_path) out += ", \"path\" : [ " + util::json_quoted(text.text(*element_path_type(*col.type), c.path)) + " ]";
  const store::CellRef& cell = c.cell;
  const bool tombstone = cell.tombstone;
  if (tombstone) {
    out += fmt::format(", \"deletion_info\" : {{ \"local_delete_time\" : {} }}",
                       util::json_quoted(instant_text(cell.local_time, 1)));
  } else if (c.has_path) {
    const types::CqlType* vt = element_value_type(*col.type);
    out += ", \"value\" : " + (vt ? value_json(*vt, cell.value, text) : std::string("\"\""));
  } else {
    out += ", \"value\" : " + value_json(*col.type, cell.value, text);
  }
  // After a tombstone's deletion_info the indenter is no longer compact: what follows, and the
  // closing brace, start new lines.
  auto field = [&](std::string_view name) {
    if (tombstone) {
      out += ',';
      j.line(6);
    } else {
      out += ", ";
    }
    out += fmt::format("\"{}\" : ", name);
  };
  if (!liveness.exists() || cell.timestamp != liveness.timestamp) {
    field("tstamp");
    out += util::json_quoted(instant_text(cell.timestamp, kMicros));
  }
  if (cell.expiring() && (!liveness.exists() || cell.ttl != liveness.ttl)) {
    field("ttl");
    out += std::to_string(cell.ttl);
    field("expires_at");
    out += util::json_quoted(instant_text(cell.local_time, 1));
    field("expired");
    out += now_s >= cell.local_time ? "true" : "false";
  }
  if (tombstone) {
    j.line(5);
    out += '}';
  } else {
    out += " }";
  }
}

void row_json(Json& j, const schema::TableSchema& t, const FlushedRow& r, std::uint64_t position, std::int64_t now_s,
              const DumpValueText& text) {
  std::string& out = j.out;
  out += '{';
  j.line(4);
  out += fmt::format("\"type\" : \"{}\",", r.is_static ? "static_block" : "row");
  j.line(4);
  out += fmt::format("\"position\" : {},", position);
  if (!r.is_static && !t.clustering.empty()) {
    j.line(4);
    out += "\"clustering\" : " + clustering_json(t, store::split_components(r.clustering), text) + ",";
  }
  if (r.liveness.exists()) {
    j.line(4);
    out += "\"liveness_info\" : { \"tstamp\" : " + util::json_quoted(instant_text(r.liveness.timestamp, kMicros));
    if (r.liveness.ttl > 0)
      out += fmt::format(", \"ttl\" : {}, \"expires_at\" : {}, \"expired\" : {}", r.liveness.ttl,
                         util::json_quoted(instant_text(r.liveness.expiry, 1)),
                         r.liveness.expiry < now_s ? "true" : "false");
    out += " },";
  }
  if (r.deletion.exists()) {
    j.line(4);
    out += "\"deletion_info\" : " + deletion_json(r.deletion) + ",";
  }
  j.line(4);
  out += "\"cells\" : [";
  if (r.cells.empty()) {
    out += " ]";
  } else {
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      if (i) out += ',';
      j.line(5);
      cell_json(j, r.cells[i], r.liveness, now_s, text);
    }
    j.line(4);
    out += ']';
  }
  j.line(3);
  out += '}';
}

void bound_json(Json& j, const schema::TableSchema& t, const ClusteringBound& b, bool start, const store::Deletion& d,
                const DumpValueText& text) {
  std::string& out = j.out;
  // An inclusive start and an exclusive end sit before their values (side -1).
  const bool inclusive = start ? b.side < 0 : b.side > 0;
  out += fmt::format("\"{}\" : {{", start ? "start" : "end");
  j.line(5);
  out += fmt::format("\"type\" : \"{}\",", inclusive ? "inclusive" : "exclusive");
  if (!b.values.empty()) {
    j.line(5);
    out += "\"clustering\" : " + clustering_json(t, b.values, text) + ",";
  }
  j.line(5);
  out += "\"deletion_info\" : " + deletion_json(d);
  j.line(4);
  out += '}';
}

void marker_json(Json& j, const schema::TableSchema& t, const FlushedMarker& m, const DumpValueText& text) {
  std::string& out = j.out;
  const bool boundary = m.open.exists() && m.close.exists();
  out += '{';
  j.line(4);
  out += fmt::format("\"type\" : \"{}\",", boundary ? "range_tombstone_boundary" : "range_tombstone_bound");
  j.line(4);
  if (m.open.exists()) bound_json(j, t, m.at, true, m.open, text);
  if (boundary) {
    out += ',';
    j.line(4);
  }
  if (m.close.exists()) bound_json(j, t, m.at, false, m.close, text);
  j.line(3);
  out += '}';
}

std::string key_json(const schema::TableSchema& t, std::string_view key, const DumpValueText& text) {
  std::string out = "[ ";
  if (t.partition_key.size() == 1) {
    out += util::json_quoted(text.text(*t.column(t.partition_key[0]).type, key));
  } else {
    // CompositeType: each component as a 2-byte length, its bytes and an end-of-component byte.
    for (std::size_t i = 0; i < t.partition_key.size() && key.size() >= 2; ++i) {
      const auto len =
          static_cast<std::size_t>((static_cast<unsigned char>(key[0]) << 8) | static_cast<unsigned char>(key[1]));
      if (i) out += ", ";
      out += util::json_quoted(text.text(*t.column(t.partition_key[i]).type, key.substr(2, len)));
      key.remove_prefix(std::min(key.size(), 2 + len + 1));
    }
  }
  return out + " ]";
}

}  // namespace

void sstabledump(const schema::TableSchema& t, const store::TableStore& st, std::int64_t now_s,
                 const DumpValueText& text, std::string& out, const std::function<void()>& drain) {
  const SstableLayout layout(t, st);
  Json j{out};
  std::uint64_t position = 0;
  std::size_t pi = 0;
  for (const store::Partition& partition : st.partitions()) {
    // One partition at a time, so a big table never sits in memory twice.
    const FlushedPartition p = flushed_partition(t, partition, st.comparator());
    // A flush writes no partition that holds nothing.
    if (!p.deletion.exists() && !p.static_row && p.unfiltered.empty()) continue;
    out += pi++ ? "," : "[";
    j.line(1);
    out += '{';
    j.line(2);
    out += "\"table kind\" : \"REGULAR\",";
    j.line(2);
    out += "\"partition\" : {";
    j.line(3);
    out += "\"key\" : " + key_json(t, p.key, text) + ",";
    j.line(3);
    out += fmt::format("\"position\" : {}", position);
    if (p.deletion.exists()) {
      out += ',';
      j.line(3);
      out += "\"deletion_info\" : " + deletion_json(p.deletion);
    }
    j.line(2);
    out += "},";
    j.line(2);
    out += "\"rows\" : [";
    // The reader has taken the header and the static row before the first position is read;
    // the first unfiltered records the header's size as its predecessor's.
    const std::uint64_t header = layout.header_size(p);
    std::uint64_t at = position + header;
    std::uint64_t previous = header;
    bool first = true;
    auto separator = [&] {
      if (!first) out += ',';
      first = false;
      j.line(3);
    };
    if (p.static_row) {
      separator();
      row_json(j, t, *p.static_row, at, now_s, text);
    }
    for (const Unfiltered& u : p.unfiltered) {
      if (const auto* r = std::get_if<FlushedRow>(&u)) {
        separator();
        row_json(j, t, *r, at, now_s, text);
        previous = layout.row_size(*r, previous);
      } else {
        const auto& m = std::get<FlushedMarker>(u);
        separator();
        marker_json(j, t, m, text);
        previous = layout.marker_size(m, previous);
      }
      at += previous;
    }
    if (first) {
      out += " ]";
    } else {
      j.line(2);
      out += ']';
    }
    j.line(1);
    out += '}';
    position = at + SstableLayout::kEndOfPartition;
    if (out.size() >= (1u << 20)) drain();
  }
  if (pi == 0) {
    out += "[ ]";
    return;
  }
  j.line(0);
  out += ']';
}

}  // namespace cqlbox::print
