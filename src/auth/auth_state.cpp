#include "auth/auth_state.hpp"

#include <algorithm>

#include "auth/password.hpp"
#include "error/cql_error.hpp"

namespace cqlbox::auth {

void AuthState::reset() {
  clear();
  Role& r = roles_["cassandra"];
  r.is_super = true;
  r.can_login = true;
  r.salted_hash = kDefaultRoleHash;
}

void AuthState::clear() {
  roles_.clear();
  grants_.clear();
}

const Role* AuthState::find(const std::string& role) const {
  auto it = roles_.find(role);
  return it == roles_.end() ? nullptr : &it->second;
}

void AuthState::drop_role(const std::string& name) {
  roles_.erase(name);
  for (auto& [n, r] : roles_) r.member_of.erase(name);
  grants_.erase(name);
  revoke_all_on(Resource::role(name));
}

std::string login_refusal(const std::string& user, const Role* r, std::string_view password) {
  if (!r || r->salted_hash.empty() || !check_password(password, r->salted_hash))
    return "Provided username " + user + " and/or password are incorrect";
  if (!r->can_login) return user + " is not permitted to log in";
  return "";
}

std::set<std::string> AuthState::roles_of(const std::string& name, bool recursive) const {
  std::set<std::string> out;
  const Role* r = find(name);
  if (!r) return out;
  out.insert(name);
  if (!recursive) {
    out.insert(r->member_of.begin(), r->member_of.end());
    return out;
  }
  // Iterative, so a long chain of grants cannot exhaust the stack.
  std::vector<std::string> pending(r->member_of.begin(), r->member_of.end());
  while (!pending.empty()) {
    const std::string next = std::move(pending.back());
    pending.pop_back();
    if (!out.insert(next).second) continue;
    if (const Role* m = find(next)) pending.insert(pending.end(), m->member_of.begin(), m->member_of.end());
  }
  return out;
}

void AuthState::grant_role(const std::string& role, const std::string& grantee) {
  if (roles_of(grantee, true).count(role)) error::invalid("{} is a member of {}", grantee, role);
  if (roles_of(role, true).count(grantee)) error::invalid("{} is a member of {}", role, grantee);
  roles_[grantee].member_of.insert(role);
}

void AuthState::revoke_role(const std::string& role, const std::string& revokee) {
  if (!roles_of(revokee, false).count(role)) error::invalid("{} is not a member of {}", revokee, role);
  roles_[revokee].member_of.erase(role);
}

bool AuthState::has_superuser_status(const std::string& name) const {
  for (const std::string& r : roles_of(name, true))
    if (const Role* role = find(r); role && role->is_super) return true;
  return false;
}

PermissionSet AuthState::authorize(const std::string& user, const Resource& resource) const {
  if (has_superuser_status(user)) return resource.applicable();
  PermissionSet out = 0;
  const std::string name = resource.stored_name();
  for (const std::string& r : roles_of(user, true))
    if (auto g = grants_.find(r); g != grants_.end())
      if (auto p = g->second.find(name); p != g->second.end()) out = static_cast<PermissionSet>(out | p->second);
  return out;
}

bool AuthState::permitted(const std::string& user, Permission p, const Resource& resource) const {
  for (const Resource& r : resource.chain())
    if (has(authorize(user, r), p)) return true;
  return false;
}

PermissionSet AuthState::grant(PermissionSet perms, const Resource& resource, const std::string& grantee) {
  PermissionSet& held = grants_[grantee][resource.stored_name()];
  const auto added = static_cast<PermissionSet>(perms & ~held);
  held = static_cast<PermissionSet>(held | perms);
  return added;
}

PermissionSet AuthState::revoke(PermissionSet perms, const Resource& resource, const std::string& revokee) {
  auto g = grants_.find(revokee);
  if (g == grants_.end()) return 0;
  auto p = g->second.find(resource.stored_name());
  if (p == g->second.end()) return 0;
  const auto removed = static_cast<PermissionSet>(p->second & perms);
  p->second = static_cast<PermissionSet>(p->second & ~perms);
  if (p->second == 0) g->second.erase(p);
  if (g->second.empty()) grants_.erase(g);
  return removed;
}

void AuthState::revoke_all_on(const Resource& resource) {
  const std::string name = resource.stored_name();
  for (auto g = grants_.begin(); g != grants_.end();) {
    g->second.erase(name);
    g = g->second.empty() ? grants_.erase(g) : std::next(g);
  }
}

void AuthState::revoke_all_in_keyspace(const std::string& keyspace) {
  const std::string exact = "data/" + keyspace, prefix = exact + "/";
  const std::string functions = "functions/" + keyspace, function_prefix = functions + "/";
  for (auto g = grants_.begin(); g != grants_.end();) {
    std::erase_if(g->second, [&](const auto& e) {
      return e.first == exact || e.first.rfind(prefix, 0) == 0 || e.first == functions ||
             e.first.rfind(function_prefix, 0) == 0;
    });
    g = g->second.empty() ? grants_.erase(g) : std::next(g);
  }
}

std::vector<PermissionDetail> AuthState::list(PermissionSet perms, const std::vector<Resource>& on,
                                              const std::string* grantee) const {
  std::set<std::string> roles;
  if (grantee) roles = roles_of(*grantee, true);
  std::set<std::string> wanted;
  for (const Resource& r : on) wanted.insert(r.stored_name());
  std::vector<PermissionDetail> out;
  for (const auto& [role, by_resource] : grants_) {
    if (grantee && !roles.count(role)) continue;
    for (const auto& [name, held] : by_resource) {
      if (!on.empty() && !wanted.count(name)) continue;
      const std::optional<Resource> r = Resource::from_stored_name(name);
      if (!r) continue;
      for (int i = 0; i < kPermissionCount; ++i) {
        const auto p = static_cast<Permission>(i);
        if (has(held, p) && has(perms, p)) out.push_back({role, *r, p});
      }
    }
  }
  // PermissionDetails.compareTo: grantee, then the resource's stored name, then the permission.
  std::sort(out.begin(), out.end(), [](const PermissionDetail& a, const PermissionDetail& b) {
    if (a.role != b.role) return a.role < b.role;
    const std::string an = a.resource.stored_name(), bn = b.resource.stored_name();
    if (an != bn) return an < bn;
    return a.permission < b.permission;
  });
  return out;
}

}  // namespace cqlbox::auth
