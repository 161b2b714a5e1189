// Tab completion candidates: what the statement grammar accepts next (keywords, and names from
// the live schema), and the shell commands' own syntax; keywords in the case the word is typed in.
#include "shell/completion.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "types/cql_type.hpp"

using cqlbox::shell::completions;
using Strings = std::vector<std::string>;

namespace {

cqlbox::schema::Catalog sample() {
  cqlbox::schema::Catalog catalog;
  cqlbox::schema::KeyspaceSchema ks;
  ks.name = "shop";
  catalog.add_keyspace(std::move(ks));
  cqlbox::schema::TableSchema t;
  t.keyspace = "shop";
  t.name = "orders";
  const auto* int_type = cqlbox::types::native_type(cqlbox::types::Kind::Int);
  t.columns.push_back({"order_id", int_type, cqlbox::schema::ColumnKind::PartitionKey, 0});
  t.columns.push_back({"owner", int_type, cqlbox::schema::ColumnKind::Regular, 0});
  cqlbox::schema::IndexDef idx;
  idx.name = "orders_owner_idx";
  idx.target = "owner";
  t.indexes.push_back(idx);
  catalog.add_table(std::move(t));
  // readings: PRIMARY KEY ((sensor, day), at, seq), with an unindexed value.
  cqlbox::schema::TableSchema r;
  r.keyspace = "shop";
  r.name = "readings";
  r.columns.push_back({"sensor", int_type, cqlbox::schema::ColumnKind::PartitionKey, 0});
  r.columns.push_back({"day", int_type, cqlbox::schema::ColumnKind::PartitionKey, 1});
  r.columns.push_back({"at", int_type, cqlbox::schema::ColumnKind::Clustering, 0});
  r.columns.push_back({"seq", int_type, cqlbox::schema::ColumnKind::Clustering, 1});
  r.columns.push_back({"value", int_type, cqlbox::schema::ColumnKind::Regular, 0});
  catalog.add_table(std::move(r));
  return catalog;
}

}  // namespace

TEST_CASE("an empty line completes statements and shell commands") {
  const auto catalog = sample();
  CHECK(completions(catalog, "", "", "SEL") == Strings{"SELECT"});
  CHECK(completions(catalog, "", "", "des") == Strings{"desc", "describe"});
  CHECK(completions(catalog, "", "", "TR") == Strings{"TRACING", "TRUNCATE"});
  CHECK(completions(catalog, "", "SELECT * FROM shop.orders; ", "INS") == Strings{"INSERT"});
}

TEST_CASE("names come from the grammar's name rules and the live schema") {
  const auto catalog = sample();
  CHECK(completions(catalog, "", "USE ", "sh") == Strings{"shop"});
  CHECK(completions(catalog, "", "DROP KEYSPACE IF EXISTS ", "s") == Strings{"shop"});
  CHECK(completions(catalog, "shop", "SELECT * FROM ", "or") == Strings{"orders"});
  CHECK(completions(catalog, "", "INSERT INTO ", "shop.") == Strings{"shop.orders", "shop.readings"});
  CHECK(completions(catalog, "", "SELECT * FROM ", "sh") == Strings{"shop."});
  CHECK(completions(catalog, "shop", "TRUNCATE TABLE ", "o") == Strings{"orders"});
}

TEST_CASE("columns of the table the statement names, where the grammar reads a column") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "SELECT * FROM orders WHERE ", "ow") == Strings{"owner"});
  CHECK(completions(catalog, "", "SELECT * FROM shop.orders WHERE order_id = 1 ", "AL") == Strings{"ALLOW"});
  CHECK(completions(catalog, "shop", "INSERT INTO orders (", "") == Strings{"order_id", "owner"});
  CHECK(completions(catalog, "shop", "INSERT INTO orders (order_id, ", "o") == Strings{"order_id", "owner"});
  CHECK(completions(catalog, "shop", "UPDATE orders SET ", "") == Strings{"order_id", "owner"});
  CHECK(completions(catalog, "shop", "UPDATE orders USING TTL 5 ", "") == Strings{"AND", "SET"});
  CHECK(completions(catalog, "shop", "CREATE INDEX ON orders (", "ow") == Strings{"owner"});
  CHECK(completions(catalog, "shop", "ALTER TABLE orders DROP ", "o") == Strings{"order_id", "owner"});
  // Multi-line statements: the earlier lines name the table.
  CHECK(completions(catalog, "shop", "SELECT owner\nFROM orders\nWHERE ", "ord") == Strings{"order_id"});
}

TEST_CASE("after WHERE and AND, the columns a relation may restrict, as cqlsh offers them") {
  const auto catalog = sample();
  // The names only (the grammar's keywords, TOKEN here, are offered too).
  auto completions = [](const auto& cat, const char* ks, const char* before, const char* word) {
    Strings names;
    for (auto& n : ::completions(cat, ks, before, word))
      if (n != "TOKEN") names.push_back(n);
    return names;
  };  // The first column of each key part, and each next one once the one before is restricted.
  CHECK(completions(catalog, "shop", "SELECT * FROM readings WHERE ", "") == Strings{"at", "sensor"});
  CHECK(completions(catalog, "shop", "SELECT * FROM readings WHERE sensor = 1 AND ", "") ==
        Strings{"at", "day", "sensor"});
  CHECK(completions(catalog, "shop", "SELECT * FROM readings WHERE sensor = 1 AND at > 3 AND ", "") ==
        Strings{"at", "day", "sensor", "seq"});
  CHECK(completions(catalog, "shop", "DELETE FROM readings WHERE ", "") == Strings{"at", "sensor"});
  // Index targets too; the SELECT list of a table still offers every column.
  CHECK(completions(catalog, "shop", "SELECT * FROM orders WHERE ", "") == Strings{"order_id", "owner"});
  CHECK(completions(catalog, "shop", "UPDATE readings SET ", "") == Strings{"at", "day", "sensor", "seq", "value"});
}

