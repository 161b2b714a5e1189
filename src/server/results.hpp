// RESULT and ERROR bodies (native_protocol_v4.spec §4.2.1, §4.2.5): type options, row metadata
// and rows, prepared metadata, schema changes; and the ERROR body of a CqlError with the
// fields its code carries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "error/cql_error.hpp"
#include "exec/bind_specs.hpp"
#include "exec/result.hpp"
#include "server/wire.hpp"

namespace cqlbox::server {

enum class ResultKind : std::int32_t { Void = 1, Rows = 2, SetKeyspace = 3, Prepared = 4, SchemaChange = 5 };

// A type as the protocol's [option]: an id, and for collections, UDTs and tuples their
// parameters; a vector is a custom type named by its marshal class.
// Duration has its own id only from v5, so (v3 and v4 being all cqlbox speaks) it goes out as a
// custom type, like a vector.
void write_type(Writer& w, const types::CqlType& type);

// A page of rows: rows [first, first + count) of `rows`; `paging_state` is set when more follow.
// With `skip_metadata` (EXECUTE asked for it), the column specs are left out.
void write_rows(Writer& w, const exec::Rows& rows, std::size_t first, std::size_t count,
                std::optional<std::string_view> paging_state, bool skip_metadata = false);

// The PREPARED body: id, the markers' metadata (v4: with the partition key's marker indexes),
// and a SELECT's result metadata ("no metadata" for other statements).
void write_prepared(Writer& w, int version, std::string_view id, const exec::BindSpecs& specs);

struct SchemaChange {
  std::string change;  // CREATED, UPDATED, DROPPED
  std::string target;  // KEYSPACE, TABLE, TYPE, FUNCTION, AGGREGATE
  std::string keyspace, name;
};
void write_schema_change(Writer& w, const SchemaChange& change);

// The ERROR body for `e`: code, message, and the code's extra fields.
void write_error(Writer& w, const error::CqlError& e);

}  // namespace cqlbox::server
