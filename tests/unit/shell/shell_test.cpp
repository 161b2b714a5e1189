#include <doctest/doctest.h>

TEST_CASE("placeholder shell/shell_test") { CHECK(true); }
