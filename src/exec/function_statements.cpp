// CREATE/DROP FUNCTION and AGGREGATE. cqlbox runs no user code; a stock Cassandra 5.0 has
// user_defined_functions_enabled: false, so each statement gets the answer 5.0 gives then, in
// the order its statements check (CreateFunctionStatement.apply, CreateAggregateStatement.apply,
// DropFunctionStatement.apply): no function ever exists to run, replace or drop.
#include <string>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/ddl_support.hpp"
#include "exec/executor.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

namespace {

using Kind = ast::FunctionStatement::Kind;

// A type as CQL3Type.Raw prints it: lower-case names, arguments in <>, a UDT with its keyspace
// when written so.
std::string type_text(const ast::TypeRef& t) {
  std::string out = t.keyspace.empty() ? "" : std::string(t.keyspace) + ".";
  out += t.dimension ? std::string(t.name) : util::ascii_lower(t.name);
  if (!t.args.empty()) {
    out += "<";
    for (std::size_t i = 0; i < t.args.size(); ++i) out += (i ? ", " : "") + type_text(t.args[i]);
    out += ">";
  }
  return out;
}

std::string types_text(const ast::Vec<ast::TypeRef>& types) {
  std::string out;
  for (const auto& t : types) out += (out.empty() ? "" : ", ") + type_text(t);
  return out;
}

}  // namespace

Result execute_function_statement(Database& db, const Session& session, const ast::FunctionStatement& s) {
  const std::string ks(keyspace_for(session, s.name));
  switch (s.kind) {
    case Kind::CreateFunction:
      if (s.or_replace && s.if_not_exists)
        error::invalid("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
      error::invalid(
          "User-defined functions are disabled in cassandra.yaml - set user_defined_functions_enabled=true "
          "to enable");
    case Kind::CreateAggregate: {
      if (s.or_replace && s.if_not_exists)
        error::invalid("Cannot use both 'OR REPLACE' and 'IF NOT EXISTS' directives");
      if (!db.catalog.keyspace(ks)) error::invalid("Keyspace '{}' doesn't exist", ks);
      std::string state_args = s.state_type ? type_text(*s.state_type) : std::string();
      if (!s.arg_types.empty()) state_args += ", " + types_text(s.arg_types);
      error::invalid("State function {}.{}({}) doesn't exist", ks, s.state_function, state_args);
    }
    case Kind::DropFunction:
    case Kind::DropAggregate: {
      if (s.if_exists) return Void{};
      const std::string name = s.args_given ? fmt::format("{}.{}({})", ks, s.name.name, types_text(s.arg_types))
                                            : fmt::format("{}.{}", ks, s.name.name);
      error::invalid("{} '{}' doesn't exist", s.kind == Kind::DropFunction ? "Function" : "Aggregate", name);
    }
  }
  return Void{};
}

}  // namespace cqlbox::exec
