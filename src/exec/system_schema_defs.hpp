// The tables of Cassandra 5.0's system keyspaces, written down as data: per table its keyspace,
// name, comment, the options that differ from a user table's defaults, and its columns as
// (name, CQL type as Cassandra prints it, role). Facts taken from the 5.0 sources
// (SystemKeyspace, SchemaKeyspace, AuthKeyspace, SystemDistributedKeyspace, TraceKeyspace and
// the virtual tables of db/virtual and index/sai/virtual). system_tables.cpp turns them into
// TableSchemas at start.
//
// Everything here is static constant data: nothing is allocated until a table is built.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace cqlbox::exec {

enum class SystemColumnRole : std::uint8_t { PartitionKey, ClusteringAsc, ClusteringDesc, Static, Regular };

struct SystemColumnDef {
  const char* name;
  const char* type;  // read with types::parse_type_name
  SystemColumnRole role;
};

// Key columns come first, in key order; the order of the other columns does not matter (the
// schema sorts them as Cassandra does).
struct SystemTableDef {
  const char* keyspace;
  const char* name;
  const char* comment;
  std::span<const SystemColumnDef> columns;
  std::int32_t default_time_to_live = 0;
  const char* compaction = nullptr;  // CQL map text, when not the default size-tiered one
  // A custom index without a column target (only system.paxos has one).
  const char* index_name = nullptr;
  const char* index_class = nullptr;
};

// The options a keyspace gives all its tables (each keyspace's parse() helper in Cassandra).
struct SystemKeyspaceDef {
  const char* name;
  bool is_virtual;  // system_views, system_virtual_schema
  std::int32_t gc_grace_seconds;
  std::int32_t memtable_flush_period_in_ms;
};

// The seven system keyspaces, by name.
std::span<const SystemKeyspaceDef> system_keyspace_defs();

// Every table of the five stored system keyspaces (system, system_auth, system_distributed,
// system_schema, system_traces), then those of the two virtual ones.
std::span<const SystemTableDef> stored_system_table_defs();
std::span<const SystemTableDef> virtual_system_table_defs();

// The keyspace's entry in system_keyspace_defs(), or nullptr for a user keyspace.
const SystemKeyspaceDef* find_system_keyspace(std::string_view name);

}  // namespace cqlbox::exec
