#include "exec/literal_types.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "types/bignum.hpp"
#include "types/collection.hpp"

namespace cqlbox::exec {

using types::Kind;

bool float_literal_is_double(std::string_view text) {
  if (text == "NaN" || text == "-NaN" || text == "Infinity" || text == "-Infinity") return true;
  const auto exact = types::Decimal::from_text(text);
  if (!exact) return true;
  const double d = std::strtod(std::string(text).c_str(), nullptr);
  if (!std::isfinite(d)) return false;
  const auto near = types::Decimal::from_text(fmt::format("{}", d));  // shortest round-trip text
  return near && types::decimal_subtract(*exact, *near).unscaled.is_zero();
}

const types::CqlType* literal_type(const ast::Term& term) {
  using ast::TermKind;
  switch (term.kind) {
    case TermKind::List:
      return types::vector_type(types::native_type(Kind::Float), static_cast<int>(term.items.size()));
    case TermKind::String: {
      for (char c : term.text)
        if (static_cast<unsigned char>(c) >= 0x80) return types::native_type(Kind::Text);
      return types::native_type(Kind::Ascii);
    }
    case TermKind::Integer: {
      errno = 0;
      const long long v = std::strtoll(std::string(term.text).c_str(), nullptr, 10);
      if (errno == ERANGE) return types::native_type(Kind::Varint);
      return v >= INT32_MIN && v <= INT32_MAX ? types::native_type(Kind::Int) : types::native_type(Kind::Bigint);
    }
    case TermKind::Float: return types::native_type(Kind::Double);
    case TermKind::Uuid:
      return types::native_type(term.text.size() > 14 && term.text[14] == '1' ? Kind::Timeuuid : Kind::Uuid);
    case TermKind::Boolean: return types::native_type(Kind::Boolean);
    case TermKind::Hex: return types::native_type(Kind::Blob);
    case TermKind::Duration: return types::native_type(Kind::Duration);
    case TermKind::Set:
    case TermKind::Map: {
      const types::CqlType* element = term.items.empty() ? types::native_type(Kind::Blob) : literal_type(term.items[0]);
      if (!element) return nullptr;
      if (term.kind == TermKind::Set) return types::collection_type(Kind::Set, {element}, false);
      const types::CqlType* value = term.items.size() > 1 ? literal_type(term.items[1]) : nullptr;
      return value ? types::collection_type(Kind::Map, {element, value}, false) : nullptr;
    }
    default: return nullptr;
  }
}

const types::CqlType* operation_result(const types::CqlType* a, const types::CqlType* b) {
  auto size = [](Kind k) {
    switch (k) {
      case Kind::Tinyint: return 1;
      case Kind::Smallint: return 2;
      case Kind::Int:
      case Kind::Float: return 4;
      case Kind::Bigint:
      case Kind::Counter:
      case Kind::Double: return 8;
      default: return 16;  // varint, decimal
    }
  };
  auto floating = [](Kind k) { return k == Kind::Float || k == Kind::Double || k == Kind::Decimal; };
  const int n = std::max(size(a->kind), size(b->kind));
  if (floating(a->kind) || floating(b->kind))
    return types::native_type(n == 4 ? Kind::Float : n == 8 ? Kind::Double : Kind::Decimal);
  return types::native_type(n == 1   ? Kind::Tinyint
                            : n == 2 ? Kind::Smallint
                            : n == 4 ? Kind::Int
                            : n == 8 ? Kind::Bigint
                                     : Kind::Varint);
}

bool is_text_kind(types::Kind k) { return k == Kind::Text || k == Kind::Ascii; }
bool is_temporal_kind(types::Kind k) { return k == Kind::Timestamp || k == Kind::Date; }

bool is_numeric_kind(types::Kind k) {
  return k == Kind::Int || k == Kind::Bigint || k == Kind::Smallint || k == Kind::Tinyint || k == Kind::Float ||
         k == Kind::Double || k == Kind::Counter || k == Kind::Varint || k == Kind::Decimal;
}

}  // namespace cqlbox::exec
