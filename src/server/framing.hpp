// Protocol v5's outer framing (native_protocol_v5.spec §2.1): after STARTUP is answered, every
// envelope (the v4-style frame) travels inside segments of at most 128 KiB - 1 bytes, each with
// a 3-byte little-endian header (payload length, self-contained bit), that header's CRC24 and a
// CRC32 trailer of the payload. cqlbox offers no compression, so only the uncompressed format.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace cqlbox::server {

inline constexpr std::size_t kMaxSegmentPayload = (1u << 17) - 1;

// Cassandra's CRC24 (net/Crc.java): the low `len` bytes of `bytes`, least significant first.
std::uint32_t crc24(std::uint64_t bytes, int len);
// The payload checksum: CRC-32 seeded with the bytes FA 2D 55 CA, as Cassandra's Crc.crc32().
std::uint32_t segment_crc32(std::string_view payload);

// Appends `envelope` to `out` as one self-contained segment, or, when it is larger than a
// segment holds, as a run of segments that are not self-contained.
void append_segments(std::string& out, std::string_view envelope);

// Moves the complete segments at the front of `in` into `envelopes` (their payloads, in order),
// stopping once `envelopes` holds `limit` bytes (the rest wait in `in`). Returns an empty string,
// or the ProtocolError message for a damaged segment (the connection must then close).
std::string take_segments(std::string& in, std::string& envelopes, std::size_t limit = SIZE_MAX);

}  // namespace cqlbox::server
