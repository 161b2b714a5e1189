#include <doctest/doctest.h>

TEST_CASE("placeholder parse/splitter_test") { CHECK(true); }
