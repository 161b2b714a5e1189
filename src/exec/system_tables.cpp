#include "exec/system_tables.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::exec {

namespace {

using types::Kind;

const types::CqlType* T(Kind k) { return types::native_type(k); }
const types::CqlType* set_text() { return types::collection_type(Kind::Set, {T(Kind::Text)}, false); }
const types::CqlType* map_text() { return types::collection_type(Kind::Map, {T(Kind::Text), T(Kind::Text)}, true); }
const types::CqlType* list_text() { return types::collection_type(Kind::List, {T(Kind::Text)}, true); }

struct ColumnSpec {
  const char* name;
  const types::CqlType* type;
  schema::ColumnKind kind;
};

schema::TableSchema make_table(const char* ks, const char* name, std::vector<ColumnSpec> cols) {
  schema::TableSchema t;
  t.keyspace = ks;
  t.name = name;
  std::vector<schema::Column> statics, regulars;
  for (const auto& c : cols) {
    schema::Column col{c.name, c.type, c.kind, 0};
    if (c.kind == schema::ColumnKind::PartitionKey) {
      col.position = static_cast<int>(t.partition_key.size());
      t.columns.push_back(col);
      t.partition_key.push_back(static_cast<int>(t.columns.size() - 1));
    } else if (c.kind == schema::ColumnKind::Clustering) {
      col.position = static_cast<int>(t.clustering.size());
      t.columns.push_back(col);
      t.clustering.push_back(static_cast<int>(t.columns.size() - 1));
    } else {
      regulars.push_back(col);
    }
  }
  t.relayout(std::move(statics), std::move(regulars));
  return t;
}

constexpr auto PK = schema::ColumnKind::PartitionKey;
constexpr auto CK = schema::ColumnKind::Clustering;
constexpr auto R = schema::ColumnKind::Regular;

std::string text(std::string_view s) { return std::string(s); }
std::string boolean(bool b) { return std::string(1, b ? '\1' : '\0'); }
std::string int32(std::int32_t v) { return types::be_bytes(v); }
std::string inet(const std::string& a) {
  unsigned char buf[4];
  inet_pton(AF_INET, a.c_str(), buf);
  return std::string(reinterpret_cast<char*>(buf), 4);
}
std::string uuid_text(const std::string& s) { return types::encode_constant(*T(Kind::Uuid), types::ConstantKind::Uuid, s, "id"); }
std::string stable_uuid(const std::string& seed) {
  // A deterministic version-4 uuid (table ids, schema versions).
  const auto a = static_cast<std::uint64_t>(util::murmur3_token(seed + "#a"));
  const auto b = static_cast<std::uint64_t>(util::murmur3_token(seed + "#b"));
  return types::be_bytes((a & 0xffffffffffff0fffULL) | 0x4000ULL) +
         types::be_bytes((b & 0x3fffffffffffffffULL) | 0x8000000000000000ULL);
}

// One row: column name -> value bytes; columns left out are absent.
using RowValues = std::vector<std::pair<const char*, std::string>>;

void write_row(store::TableStore& st, const schema::TableSchema& t, const RowValues& values) {
  store::Mutation m;
  std::vector<std::string_view> pk(t.partition_key.size());
  std::vector<std::string> ck(t.clustering.size());
  for (const auto& [name, bytes] : values) {
    const schema::Column& c = t.column(t.find(name));
    if (c.kind == PK) pk[static_cast<std::size_t>(c.position)] = bytes;
    else if (c.kind == CK) ck[static_cast<std::size_t>(c.position)] = bytes;
  }
  std::vector<std::string_view> parts(pk.begin(), pk.end());
  if (parts.size() == 1) {
    m.partition_key = std::string(parts[0]);
  } else {
    for (auto p : parts) {
      types::append_be(m.partition_key, static_cast<std::uint16_t>(p.size()));
      m.partition_key.append(p);
      m.partition_key += '\0';
    }
  }
  for (const auto& c : ck) store::append_component(m.clustering, c);
  m.has_row = true;
  m.marker = {1, 0, store::kNoExpiry};
  for (const auto& [name, bytes] : values) {
    const schema::Column& c = t.column(t.find(name));
    if (c.is_primary_key()) continue;
    store::Cell cell;
    cell.timestamp = 1;
    cell.value = bytes;
    m.cells.emplace_back(c.position, std::move(cell));
  }
  st.apply(m);
}

std::string tokens_set(const cluster::Node& n) {
  std::vector<std::string> tokens;
  for (auto tok : n.tokens) tokens.push_back(std::to_string(tok));
  std::sort(tokens.begin(), tokens.end());
  return types::encode_elements(tokens);
}

std::string replication_map(const schema::KeyspaceSchema& ks) {
  std::vector<std::pair<std::string, std::string>> pairs(ks.replication.begin(), ks.replication.end());
  return types::encode_pairs(pairs);
}

const char* kind_text(schema::ColumnKind k) {
  switch (k) {
    case PK: return "partition_key";
    case CK: return "clustering";
    case schema::ColumnKind::Static: return "static";
    default: return "regular";
  }
}

}  // namespace

