#include "server/connection.hpp"

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

std::string unsupported_version(int version) {
  return fmt::format("Invalid or unsupported protocol version ({}); supported versions are (3/v3, 4/v4, 5/v5)",
                     version);
}

const char* opcode_name(std::uint8_t op) {
  switch (op) {
    case kQuery: return "QUERY";
    case kPrepare: return "PREPARE";
    case kExecute: return "EXECUTE";
    case kRegister: return "REGISTER";
    case kBatch: return "BATCH";
    case kAuthResponse: return "AUTH_RESPONSE";
    case kStartup: return "STARTUP";
    case kOptions: return "OPTIONS";
    default: return "UNKNOWN";
  }
}

// v5 widened the flags of QUERY, EXECUTE and BATCH from a [byte] to an [int].
// A stable 16-byte digest of a query's text: paging states carry its first 8 bytes, so a state
// is refused on another query.
std::string query_digest(std::string_view keyspace, std::string_view query) {
  std::string id;
  for (std::uint64_t seed : {0xcbf29ce484222325ULL, 0x84222325cbf29ce4ULL}) {
    std::uint64_t h = seed;
    auto mix = [&](std::string_view s) {
      for (char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
      }
      h ^= 0xff;
      h *= 0x100000001b3ULL;
    };
    mix(keyspace);
    mix(query);
    for (int s = 56; s >= 0; s -= 8) id += static_cast<char>((h >> s) & 0xff);
  }
  return id;
}

std::string hex(std::string_view bytes) {
  std::string out;
  for (char c : bytes) out += fmt::format("{:02x}", static_cast<unsigned char>(c));
  return out;
}

// Paging state: how many rows were already returned, and a hash of the query they belong to.
std::string paging_state(std::uint64_t offset, std::string_view query) {
  std::string s;
  for (int sh = 56; sh >= 0; sh -= 8) s += static_cast<char>((offset >> sh) & 0xff);
  std::string id = query_digest("", query);
  return s + id.substr(0, 8);
}

std::uint64_t resume_offset(std::string_view state, std::string_view query) {
  if (state.size() != 16 || state.substr(8) != query_digest("", query).substr(0, 8))
    protocol_error("Invalid value for the paging state");
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v = (v << 8) | static_cast<unsigned char>(state[static_cast<std::size_t>(i)]);
  return v;
}

}  // namespace

// DESCRIBE is a statement the server answers since Cassandra 4.0 (cqlsh 5.0 sends it): rows of
// keyspace_name, type, name and create_statement, or the cluster's name, partitioner and snitch.
std::optional<exec::Rows> Connection::describe_query(std::string_view query, const exec::Database& db) const {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < query.size()) {
    while (i < query.size() &&
           (query[i] == ' ' || query[i] == '\t' || query[i] == '\n' || query[i] == '\r' || query[i] == ';'))
      ++i;
    if (i >= query.size()) break;
    std::size_t j = i;
    bool quoted = false;
    while (j < query.size() && (quoted || !(query[j] == ' ' || query[j] == '\t' || query[j] == '\n' ||
                                            query[j] == '\r' || query[j] == ';'))) {
      if (query[j] == '"') quoted = !quoted;
      ++j;
    }
    words.emplace_back(query.substr(i, j - i));
    i = j;
  }
  if (words.empty()) return std::nullopt;
  const std::string first = util::ascii_lower(words[0]);
  if (first != "describe" && first != "desc") return std::nullopt;
  const std::vector<std::string> args(words.begin() + 1, words.end());
  const print::DescribeResult d = print::describe(db.catalog, session_.keyspace, args, util::ascii_upper(words[0]));
  if (!d.error.empty()) throw CqlError(ErrorClass::InvalidRequest, d.error);
  const types::CqlType* text = types::native_type(types::Kind::Text);
  exec::Rows rows;
  using Kind = print::DescribeResult::Kind;
  if (d.kind == Kind::Cluster) {
    rows.columns = {{"cluster", text}, {"partitioner", text}, {"snitch", text}};
    rows.rows.push_back(
        {std::string("Test Cluster"), std::string("Murmur3Partitioner"), std::string("DynamicEndpointSnitch")});
    // With a (non-system) keyspace in use, the ranges and their replicas (DescribeStatement's
    // range_ownership, map<text, list<text>>), as the shell's DESCRIBE CLUSTER prints them.
    const schema::KeyspaceSchema* ks = session_.keyspace.empty() ? nullptr : db.catalog.keyspace(session_.keyspace);
    if (ks && !print::is_system_keyspace(ks->name)) {
      const types::CqlType* list = types::collection_type(types::Kind::List, {text}, false);
      rows.columns.push_back({"range_ownership", types::collection_type(types::Kind::Map, {text, list}, false)});
      std::vector<std::pair<std::string, std::string>> pairs;
      for (const auto& [end, endpoints] : db.ring.range_ownership(cluster::replication_of(ks->replication)))
        pairs.emplace_back(end, types::encode_elements(endpoints));
      rows.rows.back().push_back(types::encode_pairs(pairs));
    }
    return rows;
  }
  rows.columns = {{"keyspace_name", text}, {"type", text}, {"name", text}};
  if (d.kind == Kind::Elements) rows.columns.push_back({"create_statement", text});
  for (const auto& r : d.rows) {
    std::vector<exec::Value> row{r.keyspace, r.type, r.name};
    if (d.kind == Kind::Elements) row.emplace_back(r.create_statement);
    rows.rows.push_back(std::move(row));
  }
  return rows;
}

