#include "exec/selection.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <algorithm>
#include <cstring>

#include "error/cql_error.hpp"
#include "exec/literal_types.hpp"
#include "exec/terms.hpp"
#include "store/clustering.hpp"
#include "types/bignum.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "types/compare.hpp"
#include "util/murmur3.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::invalid;
using types::Kind;

namespace {

Value column_value(const schema::TableSchema& t, const RowSource& row, int column) {
  const schema::Column& c = t.column(column);
  auto pos = static_cast<std::size_t>(c.position);
  if (c.kind == schema::ColumnKind::PartitionKey) return std::string((*row.partition_key)[pos]);
  if (c.kind == schema::ColumnKind::Clustering) {
    if (pos >= row.clustering->size() || store::is_null_component((*row.clustering)[pos])) return std::nullopt;
    return std::string((*row.clustering)[pos]);
  }
  const auto& cell = row.cell(column);
  if (!cell.present) return std::nullopt;
  return std::string(cell.value);
}

}  // namespace

Value evaluate(const ResolvedSelector& r, const schema::TableSchema& t, const RowSource& row,
               const FunctionContext& ctx);

namespace {
long double to_number(Kind k, std::string_view b);
std::int64_t to_integer(Kind k, std::string_view b);
std::string integer_bytes(Kind k, std::int64_t v);
std::string float_bytes(Kind k, long double v);
}  // namespace

// Numeric operations in the result type: integers wrap like Java's, division by zero fails as
// Cassandra's does, floating point follows IEEE.
Value arithmetic(const ResolvedSelector& r, const schema::TableSchema& t, const RowSource& row,
                 const FunctionContext& ctx) {
  std::vector<Value> v;
  for (const auto& a : r.args) {
    v.push_back(evaluate(a, t, row, ctx));
    // An empty number is no value; an empty string is one.
    if (!v.back() || (v.back()->empty() && !is_text_kind(a.type->kind))) return std::nullopt;
  }
  const Kind k = r.type->kind;
  if (is_text_kind(k)) return *v[0] + *v[1];
  if (is_temporal_kind(k)) return temporal_arithmetic(r.arithmetic, *r.type, *v[0], *v[1]);
  if (k == Kind::Decimal || k == Kind::Varint) {
    const bool unary = r.arithmetic == 'n';
    return big_number_operation(r.arithmetic, *r.type, *r.args[0].type, *v[0],
                                unary ? *r.args[0].type : *r.args[1].type,
                                unary ? std::string_view() : std::string_view(*v[1]));
  }
  if (k == Kind::Float || k == Kind::Double) {
    // In the result type, as FloatType/DoubleType compute (operands via Number.floatValue /
    // doubleValue).
    auto compute = [&](auto x, auto y) -> long double {
      switch (r.arithmetic) {
        case 'n': return -x;
        case '+': return x + y;
        case '-': return x - y;
        case '*': return x * y;
        case '/': return x / y;
        default: return std::fmod(x, y);
      }
    };
    const long double x = to_number(r.args[0].type->kind, *v[0]);
    const long double y = r.arithmetic == 'n' ? 0 : to_number(r.args[1].type->kind, *v[1]);
    if (k == Kind::Float) return float_bytes(k, compute(static_cast<float>(x), static_cast<float>(y)));
    return float_bytes(k, compute(static_cast<double>(x), static_cast<double>(y)));
  }
  const auto x = static_cast<std::uint64_t>(to_integer(r.args[0].type->kind, *v[0]));
  if (r.arithmetic == 'n') return integer_bytes(k, static_cast<std::int64_t>(0 - x));
  const auto y = static_cast<std::uint64_t>(to_integer(r.args[1].type->kind, *v[1]));
  std::int64_t out = 0;
  switch (r.arithmetic) {
    case '+': out = static_cast<std::int64_t>(x + y); break;
    case '-': out = static_cast<std::int64_t>(x - y); break;
    case '*': out = static_cast<std::int64_t>(x * y); break;
    default: {
      if (y == 0) error::operation_failed(r.arithmetic, r.args[0].type->name, r.args[1].type->name, "/ by zero");
      const auto sx = static_cast<std::int64_t>(x), sy = static_cast<std::int64_t>(y);
      out = r.arithmetic == '/' ? sx / sy : sx % sy;
    }
  }
  return integer_bytes(k, out);
}

