// DRAW RING / DRAW PARTITION (cqlbox's own): the simulated ring and one partition's storage as
// SVG pictures (print/ring_picture.hpp, print/partition_picture.hpp), printed, or written to a
// file with TO '<file>'. The same data always gives the same bytes.
//
//   DRAW RING [<keyspace>] [TO '<file>']
//   DRAW RING [<keyspace>.]<table> KEY <key>[, <key> ...] [TO '<file>']
//   DRAW PARTITION [<keyspace>.]<table> KEY <key> [TO '<file>']
//   DRAW QUERY <select statement> [TO '<file>']
//
// Keys are written as NODETOOL getendpoints and GET take them: the value, quoted or not, a
// composite key's parts joined with ':'.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <set>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/auth_access.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "print/describe.hpp"
#include "print/error_text.hpp"
#include "print/partition_picture.hpp"
#include "print/query_picture.hpp"
#include "print/ring_picture.hpp"
#include "print/storage_view.hpp"
#include "shell/internal.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::shell {

namespace {

constexpr std::size_t kMaxDrawnEntries = 400;  // a partition's first cells, as LIST CELLS 400
constexpr std::size_t kMaxDrawnPartitions = 40;
constexpr std::size_t kMaxDrawnRows = 30;

bool is_aggregate(const ast::Selector& s) {
  if (s.kind != ast::SelectorKind::FunctionCall) return false;
  const std::string name = util::ascii_lower(s.name);
  if (name == "count" || name == "sum" || name == "avg" || name == "min" || name == "max") return true;
  for (const auto& arg : s.args)
    if (is_aggregate(arg)) return true;
  return false;
}

// The words of a DRAW command: bare words, 'quoted strings' (kept quoted, '' inside one) and
// commas, each a word.
std::vector<std::string> draw_words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';') {
      ++i;
    } else if (c == ',') {
      out.emplace_back(",");
      ++i;
    } else if (c == '\'') {
      std::size_t j = i + 1;
      for (; j < s.size(); ++j)
        if (s[j] == '\'') {
          if (j + 1 < s.size() && s[j + 1] == '\'')
            ++j;
          else
            break;
        }
      out.emplace_back(s.substr(i, std::min(j + 1, s.size()) - i));
      i = j + 1;
    } else {
      std::size_t j = i;
      while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != '\n' && s[j] != ',' && s[j] != ';')
        ++j;
      out.emplace_back(s.substr(i, j - i));
      i = j;
    }
  }
  return out;
}

// 'it''s' -> it's; a bare word as it is.
std::string unquoted(std::string_view w) {
  if (w.size() < 2 || w.front() != '\'' || w.back() != '\'') return std::string(w);
  std::string out;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    out += w[i];
    if (w[i] == '\'' && w[i + 1] == '\'') ++i;
  }
  return out;
}

std::string replication_words(const std::map<std::string, std::string>& options) {
  std::string out;
  for (const auto& [k, v] : options) {
    if (k == "class") continue;
    out += (out.empty() ? "" : ", ") + k + " " + v;
  }
  auto cls = options.find("class");
  std::string name = cls == options.end() ? "" : cls->second;
  if (const auto dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
  return name + (out.empty() ? "" : " (" + out + ")");
}

}  // namespace

