// Bound bytes checked as Cassandra's serializers check them, and a sample value of a type
// (terms.hpp).
#include <cstdint>

#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"

namespace cqlbox::exec {

// Checks bytes bound for `type` as Cassandra's serializers validate them, all the way into
// collection elements, tuple components and UDT fields, so nothing malformed reaches the
// comparators or the store. The empty value is valid where the serializer allows it, at the
// top as inside a collection: int, bigint, float, double, boolean, uuids, timestamp, inet,
// decimal, varint and the textual types; not smallint, tinyint, date, time or duration.
void check_bound_bytes(const types::CqlType& type, std::string_view v, bool /*top*/) {
  using types::Kind;
  const std::size_t n = v.size();
  const bool empty = n == 0;
  auto expect = [&](bool ok, std::string_view what) {
    if (!ok) error::invalid("{} ({})", what, n);
  };
  switch (type.kind) {
    case Kind::Int: expect(n == 4 || empty, "Expected 4 or 0 byte int"); break;
    case Kind::Bigint:
    case Kind::Counter: expect(n == 8 || empty, "Expected 8 or 0 byte long"); break;
    case Kind::Double: expect(n == 8 || empty, "Expected 8 or 0 byte value for a double"); break;
    case Kind::Float: expect(n == 4 || empty, "Expected 4 or 0 byte value for a float"); break;
    case Kind::Smallint: expect(n == 2, "Expected 2 bytes for a smallint"); break;
    case Kind::Tinyint: expect(n == 1, "Expected 1 byte for a tinyint"); break;
    case Kind::Boolean: expect(n <= 1, "Expected 1 or 0 byte value"); break;
    case Kind::Uuid: expect(n == 16 || empty, "UUID should be 16 or 0 bytes"); break;
    case Kind::Timeuuid:  // TimeUUID.Serializer: the version nibble is read from byte 6, named from byte 0 (sic)
      expect(n == 16 || empty, "UUID should be 16 or 0 bytes");
      if (n == 16 && (static_cast<unsigned char>(v[6]) & 0xf0) != 0x10)
        error::invalid("Invalid version for TimeUUID type: 0x{:x}", (static_cast<unsigned char>(v[0]) >> 4) & 0xf);
      break;
    case Kind::Timestamp: expect(n == 8 || empty, "Expected 8 or 0 byte long for date"); break;
    case Kind::Date: expect(n == 4, "Expected 4 byte long for date"); break;
    case Kind::Time: expect(n == 8, "Expected 8 byte long for time"); break;
    case Kind::Inet:  // InetAddressSerializer.validate: the value itself, in hex
      if (n != 4 && n != 16 && !empty) {
        std::string hex;
        for (char c : v) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
        error::invalid("Expected 4 or 16 byte inetaddress; got {}", hex);
      }
      break;
    case Kind::Decimal: expect(n >= 4 || empty, "Expected 0 or at least 4 bytes"); break;
    case Kind::Varint:
      break;  // IntegerSerializer: no invalid integers
    // A driver sends text as it is given; Cassandra validates it (a table holding invalid UTF-8
    // is one the drivers then cannot read).
    case Kind::Text:
      if (!util::valid_utf8(v)) error::invalid("String didn't validate.");
      break;
    case Kind::Ascii:
      for (char c : v)
        if (static_cast<signed char>(c) < 0)
          error::invalid("Invalid byte for ascii: {}", static_cast<int>(static_cast<signed char>(c)));
      break;
    case Kind::List:
    case Kind::Set:
    case Kind::Map: {
      std::vector<std::string_view> parts;
      const bool map = type.kind == Kind::Map;
      // Even empty bytes lack the element count (CollectionSerializer.readCollectionSize).
      if (v.size() < 4 || !types::decode_elements(v, parts, map))
        error::invalid("Not enough bytes to read a {}", map ? "map" : type.kind == Kind::Set ? "set" : "list");
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (parts[i].data() == nullptr) error::invalid("null is not supported inside collections");
        check_bound_bytes(*type.params[map ? i % 2 : 0], parts[i], false);
      }
      break;
    }
    case Kind::Tuple:
    case Kind::Udt: {
      std::vector<std::optional<std::string_view>> parts;
      if (!types::decode_tuple(v, parts) || parts.size() > type.params.size())
        error::invalid("Invalid remaining data after end of {} value", type.kind == Kind::Udt ? "UDT" : "tuple");
      for (std::size_t i = 0; i < parts.size(); ++i)
        if (parts[i]) check_bound_bytes(*type.params[i], *parts[i], false);  // TupleSerializer: -1 is null
      break;
    }
    case Kind::Vector: {
      std::vector<std::string_view> parts;
      if (!types::decode_vector(v, type.params[0]->fixed_size, parts) ||
          parts.size() != static_cast<std::size_t>(type.dimension))
        error::invalid("Expected {} elements in a vector of dimension {}", type.dimension, type.dimension);
      for (auto part : parts) check_bound_bytes(*type.params[0], part, false);
      break;
    }
    case Kind::Duration: {  // DurationSerializer.validate
      expect(n >= 3, "Expected at least 3 bytes for a duration");
      std::int64_t months = 0, days = 0, nanos = 0;
      if (!types::decode_duration(v, months, days, nanos)) error::invalid("Invalid duration value ({} bytes)", n);
      if (months != static_cast<std::int32_t>(months))
        error::invalid("The duration months must be a 32 bits integer but was: {}", months);
      if (days != static_cast<std::int32_t>(days))
        error::invalid("The duration days must be a 32 bits integer but was: {}", days);
      if (!((months >= 0 && days >= 0 && nanos >= 0) || (months <= 0 && days <= 0 && nanos <= 0)))
        error::invalid("The duration months, days and nanoseconds must be all of the same sign ({}, {}, {})", months,
                       days, nanos);
      break;
    }
    default: break;  // text, ascii, blob: any bytes
  }
}

// Some valid serialized value of `type`, never null or empty (a key may not be): what a
// marker stands for while the statement's shape is checked. Numbers are zero (a timeuuid has
// its version, 1), collections are empty, tuples and UDTs have every field.
std::string sample_value(const types::CqlType& type) {
  using types::Kind;
  switch (type.kind) {
    case Kind::List:
    case Kind::Set:
    case Kind::Map: return std::string(4, '\0');
    case Kind::Tuple:
    case Kind::Udt: {
      std::string v;
      for (const types::CqlType* field : type.params) {
        const std::string f = sample_value(*field);
        types::append_be(v, static_cast<std::uint32_t>(f.size()));
        v += f;
      }
      return v;
    }
    case Kind::Vector: {
      if (type.params.empty()) break;
      const std::string e = sample_value(*type.params[0]);
      return types::encode_vector(std::vector<std::string>(static_cast<std::size_t>(std::max(type.dimension, 0)), e),
                                  type.params[0]->fixed_size);
    }
    case Kind::Decimal: return std::string(5, '\0');  // scale 0, unscaled 0
    case Kind::Varint: return std::string(1, '\0');
    case Kind::Duration: return std::string(3, '\0');  // three zero vints
    case Kind::Inet: return std::string(4, '\0');
    case Kind::Text:
    case Kind::Ascii:
    case Kind::Blob: return "a";
    default: break;
  }
  std::string v(static_cast<std::size_t>(std::max(type.fixed_size, 1)), '\0');
  if (type.kind == Kind::Timeuuid) v[6] = 0x10;
  return v;
}

}  // namespace cqlbox::exec
