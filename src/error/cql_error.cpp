#include "error/cql_error.hpp"

namespace cqlbox::error {

void already_exists(std::string keyspace, std::string table) {
  std::string msg = table.empty()
      ? fmt::format("Cannot add existing keyspace \"{}\"", keyspace)
      : fmt::format("Cannot add already existing table \"{}\" to keyspace \"{}\"", table, keyspace);
  CqlError e(ErrorClass::AlreadyExists, std::move(msg));
  e.keyspace = std::move(keyspace);
  e.table = std::move(table);
  throw e;
}

}  // namespace cqlbox::error