// An element of a set or map value, or its slice: keys are compared in the key type's order and
// both bounds are inclusive. An empty slice is null for a non-frozen collection (it has no empty
// value) and {} for a frozen one, as Cassandra's getSliceFromSerialized gives.
Value subscript_value(const ResolvedSelector& r, const Value& whole) {
  if (!whole) return std::nullopt;
  const types::CqlType& type = *r.args[0].type;
  const types::CqlType& key_type = *type.params[0];
  const bool map = type.kind == Kind::Map;
  std::vector<std::string_view> items;
  if (!types::decode_elements(*whole, items, map)) return std::nullopt;
  const std::size_t step = map ? 2 : 1;
  if (r.op == SelectorOp::Element) {
    for (std::size_t i = 0; i + step <= items.size(); i += step)
      if (types::compare_values(key_type, items[i], *r.key) == 0) return std::string(items[i + step - 1]);
    return std::nullopt;
  }
  std::vector<std::string> kept;
  for (std::size_t i = 0; i + step <= items.size(); i += step) {
    if (r.key && types::compare_values(key_type, items[i], *r.key) < 0) continue;
    if (r.upper && types::compare_values(key_type, items[i], *r.upper) > 0) continue;
    for (std::size_t j = i; j < i + step; ++j) kept.emplace_back(items[j]);
  }
  if (kept.empty() && !type.frozen) return std::nullopt;
  if (!map) return types::encode_elements(kept);
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t i = 0; i + 1 < kept.size(); i += 2) pairs.emplace_back(std::move(kept[i]), std::move(kept[i + 1]));
  return types::encode_pairs(pairs);
}

// WRITETIME / TTL of one element of a non-frozen set or map (r.key): the element's position in
// the live value gives its timestamp and remaining TTL; absent, null.
// The write times and TTLs of a part of a column (5.0's ColumnTimestamps): none, one for a
// whole cell, or one per cell of a non-frozen collection, in the collection's order.
struct PartStamps {
  bool none = true, multiple = false;
  std::vector<std::pair<std::int64_t, std::int32_t>> items;  // (write time, TTL left or 0)
};

PartStamps part_stamps(const ResolvedSelector& part, const schema::TableSchema& t, const RowSource& row,
                       const FunctionContext& ctx) {
  PartStamps out;
  if (part.op == SelectorOp::Column) {
    const auto& cell = row.cell(part.column);
    if (!cell.present) return out;
    out.none = false;
    out.multiple = t.column(part.column).type->multi_cell();
    if (!out.multiple) {
      out.items.emplace_back(cell.timestamp, cell.ttl_left);
      return out;
    }
    for (std::size_t i = 0; i < cell.element_timestamps.size(); ++i)
      out.items.emplace_back(cell.element_timestamps[i], i < cell.element_ttls.size() ? cell.element_ttls[i] : 0);
    return out;
  }
  // A part of a part: what it selects, then the same cells (a whole cell) or the ones picked.
  const Value whole = evaluate(part.args[0], t, row, ctx);
  if (!whole) return out;
  const Value value = evaluate(part, t, row, ctx);
  if (!value) return out;
  PartStamps from = part_stamps(part.args[0], t, row, ctx);
  if (from.none) return out;
  if (part.op == SelectorOp::Field) return from.multiple ? PartStamps{} : from;
  const types::CqlType& type = *part.args[0].type;
  const bool map = type.kind == Kind::Map;
  std::vector<std::string_view> parts;
  if (!types::decode_elements(*whole, parts, map)) return out;
  const std::size_t step = map ? 2 : 1;
  const types::CqlType& key_type = *type.params[0];
  std::vector<std::size_t> picked;
  for (std::size_t i = 0, n = 0; i < parts.size(); i += step, ++n) {
    if (part.op == SelectorOp::Element
            ? types::compare_values(key_type, parts[i], *part.key) == 0
            : (!part.key || types::compare_values(key_type, parts[i], *part.key) >= 0) &&
                  (!part.upper || types::compare_values(key_type, parts[i], *part.upper) <= 0))
      picked.push_back(n);
  }
  if (picked.empty()) return out;
  if (!from.multiple) return from;
  out.none = false;
  out.multiple = part.op == SelectorOp::Slice;
  for (std::size_t n : picked)
    if (n < from.items.size()) out.items.push_back(from.items[n]);
  if (out.items.empty()) out.none = true;
  return out;
}

