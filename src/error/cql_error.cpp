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

void operation_failed(char op, std::string left, std::string right, std::string_view detail) {
  CqlError e(ErrorClass::FunctionFailure, fmt::format("the operation '{} {} {}' failed: {}", left, op, right, detail));
  e.keyspace = "system";
  e.table = op == '+' ? "_add" : op == '-' ? "_substract" : op == '*' ? "_multiply" : op == '/' ? "_divide" : "_modulo";
  e.arg_types = {std::move(left), std::move(right)};
  throw e;
}

void function_failed(std::string name, std::vector<std::string> arg_types, std::string_view detail) {
  std::string types;
  for (const auto& t : arg_types) types += (types.empty() ? "" : ", ") + t;
  CqlError e(ErrorClass::FunctionFailure, fmt::format("execution of 'system.{}[{}]' failed: {}", name, types, detail));
  e.keyspace = "system";
  e.table = std::move(name);
  e.arg_types = std::move(arg_types);
  throw e;
}

}  // namespace cqlbox::error
