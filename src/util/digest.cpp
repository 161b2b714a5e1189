#include "util/digest.hpp"

#include <cctype>

#include "util/digest_algorithms.hpp"

namespace cqlbox::util {

namespace {

enum class Algorithm { kMd5, kSha1, kSha224, kSha256, kSha384, kSha512, kSha512_224, kSha512_256, kSha3 };

struct Named {
  std::string_view java;  // upper case
  Algorithm algorithm;
  unsigned bits = 0;  // SHA-3's digest length
};

// Java's standard names and aliases (MessageDigest.getInstance, case-insensitive).
constexpr Named kNames[] = {
    {"MD5", Algorithm::kMd5},
    {"SHA-1", Algorithm::kSha1},
    {"SHA1", Algorithm::kSha1},
    {"SHA", Algorithm::kSha1},
    {"SHA-224", Algorithm::kSha224},
    {"SHA224", Algorithm::kSha224},
    {"SHA-256", Algorithm::kSha256},
    {"SHA256", Algorithm::kSha256},
    {"SHA-384", Algorithm::kSha384},
    {"SHA384", Algorithm::kSha384},
    {"SHA-512", Algorithm::kSha512},
    {"SHA512", Algorithm::kSha512},
    {"SHA-512/224", Algorithm::kSha512_224},
    {"SHA512/224", Algorithm::kSha512_224},
    {"SHA-512/256", Algorithm::kSha512_256},
    {"SHA512/256", Algorithm::kSha512_256},
    {"SHA3-224", Algorithm::kSha3, 224},
    {"SHA3-256", Algorithm::kSha3, 256},
    {"SHA3-384", Algorithm::kSha3, 384},
    {"SHA3-512", Algorithm::kSha3, 512},
};

}  // namespace

std::optional<std::string> java_digest(std::string_view algorithm, std::string_view data) {
  std::string upper;
  for (char c : algorithm) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const Named& n : kNames) {
    if (upper != n.java) continue;
    switch (n.algorithm) {
      case Algorithm::kMd5: return digest::md5(data);
      case Algorithm::kSha1: return digest::sha1(data);
      case Algorithm::kSha224: return digest::sha256(data, true);
      case Algorithm::kSha256: return digest::sha256(data, false);
      case Algorithm::kSha384: return digest::sha512(data, digest::Sha512::k384);
      case Algorithm::kSha512: return digest::sha512(data, digest::Sha512::k512);
      case Algorithm::kSha512_224: return digest::sha512(data, digest::Sha512::k512_224);
      case Algorithm::kSha512_256: return digest::sha512(data, digest::Sha512::k512_256);
      case Algorithm::kSha3: return digest::sha3(data, n.bits);
    }
  }
  return std::nullopt;
}

}  // namespace cqlbox::util
