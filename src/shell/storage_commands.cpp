// cqlbox's storage commands (cqlbox.md "The storage view", "Clock"): LIST, GET, STORAGE ON|OFF,
// CLOCK [SET '<timestamp>' | ADVANCE <duration> | REAL].
#include <chrono>
#include <cstdlib>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/auth_access.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "print/error_text.hpp"
#include "exec/functions.hpp"
#include "print/sstabledump.hpp"
#include "print/storage_view.hpp"
#include "exec/replica_copies.hpp"
#include "shell/internal.hpp"
#include "types/temporal.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

constexpr const char* kSeparator = "-------------------\n";

std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == ';')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r' && s[j] != ';') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// cassandra-cli's "Elapsed time: X msec(s)." figure: two decimals below 10 ms, else an integer.
std::string elapsed_text(double ms) {
  if (ms < 10) {
    std::string s = fmt::format("{:.2f}", ms);
    while (s.back() == '0' && s[s.size() - 2] != '.') s.pop_back();
    return s;
  }
  return fmt::format("{}", static_cast<long long>(ms + 0.5));
}

// At a terminal, cassandra-cli's timing line for a command that started at `started`.
void append_elapsed(ShellState& sh, std::chrono::steady_clock::time_point started) {
  if (!sh.tty) return;
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  sh.out += fmt::format("Elapsed time: {} msec(s).\n", elapsed_text(ms));
}

// sstabledump's toJSONString: SELECT JSON's, except NaN and the infinities (null) and durations
// (quoted Duration.toString, where SELECT JSON gives "").
std::string dump_json(const types::CqlType& type, std::string_view bytes) {
  using types::Kind;
  if (type.kind == Kind::Duration) return util::json_quoted(exec::java_text(type, bytes));
  std::string out = exec::json_value(type, std::string(bytes));
  if ((type.kind == Kind::Double || type.kind == Kind::Float) &&
      (out == "NaN" || out == "Infinity" || out == "-Infinity"))
    return "null";
  return out;
}

}  // namespace

// (shell.hpp) "ks.t", "t", "\"Ks\".\"T\"" -> normalised names.
ast::QualifiedName parse_table_name(std::string_view text, std::string& ks, std::string& table) {
  auto norm = [](std::string_view part) {
    if (part.size() >= 2 && part.front() == '"' && part.back() == '"') {
      std::string s;
      for (std::size_t i = 1; i + 1 < part.size(); ++i) {
        s += part[i];
        if (part[i] == '"' && part[i + 1] == '"') ++i;
      }
      return s;
    }
    return util::ascii_lower(part);
  };
  std::size_t dot = std::string_view::npos;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == '.' && !quoted) {
      dot = i;
      break;
    }
  }
  if (dot == std::string_view::npos) {
    table = norm(text);
  } else {
    ks = norm(text.substr(0, dot));
    table = norm(text.substr(dot + 1));
  }
  return ast::QualifiedName{ks, table};
}

std::int64_t now_seconds(const exec::Database& db) { return db.clock.now_us() / 1000000; }

// SSTABLEDUMP [ks.]table: the JSON sstabledump prints for the sstable a flush would write now.
void cmd_sstabledump(ShellState& sh, const std::string& word, const std::vector<std::string>& args) {
  if (args.size() != 1) {
    print_error(sh, fmt::format("Improper {} command.", word));
    return;
  }
  try {
    std::string ks, name;
    const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, parse_table_name(args[0], ks, name));
    exec::ensure_readable(sh.db, sh.session, t);
    static const print::DumpValueText kText{dump_json, exec::java_text};
    print::sstabledump(t, sh.db.store_of(t), now_seconds(sh.db), kText, sh.out, [&sh] { flush(sh); });
    sh.out += '\n';
    flush(sh);
  } catch (const error::CqlError& e) {
    sh.out.clear();
    print_error(sh, print::error_text(e));
  }
}

namespace {

// Whether node `node` is one of the replicas of `p`.
bool replicated_by(const exec::Database& db, const schema::TableSchema& t, const store::Partition& p, int node) {
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(t.keyspace);
  if (!ks) return true;
  const std::vector<int> replicas = db.ring.replicas(p.token(), cluster::replication_of(ks->replication));
  return replicas.empty() || std::find(replicas.begin(), replicas.end(), node) != replicas.end();
}

// A replica's copy of a partition it never received: no rows, cells or deletions.
bool holds_nothing(const store::Partition& p) {
  if (!p.row_pages().empty() || !p.range_tombstones().empty() || p.deletion().exists()) return false;
  store::RowData statics;
  p.static_row().decode(statics);
  return std::none_of(statics.cells.begin(), statics.cells.end(), [](const store::Cell& c) { return c.exists(); }) &&
         p.static_row().complex().empty();
}

}  // namespace

