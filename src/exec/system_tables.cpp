#include "exec/system_tables.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstring>
#include <functional>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "exec/node_views.hpp"
#include "exec/system_rows.hpp"
#include "exec/system_schema_defs.hpp"
#include "schema/option_names.hpp"
#include "schema/table_id.hpp"
#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/collection.hpp"
#include "types/type_name.hpp"
#include "util/murmur3.hpp"

namespace cqlbox::exec {

namespace {

using types::Kind;

constexpr auto PK = schema::ColumnKind::PartitionKey;
constexpr auto CK = schema::ColumnKind::Clustering;
constexpr auto R = schema::ColumnKind::Regular;

using namespace system_rows;  // text, int32, inet, write_row, …

std::string stable_uuid(const std::string& seed) { return schema::derived_uuid(seed); }  // schema versions

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

// Type strings already read, keyed by the literal's address (the defs repeat "text", "int", …
// hundreds of times; reading each anew was most of the start-up cost).
using TypeCache = std::unordered_map<const char*, const types::CqlType*>;

const types::CqlType* cached_type(TypeCache& cache, const char* text) {
  auto [it, inserted] = cache.try_emplace(text, nullptr);
  if (inserted) it->second = types::parse_type_name(text);
  assert(it->second && "a type in system_schema_defs that parse_type_name does not read");
  return it->second;
}

// A table of system_schema_defs as a TableSchema. The columns are laid out here in the order
// TableSchema::relayout() gives them (keys in key order, then statics and regulars each by
// name), without its copies: start-up builds ~90 of these. Of the options only those that
// differ from a user table's defaults are set (DESCRIBE prints the defaults for the rest);
// system_schema.tables reads comment and gc_grace_seconds from them, its other option columns
// stay null.
schema::TableSchema build_table(const SystemTableDef& def, const SystemKeyspaceDef& ks, TypeCache& types) {
  schema::TableSchema t;
  t.keyspace = def.keyspace;
  t.name = def.name;
  t.is_virtual = ks.is_virtual;
  t.columns.reserve(def.columns.size());
  auto add = [&](const SystemColumnDef& c, schema::ColumnKind kind, std::vector<int>& group) {
    t.columns.push_back({c.name, cached_type(types, c.type), kind, static_cast<int>(group.size()),
                         c.role == SystemColumnRole::ClusteringDesc});
    group.push_back(static_cast<int>(t.columns.size() - 1));
  };
  std::vector<const SystemColumnDef*> statics, regulars;
  for (const auto& c : def.columns)
    if (c.role == SystemColumnRole::PartitionKey) add(c, PK, t.partition_key);
  for (const auto& c : def.columns) {
    if (c.role == SystemColumnRole::ClusteringAsc || c.role == SystemColumnRole::ClusteringDesc)
      add(c, CK, t.clustering);
    else if (c.role == SystemColumnRole::Static)
      statics.push_back(&c);
    else if (c.role == SystemColumnRole::Regular)
      regulars.push_back(&c);
  }
  auto by_name = [](const SystemColumnDef* a, const SystemColumnDef* b) { return std::strcmp(a->name, b->name) < 0; };
  std::sort(statics.begin(), statics.end(), by_name);
  std::sort(regulars.begin(), regulars.end(), by_name);
  for (const auto* c : statics) add(*c, schema::ColumnKind::Static, t.statics);
  for (const auto* c : regulars) add(*c, R, t.regulars);

  t.options["comment"] = fmt::format("'{}'", def.comment);  // no system table's comment holds a quote
  if (!ks.is_virtual) {
    if (ks.gc_grace_seconds != 864000) t.options["gc_grace_seconds"] = std::to_string(ks.gc_grace_seconds);
    if (ks.memtable_flush_period_in_ms != 0)
      t.options["memtable_flush_period_in_ms"] = std::to_string(ks.memtable_flush_period_in_ms);
    if (def.default_time_to_live != 0) {
      t.default_time_to_live = def.default_time_to_live;
      t.options["default_time_to_live"] = std::to_string(def.default_time_to_live);
    }
    if (def.compaction) t.options["compaction"] = def.compaction;
  }
  if (def.index_name) t.indexes.push_back({def.index_name, -1, "", def.index_class, {}});
  return t;
}

// Catalog::TableFiller for a system keyspace: adds its tables.
void add_system_tables(schema::KeyspaceSchema& ks) {
  const SystemKeyspaceDef* k = find_system_keyspace(ks.name);
  assert(k);
  TypeCache types;
  types.reserve(32);
  for (auto defs : {stored_system_table_defs(), virtual_system_table_defs()})
    for (const SystemTableDef& def : defs)
      if (ks.name == def.keyspace) ks.tables.emplace(def.name, build_table(def, *k, types));
}

// The quoted comment option back as text (system_schema.tables, system_virtual_schema.tables).
std::string comment_of(const schema::TableSchema& t) {
  auto comment = t.options.find("comment");
  return comment == t.options.end() ? "" : comment->second.substr(1, comment->second.size() - 2);
}

std::int32_t gc_grace_of(const schema::TableSchema& t) {
  auto gc = t.options.find("gc_grace_seconds");
  return gc == t.options.end() ? 864000 : std::atoi(gc->second.c_str());
}

// One system_schema.columns / system_virtual_schema.columns row per column of the keyspace.
void write_column_rows(store::TableStore& st, const schema::TableSchema& t, const schema::KeyspaceSchema& ks) {
  for (const auto& [tn, tt] : ks.tables) {
    for (const auto& c : tt.columns) {
      const bool clustering = c.kind == CK;
      // A static compact table stores its declared columns as statics (drivers rebuild the
      // table from this, and from the hidden rows below).
      const auto kind =
          tt.compact == schema::CompactKind::Static && !c.is_primary_key() ? schema::ColumnKind::Static : c.kind;
      write_row(st, t,
                {{"keyspace_name", text(ks.name)},
                 {"table_name", text(tn)},
                 {"column_name", text(c.name)},
                 {"clustering_order", text(clustering ? (c.reversed ? "desc" : "asc") : "none")},
                 {"column_name_bytes", text(c.name)},
                 {"kind", text(kind_text(kind))},
                 {"position", int32(c.is_primary_key() ? c.position : -1)},
                 {"type", text(c.type->name)}});
    }
    for (const auto& h : tt.hidden)
      write_row(st, t,
                {{"keyspace_name", text(ks.name)},
                 {"table_name", text(tn)},
                 {"column_name", text(h.name)},
                 {"clustering_order", text(h.kind == CK ? "asc" : "none")},
                 {"column_name_bytes", text(h.name)},
                 {"kind", text(kind_text(h.kind))},
                 {"position", int32(h.kind == CK ? 0 : -1)},
                 {"type", text(h.type)}});
  }
}

// An index's options as system_schema.indexes keeps them: its target, a custom index's class
// (class_name) and WITH OPTIONS, by key.
std::vector<std::pair<std::string, std::string>> index_options(const schema::IndexDef& idx) {
  std::map<std::string, std::string> all = idx.options;
  all["target"] = idx.target;
  if (!idx.custom_class.empty()) all["class_name"] = idx.custom_class;
  return {all.begin(), all.end()};
}

// TableMetadata.Flag as system_schema.tables lists them (a set: sorted). Every CQL table is
// "compound"; drivers read a table without it as COMPACT STORAGE.
std::vector<std::string> table_flags(const schema::TableSchema& t) {
  bool counter = false;
  for (int i : t.regulars) counter = counter || t.column(i).type->kind == types::Kind::Counter;
  for (const auto& h : t.hidden) counter = counter || h.type == "counter";
  std::vector<std::string> flags;
  if (!t.is_compact() || t.clustering.size() > 1) flags.emplace_back("compound");
  if (counter) flags.emplace_back("counter");
  if (t.compact == schema::CompactKind::Dense) flags.emplace_back("dense");
  return flags;
}

// Every user keyspace's tables, in name order (indexes and views are built the moment they are
// created: there is no build to wait for).
template <class F>
void for_user_tables(const Database& db, F&& f) {
  for (std::string_view name : db.catalog.keyspace_names())
    if (!find_system_keyspace(name))
      for (const auto& [tn, tt] : db.catalog.keyspace(name)->tables) f(std::string(name), tt);
}

// system.local and system.peers / peers_v2, from the ring; system."IndexInfo" and built_views,
// one row per built index and view (drivers and tests wait for them); the other system tables
// stay empty.
void fill_system(Database& db, store::TableStore& st, const schema::TableSchema& t) {
  const auto& nodes = db.ring.nodes();
  if (t.name == "IndexInfo") {  // keyed by the keyspace, as SystemKeyspace.setIndexBuilt writes it
    for_user_tables(db, [&](const std::string& ks, const schema::TableSchema& tt) {
      for (const auto& idx : tt.indexes) write_row(st, t, {{"table_name", text(ks)}, {"index_name", text(idx.name)}});
    });
    return;
  }
  if (t.name == "built_views") {
    for_user_tables(db, [&](const std::string& ks, const schema::TableSchema& tt) {
      if (tt.view)
        write_row(st, t,
                  {{"keyspace_name", text(ks)}, {"view_name", text(tt.name)}, {"status_replicated", boolean(true)}});
    });
    return;
  }
  if (t.name != "local" && t.name != "peers" && t.name != "peers_v2") return;
  // A uuid that changes with the tables that exist. The system keyspaces' tables never change,
  // so they are left out (which also leaves them unbuilt).
  const std::string schema_version = stable_uuid([&] {
    std::string s;
    for (std::string_view name : db.catalog.keyspace_names())
      if (!find_system_keyspace(name))
        for (const auto& [tn, tt] : db.catalog.keyspace(name)->tables) s += fmt::format("{}.{};", name, tn);
    return s;
  }());
  if (t.name == "local") {
    const cluster::Node& n = nodes.front();
    write_row(st, t,
              {{"key", text("local")},
               {"bootstrapped", text("COMPLETED")},
               {"broadcast_address", inet(n.address)},
               {"broadcast_port", int32(7000)},
               {"cluster_name", text("Test Cluster")},
               {"cql_version", text("3.4.7")},
               {"data_center", text("datacenter1")},
               {"host_id", uuid_text(n.host_id)},
               {"listen_address", inet(n.address)},
               {"listen_port", int32(7000)},
               {"native_protocol_version", text("5")},
               {"partitioner", text("org.apache.cassandra.dht.Murmur3Partitioner")},
               {"rack", text("rack1")},
               {"release_version", text("5.0.2")},
               {"rpc_address", inet(n.address)},
               {"rpc_port", int32(9042)},
               {"schema_version", schema_version},
               {"tokens", tokens_set(n)}});
    return;
  }
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const cluster::Node& n = nodes[i];
    RowValues row = {{"peer", inet(n.address)},
                     {"data_center", text("datacenter1")},
                     {"host_id", uuid_text(n.host_id)},
                     {"preferred_ip", inet(n.address)},
                     {"rack", text("rack1")},
                     {"release_version", text("5.0.2")},
                     {"schema_version", schema_version},
                     {"tokens", tokens_set(n)}};
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
}

// system_traces.sessions / events: the requests native protocol clients asked to trace.
void fill_traces(Database& db, store::TableStore& st, const schema::TableSchema& t) {
  for (const auto& tr : db.traces) {
    if (t.name == "sessions") {
      write_row(st, t,
                {{"session_id", tr.session_id},
                 {"client", inet(tr.client)},
                 {"command", text("QUERY")},
                 {"coordinator", inet(tr.coordinator)},
                 {"coordinator_port", int32(7000)},
                 {"duration", int32(tr.duration_us)},
                 {"parameters", types::encode_pairs({{"consistency_level", "ONE"}, {"query", tr.query}})},
                 {"request", text(tr.request)},
                 {"started_at", types::be_bytes(tr.started_at_ms)}});
    } else if (t.name == "events") {
      for (const auto& e : tr.events)
        write_row(st, t,
                  {{"session_id", tr.session_id},
                   {"event_id", e.event_id},
                   {"activity", text(e.activity)},
                   {"source", inet(e.source.empty() ? tr.coordinator : e.source)},
                   {"source_port", int32(7000)},
                   {"source_elapsed", int32(e.source_elapsed)},
                   {"thread", text(e.thread)}});
    }
  }
}

// A table option's CQL text, as DESCRIBE prints it ('99p', 0.01, true, {'k': 'v'}), as the bytes
// of its system_schema.tables column.
std::string option_bytes(const types::CqlType& type, std::string_view text) {
  // The single-quoted strings of a map literal, in order (keys and values alternate); a blob
  // value is written 0x….
  auto strings = [&](std::string_view body) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '\'') {
        std::string v;
        for (++i; i < body.size(); ++i) {
          if (body[i] == '\'' && i + 1 < body.size() && body[i + 1] == '\'') {
            v += '\'';
            ++i;
            continue;
          }
          if (body[i] == '\'') break;
          v += body[i];
        }
        out.push_back(std::move(v));
      } else if (body[i] == '0' && i + 1 < body.size() && (body[i + 1] == 'x' || body[i + 1] == 'X')) {
        std::size_t end = i + 2;
        while (end < body.size() && std::isxdigit(static_cast<unsigned char>(body[end]))) ++end;
        out.push_back(types::encode_constant(*types::native_type(types::Kind::Blob), types::ConstantKind::Hex,
                                             body.substr(i, end - i), "extensions"));
        i = end - 1;
      }
    }
    return out;
  };
  switch (type.kind) {
    case types::Kind::Map: {
      const auto items = strings(text);
      std::vector<std::pair<std::string, std::string>> pairs;
      for (std::size_t i = 0; i + 1 < items.size(); i += 2) pairs.emplace_back(items[i], items[i + 1]);
      return types::encode_pairs(pairs);
    }
    case types::Kind::Text: {
      const auto items = strings(text);
      return items.empty() ? std::string(text) : items.front();
    }
    case types::Kind::Boolean: return types::encode_constant(type, types::ConstantKind::Boolean, text, "option");
    case types::Kind::Double: return types::encode_constant(type, types::ConstantKind::Float, text, "option");
    default: return types::encode_constant(type, types::ConstantKind::Integer, text, "option");
  }
}

