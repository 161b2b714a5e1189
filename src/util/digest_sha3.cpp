// SHA-3 (FIPS 202): the Keccak-f[1600] permutation over 25 64-bit lanes, a sponge absorbing the
// message at a rate of 200 - 2 × (digest bytes) bytes, SHA-3's domain padding (0x06 ... 0x80),
// then the first digest bytes of the state, lanes little-endian.
#include <cstdint>
#include <cstring>

#include "util/digest_algorithms.hpp"

namespace cqlbox::util::digest {

namespace {

constexpr std::uint64_t rotl64(std::uint64_t x, unsigned n) { return (x << n) | (x >> (64 - n)); }

void keccak_f(std::uint64_t (&a)[25]) {
  static constexpr std::uint64_t kRound[24] = {
      0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
      0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
      0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
      0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};
  // ρ and π together: lane kLane[i] receives the previous one rotated by kRotate[i], starting
  // from lane 1 (the positions (x, y) -> (y, 2x + 3y) visit every lane but the first).
  static constexpr unsigned kRotate[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                           27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
  static constexpr unsigned kLane[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                         15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};
  for (const std::uint64_t round : kRound) {
    std::uint64_t c[5];
    for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];  // θ
    for (unsigned x = 0; x < 5; ++x) {
      const std::uint64_t d = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
      for (unsigned y = 0; y < 25; y += 5) a[y + x] ^= d;
    }
    std::uint64_t moving = a[1];  // ρ, π
    for (unsigned i = 0; i < 24; ++i) {
      const std::uint64_t next = a[kLane[i]];
      a[kLane[i]] = rotl64(moving, kRotate[i]);
      moving = next;
    }
    for (unsigned y = 0; y < 25; y += 5) {  // χ
      std::uint64_t row[5];
      std::memcpy(row, &a[y], sizeof row);
      for (unsigned x = 0; x < 5; ++x) a[y + x] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5]);
    }
    a[0] ^= round;  // ι
  }
}

// XORs `byte` into the state's byte `i` (lanes are little-endian).
void absorb_byte(std::uint64_t (&a)[25], std::size_t i, unsigned char byte) {
  a[i / 8] ^= std::uint64_t{byte} << (8 * (i % 8));
}

}  // namespace

std::string sha3(std::string_view data, unsigned bits) {
  const std::size_t bytes = bits / 8, rate = 200 - 2 * bytes;
  std::uint64_t a[25] = {};
  std::size_t at = 0;
  for (const char ch : data) {
    absorb_byte(a, at, static_cast<unsigned char>(ch));
    if (++at == rate) {
      keccak_f(a);
      at = 0;
    }
  }
  absorb_byte(a, at, 0x06);
  absorb_byte(a, rate - 1, 0x80);
  keccak_f(a);
  std::string out(bytes, '\0');
  for (std::size_t i = 0; i < bytes; ++i) out[i] = static_cast<char>((a[i / 8] >> (8 * (i % 8))) & 0xff);
  return out;
}

}  // namespace cqlbox::util::digest
