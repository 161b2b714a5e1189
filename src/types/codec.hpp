// CQL constants -> Cassandra's serialized bytes, with Cassandra's validation messages
// (cql3/Constants and the marshal serializers). Called once per literal at prepare time.
#pragma once

#include <string>
#include <string_view>

#include "types/cql_type.hpp"

namespace cqlbox::types {

// The lexical kind of a constant, named as Cassandra's messages name it.
enum class ConstantKind { String, Integer, Float, Uuid, Boolean, Hex, Duration };

std::string_view constant_kind_name(ConstantKind kind) noexcept;

// Whether a constant of `kind` may be assigned to `type` (Constants.Literal.testAssignment).
bool constant_accepted(const CqlType& type, ConstantKind kind) noexcept;

// Serializes a constant for a column of `type`. `text` is the literal as written (for strings,
// the content with quotes removed and '' unescaped). Throws CqlError(InvalidRequest) with
// Cassandra's text: "Invalid INTEGER constant (5) for "v" of type text",
// "Unable to make int from '3000000000'", ...
std::string encode_constant(const CqlType& type, ConstantKind kind, std::string_view text, std::string_view column);

// Appends what encode_constant gives for the common scalar cases (int, bigint, smallint,
// tinyint and double from numbers, text from strings, boolean) to `out`, without a string of
// its own. False, `out` unchanged, for every other case and wherever encode_constant would
// throw: the caller then asks encode_constant, for the value or the message.
bool append_constant(const CqlType& type, ConstantKind kind, std::string_view text, std::string& out);

// Duration values use Cassandra's vint encoding (months, days, nanoseconds, zig-zagged).
std::string encode_duration(std::int64_t months, std::int64_t days, std::int64_t nanos);
bool decode_duration(std::string_view bytes, std::int64_t& months, std::int64_t& days, std::int64_t& nanos);

}  // namespace cqlbox::types
