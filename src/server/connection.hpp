// One client connection's protocol state: the frames it has sent, its session (keyspace),
// its parser, whether it has started up and what events it registered for. Pure: bytes in,
// bytes out; the listener owns the socket.
//
// Every request runs to completion before the next (one statement at a time against the store,
// under the database mutex the shell also takes), so responses go out in request order; stream
// ids let a client keep many requests in flight all the same.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/engine.hpp"
#include "exec/database.hpp"
#include "exec/replica_activity.hpp"
#include "exec/result.hpp"
#include "parse/parser.hpp"
#include "server/wire.hpp"

namespace cqlbox::server {

// What every connection shares: the engine (the database, its lock, durability), the prepared
// statements, and how to reach the other connections.
struct SharedState {
  engine::Engine* engine = nullptr;  // its prepared() holds the prepared statements
  // Pushes an EVENT body (SCHEMA_CHANGE …) to every connection registered for `type`.
  std::function<void(std::string_view type, std::string_view body)> broadcast;
};

class Connection {
 public:
  static constexpr std::size_t kMaxFrameBody = 16u << 20;  // native_transport_max_frame_size

  explicit Connection(SharedState& shared) : shared_(shared) { session_.internal = false; }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Consumes the complete frames at the front of `in` and appends the responses to `out`,
  // stopping once `out` holds `out_limit` bytes (the rest wait in `in`: stalled() says so).
  // Returns false when the connection must close once `out` is written (a protocol error).
  bool consume(std::string& in, std::string& out, std::size_t out_limit = SIZE_MAX);
  // The last consume() stopped at the output limit with requests left in its input.
  bool stalled() const { return stalled_; }
  // STARTUP (or a refusal) has been answered.
  bool started() const { return started_; }

  bool registered(std::string_view event_type) const;
  // Appends an EVENT frame (stream -1) with `body` to `out`.
  void push_event(std::string& out, std::string_view body);
  int version() const { return version_; }

 private:
  // AUTH_RESPONSE's SASL PLAIN token checked against system_auth: the role logged in, or an
  // AuthenticationError with PasswordAuthenticator's message.
  std::string authenticate(std::string_view token);
  // The envelopes (v4-style frames) at the front of `in`: consume() without the v5 segments.
  // Stops when the framing changes (STARTUP answered in v5) with the rest left in `in`.
  void consume_envelopes(std::string& in, std::string& out, std::size_t out_limit);
  void handle(std::uint8_t opcode, std::int16_t stream, std::string_view body, std::string& out);
  // handle()'s parts, under the engine's lock: PREPARE; a QUERY, EXECUTE or BATCH read (false
  // when it was answered already: UNPREPARED), then run and answered; a Rows result's page.
  struct Request;
  void handle_prepare(Reader& r, std::int16_t stream, std::string& out);
  bool read_request(Reader& r, Request& request, std::int16_t stream, std::string& out);
  void run_request(Request& request, std::int16_t stream, std::string& out);
  void respond_rows(const Request& request, exec::Rows& rows, std::int16_t stream, std::string& out);
  // A DESCRIBE statement's result; nullopt for any other statement.
  std::optional<exec::Rows> describe_query(std::string_view query, const exec::Database& db) const;
  // A traced request (tracing_): records its trace in system_traces and sets trace_id_, which
  // the response then carries. Called under the database lock, before the response is written.
  void trace(std::string_view request, std::string_view text, const ast::Statement* statement,
             const exec::Result* result);
  void respond(std::string& out, std::int16_t stream, std::uint8_t opcode, std::string_view body,
               const std::vector<std::string>& warnings = {});
  // UNPREPARED (0x2500) for an EXECUTE or BATCH naming an id this server does not hold.
  void respond_unprepared(std::string& out, std::int16_t stream, std::string_view id);

  SharedState& shared_;
  exec::Session session_;
  exec::ReplicaActivity activity_;  // the replicas a traced request contacted
  parse::Parser parser_;
  int version_ = 4;
  bool started_ = false;
  bool authenticating_ = false;  // --auth: STARTUP answered with AUTHENTICATE, no login yet
  bool close_ = false;
  // Protocol v5 after STARTUP: requests and responses travel in segments (framing.hpp), and
  // envelopes_in_ holds the envelopes taken out of them and not yet run.
  bool framed_ = false;
  std::string envelopes_in_;
  bool stalled_ = false;
  // Tracing: the request being answered asked for it; its session id; its text.
  bool tracing_ = false;
  std::string trace_id_;
  std::int64_t trace_start_us_ = 0;  // the request's start on the database clock
  std::chrono::steady_clock::time_point trace_started_;
  std::vector<std::string> events_;
};

}  // namespace cqlbox::server