void Connection::trace(std::string_view request, std::string_view text, const ast::Statement* statement,
                       const exec::Result* result) {
  if (!tracing_) return;
  // The same trace the shell records (exec/tracing.hpp); the caller holds the database lock.
  exec::Database& db = shared_.engine->db();
  const auto took =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - trace_started_);
  exec::Database::Trace t =
      exec::trace_request(db, request, text, statement, result, trace_start_us_, took.count(), &activity_);
  trace_id_ = t.session_id;
  exec::record_trace(db, std::move(t));
}

void Connection::push_event(std::string& out, std::string_view body) { respond(out, -1, kEvent, body); }

bool Connection::registered(std::string_view event_type) const {
  for (const auto& e : events_)
    if (e == event_type) return true;
  return false;
}

void Connection::respond(std::string& out, std::int16_t stream, std::uint8_t opcode, std::string_view body,
                         const std::vector<std::string>& warnings) {
  std::string prefix;
  std::uint8_t flags = 0;
  if (tracing_ && opcode == kResult) {
    flags |= 0x02;
    prefix += trace_id_;
  }
  if (!warnings.empty() && version_ >= 4) {
    flags |= 0x08;
    Writer(prefix).string_list(warnings);
  }
  std::string envelope;
  std::string& target = framed_ ? envelope : out;  // v5 after STARTUP: inside segments
  Writer w(target);
  w.byte(static_cast<std::uint8_t>(0x80 | version_));
  w.byte(flags);
  w.u16(static_cast<std::uint16_t>(stream));
  w.byte(opcode);
  w.i32(static_cast<std::int32_t>(prefix.size() + body.size()));
  target.append(prefix);
  target.append(body);
  if (framed_) append_segments(out, envelope);
}

void Connection::respond_unprepared(std::string& out, std::int16_t stream, std::string_view id) {
  std::string body;
  Writer w(body);
  w.i32(0x2500);
  w.string(
      fmt::format("Prepared query with ID {} not found (either the query was not prepared on this host (maybe "
                  "the host has been restarted?) or you have prepared too many queries and it has been "
                  "evicted from the internal cache)",
                  hex(id)));
  w.short_bytes(id);
  respond(out, stream, kError, body);
}

bool Connection::consume(std::string& in, std::string& out, std::size_t out_limit) {
  stalled_ = false;
  if (!framed_) {
    consume_envelopes(in, out, out_limit);
    if (!framed_ || close_) return !close_;
  }
  // Protocol v5 after STARTUP: the envelopes arrive inside segments (framing.hpp).
  if (const std::string damage = take_segments(in, envelopes_in_, kMaxFrameBody + 9); !damage.empty()) {
    std::string body;
    Writer w(body);
    write_error(w, CqlError(ErrorClass::ProtocolError, damage), version_);
    respond(out, 0, kError, body);
    close_ = true;
    return false;
  }
  consume_envelopes(envelopes_in_, out, out_limit);
  return !close_;
}

