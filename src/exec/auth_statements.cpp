// CREATE/ALTER/DROP ROLE (and USER), GRANT/REVOKE of roles and permissions, LIST ROLES, LIST
// USERS, LIST PERMISSIONS: Cassandra's role statements, each checked in its order (authorize(),
// then validate(), then execute()) with its messages, against db.auth.
#include <algorithm>

#include <fmt/format.h>

#include "auth/password.hpp"
#include "error/cql_error.hpp"
#include "exec/auth_access.hpp"
#include "exec/executor.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"

namespace cqlbox::exec {

using auth::Permission;
using auth::Resource;
using error::ErrorClass;
using Kind = ast::AuthStatement::Kind;

void ensure_not_anonymous(const Session& s) {
  if (anonymous(s))
    error::fail(ErrorClass::Unauthorized, "You have to be logged in and not anonymous to perform this request");
}

bool permitted(const Database& db, const Session& s, Permission p, const Resource& r) {
  if (s.internal || !db.auth.enabled) return true;
  return db.auth.permitted(s.user, p, r);
}

void ensure_permission(const Database& db, const Session& s, Permission p, const Resource& r) {
  if (!permitted(db, s, p, r))
    error::fail(ErrorClass::Unauthorized, "User {} has no {} permission on {} or any of its parents", s.user,
                auth::permission_name(p), r.to_string());
}

namespace {

// AuthenticationStatement.checkPermission: the same check, in friendlier words.
void check_role_permission(const Database& db, const Session& s, Permission p, const Resource& r) {
  if (!permitted(db, s, p, r))
    error::fail(ErrorClass::Unauthorized,
                "User {} does not have sufficient privileges to perform the requested operation", s.user);
}

// RoleOptions.validate, in IRoleManager.Option's order (SUPERUSER, PASSWORD, LOGIN, OPTIONS,
// HASHED_PASSWORD). CassandraRoleManager supports PASSWORD and HASHED_PASSWORD only with
// PasswordAuthenticator (--auth), and OPTIONS never.
void validate_options(const Database& db, const Session& session, const ast::AuthStatement& s) {
  // A replayed statement ran under --auth when it was logged.
  const bool passwords = db.auth.enabled || session.internal;
  auto unsupported = [](const char* option) {
    error::invalid("org.apache.cassandra.auth.CassandraRoleManager doesn't support {}", option);
  };
  if (s.password && !passwords) unsupported("PASSWORD");
  if (s.options) unsupported("OPTIONS");
  if (s.hashed_password) {
    if (!passwords) unsupported("HASHED_PASSWORD");
    if (!auth::valid_hash(std::string(*s.hashed_password)))
      error::invalid("Invalid hashed password value. Please use jBcrypt.");
  }
  // DCPermissions.validate: cqlbox's one data centre.
  if (!s.datacenters.empty()) {
    const bool known = std::all_of(s.datacenters.begin(), s.datacenters.end(),
                                   [](std::string_view dc) { return dc == "datacenter1"; });
    if (!known)
      error::invalid("Invalid value(s) for DATACENTERS '[{}]',All values must be valid datacenters",
                     fmt::join(s.datacenters, ", "));
  }
  // CIDRPermissions.validate: cqlbox has no CIDR groups.
  if (!s.cidrs.empty())
    error::invalid("Invalid CIDR group(s): [{}]. Available CIDR Groups are: []", fmt::join(s.cidrs, ", "));
}

bool any_option(const ast::AuthStatement& s) {
  return s.password || s.hashed_password || s.login || s.superuser || s.options;
}

std::string hash_of(const ast::AuthStatement& s) {
  if (s.hashed_password) return std::string(*s.hashed_password);
  return auth::hash_password(*s.password);
}

void grant_creator(Database& db, const Session& session, const Resource& r) {
  if (!session.user.empty() && db.auth.exists(session.user)) db.auth.grant(r.applicable(), r, session.user);
}

Result create_role(Database& db, Session& session, const ast::AuthStatement& s) {
  const std::string name(s.role);
  check_role_permission(db, session, Permission::Create, Resource::all_roles());
  if (s.superuser.value_or(false) && !is_super(db, session))
    error::fail(ErrorClass::Unauthorized, "Only superusers can create a role with superuser status");
  validate_options(db, session, s);
  if (name.empty()) error::invalid("Role name can't be an empty string");
  ensure_not_anonymous(session);
  if (db.auth.exists(name)) {
    if (s.if_not_exists) return Void{};
    error::invalid("{} already exists", name);
  }
  auth::Role role;
  role.is_super = s.superuser.value_or(false);
  role.can_login = s.login.value_or(false);
  if (s.password || s.hashed_password) role.salted_hash = hash_of(s);
  db.auth.role(name) = std::move(role);
  grant_creator(db, session, Resource::role(name));
  return Void{};
}

Result alter_role(Database& db, Session& session, const ast::AuthStatement& s) {
  const std::string name(s.role);
  const bool super = is_super(db, session);
  if (s.superuser && !session.internal && db.auth.roles_of(session.user, true).count(name))
    error::fail(ErrorClass::Unauthorized,
                "You aren't allowed to alter your own superuser status or that of a role granted to you");
  if (s.superuser && !super)
    error::fail(ErrorClass::Unauthorized, "Only superusers are allowed to alter superuser status");
  if (!super) {
    if (session.user == name) {
      // A role may change its own password, and nothing else (alterableOptions).
      auto refuse = [](const char* option) {
        error::fail(ErrorClass::Unauthorized, "You aren't allowed to alter {}", option);
      };
      if (s.login) refuse("LOGIN");
      if (s.options) refuse("OPTIONS");
      if (!db.auth.enabled && s.password) refuse("PASSWORD");
      if (!db.auth.enabled && s.hashed_password) refuse("HASHED_PASSWORD");
    } else {
      check_role_permission(db, session, Permission::Alter, Resource::role(name));
    }
  }
  validate_options(db, session, s);
  if (!any_option(s) && !s.access_datacenters && !s.access_cidrs) error::invalid("ALTER [ROLE|USER] can't be empty");
  ensure_not_anonymous(session);
  if (!db.auth.exists(name)) {
    if (s.if_exists) return Void{};
    error::invalid("Role {} doesn't exist", name);
  }
  auth::Role& role = db.auth.role(name);
  if (s.superuser) role.is_super = *s.superuser;
  if (s.login) role.can_login = *s.login;
  if (s.password || s.hashed_password) role.salted_hash = hash_of(s);
  return Void{};
}

Result drop_role(Database& db, Session& session, const ast::AuthStatement& s) {
  const std::string name(s.role);
  check_role_permission(db, session, Permission::Drop, Resource::role(name));
  if (db.auth.exists(name) && db.auth.has_superuser_status(name) && !is_super(db, session))
    error::fail(ErrorClass::Unauthorized, "Only superusers can drop a role with superuser status");
  ensure_not_anonymous(session);
  if (!db.auth.exists(name)) {
    if (s.if_exists) return Void{};
    error::invalid("{} doesn't exist", name);
  }
  if (!session.internal && session.user == name) error::invalid("Cannot DROP primary role for current login");
  db.auth.drop_role(name);
  return Void{};
}

const types::CqlType* text_type() { return types::native_type(types::Kind::Text); }
const types::CqlType* boolean_type() { return types::native_type(types::Kind::Boolean); }
std::string boolean(bool b) { return std::string(1, b ? '\1' : '\0'); }

Result list_roles(Database& db, Session& session, const ast::AuthStatement& s) {
  ensure_not_anonymous(session);
  const std::string grantee(s.role);
  if (!grantee.empty() && !db.auth.exists(grantee))
    error::invalid("{} doesn't exist", Resource::role(grantee).to_string());
  std::set<std::string> roles;
  const bool describe_all = session.internal || !db.auth.enabled ||
                            auth::has(db.auth.authorize(session.user, Resource::all_roles()), Permission::Describe);
  if (describe_all) {
    if (grantee.empty())
      for (const auto& [name, r] : db.auth.roles()) roles.insert(name);
    else
      roles = db.auth.roles_of(grantee, s.recursive);
  } else if (grantee.empty()) {
    roles = db.auth.roles_of(session.user, s.recursive);
  } else if (db.auth.roles_of(session.user, true).count(grantee)) {
    roles = db.auth.roles_of(grantee, s.recursive);
  } else {
    error::fail(ErrorClass::Unauthorized, "You are not authorized to view roles granted to {} ", grantee);
  }
  if (roles.empty()) return Void{};
  Rows out;
  out.keyspace = "system_auth";
  if (s.kind == Kind::ListUsers) {
    out.table = "users";
    out.columns = {{"name", text_type()}, {"super", boolean_type()}, {"datacenters", text_type()}};
    for (const std::string& r : roles)
      if (const auth::Role* role = db.auth.find(r); role && role->can_login)
        out.rows.push_back({r, boolean(db.auth.has_superuser_status(r)), std::string("ALL")});
    return out;
  }
  out.table = "roles";
  const types::CqlType* options = types::collection_type(types::Kind::Map, {text_type(), text_type()}, false);
  out.columns = {{"role", text_type()},
                 {"super", boolean_type()},
                 {"login", boolean_type()},
                 {"options", options},
                 {"datacenters", text_type()}};
  for (const std::string& r : roles) {
    const auth::Role* role = db.auth.find(r);
    if (!role) continue;
    out.rows.push_back(
        {r, boolean(role->is_super), boolean(role->can_login), types::encode_pairs({}), std::string("ALL")});
  }
  return out;
}

Result grant_or_revoke_role(Database& db, Session& session, const ast::AuthStatement& s) {
  const std::string role(s.role), grantee(s.grantee);
  check_role_permission(db, session, Permission::Authorize, Resource::role(role));
  ensure_not_anonymous(session);
  if (!db.auth.exists(role)) error::invalid("{} doesn't exist", role);
  if (!db.auth.exists(grantee)) error::invalid("{} doesn't exist", grantee);
  if (s.kind == Kind::GrantRole)
    db.auth.grant_role(role, grantee);
  else
    db.auth.revoke_role(role, grantee);
  return Void{};
}

// Parser.g's resource, with a table's keyspace from the session when not written
// (AuthorizationStatement.maybeCorrectResource).
Resource resource_of(const Session& session, const ast::ResourceRef& r) {
  using RK = ast::ResourceRef::Kind;
  Resource out;
  out.kind = static_cast<Resource::Kind>(r.kind);
  out.keyspace = std::string(r.keyspace);
  out.name = std::string(r.name);
  if (r.kind == RK::Table && out.keyspace.empty()) out.keyspace = session.keyspace.empty() ? "null" : session.keyspace;
  if (r.kind == RK::Function) {
    if (out.keyspace.empty()) out.keyspace = session.keyspace.empty() ? "null" : session.keyspace;
    out.name += "[" + fmt::format("{}", fmt::join(r.arg_types, ",")) + "]";
  }
  return out;
}

bool resource_exists(const Database& db, const Resource& r) {
  using RK = Resource::Kind;
  switch (r.kind) {
    case RK::Keyspace:
    case RK::AllTables: return db.catalog.keyspace(r.keyspace) != nullptr;
    case RK::Table: return db.catalog.table(r.keyspace, r.name) != nullptr;
    case RK::Role: return db.auth.exists(r.name);
    case RK::FunctionsInKeyspace: return db.catalog.keyspace(r.keyspace) != nullptr;
    case RK::Function: return false;  // cqlbox has no user-defined functions
    case RK::MBean: return false;
    default: return true;
  }
}

// filterPermissions: the permissions asked that apply to the resource; none is a SyntaxException.
auth::PermissionSet applicable_permissions(const ast::AuthStatement& s, const Resource& r) {
  const auto perms = static_cast<auth::PermissionSet>(s.permissions & r.applicable());
  if (perms == 0)
    error::fail(ErrorClass::SyntaxException, "Resource type {} does not support any of the requested permissions",
                r.class_name());
  return perms;
}

Result grant_or_revoke_permissions(Database& db, Session& session, const ast::AuthStatement& s) {
  const Resource r = resource_of(session, *s.resource);
  const auth::PermissionSet perms = applicable_permissions(s, r);
  const std::string grantee(s.grantee);
  ensure_permission(db, session, Permission::Authorize, r);
  for (int i = 0; i < auth::kPermissionCount; ++i)
    if (auth::has(perms, static_cast<Permission>(i))) ensure_permission(db, session, static_cast<Permission>(i), r);
  ensure_not_anonymous(session);
  if (!db.auth.exists(grantee)) error::invalid("Role {} doesn't exist", grantee);
  if (!resource_exists(db, r)) error::invalid("Resource {} doesn't exist", r.to_string());
  Void out;
  if (s.kind == Kind::GrantPermissions) {
    const auth::PermissionSet granted = db.auth.grant(perms, r, grantee);
    if (granted != perms && perms != auth::kAllPermissions)
      out.warnings.push_back(fmt::format("Role '{}' was already granted {} on {}", grantee,
                                         auth::permission_list(static_cast<auth::PermissionSet>(perms & ~granted)),
                                         r.to_string()));
  } else {
    const auth::PermissionSet revoked = db.auth.revoke(perms, r, grantee);
    if (revoked != perms && perms != auth::kAllPermissions)
      out.warnings.push_back(fmt::format("Role '{}' was not granted {} on {}", grantee,
                                         auth::permission_list(static_cast<auth::PermissionSet>(perms & ~revoked)),
                                         r.to_string()));
  }
  return out;
}

Result list_permissions(Database& db, Session& session, const ast::AuthStatement& s) {
  ensure_not_anonymous(session);
  std::optional<Resource> r;
  if (s.resource) {
    r = resource_of(session, *s.resource);
    if (!resource_exists(db, *r)) error::invalid("{} doesn't exist", r->to_string());
  }
  const std::string grantee(s.role);
  if (!grantee.empty() && !db.auth.exists(grantee))
    error::invalid("{} doesn't exist", Resource::role(grantee).to_string());
  if (!session.internal && !db.auth.enabled)
    error::invalid("LIST PERMISSIONS operation is not supported by AllowAllAuthorizer");
  // CassandraAuthorizer.list: who may see whose permissions.
  if (!is_super(db, session) && !(grantee.empty() ? false : db.auth.roles_of(session.user, true).count(grantee)) &&
      !auth::has(db.auth.authorize(session.user, Resource::all_roles()), Permission::Describe) &&
      (grantee.empty() || !auth::has(db.auth.authorize(session.user, Resource::role(grantee)), Permission::Describe)))
    error::fail(ErrorClass::Unauthorized, "You are not authorized to view {}'s permissions",
                grantee.empty() ? std::string("everyone") : grantee);
  // Recursive: the resource and every level above it (Resources.chain).
  std::vector<Resource> on;
  if (r) on = s.recursive ? r->chain() : std::vector<Resource>{*r};
  const std::vector<auth::PermissionDetail> details =
      db.auth.list(s.permissions, on, grantee.empty() ? nullptr : &grantee);
  if (details.empty()) return Void{};
  Rows out;
  out.keyspace = "system_auth";
  out.table = "permissions";
  out.columns = {
      {"role", text_type()}, {"username", text_type()}, {"resource", text_type()}, {"permission", text_type()}};
  for (const auto& d : details)
    out.rows.push_back({d.role, d.role, d.resource.to_string(), std::string(auth::permission_name(d.permission))});
  return out;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::optional<std::string> password_free_text(const ast::AuthStatement& s) {
  if (!s.password || s.hashed_password || (s.kind != Kind::CreateRole && s.kind != Kind::AlterRole))
    return std::nullopt;
  const std::string hash = auth::hash_password(*s.password);
  if (hash.empty()) return std::nullopt;
  std::string out = s.kind == Kind::CreateRole ? "CREATE ROLE " : "ALTER ROLE ";
  if (s.if_not_exists) out += "IF NOT EXISTS ";
  if (s.if_exists) out += "IF EXISTS ";
  out += quoted(s.role) + " WITH HASHED PASSWORD = " + quoted(hash);
  if (s.login) out += fmt::format(" AND LOGIN = {}", *s.login);
  if (s.superuser) out += fmt::format(" AND SUPERUSER = {}", *s.superuser);
  if (s.access_datacenters) {
    if (s.datacenters.empty())
      out += " AND ACCESS TO ALL DATACENTERS";
    else {
      out += " AND ACCESS TO DATACENTERS {";
      for (std::size_t i = 0; i < s.datacenters.size(); ++i) out += (i ? ", " : "") + quoted(s.datacenters[i]);
      out += "}";
    }
  }
  if (s.access_cidrs && s.cidrs.empty()) out += " AND ACCESS FROM ALL CIDRS";
  return out;
}

namespace {
std::string quoted_name(std::string_view s) {
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// A resource as GRANT … ON writes it.
std::string resource_cql(const Resource& r) {
  using RK = Resource::Kind;
  switch (r.kind) {
    case RK::AllKeyspaces: return "ALL KEYSPACES";
    case RK::Keyspace: return "KEYSPACE " + quoted_name(r.keyspace);
    case RK::AllTables: return "ALL TABLES IN KEYSPACE " + quoted_name(r.keyspace);
    case RK::Table: return "TABLE " + quoted_name(r.keyspace) + "." + quoted_name(r.name);
    case RK::AllRoles: return "ALL ROLES";
    case RK::Role: return "ROLE " + quoted(r.name);
    case RK::AllFunctions: return "ALL FUNCTIONS";
    case RK::FunctionsInKeyspace: return "ALL FUNCTIONS IN KEYSPACE " + quoted_name(r.keyspace);
    case RK::AllMBeans: return "ALL MBEANS";
    case RK::MBean: return "MBEAN " + quoted(r.name);
    case RK::Function: return {};  // cqlbox has no user-defined functions to grant on
  }
  return {};
}
}  // namespace

std::vector<std::string> auth_state_statements(const auth::AuthState& state) {
  std::vector<std::string> out;
  for (const auto& [name, role] : state.roles()) {
    std::string s =
        fmt::format("CREATE ROLE {} WITH LOGIN = {} AND SUPERUSER = {}", quoted(name), role.can_login, role.is_super);
    if (!role.salted_hash.empty()) s += " AND HASHED PASSWORD = " + quoted(role.salted_hash);
    out.push_back(std::move(s));
  }
  for (const auto& [name, role] : state.roles())
    for (const std::string& of : role.member_of) out.push_back(fmt::format("GRANT {} TO {}", quoted(of), quoted(name)));
  for (const auto& [role, by_resource] : state.grants())
    for (const auto& [resource_name, perms] : by_resource) {
      const std::optional<Resource> r = Resource::from_stored_name(resource_name);
      if (!r || resource_cql(*r).empty()) continue;
      out.push_back(fmt::format("GRANT {} ON {} TO {}", auth::permission_list(perms), resource_cql(*r), quoted(role)));
    }
  return out;
}

Result execute_auth(Database& db, Session& session, const ast::AuthStatement& s) {
  if (s.password && s.hashed_password)
    error::fail(ErrorClass::SyntaxException, "Options 'password' and 'hashed password' are mutually exclusive");
  switch (s.kind) {
    case Kind::CreateRole: return create_role(db, session, s);
    case Kind::AlterRole: return alter_role(db, session, s);
    case Kind::DropRole: return drop_role(db, session, s);
    case Kind::ListRoles:
    case Kind::ListUsers: return list_roles(db, session, s);
    case Kind::GrantRole:
    case Kind::RevokeRole: return grant_or_revoke_role(db, session, s);
    case Kind::GrantPermissions:
    case Kind::RevokePermissions: return grant_or_revoke_permissions(db, session, s);
    case Kind::ListPermissions: return list_permissions(db, session, s);
  }
  return Void{};
}

}  // namespace cqlbox::exec
