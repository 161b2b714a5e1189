// Clustering keys as stored: each component as a 4-byte big-endian length and its serialized
// bytes, concatenated. The comparator compares component by component with each column's type
// order, reversed for DESC columns; a prefix sorts before its extensions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "types/cql_type.hpp"

namespace cqlbox::store {

struct ClusteringColumn {
  const types::CqlType* type;
  bool reversed;
};

class ClusteringComparator {
 public:
  ClusteringComparator() = default;
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
  std::uint64_t prefix(std::string_view key) const;
  std::size_t size() const { return columns_.size(); }
  const ClusteringColumn& column(std::size_t i) const { return columns_[i]; }

 private:
  std::vector<ClusteringColumn> columns_;
  enum class PrefixKind : std::uint8_t { None, Signed, Bytes, Uuid };
  PrefixKind prefix_kind_ = PrefixKind::None;
};

void append_component(std::string& key, std::string_view value);
// Splits an encoded key into its components. REQUIRES: `key` was built by append_component.
std::vector<std::string_view> split_components(std::string_view key);
// The same into `out` (cleared first), reusing its capacity: a scan splits every row's key.
void split_components(std::string_view key, std::vector<std::string_view>& out);

}  // namespace cqlbox::store
