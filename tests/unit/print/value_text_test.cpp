#include <doctest/doctest.h>

TEST_CASE("placeholder print/value_text_test") { CHECK(true); }
