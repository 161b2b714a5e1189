// Bound values and the sample values PREPARE checks a statement with (exec/terms.cpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/terms.hpp"
#include "parse/parser.hpp"
#include "types/collection.hpp"
#include "types/cql_type.hpp"

namespace exec = cqlbox::exec;
namespace types = cqlbox::types;

TEST_CASE("a bound inet of the wrong length is refused with its bytes in hex (InetAddressSerializer)") {
  exec::Database db;
  exec::Session session;
  cqlbox::parse::Parser parser;
  (void)exec::execute(
      db, session,
      parser.parse("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
  (void)exec::execute(db, session, parser.parse("CREATE TABLE ks.t (k int PRIMARY KEY, a inet)"));
  const auto& insert = parser.parse("INSERT INTO ks.t (k, a) VALUES (1, ?)");
  const std::string bad("\x0a\x00\xff", 3);
  std::vector<exec::BoundValue> values{{exec::BoundValue::State::Set, bad}};
  session.bound = &values;
  session.markers = 1;
  session.prepared = true;
  std::string message;
  try {
    (void)exec::execute(db, session, insert);
  } catch (const cqlbox::error::CqlError& e) {
    message = e.message;
  }
  CHECK(message == "Expected 4 or 16 byte inetaddress; got 0a00ff");
}

TEST_CASE("a sample vector of variable-size elements of 128 bytes or more decodes") {
  // A tuple of 40 ints: each sample element is 40 * (4 + 4) = 320 bytes, a two-byte vint length.
  const std::vector<const types::CqlType*> ints(40, types::native_type(types::Kind::Int));
  const types::CqlType* element = types::tuple_type(ints);
  const types::CqlType* vector = types::vector_type(element, 3);
  const std::string v = exec::sample_value(*vector);
  std::vector<std::string_view> parts;
  REQUIRE(types::decode_vector(v, element->fixed_size, parts));
  CHECK(parts.size() == 3);
  CHECK(parts[0].size() == 320);
}
