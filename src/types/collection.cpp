#include "types/collection.hpp"

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

}  // namespace cqlbox::types
