// What a read does past cassandra.yaml's tombstone thresholds: the client warning past
// tombstone_warn_threshold, the read failure past tombstone_failure_threshold. Internal to exec/.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "exec/executor.hpp"

namespace cqlbox::exec {

constexpr std::uint64_t kTombstoneWarnThreshold = 1000;
constexpr std::uint64_t kTombstoneFailThreshold = 100000;

// The client warning Cassandra sends past tombstone_warn_threshold. The query is written the way
// ReadCommand.toCQLString writes it, from the statement: its columns, WHERE, the page size (or
// LIMIT) as the read's limit, and ALLOW FILTERING.
std::string tombstone_warning(const schema::TableSchema& t, const ast::Select& s, const Session& session,
                              std::optional<std::int64_t> limit, std::uint64_t live, std::uint64_t tombstones,
                              std::int64_t token);
// READ_TOO_MANY_TOMBSTONES from the replica that owns `token`, as a ReadFailure.
[[noreturn]] void tombstone_failure(const Database& db, const schema::TableSchema& t, std::uint64_t tombstones,
                                    std::int64_t token);

}  // namespace cqlbox::exec
