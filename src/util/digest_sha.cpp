// MD5 (RFC 1321), SHA-1 and the SHA-2 family (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512,
// SHA-512/224 and SHA-512/256. The unit test checks them against published vectors and against
// Python's hashlib at every length up to three blocks.
#include <cstdint>
#include <cstring>

#include "util/digest_algorithms.hpp"

namespace cqlbox::util::digest {

namespace {

constexpr std::uint32_t rotl32(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

// The message padded to whole blocks: a 1 bit, zeros, and its length in bits (`length_bytes`
// wide, big- or little-endian).
std::string pad(std::string_view data, std::size_t block, std::size_t length_bytes, bool big_endian) {
  std::string m(data);
  m += '\x80';
  while ((m.size() + length_bytes) % block != 0) m += '\0';
  const std::uint64_t bits = static_cast<std::uint64_t>(data.size()) * 8;
  std::string length(length_bytes, '\0');
  for (std::size_t i = 0; i < 8; ++i) {
    const auto byte = static_cast<char>((bits >> (8 * i)) & 0xff);
    if (big_endian)
      length[length_bytes - 1 - i] = byte;
    else
      length[i] = byte;
  }
  return m + length;
}

std::uint32_t load_be32(const char* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}
std::uint64_t load_be64(const char* p) {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(p[i]);
  return v;
}
template <class Word>
std::string store_be(const Word* words, std::size_t bytes) {
  std::string out;
  for (std::size_t i = 0; out.size() < bytes; ++i)
    for (int b = static_cast<int>(sizeof(Word)) - 1; b >= 0 && out.size() < bytes; --b)
      out += static_cast<char>((words[i] >> (8 * b)) & 0xff);
  return out;
}

}  // namespace

std::string md5(std::string_view data) {
  static constexpr int kShift[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                     5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                     4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                     6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
  // floor(abs(sin(i + 1)) * 2^32), as RFC 1321 defines them.
  static constexpr std::uint32_t k[64] = {
      0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
      0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
      0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
      0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
      0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
      0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
      0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
      0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
  std::uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const std::string m = pad(data, 64, 8, false);
  for (std::size_t off = 0; off < m.size(); off += 64) {
    std::uint32_t w[16];
    for (std::size_t i = 0; i < 16; ++i) {  // little-endian words
      w[i] = 0;
      for (std::size_t b = 4; b-- > 0;) w[i] = (w[i] << 8) | static_cast<unsigned char>(m[off + 4 * i + b]);
    }
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; ++i) {
      std::uint32_t f = 0;
      int g = 0;
      if (i < 16) {
        f = (b & c) | (~b & d), g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d, g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d), g = (7 * i) % 16;
      }
      const std::uint32_t next = b + rotl32(a + f + k[i] + w[g], kShift[i]);
      a = d, d = c, c = b, b = next;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d;
  }
  std::string out;
  for (std::uint32_t v : h)
    for (int b = 0; b < 4; ++b) out += static_cast<char>((v >> (8 * b)) & 0xff);
  return out;
}

std::string sha1(std::string_view data) {
  std::uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  const std::string m = pad(data, 64, 8, true);
  for (std::size_t off = 0; off < m.size(); off += 64) {
    std::uint32_t w[80];
    for (int i = 0; i < 16; ++i) w[i] = load_be32(&m[off + 4 * static_cast<std::size_t>(i)]);
    for (int i = 16; i < 80; ++i) w[i] = rotl32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int i = 0; i < 80; ++i) {
      const std::uint32_t f = i < 20   ? (b & c) | (~b & d)
                              : i < 40 ? b ^ c ^ d
                              : i < 60 ? (b & c) | (b & d) | (c & d)
                                       : b ^ c ^ d;
      const std::uint32_t k = i < 20 ? 0x5a827999 : i < 40 ? 0x6ed9eba1 : i < 60 ? 0x8f1bbcdc : 0xca62c1d6;
      const std::uint32_t t = rotl32(a, 5) + f + e + k + w[i];
      e = d, d = c, c = rotl32(b, 30), b = a, a = t;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
  }
  return store_be(h, 20);
}

// SHA-256's and SHA-512's shared structure (FIPS 180-4 6.2 and 6.4): the message padded into
// blocks of 16 words, each block's schedule of `Rounds` words, and the rounds folded into `h`.
// The two differ in word size, round constants `k` and the rotation amounts `r` (σ0, σ1 of the
// schedule, then Σ1, Σ0 of the rounds; σ's third is a shift).
template <class Word, std::size_t Rounds>
void compress_sha2(std::string_view data, const Word (&k)[Rounds], const int (&r)[12], Word (&h)[8]) {
  constexpr std::size_t kWord = sizeof(Word), kBlock = 16 * kWord;
  auto rotr = [](Word x, int n) {
    return static_cast<Word>((x >> n) | (x << (8 * kWord - static_cast<std::size_t>(n))));
  };
  const std::string m = pad(data, kBlock, 2 * kWord, true);
  for (std::size_t off = 0; off < m.size(); off += kBlock) {
    Word w[Rounds];
    for (int i = 0; i < 16; ++i) {
      const char* p = &m[off + kWord * static_cast<std::size_t>(i)];
      if constexpr (kWord == 4)
        w[i] = load_be32(p);
      else
        w[i] = load_be64(p);
    }
    for (std::size_t i = 16; i < Rounds; ++i) {
      const Word s0 = rotr(w[i - 15], r[0]) ^ rotr(w[i - 15], r[1]) ^ (w[i - 15] >> r[2]);
      const Word s1 = rotr(w[i - 2], r[3]) ^ rotr(w[i - 2], r[4]) ^ (w[i - 2] >> r[5]);
      w[i] = static_cast<Word>(w[i - 16] + s0 + w[i - 7] + s1);
    }
    Word v[8];
    std::memcpy(v, h, sizeof v);
    for (std::size_t i = 0; i < Rounds; ++i) {
      const Word s1 = rotr(v[4], r[6]) ^ rotr(v[4], r[7]) ^ rotr(v[4], r[8]);
      const Word t1 = static_cast<Word>(v[7] + s1 + ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[i] + w[i]);
      const Word s0 = rotr(v[0], r[9]) ^ rotr(v[0], r[10]) ^ rotr(v[0], r[11]);
      const Word t2 = static_cast<Word>(s0 + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2])));
      for (int j = 7; j > 0; --j) v[j] = v[j - 1];
      v[4] = static_cast<Word>(v[4] + t1);
      v[0] = static_cast<Word>(t1 + t2);
    }
    for (int i = 0; i < 8; ++i) h[i] = static_cast<Word>(h[i] + v[i]);
  }
}