void register_system_tables(Database& db) {
  std::vector<schema::TableSchema> tables;
  tables.push_back(make_table("system", "local", {
      {"key", T(Kind::Text), PK}, {"bootstrapped", T(Kind::Text), R}, {"broadcast_address", T(Kind::Inet), R},
      {"broadcast_port", T(Kind::Int), R}, {"cluster_name", T(Kind::Text), R}, {"cql_version", T(Kind::Text), R},
      {"data_center", T(Kind::Text), R}, {"host_id", T(Kind::Uuid), R}, {"listen_address", T(Kind::Inet), R},
      {"listen_port", T(Kind::Int), R}, {"native_protocol_version", T(Kind::Text), R},
      {"partitioner", T(Kind::Text), R}, {"rack", T(Kind::Text), R}, {"release_version", T(Kind::Text), R},
      {"rpc_address", T(Kind::Inet), R}, {"rpc_port", T(Kind::Int), R}, {"schema_version", T(Kind::Uuid), R},
      {"tokens", set_text(), R}}));
  tables.push_back(make_table("system", "peers", {
      {"peer", T(Kind::Inet), PK}, {"data_center", T(Kind::Text), R}, {"host_id", T(Kind::Uuid), R},
      {"preferred_ip", T(Kind::Inet), R}, {"rack", T(Kind::Text), R}, {"release_version", T(Kind::Text), R},
      {"rpc_address", T(Kind::Inet), R}, {"schema_version", T(Kind::Uuid), R}, {"tokens", set_text(), R}}));
  tables.push_back(make_table("system", "peers_v2", {
      {"peer", T(Kind::Inet), PK}, {"peer_port", T(Kind::Int), CK}, {"data_center", T(Kind::Text), R},
      {"host_id", T(Kind::Uuid), R}, {"native_address", T(Kind::Inet), R}, {"native_port", T(Kind::Int), R},
      {"preferred_ip", T(Kind::Inet), R}, {"preferred_port", T(Kind::Int), R}, {"rack", T(Kind::Text), R},
      {"release_version", T(Kind::Text), R}, {"schema_version", T(Kind::Uuid), R}, {"tokens", set_text(), R}}));
  tables.push_back(make_table("system_schema", "keyspaces", {
      {"keyspace_name", T(Kind::Text), PK}, {"durable_writes", T(Kind::Boolean), R}, {"replication", map_text(), R}}));
  tables.push_back(make_table("system_schema", "tables", {
      {"keyspace_name", T(Kind::Text), PK}, {"table_name", T(Kind::Text), CK}, {"comment", T(Kind::Text), R},
      {"default_time_to_live", T(Kind::Int), R}, {"gc_grace_seconds", T(Kind::Int), R}, {"id", T(Kind::Uuid), R}}));
  tables.push_back(make_table("system_schema", "columns", {
      {"keyspace_name", T(Kind::Text), PK}, {"table_name", T(Kind::Text), CK}, {"column_name", T(Kind::Text), CK},
      {"clustering_order", T(Kind::Text), R}, {"column_name_bytes", T(Kind::Blob), R}, {"kind", T(Kind::Text), R},
      {"position", T(Kind::Int), R}, {"type", T(Kind::Text), R}}));
  tables.push_back(make_table("system_schema", "types", {
      {"keyspace_name", T(Kind::Text), PK}, {"type_name", T(Kind::Text), CK}, {"field_names", list_text(), R},
      {"field_types", list_text(), R}}));
  tables.push_back(make_table("system_schema", "indexes", {
      {"keyspace_name", T(Kind::Text), PK}, {"table_name", T(Kind::Text), CK}, {"index_name", T(Kind::Text), CK},
      {"kind", T(Kind::Text), R}, {"options", map_text(), R}}));
  // The option columns other than comment and gc_grace_seconds stay null, as in tables.
  const types::CqlType* map_blob = types::collection_type(Kind::Map, {T(Kind::Text), T(Kind::Blob)}, true);
  tables.push_back(make_table("system_schema", "views", {
      {"keyspace_name", T(Kind::Text), PK}, {"view_name", T(Kind::Text), CK},
      {"additional_write_policy", T(Kind::Text), R}, {"allow_auto_snapshot", T(Kind::Boolean), R},
      {"base_table_id", T(Kind::Uuid), R}, {"base_table_name", T(Kind::Text), R},
      {"bloom_filter_fp_chance", T(Kind::Double), R}, {"caching", map_text(), R}, {"cdc", T(Kind::Boolean), R},
      {"comment", T(Kind::Text), R}, {"compaction", map_text(), R}, {"compression", map_text(), R},
      {"crc_check_chance", T(Kind::Double), R}, {"dclocal_read_repair_chance", T(Kind::Double), R},
      {"default_time_to_live", T(Kind::Int), R}, {"extensions", map_blob, R}, {"gc_grace_seconds", T(Kind::Int), R},
      {"id", T(Kind::Uuid), R}, {"include_all_columns", T(Kind::Boolean), R},
      {"incremental_backups", T(Kind::Boolean), R}, {"max_index_interval", T(Kind::Int), R},
      {"memtable", T(Kind::Text), R}, {"memtable_flush_period_in_ms", T(Kind::Int), R},
      {"min_index_interval", T(Kind::Int), R}, {"read_repair", T(Kind::Text), R},
      {"read_repair_chance", T(Kind::Double), R}, {"speculative_retry", T(Kind::Text), R},
      {"where_clause", T(Kind::Text), R}}));
  for (auto& t : tables) db.catalog.add_table(std::move(t));
}

