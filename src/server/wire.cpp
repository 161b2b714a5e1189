#include "server/wire.hpp"

#include "error/cql_error.hpp"

namespace cqlbox::server {

std::string_view Reader::take(std::size_t n) {
  if (n > data_.size())
    error::fail(error::ErrorClass::ProtocolError, "Not enough bytes to read the frame body: {} needed, {} left", n,
                data_.size());
  std::string_view out = data_.substr(0, n);
  data_.remove_prefix(n);
  return out;
}

std::uint8_t Reader::byte() { return static_cast<std::uint8_t>(take(1)[0]); }

std::uint16_t Reader::u16() {
  auto b = take(2);
  return static_cast<std::uint16_t>((static_cast<std::uint8_t>(b[0]) << 8) | static_cast<std::uint8_t>(b[1]));
}

std::int32_t Reader::i32() {
  auto b = take(4);
  std::uint32_t v = 0;
  for (char c : b) v = (v << 8) | static_cast<std::uint8_t>(c);
  return static_cast<std::int32_t>(v);
}

std::int64_t Reader::i64() {
  auto b = take(8);
  std::uint64_t v = 0;
  for (char c : b) v = (v << 8) | static_cast<std::uint8_t>(c);
  return static_cast<std::int64_t>(v);
}

std::string_view Reader::string() { return take(u16()); }

std::string_view Reader::long_string() {
  const std::int32_t n = i32();
  if (n < 0) error::fail(error::ErrorClass::ProtocolError, "Invalid negative string length {}", n);
  return take(static_cast<std::size_t>(n));
}

std::string_view Reader::short_bytes() { return take(u16()); }

std::string_view Reader::value(ValueState& state) {
  const std::int32_t n = i32();
  if (n == -1) {
    state = ValueState::Null;
    return {};
  }
  if (n == -2) {
    state = ValueState::Unset;
    return {};
  }
  if (n < 0) error::fail(error::ErrorClass::ProtocolError, "Invalid value length {}", n);
  state = ValueState::Set;
  return take(static_cast<std::size_t>(n));
}

std::map<std::string, std::string> Reader::string_map() {
  std::map<std::string, std::string> m;
  const std::uint16_t n = u16();
  for (std::uint16_t i = 0; i < n; ++i) {
    std::string k(string());
    m[k] = std::string(string());
  }
  return m;
}

std::vector<std::string> Reader::string_list() {
  std::vector<std::string> out;
  const std::uint16_t n = u16();
  for (std::uint16_t i = 0; i < n; ++i) out.emplace_back(string());
  return out;
}

void Writer::u16(std::uint16_t v) {
  out_ += static_cast<char>(v >> 8);
  out_ += static_cast<char>(v & 0xff);
}

void Writer::i32(std::int32_t v) {
  const auto u = static_cast<std::uint32_t>(v);
  for (int s = 24; s >= 0; s -= 8) out_ += static_cast<char>((u >> s) & 0xff);
}

void Writer::i64(std::int64_t v) {
  const auto u = static_cast<std::uint64_t>(v);
  for (int s = 56; s >= 0; s -= 8) out_ += static_cast<char>((u >> s) & 0xff);
}

void Writer::string(std::string_view s) {
  s = s.substr(0, 0xffff);  // a [string] holds at most 65535 bytes
  u16(static_cast<std::uint16_t>(s.size()));
  out_.append(s);
}

void Writer::long_string(std::string_view s) {
  i32(static_cast<std::int32_t>(s.size()));
  out_.append(s);
}

void Writer::short_bytes(std::string_view s) {
  s = s.substr(0, 0xffff);
  u16(static_cast<std::uint16_t>(s.size()));
  out_.append(s);
}

void Writer::string_list(const std::vector<std::string>& items) {
  u16(static_cast<std::uint16_t>(items.size()));
  for (const auto& s : items) string(s);
}

void Writer::string_multimap(const std::map<std::string, std::vector<std::string>>& m) {
  u16(static_cast<std::uint16_t>(m.size()));
  for (const auto& [k, v] : m) {
    string(k);
    string_list(v);
  }
}

}  // namespace cqlbox::server
