// With --auth, the permission each data and schema statement needs (Cassandra's authorize() of
// each statement class, through ClientState's ensure*Permission), the grants its creator gets
// (grantPermissionsToCreator) and the grants a DROP takes away (AuthSchemaChangeListener).
//
// Cassandra resolves names when it prepares, before authorize(): a table that does not exist
// fails there with its own message, so a name that resolves to nothing is left to the
// statement here.
#include "error/cql_error.hpp"
#include "exec/auth_access.hpp"
#include "exec/executor.hpp"

namespace cqlbox::exec {

using auth::Permission;
using auth::Resource;

namespace {

std::string keyspace_of(const Session& session, std::string_view written) {
  return written.empty() ? session.keyspace : std::string(written);
}

// ClientState.READABLE_SYSTEM_RESOURCES: what drivers and cqlsh read at connection.
bool always_readable(const std::string& ks, const std::string& table) {
  if (ks == "system") return table == "local" || table == "peers" || table == "peers_v2";
  return ks == "system_schema" || ks == "system_virtual_schema";
}

// The table a statement names, when it exists; a view checks its base table (SelectStatement,
// ModificationStatement).
void ensure_table(const Database& db, const Session& session, const ast::QualifiedName& name, Permission p) {
  const std::string ks = keyspace_of(session, name.keyspace);
  const schema::TableSchema* t = ks.empty() ? nullptr : db.catalog.table(ks, name.name);
  if (!t) return;
  if (p == Permission::Select && always_readable(ks, t->name)) return;
  const std::string table = t->view ? t->view->base : t->name;
  ensure_permission(db, session, p, Resource::table(ks, table));
}

template <class Write>
void ensure_write(const Database& db, const Session& session, const Write& w, bool conditional) {
  ensure_table(db, session, w.table, Permission::Modify);
  if (conditional) ensure_table(db, session, w.table, Permission::Select);
}

bool conditional(const ast::Insert& s) { return s.if_not_exists; }
template <class W>
bool conditional(const W& s) {
  return s.if_exists || !s.conditions.empty();
}

}  // namespace

std::vector<Resource> authorize_statement(const Database& db, const Session& session, const ast::Statement& statement) {
  // Internal sessions and --auth off pass every check (permitted()), but a replayed statement
  // still names what its creator gets.
  std::vector<Resource> created;
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::Select>) {
          ensure_table(db, session, s.table, Permission::Select);
        } else if constexpr (std::is_same_v<S, ast::Insert> || std::is_same_v<S, ast::Update> ||
                             std::is_same_v<S, ast::Delete>) {
          ensure_write(db, session, s, conditional(s));
        } else if constexpr (std::is_same_v<S, ast::Batch>) {
          for (const auto& inner : s.statements)
            std::visit([&](const auto& w) { ensure_write(db, session, w, conditional(w)); }, inner);
        } else if constexpr (std::is_same_v<S, ast::Truncate>) {
          ensure_table(db, session, s.table, Permission::Modify);
        } else if constexpr (std::is_same_v<S, ast::CreateKeyspace>) {
          ensure_permission(db, session, Permission::Create, Resource::all_keyspaces());
          if (!db.catalog.keyspace(s.name)) {
            created.push_back(Resource::keyspace_of(std::string(s.name)));
            created.push_back(Resource{Resource::Kind::FunctionsInKeyspace, std::string(s.name), {}});
          }
        } else if constexpr (std::is_same_v<S, ast::AlterKeyspace>) {
          if (db.catalog.keyspace(s.name))
            ensure_permission(db, session, Permission::Alter, Resource::keyspace_of(std::string(s.name)));
        } else if constexpr (std::is_same_v<S, ast::DropKeyspace>) {
          if (db.catalog.keyspace(s.name))
            ensure_permission(db, session, Permission::Drop, Resource::keyspace_of(std::string(s.name)));
        } else if constexpr (std::is_same_v<S, ast::CreateTable>) {
          const std::string ks = keyspace_of(session, s.table.keyspace);
          if (!ks.empty() && db.catalog.keyspace(ks)) {
            ensure_permission(db, session, Permission::Create, Resource::all_tables(ks));
            if (!db.catalog.table(ks, s.table.name)) created.push_back(Resource::table(ks, std::string(s.table.name)));
          }
        } else if constexpr (std::is_same_v<S, ast::AlterTable> || std::is_same_v<S, ast::CreateIndex>) {
          ensure_table(db, session, s.table, Permission::Alter);
        } else if constexpr (std::is_same_v<S, ast::DropTable>) {
          ensure_table(db, session, s.table, Permission::Drop);
        } else if constexpr (std::is_same_v<S, ast::DropIndex>) {
          const std::string ks = keyspace_of(session, s.keyspace);
          if (const schema::TableSchema* t = ks.empty() ? nullptr : db.catalog.table_with_index(ks, s.name))
            ensure_permission(db, session, Permission::Alter, Resource::table(ks, t->name));
        } else if constexpr (std::is_same_v<S, ast::CreateType> || std::is_same_v<S, ast::AlterType> ||
                             std::is_same_v<S, ast::DropType>) {
          const Permission p = std::is_same_v<S, ast::CreateType>  ? Permission::Create
                               : std::is_same_v<S, ast::AlterType> ? Permission::Alter
                                                                   : Permission::Drop;
          const std::string ks = keyspace_of(session, s.name.keyspace);
          if (!ks.empty() && db.catalog.keyspace(ks)) ensure_permission(db, session, p, Resource::all_tables(ks));
        } else if constexpr (std::is_same_v<S, ast::ViewStatement>) {
          // CREATE/ALTER/DROP MATERIALIZED VIEW: ALTER on the base table.
          const std::string ks = keyspace_of(session, s.name.keyspace);
          if (s.kind == ast::ViewStatement::Kind::Create) {
            ensure_table(db, session, {s.name.keyspace, s.base.name}, Permission::Alter);
          } else if (const schema::TableSchema* v = ks.empty() ? nullptr : db.catalog.table(ks, s.name.name);
                     v && v->view) {
            ensure_permission(db, session, Permission::Alter, Resource::table(ks, v->view->base));
          }
        }
        // USE needs only a login; role statements check themselves (auth_statements.cpp).
      },
      statement);
  return created;
}

