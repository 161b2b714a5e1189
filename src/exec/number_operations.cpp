// Arithmetic on varint and decimal operands, and on mixed numbers that need them: BigInteger
// and BigDecimal as Cassandra's NumberType operations compute.
#include "exec/terms.hpp"

#include <algorithm>
#include <limits>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/bound_values.hpp"
#include "exec/json_input.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "types/codec.hpp"
#include "types/temporal.hpp"
#include "types/type_name.hpp"
#include "util/text.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

namespace {

std::int64_t integer_of(types::Kind k, std::string_view b) {
  switch (k) {
    case types::Kind::Tinyint: return types::read_be<std::int8_t>(b);
    case types::Kind::Smallint: return types::read_be<std::int16_t>(b);
    case types::Kind::Int: return types::read_be<std::int32_t>(b);
    default: return types::read_be<std::int64_t>(b);
  }
}

// NumberType.toBigDecimal / toBigInteger: a float or double through its shortest text, as
// BigDecimal.valueOf(double) reads Double.toString.
types::Decimal as_decimal(const types::CqlType& t, std::string_view b) {
  using types::Kind;
  switch (t.kind) {
    case Kind::Decimal: return types::Decimal::from_bytes(b);
    case Kind::Varint: return types::Decimal{types::BigInt::from_twos_complement(b), 0};
    case Kind::Float:
    case Kind::Double: {
      const double d = t.kind == Kind::Float
                           ? static_cast<double>(util::bit_cast<float>(types::read_be<std::uint32_t>(b)))
                           : util::bit_cast<double>(types::read_be<std::uint64_t>(b));
      if (std::isnan(d)) throw std::domain_error("A NaN cannot be converted into a decimal");
      if (std::isinf(d)) throw std::domain_error("An infinite number cannot be converted into a decimal");
      return *types::Decimal::from_text(fmt::format("{}", d));
    }
    default: return types::Decimal{types::BigInt::from_int64(integer_of(t.kind, b)), 0};
  }
}

}  // namespace

std::string big_number_operation(char op, const types::CqlType& result, const types::CqlType& left, std::string_view x,
                                 const types::CqlType& right, std::string_view y) {
  const auto name = [](const types::CqlType& t) {
    return t.kind == types::Kind::Counter ? std::string("bigint") : t.name;
  };
  types::Decimal a;
  try {
    a = as_decimal(left, x);
  } catch (const std::domain_error& e) {
    error::operation_failed(op == 'n' ? '-' : op, name(left), name(right), e.what());
  }
  if (result.kind == types::Kind::Varint) {
    types::BigInt out = a.unscaled;
    if (op == 'n') {
      out.negate();
      return out.to_twos_complement();
    }
    const types::BigInt b = as_decimal(right, y).unscaled;
    switch (op) {
      case '+': out = types::BigInt::add(a.unscaled, b); break;
      case '-': out = types::BigInt::subtract(a.unscaled, b); break;
      case '*': out = types::BigInt::multiply(a.unscaled, b); break;
      default: {
        if (b.is_zero()) error::operation_failed(op, name(left), name(right), "BigInteger divide by zero");
        types::BigInt q, r;
        types::BigInt::divide(a.unscaled, b, q, r);
        out = op == '/' ? q : r;
      }
    }
    return out.to_twos_complement();
  }
  try {
    if (op == 'n')
      return types::Decimal{[&] {
                              types::BigInt v = a.unscaled;
                              v.negate();
                              return v;
                            }(),
                            a.scale}
          .to_bytes();
    const types::Decimal b = as_decimal(right, y);
    switch (op) {
      case '+': return types::decimal_add(a, b).to_bytes();
      case '-': return types::decimal_subtract(a, b).to_bytes();
      case '*': return types::decimal_multiply(a, b).to_bytes();
      case '/': return types::decimal_divide(a, b).to_bytes();
      default: return types::decimal_remainder(a, b).to_bytes();
    }
  } catch (const std::domain_error& e) {
    error::operation_failed(op, name(left), name(right), e.what());
  }
}

}  // namespace cqlbox::exec
