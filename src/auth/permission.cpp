#include "auth/permission.hpp"

namespace cqlbox::auth {

namespace {
constexpr const char* kNames[kPermissionCount] = {"CREATE",    "ALTER",    "DROP",    "SELECT", "MODIFY",
                                                  "AUTHORIZE", "DESCRIBE", "EXECUTE", "UNMASK", "SELECT_MASKED"};
}

const char* permission_name(Permission p) { return kNames[static_cast<int>(p)]; }

std::optional<Permission> permission_from_name(std::string_view upper_name) {
  for (int i = 0; i < kPermissionCount; ++i)
    if (upper_name == kNames[i]) return static_cast<Permission>(i);
  return std::nullopt;
}

std::string permission_list(PermissionSet s) {
  std::string out;
  for (int i = 0; i < kPermissionCount; ++i) {
    if (!has(s, static_cast<Permission>(i))) continue;
    if (!out.empty()) out += ", ";
    out += kNames[i];
  }
  return out;
}

}  // namespace cqlbox::auth
