#include "exec/tracing.hpp"

#include <fmt/format.h>

#include "exec/replica_trace_events.hpp"
#include "store/partition.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

namespace {

constexpr std::int64_t kUuidEpochTicks = 0x01B21DD213814000LL;  // 1582-10-15 to 1970-01-01, 100 ns ticks
constexpr std::uint64_t kNode = 0x9c8a6d5e4f3b2a19ULL;          // clock sequence and node: fixed

// A version-1 uuid at `us` (+ `extra` ticks of 100 ns): what drivers decode as the event's time.
std::string time_uuid(std::int64_t us, std::uint64_t extra) {
  const auto ticks = static_cast<std::uint64_t>(us * 10 + kUuidEpochTicks) + extra;
  const std::uint64_t msb =
      ((ticks & 0xffffffffULL) << 32) | (((ticks >> 32) & 0xffffULL) << 16) | 0x1000ULL | ((ticks >> 48) & 0x0fffULL);
  std::string out;
  for (int s = 56; s >= 0; s -= 8) out += static_cast<char>((msb >> s) & 0xff);
  for (int s = 56; s >= 0; s -= 8) out += static_cast<char>((kNode >> s) & 0xff);
  return out;
}

std::string_view first_word_lower(std::string_view text, std::string& buffer) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  const std::size_t end = text.find_first_of(" \t\r\n(", start);
  buffer = util::ascii_lower(text.substr(start, end == std::string_view::npos ? end : end - start));
  return buffer;
}

}  // namespace

bool traced(const Session& session, const ast::Statement& statement) {
  const auto* select = std::get_if<ast::Select>(&statement);
  if (!select) return true;
  const std::string_view ks =
      select->table.keyspace.empty() ? std::string_view(session.keyspace) : select->table.keyspace;
  return ks != "system_traces";
}

std::string uuid_text(std::string_view b) {
  std::string hex;
  for (char c : b) hex += fmt::format("{:02x}", static_cast<unsigned char>(c));
  if (hex.size() != 32) return hex;
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20);
}

Database::Trace trace_request(Database& db, std::string_view request, std::string_view text,
                              const ast::Statement* statement, const Result* result, std::int64_t start_us,
                              std::int64_t elapsed_us, const ReplicaActivity* activity) {
  Database::Trace t;
  t.session_id = time_uuid(start_us, db.traced_requests++);
  t.client = t.coordinator = "127.0.0.1";
  t.request = std::string(request);
  std::string query(text);
  while (!query.empty() && (query.back() == '\n' || query.back() == ' ')) query.pop_back();
  for (char& c : query)
    if (c == '\n') c = ' ';
  t.query = query;
  t.started_at_ms = start_us / 1000;

  const bool fixed = db.clock.fixed();
  std::vector<TraceLine> events;
  constexpr const char* kNative = "Native-Transport-Requests-1";
  constexpr const char* kRead = "ReadStage-2";
  constexpr const char* kMutation = "MutationStage-2";
  events.push_back({"Parsing " + query, kNative});
  events.push_back({"Preparing statement", kNative});
  std::string buffer;
  const std::string_view word = first_word_lower(query, buffer);
  const auto* rows = result ? std::get_if<Rows>(result) : nullptr;
  if (rows && !rows->lwt && word == "select") {
    std::size_t live = 0, tombstones = 0;
    for (const auto& r : rows->read) {
      live += r.live_rows;
      tombstones += r.partition->tombstone_count();
    }
    // A single-partition read names partition key columns with '=' or IN.
    bool single = false;
    if (const auto* sel = statement ? std::get_if<ast::Select>(statement) : nullptr)
      for (const auto& rel : sel->where)
        single = single || (rel.kind == ast::RelationKind::Single &&
                            (rel.op == ast::Operator::Eq || rel.op == ast::Operator::In));
    if (rows->read.size() <= 1 && single) {
      const std::vector<TraceLine> read{
          {fmt::format("Executing single-partition query on {}", rows->table), kRead},
          {"Acquiring sstable references", kRead},
          {"Merging memtable contents", kRead},
          {fmt::format("Read {} live rows and {} tombstone cells", live, tombstones), kRead}};
      // Several replicas asked (a keyspace with more than one): each one's read, and the
      // messages between them and the coordinator.
      bool replicas = false;
      if (activity)
        for (const auto& p : activity->partitions)
          if (!p.write) {
            append_read_events(db.ring, p, read, events);
            replicas = true;
          }
      if (!replicas) events.insert(events.end(), read.begin(), read.end());
    } else {
      const std::size_t ranges = db.ring.tokens().size() + 1;
      events.push_back({"Computing ranges to query", kNative});
      events.push_back({fmt::format("Submitting range requests on {} ranges with a concurrency of 1 ({:.1f} rows per "
                                    "range expected)",
                                    ranges, 0.0),
                        kNative});
      events.push_back({"Submitted 1 concurrent range requests", kNative});
      events.push_back(
          {"Executing seq scan across 0 sstables for (min(-9223372036854775808), "
           "min(-9223372036854775808)]",
           kRead});
      events.push_back({fmt::format("Read {} live rows and {} tombstone cells", live, tombstones), kRead});
    }
  } else if (result && (word == "insert" || word == "update" || word == "delete" || word == "begin")) {
    std::string table;
    if (statement)
      std::visit(
          [&](const auto& s) {
            using S = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<S, ast::Insert> || std::is_same_v<S, ast::Update> ||
                          std::is_same_v<S, ast::Delete>)
              table = std::string(s.table.name);
          },
          *statement);
    events.push_back({"Determining replicas for mutation", kNative});
    bool replicas = false;
    if (activity)
      for (const auto& p : activity->partitions)
        if (p.write) {
          append_write_events(db.ring, p, events);
          replicas = true;
        }
    if (!replicas) {
      events.push_back({"Appending to commitlog", kMutation});
      events.push_back({fmt::format("Adding to {} memtable", table), kMutation});
    }
  }
  const auto n = static_cast<std::int64_t>(events.size());
  std::int64_t at = 0;
  for (std::int64_t i = 1; i <= n; ++i) {
    // A fixed clock gives stable transcripts: events 1 µs apart. Otherwise spread the real time,
    // each event at least 1 µs after the one before: its time is its id, and ids are distinct.
    at = std::max(at + 1, fixed ? i : i * std::max<std::int64_t>(elapsed_us, 1) / (n + 1));
    TraceLine& e = events[static_cast<std::size_t>(i - 1)];
    const std::string source = e.node == 0 ? std::string() : db.ring.nodes()[static_cast<std::size_t>(e.node)].address;
    t.events.push_back(
        {time_uuid(start_us + at, 0), std::move(e.activity), e.thread, source, static_cast<std::int32_t>(at)});
  }
  t.duration_us = static_cast<std::int32_t>(std::max(at + 1, fixed ? n + 1 : elapsed_us));
  return t;
}

void record_trace(Database& db, Database::Trace trace) {
  if (db.traces.size() >= Database::kTraceLimit) db.traces.erase(db.traces.begin());
  db.traces.push_back(std::move(trace));
}

}  // namespace cqlbox::exec