void Connection::consume_envelopes(std::string& in, std::string& out, std::size_t out_limit) {
  std::size_t pos = 0;
  const bool was_framed = framed_;
  while (!close_ && in.size() - pos >= 1 && framed_ == was_framed) {
    if (out.size() >= out_limit) {  // back-pressure: the client is not reading its answers
      stalled_ = true;
      break;
    }
    const auto* h = reinterpret_cast<const unsigned char*>(in.data() + pos);
    const int version = h[0] & 0x7f;
    if (version == 1 || version == 2) {
      // v1/v2 headers have a one-byte stream (8 bytes in all): the refusal goes back in that
      // shape, so the client can read it, and the connection closes.
      if (in.size() - pos < 8) break;
      std::string body_out;
      Writer w(body_out);
      write_error(w, CqlError(ErrorClass::ProtocolError, unsupported_version(version)), 4);
      Writer hw(out);
      hw.byte(static_cast<std::uint8_t>(0x80 | version));
      hw.byte(0);
      hw.byte(h[2]);
      hw.byte(kError);
      hw.i32(static_cast<std::int32_t>(body_out.size()));
      out += body_out;
      close_ = true;
      break;
    }
    if (in.size() - pos < 9) break;
    const std::int16_t stream = static_cast<std::int16_t>((h[2] << 8) | h[3]);
    const std::uint8_t flags = h[1];
    const std::uint8_t opcode = h[4];
    const std::uint32_t length =
        (std::uint32_t{h[5]} << 24) | (std::uint32_t{h[6]} << 16) | (std::uint32_t{h[7]} << 8) | h[8];
    std::string body_out;
    if (version < 3 || version > 5 || (h[0] & 0x80)) {
      // Framed as v4, before STARTUP: the Node.js driver, which has no v5, retries with the
      // refusal's version.
      if (!started_) version_ = 4;
      Writer w(body_out);
      write_error(w, CqlError(ErrorClass::ProtocolError, unsupported_version(version)), version_);
      respond(out, stream, kError, body_out);
      close_ = true;
      break;
    }
    if (started_ && version != version_) {  // one version per connection, set by STARTUP
      Writer w(body_out);
      write_error(w,
                  CqlError(ErrorClass::ProtocolError,
                           fmt::format("Invalid message version. Got v{} but previous messages on this connection "
                                       "had version v{}",
                                       version, version_)),
                  version_);
      respond(out, stream, kError, body_out);
      close_ = true;
      break;
    }
    if (length > kMaxFrameBody) {
      Writer w(body_out);
      write_error(w,
                  CqlError(ErrorClass::ProtocolError,
                           fmt::format("Request is too big: length {} exceeds maximum allowed length {}.",
                                       std::uint64_t{length} + 9, kMaxFrameBody)),
                  version_);
      respond(out, stream, kError, body_out);
      close_ = true;
      break;
    }
    if (in.size() - pos - 9 < length) break;  // the rest of the frame has not arrived
    version_ = version;
    std::string_view body(in.data() + pos + 9, length);
    pos += 9 + length;
    try {
      // v5 ignores the envelope's compression flag: the segments carry compression.
      if ((flags & 0x01) && version < 5) protocol_error("Compression was not negotiated: cqlbox offers none");
      if (flags & 0x04) {  // a custom payload before the body: skipped
        Reader r(body);
        const std::uint16_t n = r.u16();
        for (std::uint16_t i = 0; i < n; ++i) {
          (void)r.string();
          Reader::ValueState st{};
          (void)r.value(st);
        }
        body = r.rest();
      }
      tracing_ = (flags & 0x02) && (opcode == kQuery || opcode == kExecute || opcode == kBatch || opcode == kPrepare);
      if (tracing_) {
        std::lock_guard lock(shared_.engine->mutex());
        trace_start_us_ = shared_.engine->db().clock.now_us();
        trace_started_ = std::chrono::steady_clock::now();
        trace_id_.clear();
      }
      handle(opcode, stream, body, out);
      tracing_ = false;
    } catch (const CqlError& e) {
      tracing_ = false;
      Writer w(body_out);
      write_error(w, e, version_);
      respond(out, stream, kError, body_out);
      if (e.cls == ErrorClass::ProtocolError) close_ = true;
    } catch (const std::exception& e) {
      tracing_ = false;
      Writer w(body_out);
      write_error(w, CqlError(ErrorClass::ServerError, e.what()), version_);
      respond(out, stream, kError, body_out);
    }
  }
  in.erase(0, pos);
}

