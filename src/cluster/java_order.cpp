// Java's hashing and HashMap iteration order, for nodetool's line order (java_order.hpp).
#include "cluster/java_order.hpp"

#include <algorithm>

#include "cluster/ring.hpp"

namespace cqlbox::cluster {

std::int32_t java_string_hash(std::string_view s) {
  std::uint32_t h = 0;
  for (char c : s) h = 31 * h + static_cast<unsigned char>(c);
  return static_cast<std::int32_t>(h);
}

std::int32_t java_long_hash(std::int64_t v) {
  const auto u = static_cast<std::uint64_t>(v);
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(u ^ (u >> 32)));
}

std::vector<std::size_t> hashmap_order(const std::vector<std::int32_t>& hashes, std::size_t initial_capacity) {
  std::size_t cap = 1;
  while (cap < std::max<std::size_t>(initial_capacity, 1)) cap <<= 1;
  std::size_t threshold = cap * 3 / 4;
  for (std::size_t size = 1; size <= hashes.size(); ++size)
    if (size > threshold) {
      cap <<= 1;
      threshold = cap * 3 / 4;
    }
  std::vector<std::pair<std::uint32_t, std::size_t>> keyed;
  keyed.reserve(hashes.size());
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    const auto h = static_cast<std::uint32_t>(hashes[i]);
    keyed.emplace_back((h ^ (h >> 16)) & static_cast<std::uint32_t>(cap - 1), i);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::size_t> order;
  order.reserve(keyed.size());
  for (const auto& [bucket, i] : keyed) order.push_back(i);
  return order;
}

std::vector<std::size_t> status_node_order(const Ring& ring) {
  std::vector<std::int32_t> hashes;
  for (const auto& n : ring.nodes()) hashes.push_back(java_string_hash(n.address + ":7000"));
  return hashmap_order(hashes, 16);
}

std::vector<std::pair<std::int64_t, std::int64_t>> describering_ranges(const Ring& ring) {
  const auto& tokens = ring.tokens();
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
  for (std::size_t i = 1; i < tokens.size(); ++i) ranges.emplace_back(tokens[i - 1].first, tokens[i].first);
  if (!tokens.empty()) ranges.emplace_back(tokens.back().first, tokens.front().first);
  std::vector<std::int32_t> hashes;
  for (const auto& [left, right] : ranges)
    hashes.push_back(static_cast<std::int32_t>(31u * static_cast<std::uint32_t>(java_long_hash(left)) +
                                               static_cast<std::uint32_t>(java_long_hash(right))));
  std::vector<std::pair<std::int64_t, std::int64_t>> ordered;
  ordered.reserve(ranges.size());
  for (std::size_t i : hashmap_order(hashes, ranges.size())) ordered.push_back(ranges[i]);
  return ordered;
}

}  // namespace cqlbox::cluster
