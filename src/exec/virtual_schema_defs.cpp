// The virtual keyspaces of Cassandra 5.0: system_views (db/virtual/*Table.java,
// index/sai/virtual) and system_virtual_schema. Where Cassandra builds columns in a loop (the
// gossip application states, the repair state timestamps, the metric kinds of the table metric
// tables) they are written out here as that loop produces them.
#include "exec/system_schema_defs.hpp"

namespace cqlbox::exec {

namespace {

constexpr auto PK = SystemColumnRole::PartitionKey;
constexpr auto CK = SystemColumnRole::ClusteringAsc;
constexpr auto R = SystemColumnRole::Regular;

constexpr SystemColumnDef kCaches[] = {
    {"name", "text", PK}, {"capacity_bytes", "bigint", R}, {"size_bytes", "bigint", R},
    {"entry_count", "int", R}, {"request_count", "bigint", R}, {"hit_count", "bigint", R},
    {"hit_ratio", "double", R}, {"recent_request_rate_per_second", "bigint", R},
    {"recent_hit_rate_per_second", "bigint", R}};
constexpr SystemColumnDef kClients[] = {
    {"address", "inet", PK}, {"port", "int", CK}, {"hostname", "text", R}, {"username", "text", R},
    {"connection_stage", "text", R}, {"protocol_version", "int", R},
    {"client_options", "frozen<map<text, text>>", R}, {"driver_name", "text", R}, {"driver_version", "text", R},
    {"request_count", "bigint", R}, {"ssl_enabled", "boolean", R}, {"ssl_protocol", "text", R},
    {"ssl_cipher_suite", "text", R}, {"keyspace_name", "text", R}};
constexpr SystemColumnDef kNameValueText[] = {{"name", "text", PK}, {"value", "text", R}};
constexpr SystemColumnDef kSSTableTasks[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", CK}, {"task_id", "timeuuid", CK},
    {"completion_ratio", "double", R}, {"kind", "text", R}, {"progress", "bigint", R}, {"sstables", "int", R},
    {"total", "bigint", R}, {"unit", "text", R}, {"target_directory", "text", R}};
constexpr SystemColumnDef kThreadPools[] = {
    {"name", "text", PK}, {"active_tasks", "int", R}, {"active_tasks_limit", "int", R},
    {"pending_tasks", "int", R}, {"completed_tasks", "bigint", R}, {"blocked_tasks", "bigint", R},
    {"blocked_tasks_all_time", "bigint", R}};
constexpr SystemColumnDef kInternodeOutbound[] = {
    {"address", "inet", PK}, {"port", "int", PK}, {"dc", "text", CK}, {"rack", "text", CK},
    {"using_bytes", "bigint", R}, {"using_reserve_bytes", "bigint", R}, {"pending_count", "bigint", R},
    {"pending_bytes", "bigint", R}, {"sent_count", "bigint", R}, {"sent_bytes", "bigint", R},
    {"expired_count", "bigint", R}, {"expired_bytes", "bigint", R}, {"error_count", "bigint", R},
    {"error_bytes", "bigint", R}, {"overload_count", "bigint", R}, {"overload_bytes", "bigint", R},
    {"active_connections", "bigint", R}, {"connection_attempts", "bigint", R},
    {"successful_connection_attempts", "bigint", R}};
constexpr SystemColumnDef kInternodeInbound[] = {
    {"address", "inet", PK}, {"port", "int", PK}, {"dc", "text", CK}, {"rack", "text", CK},
    {"using_bytes", "bigint", R}, {"using_reserve_bytes", "bigint", R}, {"corrupt_frames_recovered", "bigint", R},
    {"corrupt_frames_unrecovered", "bigint", R}, {"error_bytes", "bigint", R}, {"error_count", "bigint", R},
    {"expired_bytes", "bigint", R}, {"expired_count", "bigint", R}, {"scheduled_bytes", "bigint", R},
    {"scheduled_count", "bigint", R}, {"processed_bytes", "bigint", R}, {"processed_count", "bigint", R},
    {"received_bytes", "bigint", R}, {"received_count", "bigint", R}, {"throttled_count", "bigint", R},
    {"throttled_nanos", "bigint", R}};
constexpr SystemColumnDef kPendingHints[] = {
    {"host_id", "uuid", PK}, {"address", "inet", R}, {"port", "int", R}, {"rack", "text", R}, {"dc", "text", R},
    {"status", "text", R}, {"files", "int", R}, {"newest", "timestamp", R}, {"oldest", "timestamp", R}};

// TableMetricTables: a timer (latency) has a count, percentiles in ms and a rate; a histogram a
// count and plain percentiles; a counter or gauge one value.
constexpr SystemColumnDef kLatencyMetric[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", PK}, {"count", "bigint", R},
    {"p50th_ms", "double", R}, {"p99th_ms", "double", R}, {"max_ms", "double", R}, {"per_second", "double", R}};
constexpr SystemColumnDef kHistogramMetric[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", PK}, {"count", "bigint", R}, {"p50th", "double", R},
    {"p99th", "double", R}, {"max", "double", R}};
constexpr SystemColumnDef kStorageMetric[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", PK}, {"mebibytes", "bigint", R}};
constexpr SystemColumnDef kMaxSSTableDuration[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", PK}, {"max_sstable_duration", "bigint", R}};

constexpr SystemColumnDef kRoleKey[] = {{"role", "text", PK}};
constexpr SystemColumnDef kPermissionsCacheKeys[] = {{"role", "text", PK}, {"resource", "text", PK}};
constexpr SystemColumnDef kCqlMetrics[] = {{"name", "text", PK}, {"value", "double", R}};
constexpr SystemColumnDef kBatchMetrics[] = {
    {"name", "text", PK}, {"p50th", "double", R}, {"p99th", "double", R}, {"p999th", "double", R},
    {"max", "bigint", R}};
constexpr SystemColumnDef kStreaming[] = {
    {"id", "timeuuid", PK}, {"follower", "boolean", R}, {"operation", "text", R},
    {"peers", "frozen<list<text>>", R}, {"status", "text", R}, {"progress_percentage", "float", R},
    {"last_updated_at", "timestamp", R}, {"duration_millis", "bigint", R}, {"failure_cause", "text", R},
    {"success_message", "text", R}, {"bytes_to_receive", "bigint", R}, {"bytes_received", "bigint", R},
    {"bytes_to_send", "bigint", R}, {"bytes_sent", "bigint", R}, {"files_to_receive", "bigint", R},
    {"files_received", "bigint", R}, {"files_to_send", "bigint", R}, {"files_sent", "bigint", R},
    {"status_init_timestamp", "timestamp", R}, {"status_start_timestamp", "timestamp", R},
    {"status_success_timestamp", "timestamp", R}, {"status_failure_timestamp", "timestamp", R}};
// A value column for every gossip ApplicationState but TOKENS, a version column for each.
constexpr SystemColumnDef kGossipInfo[] = {
    {"address", "inet", PK}, {"port", "int", CK}, {"hostname", "text", R}, {"generation", "int", R},
    {"heartbeat", "int", R},
    {"status", "text", R}, {"load", "text", R}, {"schema", "text", R}, {"dc", "text", R}, {"rack", "text", R},
    {"release_version", "text", R}, {"removal_coordinator", "text", R}, {"internal_ip", "text", R},
    {"rpc_address", "text", R}, {"x_11_padding", "text", R}, {"severity", "text", R},
    {"net_version", "text", R}, {"host_id", "text", R}, {"rpc_ready", "text", R},
    {"internal_address_and_port", "text", R}, {"native_address_and_port", "text", R},
    {"status_with_port", "text", R}, {"sstable_versions", "text", R}, {"disk_usage", "text", R},
    {"index_status", "text", R}, {"x1", "text", R}, {"x2", "text", R}, {"x3", "text", R}, {"x4", "text", R},
    {"x5", "text", R}, {"x6", "text", R}, {"x7", "text", R}, {"x8", "text", R}, {"x9", "text", R},
    {"x10", "text", R}, {"status_version", "int", R}, {"load_version", "int", R}, {"schema_version", "int", R},
    {"dc_version", "int", R}, {"rack_version", "int", R}, {"release_version_version", "int", R},
    {"removal_coordinator_version", "int", R}, {"internal_ip_version", "int", R},
    {"rpc_address_version", "int", R}, {"x_11_padding_version", "int", R}, {"severity_version", "int", R},
    {"net_version_version", "int", R}, {"host_id_version", "int", R}, {"tokens_version", "int", R},
    {"rpc_ready_version", "int", R}, {"internal_address_and_port_version", "int", R},
    {"native_address_and_port_version", "int", R}, {"status_with_port_version", "int", R},
    {"sstable_versions_version", "int", R}, {"disk_usage_version", "int", R},
    {"index_status_version", "int", R}, {"x1_version", "int", R}, {"x2_version", "int", R},
    {"x3_version", "int", R}, {"x4_version", "int", R}, {"x5_version", "int", R}, {"x6_version", "int", R},
    {"x7_version", "int", R}, {"x8_version", "int", R}, {"x9_version", "int", R}, {"x10_version", "int", R}};
constexpr SystemColumnDef kQueries[] = {
    {"thread_id", "text", PK}, {"queued_micros", "bigint", R}, {"running_micros", "bigint", R},
    {"task", "text", R}};
constexpr SystemColumnDef kSystemLogs[] = {
    {"timestamp", "timestamp", PK}, {"order_in_millisecond", "int", CK}, {"logger", "text", R},
    {"level", "text", R}, {"message", "text", R}};
constexpr SystemColumnDef kSnapshots[] = {
    {"name", "text", PK}, {"keyspace_name", "text", CK}, {"table_name", "text", CK},
    {"true_size", "bigint", R}, {"size_on_disk", "bigint", R}, {"created_at", "timestamp", R},
    {"expires_at", "timestamp", R}, {"ephemeral", "boolean", R}};

// LocalRepairTables: every table starts with the same progress columns (id is a timeuuid for
// repairs, sessions and participates, a uuid for jobs and validations), then one
// state_<state>_timestamp column per state of its state machine.
constexpr SystemColumnDef kRepairSummary[] = {
    {"id", "timeuuid", PK}, {"last_updated_at", "timestamp", R}, {"completed", "boolean", R},
    {"duration_millis", "bigint", R}, {"failure_cause", "text", R}, {"success_message", "text", R},
    {"state_init_timestamp", "timestamp", R}, {"state_success_timestamp", "timestamp", R},
    {"state_skipped_timestamp", "timestamp", R}, {"state_failure_timestamp", "timestamp", R},
    {"status", "text", R}, {"command_id", "int", R}, {"keyspace_name", "text", R}, {"type", "text", R},
    {"sessions", "frozen<set<timeuuid>>", R}, {"options_parallelism", "text", R},
    {"options_primary_range", "boolean", R}, {"options_incremental", "boolean", R},
    {"options_trace", "boolean", R}, {"options_job_threads", "int", R}, {"options_subrange_repair", "boolean", R},
    {"options_pull_repair", "boolean", R}, {"options_force_repair", "boolean", R},
    {"options_preview_kind", "text", R}, {"options_optimise_streams", "boolean", R},
    {"options_ignore_unreplicated_keyspaces", "boolean", R}, {"options_column_families", "frozen<set<text>>", R},
    {"options_data_centers", "frozen<set<text>>", R}, {"options_hosts", "frozen<set<text>>", R},
    {"options_ranges", "frozen<set<text>>", R}, {"table_names", "frozen<list<text>>", R},
    {"ranges", "frozen<list<frozen<list<text>>>>", R}, {"unfiltered_ranges", "frozen<list<frozen<list<text>>>>", R},
    {"participants", "frozen<list<text>>", R}, {"state_setup_timestamp", "timestamp", R},
    {"state_start_timestamp", "timestamp", R}, {"state_prepare_start_timestamp", "timestamp", R},
    {"state_prepare_complete_timestamp", "timestamp", R}, {"state_repair_start_timestamp", "timestamp", R},
    {"state_repair_complete_timestamp", "timestamp", R}};
constexpr SystemColumnDef kRepairSessions[] = {
    {"id", "timeuuid", PK}, {"last_updated_at", "timestamp", R}, {"completed", "boolean", R},
    {"duration_millis", "bigint", R}, {"failure_cause", "text", R}, {"success_message", "text", R},
    {"state_init_timestamp", "timestamp", R}, {"state_success_timestamp", "timestamp", R},
    {"state_skipped_timestamp", "timestamp", R}, {"state_failure_timestamp", "timestamp", R},
    {"status", "text", R}, {"repair_id", "timeuuid", R}, {"keyspace_name", "text", R},
    {"table_names", "frozen<list<text>>", R}, {"ranges", "frozen<list<text>>", R},
    {"participants", "frozen<list<text>>", R}, {"jobs", "frozen<set<uuid>>", R},
    {"state_start_timestamp", "timestamp", R}, {"state_jobs_start_timestamp", "timestamp", R}};
constexpr SystemColumnDef kRepairJobs[] = {
    {"id", "uuid", PK}, {"last_updated_at", "timestamp", R}, {"completed", "boolean", R},
    {"duration_millis", "bigint", R}, {"failure_cause", "text", R}, {"success_message", "text", R},
    {"state_init_timestamp", "timestamp", R}, {"state_success_timestamp", "timestamp", R},
    {"state_skipped_timestamp", "timestamp", R}, {"state_failure_timestamp", "timestamp", R},
    {"status", "text", R}, {"participants", "frozen<list<text>>", R}, {"repair_id", "timeuuid", R},
    {"session_id", "timeuuid", R}, {"keyspace_name", "text", R}, {"table_name", "text", R},
    {"ranges", "frozen<list<text>>", R}, {"state_start_timestamp", "timestamp", R},
    {"state_snapshot_start_timestamp", "timestamp", R}, {"state_snapshot_complete_timestamp", "timestamp", R},
    {"state_validation_start_timestamp", "timestamp", R},
    {"state_validation_complete_timestamp", "timestamp", R}, {"state_stream_start_timestamp", "timestamp", R}};
constexpr SystemColumnDef kRepairParticipates[] = {
    {"id", "timeuuid", PK}, {"last_updated_at", "timestamp", R}, {"completed", "boolean", R},
    {"duration_millis", "bigint", R}, {"failure_cause", "text", R}, {"success_message", "text", R},
    {"state_init_timestamp", "timestamp", R}, {"state_success_timestamp", "timestamp", R},
    {"state_skipped_timestamp", "timestamp", R}, {"state_failure_timestamp", "timestamp", R},
    {"initiator", "text", R}, {"tables", "frozen<set<text>>", R}, {"ranges", "frozen<list<text>>", R},
    {"incremental", "boolean", R}, {"global", "boolean", R}, {"preview_kind", "text", R},
    {"repaired_at", "timestamp", R}, {"validations", "frozen<set<uuid>>", R}};
constexpr SystemColumnDef kRepairValidations[] = {
    {"id", "uuid", PK}, {"last_updated_at", "timestamp", R}, {"completed", "boolean", R},
    {"duration_millis", "bigint", R}, {"failure_cause", "text", R}, {"success_message", "text", R},
    {"state_init_timestamp", "timestamp", R}, {"state_success_timestamp", "timestamp", R},
    {"state_skipped_timestamp", "timestamp", R}, {"state_failure_timestamp", "timestamp", R},
    {"status", "text", R}, {"repair_id", "timeuuid", R}, {"session_id", "timeuuid", R},
    {"keyspace_name", "text", R}, {"table_name", "text", R}, {"ranges", "frozen<list<text>>", R},
    {"initiator", "text", R}, {"estimated_partitions", "bigint", R}, {"estimated_total_bytes", "bigint", R},
    {"partitions_processed", "bigint", R}, {"bytes_read", "bigint", R}, {"progress_percentage", "float", R},
    {"state_accept_timestamp", "timestamp", R}, {"state_start_timestamp", "timestamp", R},
    {"state_sending_trees_timestamp", "timestamp", R}};

constexpr SystemColumnDef kCidrCounts[] = {{"name", "text", PK}, {"value", "bigint", R}};
constexpr SystemColumnDef kCidrLatencies[] = {
    {"name", "text", PK}, {"p50th", "double", R}, {"p95th", "double", R}, {"p99th", "double", R},
    {"p999th", "double", R}, {"max", "double", R}};
constexpr SystemColumnDef kSaiColumnIndexes[] = {
    {"keyspace_name", "text", PK}, {"index_name", "text", CK}, {"table_name", "text", R},
    {"column_name", "text", R}, {"is_queryable", "boolean", R}, {"is_building", "boolean", R},
    {"is_string", "boolean", R}, {"analyzer", "text", R}};
constexpr SystemColumnDef kSaiSSTableIndexes[] = {
    {"keyspace_name", "text", PK}, {"index_name", "text", CK}, {"sstable_name", "text", CK},
    {"table_name", "text", R}, {"column_name", "text", R}, {"format_version", "text", R},
    {"cell_count", "bigint", R}, {"min_row_id", "bigint", R}, {"max_row_id", "bigint", R},
    {"start_token", "text", R}, {"end_token", "text", R}, {"per_table_disk_size", "bigint", R},
    {"per_column_disk_size", "bigint", R}};
constexpr SystemColumnDef kSaiSegments[] = {
    {"keyspace_name", "text", PK}, {"index_name", "text", CK}, {"sstable_name", "text", CK},
    {"segment_row_id_offset", "bigint", CK}, {"table_name", "text", R}, {"column_name", "text", R},
    {"cell_count", "bigint", R}, {"min_sstable_row_id", "bigint", R}, {"max_sstable_row_id", "bigint", R},
    {"start_token", "text", R}, {"end_token", "text", R}, {"min_term", "text", R}, {"max_term", "text", R},
    {"component_metadata", "frozen<map<text, frozen<map<text, text>>>>", R}};

// ---- system_virtual_schema
constexpr SystemColumnDef kVirtualKeyspaces[] = {{"keyspace_name", "text", PK}};
constexpr SystemColumnDef kVirtualTables[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", CK}, {"comment", "text", R}};
constexpr SystemColumnDef kVirtualColumns[] = {
    {"keyspace_name", "text", PK}, {"table_name", "text", CK}, {"column_name", "text", CK},
    {"clustering_order", "text", R}, {"column_name_bytes", "blob", R}, {"kind", "text", R},
    {"position", "int", R}, {"type", "text", R}};

constexpr const char* V = "system_views";

constexpr SystemTableDef kTables[] = {
    {V, "batch_metrics", "Metrics specific to batch statements", kBatchMetrics},
    {V, "caches", "system caches", kCaches},
    {V, "cidr_filtering_metrics_counts", "Count metrics specific to CIDR filtering", kCidrCounts},
    {V, "cidr_filtering_metrics_latencies", "Latency metrics specific to CIDR filtering", kCidrLatencies},
    {V, "clients", "currently connected clients", kClients},
    {V, "coordinator_read_latency", "", kLatencyMetric},
    {V, "coordinator_scan_latency", "", kLatencyMetric},
    {V, "coordinator_write_latency", "", kLatencyMetric},
    {V, "cql_metrics", "Metrics specific to CQL prepared statement caching", kCqlMetrics},
    {V, "credentials_cache_keys", "keys in the credentials cache", kRoleKey},
    {V, "disk_usage", "", kStorageMetric},
    {V, "gossip_info", "lists the gossip information for the cluster", kGossipInfo},
    {V, "internode_inbound", "", kInternodeInbound},
    {V, "internode_outbound", "", kInternodeOutbound},
    {V, "jmx_permissions_cache_keys", "keys in the JMX permissions cache", kRoleKey},
    {V, "local_read_latency", "", kLatencyMetric},
    {V, "local_scan_latency", "", kLatencyMetric},
    {V, "local_write_latency", "", kLatencyMetric},
    {V, "max_partition_size", "", kStorageMetric},
    {V, "max_sstable_duration", "", kMaxSSTableDuration},
    {V, "max_sstable_size", "", kStorageMetric},
    {V, "network_permissions_cache_keys", "keys in the network permissions cache", kRoleKey},
    {V, "pending_hints", "Pending hints that this node has for other nodes", kPendingHints},
    {V, "permissions_cache_keys", "keys in the permissions cache", kPermissionsCacheKeys},
    {V, "queries", "Lists currently running queries", kQueries},
    {V, "repair_jobs", "Repair job", kRepairJobs},
    {V, "repair_participates", "Repair participate summary", kRepairParticipates},
    {V, "repair_sessions", "Repair session", kRepairSessions},
    {V, "repair_validations", "Repair validation", kRepairValidations},
    {V, "repairs", "Repair summary", kRepairSummary},
    {V, "roles_cache_keys", "keys in the roles cache", kRoleKey},
    {V, "rows_per_read", "", kHistogramMetric},
    {V, "sai_column_indexes", "Storage-attached column index metadata", kSaiColumnIndexes},
    {V, "sai_sstable_index_segments", "SSTable index segment metadata", kSaiSegments},
    {V, "sai_sstable_indexes", "SSTable index metadata", kSaiSSTableIndexes},
    {V, "settings", "current settings", kNameValueText},
    {V, "snapshots", "available snapshots", kSnapshots},
    {V, "sstable_tasks", "current sstable tasks", kSSTableTasks},
    {V, "streaming", "", kStreaming},
    {V, "system_logs", "Cassandra logs", kSystemLogs},
    {V, "system_properties", "Cassandra relevant system properties", kNameValueText},
    {V, "thread_pools", "", kThreadPools},
    {V, "tombstones_per_read", "", kHistogramMetric},

    {"system_virtual_schema", "columns", "virtual column definitions", kVirtualColumns},
    {"system_virtual_schema", "keyspaces", "virtual keyspace definitions", kVirtualKeyspaces},
    {"system_virtual_schema", "tables", "virtual table definitions", kVirtualTables},
};

}  // namespace

std::span<const SystemTableDef> virtual_system_table_defs() { return kTables; }

}  // namespace cqlbox::exec
