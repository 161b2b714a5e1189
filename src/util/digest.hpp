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

}  // namespace cqlbox::util
