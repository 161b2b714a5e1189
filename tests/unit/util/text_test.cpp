#include <doctest/doctest.h>

TEST_CASE("placeholder util/text_test") { CHECK(true); }
