// Roles and permissions: what Cassandra's CassandraRoleManager and CassandraAuthorizer keep in
// system_auth (roles, role_members, role_permissions, resource_role_permissons_index). cqlbox
// keeps them here and regenerates those tables from them when read (exec/system_tables.cpp).
//
// `enabled` is --auth: PasswordAuthenticator and CassandraAuthorizer. Off, Cassandra's defaults
// apply (AllowAllAuthenticator, AllowAllAuthorizer): every client is anonymous, nothing is
// checked, and role statements are refused for want of a login. The default superuser role
// cassandra/cassandra exists either way, as on a fresh node.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "auth/permission.hpp"
#include "auth/resource.hpp"

namespace cqlbox::auth {

struct Role {
  bool is_super = false;
  bool can_login = false;
  std::string salted_hash;  // empty: no password
  std::set<std::string> member_of;
};

// One row of LIST PERMISSIONS.
struct PermissionDetail {
  std::string role;
  Resource resource;
  Permission permission;
};

// PasswordAuthenticator.authenticate and ClientState.login for `user`, whose role is `role`
// (nullptr: none): "" when `password` logs it in, else the AuthenticationException's message.
// Pure, so a server can check a copy of the role without holding the database (bcrypt is slow).
std::string login_refusal(const std::string& user, const Role* role, std::string_view password);

class AuthState {
 public:
  AuthState() { reset(); }

  bool enabled = false;

  // Back to a fresh node: the default role only, no grants.
  void reset();
  // Forgets every role and grant (a data file restores its own).
  void clear();

  bool exists(const std::string& role) const { return roles_.count(role) != 0; }
  const Role* find(const std::string& role) const;
  const std::map<std::string, Role>& roles() const { return roles_; }
  Role& role(const std::string& name) { return roles_[name]; }

  void drop_role(const std::string& name);
  // GRANT role TO grantee: "<grantee> is a member of <role>" when it already is (directly or
  // not), "<role> is a member of <grantee>" when that would make a cycle.
  void grant_role(const std::string& role, const std::string& grantee);
  void revoke_role(const std::string& role, const std::string& revokee);

  // login_refusal for `user`'s role here.
  std::string login_error(const std::string& user, std::string_view password) const {
    return login_refusal(user, find(user), password);
  }

  // The role and every role granted to it (recursive) or only those granted directly.
  std::set<std::string> roles_of(const std::string& name, bool recursive) const;
  // Superuser status, through any role granted (Roles.hasSuperuserStatus).
  bool has_superuser_status(const std::string& name) const;

  // What `user` may do on `resource` itself (not its parents): everything applicable for a
  // superuser, else what its roles were granted there (CassandraAuthorizer.authorize).
  PermissionSet authorize(const std::string& user, const Resource& resource) const;
  // Whether `user` holds `p` on `resource` or one of its parents.
  bool permitted(const std::string& user, Permission p, const Resource& resource) const;

  // The permissions of `perms` newly granted / actually revoked.
  PermissionSet grant(PermissionSet perms, const Resource& resource, const std::string& grantee);
  PermissionSet revoke(PermissionSet perms, const Resource& resource, const std::string& revokee);
  void revoke_all_on(const Resource& resource);
  // Every grant on a data resource inside `keyspace` (DROP KEYSPACE).
  void revoke_all_in_keyspace(const std::string& keyspace);

  // LIST PERMISSIONS: for `grantee` and the roles granted to it, or for everyone; on the
  // resources `on` (a resource, or its whole chain), or everywhere when `on` is empty; sorted
  // as Cassandra sorts them.
  std::vector<PermissionDetail> list(PermissionSet perms, const std::vector<Resource>& on,
                                     const std::string* grantee) const;
  // role → stored resource name → permissions (role_permissions).
  const std::map<std::string, std::map<std::string, PermissionSet>>& grants() const { return grants_; }

 private:
  std::map<std::string, Role> roles_;
  std::map<std::string, std::map<std::string, PermissionSet>> grants_;
};

}  // namespace cqlbox::auth
