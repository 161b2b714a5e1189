// Keyspaces and tables. The catalog validates nothing about CQL text: exec/prepare builds
// schema objects (with Cassandra's messages) and hands them over. Names are exact (already
// case-normalised by the parser).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "schema/table_schema.hpp"

namespace cqlbox::schema {

class Catalog {
 public:
  const KeyspaceSchema* keyspace(std::string_view name) const;
  KeyspaceSchema* keyspace(std::string_view name);
  const TableSchema* table(std::string_view keyspace, std::string_view table) const;
  TableSchema* mutable_table(std::string_view keyspace, std::string_view table);
  // The table holding index `name` in `keyspace`, or nullptr.
  TableSchema* table_with_index(std::string_view keyspace, std::string_view name);

  // REQUIRES: no keyspace of that name exists.
  KeyspaceSchema& add_keyspace(KeyspaceSchema ks);
  // REQUIRES: the keyspace exists and has no table of that name.
  const TableSchema& add_table(TableSchema table);
  void drop_keyspace(std::string_view name);
  void drop_table(std::string_view keyspace, std::string_view table);

  const std::map<std::string, KeyspaceSchema, std::less<>>& keyspaces() const { return keyspaces_; }

 private:
  std::map<std::string, KeyspaceSchema, std::less<>> keyspaces_;
};

}  // namespace cqlbox::schema
