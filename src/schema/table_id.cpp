#include "schema/table_id.hpp"

#include <cstdint>

#include "types/bytes.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::schema {

std::string derived_uuid(std::string_view seed) {
  const std::string s(seed);
  const auto a = static_cast<std::uint64_t>(util::murmur3_token(s + "#a"));
  const auto b = static_cast<std::uint64_t>(util::murmur3_token(s + "#b"));
  return types::be_bytes((a & 0xffffffffffff0fffULL) | 0x4000ULL) +
         types::be_bytes((b & 0x3fffffffffffffffULL) | 0x8000000000000000ULL);
}

std::string table_id(const TableSchema& t) { return t.id.empty() ? derived_uuid(t.keyspace + "." + t.name) : t.id; }

std::string uuid_text(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out += '-';
    const auto b = static_cast<unsigned char>(bytes[i]);
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace cqlbox::schema
