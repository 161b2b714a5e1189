// Type descriptors. Native types are interned statics (compare by pointer); collection, tuple
// and UDT descriptors will be interned by the catalog when those types arrive. Values never
// carry their type: it travels beside the bytes (column metadata, result metadata).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cqlbox::types {

enum class Kind : std::uint8_t {
  Ascii, Bigint, Blob, Boolean, Counter, Date, Decimal, Double, Duration, Float, Inet, Int,
  Smallint, Text, Time, Timestamp, Timeuuid, Tinyint, Uuid, Varint,
};

struct CqlType {
  Kind kind;
  std::string_view name;  // CQL spelling used in messages and DESCRIBE ("text" for varchar too)
  int fixed_size;         // serialized size in bytes, or -1 when variable
};

// The interned descriptor of a native type.
const CqlType* native_type(Kind kind) noexcept;

// Looks a native type up by its CQL name (any case; varchar = text). nullptr when unknown.
const CqlType* find_native_type(std::string_view name) noexcept;

inline bool is_integral(Kind k) {
  return k == Kind::Int || k == Kind::Bigint || k == Kind::Smallint || k == Kind::Tinyint ||
         k == Kind::Varint || k == Kind::Counter;
}

}  // namespace cqlbox::types
