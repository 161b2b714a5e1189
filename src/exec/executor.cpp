#include "exec/executor.hpp"

#include "error/cql_error.hpp"

namespace cqlbox::exec {

const schema::TableSchema& resolve_table(const Database& db, const Session& session,
                                         const ast::QualifiedName& name) {
  std::string_view ks = name.keyspace.empty() ? std::string_view(session.keyspace) : name.keyspace;
  if (ks.empty())
    error::invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  if (!db.catalog.keyspace(ks)) error::invalid("keyspace {} does not exist", ks);
  const schema::TableSchema* t = db.catalog.table(ks, name.name);
  if (!t) error::invalid("table {} does not exist", name.name);
  return *t;
}

Result execute(Database& db, Session& session, const ast::Statement& statement) {
  return std::visit(
      [&](const auto& s) -> Result {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, ast::Select>)
          return execute_select(db, session, s, resolve_table(db, session, s.table));
        else if constexpr (std::is_same_v<S, ast::Insert>) return execute_insert(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Update>) return execute_update(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Delete>) return execute_delete(db, session, s);
        else if constexpr (std::is_same_v<S, ast::CreateKeyspace>) return execute_create_keyspace(db, s);
        else if constexpr (std::is_same_v<S, ast::CreateTable>) return execute_create_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropKeyspace>) return execute_drop_keyspace(db, session, s);
        else if constexpr (std::is_same_v<S, ast::DropTable>) return execute_drop_table(db, session, s);
        else if constexpr (std::is_same_v<S, ast::Use>) return execute_use(db, session, s);
        else return execute_truncate(db, session, s);
      },
      statement);
}

}  // namespace cqlbox::exec