std::string Connection::authenticate(std::string_view token) {
  // SASL PLAIN: authzid NUL authcid NUL password, read from the end (PlainTextSaslAuthenticator).
  std::optional<std::string_view> user, pass;
  std::size_t end = token.size();
  for (std::size_t i = token.size(); i-- > 0;) {
    if (token[i] != '\0') continue;
    if (!pass)
      pass = token.substr(i + 1, end - i - 1);
    else if (!user)
      user = token.substr(i + 1, end - i - 1);
    else
      throw CqlError(ErrorClass::AuthenticationError,
                     "Credential format error: username or password is empty or contains NUL(\\0) character");
    end = i;
  }
  if (!pass || pass->empty()) throw CqlError(ErrorClass::AuthenticationError, "Password must not be null");
  if (!user || user->empty()) throw CqlError(ErrorClass::AuthenticationError, "Authentication ID must not be null");
  const std::string name(*user);
  std::optional<auth::Role> role;
  {
    std::lock_guard lock(shared_.engine->mutex());
    if (const auth::Role* r = shared_.engine->db().auth.find(name)) role = *r;
  }
  // bcrypt takes tens of milliseconds: checked on the copy, not under the database lock.
  if (const std::string refusal = auth::login_refusal(name, role ? &*role : nullptr, *pass); !refusal.empty())
    throw CqlError(ErrorClass::AuthenticationError, refusal);
  return std::string(*user);
}

void Connection::handle(std::uint8_t opcode, std::int16_t stream, std::string_view body, std::string& out) {
  Reader r(body);
  std::string res;
  Writer w(res);
  // PasswordAuthenticator (--auth): between STARTUP and a good AUTH_RESPONSE nothing else is
  // read (ServerConnection's AUTHENTICATING state).
  if (authenticating_) {
    if (opcode != kAuthResponse)
      protocol_error(fmt::format("Unexpected message {}, expecting SASL_RESPONSE", opcode_name(opcode)));
    Reader::ValueState state{};
    const std::string_view token = r.value(state);
    session_.user = authenticate(token);
    authenticating_ = false;
    w.null_bytes();
    return respond(out, stream, kAuthSuccess, res);
  }
  if (opcode == kOptions) {
    w.string_multimap(
        {{"CQL_VERSION", {"3.4.7"}}, {"COMPRESSION", {}}, {"PROTOCOL_VERSIONS", {"3/v3", "4/v4", "5/v5"}}});
    return respond(out, stream, kSupported, res);
  }
  if (opcode == kStartup) {
    auto options = r.string_map();
    if (!options.count("CQL_VERSION")) protocol_error("Missing value CQL_VERSION in STARTUP message");
    if (auto c = options.find("COMPRESSION"); c != options.end() && !c->second.empty())
      protocol_error(fmt::format("Unknown compression algorithm: {}", c->second));
    started_ = true;
    bool auth = false;
    {
      std::lock_guard lock(shared_.engine->mutex());
      auth = shared_.engine->db().auth.enabled;
    }
    if (auth) {
      authenticating_ = true;
      w.string("org.apache.cassandra.auth.PasswordAuthenticator");
      respond(out, stream, kAuthenticate, res);
    } else {
      respond(out, stream, kReady, res);
    }
    framed_ = version_ >= 5;  // the answer to STARTUP is the last unframed envelope
    return;
  }
  if (opcode != kQuery && opcode != kPrepare && opcode != kExecute && opcode != kRegister && opcode != kBatch &&
      opcode != kAuthResponse)
    protocol_error(fmt::format("Unknown opcode {}", opcode));
  if (!started_)
    protocol_error(fmt::format("Unexpected message {}, expecting STARTUP or OPTIONS", opcode_name(opcode)));
  if (opcode == kAuthResponse)
    protocol_error("Unexpected message AUTH_RESPONSE, the connection is already initialized");
  if (opcode == kRegister) {
    for (auto& e : r.string_list()) {
      if (e != "TOPOLOGY_CHANGE" && e != "STATUS_CHANGE" && e != "SCHEMA_CHANGE")
        protocol_error(fmt::format("Invalid value '{}' for Type", e));
      events_.push_back(e);
    }
    return respond(out, stream, kReady, res);
  }

  std::lock_guard lock(shared_.engine->mutex());
  session_.record_reads = tracing_;  // a trace counts the rows and tombstones read
  activity_.clear();                 // and notes the replicas it contacts
  session_.activity = tracing_ ? &activity_ : nullptr;
  session_.row_sink = nullptr;
  if (opcode == kPrepare) return handle_prepare(r, stream, out);
  Request request;
  request.opcode = opcode;
  request.keyspace = session_.keyspace;
  if (!read_request(r, request, stream, out)) return;  // answered: UNPREPARED
  run_request(request, stream, out);
}

