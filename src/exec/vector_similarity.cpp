// Vectors compared: the similarity_* functions and the scores an SAI vector index ranks by
// (functions.hpp).
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "error/cql_error.hpp"
#include "exec/functions.hpp"
#include "types/bytes.hpp"
#include "types/collection.hpp"
#include "util/bit_cast.hpp"

namespace cqlbox::exec {

using types::Kind;

namespace {

using Similarity = VectorSimilarity;

template <Similarity S>
Value fn_similarity(std::span<const Value> a, const ScalarFunction& fn, const FunctionContext&) {
  if (!a[0] || !a[1]) return std::nullopt;
  std::vector<std::string_view> x, y;
  types::decode_vector(*a[0], 4, x);
  types::decode_vector(*a[1], 4, y);
  bool zero_x = true, zero_y = true;
  auto f = [](std::string_view b) { return util::bit_cast<float>(types::read_be<std::uint32_t>(b)); };
  for (auto e : x) zero_x = zero_x && f(e) == 0;
  for (auto e : y) zero_y = zero_y && f(e) == 0;
  if (S == Similarity::Cosine && (zero_x || zero_y))
    error::invalid("Function system.{} doesn't support all-zero vectors.", fn.name);
  std::string out;
  types::append_be(out, util::bit_cast<std::uint32_t>(vector_similarity(S, *a[0], *a[1])));
  return out;
}

}  // namespace

// Lucene's similarity scores as Cassandra 5.0 returns them, accumulated in float like Lucene.
float vector_similarity(VectorSimilarity kind, std::string_view a, std::string_view b) {
  std::vector<std::string_view> x, y;
  types::decode_vector(a, 4, x);
  types::decode_vector(b, 4, y);
  auto f = [](std::string_view e) { return util::bit_cast<float>(types::read_be<std::uint32_t>(e)); };
  float dot = 0, nx = 0, ny = 0, dist = 0;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    const float u = f(x[i]), v = f(y[i]);
    dot += u * v;
    nx += u * u;
    ny += v * v;
    dist += (u - v) * (u - v);
  }
  switch (kind) {
    case VectorSimilarity::Cosine: {
      if (nx == 0 || ny == 0) return 0;  // the function refuses it; an index does not hold it
      const auto cosine = static_cast<float>(dot / std::sqrt(static_cast<double>(nx) * static_cast<double>(ny)));
      return (1 + cosine) / 2;
    }
    case VectorSimilarity::Euclidean: return 1 / (1 + dist);
    case VectorSimilarity::DotProduct: return std::max((1 + dot) / 2, 0.0f);
  }
  return 0;
}

std::optional<ScalarFunction> similarity_function(const std::string& name,
                                                  const std::vector<const types::CqlType*>& args,
                                                  const std::vector<std::string>& arg_names) {
  decltype(ScalarFunction::impl) impl = name == "similarity_cosine"        ? fn_similarity<Similarity::Cosine>
                                        : name == "similarity_euclidean"   ? fn_similarity<Similarity::Euclidean>
                                        : name == "similarity_dot_product" ? fn_similarity<Similarity::DotProduct>
                                                                           : nullptr;
  if (!impl) return std::nullopt;
  const std::string signature = fmt::format("system.{}(vector<float, n>, vector<float, n>)", name);
  if (args.size() != 2) error::invalid("Invalid number of arguments for function {}", signature);
  // FunctionFactory's second pass: an argument of no type of its own takes the other's
  // (FunctionParameter.sameAs), then each must be a float vector; then the dimensions agree.
  std::vector<const types::CqlType*> types = args;
  for (std::size_t i = 0; i < 2; ++i) {
    if (!types[i]) types[i] = types[1 - i];
    const std::string arg = i < arg_names.size() ? arg_names[i] : std::string("?");
    if (!types[i])
      error::invalid("Cannot infer type of argument {} in call to function {}: use type casts to disambiguate", arg,
                     signature);
    if (types[i]->kind != Kind::Vector || types[i]->params[0]->kind != Kind::Float)
      error::invalid("Function system.{} requires a float vector argument, but found argument {} of type {}", name, arg,
                     types[i]->name);
  }
  if (types[0]->dimension != types[1]->dimension) error::invalid("All arguments must have the same vector dimensions");
  return ScalarFunction{name, {types[0], types[1]}, types::native_type(Kind::Float), impl};
}

}  // namespace cqlbox::exec
