// Cassandra's Murmur3Partitioner token: MurmurHash3 x64_128 with seed 0 over the serialized
// partition key, first 64-bit word as a signed long. Cassandra's tail handling sign-extends bytes
// >= 0x80 (a bug it must keep for compatibility), and so do we: tokens decide row order.
#pragma once

#include <cstdint>
#include <string_view>

namespace cqlbox::util {

inline constexpr std::int64_t kMinToken = INT64_MIN;  // the ring's sentinel; no data lives here
inline constexpr std::int64_t kMaxToken = INT64_MAX;

// Token of a serialized partition key. An empty key maps to kMinToken; a hash equal to
// kMinToken is normalised to kMaxToken, as Murmur3Partitioner.getToken does.
std::int64_t murmur3_token(std::string_view key) noexcept;

}  // namespace cqlbox::util