Value part_write_info(const ResolvedSelector& r, const schema::TableSchema& t, const RowSource& row,
                      const FunctionContext& ctx) {
  const PartStamps stamps = part_stamps(r.args[0], t, row, ctx);
  if (stamps.none) return std::nullopt;
  const auto one = [&](const std::pair<std::int64_t, std::int32_t>& s) -> std::optional<std::string> {
    if (r.op == SelectorOp::Ttl)
      return s.second > 0 ? std::optional<std::string>(types::be_bytes(s.second)) : std::nullopt;
    return types::be_bytes(s.first);
  };
  if (r.op == SelectorOp::MaxWriteTime) {
    std::int64_t newest = stamps.items.front().first;
    for (const auto& s : stamps.items) newest = std::max(newest, s.first);
    return types::be_bytes(newest);
  }
  if (r.type->kind != Kind::List) return one(stamps.items.front());
  std::vector<std::optional<std::string>> list;
  for (const auto& s : stamps.items) list.push_back(one(s));
  return types::encode_optional_elements(list);
}

Value evaluate(const ResolvedSelector& r, const schema::TableSchema& t, const RowSource& row,
               const FunctionContext& ctx) {
  switch (r.op) {
    case SelectorOp::Column: return column_value(t, row, r.column);
    case SelectorOp::WriteTime:
    case SelectorOp::Ttl:
    case SelectorOp::MaxWriteTime:
      if (r.of_part) return part_write_info(r, t, row, ctx);
      break;
    default: break;
  }
  switch (r.op) {
    case SelectorOp::WriteTime: {
      const auto& cell = row.cell(r.column);
      if (!cell.present) return std::nullopt;
      if (r.type->kind == types::Kind::List) {
        std::vector<std::string> stamps;
        for (std::int64_t ts : cell.element_timestamps) stamps.push_back(types::be_bytes(ts));
        return types::encode_elements(stamps);
      }
      return Value(types::be_bytes(cell.timestamp));
    }
    case SelectorOp::MaxWriteTime: {
      const auto& cell = row.cell(r.column);
      if (!cell.present) return std::nullopt;
      if (cell.element_timestamps.empty()) return Value(types::be_bytes(cell.timestamp));
      return Value(types::be_bytes(*std::max_element(cell.element_timestamps.begin(), cell.element_timestamps.end())));
    }
    case SelectorOp::Ttl: {
      const auto& cell = row.cell(r.column);
      if (!cell.present) return std::nullopt;
      if (r.type->kind == types::Kind::List) {  // elements without a TTL are null
        std::vector<std::optional<std::string>> ttls;
        for (std::int32_t left : cell.element_ttls)
          ttls.push_back(left > 0 ? std::optional<std::string>(types::be_bytes(left)) : std::nullopt);
        return types::encode_optional_elements(ttls);
      }
      return cell.ttl_left > 0 ? Value(types::be_bytes(cell.ttl_left)) : std::nullopt;
    }
    case SelectorOp::Token: {
      if (r.args.empty()) return types::be_bytes(util::murmur3_token(row.partition));
      std::vector<std::string> parts;
      for (const auto& a : r.args) {
        Value v = evaluate(a, t, row, ctx);
        if (!v) return std::nullopt;
        parts.push_back(std::move(*v));
      }
      std::vector<std::string_view> views(parts.begin(), parts.end());
      return types::be_bytes(util::murmur3_token(serialize_partition_key(views)));
    }
    case SelectorOp::Constant: return r.constant;
    case SelectorOp::Cast: return cast_value(*r.args[0].type, *r.type, evaluate(r.args[0], t, row, ctx));
    case SelectorOp::Arithmetic: return arithmetic(r, t, row, ctx);
    case SelectorOp::Field: {
      Value whole = evaluate(r.args[0], t, row, ctx);
      if (!whole) return std::nullopt;
      std::vector<std::optional<std::string_view>> parts;
      types::decode_tuple(*whole, parts);
      if (r.field >= parts.size() || !parts[r.field]) return std::nullopt;
      return std::string(*parts[r.field]);
    }
    case SelectorOp::Element:
    case SelectorOp::Slice: return subscript_value(r, evaluate(r.args[0], t, row, ctx));
    case SelectorOp::Scalar: {
      std::vector<Value> values;
      for (const auto& a : r.args) values.push_back(evaluate(a, t, row, ctx));
      return r.function.impl(values, r.function, ctx);
    }
    default: return std::nullopt;
  }
}

