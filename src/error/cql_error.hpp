// The one exception type cqlbox throws for anything a user can cause. It carries Cassandra's
// error class (the native protocol's code) and the server's exact message; print/error_text.cpp
// turns it into what cqlsh shows. Everything else is a bug and may assert.
#pragma once

#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

namespace cqlbox::error {

enum class ErrorClass : std::uint16_t {
  ServerError = 0x0000,
  ProtocolError = 0x000A,
  AuthenticationError = 0x0100,  // a failed login (PasswordAuthenticator)
  Unavailable = 0x1000,          // too few replicas up for the consistency level
  TruncateError = 0x1003,        // TRUNCATE with a node down
  WriteTimeout = 0x1100,         // too few replicas answered a write in time (a slow node)
  ReadTimeout = 0x1200,          // too few replicas answered a read in time
  ReadFailure = 0x1300,          // message: everything after `message="`, the driver's info dict included
  FunctionFailure = 0x1400,      // a function or operation failed while it ran (division by zero)
  SyntaxException = 0x2000,
  Unauthorized = 0x2100,
  InvalidRequest = 0x2200,
  ConfigurationException = 0x2300,
  AlreadyExists = 0x2400,
  // Not a server error: a cqlsh-side failure (shell command, lexer); printed verbatim.
  ShellError = 0xFFFF,
};

struct CqlError : std::exception {
  CqlError(ErrorClass c, std::string msg) : cls(c), message(std::move(msg)) {}
  const char* what() const noexcept override { return message.c_str(); }

  ErrorClass cls;
  std::string message;
  // AlreadyExists only: the driver rebuilds its text from these ("Table 'ks.t' already exists").
  // FunctionFailure: the function's keyspace and name (table), and its argument types.
  std::string keyspace;
  std::string table;
  std::vector<std::string> arg_types;
  // ReadFailure only: the replica that failed and why (RequestFailureReason's code, 1 =
  // READ_TOO_MANY_TOMBSTONES); protocol v5 sends them as the error's reason map.
  std::string failed_replica;
  std::uint16_t failure_reason = 0;
  // Unavailable, WriteTimeout and ReadTimeout: the level (the protocol's code) and the replicas
  // it needs (block_for for a timeout); Unavailable: those alive; a timeout: the responses
  // received. WriteTimeout: the write's kind (SIMPLE, BATCH, UNLOGGED_BATCH, COUNTER, CAS).
  // ReadTimeout: whether the replica asked for the data answered.
  std::uint16_t consistency = 0;
  std::int32_t required = 0, alive = 0;
  std::int32_t received = 0;
  std::string write_type;
  bool data_present = false;
  // WriteTimeout, and a TRUNCATE that timed out: the change was applied before the wait timed
  // out, so the engine keeps its commit-log record.
  bool write_applied = false;
};

template <class... A>
[[noreturn]] void fail(ErrorClass cls, fmt::format_string<A...> f, A&&... args) {
  throw CqlError(cls, fmt::format(f, std::forward<A>(args)...));
}

template <class... A>
void check(bool ok, ErrorClass cls, fmt::format_string<A...> f, A&&... args) {
  if (!ok) fail(cls, f, std::forward<A>(args)...);
}

// Shorthand for the commonest class.
template <class... A>
[[noreturn]] void invalid(fmt::format_string<A...> f, A&&... args) {
  fail(ErrorClass::InvalidRequest, f, std::forward<A>(args)...);
}

[[noreturn]] void already_exists(std::string keyspace, std::string table);

// OperationExecutionException: "the operation 'int / int' failed: / by zero", a FunctionFailure
// naming the operator's native function (system._divide) and the operand types.
[[noreturn]] void operation_failed(char op, std::string left, std::string right, std::string_view detail);
// A java.lang.ArithmeticException 5.0 lets through (BigDecimal/BigInteger arithmetic): a
// ServerError naming it, as ErrorMessage.fromException writes it.
[[noreturn]] inline void java_arithmetic(std::string_view message) {
  fail(ErrorClass::ServerError, "java.lang.ArithmeticException: {}", message);
}
// FunctionExecutionException.create: "execution of 'system.fromjson[text]' failed: <detail>".
[[noreturn]] void function_failed(std::string name, std::vector<std::string> arg_types, std::string_view detail);

}  // namespace cqlbox::error
