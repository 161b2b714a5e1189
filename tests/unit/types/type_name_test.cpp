// parse_type_name: the CQL type spellings cqlbox writes down for the system tables read back
// into the same interned descriptors, and what it refuses.
#include "types/type_name.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace cqlbox::types;

TEST_CASE("native type names read as the interned natives") {
  CHECK(parse_type_name("int") == native_type(Kind::Int));
  CHECK(parse_type_name("timeuuid") == native_type(Kind::Timeuuid));
  SUBCASE("varchar is text") { CHECK(parse_type_name("varchar") == native_type(Kind::Text)); }
  SUBCASE("case and surrounding spaces do not matter") {
    CHECK(parse_type_name(" BigInt ") == native_type(Kind::Bigint));
  }
}

TEST_CASE("parameterised types round-trip through their printed name") {
  for (const char* text :
       {"set<text>", "list<blob>", "map<uuid, blob>", "map<timeuuid, int>", "frozen<map<text, text>>",
        "frozen<list<frozen<tuple<blob, timeuuid>>>>", "frozen<set<frozen<tuple<inet, smallint>>>>",
        "frozen<list<frozen<list<text>>>>", "map<text, frozen<list<text>>>",
        "frozen<map<text, frozen<map<text, text>>>>", "frozen<tuple<int, text>>", "vector<float, 3>"}) {
    CAPTURE(text);
    const CqlType* t = parse_type_name(text);
    REQUIRE(t != nullptr);
    CHECK(t->name == text);
    CHECK(parse_type_name(t->name) == t);
  }
}

TEST_CASE("inside frozen<> and tuple<> collections are frozen, as Cassandra freezes them") {
  const CqlType* t = parse_type_name("frozen<list<list<text>>>");
  REQUIRE(t != nullptr);
  CHECK(t->name == "frozen<list<frozen<list<text>>>>");
  const CqlType* tuple = parse_type_name("tuple<int,list<int>>");
  REQUIRE(tuple != nullptr);
  CHECK(tuple->name == "frozen<tuple<int, frozen<list<int>>>>");
  CHECK(parse_type_name("set<text>")->multi_cell());
  CHECK_FALSE(parse_type_name("frozen<set<text>>")->multi_cell());
}

TEST_CASE("text that is not such a type reads as nullptr") {
  for (const char* text : {"", "nosuch", "list<int", "list<int>>", "map<int>", "set<int, int>", "list<list<int>>",
                           "tuple", "frozen", "tuple<>", "vector<float>", "vector<float, 0>", "int int", "my_udt"}) {
    CAPTURE(text);
    CHECK(parse_type_name(text) == nullptr);
  }
}
