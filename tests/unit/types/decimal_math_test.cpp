#include <doctest/doctest.h>

#include <string>

#include "types/decimal_math.hpp"

using namespace cqlbox::types;

namespace {
std::string text(const Decimal& d) { return decimal_to_string(d.to_bytes()); }
Decimal dec(const char* s) { return *Decimal::from_text(s); }
BigInt big(const char* s) { return *BigInt::from_decimal(s); }
std::string failure(Decimal (*f)(const Decimal&), const char* x) {
  try {
    f(dec(x));
  } catch (const ArithmeticError& e) {
    return e.what();
  }
  return "no error";
}
}  // namespace

// The values MathFctsTest asserts for 5.0, and what the same arithmetic gives elsewhere
// (correctly rounded, HALF_EVEN, to max(32, the argument's digits)).
TEST_CASE("decimal exp, log and log10 to 32 significant digits") {
  CHECK(text(decimal_exp(dec("5"))) == "148.41315910257660342111558004055");
  CHECK(text(decimal_exp(dec("1"))) == "2.7182818284590452353602874713527");
  CHECK(text(decimal_exp(dec("0"))) == "1");
  CHECK(text(decimal_exp(dec("-1"))) == "0.36787944117144232159552377016146");
  CHECK(text(decimal_exp(dec("100"))) == "2.6881171418161354484126255515800E+43");  // trailing zeros kept
  CHECK(text(decimal_log(dec("5"))) == "1.6094379124341003746007593332262");
  CHECK(text(decimal_log(dec("1.0"))) == "0");
  CHECK(text(decimal_log(dec("0.5"))) == "-0.69314718055994530941723212145818");
  CHECK(text(decimal_log10(dec("5"))) == "0.69897000433601880478626110527551");
  CHECK(text(decimal_log10(dec("10"))) == "1");
}

// big-math's log10 divides ln x by ln 10, both to 34 digits, in 34 digits, then rounds to 32.
TEST_CASE("decimal log10 as big-math's division leaves it") {
  CHECK(text(decimal_log10(dec("1"))) == "0E+33");  // zero at ln 10's scale
  CHECK(text(decimal_log10(dec("100"))) == "2");    // exact quotients keep few digits
  CHECK(text(decimal_log10(dec("1E+10"))) == "1E+1");
  CHECK(text(decimal_log10(dec("1000"))) == "3.0000000000000000000000000000000");  // inexact
  // Rounded twice: …86351750 at 34 digits, then to even.
  CHECK(text(decimal_log10(dec("106"))) == "2.0253058652647702408467311863518");
}

TEST_CASE("a longer argument gets as many digits, and a value near 1 keeps them") {
  CHECK(text(decimal_log(dec("1.0000000000000000000000000000000000000001"))) ==
        "9.9999999999999999999999999999999999999995E-41");
  CHECK(text(decimal_exp(dec("2.00000000000000000000000000000000000000"))) ==
        "7.38905609893065022723042746057500781318");
}

TEST_CASE("exp past an int and logarithms of zero or less fail as Java does") {
  CHECK(failure(decimal_exp, "2147483648") == std::string("Overflow"));
  CHECK(failure(decimal_exp, "1E+999999") == std::string("Overflow"));  // at once
  CHECK(text(decimal_exp(dec("-2147483648"))) == "4.9674646142310093017872205375035E-932640299");
  CHECK(text(decimal_exp(dec("-1000"))) == "5.0759588975494567652918094795743E-435");
  CHECK(failure(decimal_log, "0") == std::string("Natural log of number zero or less"));
  CHECK(failure(decimal_log10, "-2.5") == std::string("Log10 of number zero or less"));
}

TEST_CASE("round is setScale(0, HALF_UP); abs keeps the scale") {
  CHECK(text(decimal_round(dec("5.5"))) == "6");
  CHECK(text(decimal_round(dec("-1.5"))) == "-2");
  CHECK(text(decimal_round(dec("-1.49"))) == "-1");
  CHECK(text(decimal_round(dec("1E+3"))) == "1000");
  CHECK(text(decimal_round(dec("1E-100000"))) == "0");
  CHECK(text(decimal_round(dec("0E+999999999"))) == "0");  // no 10^999999999 is built
  CHECK(text(decimal_abs(dec("-3.70"))) == "3.70");
}

TEST_CASE("varint: the decimal result truncated") {
  CHECK(varint_exp(big("5")).to_decimal() == "148");
  CHECK(varint_exp(big("-1")).to_decimal() == "0");
  CHECK(varint_exp(big("100")).to_decimal() == "26881171418161354484126255515800000000000000");
  CHECK(varint_log(big("5")).to_decimal() == "1");
  CHECK(varint_log10(big("999")).to_decimal() == "2");
  CHECK(varint_log10(big("1000")).to_decimal() == "3");
  CHECK_THROWS_AS(varint_log(big("0")), ArithmeticError);
  CHECK_THROWS_AS(varint_exp(big("3000000000")), ArithmeticError);
  CHECK_THROWS_AS(decimal_to_integer(dec("1E+2000000")), ArithmeticError);
}

TEST_CASE("work stays bounded: long arguments and far-apart scales") {
  const std::string long_number = "1." + std::string(30000, '1');
  CHECK_THROWS_AS(decimal_log(dec(long_number.c_str())), std::length_error);
  CHECK_THROWS_AS(decimal_round(dec(long_number.c_str())), std::length_error);
  // Adding to zero keeps the other scale at once; aligning two far-apart scales is refused.
  CHECK(text(decimal_add(Decimal{}, dec("1E-999999999"))) == "1E-999999999");
  CHECK_THROWS_AS(decimal_add(dec("1"), dec("1E-999999999")), ArithmeticError);
  CHECK(text(decimal_running_average(Decimal{}, dec("1E-999999999"), 1)) == "1E-999999999");
}