void cmd_draw(ShellState& sh, std::string_view text) {
  std::vector<std::string> w = draw_words(text);
  const std::string improper = fmt::format("Improper {} command.", w.empty() ? "DRAW" : w[0]);
  // TO '<file>' ends the command.
  std::optional<std::string> path;
  std::string path_word;  // as written
  if (w.size() >= 2 && util::iequals(w[w.size() - 2], "to")) {
    path_word = w.back();
    path = path_argument(w.back());
    w.resize(w.size() - 2);
  }
  if (w.size() < 2 || (path && path->empty())) return print_error(sh, improper);
  const std::string what = util::ascii_lower(w[1]);
  std::vector<std::string> keys;  // after KEY, split at commas
  std::size_t key_at = w.size();
  for (std::size_t i = 2; i < w.size(); ++i)
    if (util::iequals(w[i], "key")) {
      key_at = i;
      break;
    }
  for (std::size_t i = key_at + 1; i < w.size(); ++i) {
    if (w[i] == ",") continue;
    if (i > key_at + 1 && w[i - 1] != ",") return print_error(sh, improper);  // two keys need a comma
    keys.push_back(unquoted(w[i]));
  }
  if (key_at < w.size() && keys.empty()) return print_error(sh, improper);
  const std::size_t names = std::min(key_at, w.size()) - 2;  // words between RING/PARTITION and KEY
  std::string svg;
  try {
    if (what == "ring") {
      if (names > 1 || (names == 0 && !keys.empty())) return print_error(sh, improper);
      print::RingPicture picture;
      if (names == 1) {
        std::string ks, table;
        if (keys.empty()) {  // a keyspace alone
          parse_table_name(w[2], ks, table);
          if (!ks.empty()) return print_error(sh, improper);
          ks = table;
          const schema::KeyspaceSchema* k = sh.db.catalog.keyspace(ks);
          if (!k) error::fail(error::ErrorClass::InvalidRequest, "Keyspace '{}' does not exist", ks);
          picture.keyspace = ks;
          picture.replication = replication_words(k->replication);
        } else {
          const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, parse_table_name(w[2], ks, table));
          const schema::KeyspaceSchema* k = sh.db.catalog.keyspace(t.keyspace);
          picture.keyspace = t.keyspace;
          picture.replication = replication_words(k->replication);
          const cluster::Replication r = cluster::replication_of(k->replication);
          for (const std::string& key : keys) {
            const std::int64_t token = util::murmur3_token(exec::partition_key_from_text(t, key));
            picture.keys.push_back({key, token, sh.db.ring.replicas(token, r)});
          }
        }
      }
      svg = print::ring_svg(sh.db.ring, picture);
    } else if (what == "partition") {
      if (names != 1 || keys.size() != 1) return print_error(sh, improper);
      std::string ks, table;
      const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, parse_table_name(w[2], ks, table));
      exec::ensure_readable(sh.db, sh.session, t);
      const store::TableStore& st = sh.db.store_of(t);
      const std::string key = exec::partition_key_from_text(t, keys[0]);
      print::PartitionPicture picture;
      picture.table = t.keyspace + "." + t.name;
      picture.primary_key = print::primary_key_text(t);
      for (int c : t.clustering) picture.clustering_names.push_back(t.column(c).name);
      picture.key = keys[0];
      picture.token = util::murmur3_token(key);
      const schema::KeyspaceSchema* k = sh.db.catalog.keyspace(t.keyspace);
      for (int n : sh.db.ring.replicas(picture.token, cluster::replication_of(k->replication)))
        picture.replicas.push_back(sh.db.ring.nodes()[static_cast<std::size_t>(n)].address);
      if (const store::Partition* p = st.find(key)) {
        picture.key = print::row_key_text(t, *p);
        picture.entries =
            print::partition_entries(t, *p, st.comparator(), now_seconds(sh.db), nullptr, kMaxDrawnEntries + 1);
        picture.cut = picture.entries.size() > kMaxDrawnEntries;
        if (picture.cut) picture.entries.resize(kMaxDrawnEntries);
      }
      svg = print::partition_svg(picture);
    } else if (what == "query") {
      // The statement: everything after QUERY, up to TO '<file>'.
      std::string_view rest = text.substr(std::min(text.size(), util::ascii_lower(text).find("query") + 5));
      if (path) {  // up to the TO before the file's name
        rest = rest.substr(0, rest.rfind(path_word));
        rest = rest.substr(0, util::ascii_lower(rest).rfind("to"));
      }
      svg = draw_query(sh, rest);
      if (svg.empty()) return;
    } else {
      return print_error(sh, improper);
    }
  } catch (const error::CqlError& e) {
    return print_error(sh, print::error_text(e));
  }
  if (!path) {
    sh.out += svg;
    flush(sh);
    return;
  }
  // Every write is checked: a full disk or a bad path is reported, never a silent short file.
  flush_all_before_waiting(sh);
  std::FILE* f = std::fopen(path->c_str(), "wb");
  bool ok = f && std::fwrite(svg.data(), 1, svg.size(), f) == svg.size();
  const int err = errno;
  if (f && std::fclose(f) != 0) ok = false;
  if (!ok) return print_error(sh, fmt::format("Could not write '{}': {}", *path, std::strerror(f ? errno : err)));
  sh.out += fmt::format("Drew the {} into '{}' ({} bytes).\n", what, *path, svg.size());
  flush(sh);
}

