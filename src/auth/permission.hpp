// Cassandra's permissions (auth/Permission.java), in its declaration order: that order sorts
// LIST PERMISSIONS and the warnings of GRANT and REVOKE.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cqlbox::auth {

enum class Permission : std::uint8_t {
  Create,
  Alter,
  Drop,
  Select,
  Modify,
  Authorize,
  Describe,
  Execute,
  Unmask,
  SelectMasked
};
inline constexpr int kPermissionCount = 10;

// A set of permissions, one bit per Permission.
using PermissionSet = std::uint16_t;
inline constexpr PermissionSet kAllPermissions = (1u << kPermissionCount) - 1;

constexpr PermissionSet bit(Permission p) { return static_cast<PermissionSet>(1u << static_cast<unsigned>(p)); }
constexpr bool has(PermissionSet s, Permission p) { return (s & bit(p)) != 0; }

// "CREATE", …, "SELECT_MASKED": the names system_auth.role_permissions and LIST show.
const char* permission_name(Permission p);
std::optional<Permission> permission_from_name(std::string_view upper_name);

// The names of a set, in declaration order, joined with ", ".
std::string permission_list(PermissionSet s);

}  // namespace cqlbox::auth
