#include "types/collection.hpp"

#include <cstdint>

#include "types/bytes.hpp"

namespace cqlbox::types {

std::string encode_elements(const std::vector<std::string>& elements) {
  std::string out = be_bytes(static_cast<std::int32_t>(elements.size()));
  for (const auto& e : elements) {
    append_be(out, static_cast<std::int32_t>(e.size()));
    out += e;
  }
  return out;
}

std::string encode_optional_elements(const std::vector<std::optional<std::string>>& elements) {
  std::string out = be_bytes(static_cast<std::int32_t>(elements.size()));
  for (const auto& e : elements) {
    append_be(out, static_cast<std::int32_t>(e ? static_cast<std::int32_t>(e->size()) : -1));
    if (e) out += *e;
  }
  return out;
}

std::string encode_pairs(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out = be_bytes(static_cast<std::int32_t>(pairs.size()));
  for (const auto& [k, v] : pairs) {
    append_be(out, static_cast<std::int32_t>(k.size()));
    out += k;
    append_be(out, static_cast<std::int32_t>(v.size()));
    out += v;
  }
  return out;
}

std::string encode_tuple(const std::vector<std::optional<std::string>>& components) {
  std::string out;
  for (const auto& c : components) {
    append_be(out, static_cast<std::int32_t>(c ? static_cast<std::int32_t>(c->size()) : -1));
    if (c) out += *c;
  }
  return out;
}

bool decode_elements(std::string_view b, std::vector<std::string_view>& out, bool map) {
  out.clear();
  if (b.size() < 4) return b.empty();
  const auto n = read_be<std::int32_t>(b) * (map ? 2 : 1);
  b.remove_prefix(4);
  if (n < 0) return false;
  for (std::int32_t i = 0; i < n; ++i) {
    if (b.size() < 4) return false;
    const auto len = read_be<std::int32_t>(b);
    b.remove_prefix(4);
    if (len == -1) {  // a null element (writetime()/ttl() lists of 5.0): a view with no data
      out.emplace_back();
      continue;
    }
    if (len < 0 || static_cast<std::size_t>(len) > b.size()) return false;
    out.push_back(b.substr(0, static_cast<std::size_t>(len)));
    b.remove_prefix(static_cast<std::size_t>(len));
  }
  return b.empty();
}

bool decode_tuple(std::string_view b, std::vector<std::optional<std::string_view>>& out) {
  out.clear();
  while (!b.empty()) {
    if (b.size() < 4) return false;
    const auto len = read_be<std::int32_t>(b);
    b.remove_prefix(4);
    if (len < 0) {
      out.emplace_back(std::nullopt);
      continue;
    }
    if (static_cast<std::size_t>(len) > b.size()) return false;
    out.emplace_back(b.substr(0, static_cast<std::size_t>(len)));
    b.remove_prefix(static_cast<std::size_t>(len));
  }
  return true;
}

namespace {

// Cassandra's unsigned vint: the count of leading one bits in the first byte is the number of
// extra bytes; the value follows big-endian in the remaining bits.
void append_unsigned_vint(std::string& out, std::uint64_t v) {
  int extra = 0;
  while (extra < 8 && v >= (std::uint64_t{1} << (7 * (extra + 1)))) ++extra;
  if (extra == 8) {
    out += static_cast<char>(0xff);
  } else {
    const auto first = static_cast<unsigned>((0xff00u >> extra) & 0xffu);
    out += static_cast<char>(first | static_cast<unsigned>(v >> (8 * extra)));
  }
  for (int i = extra - 1; i >= 0; --i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

bool read_unsigned_vint(std::string_view& in, std::uint64_t& v) {
  if (in.empty()) return false;
  const auto first = static_cast<unsigned char>(in[0]);
  int extra = 0;
  while (extra < 8 && (first & (0x80u >> extra))) ++extra;
  if (in.size() < static_cast<std::size_t>(extra) + 1) return false;
  v = extra == 8 ? 0 : (first & (0xffu >> (extra + 1)));
  for (int i = 1; i <= extra; ++i) v = (v << 8) | static_cast<unsigned char>(in[static_cast<std::size_t>(i)]);
  in.remove_prefix(static_cast<std::size_t>(extra) + 1);
  return true;
}

}  // namespace

std::string encode_vector(const std::vector<std::string>& elements, int element_size) {
  std::string out;
  for (const auto& e : elements) {
    if (element_size <= 0) append_unsigned_vint(out, e.size());
    out += e;
  }
  return out;
}

bool decode_vector(std::string_view bytes, int element_size, std::vector<std::string_view>& out) {
  out.clear();
  while (!bytes.empty()) {
    std::uint64_t n = static_cast<std::uint64_t>(element_size);
    if (element_size <= 0 && !read_unsigned_vint(bytes, n)) return false;
    if (n > bytes.size()) return false;
    out.push_back(bytes.substr(0, n));
    bytes.remove_prefix(n);
  }
  return true;
}

}  // namespace cqlbox::types
