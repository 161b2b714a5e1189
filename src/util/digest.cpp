#include "util/digest.hpp"

#if __has_include(<openssl/evp.h>)
#include <openssl/evp.h>
#define CQLBOX_HAVE_LIBCRYPTO 1
#endif

#include <cctype>
#include <memory>

namespace cqlbox::util {

namespace {

// Java's standard names and aliases (case-insensitive) to OpenSSL's.
const char* openssl_name(std::string_view java) {
  std::string upper;
  for (char c : java) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static constexpr std::pair<std::string_view, const char*> kNames[] = {
      {"MD5", "MD5"},
      {"SHA-1", "SHA1"},
      {"SHA1", "SHA1"},
      {"SHA", "SHA1"},
      {"SHA-224", "SHA224"},
      {"SHA224", "SHA224"},
      {"SHA-256", "SHA256"},
      {"SHA256", "SHA256"},
      {"SHA-384", "SHA384"},
      {"SHA384", "SHA384"},
      {"SHA-512", "SHA512"},
      {"SHA512", "SHA512"},
      {"SHA-512/224", "SHA512-224"},
      {"SHA512/224", "SHA512-224"},
      {"SHA-512/256", "SHA512-256"},
      {"SHA512/256", "SHA512-256"},
      {"SHA3-224", "SHA3-224"},
      {"SHA3-256", "SHA3-256"},
      {"SHA3-384", "SHA3-384"},
      {"SHA3-512", "SHA3-512"},
  };
  for (const auto& [j, o] : kNames)
    if (upper == j) return o;
  return nullptr;
}

}  // namespace

#if CQLBOX_HAVE_LIBCRYPTO
std::optional<std::string> java_digest(std::string_view algorithm, std::string_view data) {
  const char* name = openssl_name(algorithm);
  const EVP_MD* md = name ? EVP_get_digestbyname(name) : nullptr;
  if (!md) return std::nullopt;
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!ctx || EVP_DigestInit_ex(ctx.get(), md, nullptr) != 1 ||
      EVP_DigestUpdate(ctx.get(), data.data(), data.size()) != 1 || EVP_DigestFinal_ex(ctx.get(), out, &size) != 1)
    return std::nullopt;
  return std::string(reinterpret_cast<const char*>(out), size);
}
#else
// The browser edition has no libcrypto: the SHA-2 family, SHA-1 and MD5 only
// (docs/compatibility.md).
std::optional<std::string> java_digest(std::string_view algorithm, std::string_view data) {
  const char* name = openssl_name(algorithm);
  return name ? portable_digest(name, data) : std::nullopt;
}
#endif

}  // namespace cqlbox::util
