// Message digests by their Java names (MessageDigest.getInstance: "SHA-256", "md5", "SHA3-512"…),
// for mask_hash: MD5, SHA-1, the SHA-2 family and SHA-3, computed here (digest_algorithms.hpp),
// so the browser edition has every one of them too.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cqlbox::util {

// The digest of `data`, or nullopt when Java's standard providers would not know the name.
// MD2, which Java still offers, is not (it is broken, and no scripts use it).
std::optional<std::string> java_digest(std::string_view algorithm, std::string_view data);

}  // namespace cqlbox::util
