// Size limits Cassandra puts on what a write stores, checked on a prepared write before any of
// it is applied: keys are written with a 2-byte length (Validation.validateKey,
// ClusteringPrefix.validate), and a legacy secondary index stores the indexed value as a key
// (CassandraIndex.validateIndexedValue).
#pragma once

#include "exec/executor.hpp"
#include "schema/table_schema.hpp"

namespace cqlbox::exec {

inline constexpr std::size_t kMaxKeyBytes = 65535;  // FBUtilities.MAX_UNSIGNED_SHORT

// Throws InvalidRequest with Cassandra's message when a mutation of `w` breaks a limit.
void check_write_limits(const schema::TableSchema& t, const PreparedWrite& w);

}  // namespace cqlbox::exec
