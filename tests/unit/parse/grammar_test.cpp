#include <doctest/doctest.h>

#include <tao/pegtl/contrib/analyze.hpp>

#include "cql/statement.hpp"

TEST_CASE("the grammar has no rule that can loop without consuming input") {
  CHECK(tao::pegtl::analyze<cqlbox::grammar::statement>(0) == 0);
}
