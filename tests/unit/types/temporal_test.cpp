#include <doctest/doctest.h>

TEST_CASE("placeholder types/temporal_test") { CHECK(true); }
