// The native protocol's primitive encodings (native_protocol_v4.spec §3): big-endian [byte],
// [short], [int], [long], [string], [long string], [bytes], [short bytes], [string map],
// [string list], [value]. A Reader that runs past the body throws ProtocolError, so a truncated
// or lying frame never reads outside its buffer.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::server {

class Reader {
 public:
  explicit Reader(std::string_view body) : data_(body) {}

  std::uint8_t byte();
  std::uint16_t u16();
  std::int32_t i32();
  std::int64_t i64();
  std::string_view string();       // [string]: short length
  std::string_view long_string();  // [long string]: int length
  std::string_view short_bytes();  // [short bytes]
  // [bytes] / [value]: length -1 is null, -2 (v4 [value]) unset. `state` says which.
  enum class ValueState : std::uint8_t { Set, Null, Unset };
  std::string_view value(ValueState& state);
  std::map<std::string, std::string> string_map();
  std::vector<std::string> string_list();
  bool empty() const { return data_.empty(); }
  std::string_view rest() const { return data_; }

 private:
  std::string_view take(std::size_t n);
  std::string_view data_;
};

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}

  void byte(std::uint8_t v) { out_ += static_cast<char>(v); }
  void u16(std::uint16_t v);
  void i32(std::int32_t v);
  void i64(std::int64_t v);
  void string(std::string_view s);
  void long_string(std::string_view s);
  void short_bytes(std::string_view s);
  void bytes(std::string_view s) {
    i32(static_cast<std::int32_t>(s.size()));
    out_.append(s);
  }
  void null_bytes() { i32(-1); }
  void string_list(const std::vector<std::string>& items);
  void string_multimap(const std::map<std::string, std::vector<std::string>>& m);
  std::string& out() { return out_; }

 private:
  std::string& out_;
};

}  // namespace cqlbox::server