void cmd_list(ShellState& sh, std::string_view text) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::string> w = words_of(text);
  std::optional<long long> limit, cells;
  int node = -1;  // ON NODE n: what that replica holds
  if (w.size() < 2) {
    print_error(sh, "Improper LIST command.");
    return;
  }
  for (std::size_t i = 2; i < w.size(); ++i) {
    auto number = [&](std::optional<long long>& into) {
      if (i + 1 >= w.size() || std::atoll(w[i + 1].c_str()) <= 0) return false;
      into = std::atoll(w[++i].c_str());
      return true;
    };
    auto on_node = [&] {
      if (i + 2 >= w.size() || !util::iequals(w[i + 1], "node")) return false;
      node = node_named(sh.db.ring, w[i + 2]);
      i += 2;
      return node >= 0;
    };
    if (util::iequals(w[i], "limit")   ? !number(limit)
        : util::iequals(w[i], "cells") ? !number(cells)
        : util::iequals(w[i], "on")    ? !on_node()
                                       : true) {
      print_error(sh, fmt::format("Improper {} command.", w[0]));
      return;
    }
  }
  try {
    std::string ks, name;
    const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, parse_table_name(w[1], ks, name));
    exec::ensure_readable(sh.db, sh.session, t);
    const store::TableStore& st = sh.db.store_of(t);
    if (!limit) sh.out += "Using default limit of 100\n";
    if (!cells) sh.out += "Using default cell limit of 100\n";
    const auto max_rows = static_cast<std::size_t>(limit.value_or(100));
    const auto max_cells = static_cast<std::size_t>(cells.value_or(100));
    std::size_t count = 0;
    for (const store::Partition& stored : st.partitions()) {
      if (count >= max_rows) break;
      const store::Partition* p = &stored;
      if (node >= 0) {  // the partitions the node replicates, as it holds them
        if (!replicated_by(sh.db, t, stored, node)) continue;
        if (const store::Partition* copy = exec::replica_copy(sh.db, node, t, stored.key())) p = copy;
        if (holds_nothing(*p)) continue;  // it missed the write that made the partition
      }
      sh.out += kSeparator;
      sh.out += "RowKey: " + print::row_key_text(t, *p) + "\n";
      print::append_partition_cells(sh.out, t, *p, st.comparator(), max_cells, now_seconds(sh.db));
      ++count;
    }
    sh.out += fmt::format("\n{} Row{} Returned.\n", count, count > 1 ? "s" : "");
    append_elapsed(sh, started);
    flush(sh);
  } catch (const error::CqlError& e) {
    sh.out.clear();
    print_error(sh, print::error_text(e));
  }
}

void cmd_get(ShellState& sh, std::string_view text) {
  const auto started = std::chrono::steady_clock::now();
  // GET <table>['<key>'] (quotes optional for non-text keys).
  std::string_view rest = text.substr(3);
  const std::size_t open = rest.find('['), close = rest.rfind(']');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    print_error(sh, "Improper GET command.");
    return;
  }
  std::string_view table_text = rest.substr(0, open);
  while (!table_text.empty() && table_text.front() == ' ') table_text.remove_prefix(1);
  while (!table_text.empty() && table_text.back() == ' ') table_text.remove_suffix(1);
  std::string_view key = rest.substr(open + 1, close - open - 1);
  if (key.size() >= 2 && key.front() == '\'' && key.back() == '\'') key = key.substr(1, key.size() - 2);
  try {
    std::string ks, name;
    const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, parse_table_name(table_text, ks, name));
    exec::ensure_readable(sh.db, sh.session, t);
    const store::TableStore& st = sh.db.store_of(t);
    const std::string serialized = exec::partition_key_from_text(t, key);
    std::size_t lines = 0;
    if (const store::Partition* p = st.find(serialized))
      lines = print::append_partition_cells(sh.out, t, *p, st.comparator(), SIZE_MAX, now_seconds(sh.db));
    sh.out += fmt::format("Returned {} results.\n", lines);
    append_elapsed(sh, started);
    flush(sh);
  } catch (const error::CqlError& e) {
    sh.out.clear();
    print_error(sh, print::error_text(e));
  }
}

