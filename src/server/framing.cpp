#include "server/framing.hpp"

#include <fmt/format.h>

#include "util/crc32.hpp"

namespace cqlbox::server {

namespace {

constexpr std::size_t kHeader = 6;
constexpr std::size_t kTrailer = 4;

void put_le(std::string& out, std::uint32_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::uint32_t get_le(std::string_view s, std::size_t at, int bytes) {
  std::uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(i)]);
  return v;
}

void append_one(std::string& out, std::string_view payload, bool self_contained) {
  const std::uint32_t header = static_cast<std::uint32_t>(payload.size()) | (self_contained ? 1u << 17 : 0u);
  put_le(out, header, 3);
  put_le(out, crc24(header, 3), 3);
  out.append(payload);
  put_le(out, segment_crc32(payload), 4);
}

}  // namespace

std::uint32_t crc24(std::uint64_t bytes, int len) {
  std::uint32_t crc = 0x875060;
  while (len-- > 0) {
    crc ^= static_cast<std::uint32_t>(bytes & 0xff) << 16;
    bytes >>= 8;
    for (int i = 0; i < 8; ++i) {
      crc <<= 1;
      if (crc & 0x1000000) crc ^= 0x1974F0B;
    }
  }
  return crc & 0xffffff;
}

std::uint32_t segment_crc32(std::string_view payload) {
  static const std::uint32_t seed = util::crc32(std::string_view("\xfa\x2d\x55\xca", 4));
  return util::crc32(payload, seed);
}

void append_segments(std::string& out, std::string_view envelope) {
  if (envelope.size() <= kMaxSegmentPayload) return append_one(out, envelope, true);
  for (std::size_t at = 0; at < envelope.size(); at += kMaxSegmentPayload)
    append_one(out, envelope.substr(at, kMaxSegmentPayload), false);
}

std::string take_segments(std::string& in, std::string& envelopes, std::size_t limit) {
  std::size_t pos = 0;
  std::string error;
  while (in.size() - pos >= kHeader && envelopes.size() < limit) {
    const std::uint32_t header = get_le(in, pos, 3);
    const std::uint32_t crc = get_le(in, pos + 3, 3);
    if (crc24(header, 3) != crc) {
      error = fmt::format("Header CRC mismatch: read {}, computed {}", crc, crc24(header, 3));
      break;
    }
    const std::size_t length = header & 0x1ffff;
    if (in.size() - pos < kHeader + length + kTrailer) break;  // the rest has not arrived
    const std::string_view payload(in.data() + pos + kHeader, length);
    const std::uint32_t read = get_le(in, pos + kHeader + length, 4);
    if (read != segment_crc32(payload)) {
      error = fmt::format("Payload CRC mismatch: read {}, computed {}", read, segment_crc32(payload));
      break;
    }
    envelopes.append(payload);
    pos += kHeader + length + kTrailer;
  }
  in.erase(0, pos);
  return error;
}

}  // namespace cqlbox::server
