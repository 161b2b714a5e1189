// The order nodetool prints in. Where Cassandra's tools walk a java.util.HashMap (status rows
// keyed by endpoint, describering's ranges) the lines come out in its bucket order, so cqlbox
// reproduces Java's hashCode and HashMap iteration to print what a real node prints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace cqlbox::cluster {

class Ring;

// String.hashCode over the bytes of an ASCII string, and Long.hashCode.
std::int32_t java_string_hash(std::string_view s);
std::int32_t java_long_hash(std::int64_t v);

// Indices of `hashes` in the order a java.util.HashMap(initial_capacity), filled in that order,
// iterates them: by bucket (spread hash & (capacity - 1)), then insertion order. The table
// doubles whenever its size passes three quarters of its capacity.
std::vector<std::size_t> hashmap_order(const std::vector<std::int32_t>& hashes, std::size_t initial_capacity);

// NODETOOL status: node indices in the order of its HashMap keyed by "address:7000".
std::vector<std::size_t> status_node_order(const Ring& ring);

// NODETOOL describering: every token range (start, end] of the ring, in the order of
// HashMap<Range, …> (Range.hashCode is 31 * left.hashCode + right.hashCode).
std::vector<std::pair<std::int64_t, std::int64_t>> describering_ranges(const Ring& ring);

}  // namespace cqlbox::cluster
