// The browser edition's digests (digest_portable.cpp) must equal libcrypto's, which the native
// build uses: every algorithm, at every length around the block and padding boundaries.
#include "util/digest.hpp"

#include <doctest/doctest.h>

#include <string>

namespace {
std::string hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}
}  // namespace

TEST_CASE("portable digests: the published test vectors") {
  using cqlbox::util::portable_digest;
  CHECK(hex(*portable_digest("MD5", "")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex(*portable_digest("SHA1", "abc")) == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(hex(*portable_digest("SHA256", "abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hex(*portable_digest("SHA224", "abc")) == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  CHECK(!portable_digest("SHA3-256", "abc"));
}

TEST_CASE("portable digests equal libcrypto's at every length up to three blocks") {
  struct Pair {
    const char* java;
    const char* openssl;
  };
  for (const Pair p : {Pair{"MD5", "MD5"}, Pair{"SHA-1", "SHA1"}, Pair{"SHA-224", "SHA224"}, Pair{"SHA-256", "SHA256"},
                       Pair{"SHA-384", "SHA384"}, Pair{"SHA-512", "SHA512"}}) {
    std::string data;
    for (int n = 0; n <= 3 * 128 + 1; ++n) {
      CAPTURE(p.java);
      CAPTURE(n);
      REQUIRE(cqlbox::util::portable_digest(p.openssl, data) == cqlbox::util::java_digest(p.java, data));
      data += static_cast<char>('a' + n % 26 + (n % 7 == 0 ? 128 : 0));
    }
  }
}
