// NumberFilter (exec/number_filter.hpp) against the comparison it stands in for: for every pair
// of sample values and every form of restriction, its verdict is Matcher::check's, or Unknown
// where it does not apply.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "exec/number_filter.hpp"
#include "exec/select_rows.hpp"
#include "types/bytes.hpp"
#include "types/cql_type.hpp"

namespace exec = cqlbox::exec;
namespace types = cqlbox::types;

namespace {

std::string float_bytes(float f) {
  std::uint32_t bits;
  __builtin_memcpy(&bits, &f, sizeof bits);
  return types::be_bytes(bits);
}
std::string double_bytes(double d) {
  std::uint64_t bits;
  __builtin_memcpy(&bits, &d, sizeof bits);
  return types::be_bytes(bits);
}

// Every restriction a NumberFilter takes, and some it does not, on values from `samples`.
std::vector<exec::ColumnRestriction> restrictions(const std::vector<std::string>& samples) {
  std::vector<exec::ColumnRestriction> out;
  for (const auto& a : samples) {
    exec::ColumnRestriction eq;
    eq.eq = true;
    eq.values = {a};
    out.push_back(eq);
    for (bool inclusive : {false, true}) {
      exec::ColumnRestriction lower, upper;
      lower.lower = exec::Bound{a, inclusive};
      upper.upper = exec::Bound{a, inclusive};
      out.push_back(lower);
      out.push_back(upper);
      for (const auto& b : samples) {
        exec::ColumnRestriction both;
        both.lower = exec::Bound{a, inclusive};
        both.upper = exec::Bound{b, !inclusive};
        out.push_back(both);
      }
    }
  }
  exec::ColumnRestriction in;
  in.in = true;
  in.values = {samples[0]};
  out.push_back(in);
  exec::ColumnRestriction empty_bound;
  empty_bound.lower = exec::Bound{"", true};
  out.push_back(empty_bound);
  return out;
}

void check_kind(types::Kind kind, const std::vector<std::string>& samples) {
  const types::CqlType& type = *types::native_type(kind);
  std::vector<std::string> values = samples;
  values.emplace_back();                   // an empty value: Unknown, Matcher::check decides
  values.push_back(samples.back() + "x");  // one byte too long: the same
  int decided = 0;
  for (const auto& cr : restrictions(samples)) {
    exec::NumberFilter f;
    const bool taken = f.prepare(type, cr);
    for (const auto& v : values) {
      const exec::NumberFilter::Verdict verdict = f.test(v);
      if (!taken || v.empty() || v.size() > samples[0].size()) {
        CHECK(verdict == exec::NumberFilter::Verdict::Unknown);
        continue;
      }
      REQUIRE(verdict != exec::NumberFilter::Verdict::Unknown);
      CHECK((verdict == exec::NumberFilter::Verdict::Pass) == exec::Matcher::check(type, cr, v));
      ++decided;
    }
  }
  CHECK(decided > 0);
}

}  // namespace

TEST_CASE("a number filter agrees with compare_values on signed integers of every width") {
  check_kind(types::Kind::Tinyint, {types::be_bytes(std::int8_t{-128}), types::be_bytes(std::int8_t{-1}),
                                    types::be_bytes(std::int8_t{0}), types::be_bytes(std::int8_t{127})});
  check_kind(types::Kind::Smallint, {types::be_bytes(std::int16_t{-32768}), types::be_bytes(std::int16_t{-2}),
                                     types::be_bytes(std::int16_t{255}), types::be_bytes(std::int16_t{32767})});
  check_kind(types::Kind::Int,
             {types::be_bytes(INT32_MIN), types::be_bytes(std::int32_t{-1}), types::be_bytes(std::int32_t{0}),
              types::be_bytes(std::int32_t{256}), types::be_bytes(INT32_MAX)});
  for (types::Kind k : {types::Kind::Bigint, types::Kind::Timestamp, types::Kind::Time, types::Kind::Counter})
    check_kind(k, {types::be_bytes(INT64_MIN), types::be_bytes(std::int64_t{-1}), types::be_bytes(std::int64_t{0}),
                   types::be_bytes(std::int64_t{1} << 40), types::be_bytes(INT64_MAX)});
}

TEST_CASE("a number filter orders floats as Java's Double.compare: -0.0 below 0.0, NaN above infinity") {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  // NaNs of another payload and of either sign are one NaN to Double.compare.
  check_kind(types::Kind::Double,
             {double_bytes(-inf), double_bytes(-1.5), double_bytes(-0.0), double_bytes(0.0), double_bytes(41.7),
              double_bytes(inf), double_bytes(nan), double_bytes(-nan), double_bytes(std::nan("7"))});
  const float finf = std::numeric_limits<float>::infinity(), fnan = std::nanf("");
  check_kind(types::Kind::Float, {float_bytes(-finf), float_bytes(-0.0f), float_bytes(0.0f), float_bytes(2.5f),
                                  float_bytes(finf), float_bytes(fnan)});
}

TEST_CASE("a number filter leaves other types and restrictions to Matcher::check") {
  exec::ColumnRestriction cr;
  cr.lower = exec::Bound{"abc", true};
  exec::NumberFilter f;
  CHECK_FALSE(f.prepare(*types::native_type(types::Kind::Text), cr));
  CHECK_FALSE(f.prepare(*types::native_type(types::Kind::Varint), cr));
  CHECK_FALSE(f.prepare(*types::native_type(types::Kind::Date), cr));
  CHECK(f.test("abc") == exec::NumberFilter::Verdict::Unknown);
  exec::ColumnRestriction not_null;
  not_null.is_not_null = true;
  CHECK_FALSE(f.prepare(*types::native_type(types::Kind::Int), not_null));
}
