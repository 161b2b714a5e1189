// The types of selector literals and numeric operations, as 5.0 infers them where no column
// gives a receiver (a function's argument, `SELECT 1 + 2`): selection_resolve.cpp reads them.
#pragma once

#include <string_view>

#include "ast/ast.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::exec {

// Constants.Type.FLOAT's preferred type: double when the double nearest the text reads back
// (Java's Double.toString) as the same decimal value, else decimal (1.00000000000000000001).
bool float_literal_is_double(std::string_view text);

// The type a literal argument has on its own (Constants.Type.getPreferedTypeFor, and an array
// literal read as a float vector for FunctionParameter.vector); nullptr for null and markers.
const types::CqlType* literal_type(const ast::Term& term);

// The result type of a numeric operation (OperationFcts.returnType): floating point when either
// side is, in the larger operand's size; an unbounded size (varint, decimal) gives decimal or
// varint. So bigint / float is a double, varint + float a decimal, a counter a bigint.
const types::CqlType* operation_result(const types::CqlType* a, const types::CqlType* b);

bool is_numeric_kind(types::Kind k);   // int, bigint, smallint, tinyint, float, double, counter, varint, decimal
bool is_text_kind(types::Kind k);      // text, ascii
bool is_temporal_kind(types::Kind k);  // timestamp, date

}  // namespace cqlbox::exec
