// CRC-32 (the zlib / IEEE 802.3 polynomial, reflected): the commit log's record checksum.
#pragma once

#include <cstdint>
#include <string_view>

namespace cqlbox::util {

std::uint32_t crc32(std::string_view bytes, std::uint32_t crc = 0);

}  // namespace cqlbox::util
