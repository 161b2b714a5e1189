#include "exec/prepare_checks.hpp"

#include "exec/bound_values.hpp"
#include "exec/executor.hpp"

namespace cqlbox::exec {

void check_prepared_statement(Database& db, Session& session, const ast::Statement& statement) {
  const auto* select = std::get_if<ast::Select>(&statement);
  if (!select) return;
  BoundValuesScope scope(nullptr, true);
  const schema::TableSchema& t = resolve_table(db, session, select->table);
  check_select(db, *select, t);
}

}  // namespace cqlbox::exec
