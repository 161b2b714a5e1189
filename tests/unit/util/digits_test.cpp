// digits_end reads eight bytes at a time: it must stop where a byte-at-a-time scan stops, for
// every byte value at every place of the eight, and never read past the text.
#include "util/digits.hpp"

#include <doctest/doctest.h>

#include <memory>
#include <string>

using cqlbox::util::digits_end;

namespace {

std::size_t scalar_end(std::string_view s, std::size_t i) {
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  return i;
}

}  // namespace

TEST_CASE("digits_end stops at the first byte that is no digit, whatever its value") {
  for (std::size_t at = 0; at < 20; ++at)
    for (int b = 0; b < 256; ++b) {
      std::string s(20, '7');
      s[at] = static_cast<char>(b);
      s += "0xff";  // more digits, a letter, a byte of 0xff after the first stop
      s.back() = static_cast<char>(0xff);
      for (std::size_t from = 0; from < s.size(); ++from) {
        INFO("byte ", b, " at ", at, " from ", from);
        CHECK(digits_end(s, from) == scalar_end(s, from));
      }
    }
}

TEST_CASE("digits_end reads only the text it is given") {
  // A heap block of exactly the text: ASan reports a read past it.
  for (std::size_t n = 0; n <= 24; ++n) {
    const std::unique_ptr<char[]> block(new char[n == 0 ? 1 : n]);
    for (std::size_t i = 0; i < n; ++i) block[i] = static_cast<char>('0' + i % 10);
    const std::string_view text(block.get(), n);
    CHECK(digits_end(text, 0) == n);
    if (n > 0) CHECK(digits_end(text, n - 1) == n);
  }
  CHECK(digits_end("12.5", 0) == 2);
  CHECK(digits_end("12.5", 3) == 4);
  CHECK(digits_end("-1", 0) == 0);
  CHECK(digits_end("123456789012345678901234567890x", 0) == 30);
}
