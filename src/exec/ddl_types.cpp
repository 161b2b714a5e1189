// User-defined types: CREATE, ALTER and DROP TYPE, with the checks and messages of Cassandra's
// schema statements (cql3/statements/schema), and the tables and types a changed type reaches.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cluster/ring.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/ddl_support.hpp"
#include "exec/sai.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "types/codec.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;
using error::invalid;

Result execute_create_type(Database& db, const Session& session, const ast::CreateType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "CREATE", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  if (!ks) invalid("Keyspace '{}' doesn't exist", ks_name);
  if (ks->types.count(std::string(s.name.name))) {
    if (s.if_not_exists) return Void{};
    invalid("A user type with name '{}' already exists", s.name.name);
  }
  std::vector<std::string> names;
  std::vector<const types::CqlType*> field_types;
  for (const auto& [field, ref] : s.fields) {
    if (std::find(names.begin(), names.end(), field) != names.end())
      invalid("Duplicate field name '{}' in type '{}'", field, s.name.name);
    // CreateTypeStatement: a field may be a non-frozen collection (frozen with the type, and
    // refused only where the type is used non-frozen), never a counter or a non-frozen UDT.
    if (util::iequals(ref.name, "counter") && ref.keyspace.empty()) invalid("A user type cannot contain counters");
    const types::CqlType* t = resolve_type(ref, ks_name, false, true, ks);
    if (t->kind == types::Kind::Udt && !t->frozen) invalid("A user type cannot contain non-frozen UDTs");
    names.emplace_back(field);
    field_types.push_back(t);
  }
  ks->types[std::string(s.name.name)] =
      types::udt_type(std::string(ks_name), std::string(s.name.name), std::move(names), std::move(field_types), false);
  return Void{};
}

namespace {

// `t` with every use of the UDT `name` replaced by `updated` (frozen where it was frozen).
const types::CqlType* replace_udt(const types::CqlType* t, const std::string& name, const types::CqlType* updated) {
  using types::Kind;
  if (t->kind == Kind::Udt && t->type_name == name) return t->frozen ? types::frozen_of(updated) : updated;
  if (t->params.empty()) return t;
  std::vector<const types::CqlType*> params;
  bool changed = false;
  for (const auto* p : t->params) {
    params.push_back(replace_udt(p, name, updated));
    changed = changed || params.back() != p;
  }
  if (!changed) return t;
  // Another type holding the altered one: it is rebuilt around the new field type.
  if (t->kind == Kind::Udt) return types::udt_type(t->keyspace, t->type_name, t->fields, std::move(params), t->frozen);
  if (t->kind == Kind::Tuple) return types::tuple_type(std::move(params));
  return types::collection_type(t->kind, std::move(params), t->frozen);
}

// Tables (and types) of `ks` that use the type `name` anywhere in a column type.
bool uses_type(const types::CqlType* t, const std::string& name) {
  if (t->kind == types::Kind::Udt && t->type_name == name) return true;
  for (const auto* p : t->params)
    if (uses_type(p, name)) return true;
  return false;
}

}  // namespace

Result execute_drop_type(Database& db, const Session& session, const ast::DropType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "DROP", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  const std::string name(s.name.name);
  if (!ks || !ks->types.count(name)) {
    if (s.if_exists) return Void{};
    invalid("Type '{}.{}' doesn't exist", ks_name, name);
  }
  // Cassandra checks nesting user types before tables and names every user in the message.
  std::string users;
  for (const auto& [other, t] : ks->types)
    if (other != name && uses_type(t, name)) users += (users.empty() ? "" : ", ") + other;
  if (!users.empty())
    invalid("Cannot drop user type '{}.{}' as it is still used by user types {}", ks_name, name, users);
  for (const auto& [tname, t] : ks->tables)
    for (const auto& c : t.columns)
      if (uses_type(c.type, name)) {
        users += (users.empty() ? "" : ", ") + tname;
        break;
      }
  if (!users.empty()) invalid("Cannot drop user type '{}.{}' as it is still used by tables {}", ks_name, name, users);
  ks->types.erase(name);
  return Void{};
}

Result execute_alter_type(Database& db, const Session& session, const ast::AlterType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "ALTER", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  const std::string name(s.name.name);
  if (!ks || !ks->types.count(name)) {
    if (s.if_exists) return Void{};
    invalid("Type {}.{} doesn't exist", ks_name, name);
  }
  if (s.alter_field_type) invalid("Altering field types is no longer supported");
  const types::CqlType* old = ks->types[name];
  std::vector<std::string> fields = old->fields;
  std::vector<const types::CqlType*> field_types = old->params;
  for (const auto& [field, ref] : s.add) {
    if (std::find(fields.begin(), fields.end(), field) != fields.end()) {
      if (s.add_if_not_exists) continue;
      invalid("Cannot add field {} to type {}.{}: a field with name {} already exists", field, ks_name, name, field);
    }
    if (util::iequals(ref.name, "counter") && ref.keyspace.empty()) invalid("A user type cannot contain counters");
    const types::CqlType* added = resolve_type(ref, ks_name, false, true, ks);
    if (added->kind == types::Kind::Udt && !added->frozen) invalid("A user type cannot contain non-frozen UDTs");
    // A type holding itself, directly or through another type, has no finite value (and its
    // schema could not be recreated at the next start).
    if (uses_type(added, name))
      invalid("Cannot add new field {} of type {} to user type {}.{} as it would create a circular reference", field,
              added->name, util::cql_name(std::string(ks_name)), util::cql_name(name));
    fields.emplace_back(field);
    field_types.push_back(added);
  }
  for (const auto& [from, to] : s.rename) {
    auto it = std::find(fields.begin(), fields.end(), from);
    if (it == fields.end()) invalid("Unkown field {} in user type {}.{}", from, ks_name, name);
    if (std::find(fields.begin(), fields.end(), to) != fields.end())
      invalid("Duplicate field name {} in type {}", to, ks_name);  // sic: 5.0's format drops the type name
    *it = std::string(to);
  }
  // Existing values keep their bytes: fields are positional, an added one reads as null.
  const types::CqlType* updated = types::udt_type(std::string(ks_name), name, fields, field_types, false);
  ks->types[name] = updated;
  for (auto& [other, type] : ks->types)  // types holding this one see its new fields
    if (other != name) type = replace_udt(type, name, updated);
  db.catalog.changed();
  for (auto& [tname, t] : ks->tables)
    for (auto& c : t.columns) c.type = replace_udt(c.type, name, updated);
  return Void{};
}

}  // namespace cqlbox::exec
