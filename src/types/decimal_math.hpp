// Cassandra 5.0's math functions on decimal and varint (MathFcts over DecimalType and
// IntegerType, which compute exp and the logarithms with big-math's BigDecimalMath).
#pragma once

#include "types/bignum.hpp"

namespace cqlbox::types {

// exp, log and log10 round HALF_EVEN to max(32, the argument's precision) significant digits
// (at most 10,000) and keep trailing zeros, as BigDecimal.round leaves them. Exact cases stay
// short: exp(0) is 1, log(1) is 0, log10(100) is 2. An argument of more than 20,000 digits
// throws std::length_error (cqlbox's limit).
Decimal decimal_exp(const Decimal& x);    // ArithmeticError "Overflow" when |x| >= 2^31
Decimal decimal_log(const Decimal& x);    // ArithmeticError for x <= 0
Decimal decimal_log10(const Decimal& x);  // ArithmeticError for x <= 0
Decimal decimal_round(const Decimal& x);  // setScale(0, HALF_UP)
Decimal decimal_abs(const Decimal& x);

// varint: the decimal function of the integer, then toBigInteger (truncated toward zero).
BigInt varint_exp(const BigInt& x);
BigInt varint_log(const BigInt& x);
BigInt varint_log10(const BigInt& x);

// A decimal as an integer, truncated toward zero. A result of more than kMaxScaledDigits
// digits throws ArithmeticError (Java's own limit is 2^31 bits).
BigInt decimal_to_integer(const Decimal& x);

}  // namespace cqlbox::types
