#include "auth/password.hpp"

#include <crypt.h>
#include <unistd.h>

#include <cstring>
#include <memory>

namespace cqlbox::auth {

namespace {
// crypt_r's state is 32 KiB: on the heap, not the stack.
std::string run_crypt(std::string_view password, const char* setting) {
  auto data = std::make_unique<crypt_data>();
  std::memset(data.get(), 0, sizeof(crypt_data));
  const std::string pw(password);  // NUL-terminated; a password with a NUL stops there, as in jBCrypt's C peers
  const char* out = crypt_r(pw.c_str(), setting, data.get());
  if (!out || out[0] == '*') return {};  // "*0"/"*1": libxcrypt's failure tokens
  return out;
}

#ifndef CRYPT_GENSALT_OUTPUT_SIZE
// "$2a$10$" and the 16 random bytes in bcrypt's own base64 (22 characters).
std::string bcrypt_setting(const char (&random)[16]) {
  static constexpr char kAlphabet[] = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string out = "$2a$10$";
  unsigned bits = 0, have = 0;
  for (char c : random) {
    bits = (bits << 8) | static_cast<unsigned char>(c);
    for (have += 8; have >= 6; have -= 6) out += kAlphabet[(bits >> (have - 6)) & 63];
  }
  out += kAlphabet[(bits << (6 - have)) & 63];  // the last 2 bits, as the 22nd character
  return out;
}
#endif
}  // namespace

std::string hash_password(std::string_view password) {
  char random[16];
  // getentropy: glibc's and the browser edition's libc both have it (getrandom only glibc).
  const std::size_t got = getentropy(random, sizeof random) == 0 ? sizeof random : 0;
#ifdef CRYPT_GENSALT_OUTPUT_SIZE  // libxcrypt
  char setting[CRYPT_GENSALT_OUTPUT_SIZE];
  if (!crypt_gensalt_rn("$2a$", 10, got == sizeof random ? random : nullptr, got == sizeof random ? 16 : 0, setting,
                        sizeof setting))
    return {};
  return run_crypt(password, setting);
#else  // musl (the browser edition): its crypt_r has bcrypt, not crypt_gensalt; the setting by hand
  if (got != sizeof random) return {};
  return run_crypt(password, bcrypt_setting(random).c_str());
#endif
}

bool check_password(std::string_view password, const std::string& hash) {
  if (!valid_hash(hash)) return false;
  const std::string computed = run_crypt(password, hash.c_str());
  if (computed.size() != hash.size()) return false;
  unsigned char diff = 0;  // compared in constant time
  for (std::size_t i = 0; i < hash.size(); ++i) diff |= static_cast<unsigned char>(computed[i] ^ hash[i]);
  return diff == 0;
}

bool valid_hash(const std::string& hash) {
  // jBCrypt accepts "$2a$" and "$2b$"/"$2y$" hashes of 60 characters.
  if (hash.size() != 60 || hash.rfind("$2", 0) != 0) return false;
  return !run_crypt("dummy", hash.c_str()).empty();
}

}  // namespace cqlbox::auth