void evaluate_row(const Selection& s, const schema::TableSchema& t, const RowSource& row, const FunctionContext& ctx,
                  std::vector<Value>& out) {
  out.clear();
  for (const auto& r : s.selectors) out.push_back(evaluate(r, t, row, ctx));
}

Aggregator::Aggregator(const Selection& s, bool used) : s_(s), states_(used ? s.selectors.size() : 0) {}

namespace {

long double to_number(Kind k, std::string_view b) {
  switch (k) {
    case Kind::Int: return types::read_be<std::int32_t>(b);
    case Kind::Bigint:
    case Kind::Counter: return static_cast<long double>(types::read_be<std::int64_t>(b));
    case Kind::Smallint: return types::read_be<std::int16_t>(b);
    case Kind::Tinyint: return types::read_be<std::int8_t>(b);
    case Kind::Float: {
      auto bits = types::read_be<std::uint32_t>(b);
      float f = 0;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    case Kind::Double: {
      auto bits = types::read_be<std::uint64_t>(b);
      double d = 0;
      std::memcpy(&d, &bits, 8);
      return d;
    }
    case Kind::Varint: return std::strtold(types::BigInt::from_twos_complement(b).to_decimal().c_str(), nullptr);
    case Kind::Decimal: return std::strtold(types::decimal_to_string(b).c_str(), nullptr);
    default: return 0;
  }
}

std::int64_t to_integer(Kind k, std::string_view b) {
  switch (k) {
    case Kind::Int: return types::read_be<std::int32_t>(b);
    case Kind::Smallint: return types::read_be<std::int16_t>(b);
    case Kind::Tinyint: return types::read_be<std::int8_t>(b);
    default: return types::read_be<std::int64_t>(b);
  }
}

// An integer result in the argument's own type (Java wraps on overflow).
std::string integer_bytes(Kind k, std::int64_t v) {
  switch (k) {
    case Kind::Int: return types::be_bytes(static_cast<std::int32_t>(v));
    case Kind::Smallint: return types::be_bytes(static_cast<std::int16_t>(v));
    case Kind::Tinyint: return types::be_bytes(static_cast<std::int8_t>(v));
    default: return types::be_bytes(v);
  }
}

std::string float_bytes(Kind k, long double v) {
  if (k == Kind::Float) {
    float f = static_cast<float>(v);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    return types::be_bytes(bits);
  }
  double d = static_cast<double>(v);
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, 8);
  return types::be_bytes(bits);
}

}  // namespace

