// mask_hash's digests (util/digest_*.cpp) against published test vectors, and against Python's
// hashlib (OpenSSL's) at every length from 0 to 433 bytes: past three blocks of every algorithm
// (SHA3-224's rate is 144 bytes), so every padding case. Each expected value is the SHA-256 of
// the digests of all those lengths concatenated, computed with hashlib.
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

std::string hex_digest(const char* java, const std::string& data) {
  const auto d = cqlbox::util::java_digest(java, data);
  REQUIRE(d.has_value());
  return hex(*d);
}
}  // namespace

TEST_CASE("digests: the published test vectors") {
  CHECK(hex_digest("MD5", "") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex_digest("sha-1", "abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
  CHECK(hex_digest("SHA-256", "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hex_digest("SHA224", "abc") == "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  CHECK(hex_digest("SHA-512/224", "abc") == "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa");
  CHECK(hex_digest("SHA-512/256", "abc") == "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
  CHECK(hex_digest("SHA3-224", "abc") == "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf");
  CHECK(hex_digest("sha3-256", "") == "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  CHECK(hex_digest("SHA3-256", "abc") == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  CHECK(hex_digest("SHA3-384", "abc") ==
        "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25");
  CHECK(hex_digest("SHA3-512", "abc") ==
        "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5"
        "a56592f8274eec53f0");
  CHECK(!cqlbox::util::java_digest("MD2", "abc"));
  CHECK(!cqlbox::util::java_digest("SHA3-1024", "abc"));
  CHECK(!cqlbox::util::java_digest("", "abc"));
}

TEST_CASE("digests equal hashlib's at every length up to three blocks") {
  struct Expected {
    const char* java;
    const char* sha256_of_all;
  };
  static constexpr Expected kExpected[] = {
      {"MD5", "4968881b7f38ab1acf6198285b593b4b8a79dbcda1f19cad23620c4cfdb31eec"},
      {"SHA-1", "047c541b3ba10677015256088b034c8810252f78de38ef56ec8f639470cc2740"},
      {"SHA-224", "ec6b92451dd2d11cb8a47ab4fa046100a9ba42dac812643fdc26adc9a6b4932f"},
      {"SHA-256", "49bf83c7780220713a6410a14b793d7aa9a0c2c6ccdec47c224041f6f1147585"},
      {"SHA-384", "eab39d1d1699d695b3d262bd21f7290fa30874721db0710942496ffbfb0c6a15"},
      {"SHA-512", "db4854a316f825095ed126df0a683c736acba0c51ff113bb352dea8e493877b3"},
      {"SHA-512/224", "bce9dc4553c482ee57aeed75b4619e815f1f3fb6ac0938d3714f35c579b8d832"},
      {"SHA-512/256", "babddf8014fa1e7d24f4304ea337fa56cb8678b44435814d4962952df6d349dc"},
      {"SHA3-224", "42ea8b30f7707b4d7d03fae5bc347b7c8e6799fd552e0a6abd1a806391da6653"},
      {"SHA3-256", "f4adb6d6466308aa9b362c62eb92f34ceb5cd351a067bca32afd28f88352e7ca"},
      {"SHA3-384", "9a1520bfd64bd03de9d9e2c8d9a466b3a18edc3b0942381cec2712e19592d4ed"},
      {"SHA3-512", "327ebb4f6f3763c2c1136f13dab821a3bb9deaab1294f9f4264b53b5112c9ca9"},
  };
  for (const Expected& e : kExpected) {
    CAPTURE(e.java);
    std::string data, all;
    for (int n = 0; n <= 3 * 144 + 1; ++n) {
      all += *cqlbox::util::java_digest(e.java, data);
      data += static_cast<char>('a' + n % 26 + (n % 7 == 0 ? 128 : 0));
    }
    CHECK(hex_digest("SHA-256", all) == e.sha256_of_all);
  }
}
