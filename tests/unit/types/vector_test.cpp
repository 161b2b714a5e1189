// vector<e, n> storage: Cassandra's VectorType layout (fixed-size elements back to back,
// variable-size ones behind an unsigned vint length) and its type spelling.
#include "types/collection.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "types/cql_type.hpp"

using namespace cqlbox::types;

TEST_CASE("fixed-size vector elements are stored without lengths") {
  const std::string a("\x3f\x80\x00\x00", 4), b("\x40\x00\x00\x00", 4);  // 1.0f, 2.0f
  const std::string bytes = encode_vector({a, b}, 4);
  CHECK(bytes == a + b);
  std::vector<std::string_view> out;
  REQUIRE(decode_vector(bytes, 4, out));
  REQUIRE(out.size() == 2);
  CHECK(out[1] == b);
}

TEST_CASE("variable-size vector elements carry an unsigned vint length") {
  const std::string small = "ab", big(300, 'x');
  const std::string bytes = encode_vector({small, big}, -1);
  // 2 fits one byte; 300 = 0x12c needs two: 10|000001 00101100.
  CHECK(bytes.substr(0, 3) == std::string("\x02"
                                          "ab",
                                          3));
  CHECK(static_cast<unsigned char>(bytes[3]) == 0x81);
  CHECK(static_cast<unsigned char>(bytes[4]) == 0x2c);
  std::vector<std::string_view> out;
  REQUIRE(decode_vector(bytes, -1, out));
  REQUIRE(out.size() == 2);
  CHECK(out[0] == small);
  CHECK(out[1] == big);
}

TEST_CASE("a truncated vector does not decode") {
  std::vector<std::string_view> out;
  CHECK_FALSE(decode_vector(std::string_view("\x05"
                                             "ab",
                                             3),
                            -1, out));
  CHECK_FALSE(decode_vector(std::string_view("\x00\x00\x00", 3), 4, out));
}

TEST_CASE("vector types are spelled as CQL spells them and are never multi-cell") {
  const CqlType* v = vector_type(native_type(Kind::Float), 3);
  CHECK(v->name == "vector<float, 3>");
  CHECK(v->dimension == 3);
  CHECK(v->fixed_size == 12);
  CHECK_FALSE(v->multi_cell());
  CHECK(vector_type(native_type(Kind::Float), 3) == v);
}