void Aggregator::feed(const schema::TableSchema& t, const RowSource& row, const FunctionContext& ctx) {
  if (!any_row_) {
    evaluate_row(s_, t, row, ctx, first_row_);
    any_row_ = true;
  }
  for (std::size_t i = 0; i < s_.selectors.size(); ++i) {
    const auto& r = s_.selectors[i];
    State& st = states_[i];
    if (r.op == SelectorOp::CountRows) {
      ++st.count;
      continue;
    }
    if (!r.aggregate()) continue;
    Value v = evaluate(r.args[0], t, row, ctx);
    if (!v) continue;
    const Kind k = r.args[0].type->kind;
    // An empty number (blobAsInt(0x), a 0-byte bound value) is no value to sum, average or
    // compare: 5.0's aggregates decode it as null and skip it. count() counts it.
    if (v->empty() && is_numeric_kind(k) && r.op != SelectorOp::Count) continue;
    ++st.count;
    switch (r.op) {
      case SelectorOp::Min:
        if (!st.has || types::compare_values(*r.args[0].type, *v, st.best) < 0) st.best = *v;
        break;
      case SelectorOp::Max:
        if (!st.has || types::compare_values(*r.args[0].type, *v, st.best) > 0) st.best = *v;
        break;
      case SelectorOp::Sum:
      case SelectorOp::Avg:
        if (k == Kind::Varint) {
          st.big.unscaled = types::BigInt::add(st.big.unscaled, types::BigInt::from_twos_complement(*v));
        } else if (k == Kind::Decimal) {
          const types::Decimal x = types::Decimal::from_bytes(*v);
          try {
            st.big = r.op == SelectorOp::Sum ? types::decimal_add(st.big, x)
                                             : types::decimal_running_average(st.big, x, st.count);
          } catch (const types::ArithmeticError& e) {  // scales too far apart: 5.0's ServerError
            error::java_arithmetic(e.what());
          }
        } else if (k == Kind::Float || k == Kind::Double)
          st.sum += to_number(k, *v);
        else
          st.isum = static_cast<std::int64_t>(static_cast<std::uint64_t>(st.isum) +
                                              static_cast<std::uint64_t>(to_integer(k, *v)));
        break;
      default: break;
    }
    st.has = true;
  }
}

std::vector<Value> Aggregator::finish() const {
  std::vector<Value> out;
  for (std::size_t i = 0; i < s_.selectors.size(); ++i) {
    const auto& r = s_.selectors[i];
    const State& st = states_[i];
    switch (r.op) {
      case SelectorOp::CountRows:
      case SelectorOp::Count: out.push_back(types::be_bytes(st.count)); break;
      case SelectorOp::Min:
      case SelectorOp::Max: out.push_back(st.has ? Value(st.best) : std::nullopt); break;
      case SelectorOp::Sum:
      case SelectorOp::Avg: {
        const Kind k = r.type->kind;
        const bool fp = k == Kind::Float || k == Kind::Double;
        if (k == Kind::Decimal) {
          out.push_back(st.big.to_bytes());
        } else if (k == Kind::Varint) {
          types::BigInt total = st.big.unscaled, q, rem;
          if (r.op == SelectorOp::Avg && st.count)
            types::BigInt::divide(total, types::BigInt::from_int64(st.count), q, rem);
          out.push_back((r.op == SelectorOp::Avg && st.count ? q : total).to_twos_complement());
        } else if (r.op == SelectorOp::Sum) {
          out.push_back(fp ? float_bytes(k, st.sum) : integer_bytes(k, st.isum));
        } else if (fp) {
          out.push_back(float_bytes(k, st.count ? st.sum / static_cast<long double>(st.count) : 0));
        } else {
          out.push_back(integer_bytes(k, st.count ? st.isum / st.count : 0));
        }
        break;
      }
      default: out.push_back(any_row_ ? first_row_[i] : std::nullopt); break;
    }
  }
  return out;
}

}  // namespace cqlbox::exec
