// Binding parsed terms to typed values at prepare time, and the serialized partition key.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ast/ast.hpp"
#include "exec/functions.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

// The serialized value of `term` for a column named `column` of `type`; nullopt for null.
// Function calls (now(), toTimestamp(…), textAsBlob('…')) are evaluated with `ctx`; without a
// context, functions that read the clock are refused. Throws InvalidRequest with Cassandra's
// literal messages.
std::optional<std::string> bind_term(const ast::Term& term, const types::CqlType& type, std::string_view column,
                                     const FunctionContext* ctx = nullptr);

// A bind marker whose bound value is "unset" (protocol v4): the write leaves its column alone,
// a TTL, TIMESTAMP or LIMIT takes its default.
bool is_unset(const ast::Term& term);
// Throws InvalidRequest unless `bytes` are a valid serialized value of `type`, checked as
// Cassandra's serializers check bound values (into collection elements, tuple components and
// UDT fields).
void check_bound_bytes(const types::CqlType& type, std::string_view bytes, bool top = true);
// Some valid serialized value of `type`, never null or empty: what a marker stands for while
// PREPARE's checks run (bound_values.hpp's sampling).
std::string sample_value(const types::CqlType& type);
// fromJson(x) / from_json(x), plain or system.-qualified: its result takes the receiver's type.
bool is_from_json_call(const ast::Term& term);
bool is_unset(const std::optional<ast::Term>& term);

// An integer parameter (LIMIT, TTL, TIMESTAMP) as Cassandra binds it: `what` is the name its
// messages use ("[limit]", "[ttl]", "[timestamp]"). nullopt for null.
std::optional<std::int64_t> bind_integer(const ast::Term& term, const types::CqlType& type, std::string_view what);
// USING TIMESTAMP's value: a bigint, not null, and not Long.MIN_VALUE (UpdateParameters' bound).
std::int64_t bind_write_timestamp(const ast::Term& term);

// The bytes the partitioner hashes: the single component, or for several, each as a 2-byte
// length, the bytes and a 0 byte.
std::string serialize_partition_key(const std::vector<std::string_view>& components);
// Inverse of serialize_partition_key for a key of `count` components.
std::vector<std::string_view> split_partition_key(std::string_view key, std::size_t count);
void split_partition_key(std::string_view key, std::size_t count, std::vector<std::string_view>& out);

// A partition key written as text, the way nodetool getendpoints and cassandra-cli take it:
// each component parsed by its type (composite keys as "a:b", '\:' for a literal ':').
// Throws InvalidRequest when a component does not parse.
std::string partition_key_from_text(const schema::TableSchema& t, std::string_view text);

// A term as the user wrote it, for messages ("b != 5", "'x'").
std::string term_text(const ast::Term& term);

// The type a hint names, (int) or (vector<float, 3>): a native, collection, tuple or vector
// type; nullptr when it names none (a vector of no dimension is 5.0's refusal).
const types::CqlType* hint_type(std::string_view text);
// A literal's own type where nothing else types it (Constants' preferred types): an integer is
// an int (bigint, then varint, when it does not fit), a float a double, a string text.
const types::CqlType* literal_preferred_type(const ast::Term& c);

// 5.0's refusal of a type that holds a duration somewhere inside: "<subject> are not supported on
// collections / tuples / UDTs containing durations". A plain duration returns to the caller,
// whose message differs per statement.
void refuse_nested_durations(const types::CqlType& type, std::string_view subject);

// IN ? (or a literal list) as its candidates: a bound list may hold null elements, and an empty
// element of a type with no empty value is null; nullopt for a null list.
std::optional<std::vector<Value>> bind_in_list(const ast::Term& term, const types::CqlType& element,
                                               std::string_view column);

// timestamp/date ± duration (TemporalType.addDuration / substractDuration), on bytes; a duration
// finer than the type holds is a FunctionFailure as in 5.0.
std::string temporal_arithmetic(char op, const types::CqlType& type, std::string_view base, std::string_view duration);
// An operation with a bare marker operand has several candidate functions unless the receiver
// pins one: 5.0's "Ambiguous '+' operation with args ? and 1" (checked at PREPARE too).
void check_operation_markers(const ast::Term& term, const types::CqlType& receiver);
// An operation term (`2 + 3`, `-x`, `'a' + 'b'`, `ts + 1d`) bound in the receiver's type
// (term_arithmetic.cpp): bind_term's case for operations. nullopt: a null operand.
std::optional<std::string> bind_operation(const ast::Term& term, const types::CqlType& type, std::string_view column,
                                          const FunctionContext* ctx);
// " = 5", " IN (1, 2)", " IS NOT NULL": what follows the column(s) of a relation as written.
std::string relation_rest(const ast::Relation& r);

// "ks.t" with CQL quoting where needed.
std::string table_text(const schema::TableSchema& t);

// x op y (op: + - * / %, or 'n' for -x, y unused) whose result is a decimal or a varint, as
// Cassandra's DecimalType / IntegerType compute it (BigDecimal, DECIMAL128 division; BigInteger).
// The operands are the serialized values of their own types; `name` is the operation's text for
// a failure ("the operation 'decimal / int' failed: Division by zero").
std::string big_number_operation(char op, const types::CqlType& result, const types::CqlType& left, std::string_view x,
                                 const types::CqlType& right, std::string_view y);

}  // namespace cqlbox::exec
