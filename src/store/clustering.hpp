// Clustering keys as stored: each component as its length (a LEB128 varint: one byte below 128)
// and its serialized bytes, concatenated. A null component (a COMPACT STORAGE row written with a
// clustering prefix, CASSANDRA-7990: the columns left out are null) is the two bytes 80 00, a
// length no writer of varints produces; it reads back as a view with no data (is_null_component)
// and sorts before every value, in either direction, as Cassandra's ClusteringComparator puts null. Data files keep Cassandra's 4-byte big-endian lengths
// (key_to_wire, key_from_wire), so files written before the varint form still load. The comparator compares component by component with each column's type
// order, reversed for DESC columns; a prefix sorts before its extensions.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/row_shape.hpp"
#include "store/shape_ids.hpp"
#include "types/compare.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::store {

struct ClusteringColumn {
  const types::CqlType* type;
  bool reversed;
};

class ClusteringComparator {
 public:
  ClusteringComparator() : shape_id_(store::shape_id(shape_)) {}
  explicit ClusteringComparator(std::vector<ClusteringColumn> columns);

  // <0, 0, >0 in clustering order. Either side may be a prefix.
  int compare(std::string_view a, std::string_view b) const;
  // Like compare, but only over the components `head` has: 0 when `key` starts with `head`.
  int compare_head(std::string_view key, std::string_view head) const;
  // An order-preserving summary of a key's first component: prefix(a) < prefix(b) means a sorts
  // before b, equal prefixes say nothing. Partitions keep it beside each row pointer, so a
  // binary search compares integers in one array instead of reading each probed row (a cache
  // miss per probe). Types without a cheap monotone map (varint, decimal, floats, tuples,
  // frozen collections) give 0 for every key: the search then always compares in full.
  std::uint64_t prefix(std::string_view key) const {
    // Inline for the common case, an 8-byte integer first (bigint, timestamp, time): a page
    // search computes this for every row it probes.
    if (prefix_kind_ == PrefixKind::Signed && key.size() >= 9 && key[0] == 8) {
      std::uint64_t x;
      __builtin_memcpy(&x, key.data() + 1, sizeof x);
      x = __builtin_bswap64(x) ^ (std::uint64_t{1} << 63);
      return first_reversed_ ? ~x : x;
    }
    return prefix_of_first(key);
  }
  // prefix() of a key whose first component is a packed integer of tag `t` (row_shape.hpp: 0
  // for the empty value, 2 and up for a value; not 1): a page search reads it from each row it
  // probes.
  std::uint64_t prefix_of_packed(std::uint64_t t) const {
    std::uint64_t x = 0;  // an empty value: the least (the first column is an integer, Signed)
    if (t >= 2) x = static_cast<std::uint64_t>(RowShape::unzigzag(t - 2)) ^ (std::uint64_t{1} << 63);
    return first_reversed_ ? ~x : x;
  }
  std::size_t size() const { return columns_.size(); }
  // How pages pack rows (row_shape.hpp): the keys, and (set by the table's store, which every
  // page operation reads it from with the order) its regular slots of fixed-size values.
  const RowShape& shape() const { return shape_; }
  ShapeId shape_id() const { return shape_id_; }  // the number pages name it by (shape_ids.hpp)
  void set_fixed_cells(std::uint32_t cells) {
    RowShape next = shape_;  // both fields change together, or neither (shape_id may throw)
    next.cells = cells;
    ShapeId id = store::shape_id(next);
    shape_ = next;
    shape_id_ = id;
  }
  const ClusteringColumn& column(std::size_t i) const { return columns_[i]; }

 private:
  std::uint64_t prefix_of_first(std::string_view key) const;

  std::vector<ClusteringColumn> columns_;
  enum class PrefixKind : std::uint8_t { None, Signed, Bytes, Uuid };
  PrefixKind prefix_kind_ = PrefixKind::None;
  RowShape shape_;
  ShapeId shape_id_ = 0;
  bool first_reversed_ = false;
};

void append_component(std::string& key, std::string_view value);
inline constexpr char kNullComponent[] = "\x80\x00";  // (2 bytes)
inline void append_null_component(std::string& key) { key.append(kNullComponent, 2); }
inline bool starts_with_null_component(const char* p, std::size_t size) {
  return size >= 2 && static_cast<unsigned char>(p[0]) == 0x80 && p[1] == 0;
}
// Whether a component next_component returned is a null one.
inline bool is_null_component(std::string_view v) { return v.data() == nullptr; }
// The first component of `key`, removed from it. REQUIRES: `key` is a non-empty encoded key.
inline std::string_view next_component(std::string_view& key) {
  if (starts_with_null_component(key.data(), key.size())) {
    key.remove_prefix(2);
    return {};
  }
  std::size_t len = 0, at = 0;
  for (int shift = 0; at < key.size(); shift += 7) {
    const auto b = static_cast<unsigned char>(key[at++]);
    len |= std::size_t{b & 0x7fu} << shift;
    if (b < 0x80) break;
  }
  len = std::min(len, key.size() - at);
  const std::string_view v = key.substr(at, len);
  key.remove_prefix(at + len);
  return v;
}
// Two keys' components at one position, in storage order: a null component first whatever the
// direction (ClusteringComparator.compareComponent), else the column's type order, reversed for
// DESC.
int compare_component(const ClusteringColumn& column, std::string_view x, std::string_view y);
// A key's component against a value in the column's natural (ASC) order, the order slices,
// multi-column relations and range deletions state their bounds in. A null component lies where
// storage order puts it, first: below every value of an ASC column, above every value of a DESC
// one. So it is never equal to a value, and a slice holds it only when open on that side.
inline int compare_natural(const ClusteringColumn& column, std::string_view component, std::string_view value) {
  if (is_null_component(component)) return column.reversed ? 1 : -1;
  return types::compare_values(*column.type, component, value);
}
// Splits an encoded key into its components. REQUIRES: `key` was built by append_component.
std::vector<std::string_view> split_components(std::string_view key);
// The same into `out` (cleared first), reusing its capacity: a scan splits every row's key.
void split_components(std::string_view key, std::vector<std::string_view>& out);
// How many components an encoded key has.
inline std::size_t component_count(std::string_view key) {
  std::size_t n = 0;
  for (; !key.empty(); ++n) next_component(key);
  return n;
}
// A key with 4-byte big-endian component lengths (the data files' form), and back (nullopt when
// the bytes are not such a key).
std::string key_to_wire(std::string_view key);
inline std::size_t wire_size(std::string_view key) {
  std::size_t n = 0;
  while (!key.empty()) n += 4 + next_component(key).size();
  return n;
}
std::optional<std::string> key_from_wire(std::string_view wire);

}  // namespace cqlbox::store
