// The 9-byte native protocol frame header (native_protocol_v4.spec §2), shared by cqlbox-load's
// client and its do-nothing floor server so both read and write frames the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "server/wire.hpp"

// The body length of the frame whose header starts at `h` (at least 9 bytes readable).
inline std::size_t frame_length(const unsigned char* h) {
  return (std::size_t{h[5]} << 24) | (std::size_t{h[6]} << 16) | (std::size_t{h[7]} << 8) | h[8];
}

// Appends one frame: header (version byte, no flags, stream, opcode, length), then the body.
inline void append_frame(std::string& out, std::uint8_t version, std::int16_t stream, std::uint8_t opcode,
                         const std::string& body) {
  cqlbox::server::Writer w(out);
  w.byte(version);
  w.byte(0);
  w.u16(static_cast<std::uint16_t>(stream));
  w.byte(opcode);
  w.i32(static_cast<std::int32_t>(body.size()));
  out += body;
}
