// The SELECT list: resolves selectors against the table once (columns -> indices, functions ->
// overloads, result names and types as Cassandra names them) into a small expression tree, and
// evaluates it per row. Aggregates (count, min, max, sum, avg) fold their argument over rows.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "exec/functions.hpp"
#include "exec/result.hpp"
#include "schema/table_schema.hpp"
#include "types/bignum.hpp"

namespace cqlbox::exec {

enum class SelectorOp : std::uint8_t {
  Column,
  WriteTime,
  MaxWriteTime,
  Ttl,
  Token,
  Constant,
  Scalar,
  Cast,
  Field,
  Arithmetic,
  Element,
  Slice,
  CountRows,
  Count,
  Min,
  Max,
  Sum,
  Avg,  // aggregates (keep last)
};

struct ResolvedSelector {
  SelectorOp op = SelectorOp::Column;
  int column = -1;                       // Column / WriteTime / Ttl
  const types::CqlType* type = nullptr;  // result type
  std::string name;                      // header
  Value constant;                        // Constant
  std::vector<ResolvedSelector> args;    // Scalar / Cast / aggregates (one argument)
  ScalarFunction function;               // Scalar
  std::size_t field = 0;                 // Field: index into the UDT's fields
  ColumnRole role = ColumnRole::Other;   // Column: its role in the table (header colour)
  char arithmetic = 0;                   // Arithmetic: + - * / %, or 'n' for unary minus
  // Element: key = the element or map key looked up; Slice: the bounds (nullopt = open).
  std::optional<std::string> key, upper;
  // WriteTime / Ttl / MaxWriteTime of a part of the column (args[0]: fields, elements and
  // slices of it), whose timestamps follow the part as 5.0's ColumnTimestamps do.
  bool of_part = false;

  bool aggregate() const { return op >= SelectorOp::CountRows; }
};

struct Selection {
  std::vector<ResolvedSelector> selectors;
  bool aggregate = false;    // any aggregate selector
  bool only_static = false;  // selects partition key / static columns only, and some static

  std::vector<ResultColumn> result_columns() const;
};

// Throws InvalidRequest for unknown columns or functions, functions misapplied to key columns, …
// A bind marker in the selection (f(?), m[?]) and what it binds to, for PREPARE's metadata:
// "[selection]" typed by the function's parameter, key(m) / value(s) for a subscript.
struct SelectionMarker {
  std::size_t index = 0;
  std::string name;
  const types::CqlType* type = nullptr;
};

// With `markers` (PREPARE, no values bound yet), the selection's markers are listed there and
// left unbound; without, they take their bound values.
Selection resolve_selection(const schema::TableSchema& t, const ast::Vec<ast::Selector>& selectors,
                            std::vector<SelectionMarker>* markers = nullptr);

// What one stored row offers to the selectors.
struct RowSource {
  const std::vector<std::string_view>* partition_key;  // components
  const std::vector<std::string_view>* clustering;     // components (empty for static-only)
  std::string_view partition;                          // the partition's key bytes: token() hashes them when selected
  // Per column of the table: live value bytes, write time and remaining TTL (0 = none),
  // present = false when the column has no live cell in this row.
  struct Cell {
    bool present = false;
    std::string_view value;
    std::int64_t timestamp = 0;
    std::int32_t ttl_left = 0;
    std::string owned;  // a collection value assembled from its element cells (value views it)
    // A non-frozen collection's element cells (5.0's writetime()/ttl() return one per element).
    std::vector<std::int64_t> element_timestamps;
    std::vector<std::int32_t> element_ttls;
  };
  const std::vector<Cell>* cells;  // parallel to schema columns; key columns unused
  // By column: whether its cell was filled (a scan fills only what the plan reads:
  // select_plan.hpp's ColumnMask); null or empty when every cell was.
  const std::vector<unsigned char>* filled = nullptr;

  const Cell& cell(int column) const {
    const auto i = static_cast<std::size_t>(column);
    assert(!filled || filled->empty() || (*filled)[i]);  // columns_read() missed a reader
    return (*cells)[i];
  }
};

// Evaluates non-aggregate selectors for one row.
void evaluate_row(const Selection& s, const schema::TableSchema& t, const RowSource& row, const FunctionContext& ctx,
                  std::vector<Value>& out);

// Aggregation over rows: feed() each row, then finish() produces the group's result row.
class Aggregator {
 public:
  // `used`: false when the query aggregates nothing (no state is made: a point read paid for it).
  explicit Aggregator(const Selection& s, bool used = true);
  void feed(const schema::TableSchema& t, const RowSource& row, const FunctionContext& ctx);
  std::vector<Value> finish() const;
  bool has_rows() const { return any_row_; }
  // n more rows for a selection of count(*) alone that has been fed its first row.
  void add_rows(std::int64_t n) {
    for (State& st : states_) st.count += n;
  }
  void reset() {
    states_.assign(s_.selectors.size(), State{});
    first_row_.clear();
    any_row_ = false;
  }

 private:
  struct State {
    std::int64_t count = 0;
    bool has = false;
    std::string best;       // min / max
    long double sum = 0;    // float sums
    std::int64_t isum = 0;  // integer sums (wrap like Java)
    types::Decimal big;     // varint (scale 0) and decimal sums, or decimal's running average
  };
  const Selection& s_;
  std::vector<State> states_;
  std::vector<Value> first_row_;
  bool any_row_ = false;
};

}  // namespace cqlbox::exec
