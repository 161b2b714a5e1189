// Keyspaces and tables. The catalog validates nothing about CQL text: exec/prepare builds
// schema objects (with Cassandra's messages) and hands them over. Names are exact (already
// case-normalised by the parser).
//
// A keyspace's tables may be deferred: they are added the first time anything reaches the
// keyspace (keyspace(), table(), keyspaces(), …), so callers never see the difference. The
// system keyspaces use this: their ~90 tables cost as much to build as the rest of start-up, and
// most sessions never look at them. Filling happens inside const lookups, hence the mutable
// members; the catalog is used by one thread.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "schema/table_schema.hpp"

namespace cqlbox::schema {

class Catalog {
 public:
  // Moves on whenever a keyspace or table is dropped or added, and whenever a table is handed
  // out to be changed (mutable_table, table_with_index, changed()): a table pointer, or
  // anything read from the table, remembered with the epoch it was found at is valid while the
  // epoch has not moved.
  std::uint64_t epoch() const { return epoch_; }
  // For a change made through keyspace() (ALTER TYPE rewrites its tables' column types).
  void changed() { ++epoch_; }

  const KeyspaceSchema* keyspace(std::string_view name) const;
  KeyspaceSchema* keyspace(std::string_view name);
  const TableSchema* table(std::string_view keyspace, std::string_view table) const;
  TableSchema* mutable_table(std::string_view keyspace, std::string_view table);
  // The table holding index `name` in `keyspace`, or nullptr.
  TableSchema* table_with_index(std::string_view keyspace, std::string_view name);
  const TableSchema* table_with_index(std::string_view keyspace, std::string_view name) const;

  // REQUIRES: no keyspace of that name exists.
  KeyspaceSchema& add_keyspace(KeyspaceSchema ks);
  // REQUIRES: the keyspace exists and has no table of that name.
  const TableSchema& add_table(TableSchema table);
  void drop_keyspace(std::string_view name);
  void drop_table(std::string_view keyspace, std::string_view table);

  // Every keyspace, deferred tables filled in.
  const std::map<std::string, KeyspaceSchema, std::less<>>& keyspaces() const;
  // The keyspaces' names in order, without filling anything.
  std::vector<std::string_view> keyspace_names() const;

  // `fill(ks)` adds the keyspace's tables when it is first reached (then it is forgotten).
  // REQUIRES: the keyspace exists.
  using TableFiller = void (*)(KeyspaceSchema& ks);
  void defer_tables(std::string_view keyspace, TableFiller fill);

 private:
  void fill_deferred(KeyspaceSchema& ks) const;

  mutable std::map<std::string, KeyspaceSchema, std::less<>> keyspaces_;
  std::uint64_t epoch_ = 0;
  mutable std::map<std::string, TableFiller, std::less<>> deferred_;
};

}  // namespace cqlbox::schema
