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
// parameters; a vector is a custom type named by its marshal class, and so is a duration before
// protocol v5 (which gave it its own id).
void write_type(Writer& w, const types::CqlType& type, int version);

// A ROWS result's page: rows [first, first + count); `paging_state` is set when more follow.
// `skip_metadata` (an EXECUTE asked for it) leaves the column specs out, unless
// `new_metadata_id` is set (v5: the result's columns are not the ones the client prepared), which
// sends them with the Metadata_changed flag and the new id.
struct RowsPage {
  std::size_t first = 0, count = 0;
  std::optional<std::string_view> paging_state;
  bool skip_metadata = false;
  std::optional<std::string> new_metadata_id;
};
void write_rows(Writer& w, int version, const exec::Rows& rows, const RowsPage& page);

// The id of a result's metadata (v5's result_metadata_id): a digest of its column specs, the same
// for the same columns; `columns` null is a statement without rows.
std::string result_metadata_id(const std::vector<exec::ResultColumn>* columns, std::string_view keyspace,
                               std::string_view table);

// The PREPARED body: id, (v5) the result metadata id, the markers' metadata (v4: with the
// partition key's marker indexes), and a SELECT's result metadata ("no metadata" otherwise).
void write_prepared(Writer& w, int version, std::string_view id, const exec::BindSpecs& specs);

void write_schema_change(Writer& w, const exec::SchemaChange& change);

// The ERROR body for `e`: code, message, and the code's extra fields.
void write_error(Writer& w, const error::CqlError& e, int version);

}  // namespace cqlbox::server