// Every table option system_schema.tables (or .views) has a column for: the table's own text
// or 5.0's default. comment, default_time_to_live and gc_grace_seconds are written apart.
void add_option_columns(RowValues& values, const schema::TableSchema& system_table, const schema::TableSchema& table) {
  for (const auto& [name, def] : schema::kTableOptionDefaults) {
    if (name == "comment" || name == "default_time_to_live" || name == "gc_grace_seconds") continue;
    const int c = system_table.find(name);
    if (c < 0) continue;
    const auto given = table.options.find(std::string(name));
    values.push_back({name.data(),  // a literal: NUL-terminated
                      option_bytes(*system_table.column(c).type, given == table.options.end() ? def : given->second)});
  }
}

// system_schema.*: the stored keyspaces (virtual ones are in system_virtual_schema, as in
// Cassandra). functions, aggregates, triggers and column_masks stay empty.
void fill_schema(Database& db, store::TableStore& st, const schema::TableSchema& t) {
  for (const auto& [name, ks] : db.catalog.keyspaces()) {
    if (ks.is_virtual) continue;
    if (t.name == "keyspaces") {
      write_row(st, t,
                {{"keyspace_name", text(name)},
                 {"durable_writes", boolean(ks.durable_writes)},
                 {"replication", replication_map(ks)}});
    } else if (t.name == "tables") {
      for (const auto& [tn, tt] : ks.tables) {
        if (tt.view) continue;  // views have their own table
        RowValues values{{"keyspace_name", text(name)},
                         {"table_name", text(tn)},
                         {"comment", comment_of(tt)},
                         {"default_time_to_live", int32(tt.default_time_to_live)},
                         {"gc_grace_seconds", int32(gc_grace_of(tt))},
                         {"id", schema::table_id(tt)},
                         {"flags", types::encode_elements(table_flags(tt))}};
        add_option_columns(values, t, tt);
        write_row(st, t, values);
      }
    } else if (t.name == "columns") {
      write_column_rows(st, t, ks);
    } else if (t.name == "dropped_columns") {
      // SchemaKeyspace.addDroppedColumnToSchemaMutation: the drop's time in milliseconds.
      for (const auto& [tn, tt] : ks.tables)
        for (const auto& [column, type] : tt.dropped) {
          const auto at = tt.dropped_time.find(column);
          const std::int64_t ms = at == tt.dropped_time.end() ? 0 : at->second / 1000;
          write_row(st, t,
                    {{"keyspace_name", text(name)},
                     {"table_name", text(tn)},
                     {"column_name", text(column)},
                     {"dropped_time", types::be_bytes(ms)},
                     {"kind", text(tt.dropped_static.contains(column) ? "static" : "regular")},
                     {"type", text(type->name)}});
        }
    } else if (t.name == "types") {
      for (const auto& [tn, type] : ks.types) {
        std::vector<std::string> types_text;
        for (const auto* p : type->params) types_text.push_back(p->name);
        write_row(st, t,
                  {{"keyspace_name", text(name)},
                   {"type_name", text(tn)},
                   {"field_names", types::encode_elements(type->fields)},
                   {"field_types", types::encode_elements(types_text)}});
      }
    } else if (t.name == "views") {
      for (const auto& [tn, tt] : ks.tables) {
        if (!tt.view) continue;
        RowValues values{
            {"keyspace_name", text(name)},
            {"view_name", text(tn)},
            {"base_table_id", ks.tables.contains(tt.view->base) ? schema::table_id(ks.tables.at(tt.view->base))
                                                                : schema::derived_uuid(name + "." + tt.view->base)},
            {"base_table_name", text(tt.view->base)},
            {"comment", comment_of(tt)},
            {"default_time_to_live", int32(0)},
            {"gc_grace_seconds", int32(gc_grace_of(tt))},
            {"id", schema::table_id(tt)},
            {"include_all_columns", boolean(tt.view->include_all_columns)},
            {"where_clause", text(tt.view->where_text())}};
        add_option_columns(values, t, tt);
        write_row(st, t, values);
      }
    } else if (t.name == "indexes") {
      for (const auto& [tn, tt] : ks.tables)
        for (const auto& idx : tt.indexes)
          write_row(st, t,
                    {{"keyspace_name", text(name)},
                     {"table_name", text(tn)},
                     {"index_name", text(idx.name)},
                     {"kind", text(idx.custom_class.empty() ? "COMPOSITES" : "CUSTOM")},
                     {"options", types::encode_pairs(index_options(idx))}});
    }
  }
}

