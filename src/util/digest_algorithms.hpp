// The digests behind java_digest (digest.hpp), each returning the raw digest bytes: MD5, SHA-1
// and SHA-2 in digest_sha.cpp, SHA-3 in digest_sha3.cpp. Written here rather than taken from
// libcrypto, which cost every process 1.4 MB of resident memory and its start-up for a function
// (mask_hash) that few scripts call.
#pragma once

#include <string>
#include <string_view>

namespace cqlbox::util::digest {

std::string md5(std::string_view data);
std::string sha1(std::string_view data);
std::string sha256(std::string_view data, bool is224);
enum class Sha512 { k512, k384, k512_224, k512_256 };
std::string sha512(std::string_view data, Sha512 variant);
// SHA3-224, -256, -384 or -512 (FIPS 202): `bits` is the digest's length.
std::string sha3(std::string_view data, unsigned bits);

}  // namespace cqlbox::util::digest
