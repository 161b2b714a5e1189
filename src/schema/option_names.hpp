// The WITH options CREATE/ALTER TABLE and CREATE/ALTER KEYSPACE accept in Cassandra 5.0: the
// table checks (exec/table_options.cpp) and tab completion read the same list.
#pragma once

#include <array>
#include <utility>
#include <string_view>

namespace cqlbox::schema {

inline constexpr std::array<std::string_view, 19> kTableOptionNames = {"additional_write_policy",
                                                                       "allow_auto_snapshot",
                                                                       "bloom_filter_fp_chance",
                                                                       "caching",
                                                                       "cdc",
                                                                       "comment",
                                                                       "compaction",
                                                                       "compression",
                                                                       "crc_check_chance",
                                                                       "default_time_to_live",
                                                                       "extensions",
                                                                       "gc_grace_seconds",
                                                                       "incremental_backups",
                                                                       "max_index_interval",
                                                                       "memtable",
                                                                       "memtable_flush_period_in_ms",
                                                                       "min_index_interval",
                                                                       "read_repair",
                                                                       "speculative_retry"};

// Table options in the order 5.0 prints them, with their defaults as CQL text (DESCRIBE, and
// system_schema.tables, which reads a table's own text or these).
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 19> kTableOptionDefaults = {{
    {"additional_write_policy", "'99p'"},
    {"allow_auto_snapshot", "true"},
    {"bloom_filter_fp_chance", "0.01"},
    {"caching", "{'keys': 'ALL', 'rows_per_partition': 'NONE'}"},
    {"cdc", "false"},
    {"comment", "''"},
    {"compaction",
     "{'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', 'max_threshold': '32', "
     "'min_threshold': '4'}"},
    {"compression", "{'chunk_length_in_kb': '16', 'class': 'org.apache.cassandra.io.compress.LZ4Compressor'}"},
    {"memtable", "'default'"},
    {"crc_check_chance", "1.0"},
    {"default_time_to_live", "0"},
    {"extensions", "{}"},
    {"gc_grace_seconds", "864000"},
    {"incremental_backups", "true"},
    {"max_index_interval", "2048"},
    {"memtable_flush_period_in_ms", "0"},
    {"min_index_interval", "128"},
    {"read_repair", "'BLOCKING'"},
    {"speculative_retry", "'99p'"},
}};

inline constexpr std::array<std::string_view, 2> kKeyspaceOptionNames = {"durable_writes", "replication"};

}  // namespace cqlbox::schema
