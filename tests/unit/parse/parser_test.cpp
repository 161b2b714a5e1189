#include <doctest/doctest.h>

TEST_CASE("placeholder parse/parser_test") { CHECK(true); }