void grant_to_creator(Database& db, const Session& session, const std::vector<Resource>& created) {
  if (session.user.empty() || !db.auth.exists(session.user)) return;
  for (const Resource& r : created) {
    const bool exists = r.kind == Resource::Kind::Table ? db.catalog.table(r.keyspace, r.name) != nullptr
                                                        : db.catalog.keyspace(r.keyspace) != nullptr;
    if (exists) db.auth.grant(r.applicable(), r, session.user);
  }
}

void revoke_dropped(Database& db, const Session& session, const ast::Statement& statement) {
  if (const auto* k = std::get_if<ast::DropKeyspace>(&statement)) {
    if (!db.catalog.keyspace(k->name)) db.auth.revoke_all_in_keyspace(std::string(k->name));
  } else if (const auto* t = std::get_if<ast::DropTable>(&statement)) {
    const std::string ks = keyspace_of(session, t->table.keyspace);
    if (!ks.empty() && !db.catalog.table(ks, t->table.name))
      db.auth.revoke_all_on(Resource::table(ks, std::string(t->table.name)));
  }
}

void ensure_logged_in(const Database& db, const Session& session) {
  if (db.auth.enabled && !session.internal && session.user.empty())
    error::fail(error::ErrorClass::Unauthorized, "You have not logged in");
}

void ensure_readable(const Database& db, const Session& session, const schema::TableSchema& t) {
  ensure_logged_in(db, session);
  if (!db.auth.enabled && session.user.empty()) return;
  ensure_table(db, session, ast::QualifiedName{t.keyspace, t.name}, Permission::Select);
}

}  // namespace cqlbox::exec
