// TRACING ON: after each successful statement, cqlsh's trace table (cassandra.md §3.5) with
// events that describe what the store really did: which path the read took (single partition
// or a scan of every token range), how many live rows and tombstones it read, where a write
// went. Times come from the session clock: with --now they are stable (events 1 µs apart),
// otherwise they are the real elapsed microseconds.
#include <chrono>

#include <fmt/format.h>

#include "exec/result.hpp"
#include "print/table.hpp"
#include "shell/shell.hpp"
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

}  // namespace

void Shell::print_trace(const std::string& statement, const exec::Result& result, std::int64_t start_us,
                        std::int64_t elapsed_us) {
  struct Event {
    std::string activity;
    std::int64_t elapsed;
  };
  std::vector<Event> events;
  const bool fixed = db_.clock.fixed();
  auto add = [&](std::string activity) {
    // A fixed clock gives stable transcripts: events 1 µs apart. Otherwise spread the real time.
    const auto i = static_cast<std::int64_t>(events.size()) + 1;
    events.push_back({std::move(activity), fixed ? i : i * std::max<std::int64_t>(elapsed_us, 1) / 8});
  };
  std::string text = statement;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  add(fmt::format("Parsing {} [Native-Transport-Requests-1]", text));
  add("Preparing statement [Native-Transport-Requests-1]");
  const std::string word = util::ascii_lower(text.substr(0, text.find_first_of(" \t(")));
  if (const auto* rows = std::get_if<exec::Rows>(&result); rows && !rows->lwt && word == "select") {
    std::size_t live = 0, tombstones = 0;
    for (const auto& r : rows->read) {
      live += r.live_rows;
      tombstones += r.partition->tombstone_count();
    }
    if (rows->read.size() <= 1 && trace_single_partition_) {
      add(fmt::format("Executing single-partition query on {} [ReadStage-2]", rows->table));
      add("Acquiring sstable references [ReadStage-2]");
      add("Merging memtable contents [ReadStage-2]");
    } else {
      const std::size_t ranges = db_.ring.tokens().size() + 1;
      add("Computing ranges to query [Native-Transport-Requests-1]");
      add(fmt::format("Submitting range requests on {} ranges with a concurrency of 1 ({:.1f} rows per range expected) "
                      "[Native-Transport-Requests-1]", ranges, 0.0));
      add("Submitted 1 concurrent range requests [Native-Transport-Requests-1]");
      add("Executing seq scan across 0 sstables for (min(-9223372036854775808), min(-9223372036854775808)] [ReadStage-2]");
    }
    add(fmt::format("Read {} live rows and {} tombstone cells [ReadStage-2]", live, tombstones));
  } else if (word == "insert" || word == "update" || word == "delete" || word == "begin") {
    add("Determining replicas for mutation [Native-Transport-Requests-1]");
    add("Appending to commitlog [MutationStage-2]");
    add(fmt::format("Adding to {} memtable [MutationStage-2]", trace_table_));
  }
  const std::int64_t total = fixed ? static_cast<std::int64_t>(events.size()) + 1 : std::max<std::int64_t>(elapsed_us, 1);

  exec::Rows table;
  const types::CqlType* text_type = types::native_type(types::Kind::Text);
  for (const char* name : {"activity", "timestamp", "source", "source_elapsed", "client"})
    table.columns.push_back({name, text_type});
  auto row = [&](const std::string& activity, std::int64_t at, std::int64_t elapsed) {
    table.rows.push_back({activity, trace_time(start_us + at), std::string("127.0.0.1"), std::to_string(elapsed),
                          std::string("127.0.0.1")});
  };
  row("Execute CQL3 query", 0, 0);
  for (const auto& e : events) row(e.activity, e.elapsed, e.elapsed);
  row("Request complete", total, total);

  print::FormattedRows r = print::format_rows(table);
  const std::string id = trace_session_id(start_us);
  std::string trace = fmt::format("\nTracing session: {}\n", id);
  print::TableStyle style;
  style.tty = true;  // the trace table is printed like one tty page
  print::append_page(trace, r, 0, r.cells.size(), true, style);
  out_ += trace;
  if (tty_) out_ += '\n';
  // Kept for SHOW SESSION, as system_traces keeps them; only the most recent ones.
  if (traces_.size() >= kKeptTraces) traces_.erase(traces_.begin());
  traces_.emplace_back(id, std::move(trace));
}

void Shell::show_session(const std::string& id) {
  for (const auto& [kept, trace] : traces_)
    if (util::iequals(kept, id)) {
      out_ += trace;
      if (tty_) out_ += '\n';
      return;
    }
  print_error(fmt::format("Session {} wasn't found.", id));
}

std::string Shell::trace_session_id(std::int64_t start_us) {
  // A version-1 uuid of the request's start time, as Cassandra's trace sessions are.
  const auto ticks = static_cast<std::uint64_t>(start_us * 10 + 0x01B21DD213814000LL) + trace_count_++;
  const std::uint64_t msb = ((ticks & 0xffffffffULL) << 32) | (((ticks >> 32) & 0xffffULL) << 16) | 0x1000ULL |
                            ((ticks >> 48) & 0x0fffULL);
  const std::uint64_t lsb = 0x9c8a6d5e4f3b2a19ULL;
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", msb >> 32, (msb >> 16) & 0xffff, msb & 0xffff, lsb >> 48,
                     lsb & 0xffffffffffffULL);
}

}  // namespace cqlbox::shell
