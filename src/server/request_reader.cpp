// Reading QUERY, EXECUTE and BATCH requests (§4.1.4–4.1.7): their parameters and values, the
// prepared statement an EXECUTE names, a BATCH's statements.
#include "server/request.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "auth/password.hpp"
#include "exec/bind_specs.hpp"
#include "exec/executor.hpp"
#include "exec/prepare_checks.hpp"
#include "exec/tracing.hpp"
#include "print/describe_rows.hpp"
#include "print/describe.hpp"
#include "types/collection.hpp"
#include "server/results.hpp"
#include "util/text.hpp"
#include "server/framing.hpp"
#include "server/wire.hpp"

namespace cqlbox::server {

namespace {

using error::CqlError;
using error::ErrorClass;

// v5 widened the flags of QUERY, EXECUTE and BATCH from a [byte] to an [int].
std::uint32_t read_flags(Reader& r, int version) {
  return version >= 5 ? static_cast<std::uint32_t>(r.i32()) : r.byte();
}

// The v5 tail of the parameters: With_keyspace (0x80) and With_now_in_seconds (0x100, read and
// ignored: cqlbox's clock is the session's, set with --now or CLOCK).
void read_v5_tail(Reader& r, std::uint32_t flags, QueryParams& p) {
  if (flags & 0x80) p.keyspace = std::string(r.string());
  if (flags & 0x100) (void)r.i32();
}

exec::BoundValue bound(Reader& r, int version) {
  Reader::ValueState state{};
  std::string_view bytes = r.value(state);
  if (state == Reader::ValueState::Unset && version < 4)
    protocol_error("Unset values are not supported before protocol version 4");
  exec::BoundValue v;
  v.state = state == Reader::ValueState::Set    ? exec::BoundValue::State::Set
            : state == Reader::ValueState::Null ? exec::BoundValue::State::Null
                                                : exec::BoundValue::State::Unset;
  v.bytes = bytes;
  return v;
}

}  // namespace

QueryParams read_params(Reader& r, int version) {
  QueryParams p;
  p.consistency = r.u16();
  const std::uint32_t flags = read_flags(r, version);
  p.skip_metadata = flags & 0x02;
  if (flags & 0x01) {
    const std::uint16_t n = r.u16();
    for (std::uint16_t i = 0; i < n; ++i) {
      if (flags & 0x40) p.names.push_back(r.string());
      p.values.push_back(bound(r, version));
    }
  }
  if (flags & 0x04) p.page_size = r.i32();
  if (flags & 0x08) {
    Reader::ValueState state{};
    std::string_view s = r.value(state);
    if (state == Reader::ValueState::Set) p.paging_state = s;
  }
  if (flags & 0x10) p.serial_consistency = r.u16();
  if (flags & 0x20) p.timestamp = r.i64();
  read_v5_tail(r, flags, p);
  return p;
}

bool Connection::read_request(Reader& r, Request& request, std::int16_t stream, std::string& out) {
  if (request.opcode == kQuery) {
    request.query = r.long_string();
    request.params = read_params(r, version_);
  } else if (request.opcode == kExecute) {
    std::string id(r.short_bytes());
    if (version_ >= 5) request.metadata_id = std::string(r.short_bytes());
    const auto found = shared_.engine->prepared().find(id);
    if (!found) {
      respond_unprepared(out, stream, id);
      return false;
    }
    request.query = found->query;
    request.parsed = found->parsed;
    request.held = found;
    if (!found->keyspace.empty()) request.keyspace = found->keyspace;
    request.params = read_params(r, version_);
    request.prepared = true;
  } else {  // BATCH: its statements' ASTs joined, their markers' values in statement order
    const std::uint8_t type = r.byte();
    // The text is what the commit log keeps and tracing shows; the statements run as parsed.
    request.query = type == 1 ? "BEGIN UNLOGGED BATCH " : type == 2 ? "BEGIN COUNTER BATCH " : "BEGIN BATCH ";
    // The whole message is decoded before any statement is looked at, as BatchMessage's codec does.
    struct Entry {
      std::uint8_t kind = 0;
      std::string text_or_id;
      std::size_t values = 0;
    };
    std::vector<Entry> entries(r.u16());
    for (Entry& e : entries) {
      e.kind = r.byte();
      if (e.kind == 0)
        e.text_or_id = r.long_string();
      else if (e.kind == 1)
        e.text_or_id = std::string(r.short_bytes());
      else
        protocol_error(fmt::format("Invalid query kind in BATCH messages. Must be 0 or 1 but got {}", e.kind));
      e.values = r.u16();
      for (std::size_t v = 0; v < e.values; ++v) request.params.values.push_back(bound(r, version_));
    }
    // Then each in order: parsed or found, and its values counted against its own markers.
    for (const Entry& e : entries) {
      std::string text;
      if (e.kind == 0) {
        text = e.text_or_id;
        request.batch_parts.push_back(parse::parse_owned(text));
      } else {
        const auto found = shared_.engine->prepared().find(e.text_or_id);
        if (!found) {
          respond_unprepared(out, stream, e.text_or_id);
          return false;
        }
        text = found->query;
        request.batch_parts.push_back(found->parsed);
        // Its unqualified names resolve where it was prepared, as an EXECUTE's do.
        if (!found->keyspace.empty()) request.keyspace = found->keyspace;
      }
      if (request.batch_parts.back()->markers != e.values)
        throw CqlError(ErrorClass::InvalidRequest, fmt::format("There were {} markers(?) in CQL but {} bound variables",
                                                               request.batch_parts.back()->markers, e.values));
      while (!text.empty() && (text.back() == ';' || text.back() == ' ' || text.back() == '\n' || text.back() == '\r' ||
                               text.back() == '\t'))
        text.pop_back();
      request.query += text;
      request.query += "\n;\n";  // on its own line: a trailing -- comment cannot swallow it
    }
    request.query += "APPLY BATCH";
    std::vector<const parse::ParsedStatement*> parts;
    for (const auto& p : request.batch_parts) parts.push_back(p.get());
    const ast::BatchType kind = type == 1   ? ast::BatchType::Unlogged
                                : type == 2 ? ast::BatchType::Counter
                                            : ast::BatchType::Logged;
    request.batch.emplace(parse::join_batch(kind, parts, request.batch_markers));
    request.params.consistency = r.u16();
    const std::uint32_t flags = read_flags(r, version_);
    if (flags & 0x10) request.params.serial_consistency = r.u16();
    if (flags & 0x20) request.params.timestamp = r.i64();
    read_v5_tail(r, flags, request.params);
  }
  if (request.params.keyspace) request.keyspace = *request.params.keyspace;
  return true;
}

}  // namespace cqlbox::server
