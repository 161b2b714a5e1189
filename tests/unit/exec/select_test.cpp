#include <doctest/doctest.h>

TEST_CASE("placeholder exec/select_test") { CHECK(true); }
