// Password hashes as Cassandra's PasswordAuthenticator keeps them: bcrypt ("$2a$10$…", jBCrypt's
// format), computed by the system's libxcrypt rather than by hand-written cryptography.
#pragma once

#include <string>
#include <string_view>

namespace cqlbox::auth {

// A new hash of `password` with a random salt (10 rounds, as Cassandra's default).
std::string hash_password(std::string_view password);
// Whether `password` matches `hash` (false for a malformed hash).
bool check_password(std::string_view password, const std::string& hash);
// Whether `hash` is a bcrypt hash libxcrypt can check: HASHED_PASSWORD's validation.
bool valid_hash(const std::string& hash);

// The default superuser's hash of "cassandra", fixed so that system_auth.roles reads the same
// in every run (CassandraRoleManager hashes it afresh at each new cluster's setup).
inline constexpr const char* kDefaultRoleHash = "$2a$10$W1DqWk72JUPjXkDzZFOfGOAyYyKvCNEmMxIpWGL/i5Mdt/a/7eMT2";

}  // namespace cqlbox::auth
