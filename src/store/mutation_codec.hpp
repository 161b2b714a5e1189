// Mutations as bytes, for --data's data files (persist/snapshot.hpp): a partition's whole
// content is written as the mutations that rebuild it (one for the partition's deletion, range
// tombstones and static row, one per clustering row), and applying them to an empty store gives
// back the same cells, timestamps, TTLs and tombstones.
//
// Layout (integers big-endian, strings as u32 length + bytes):
//   key | deletion | u32 n static cells (u16 slot, cell) | u32 n range tombstones
//   (u32 n prefix strings, u8 flags [lower? upper? lower_incl upper_incl], lower, upper, deletion)
//   | u8 has_row | clustering | liveness | deletion | u32 n cells (u16 slot, cell)
//   | u32 n complex (u16 slot, u8 static, deletion, u32 n (path, cell))
//   cell: value | i64 timestamp | i32 ttl | i64 local time | u8 tombstone
//   liveness: i64 timestamp | i32 ttl | i64 expiry;  deletion: i64 timestamp | i64 local time
#pragma once

#include <string>
#include <string_view>

#include "store/mutation.hpp"
#include "store/partition.hpp"

namespace cqlbox::store {

void encode_mutation(const Mutation& m, std::string& out);
// Reads one mutation from the front of `in` (advancing it); false when the bytes are malformed.
bool decode_mutation(std::string_view& in, Mutation& m);

// The mutations that rebuild `p`, each handed to `sink`.
template <class Sink>
void partition_mutations(const Partition& p, Sink&& sink);

}  // namespace cqlbox::store

#include "store/mutation_codec_inl.hpp"