std::string sha256(std::string_view data, bool is224) {
  static constexpr std::uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  if (is224) {
    const std::uint32_t h224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                   0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    std::memcpy(h, h224, sizeof h);
  }
  compress_sha2<std::uint32_t, 64>(data, k, {7, 18, 3, 17, 19, 10, 6, 11, 25, 2, 13, 22}, h);
  return store_be(h, is224 ? 28 : 32);
}

std::string sha512(std::string_view data, Sha512 variant) {
  static constexpr std::uint64_t k[80] = {
      0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
      0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
      0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
      0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
      0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
      0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
      0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
      0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
      0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
      0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
      0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
      0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
      0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
      0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
      0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
      0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817};
  // Each variant's initial hash value (FIPS 180-4 5.3.4 to 5.3.6).
  static constexpr std::uint64_t kInitial[4][8] = {
      {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1, 0x510e527fade682d1,
       0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179},
      {0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939, 0x67332667ffc00b31,
       0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4},
      {0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf, 0x0f6d2b697bd44da8,
       0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1},
      {0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd, 0x96283ee2a88effe3,
       0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2}};
  static constexpr std::size_t kBytes[4] = {64, 48, 28, 32};
  const auto v4 = static_cast<std::size_t>(variant);
  std::uint64_t h[8];
  std::memcpy(h, kInitial[v4], sizeof h);
  compress_sha2<std::uint64_t, 80>(data, k, {1, 8, 7, 19, 61, 6, 14, 18, 41, 28, 34, 39}, h);
  return store_be(h, kBytes[v4]);
}

}  // namespace cqlbox::util::digest
