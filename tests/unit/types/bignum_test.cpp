#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "types/bignum.hpp"

using cqlbox::types::BigInt;
using cqlbox::types::Decimal;

namespace {
std::string text(const Decimal& d) { return cqlbox::types::decimal_to_string(d.to_bytes()); }
Decimal dec(const char* s) { return *Decimal::from_text(s); }
BigInt big(const char* s) { return *BigInt::from_decimal(s); }
std::string quotient(const char* a, const char* b) {
  BigInt q, r;
  BigInt::divide(big(a), big(b), q, r);
  return q.to_decimal() + " r " + r.to_decimal();
}
}  // namespace

TEST_CASE("BigInt arithmetic as Java's BigInteger") {
  CHECK(BigInt::add(big("18446744073709551615"), big("1")).to_decimal() == "18446744073709551616");
  CHECK(BigInt::subtract(big("5"), big("12")).to_decimal() == "-7");
  CHECK(BigInt::multiply(big("-123456789012345678901234567890"), big("987654321")).to_decimal() ==
        "-121932631124828532112482853211126352690");
  CHECK(quotient("100000000000000000000000000001", "12345678901234567890") == "8100000072 r 11111119202111111921");
  CHECK(quotient("-7", "2") == "-3 r -1");  // truncated, remainder takes the dividend's sign
  CHECK(quotient("7", "-2") == "-3 r 1");
  CHECK(BigInt::pow10(20).to_decimal() == "100000000000000000000");
}

TEST_CASE("Decimal arithmetic as Cassandra's DecimalType") {
  CHECK(text(cqlbox::types::decimal_add(dec("1.5"), dec("1"))) == "2.5");
  CHECK(text(cqlbox::types::decimal_subtract(dec("1.25"), dec("3.5"))) == "-2.25");
  CHECK(text(cqlbox::types::decimal_multiply(dec("1.5"), dec("1.5"))) == "2.25");
  CHECK(text(cqlbox::types::decimal_divide(dec("1"), dec("4"))) == "0.25");
  CHECK(text(cqlbox::types::decimal_divide(dec("6"), dec("2"))) == "3");
  CHECK(text(cqlbox::types::decimal_divide(dec("1.50"), dec("3"))) == "0.5");
  CHECK(text(cqlbox::types::decimal_divide(dec("600"), dec("2"))) == "3E+2");  // stripTrailingZeros
  CHECK(text(cqlbox::types::decimal_divide(dec("1"), dec("3"))) == "0.33333333333333333333333333333333");
  CHECK(text(cqlbox::types::decimal_divide(dec("2"), dec("3"))) == "0.66666666666666666666666666666667");
  CHECK(text(cqlbox::types::decimal_divide(dec("-1"), dec("7"))) == "-0.14285714285714285714285714285714");
  CHECK(text(cqlbox::types::decimal_divide(dec("10000"), dec("3"))) == "3333.33333333333333333333333333333333");
  CHECK(text(cqlbox::types::decimal_divide(dec("0.5"), dec("-2"))) == "-0.25");
  CHECK(text(cqlbox::types::decimal_remainder(dec("7.5"), dec("2"))) == "1.5");
  CHECK(text(cqlbox::types::decimal_remainder(dec("7"), dec("0.25"))) == "0.00");
  CHECK(text(cqlbox::types::decimal_remainder(dec("-7"), dec("2"))) == "-1");
  CHECK_THROWS_AS(cqlbox::types::decimal_divide(dec("1"), dec("0")), std::domain_error);
  CHECK(text(dec("1e-7")) == "1E-7");
}