TEST_CASE("NODETOOL completes every subcommand") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "NODETOOL ", "") ==
        Strings{"CLEARSNAPSHOT", "COMPACT", "DESCRIBERING", "DISABLEHANDOFF", "ENABLEHANDOFF", "FLUSH", "GETENDPOINTS",
                "LISTPENDINGHINTS", "REPAIR", "RING", "SNAPSHOT", "START", "STATUS", "STATUSHANDOFF", "STOP",
                "TABLEHISTOGRAMS", "TABLESTATS"});
}

TEST_CASE("keywords are exactly what the grammar accepts next") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "SELECT * FROM orders ", "") ==
        Strings{"ALLOW", "GROUP", "LIMIT", "ORDER", "PER", "WHERE"});
  CHECK(completions(catalog, "shop", "CREATE ", "") == Strings{"AGGREGATE", "COLUMNFAMILY", "CUSTOM", "FUNCTION",
                                                               "INDEX", "KEYSPACE", "MATERIALIZED", "OR", "ROLE",
                                                               "SCHEMA", "TABLE", "TYPE", "USER"});
  CHECK(completions(catalog, "shop", "select * from orders where order_id = 1 ", "a") == Strings{"allow", "and"});
  CHECK(completions(catalog, "shop", "BEGIN ", "") == Strings{"BATCH", "COUNTER", "UNLOGGED"});
  CHECK(completions(catalog, "shop", "DELETE FROM orders ", "") == Strings{"USING", "WHERE"});
  CHECK(completions(catalog, "shop", "INSERT INTO orders (order_id) VALUES (1) ", "") == Strings{"IF", "USING"});
}

TEST_CASE("types, options, views, types and indexes") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "CREATE TABLE t (k ", "time") == Strings{"time", "timestamp", "timeuuid"});
  CHECK(completions(catalog, "shop", "CREATE TABLE t (k int PRIMARY KEY, v list<", "fr") == Strings{"frozen"});
  CHECK(completions(catalog, "shop", "CREATE TABLE t (k int PRIMARY KEY) WITH ", "gc") == Strings{"gc_grace_seconds"});
  CHECK(completions(catalog, "shop", "ALTER TABLE orders WITH comment = 'x' AND ", "default") ==
        Strings{"default_time_to_live"});
  CHECK(completions(catalog, "", "CREATE KEYSPACE k WITH ", "") == Strings{"durable_writes", "replication"});
  CHECK(completions(catalog, "shop", "DROP INDEX ", "") == Strings{"IF", "orders_owner_idx"});
}

TEST_CASE("shell commands complete from their own syntax") {
  const auto catalog = sample();
  CHECK(completions(catalog, "", "DESCRIBE ", "KEY") == Strings{"KEYSPACE", "KEYSPACES"});
  CHECK(completions(catalog, "", "desc keyspace ", "") == Strings{"shop"});
  CHECK(completions(catalog, "shop", "DESCRIBE TABLE ", "o") == Strings{"orders"});
  CHECK(completions(catalog, "", "CONSISTENCY ", "LOCAL") == Strings{"LOCAL_ONE", "LOCAL_QUORUM", "LOCAL_SERIAL"});
  CHECK(completions(catalog, "", "SERIAL CONSISTENCY ", "") == Strings{"LOCAL_SERIAL", "SERIAL"});
  CHECK(completions(catalog, "", "TRACING ", "o") == Strings{"off", "on"});
  CHECK(completions(catalog, "", "HELP ", "CREATE_T") == Strings{"CREATE_TABLE", "CREATE_TRIGGER", "CREATE_TYPE"});
  CHECK(completions(catalog, "shop", "COPY ", "") == Strings{"orders", "readings", "shop."});
  CHECK(completions(catalog, "shop", "COPY orders ", "") == Strings{"FROM", "TO"});
  CHECK(completions(catalog, "shop", "COPY orders (", "ow") == Strings{"owner"});
  CHECK(completions(catalog, "shop", "COPY orders (owner) ", "") == Strings{"FROM", "TO"});
  CHECK(completions(catalog, "shop", "COPY orders TO 'x.csv' ", "") == Strings{"WITH"});
  CHECK(completions(catalog, "shop", "COPY orders TO 'x.csv' WITH ", "HEA") == Strings{"HEADER"});
  CHECK(completions(catalog, "shop", "COPY orders TO 'x.csv' WITH HEADER = true ", "") == Strings{"AND"});
  CHECK(completions(catalog, "shop", "NODETOOL ", "TABLE") == Strings{"TABLEHISTOGRAMS", "TABLESTATS"});
}

TEST_CASE("absurd nesting gives no candidates instead of exhausting the stack") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "SELECT * FROM orders WHERE owner = " + std::string(100000, '['), "").empty());
}
