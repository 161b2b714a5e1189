// The whole in-process database: the schema catalog, one store per table, and the clock.
// Only exec writes to it, and only through store::Mutation (see executor.hpp).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "cluster/ring.hpp"
#include "schema/catalog.hpp"
#include "store/table_store.hpp"
#include "util/clock.hpp"

namespace cqlbox::exec {

struct Database {
  schema::Catalog catalog;
  std::map<std::string, std::unique_ptr<store::TableStore>, std::less<>> stores;  // "ks.table"
  util::Clock clock;
  cluster::Ring ring{3, 16};

  store::TableStore& store_of(const schema::TableSchema& t);
  void drop_store(std::string_view keyspace, std::string_view table);
};

// Session state the statements read or change.
struct Session {
  std::string keyspace;        // USE; empty when none
  bool paging = true;          // cqlsh pages by default; ORDER BY + IN needs it off
  bool record_reads = false;   // STORAGE ON: SELECT results list the partitions/rows read
};

}  // namespace cqlbox::exec