void Connection::handle_prepare(Reader& r, std::int16_t stream, std::string& out) {
  exec::Database& db = shared_.engine->db();
  std::string res;
  Writer w(res);
  std::string query(r.long_string());
  std::string keyspace = session_.keyspace;
  if (version_ >= 5 && (static_cast<std::uint32_t>(r.i32()) & 0x01)) keyspace = r.string();  // With_keyspace
  const std::string saved = std::exchange(session_.keyspace, keyspace);
  struct Back {
    exec::Session& s;
    const std::string& ks;
    ~Back() { s.keyspace = ks; }
  } back{session_, saved};
  std::shared_ptr<const parse::ParsedStatement> parsed = parse::parse_owned(query);
  const ast::Statement& st = parsed->statement;
  exec::BindSpecs specs = exec::bind_specs(db, session_, st, parsed->markers);
  exec::check_prepared_statement(db, session_, st);
  trace("Preparing CQL3 query", query, nullptr, nullptr);
  const std::string id = shared_.engine->prepared().add(db, std::move(query), keyspace, std::move(parsed), specs);
  write_prepared(w, version_, id, specs);
  respond(out, stream, kResult, res);
}

// A Rows result: the page the request asked for, with a paging state when more follow.
void Connection::respond_rows(const Request& request, exec::Rows& rows, std::int16_t stream, std::string& out) {
  std::string res;
  Writer w(res);
  const QueryParams& params = request.params;
  const std::string& query = request.query;
  // One node: the simulated peers stay inside the shell (docs/protocol.md).
  if (rows.keyspace == "system" && (rows.table == "peers" || rows.table == "peers_v2")) rows.rows.clear();
  std::size_t first = 0;
  if (params.paging_state) first = static_cast<std::size_t>(resume_offset(*params.paging_state, query));
  first = std::min(first, rows.rows.size());
  std::size_t count = rows.rows.size() - first;
  std::optional<std::string> state;
  // A full page has a paging state unless nothing can follow it: Cassandra's pager ends with
  // an empty page when the rows ran out exactly at a page's end.
  const auto page_rows = static_cast<std::size_t>(params.page_size);
  if (params.page_size > 0 && (count > page_rows || (count == page_rows && !rows.complete))) {
    count = static_cast<std::size_t>(params.page_size);
    state = paging_state(first + count, query);
  }
  // Only an EXECUTE may skip the metadata: its client has the prepared result metadata. In v5
  // it says which metadata it has; other columns (the table changed since) go out in full with
  // their new id, except for a conditional statement's, whose columns vary (ExecuteMessage).
  RowsPage page{first, count, state ? std::optional<std::string_view>(*state) : std::nullopt,
                request.prepared && params.skip_metadata, std::nullopt};
  if (request.metadata_id && !rows.lwt) {
    std::string current = result_metadata_id(&rows.columns, rows.keyspace, rows.table);
    if (current != *request.metadata_id) page.new_metadata_id = std::move(current);
  } else if (request.metadata_id) {
    page.skip_metadata = false;
  }
  write_rows(w, version_, rows, page);
  return respond(out, stream, kResult, res, rows.warnings);
}

