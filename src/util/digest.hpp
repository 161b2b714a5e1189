// Message digests by their Java names (MessageDigest.getInstance: "SHA-256", "md5", "SHA3-512"…),
// for mask_hash. OpenSSL's libcrypto computes them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cqlbox::util {

// The digest of `data`, or nullopt when Java's standard providers would not know the name.
// MD2, which OpenSSL 3 keeps only in its legacy provider, is not offered.
std::optional<std::string> java_digest(std::string_view algorithm, std::string_view data);

// The browser edition's digests, computed here (digest_portable.cpp), by OpenSSL's name: MD5,
// SHA1, SHA224, SHA256, SHA384, SHA512; nullopt for the others. java_digest uses them where
// there is no libcrypto; the unit test compares them with it.
std::optional<std::string> portable_digest(std::string_view openssl_name, std::string_view data);

}  // namespace cqlbox::util
