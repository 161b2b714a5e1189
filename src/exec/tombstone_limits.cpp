// The tombstone thresholds' warning and failure (tombstone_limits.hpp).
#include "exec/tombstone_limits.hpp"

#include "cluster/ring.hpp"
#include "error/cql_error.hpp"
#include "exec/terms.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

std::string tombstone_warning(const schema::TableSchema& t, const ast::Select& s, const Session& session,
                              std::optional<std::int64_t> limit, std::uint64_t live, std::uint64_t tombstones,
                              std::int64_t token) {
  std::string columns;
  for (const auto& sel : s.selectors)
    if (sel.kind == ast::SelectorKind::Column) columns += (columns.empty() ? "" : ", ") + util::cql_name(sel.name);
  std::string where;
  for (const auto& rel : s.where) {
    std::string cols;
    for (std::size_t i = 0; i < rel.columns.size(); ++i) cols += (i ? ", " : "") + util::cql_name(rel.columns[i]);
    if (rel.kind == ast::RelationKind::Multi) cols = "(" + cols + ")";
    if (rel.kind == ast::RelationKind::Token) cols = "token(" + cols + ")";
    where += (where.empty() ? " WHERE " : " AND ") + cols + relation_rest(rel);
  }
  // The read's limit: cqlsh's page of 100 rows, or the query's LIMIT when smaller.
  if (session.paging && (!limit || *limit > 100)) limit = 100;
  std::string query = fmt::format("SELECT {} FROM {}.{}{}{} ALLOW FILTERING", columns.empty() ? "*" : columns,
                                  util::cql_name(t.keyspace), util::cql_name(t.name), where,
                                  limit ? fmt::format(" LIMIT {}", *limit) : std::string());
  if (query.size() > 512) query.resize(512);
  return fmt::format("Read {} live rows and {} tombstone cells for query {}; token {} (see tombstone_warn_threshold)",
                     live, tombstones, query, token);
}

[[noreturn]] void tombstone_failure(const Database& db, const schema::TableSchema& t, std::uint64_t,
                                    std::int64_t token) {
  const auto* ks = db.catalog.keyspace(t.keyspace);
  const auto replicas = db.ring.replicas(token, cluster::replication_of(ks->replication));
  // A LocalStrategy keyspace has no replica list: the local node (the first) answers.
  const std::string address =
      db.ring.nodes()[replicas.empty() ? 0 : static_cast<std::size_t>(replicas.front())].address;
  error::CqlError e(error::ErrorClass::ReadFailure,
                    fmt::format("Operation failed - received 0 responses and 1 failures: READ_TOO_MANY_TOMBSTONES from "
                                "{}:7000\" info={{'consistency': 'ONE', 'required_responses': 1, "
                                "'received_responses': 0, 'failures': 1, 'error_code_map': {{'{}': '0x0001'}}}}",
                                address, address));
  e.failed_replica = address;
  e.failure_reason = 0x0001;
  throw e;
}

}  // namespace cqlbox::exec
