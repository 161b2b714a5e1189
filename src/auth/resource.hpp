// What permissions are granted on (Cassandra's IResource): data (all keyspaces, a keyspace, all
// tables of a keyspace, a table), roles (all, one) and functions (all, a keyspace's, one), each
// with Cassandra's stored name ("data/ks/t"), printed form ("<table ks.t>"), parent chain and
// the permissions that apply to it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "auth/permission.hpp"

namespace cqlbox::auth {

struct Resource {
  enum class Kind : std::uint8_t {
    AllKeyspaces,
    Keyspace,
    AllTables,
    Table,
    AllRoles,
    Role,
    AllFunctions,
    FunctionsInKeyspace,
    Function,
    AllMBeans,
    MBean,
  };
  Kind kind = Kind::AllKeyspaces;
  std::string keyspace;  // Keyspace, AllTables, Table, FunctionsInKeyspace, Function
  std::string name;      // Table, Role, MBean; a Function's "name[argtype,…]"

  static Resource all_keyspaces() { return {}; }
  static Resource keyspace_of(std::string ks) { return {Kind::Keyspace, std::move(ks), {}}; }
  static Resource table(std::string ks, std::string t) { return {Kind::Table, std::move(ks), std::move(t)}; }
  static Resource all_tables(std::string ks) { return {Kind::AllTables, std::move(ks), {}}; }
  static Resource all_roles() { return {Kind::AllRoles, {}, {}}; }
  static Resource role(std::string r) { return {Kind::Role, {}, std::move(r)}; }

  // The stored name: "data", "data/ks", "data/ks/*", "data/ks/t", "roles", "roles/r",
  // "functions", "functions/ks", "functions/ks/f[int]", "mbean", "mbean/name".
  std::string stored_name() const;
  // As Cassandra prints it in messages and LIST PERMISSIONS: "<table ks.t>", "<all roles>", …
  std::string to_string() const;
  // The resource and its ancestors, the resource first (Resources.chain).
  std::vector<Resource> chain() const;
  PermissionSet applicable() const;
  // Cassandra's class name for the "does not support any of the requested permissions" error.
  const char* class_name() const;
  bool is_data() const { return kind <= Kind::Table; }

  static std::optional<Resource> from_stored_name(const std::string& name);
  friend bool operator==(const Resource&, const Resource&) = default;
};

}  // namespace cqlbox::auth