std::string draw_query(ShellState& sh, std::string_view text) {
  // Kept while the statement is used: a statement of a shape the parser has seen points into
  // the text it was given (parse/statement_cache.hpp), so a temporary would dangle.
  const std::string select_text(text);
  // The picture shows a read; it does not repair the replicas it asks (exec/replica_copies.hpp).
  struct NoRepair {
    exec::Session& session;
    bool was;
    ~NoRepair() { session.repair_reads = was; }
  } no_repair{sh.session, sh.session.repair_reads};
  sh.session.repair_reads = false;
  const ast::Statement& statement = sh.parser.parse(select_text);
  const auto* select = std::get_if<ast::Select>(&statement);
  if (!select || select->explain) {
    print_error(sh, "DRAW QUERY draws a SELECT statement: DRAW QUERY SELECT … [TO '<file>']");
    return {};
  }
  const schema::TableSchema& t = exec::resolve_table(sh.db, sh.session, select->table);
  print::QueryPicture picture;
  picture.statement = std::string(text);
  while (!picture.statement.empty() && (picture.statement.back() == ' ' || picture.statement.back() == ';'))
    picture.statement.pop_back();
  picture.statement.erase(0, picture.statement.find_first_not_of(" \t"));
  // EXPLAIN's plan (it checks the statement as SELECT would), then the reads of the live data.
  ast::Select explain = *select;
  explain.explain = true;
  const exec::Result plan = run_select(sh, std::move(explain));
  for (const auto& row : std::get<exec::Rows>(plan).rows)
    if (row.size() == 2 && row[0] && row[1]) picture.plan.emplace_back(*row[0], *row[1]);
  const store::TableStore& st = sh.db.store_of(t);
  const std::uint64_t reads = st.reads;
  const bool recorded = sh.session.record_reads;
  struct Restore {
    exec::Session& s;
    bool recorded;
    ~Restore() { s.record_reads = recorded; }
  } restore{sh.session, recorded};
  sh.session.record_reads = true;
  ast::Select run = *select;
  run.allow_filtering = true;
  const exec::Result read = run_select(sh, run);
  // What it returns, as whole rows: the same query selecting *. An aggregate's answer comes
  // from every row that matches, whatever its LIMIT or GROUP BY.
  ast::Select rows_of = run;
  bool aggregate = !rows_of.group_by.empty();
  for (const auto& s : rows_of.selectors) aggregate = aggregate || is_aggregate(s);
  rows_of.selectors = {};
  rows_of.json = false;
  if (aggregate) {
    rows_of.group_by = {};
    rows_of.limit.reset();
    rows_of.per_partition_limit.reset();
  }
  sh.session.record_reads = false;
  const exec::Result returned = run_select(sh, std::move(rows_of));
  st.reads = reads;                                             // drawing is not a read for nodetool tablestats
  std::set<std::pair<std::string, std::string>> returned_keys;  // (partition key, clustering)
  for (const auto& row : std::get<exec::Rows>(returned).rows) {
    std::vector<std::string_view> pk;
    for (int c : t.partition_key) {
      const exec::Value& v = row[static_cast<std::size_t>(c)];
      pk.push_back(v ? std::string_view(*v) : std::string_view());  // views into the row, no temporaries
    }
    std::string ck;
    for (int c : t.clustering)
      if (row[static_cast<std::size_t>(c)]) store::append_component(ck, *row[static_cast<std::size_t>(c)]);
    returned_keys.emplace(exec::serialize_partition_key(pk), std::move(ck));
  }
  const auto& reads_of = std::get<exec::Rows>(read).read;
  // The partitions drawn: all when they fit; else every one read (up to the cap) and then
  // others, kept in token order.
  std::set<const store::Partition*> opened;
  for (const auto& r : reads_of) opened.insert(r.partition);
  std::size_t room = kMaxDrawnPartitions > opened.size() ? kMaxDrawnPartitions - opened.size() : 0;
  std::size_t read_drawn = 0;
  for (const store::Partition& p : st.partitions()) {
    const bool was_read = opened.contains(&p);
    if (!(was_read ? read_drawn < kMaxDrawnPartitions : room > 0)) {
      ++picture.partitions_not_drawn;
      if (was_read) ++picture.read_not_drawn;
      continue;
    }
    (was_read ? read_drawn : room) += was_read ? 1 : static_cast<std::size_t>(-1);
    print::QueryPartition qp;
    qp.key = print::row_key_text(t, p);
    qp.read = was_read;
    const exec::ReadPartition* rp = nullptr;
    for (const auto& r : reads_of)
      if (r.partition == &p) rp = &r;
    for (const store::Row& row : p.rows()) {
      if (qp.rows.size() == kMaxDrawnRows) {
        ++qp.rows_not_drawn;
        continue;
      }
      std::uint8_t state = print::QueryPartition::kNotRead;
      if (rp && std::find(rp->rows.begin(), rp->rows.end(), row) != rp->rows.end())
        state = print::QueryPartition::kRead;
      if (returned_keys.contains({std::string(p.key()), std::string(row.clustering())}))
        state = print::QueryPartition::kReturned;
      qp.rows.push_back(state);
    }
    picture.partitions.push_back(std::move(qp));
  }
  return print::query_svg(picture);
}

}  // namespace cqlbox::shell
