// The stored system keyspaces of Cassandra 5.0: system, system_schema, system_auth,
// system_distributed, system_traces (virtual_schema_defs.cpp has the virtual ones). Types are
// spelled as Cassandra prints them (varchar is text; what sits inside frozen<…> is frozen).
#include "exec/system_schema_defs.hpp"

namespace cqlbox::exec {

namespace {

constexpr auto PK = SystemColumnRole::PartitionKey;
constexpr auto CK = SystemColumnRole::ClusteringAsc;
constexpr auto R = SystemColumnRole::Regular;

constexpr SystemKeyspaceDef kKeyspaces[] = {
    // gc_grace_seconds and memtable_flush_period_in_ms as each keyspace's parse() sets them;
    // system_distributed keeps the defaults.
    {"system", false, 0, 3600000},
    {"system_auth", false, 7776000, 0},
    {"system_distributed", false, 864000, 0},
    {"system_schema", false, 604800, 3600000},
    {"system_traces", false, 0, 0},
    {"system_views", true, 0, 0},
    {"system_virtual_schema", true, 0, 0},
};

constexpr const char* kSizeTieredMin2 =
    "{'class': 'org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy', 'max_threshold': '32', "
    "'min_threshold': '2'}";
constexpr const char* kLeveled =
    "{'class': 'org.apache.cassandra.db.compaction.LeveledCompactionStrategy', 'max_threshold': '32', "
    "'min_threshold': '4'}";
constexpr const char* kTimeWindowDays =
    "{'class': 'org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy', 'compaction_window_size': '1', "
    "'compaction_window_unit': 'DAYS', 'max_threshold': '32', 'min_threshold': '4'}";

// ---- system
constexpr SystemColumnDef kIndexInfo[] = {{"table_name", "text", PK}, {"index_name", "text", CK}, {"value", "blob", R}};
constexpr SystemColumnDef kBatches[] = {{"id", "timeuuid", PK}, {"mutations", "list<blob>", R}, {"version", "int", R}};
constexpr SystemColumnDef kPaxos[] = {{"row_key", "blob", PK},
                                      {"cf_id", "uuid", CK},
                                      {"in_progress_ballot", "timeuuid", R},
                                      {"in_progress_read_ballot", "timeuuid", R},
                                      {"most_recent_commit", "blob", R},
                                      {"most_recent_commit_at", "timeuuid", R},
                                      {"most_recent_commit_version", "int", R},
                                      {"proposal", "blob", R},
                                      {"proposal_ballot", "timeuuid", R},
                                      {"proposal_version", "int", R}};
constexpr SystemColumnDef kPaxosRepairHistory[] = {{"keyspace_name", "text", PK},
                                                   {"table_name", "text", CK},
                                                   {"points", "frozen<list<frozen<tuple<blob, timeuuid>>>>", R}};
constexpr SystemColumnDef kLocal[] = {{"key", "text", PK},
                                      {"bootstrapped", "text", R},
                                      {"broadcast_address", "inet", R},
                                      {"broadcast_port", "int", R},
                                      {"cluster_name", "text", R},
                                      {"cql_version", "text", R},
                                      {"data_center", "text", R},
                                      {"gossip_generation", "int", R},
                                      {"host_id", "uuid", R},
                                      {"listen_address", "inet", R},
                                      {"listen_port", "int", R},
                                      {"native_protocol_version", "text", R},
                                      {"partitioner", "text", R},
                                      {"rack", "text", R},
                                      {"release_version", "text", R},
                                      {"rpc_address", "inet", R},
                                      {"rpc_port", "int", R},
                                      {"schema_version", "uuid", R},
                                      {"tokens", "set<text>", R},
                                      {"truncated_at", "map<uuid, blob>", R}};
constexpr SystemColumnDef kPeersV2[] = {
    {"peer", "inet", PK},      {"peer_port", "int", CK},       {"data_center", "text", R},
    {"host_id", "uuid", R},    {"preferred_ip", "inet", R},    {"preferred_port", "int", R},
    {"rack", "text", R},       {"release_version", "text", R}, {"native_address", "inet", R},
    {"native_port", "int", R}, {"schema_version", "uuid", R},  {"tokens", "set<text>", R}};
constexpr SystemColumnDef kPeers[] = {
    {"peer", "inet", PK},        {"data_center", "text", R},    {"host_id", "uuid", R},
    {"preferred_ip", "inet", R}, {"rack", "text", R},           {"release_version", "text", R},
    {"rpc_address", "inet", R},  {"schema_version", "uuid", R}, {"tokens", "set<text>", R}};
constexpr SystemColumnDef kPeerEventsV2[] = {
    {"peer", "inet", PK}, {"peer_port", "int", CK}, {"hints_dropped", "map<timeuuid, int>", R}};
constexpr SystemColumnDef kPeerEvents[] = {{"peer", "inet", PK}, {"hints_dropped", "map<timeuuid, int>", R}};
constexpr SystemColumnDef kCompactionHistory[] = {{"id", "timeuuid", PK},
                                                  {"bytes_in", "bigint", R},
                                                  {"bytes_out", "bigint", R},
                                                  {"columnfamily_name", "text", R},
                                                  {"compacted_at", "timestamp", R},
                                                  {"keyspace_name", "text", R},
                                                  {"rows_merged", "map<int, bigint>", R},
                                                  {"compaction_properties", "frozen<map<text, text>>", R}};
constexpr SystemColumnDef kSSTableActivity[] = {{"keyspace_name", "text", PK},
                                                {"columnfamily_name", "text", PK},
                                                {"generation", "int", PK},
                                                {"rate_120m", "double", R},
                                                {"rate_15m", "double", R}};
constexpr SystemColumnDef kSSTableActivityV2[] = {{"keyspace_name", "text", PK},
                                                  {"table_name", "text", PK},
                                                  {"id", "text", PK},
                                                  {"rate_120m", "double", R},
                                                  {"rate_15m", "double", R}};
constexpr SystemColumnDef kSizeEstimates[] = {{"keyspace_name", "text", PK},        {"table_name", "text", CK},
                                              {"range_start", "text", CK},          {"range_end", "text", CK},
                                              {"mean_partition_size", "bigint", R}, {"partitions_count", "bigint", R}};
constexpr SystemColumnDef kTableEstimates[] = {{"keyspace_name", "text", PK},    {"table_name", "text", CK},
                                               {"range_type", "text", CK},       {"range_start", "text", CK},
                                               {"range_end", "text", CK},        {"mean_partition_size", "bigint", R},
                                               {"partitions_count", "bigint", R}};
constexpr SystemColumnDef kAvailableRangesV2[] = {
    {"keyspace_name", "text", PK}, {"full_ranges", "set<blob>", R}, {"transient_ranges", "set<blob>", R}};
constexpr SystemColumnDef kAvailableRanges[] = {{"keyspace_name", "text", PK}, {"ranges", "set<blob>", R}};
constexpr SystemColumnDef kTransferredRangesV2[] = {{"operation", "text", PK},
                                                    {"keyspace_name", "text", PK},
                                                    {"peer", "inet", CK},
                                                    {"peer_port", "int", CK},
                                                    {"ranges", "set<blob>", R}};
constexpr SystemColumnDef kTransferredRanges[] = {
    {"operation", "text", PK}, {"keyspace_name", "text", PK}, {"peer", "inet", CK}, {"ranges", "set<blob>", R}};
constexpr SystemColumnDef kViewBuildsInProgress[] = {{"keyspace_name", "text", PK}, {"view_name", "text", CK},
                                                     {"start_token", "text", CK},   {"end_token", "text", CK},
                                                     {"last_token", "text", R},     {"keys_built", "bigint", R}};
constexpr SystemColumnDef kBuiltViews[] = {
    {"keyspace_name", "text", PK}, {"view_name", "text", CK}, {"status_replicated", "boolean", R}};
constexpr SystemColumnDef kTopPartitions[] = {{"keyspace_name", "text", PK},
                                              {"table_name", "text", CK},
                                              {"top_type", "text", CK},
                                              {"top", "frozen<list<frozen<tuple<text, bigint>>>>", R},
                                              {"last_update", "timestamp", R}};
constexpr SystemColumnDef kPreparedStatements[] = {
    {"prepared_id", "blob", PK}, {"logged_keyspace", "text", R}, {"query_string", "text", R}};
constexpr SystemColumnDef kRepairs[] = {{"parent_id", "timeuuid", PK},
                                        {"started_at", "timestamp", R},
                                        {"last_update", "timestamp", R},
                                        {"repaired_at", "timestamp", R},
                                        {"state", "int", R},
                                        {"coordinator", "inet", R},
                                        {"coordinator_port", "int", R},
                                        {"participants", "set<inet>", R},
                                        {"participants_wp", "set<text>", R},
                                        {"ranges", "set<blob>", R},
                                        {"cfids", "set<uuid>", R}};

// ---- system_schema
constexpr SystemColumnDef kSchemaKeyspaces[] = {
    {"keyspace_name", "text", PK}, {"durable_writes", "boolean", R}, {"replication", "frozen<map<text, text>>", R}};
constexpr SystemColumnDef kSchemaTables[] = {{"keyspace_name", "text", PK},
                                             {"table_name", "text", CK},
                                             {"allow_auto_snapshot", "boolean", R},
                                             {"bloom_filter_fp_chance", "double", R},
                                             {"caching", "frozen<map<text, text>>", R},
                                             {"comment", "text", R},
                                             {"compaction", "frozen<map<text, text>>", R},
                                             {"compression", "frozen<map<text, text>>", R},
                                             {"memtable", "text", R},
                                             {"crc_check_chance", "double", R},
                                             {"dclocal_read_repair_chance", "double", R},
                                             {"default_time_to_live", "int", R},
                                             {"extensions", "frozen<map<text, blob>>", R},
                                             {"flags", "frozen<set<text>>", R},
                                             {"gc_grace_seconds", "int", R},
                                             {"incremental_backups", "boolean", R},
                                             {"id", "uuid", R},
                                             {"max_index_interval", "int", R},
                                             {"memtable_flush_period_in_ms", "int", R},
                                             {"min_index_interval", "int", R},
                                             {"read_repair_chance", "double", R},
                                             {"speculative_retry", "text", R},
                                             {"additional_write_policy", "text", R},
                                             {"cdc", "boolean", R},
                                             {"read_repair", "text", R}};
constexpr SystemColumnDef kSchemaColumns[] = {{"keyspace_name", "text", PK},    {"table_name", "text", CK},
                                              {"column_name", "text", CK},      {"clustering_order", "text", R},
                                              {"column_name_bytes", "blob", R}, {"kind", "text", R},
                                              {"position", "int", R},           {"type", "text", R}};
constexpr SystemColumnDef kSchemaColumnMasks[] = {{"keyspace_name", "text", PK},
                                                  {"table_name", "text", CK},
                                                  {"column_name", "text", CK},
                                                  {"function_keyspace", "text", R},
                                                  {"function_name", "text", R},
                                                  {"function_argument_types", "frozen<list<text>>", R},
                                                  {"function_argument_values", "frozen<list<text>>", R},
                                                  {"function_argument_nulls", "frozen<list<boolean>>", R}};
constexpr SystemColumnDef kSchemaDroppedColumns[] = {{"keyspace_name", "text", PK}, {"table_name", "text", CK},
                                                     {"column_name", "text", CK},   {"dropped_time", "timestamp", R},
                                                     {"kind", "text", R},           {"type", "text", R}};
constexpr SystemColumnDef kSchemaTriggers[] = {{"keyspace_name", "text", PK},
                                               {"table_name", "text", CK},
                                               {"trigger_name", "text", CK},
                                               {"options", "frozen<map<text, text>>", R}};
constexpr SystemColumnDef kSchemaViews[] = {{"keyspace_name", "text", PK},
                                            {"view_name", "text", CK},
                                            {"base_table_id", "uuid", R},
                                            {"base_table_name", "text", R},
                                            {"where_clause", "text", R},
                                            {"allow_auto_snapshot", "boolean", R},
                                            {"bloom_filter_fp_chance", "double", R},
                                            {"caching", "frozen<map<text, text>>", R},
                                            {"comment", "text", R},
                                            {"compaction", "frozen<map<text, text>>", R},
                                            {"compression", "frozen<map<text, text>>", R},
                                            {"memtable", "text", R},
                                            {"crc_check_chance", "double", R},
                                            {"dclocal_read_repair_chance", "double", R},
                                            {"default_time_to_live", "int", R},
                                            {"extensions", "frozen<map<text, blob>>", R},
                                            {"gc_grace_seconds", "int", R},
                                            {"incremental_backups", "boolean", R},
                                            {"id", "uuid", R},
                                            {"include_all_columns", "boolean", R},
                                            {"max_index_interval", "int", R},
                                            {"memtable_flush_period_in_ms", "int", R},
                                            {"min_index_interval", "int", R},
                                            {"read_repair_chance", "double", R},
                                            {"speculative_retry", "text", R},
                                            {"additional_write_policy", "text", R},
                                            {"cdc", "boolean", R},
                                            {"read_repair", "text", R}};
constexpr SystemColumnDef kSchemaIndexes[] = {{"keyspace_name", "text", PK},
                                              {"table_name", "text", CK},
                                              {"index_name", "text", CK},
                                              {"kind", "text", R},
                                              {"options", "frozen<map<text, text>>", R}};
constexpr SystemColumnDef kSchemaTypes[] = {{"keyspace_name", "text", PK},
                                            {"type_name", "text", CK},
                                            {"field_names", "frozen<list<text>>", R},
                                            {"field_types", "frozen<list<text>>", R}};
constexpr SystemColumnDef kSchemaFunctions[] = {{"keyspace_name", "text", PK},
                                                {"function_name", "text", CK},
                                                {"argument_types", "frozen<list<text>>", CK},
                                                {"argument_names", "frozen<list<text>>", R},
                                                {"body", "text", R},
                                                {"language", "text", R},
                                                {"return_type", "text", R},
                                                {"called_on_null_input", "boolean", R}};
constexpr SystemColumnDef kSchemaAggregates[] = {
    {"keyspace_name", "text", PK}, {"aggregate_name", "text", CK}, {"argument_types", "frozen<list<text>>", CK},
    {"final_func", "text", R},     {"initcond", "text", R},        {"return_type", "text", R},
    {"state_func", "text", R},     {"state_type", "text", R}};

// ---- system_auth
constexpr SystemColumnDef kRoles[] = {{"role", "text", PK},
                                      {"is_superuser", "boolean", R},
                                      {"can_login", "boolean", R},
                                      {"salted_hash", "text", R},
                                      {"member_of", "set<text>", R}};
constexpr SystemColumnDef kIdentityToRole[] = {{"identity", "text", PK}, {"role", "text", R}};
constexpr SystemColumnDef kRoleMembers[] = {{"role", "text", PK}, {"member", "text", CK}};
constexpr SystemColumnDef kRolePermissions[] = {
    {"role", "text", PK}, {"resource", "text", CK}, {"permissions", "set<text>", R}};
constexpr SystemColumnDef kResourceRoleIndex[] = {{"resource", "text", PK}, {"role", "text", CK}};
constexpr SystemColumnDef kNetworkPermissions[] = {{"role", "text", PK}, {"dcs", "frozen<set<text>>", R}};
constexpr SystemColumnDef kCidrPermissions[] = {{"role", "text", PK}, {"cidr_groups", "frozen<set<text>>", R}};
constexpr SystemColumnDef kCidrGroups[] = {{"cidr_group", "text", PK},
                                           {"cidrs", "frozen<set<frozen<tuple<inet, smallint>>>>", R}};

// ---- system_distributed
constexpr SystemColumnDef kRepairHistory[] = {{"keyspace_name", "text", PK},
                                              {"columnfamily_name", "text", PK},
                                              {"id", "timeuuid", CK},
                                              {"parent_id", "timeuuid", R},
                                              {"range_begin", "text", R},
                                              {"range_end", "text", R},
                                              {"coordinator", "inet", R},
                                              {"coordinator_port", "int", R},
                                              {"participants", "set<inet>", R},
                                              {"participants_v2", "set<text>", R},
                                              {"exception_message", "text", R},
                                              {"exception_stacktrace", "text", R},
                                              {"status", "text", R},
                                              {"started_at", "timestamp", R},
                                              {"finished_at", "timestamp", R}};
constexpr SystemColumnDef kParentRepairHistory[] = {
    {"parent_id", "timeuuid", PK},       {"keyspace_name", "text", R},         {"columnfamily_names", "set<text>", R},
    {"started_at", "timestamp", R},      {"finished_at", "timestamp", R},      {"exception_message", "text", R},
    {"exception_stacktrace", "text", R}, {"requested_ranges", "set<text>", R}, {"successful_ranges", "set<text>", R},
    {"options", "map<text, text>", R}};
constexpr SystemColumnDef kViewBuildStatus[] = {
    {"keyspace_name", "text", PK}, {"view_name", "text", PK}, {"host_id", "uuid", CK}, {"status", "text", R}};
constexpr SystemColumnDef kPartitionDenylist[] = {
    {"ks_name", "text", PK}, {"table_name", "text", PK}, {"key", "blob", CK}};

// ---- system_traces
constexpr SystemColumnDef kTraceSessions[] = {
    {"session_id", "uuid", PK},           {"command", "text", R},         {"client", "inet", R},
    {"coordinator", "inet", R},           {"coordinator_port", "int", R}, {"duration", "int", R},
    {"parameters", "map<text, text>", R}, {"request", "text", R},         {"started_at", "timestamp", R}};
constexpr SystemColumnDef kTraceEvents[] = {
    {"session_id", "uuid", PK}, {"event_id", "timeuuid", CK}, {"activity", "text", R}, {"source", "inet", R},
    {"source_port", "int", R},  {"source_elapsed", "int", R}, {"thread", "text", R}};

constexpr const char* kPeersComment = "information about known peers in the cluster";
constexpr const char* kRangesComment = "available keyspace/ranges during bootstrap/replace that are ready to be served";
constexpr const char* kTransferredComment = "record of transferred ranges for streaming operation";
constexpr std::int32_t kWeek = 7 * 24 * 3600, kThirtyDays = 30 * 24 * 3600;

constexpr SystemTableDef kTables[] = {
    {"system", "IndexInfo", "built column indexes", kIndexInfo},
    {"system", "available_ranges", kRangesComment, kAvailableRanges},
    {"system", "available_ranges_v2", kRangesComment, kAvailableRangesV2},
    {"system", "batches", "batches awaiting replay", kBatches, 0, kSizeTieredMin2},
    {"system", "built_views", "built views", kBuiltViews},
    {"system", "compaction_history", "week-long compaction history", kCompactionHistory, kWeek},
    {"system", "local", "information about the local node", kLocal},
    {"system", "paxos", "in-progress paxos proposals", kPaxos, 0, kLeveled, "PaxosUncommittedIndex",
     "org.apache.cassandra.service.paxos.uncommitted.PaxosUncommittedIndex"},
    {"system", "paxos_repair_history", "paxos repair history", kPaxosRepairHistory},
    {"system", "peer_events", "events related to peers", kPeerEvents},
    {"system", "peer_events_v2", "events related to peers", kPeerEventsV2},
    {"system", "peers", kPeersComment, kPeers},
    {"system", "peers_v2", kPeersComment, kPeersV2},
    {"system", "prepared_statements", "prepared statements", kPreparedStatements},
    {"system", "repairs", "repairs", kRepairs},
    {"system", "size_estimates",
     "per-table primary range size estimates, table is deprecated in favor of table_estimates", kSizeEstimates},
    {"system", "sstable_activity", "historic sstable read rates", kSSTableActivity},
    {"system", "sstable_activity_v2", "historic sstable read rates", kSSTableActivityV2},
    {"system", "table_estimates", "per-table range size estimates", kTableEstimates},
    {"system", "top_partitions", "Stores the top partitions", kTopPartitions},
    {"system", "transferred_ranges", kTransferredComment, kTransferredRanges},
    {"system", "transferred_ranges_v2", kTransferredComment, kTransferredRangesV2},
    {"system", "view_builds_in_progress", "views builds current progress", kViewBuildsInProgress},

    {"system_auth", "cidr_groups", "cidr groups to cidrs mapping", kCidrGroups},
    {"system_auth", "cidr_permissions", "user cidr permissions", kCidrPermissions},
    {"system_auth", "identity_to_role", "mtls authorized identities lookup table", kIdentityToRole},
    {"system_auth", "network_permissions", "user network permissions", kNetworkPermissions},
    // Cassandra's spelling ("permissons").
    {"system_auth", "resource_role_permissons_index", "index of db roles with permissions granted on a resource",
     kResourceRoleIndex},
    {"system_auth", "role_members", "role memberships lookup table", kRoleMembers},
    {"system_auth", "role_permissions", "permissions granted to db roles", kRolePermissions},
    {"system_auth", "roles", "role definitions", kRoles},

    {"system_distributed", "parent_repair_history", "Repair history", kParentRepairHistory, kThirtyDays,
     kTimeWindowDays},
    {"system_distributed", "partition_denylist", "Partition keys which have been denied access", kPartitionDenylist},
    {"system_distributed", "repair_history", "Repair history", kRepairHistory, kThirtyDays, kTimeWindowDays},
    {"system_distributed", "view_build_status", "Materialized View build status", kViewBuildStatus},

    {"system_schema", "aggregates", "user defined aggregate definitions", kSchemaAggregates},
    {"system_schema", "column_masks", "column dynamic data masks", kSchemaColumnMasks},
    {"system_schema", "columns", "column definitions", kSchemaColumns},
    {"system_schema", "dropped_columns", "dropped column registry", kSchemaDroppedColumns},
    {"system_schema", "functions", "user defined function definitions", kSchemaFunctions},
    {"system_schema", "indexes", "secondary index definitions", kSchemaIndexes},
    {"system_schema", "keyspaces", "keyspace definitions", kSchemaKeyspaces},
    {"system_schema", "tables", "table definitions", kSchemaTables},
    {"system_schema", "triggers", "trigger definitions", kSchemaTriggers},
    {"system_schema", "types", "user defined type definitions", kSchemaTypes},
    {"system_schema", "views", "view definitions", kSchemaViews},

    {"system_traces", "events", "tracing events", kTraceEvents},
    {"system_traces", "sessions", "tracing sessions", kTraceSessions},
};

}  // namespace

std::span<const SystemKeyspaceDef> system_keyspace_defs() { return kKeyspaces; }

std::span<const SystemTableDef> stored_system_table_defs() { return kTables; }

const SystemKeyspaceDef* find_system_keyspace(std::string_view name) {
  for (const auto& k : kKeyspaces)
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace cqlbox::exec
