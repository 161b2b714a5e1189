#include "server/framing.hpp"

#include <doctest/doctest.h>

using namespace cqlbox::server;

// Expected values from the DataStax python driver's cassandra/segment.py (compute_crc24,
// compute_crc32 with CRC32_INITIAL), which talks to Cassandra 5.0.
TEST_CASE("crc24 and the seeded crc32 match the driver's") {
  CHECK(crc24(5 | (1u << 17), 3) == 0x9a9919);
  CHECK(crc24(0, 3) == 0x7de777);
  CHECK(crc24(131071, 3) == 0xfe9138);
  CHECK(segment_crc32("hello") == 0xb60e8074u);
}

TEST_CASE("a small envelope is one self-contained segment, read back whole") {
  std::string wire;
  append_segments(wire, "hello");
  REQUIRE(wire.size() == 6 + 5 + 4);
  CHECK(static_cast<unsigned char>(wire[0]) == 5);
  CHECK(static_cast<unsigned char>(wire[2]) == 0x02);  // bit 17: self-contained
  std::string partial = wire.substr(0, 8), envelopes;
  CHECK(take_segments(partial, envelopes).empty());
  CHECK(envelopes.empty());
  CHECK(partial.size() == 8);  // kept until the rest arrives
  CHECK(take_segments(wire, envelopes).empty());
  CHECK(envelopes == "hello");
  CHECK(wire.empty());
}

TEST_CASE("a large envelope spans segments that are not self-contained") {
  const std::string big(300000, 'x');
  std::string wire, envelopes;
  append_segments(wire, big);
  CHECK(wire.size() == big.size() + 3 * 10);
  CHECK((static_cast<unsigned char>(wire[2]) & 0x02) == 0);
  CHECK(take_segments(wire, envelopes).empty());
  CHECK(envelopes == big);
}

TEST_CASE("a damaged header or payload is refused") {
  std::string wire, envelopes;
  append_segments(wire, "hello");
  std::string bad_header = wire;
  bad_header[3] = static_cast<char>(bad_header[3] ^ 1);
  CHECK(take_segments(bad_header, envelopes).find("Header CRC mismatch") == 0);
  std::string bad_payload = wire;
  bad_payload[7] = 'E';
  CHECK(take_segments(bad_payload, envelopes).find("Payload CRC mismatch") == 0);
  CHECK(envelopes.empty());
}
