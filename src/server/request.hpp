// A request as the connection reads it (request_reader.cpp) and runs it (connection.cpp): the
// QUERY / EXECUTE parameters and the statement. Internal to server/.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "error/cql_error.hpp"
#include "engine/prepared_statements.hpp"
#include "exec/bind_specs.hpp"
#include "exec/bound_values.hpp"
#include "parse/statement_cache.hpp"
#include "server/connection.hpp"
#include "server/wire.hpp"

namespace cqlbox::server {

// The native protocol's opcodes (§2.4).
enum Opcode : std::uint8_t {
  kError = 0x00,
  kStartup = 0x01,
  kReady = 0x02,
  kOptions = 0x05,
  kSupported = 0x06,
  kQuery = 0x07,
  kResult = 0x08,
  kPrepare = 0x09,
  kExecute = 0x0A,
  kRegister = 0x0B,
  kEvent = 0x0C,
  kBatch = 0x0D,
  kAuthenticate = 0x03,
  kAuthResponse = 0x0F,
  kAuthSuccess = 0x10,
};

[[noreturn]] inline void protocol_error(std::string message) {
  throw error::CqlError(error::ErrorClass::ProtocolError, std::move(message));
}

// The QUERY / EXECUTE parameters (§4.1.4): consistency, flags, values, page size, paging state.
struct QueryParams {
  bool skip_metadata = false;
  std::vector<exec::BoundValue> values;
  std::vector<std::string_view> names;  // with flag 0x40
  std::int32_t page_size = -1;
  std::optional<std::string_view> paging_state;
  std::optional<std::int64_t> timestamp;  // the client's default timestamp for writes
  std::uint16_t consistency = 1;
  std::uint16_t serial_consistency = 8;  // SERIAL unless the request's flag 0x10 names one
  std::optional<std::string> keyspace;   // v5's With_keyspace: instead of the connection's
};

// A QUERY, EXECUTE or BATCH as read: the statement (parsed here, at PREPARE, or joined from a
// BATCH's statements), the text the commit log keeps and tracing shows, and its parameters.
struct Connection::Request {
  std::uint8_t opcode = 0;
  std::string query;
  std::string keyspace;
  QueryParams params;
  bool prepared = false;
  std::shared_ptr<const parse::ParsedStatement> parsed;                    // an EXECUTE's, parsed at PREPARE
  std::shared_ptr<const engine::PreparedStatement> held;                   // the prepared statement run
  std::vector<std::shared_ptr<const parse::ParsedStatement>> batch_parts;  // a BATCH's statements
  std::optional<ast::Statement> batch;                                     // …joined (views them)
  std::size_t batch_markers = 0;
  std::optional<std::string> metadata_id;  // v5 EXECUTE: the result metadata the client holds
};

// The parameters after a QUERY's string or an EXECUTE's id, for protocol `version`.
QueryParams read_params(Reader& r, int version);

}  // namespace cqlbox::server
