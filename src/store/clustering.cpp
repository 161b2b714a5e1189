#include "store/clustering.hpp"

#include <cassert>

#include "types/bytes.hpp"
#include "types/compare.hpp"

namespace cqlbox::store {

void append_component(std::string& key, std::string_view value) {
  std::uint64_t n = value.size();
  while (n >= 0x80) {
    key += static_cast<char>((n & 0x7f) | 0x80);
    n >>= 7;
  }
  key += static_cast<char>(n);
  key.append(value);
}

std::vector<std::string_view> split_components(std::string_view key) {
  std::vector<std::string_view> out;
  split_components(key, out);
  return out;
}

void split_components(std::string_view key, std::vector<std::string_view>& out) {
  out.clear();
  while (!key.empty()) out.push_back(next_component(key));
}

std::string key_to_wire(std::string_view key) {
  std::string out;
  while (!key.empty()) {
    const std::string_view v = next_component(key);
    // A null component is length -1, as Cassandra serializes a null clustering value.
    types::append_be(out, is_null_component(v) ? std::uint32_t{0xffffffff} : static_cast<std::uint32_t>(v.size()));
    out.append(v);
  }
  return out;
}

std::optional<std::string> key_from_wire(std::string_view wire) {
  std::string out;
  while (!wire.empty()) {
    if (wire.size() < 4) return std::nullopt;
    const auto len = types::read_be<std::uint32_t>(wire);
    if (len == 0xffffffff) {
      append_null_component(out);
      wire.remove_prefix(4);
      continue;
    }
    if (wire.size() - 4 < len) return std::nullopt;
    append_component(out, wire.substr(4, len));
    wire.remove_prefix(4 + len);
  }
  return out;
}

ClusteringComparator::ClusteringComparator(std::vector<ClusteringColumn> columns) : columns_(std::move(columns)) {
  using types::Kind;
  shape_.parts = static_cast<std::uint16_t>(columns_.size());
  for (std::size_t i = 0; i < columns_.size() && i < RowShape::kMaxPacked; ++i) {
    const auto bit = static_cast<std::uint16_t>(1u << i);
    switch (columns_[i].type->kind) {
      case Kind::Int: shape_.int4 |= bit; break;
      case Kind::Bigint:
      case Kind::Timestamp:
      case Kind::Time: shape_.int8 |= bit; break;
      default: break;
    }
  }
  shape_id_ = store::shape_id(shape_);
  if (columns_.empty()) return;
  first_reversed_ = columns_[0].reversed;
  switch (columns_[0].type->kind) {
    case Kind::Tinyint:
    case Kind::Smallint:
    case Kind::Int:
    case Kind::Bigint:
    case Kind::Counter:
    case Kind::Timestamp:
    case Kind::Time: prefix_kind_ = PrefixKind::Signed; break;
    // compare_values orders these by their bytes, unsigned, shorter first on a tie.
    case Kind::Text:
    case Kind::Ascii:
    case Kind::Blob:
    case Kind::Boolean:
    case Kind::Date:
    case Kind::Inet: prefix_kind_ = PrefixKind::Bytes; break;
    // UUIDType orders by version, then a time-based uuid by its timestamp, others by bytes.
    case Kind::Uuid:
    case Kind::Timeuuid: prefix_kind_ = PrefixKind::Uuid; break;
    default: break;
  }
  // prefix_of_packed reads a packed first component as a signed integer: every type packed
  // (RowShape's int4 and int8) must order that way.
  assert(shape_.width(0) == 0 || prefix_kind_ == PrefixKind::Signed);
}

std::uint64_t ClusteringComparator::prefix_of_first(std::string_view key) const {
  // A key without a first component sorts before every other, whatever the direction: 0.
  if (prefix_kind_ == PrefixKind::None || key.empty()) return 0;
  const std::string_view v = next_component(key);
  if (is_null_component(v)) return 0;
  std::uint64_t p = 0;  // an empty value is the least value of its column (last when DESC)
  if (v.empty()) {
  } else if (prefix_kind_ == PrefixKind::Signed) {
    // Sign-extend the big-endian integer, then flip the sign bit: unsigned order = signed order.
    std::int64_t x = static_cast<signed char>(v[0]);
    for (std::size_t i = 1; i < v.size() && i < 8; ++i)
      x = static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << 8) | static_cast<unsigned char>(v[i]);
    p = static_cast<std::uint64_t>(x) ^ (std::uint64_t{1} << 63);
  } else if (prefix_kind_ == PrefixKind::Uuid) {
    if (v.size() < 16) return 0;
    const std::uint64_t msb = types::read_be<std::uint64_t>(v);
    const std::uint64_t version = (msb >> 12) & 0xf;
    // Version 1: the 60-bit timestamp (time_hi, time_mid, time_low); else the first 60 bits.
    const std::uint64_t rest =
        version == 1 ? ((msb & 0x0fff) << 48) | (((msb >> 16) & 0xffff) << 32) | (msb >> 32) : msb >> 4;
    p = (version << 60) | rest;
  } else {
    // The first 8 bytes, big-endian, zero-padded: a shorter value never gets a larger prefix.
    for (std::size_t i = 0; i < 8; ++i) p = (p << 8) | (i < v.size() ? static_cast<unsigned char>(v[i]) : 0u);
  }
  return columns_[0].reversed ? ~p : p;
}

int compare_component(const ClusteringColumn& column, std::string_view x, std::string_view y) {
  if (is_null_component(x) || is_null_component(y)) return int{!is_null_component(x)} - int{!is_null_component(y)};
  const int c = types::compare_values(*column.type, x, y);
  return column.reversed ? -c : c;
}

int ClusteringComparator::compare_head(std::string_view key, std::string_view head) const {
  for (std::size_t i = 0; i < columns_.size() && !head.empty(); ++i) {
    if (key.empty()) return -1;
    const int c = compare_component(columns_[i], next_component(key), next_component(head));
    if (c != 0) return c;
  }
  return 0;
}

int ClusteringComparator::compare(std::string_view a, std::string_view b) const {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (a.empty() || b.empty()) return int{!a.empty()} - int{!b.empty()};
    const int c = compare_component(columns_[i], next_component(a), next_component(b));
    if (c != 0) return c;
  }
  return 0;
}

}  // namespace cqlbox::store