void print_storage(ShellState& sh, const exec::Rows& rows) {
  const schema::TableSchema* t = sh.db.catalog.table(rows.keyspace, rows.table);
  if (!t) return;
  const store::TableStore& st = sh.db.store_of(*t);
  const schema::KeyspaceSchema* ks = sh.db.catalog.keyspace(rows.keyspace);
  const cluster::Replication rep = cluster::replication_of(ks->replication);
  sh.out += '\n';
  for (const auto& read : rows.read) {
    const store::Partition& p = *read.partition;
    sh.out += kSeparator;
    sh.out += "RowKey: " + print::row_key_text(*t, p) + "\n";
    std::string replicas;
    for (int n : sh.db.ring.replicas(p.token(), rep))
      replicas += (replicas.empty() ? "" : ", ") + sh.db.ring.nodes()[static_cast<std::size_t>(n)].address;
    sh.out += fmt::format("   token={} replicas=[{}]\n", p.token(), replicas);
    print::append_partition_cells(sh.out, *t, p, st.comparator(), SIZE_MAX, now_seconds(sh.db), &read.rows);
  }
}

void cmd_clock(ShellState& sh, std::string_view word, const std::vector<std::string>& args) {
  auto show = [&](const char* what) {
    sh.out += fmt::format("{}{}\n", what, types::format_timestamp_ms(sh.db.clock.now_us() / 1000));
    flush(sh);
  };
  if (args.empty()) return show("");
  if (util::iequals(args[0], "set") && args.size() >= 2) {
    std::string value;
    for (std::size_t i = 1; i < args.size(); ++i) value += (i > 1 ? " " : "") + args[i];
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'') value = value.substr(1, value.size() - 2);
    auto ms = types::parse_timestamp_ms(value);
    if (!ms) {
      print_error(sh, fmt::format("Unable to parse a date/time from '{}'", value));
      return;
    }
    // The clock counts microseconds in 64 bits: about 292,000 years either side of 1970.
    if (*ms > INT64_MAX / 1000 || *ms < INT64_MIN / 1000) {
      print_error(sh, fmt::format("Clock out of range: '{}' is not within 292,000 years of 1970", value));
      return;
    }
    sh.db.clock.set(*ms * 1000);
    return show("Clock set to ");
  }
  if (util::iequals(args[0], "real") && args.size() == 1) {
    // Back to the wall clock; write timestamps still only go forward (Clock::next_write_timestamp).
    sh.db.clock.restore(std::nullopt);
    return show("Clock follows the system clock: ");
  }
  if (util::iequals(args[0], "advance") && args.size() == 2) {
    auto d = types::parse_duration(args[1]);
    if (!d) {
      print_error(sh, fmt::format("Improper CLOCK ADVANCE: '{}' is not a duration (e.g. 30s, 1h30m, 2d)", args[1]));
      return;
    }
    if (d->months < 0 || d->days < 0 || d->nanos < 0) {
      // Write timestamps only go forward: a clock moved back would let new writes lose to old ones.
      print_error(sh, fmt::format("Improper CLOCK ADVANCE: the clock only moves forward ('{}' is negative); CLOCK SET "
                                  "starts a new timeline",
                                  args[1]));
      return;
    }
    if (d->months != 0) {
      print_error(sh, fmt::format("Improper CLOCK ADVANCE: '{}' has months, whose length varies; use days (e.g. 30d)",
                                  args[1]));
      return;
    }
    std::int64_t delta = 0, to = 0;
    if (d->days > (INT64_MAX - d->nanos / 1000) / 86400000000LL ||
        (delta = static_cast<std::int64_t>(d->days) * 86400000000LL + d->nanos / 1000,
         __builtin_add_overflow(sh.db.clock.now_us(), delta, &to))) {
      print_error(sh, fmt::format("Clock out of range: advancing by {} passes 292,000 years after 1970", args[1]));
      return;
    }
    sh.db.clock.advance(delta);
    return show("Clock advanced to ");
  }
  print_error(sh, fmt::format("Improper {} command.", word));
}

}  // namespace cqlbox::shell
