#include "auth/resource.hpp"

namespace cqlbox::auth {

namespace {
using P = Permission;
constexpr PermissionSet set_of(std::initializer_list<Permission> ps) {
  PermissionSet s = 0;
  for (Permission p : ps) s = static_cast<PermissionSet>(s | bit(p));
  return s;
}
// DataResource, RoleResource, FunctionResource and JMXResource's applicable permissions.
constexpr PermissionSet kKeyspaceLevel =
    set_of({P::Create, P::Alter, P::Drop, P::Select, P::Modify, P::Authorize, P::Unmask, P::SelectMasked});
constexpr PermissionSet kTableLevel =
    set_of({P::Alter, P::Drop, P::Select, P::Modify, P::Authorize, P::Unmask, P::SelectMasked});
constexpr PermissionSet kRoleRoot = set_of({P::Create, P::Alter, P::Drop, P::Authorize, P::Describe});
constexpr PermissionSet kRoleLevel = set_of({P::Alter, P::Drop, P::Authorize, P::Describe});
constexpr PermissionSet kFunctionCollection = set_of({P::Create, P::Alter, P::Drop, P::Authorize, P::Execute});
constexpr PermissionSet kFunctionLevel = set_of({P::Alter, P::Drop, P::Authorize, P::Execute});
constexpr PermissionSet kMBean = set_of({P::Authorize, P::Describe, P::Execute, P::Modify, P::Select});

// "f[int,text]" → "f(int, text)"
std::string function_signature(const std::string& name) {
  const std::size_t open = name.rfind('[');
  std::string out = name.substr(0, open) + "(";
  const std::string args = open == std::string::npos ? "" : name.substr(open + 1, name.size() - open - 2);
  for (char c : args) out += c == ',' ? std::string(", ") : std::string(1, c);
  return out + ")";
}
}  // namespace

std::string Resource::stored_name() const {
  switch (kind) {
    case Kind::AllKeyspaces: return "data";
    case Kind::Keyspace: return "data/" + keyspace;
    case Kind::AllTables: return "data/" + keyspace + "/*";
    case Kind::Table: return "data/" + keyspace + "/" + name;
    case Kind::AllRoles: return "roles";
    case Kind::Role: return "roles/" + name;
    case Kind::AllFunctions: return "functions";
    case Kind::FunctionsInKeyspace: return "functions/" + keyspace;
    case Kind::Function: return "functions/" + keyspace + "/" + name;
    case Kind::AllMBeans: return "mbean";
    case Kind::MBean: return "mbean/" + name;
  }
  return {};
}

std::string Resource::to_string() const {
  switch (kind) {
    case Kind::AllKeyspaces: return "<all keyspaces>";
    case Kind::Keyspace: return "<keyspace " + keyspace + ">";
    case Kind::AllTables: return "<all tables in " + keyspace + ">";
    case Kind::Table: return "<table " + keyspace + "." + name + ">";
    case Kind::AllRoles: return "<all roles>";
    case Kind::Role: return "<role " + name + ">";
    case Kind::AllFunctions: return "<all functions>";
    case Kind::FunctionsInKeyspace: return "<all functions in " + keyspace + ">";
    case Kind::Function: return "<function " + keyspace + "." + function_signature(name) + ">";
    case Kind::AllMBeans: return "<all mbeans>";
    case Kind::MBean: return "<mbean " + name + ">";
  }
  return {};
}

std::vector<Resource> Resource::chain() const {
  std::vector<Resource> out{*this};
  switch (kind) {
    // DataResource.getParent: table → all tables of its keyspace → keyspace → all keyspaces.
    case Kind::Table: out.push_back(all_tables(keyspace)); [[fallthrough]];
    case Kind::AllTables: out.push_back(keyspace_of(keyspace)); [[fallthrough]];
    case Kind::Keyspace: out.push_back(all_keyspaces()); break;
    case Kind::Role: out.push_back(all_roles()); break;
    case Kind::Function:
      out.push_back({Kind::FunctionsInKeyspace, keyspace, {}});
      out.push_back({Kind::AllFunctions, {}, {}});
      break;
    case Kind::FunctionsInKeyspace: out.push_back({Kind::AllFunctions, {}, {}}); break;
    case Kind::MBean: out.push_back({Kind::AllMBeans, {}, {}}); break;
    default: break;
  }
  return out;
}

PermissionSet Resource::applicable() const {
  switch (kind) {
    case Kind::AllKeyspaces:
    case Kind::Keyspace:
    case Kind::AllTables: return kKeyspaceLevel;
    case Kind::Table: return kTableLevel;
    case Kind::AllRoles: return kRoleRoot;
    case Kind::Role: return kRoleLevel;
    case Kind::AllFunctions:
    case Kind::FunctionsInKeyspace: return kFunctionCollection;
    case Kind::Function: return kFunctionLevel;
    case Kind::AllMBeans:
    case Kind::MBean: return kMBean;
  }
  return 0;
}

const char* Resource::class_name() const {
  if (is_data()) return "DataResource";
  if (kind == Kind::AllRoles || kind == Kind::Role) return "RoleResource";
  if (kind == Kind::AllMBeans || kind == Kind::MBean) return "JMXResource";
  return "FunctionResource";
}

std::optional<Resource> Resource::from_stored_name(const std::string& n) {
  auto rest = [&](std::string_view prefix) { return n.substr(prefix.size()); };
  if (n == "data") return all_keyspaces();
  if (n.rfind("data/", 0) == 0) {
    const std::string r = rest("data/");
    const std::size_t slash = r.find('/');
    if (slash == std::string::npos) return keyspace_of(r);
    const std::string t = r.substr(slash + 1);
    return t == "*" ? all_tables(r.substr(0, slash)) : table(r.substr(0, slash), t);
  }
  if (n == "roles") return all_roles();
  if (n.rfind("roles/", 0) == 0) return role(rest("roles/"));
  if (n == "functions") return Resource{Kind::AllFunctions, {}, {}};
  if (n.rfind("functions/", 0) == 0) {
    const std::string r = rest("functions/");
    const std::size_t slash = r.find('/');
    if (slash == std::string::npos) return Resource{Kind::FunctionsInKeyspace, r, {}};
    return Resource{Kind::Function, r.substr(0, slash), r.substr(slash + 1)};
  }
  if (n == "mbean") return Resource{Kind::AllMBeans, {}, {}};
  if (n.rfind("mbean/", 0) == 0) return Resource{Kind::MBean, {}, rest("mbean/")};
  return std::nullopt;
}

}  // namespace cqlbox::auth
