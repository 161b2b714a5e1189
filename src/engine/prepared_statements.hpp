// The native protocol's prepared statements: parsed once at PREPARE, found by Cassandra's id at
// EXECUTE and BATCH, and dropped when a schema change would make Cassandra drop them
// (QueryProcessor's StatementInvalidatingListener): the table a statement reads or writes is
// dropped, with its keyspace or alone, or altered in a way that affects statements (its
// columns, indexes, default_time_to_live or gc_grace_seconds change). An EXECUTE of a dropped
// id gets UNPREPARED, and a driver prepares the statement again, which picks up the new schema.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "exec/bind_specs.hpp"
#include "exec/database.hpp"
#include "parse/parser.hpp"

namespace cqlbox::engine {

struct PreparedStatement {
  std::string query;
  std::string keyspace;  // the session's when prepared: unqualified names resolve there
  // Parsed once, at PREPARE: an EXECUTE runs this AST (the schema is resolved as it runs).
  std::shared_ptr<const parse::ParsedStatement> parsed;
  // What each marker stands for (PREPARED's metadata), worked out once: an EXECUTE with named
  // values reads it. Kept only while the schema it was read from stands (schema_changed).
  exec::BindSpecs specs;
  // The tables it reads or writes, and what of each decides whether a change affects it.
  struct Table {
    std::string keyspace, name, fingerprint;
  };
  std::vector<Table> tables;
};

class PreparedStatements {
 public:
  // Kept at most: past either bound the oldest go (Cassandra's cache is bounded by size too,
  // and an evicted id gets UNPREPARED, which drivers answer by preparing again).
  static constexpr std::size_t kMaxStatements = 20'000;
  static constexpr std::size_t kMaxQueryBytes = 64u << 20;

  // Cassandra's id (QueryProcessor.computeId): the MD5 of the query text, after the keyspace
  // when one is in use and the statement does not name its tables' keyspaces itself.
  static std::string id_of(const ast::Statement& statement, std::string_view keyspace, std::string_view query);

  // Keeps `parsed` (prepared in `keyspace`) under its id, which it returns.
  std::string add(const exec::Database& db, std::string query, std::string keyspace,
                  std::shared_ptr<const parse::ParsedStatement> parsed, exec::BindSpecs specs);
  // The statement prepared under `id`, or nullptr (never prepared, dropped or evicted).
  std::shared_ptr<const PreparedStatement> find(std::string_view id) const;
  // After a schema statement ran: drops every statement the change invalidates.
  void schema_changed(const exec::Database& db);
  std::size_t size() const { return by_id_.size(); }

 private:
  std::map<std::string, std::shared_ptr<const PreparedStatement>, std::less<>> by_id_;
  std::vector<std::string> order_;  // ids, oldest first (eviction)
  std::size_t order_start_ = 0;
  std::size_t query_bytes_ = 0;
  void evict();
};

}  // namespace cqlbox::engine
