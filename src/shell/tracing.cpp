// TRACING ON: after each successful statement, cqlsh's trace table (cassandra.md §3.5) of the
// trace exec/tracing.hpp records (the same one a native protocol client reads from
// system_traces), laid out as cqlsh's print_trace lays it out.
#include <chrono>

#include <fmt/format.h>

#include "exec/result.hpp"
#include "exec/tracing.hpp"
#include "print/table.hpp"
#include "shell/internal.hpp"
#include "store/partition.hpp"
#include "types/bytes.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

// Python str(datetime): fraction omitted when it is zero.
std::string trace_time(std::int64_t us) {
  std::string s = types::format_timestamp_ms(us / 1000);  // yyyy-mm-dd hh:mm:ss.ffffff+0000
  if (s.size() < 26) return s;
  s = s.substr(0, 19);
  const std::int64_t frac = ((us % 1000000) + 1000000) % 1000000;
  if (frac) s += fmt::format(".{:06}", frac);
  return s;
}

// A version-1 uuid's time in µs since 1970 (what drivers show as an event's time).
std::int64_t event_time_us(const std::string& id) {
  if (id.size() != 16) return 0;
  std::uint64_t msb = 0;
  for (int i = 0; i < 8; ++i) msb = (msb << 8) | static_cast<unsigned char>(id[static_cast<std::size_t>(i)]);
  const std::uint64_t ticks = ((msb & 0x0fffULL) << 48) | (((msb >> 16) & 0xffffULL) << 32) | (msb >> 32);
  return (static_cast<std::int64_t>(ticks) - 0x01B21DD213814000LL) / 10;
}

}  // namespace

void print_trace(ShellState& sh, const std::string& statement, const ast::Statement& parsed, const exec::Result& result,
                 std::int64_t start_us, std::int64_t elapsed_us) {
  exec::Database::Trace trace;
  {
    DbLock lock(sh);
    trace = exec::trace_request(sh.db, "Execute CQL3 query", statement, &parsed, &result, start_us, elapsed_us,
                                &sh.replica_activity);
    exec::record_trace(sh.db, trace);  // system_traces and SHOW SESSION read it
  }
  print_trace_session(sh, trace);
}

void print_trace_session(ShellState& sh, const exec::Database::Trace& t) {
  // cqlsh's make_trace_rows: the session's request, each event "<activity> [<thread>]" at its
  // event id's time, and "Request complete" at started_at + duration; an elapsed time of 0 is "--".
  exec::Rows table;
  const types::CqlType* text_type = types::native_type(types::Kind::Text);
  for (const char* name : {"activity", "timestamp", "source", "source_elapsed", "client"})
    table.columns.push_back({name, text_type});
  auto elapsed = [](std::int64_t us) { return us ? std::to_string(us) : std::string("--"); };
  const std::int64_t started_us = t.started_at_ms * 1000;
  table.rows.push_back({t.request, trace_time(started_us), t.coordinator, std::string("0"), t.client});
  for (const auto& e : t.events) {
    table.rows.push_back({fmt::format("{} [{}]", e.activity, e.thread), trace_time(event_time_us(e.event_id)),
                          e.source.empty() ? t.coordinator : e.source, elapsed(e.source_elapsed), t.client});
  }
  if (t.duration_us)
    table.rows.push_back({std::string("Request complete"), trace_time(started_us + t.duration_us), t.coordinator,
                          std::to_string(t.duration_us), t.client});
  print::FormattedRows r = print::format_rows(table);
  std::string out = fmt::format("\nTracing session: {}\n", exec::uuid_text(t.session_id));
  print::TableStyle style;
  style.tty = true;  // the trace table is printed like one tty page
  print::append_page(out, r, 0, r.row_count, true, style);
  sh.out += out;
  if (sh.tty) sh.out += '\n';
}

void show_session(ShellState& sh, const std::string& id) {
  DbLock lock(sh);
  for (const auto& t : sh.db.traces)
    if (util::iequals(exec::uuid_text(t.session_id), id)) {
      print_trace_session(sh, t);
      return;
    }
  print_error(sh, fmt::format("Session {} wasn't found.", id));
}

}  // namespace cqlbox::shell
