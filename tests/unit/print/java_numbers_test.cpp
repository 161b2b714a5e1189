// nodetool's Java number texts (print/java_numbers.hpp).
#include <doctest/doctest.h>

#include "print/java_numbers.hpp"

namespace print = cqlbox::print;

TEST_CASE("DecimalFormat #.##") {
  CHECK(print::at_most_two_decimals(0) == "0");
  CHECK(print::at_most_two_decimals(2) == "2");
  CHECK(print::at_most_two_decimals(1.5) == "1.5");
  CHECK(print::at_most_two_decimals(1.0 / 3) == "0.33");
  CHECK(print::at_most_two_decimals(104.3203) == "104.32");
}

TEST_CASE("FileUtils.stringifyFileSize") {
  CHECK(print::file_size(0) == "0 bytes");
  CHECK(print::file_size(512) == "512 bytes");
  CHECK(print::file_size(1023) == "1023 bytes");
  CHECK(print::file_size(1024) == "1 KiB");
  CHECK(print::file_size(1536) == "1.5 KiB");
  CHECK(print::file_size(1024.0 * 1024) == "1 MiB");
  CHECK(print::file_size(3.0 * 1024 * 1024 * 1024) == "3 GiB");
  CHECK(print::file_size(2.0 * 1024 * 1024 * 1024 * 1024) == "2 TiB");
}