void Connection::run_request(Request& request, std::int16_t stream, std::string& out) {
  exec::Database& db = shared_.engine->db();
  std::string res;
  Writer w(res);
  const std::uint8_t opcode = request.opcode;
  const std::string& query = request.query;
  QueryParams& params = request.params;

  if (opcode == kQuery)
    if (auto described = describe_query(query, db)) {
      write_rows(w, version_, *described, {0, described->rows.size(), std::nullopt, false, std::nullopt});
      return respond(out, stream, kResult, res);
    }

  const std::string saved_keyspace = session_.keyspace;
  session_.keyspace = request.keyspace;
  struct Restore {
    exec::Session& s;
    const std::string& ks;
    bool keep = false;
    ~Restore() {
      s.bound = nullptr;
      s.markers = 0;
      s.prepared = false;
      s.client_timestamp.reset();
      if (!keep) s.keyspace = ks;
    }
  } restore{session_, saved_keyspace};

  const ast::Statement& st = request.batch    ? *request.batch
                             : request.parsed ? request.parsed->statement
                                              : parser_.parse(query);
  session_.markers = request.batch    ? request.batch_markers
                     : request.parsed ? request.parsed->markers
                                      : parser_.markers();
  session_.prepared = request.prepared;
  if (!params.names.empty()) {  // named values: each marker takes the value of its name
    // An EXECUTE's markers were worked out at PREPARE; a QUERY's are worked out now.
    std::optional<exec::BindSpecs> own;
    const exec::BindSpecs& specs =
        request.held ? request.held->specs : own.emplace(exec::bind_specs(db, session_, st, session_.markers));
    std::vector<exec::BoundValue> ordered;
    for (const auto& m : specs.markers)
      for (std::size_t j = 0; j < params.names.size(); ++j)
        if (params.names[j] == m.name) {
          ordered.push_back(params.values[j]);
          break;
        }
    params.values = std::move(ordered);
  }
  session_.bound = &params.values;
  session_.client_timestamp = params.timestamp;
  session_.consistency = params.consistency;
  session_.serial_consistency = params.serial_consistency;
  session_.paging = params.page_size > 0;
  session_.page_size = params.page_size;
  exec::Result result = shared_.engine->execute(st, query, session_, &params.values);
  trace(opcode == kBatch ? "Execute batch of CQL3 queries" : "Execute CQL3 query", query, &st, &result);

  if (auto* rows = std::get_if<exec::Rows>(&result)) return respond_rows(request, *rows, stream, out);
  if (auto* ks = std::get_if<exec::SetKeyspace>(&result)) {
    restore.keep = true;
    session_.keyspace = ks->keyspace;
    w.i32(static_cast<std::int32_t>(ResultKind::SetKeyspace));
    w.string(ks->keyspace);
    return respond(out, stream, kResult, res);
  }
  const auto& done = std::get<exec::Void>(result);
  const auto& warnings = done.warnings;
  if (done.schema_change) {
    w.i32(static_cast<std::int32_t>(ResultKind::SchemaChange));
    write_schema_change(w, *done.schema_change);
    respond(out, stream, kResult, res, warnings);
    std::string event;
    Writer ev(event);
    ev.string("SCHEMA_CHANGE");
    write_schema_change(ev, *done.schema_change);
    if (shared_.broadcast) shared_.broadcast("SCHEMA_CHANGE", event);
    return;
  }
  w.i32(static_cast<std::int32_t>(ResultKind::Void));
  respond(out, stream, kResult, res, warnings);
}

}  // namespace cqlbox::server
