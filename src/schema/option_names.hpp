// The WITH options CREATE/ALTER TABLE and CREATE/ALTER KEYSPACE accept in Cassandra 5.0: the
// table checks (exec/table_options.cpp) and tab completion read the same list.
#pragma once

#include <array>
#include <string_view>

namespace cqlbox::schema {

inline constexpr std::array<std::string_view, 19> kTableOptionNames = {
    "additional_write_policy", "allow_auto_snapshot", "bloom_filter_fp_chance", "caching", "cdc",
    "comment", "compaction", "compression", "crc_check_chance", "default_time_to_live",
    "extensions", "gc_grace_seconds", "incremental_backups", "max_index_interval",
    "memtable", "memtable_flush_period_in_ms", "min_index_interval", "read_repair",
    "speculative_retry"};

inline constexpr std::array<std::string_view, 2> kKeyspaceOptionNames = {"durable_writes", "replication"};

}  // namespace cqlbox::schema
