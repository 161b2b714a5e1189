#include "store/mutation_codec.hpp"

#include "util/big_endian.hpp"

namespace cqlbox::store {

namespace {

using util::put_be;
void put(std::string& out, std::uint64_t v, int bytes) { put_be(out, v, bytes); }
void put_str(std::string& out, std::string_view s) { util::put_be_string(out, s); }
void put_deletion(std::string& out, const Deletion& d) {
  put(out, static_cast<std::uint64_t>(d.timestamp), 8);
  put(out, static_cast<std::uint64_t>(d.local_time), 8);
}
void put_cell(std::string& out, const Cell& c) {
  put_str(out, c.value);
  put(out, static_cast<std::uint64_t>(c.timestamp), 8);
  put(out, static_cast<std::uint32_t>(c.ttl), 4);
  put(out, static_cast<std::uint64_t>(c.local_time), 8);
  out += c.tombstone ? '\1' : '\0';
}

// The shared reader, with the codec's own compound fields.
struct In : util::BigEndianReader {
  Deletion deletion() {
    Deletion x;
    x.timestamp = i64();
    x.local_time = i64();
    return x;
  }
  Cell cell() {
    Cell c;
    c.value = str();
    c.timestamp = i64();
    c.ttl = static_cast<std::int32_t>(u(4));
    c.local_time = i64();
    c.tombstone = u(1) != 0;
    return c;
  }
};

}  // namespace

void encode_mutation(const Mutation& m, std::string& out) {
  put_str(out, m.partition_key);
  put_deletion(out, m.partition_deletion);
  put(out, m.static_cells.size(), 4);
  for (const auto& [slot, cell] : m.static_cells) {
    put(out, static_cast<std::uint16_t>(slot), 2);
    put_cell(out, cell);
  }
  put(out, m.range_tombstones.size(), 4);
  for (const auto& rt : m.range_tombstones) {
    put(out, rt.prefix.size(), 4);
    for (const auto& p : rt.prefix) put_str(out, p);
    out += static_cast<char>((rt.lower ? 1 : 0) | (rt.upper ? 2 : 0) | (rt.lower_inclusive ? 4 : 0) |
                             (rt.upper_inclusive ? 8 : 0));
    put_str(out, rt.lower.value_or(""));
    put_str(out, rt.upper.value_or(""));
    put_deletion(out, rt.deletion);
  }
  out += m.has_row ? '\1' : '\0';
  put_str(out, key_to_wire(m.clustering));
  put(out, static_cast<std::uint64_t>(m.marker.timestamp), 8);
  put(out, static_cast<std::uint32_t>(m.marker.ttl), 4);
  put(out, static_cast<std::uint64_t>(m.marker.expiry), 8);
  put_deletion(out, m.row_deletion);
  put(out, m.cells.size(), 4);
  for (const auto& [slot, cell] : m.cells) {
    put(out, static_cast<std::uint16_t>(slot), 2);
    put_cell(out, cell);
  }
  put(out, m.complex.size(), 4);
  for (const auto& c : m.complex) {
    put(out, static_cast<std::uint16_t>(c.slot), 2);
    out += c.is_static ? '\1' : '\0';
    put_deletion(out, c.deletion);
    put(out, c.cells.size(), 4);
    for (const auto& pc : c.cells) {
      put_str(out, pc.path);
      put_cell(out, pc.cell);
    }
  }
}

bool decode_mutation(std::string_view& data, Mutation& m) {
  In in{{data}};
  m = Mutation{};
  m.partition_key = in.str();
  m.partition_deletion = in.deletion();
  for (std::size_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    const int slot = static_cast<int>(in.u(2));
    m.static_cells.emplace_back(slot, in.cell());
  }
  for (std::size_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    RangeTombstone rt;
    for (std::size_t k = 0, np = in.count(); in.ok && k < np; ++k) rt.prefix.push_back(in.str());
    const auto flags = in.u(1);
    std::string lower = in.str(), upper = in.str();
    if (flags & 1) rt.lower = std::move(lower);
    if (flags & 2) rt.upper = std::move(upper);
    rt.lower_inclusive = flags & 4;
    rt.upper_inclusive = flags & 8;
    rt.deletion = in.deletion();
    m.range_tombstones.push_back(std::move(rt));
  }
  m.has_row = in.u(1) != 0;
  if (std::optional<std::string> key = key_from_wire(in.str()))
    m.clustering = std::move(*key);
  else
    in.ok = false;
  m.marker.timestamp = in.i64();
  m.marker.ttl = static_cast<std::int32_t>(in.u(4));
  m.marker.expiry = in.i64();
  m.row_deletion = in.deletion();
  for (std::size_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    const int slot = static_cast<int>(in.u(2));
    m.cells.emplace_back(slot, in.cell());
  }
  for (std::size_t i = 0, n = in.count(); in.ok && i < n; ++i) {
    ComplexWrite c;
    c.slot = static_cast<int>(in.u(2));
    c.is_static = in.u(1) != 0;
    c.deletion = in.deletion();
    for (std::size_t k = 0, nc = in.count(); in.ok && k < nc; ++k) {
      PathCell pc;
      pc.path = in.str();
      pc.cell = in.cell();
      c.cells.push_back(std::move(pc));
    }
    m.complex.push_back(std::move(c));
  }
  data = in.data;
  return in.ok;
}

}  // namespace cqlbox::store
