#include "util/murmur3.hpp"

#include <cstring>

namespace cqlbox::util {
namespace {

constexpr std::uint64_t rotl(std::uint64_t v, int r) { return (v << r) | (v >> (64 - r)); }

constexpr std::uint64_t fmix(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

std::uint64_t load_le64(const unsigned char* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// Java widens a signed byte to long before shifting: the sign bug that Cassandra keeps.
std::uint64_t widened(unsigned char b) {
  return static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(b)));
}

}  // namespace

std::int64_t murmur3_token(std::string_view key) noexcept {
  if (key.empty()) return kMinToken;
  constexpr std::uint64_t c1 = 0x87c37b91114253d5ULL;
  constexpr std::uint64_t c2 = 0x4cf5ad432745937fULL;
  const auto* data = reinterpret_cast<const unsigned char*>(key.data());
  const std::size_t len = key.size();
  const std::size_t nblocks = len / 16;
  std::uint64_t h1 = 0;
  std::uint64_t h2 = 0;

  for (std::size_t i = 0; i < nblocks; ++i) {
    std::uint64_t k1 = load_le64(data + i * 16);
    std::uint64_t k2 = load_le64(data + i * 16 + 8);
    k1 *= c1;
    k1 = rotl(k1, 31);
    k1 *= c2;
    h1 ^= k1;
    h1 = rotl(h1, 27);
    h1 += h2;
    h1 = h1 * 5 + 0x52dce729;
    k2 *= c2;
    k2 = rotl(k2, 33);
    k2 *= c1;
    h2 ^= k2;
    h2 = rotl(h2, 31);
    h2 += h1;
    h2 = h2 * 5 + 0x38495ab5;
  }

  const unsigned char* tail = data + nblocks * 16;
  std::uint64_t k1 = 0;
  std::uint64_t k2 = 0;
  const std::size_t rest = len & 15;
  for (std::size_t i = rest; i > 8; --i) k2 ^= widened(tail[i - 1]) << ((i - 9) * 8);
  if (rest > 8) {
    k2 *= c2;
    k2 = rotl(k2, 33);
    k2 *= c1;
    h2 ^= k2;
  }
  for (std::size_t i = rest < 8 ? rest : 8; i > 0; --i) k1 ^= widened(tail[i - 1]) << ((i - 1) * 8);
  if (rest > 0) {
    k1 *= c1;
    k1 = rotl(k1, 31);
    k1 *= c2;
    h1 ^= k1;
  }

  h1 ^= len;
  h2 ^= len;
  h1 += h2;
  h2 += h1;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h1 += h2;
  auto token = static_cast<std::int64_t>(h1);
  return token == kMinToken ? kMaxToken : token;
}

}  // namespace cqlbox::util
