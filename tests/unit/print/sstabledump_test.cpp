// SSTABLEDUMP's pieces: Instant.toString's fractions and vint sizes
// (sstabledump.hpp, sstable_layout.hpp). Whole documents are in tests/golden/sstabledump.cql.
#include "print/sstabledump.hpp"

#include <doctest/doctest.h>

#include <cstdint>

#include "print/sstable_layout.hpp"

namespace print = cqlbox::print;

TEST_CASE("instants print the shortest exact fraction: none, 3, 6 or 9 digits") {
  constexpr std::int64_t us = 1000000;
  CHECK(print::instant_text(0, us) == "1970-01-01T00:00:00Z");
  CHECK(print::instant_text(1000, us) == "1970-01-01T00:00:00.001Z");
  CHECK(print::instant_text(999, us) == "1970-01-01T00:00:00.000999Z");
  CHECK(print::instant_text(1532118188378711, us) == "2018-07-20T20:23:08.378711Z");
  CHECK(print::instant_text(1714557600120000, us) == "2024-05-01T10:00:00.120Z");
  CHECK(print::instant_text(-1, us) == "1969-12-31T23:59:59.999999Z");  // floorMod
  CHECK(print::instant_text(1469730379, 1) == "2016-07-28T18:26:19Z");
  CHECK(print::instant_text(253402300800, 1) == "+10000-01-01T00:00:00Z");
  CHECK(print::instant_text(1442880000, 1) == "2015-09-22T00:00:00Z");
}

TEST_CASE("unsigned vints take one byte per 7 bits, at most 9") {
  CHECK(print::uvint_size(0) == 1);
  CHECK(print::uvint_size(127) == 1);
  CHECK(print::uvint_size(128) == 2);
  CHECK(print::uvint_size(16383) == 2);
  CHECK(print::uvint_size(16384) == 3);
  CHECK(print::uvint_size(1234567) == 3);
  CHECK(print::uvint_size((std::uint64_t{1} << 56) - 1) == 8);
  CHECK(print::uvint_size(std::uint64_t{1} << 56) == 9);
  CHECK(print::uvint_size(~std::uint64_t{0}) == 9);
}