bool is_system_table(const schema::TableSchema& t) {
  return t.keyspace == "system" || t.keyspace == "system_schema";
}

void refresh_system_table(Database& db, const schema::TableSchema& t) {
  store::TableStore& st = db.store_of(t);
  st.clear();
  const auto& nodes = db.ring.nodes();
  const std::string schema_version = stable_uuid([&] {
    std::string s;
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, tt] : ks.tables) s += name + "." + tn + ";";
    return s;
  }());
  if (t.keyspace == "system" && t.name == "local") {
    const cluster::Node& n = nodes.front();
    write_row(st, t, {{"key", text("local")}, {"bootstrapped", text("COMPLETED")}, {"broadcast_address", inet(n.address)},
                      {"broadcast_port", int32(7000)}, {"cluster_name", text("Test Cluster")},
                      {"cql_version", text("3.4.7")}, {"data_center", text("datacenter1")},
                      {"host_id", uuid_text(n.host_id)}, {"listen_address", inet(n.address)}, {"listen_port", int32(7000)},
                      {"native_protocol_version", text("5")},
                      {"partitioner", text("org.apache.cassandra.dht.Murmur3Partitioner")}, {"rack", text("rack1")},
                      {"release_version", text("5.0.2")}, {"rpc_address", inet(n.address)}, {"rpc_port", int32(9042)},
                      {"schema_version", schema_version}, {"tokens", tokens_set(n)}});
  } else if (t.keyspace == "system" && (t.name == "peers" || t.name == "peers_v2")) {
    for (std::size_t i = 1; i < nodes.size(); ++i) {
      const cluster::Node& n = nodes[i];
      RowValues row = {{"peer", inet(n.address)}, {"data_center", text("datacenter1")}, {"host_id", uuid_text(n.host_id)},
                       {"preferred_ip", inet(n.address)}, {"rack", text("rack1")}, {"release_version", text("5.0.2")},
                       {"schema_version", schema_version}, {"tokens", tokens_set(n)}};
      if (t.name == "peers") {
        row.push_back({"rpc_address", inet(n.address)});
      } else {
        row.push_back({"peer_port", int32(7000)});
        row.push_back({"native_address", inet(n.address)});
        row.push_back({"native_port", int32(9042)});
        row.push_back({"preferred_port", int32(7000)});
      }
      write_row(st, t, row);
    }
  } else if (t.name == "keyspaces") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      write_row(st, t, {{"keyspace_name", text(name)}, {"durable_writes", boolean(ks.durable_writes)},
                        {"replication", replication_map(ks)}});
  } else if (t.name == "tables") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, tt] : ks.tables) {
        if (tt.view) continue;  // views have their own table
        auto comment = tt.options.find("comment");
        std::string c = comment == tt.options.end() ? "" : comment->second.substr(1, comment->second.size() - 2);
        auto gc = tt.options.find("gc_grace_seconds");
        write_row(st, t, {{"keyspace_name", text(name)}, {"table_name", text(tn)}, {"comment", c},
                          {"default_time_to_live", int32(tt.default_time_to_live)},
                          {"gc_grace_seconds", int32(gc == tt.options.end() ? 864000 : std::atoi(gc->second.c_str()))},
                          {"id", stable_uuid(name + "." + tn)}});
      }
  } else if (t.name == "columns") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, tt] : ks.tables)
        for (const auto& c : tt.columns) {
          const bool clustering = c.kind == CK;
          write_row(st, t, {{"keyspace_name", text(name)}, {"table_name", text(tn)}, {"column_name", text(c.name)},
                            {"clustering_order", text(clustering ? (c.reversed ? "desc" : "asc") : "none")},
                            {"column_name_bytes", text(c.name)}, {"kind", text(kind_text(c.kind))},
                            {"position", int32(c.is_primary_key() ? c.position : -1)}, {"type", text(c.type->name)}});
        }
  } else if (t.name == "types") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, type] : ks.types) {
        std::vector<std::string> types_text;
        for (const auto* p : type->params) types_text.push_back(p->name);
        write_row(st, t, {{"keyspace_name", text(name)}, {"type_name", text(tn)},
                          {"field_names", types::encode_elements(type->fields)},
                          {"field_types", types::encode_elements(types_text)}});
      }
  } else if (t.name == "views") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, tt] : ks.tables) {
        if (!tt.view) continue;
        auto comment = tt.options.find("comment");
        std::string c = comment == tt.options.end() ? "" : comment->second.substr(1, comment->second.size() - 2);
        auto gc = tt.options.find("gc_grace_seconds");
        write_row(st, t, {{"keyspace_name", text(name)}, {"view_name", text(tn)},
                          {"base_table_id", stable_uuid(name + "." + tt.view->base)},
                          {"base_table_name", text(tt.view->base)}, {"comment", c},
                          {"default_time_to_live", int32(0)},
                          {"gc_grace_seconds", int32(gc == tt.options.end() ? 864000 : std::atoi(gc->second.c_str()))},
                          {"id", stable_uuid(name + "." + tn)},
                          {"include_all_columns", boolean(tt.view->include_all_columns)},
                          {"where_clause", text(tt.view->where_text())}});
      }
  } else if (t.name == "indexes") {
    for (const auto& [name, ks] : db.catalog.keyspaces())
      for (const auto& [tn, tt] : ks.tables)
        for (const auto& idx : tt.indexes)
          write_row(st, t, {{"keyspace_name", text(name)}, {"table_name", text(tn)}, {"index_name", text(idx.name)},
                            {"kind", text(idx.custom_class.empty() ? "COMPOSITES" : "CUSTOM")},
                            {"options", types::encode_pairs({{"target", idx.target}})}});
  }
}

}  // namespace cqlbox::exec
