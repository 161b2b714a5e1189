// EXPLAIN <select> (spec/cqlbox.md "Explaining queries"): how Cassandra would serve the query —
// the access path, the partitions with their tokens and replicas, the clustering slice, what is
// filtered after reading, whether ALLOW FILTERING is required and which rule demands it — and
// what the query reads versus returns on the live data. The answer is a two-column result, so
// it prints as a table and also as JSON or CSV lines.
#include <algorithm>

#include <fmt/format.h>

#include "exec/executor.hpp"
#include "exec/restrictions.hpp"
#include "exec/terms.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

namespace {

using schema::ColumnKind;

// The relation as written: "k = 1", "(a, b) > (1, 2)", "token(k) > 5".
std::string relation_text(const ast::Relation& rel) {
  std::string cols;
  for (std::size_t i = 0; i < rel.columns.size(); ++i) cols += (i ? ", " : "") + util::cql_name(rel.columns[i]);
  if (rel.kind == ast::RelationKind::Token)
    cols = "token(" + cols + ")";
  else if (rel.kind == ast::RelationKind::Multi)
    cols = "(" + cols + ")";
  else if (rel.map_entry && rel.values.size() == 2) {
    ast::Relation value = rel;
    value.values.erase(value.values.begin());
    return cols + "[" + term_text(rel.values[0]) + "]" + relation_rest(value);
  }
  return cols + relation_rest(rel);
}

// The single-column relations of `where` on columns of the kinds `pick` accepts, but `skip`.
// With `only` >= 0, the relations on that column alone.
std::string relations_on(const schema::TableSchema& t, const ast::Vec<ast::Relation>& where, bool (*pick)(ColumnKind),
                         int skip = -1, int only = -1) {
  std::string out;
  for (const auto& rel : where) {
    if (rel.kind != ast::RelationKind::Single) continue;
    const int c = t.find(std::string(rel.columns[0]));
    if (c < 0 || c == skip || (only >= 0 && c != only) || !pick(t.column(c).kind)) continue;
    out += (out.empty() ? "" : " AND ") + relation_text(rel);
  }
  return out;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

namespace {

void add_line(Rows& out, std::string plan, std::string detail) {
  out.rows.push_back({Value(std::move(plan)), Value(std::move(detail))});
}

// The access path, and the partitions a key lookup names with their tokens and replicas (or
// the token range).
void explain_access(Rows& out, const Database& db, const ast::Select& s, const schema::TableSchema& t,
                    const SelectRestrictions& r, const SelectShape& shape) {
  // Access path, and the partitions a key lookup names.
  std::vector<std::vector<std::string>> key_values;  // per partition-key column, as written
  std::vector<std::vector<std::string>> key_bytes;
  if (r.partition_lookup) {
    for (int pk : t.partition_key) {
      std::vector<std::string> texts;
      for (const auto& rel : s.where)
        if (rel.kind == ast::RelationKind::Single && t.find(std::string(rel.columns[0])) == pk)
          for (const auto& v : rel.values) texts.push_back(term_text(v));
      // IN (1, 1) names one partition: Cassandra drops repeated keys.
      std::vector<std::string> bytes, shown;
      const auto& values = r.columns[static_cast<std::size_t>(pk)].values;
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (std::find(bytes.begin(), bytes.end(), values[i]) != bytes.end()) continue;
        bytes.push_back(values[i]);
        shown.push_back(i < texts.size() ? texts[i] : values[i]);
      }
      key_bytes.push_back(std::move(bytes));
      key_values.push_back(std::move(shown));
    }
  }
  std::size_t partitions = 1;
  for (const auto& v : key_bytes) partitions *= v.size();
  if (r.partition_lookup && partitions == 1)
    add_line(out, "access path", "single partition: every partition key column is restricted by =");
  else if (r.partition_lookup)
    add_line(out, "access path",
             fmt::format("{} (IN on the partition key), read one after another",
                         plural(partitions, "partition", "partitions")));
  else if (r.token)
    add_line(out, "access path", "token range: the partitions whose token is in the range, in token order");
  else if (!shape.index.empty())
    add_line(out, "access path",
             fmt::format("secondary index {} ({}): Cassandra reads the index, then the rows it names "
                         "(cqlbox finds the same rows by a scan)",
                         shape.index,
                         relations_on(
                             t, s.where, [](ColumnKind) { return true; }, -1, shape.index_column)));
  else
    add_line(out, "access path", "full scan: every partition of the table, in token order");

  if (r.partition_lookup) {
    const auto* ks = db.catalog.keyspace(t.keyspace);
    const cluster::Replication rep = cluster::replication_of(ks->replication);
    // Every combination of the key columns' values (IN lists multiply), in the order written.
    std::vector<std::size_t> at(key_bytes.size(), 0);
    for (std::size_t n = 0; n < partitions && n < 20; ++n) {
      std::vector<std::string_view> parts;
      std::string text;
      for (std::size_t i = 0; i < key_bytes.size(); ++i) {
        parts.push_back(key_bytes[i][at[i]]);
        const std::string& v = at[i] < key_values[i].size() ? key_values[i][at[i]] : key_bytes[i][at[i]];
        text += (i ? " AND " : "") + util::cql_name(t.column(t.partition_key[i]).name) + " = " + v;
      }
      const std::int64_t token = util::murmur3_token(serialize_partition_key(parts));
      std::string replicas;
      for (int node : db.ring.replicas(token, rep))
        replicas += (replicas.empty() ? "" : ", ") + db.ring.nodes()[static_cast<std::size_t>(node)].address;
      add_line(out, "partition", fmt::format("{}: token {}, replicas {}", text, token, replicas));
      for (std::size_t i = key_bytes.size(); i-- > 0;) {
        if (++at[i] < key_bytes[i].size()) break;
        at[i] = 0;
      }
    }
    if (partitions > 20) add_line(out, "partition", fmt::format("… and {} more", partitions - 20));
  } else if (r.token) {
    std::string range;
    for (const auto& rel : s.where)
      if (rel.kind == ast::RelationKind::Token) range += (range.empty() ? "" : " AND ") + relation_text(rel);
    add_line(out, "token range", range);
  }
}

// How the clustering restrictions are read, what is filtered after reading, and whether the
// query needs ALLOW FILTERING.
void explain_restrictions(Rows& out, const ast::Select& s, const schema::TableSchema& t, const SelectRestrictions& r,
                          const SelectShape& shape) {
  // Clustering: the '=' prefix and a slice are binary searches; anything else is filtered.
  if (!t.clustering.empty()) {
    std::string on = relations_on(t, s.where, [](ColumnKind k) { return k == ColumnKind::Clustering; });
    for (const auto& rel : s.where)
      if (rel.kind == ast::RelationKind::Multi) on += (on.empty() ? "" : " AND ") + relation_text(rel);
    const bool gap = shape.filtering_reason.rfind("clustering column ", 0) == 0;  // clustering_gap()'s rule
    std::string how;
    if (on.empty())
      how = "none: every row of each partition read";
    else if (gap)
      how = on + ": not one slice, every row read and checked";
    else if (!r.partition_lookup && !(shape.index.size() && r.has_clustering))
      how = on + ": checked in every partition read";
    else
      how = on + ": one slice of each partition, found by binary search";
    if (shape.reversed) how += ", read backwards (ORDER BY)";
    add_line(out, "clustering", how);
  }

  // Filtered after reading: restrictions that do not narrow what is read.
  std::string filtered = relations_on(
      t, s.where, [](ColumnKind k) { return k == ColumnKind::Regular || k == ColumnKind::Static; }, shape.index_column);
  if (!r.partition_lookup && !r.token && shape.index.empty()) {
    const std::string pk = relations_on(t, s.where, [](ColumnKind k) { return k == ColumnKind::PartitionKey; });
    if (!pk.empty()) filtered = pk + (filtered.empty() ? "" : " AND " + filtered);
  }
  add_line(out, "filtered",
           filtered.empty() ? "nothing: every row read is returned" : filtered + ": checked on each row read");
  if (!shape.ann.empty()) add_line(out, "ordering", shape.ann);

  if (shape.filtering_reason.empty())
    add_line(out, "allow filtering", s.allow_filtering ? "given, not needed" : "not needed");
  else
    add_line(
        out, "allow filtering",
        fmt::format("{}: {}", s.allow_filtering ? "required, given" : "required, missing", shape.filtering_reason));
}

// The query run on the live data (as if ALLOW FILTERING were given), counting what it reads.
void explain_live_data(Rows& out, Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t,
                       const SelectRestrictions& r, const SelectShape& shape) {
  // On the live data: run it (as if ALLOW FILTERING were given), counting what is read.
  ast::Select run = s;
  run.explain = false;
  run.allow_filtering = true;
  const bool recorded = session.record_reads, repairing = session.repair_reads;
  session.record_reads = true;
  session.repair_reads = false;  // EXPLAIN describes a read; it does not repair replicas
  const store::TableStore& st = db.store_of(t);
  const std::uint64_t reads = st.reads;
  Result result;
  try {
    result = execute_select(db, session, run, t);
  } catch (...) {
    session.record_reads = recorded;
    session.repair_reads = repairing;
    throw;
  }
  session.record_reads = recorded;
  session.repair_reads = repairing;
  st.reads = reads;  // EXPLAIN is not a read for nodetool tablestats
  const Rows& rows = std::get<Rows>(result);
  std::size_t read = 0, live = 0, partitions_read = rows.read.size();
  for (const auto& p : rows.read) {
    read += p.rows.size();
    live += p.live_rows;
  }
  // A scan with a partial partition key opens every partition to check its key (the select
  // itself skips the rest without reading them).
  if (!r.partition_lookup && !r.token && shape.index.empty() &&
      !relations_on(t, s.where, [](ColumnKind k) { return k == ColumnKind::PartitionKey; }).empty())
    partitions_read = st.partitions().size();
  std::string detail =
      fmt::format("{} and {} read", plural(partitions_read, "partition", "partitions"), plural(read, "row", "rows"));
  if (read > live) detail += fmt::format(" ({} deleted or expired)", read - live);
  detail += fmt::format(", {} returned", plural(rows.rows.size(), "row", "rows"));
  add_line(out, "live data", detail);
}

}  // namespace

Result execute_explain(Database& db, Session& session, const ast::Select& s, const schema::TableSchema& t) {
  const FunctionContext ctx = db.functions();
  const SelectShape shape = select_shape(t, s, ctx);  // the query's own errors, as SELECT gives them
  const SelectRestrictions r = build_restrictions(t, s.where, &ctx);

  Rows out;
  out.explain = true;
  out.columns = {{"plan", types::native_type(types::Kind::Text)}, {"detail", types::native_type(types::Kind::Text)}};

  explain_access(out, db, s, t, r, shape);
  explain_restrictions(out, s, t, r, shape);
  explain_live_data(out, db, session, s, t, r, shape);
  return out;
}

}  // namespace cqlbox::exec
