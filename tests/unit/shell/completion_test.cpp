// Tab completion candidates: statement starters, keyspaces after USE, tables after FROM/INTO,
// then the named table's columns and keywords, in the case the word is typed in.
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
  catalog.add_table(std::move(t));
  return catalog;
}

}  // namespace

TEST_CASE("an empty line completes statements and shell commands") {
  const auto catalog = sample();
  CHECK(completions(catalog, "", "", "SEL") == Strings{"SELECT"});
  CHECK(completions(catalog, "", "", "des") == Strings{"desc", "describe"});
}

TEST_CASE("USE completes keyspaces, FROM and INTO complete tables") {
  const auto catalog = sample();
  CHECK(completions(catalog, "", "USE ", "sh") == Strings{"shop"});
  CHECK(completions(catalog, "shop", "SELECT * FROM ", "or") == Strings{"orders"});
  CHECK(completions(catalog, "", "INSERT INTO ", "shop.") == Strings{"shop.orders"});
  CHECK(completions(catalog, "", "SELECT * FROM ", "sh") == Strings{"shop."});
}

TEST_CASE("later words complete the named table's columns and keywords") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "SELECT * FROM orders WHERE ", "ow") == Strings{"owner"});
  CHECK(completions(catalog, "", "SELECT * FROM shop.orders WHERE order_id = 1 ", "AL") == Strings{"ALLOW"});
  CHECK(completions(catalog, "shop", "SELECT * FROM orders ", "o") == Strings{"on", "order", "order_id", "owner"});
}

TEST_CASE("CREATE and ALTER also complete type names") {
  const auto catalog = sample();
  CHECK(completions(catalog, "shop", "CREATE TABLE t (k ", "time") == Strings{"time", "timestamp", "timeuuid"});
}
