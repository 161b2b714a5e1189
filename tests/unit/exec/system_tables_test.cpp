// The system tables (exec/system_schema_defs + system_tables.cpp): every table of Cassandra
// 5.0's system keyspaces exists with a primary key, its types read back as written, the fast
// layout matches TableSchema::relayout(), and the virtual keyspaces are marked.
#include "exec/system_schema_defs.hpp"

#include <doctest/doctest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "exec/database.hpp"
#include "exec/system_tables.hpp"
#include "types/type_name.hpp"

using namespace cqlbox;

namespace {
std::size_t def_count() { return exec::stored_system_table_defs().size() + exec::virtual_system_table_defs().size(); }
}  // namespace

TEST_CASE("every system table is registered with a primary key") {
  exec::Database db;
  std::size_t tables = 0;
  for (const auto& keyspace : db.catalog.keyspaces()) {
    // Named copies, not structured bindings: clang 14's CAPTURE cannot take a binding.
    const std::string& name = keyspace.first;
    const auto& ks = keyspace.second;
    const exec::SystemKeyspaceDef* def = exec::find_system_keyspace(name);
    if (!def) continue;
    CHECK(ks.is_virtual == def->is_virtual);
    for (const auto& table : ks.tables) {
      const std::string& tn = table.first;
      const auto& t = table.second;
      CAPTURE(name);
      CAPTURE(tn);
      ++tables;
      CHECK(!t.partition_key.empty());
      CHECK(t.is_virtual == ks.is_virtual);
      CHECK(exec::is_system_table(t));
      CHECK(t.columns.size() == t.partition_key.size() + t.clustering.size() + t.statics.size() + t.regulars.size());
    }
  }
  CHECK(tables == def_count());
  CHECK(tables == 94);  // 23 + 8 + 4 + 11 + 2 in the stored keyspaces, 43 + 3 virtual
}

TEST_CASE("every column type of the system tables reads back as written") {
  for (auto defs : {exec::stored_system_table_defs(), exec::virtual_system_table_defs()})
    for (const auto& table : defs)
      for (const auto& c : table.columns) {
        CAPTURE(table.name);
        CAPTURE(c.name);
        const types::CqlType* t = types::parse_type_name(c.type);
        REQUIRE(t != nullptr);
        CHECK(t->name == c.type);
      }
}

TEST_CASE("system tables are laid out as relayout() lays out a table") {
  exec::Database db;
  for (const auto& [name, ks] : db.catalog.keyspaces())
    for (const auto& table : ks.tables) {
      const std::string& tn = table.first;
      const auto& t = table.second;
      CAPTURE(tn);
      schema::TableSchema copy = t;
      std::vector<schema::Column> statics, regulars;
      for (int i : t.statics) statics.push_back(t.column(i));
      for (int i : t.regulars) regulars.push_back(t.column(i));
      copy.relayout(statics, regulars);
      REQUIRE(copy.columns.size() == t.columns.size());
      for (std::size_t i = 0; i < t.columns.size(); ++i) {
        CHECK(copy.columns[i].name == t.columns[i].name);
        CHECK(copy.columns[i].position == t.columns[i].position);
        CHECK(copy.columns[i].kind == t.columns[i].kind);
      }
      CHECK(copy.partition_key == t.partition_key);
      CHECK(copy.clustering == t.clustering);
    }
}

TEST_CASE("system keyspaces' tables are built only when the keyspace is reached") {
  exec::Database db;
  const schema::TableSchema* local = db.catalog.table("system", "local");
  REQUIRE(local != nullptr);
  CHECK(local->column(local->partition_key[0]).name == "key");
  const schema::TableSchema* settings = db.catalog.table("system_views", "settings");
  REQUIRE(settings != nullptr);
  CHECK(settings->is_virtual);
  CHECK(settings->options.at("comment") == "'current settings'");
  SUBCASE("the paxos table keeps its target-less custom index") {
    const schema::TableSchema* paxos = db.catalog.table("system", "paxos");
    REQUIRE(paxos != nullptr);
    REQUIRE(paxos->indexes.size() == 1);
    CHECK(paxos->indexes[0].column == -1);
    CHECK(db.catalog.table_with_index("system", "PaxosUncommittedIndex") == paxos);
  }
}