// system_virtual_schema.*: the virtual keyspaces, their tables and columns.
void fill_virtual_schema(Database& db, store::TableStore& st, const schema::TableSchema& t) {
  for (const auto& [name, ks] : db.catalog.keyspaces()) {
    if (!ks.is_virtual) continue;
    if (t.name == "keyspaces") {
      write_row(st, t, {{"keyspace_name", text(name)}});
    } else if (t.name == "tables") {
      for (const auto& [tn, tt] : ks.tables)
        write_row(st, t, {{"keyspace_name", text(name)}, {"table_name", text(tn)}, {"comment", comment_of(tt)}});
    } else if (t.name == "columns") {
      write_column_rows(st, t, ks);
    }
  }
}

}  // namespace

void register_system_tables(Database& db) {
  for (const auto& ks : system_keyspace_defs()) {
    schema::KeyspaceSchema* k = db.catalog.keyspace(ks.name);
    assert(k);
    k->is_virtual = ks.is_virtual;
    // Built when first reached: all ~90 of them would add ~0.2 ms (a tenth) to every start.
    db.catalog.defer_tables(ks.name, add_system_tables);
  }
}

bool is_system_table(const schema::TableSchema& t) { return find_system_keyspace(t.keyspace) != nullptr; }

namespace {
// system_auth from db.auth (CassandraRoleManager's and CassandraAuthorizer's tables).
void fill_auth(Database& db, store::TableStore& st, const schema::TableSchema& t) {
  const auth::AuthState& a = db.auth;
  if (t.name == "roles") {
    for (const auto& [name, r] : a.roles()) {
      RowValues row{{"role", text(name)}, {"is_superuser", boolean(r.is_super)}, {"can_login", boolean(r.can_login)}};
      if (!r.salted_hash.empty()) row.emplace_back("salted_hash", r.salted_hash);
      if (!r.member_of.empty())
        row.emplace_back("member_of", types::encode_elements({r.member_of.begin(), r.member_of.end()}));
      write_row(st, t, row);
    }
  } else if (t.name == "role_members") {
    for (const auto& [name, r] : a.roles())
      for (const std::string& of : r.member_of) write_row(st, t, {{"role", text(of)}, {"member", text(name)}});
  } else if (t.name == "role_permissions" || t.name == "resource_role_permissons_index") {
    for (const auto& [role, by_resource] : a.grants())
      for (const auto& [resource, perms] : by_resource) {
        if (t.name == "resource_role_permissons_index") {
          write_row(st, t, {{"resource", text(resource)}, {"role", text(role)}});
          continue;
        }
        std::vector<std::string> names;
        for (int i = 0; i < auth::kPermissionCount; ++i)
          if (auth::has(perms, static_cast<auth::Permission>(i)))
            names.emplace_back(auth::permission_name(static_cast<auth::Permission>(i)));
        std::sort(names.begin(), names.end());  // a set<text> is sorted
        write_row(st, t,
                  {{"role", text(role)}, {"resource", text(resource)}, {"permissions", types::encode_elements(names)}});
      }
  }
}
}  // namespace

void refresh_system_table(Database& db, const schema::TableSchema& t) {
  store::TableStore& st = db.store_of(t);
  st.clear();
  if (fill_node_view(db, st, t)) return;
  if (t.keyspace == "system_traces") fill_traces(db, st, t);
  if (t.keyspace == "system")
    fill_system(db, st, t);
  else if (t.keyspace == "system_schema")
    fill_schema(db, st, t);
  else if (t.keyspace == "system_virtual_schema")
    fill_virtual_schema(db, st, t);
  else if (t.keyspace == "system_auth")
    fill_auth(db, st, t);
  else if (t.keyspace == "system_distributed" && t.name == "view_build_status")
    // Each node reports its build of each view (ViewBuilder): all of them, done.
    for_user_tables(db, [&](const std::string& ks, const schema::TableSchema& tt) {
      if (!tt.view) return;
      for (const cluster::Node& n : db.ring.nodes())
        write_row(st, t,
                  {{"keyspace_name", text(ks)},
                   {"view_name", text(tt.name)},
                   {"host_id", uuid_text(n.host_id)},
                   {"status", text("SUCCESS")}});
    });
}

}  // namespace cqlbox::exec
