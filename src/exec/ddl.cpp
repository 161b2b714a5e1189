// Schema statements: CREATE/ALTER/DROP KEYSPACE, DROP TABLE, CREATE/DROP INDEX, USE and
// TRUNCATE, with the checks and messages of Cassandra's schema statements
// (cql3/statements/schema). CREATE TABLE is create_table.cpp, ALTER TABLE alter_table.cpp, and
// the user-type statements ddl_types.cpp.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cluster/ring.hpp"
#include "error/cql_error.hpp"
#include "exec/executor.hpp"
#include "exec/replica_copies.hpp"
#include "exec/ddl_support.hpp"
#include "exec/sai.hpp"
#include "exec/terms.hpp"
#include "exec/views.hpp"
#include "types/codec.hpp"
#include "util/text.hpp"

namespace cqlbox::exec {

using error::ErrorClass;
using error::invalid;

void check_user_modifiable(std::string_view keyspace) {
  if (keyspace == "system" || keyspace == "system_schema" || keyspace == "system_views" ||
      keyspace == "system_virtual_schema")
    error::fail(ErrorClass::Unauthorized, "{} keyspace is not user-modifiable.", keyspace);
}

void check_replicated_system(std::string_view keyspace, std::string_view permission, std::string_view resource) {
  if (keyspace == "system_auth" || keyspace == "system_distributed" || keyspace == "system_traces")
    error::fail(ErrorClass::Unauthorized, "Cannot {} {}", permission, resource);
}

std::string_view keyspace_for(const Session& session, const ast::QualifiedName& name) {
  std::string_view ks = name.keyspace.empty() ? std::string_view(session.keyspace) : name.keyspace;
  if (ks.empty()) invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  check_user_modifiable(ks);
  return ks;
}

void check_name(std::string_view name, const char* what) {
  bool ok = !name.empty() && name.size() <= 48;
  for (char c : name)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
  if (!ok)
    invalid(
        "{} name must not be empty, more than 48 characters long, or contain non-alphanumeric-underscore characters "
        "(got '{}')",
        what, name);
}

void check_table_name(std::string_view keyspace, std::string_view name) {
  bool ok = !name.empty() && name.size() <= 48;
  for (char c : name)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
  if (!ok)
    error::fail(ErrorClass::ConfigurationException,
                "{}.{}: Table name must not be empty, more than 48 characters long, or contain "
                "non-alphanumeric-underscore characters (got \"{}\")",
                keyspace, name, name);
}

std::string property_text(const ast::Term& t) {
  if (t.kind == ast::TermKind::String || t.is_constant()) return std::string(t.text);
  return term_text(t);
}

namespace {

// PropertyDefinitions.parseBoolean for durable_writes.
bool durable_writes_value(const ast::Term& value) {
  const std::string v = util::ascii_lower(property_text(value));
  if (v != "1" && v != "true" && v != "yes" && v != "0" && v != "false" && v != "no")
    error::fail(ErrorClass::SyntaxException,
                "Invalid boolean value {} for 'durable_writes'. Positive values can be '1', 'true' or 'yes'. "
                "Negative values can be '0', 'false' or 'no'.",
                property_text(value));
  return v == "1" || v == "true" || v == "yes";
}

// `previous`: the keyspace's options before an ALTER (an absent replication factor comes from
// them, else from default_keyspace_rf, 1: SimpleStrategy.prepareOptions and
// NetworkTopologyStrategy.prepareOptions).
std::map<std::string, std::string> replication_options(const ast::Term& value, std::string_view ks,
                                                       const std::map<std::string, std::string>* previous = nullptr) {
  auto previous_option = [&](const char* key) -> std::optional<std::string> {
    if (!previous) return std::nullopt;
    auto it = previous->find(key);
    if (it == previous->end()) return std::nullopt;
    return it->second;
  };
  if (value.kind != ast::TermKind::Map)
    error::fail(ErrorClass::SyntaxException, "Invalid value for property 'replication'. It should be a map.");
  std::map<std::string, std::string> opts;
  for (std::size_t i = 0; i + 1 < value.items.size(); i += 2)  // Parser.g's convertPropertyMap
    if (!opts.emplace(std::string(value.items[i].text), property_text(value.items[i + 1])).second)
      error::fail(ErrorClass::SyntaxException, "Multiple definition for property {}", value.items[i].text);
  auto cls = opts.find("class");
  if (cls == opts.end()) error::fail(ErrorClass::ConfigurationException, "Missing replication strategy class");
  std::string name = cls->second;
  const std::string prefix = "org.apache.cassandra.locator.";
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  auto check_rf = [](const std::string& v) {
    bool digits = !v.empty() && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits)
      error::fail(ErrorClass::ConfigurationException, "Replication factor must be non-negative integer; found {}", v);
  };
  if (name == "SimpleStrategy") {
    for (const auto& [k, v] : opts)
      if (k != "class" && k != "replication_factor")
        error::fail(ErrorClass::ConfigurationException,
                    "Unrecognized strategy option {{{}}} passed to SimpleStrategy for keyspace {}", k, ks);
    auto rf = opts.find("replication_factor");
    if (rf == opts.end())
      rf = opts.emplace("replication_factor", previous_option("replication_factor").value_or("1")).first;
    check_rf(rf->second);
  } else if (name == "NetworkTopologyStrategy") {
    // Options are data centre names (the simulated cluster has one) or replication_factor.
    if (opts.size() == 1) {  // no data centre named: the previous ones, else RF for each
      if (auto dc = previous_option("datacenter1"))
        opts.emplace("datacenter1", *dc);
      else
        opts.emplace("replication_factor", previous_option("replication_factor").value_or("1"));
    }
    for (const auto& [k, v] : opts)
      if (k != "class" && k != "replication_factor" && k != "datacenter1")
        error::fail(ErrorClass::ConfigurationException,
                    "Unrecognized strategy option {{{}}} passed to NetworkTopologyStrategy for keyspace {}", k, ks);
    for (const auto& [k, v] : opts)
      if (k != "class") check_rf(v);
    // replication_factor stands for every data centre not named (4.0+ stores them so).
    if (auto rf = opts.find("replication_factor"); rf != opts.end()) {
      opts.emplace("datacenter1", rf->second);
      opts.erase(rf);
    }
  } else {
    error::fail(ErrorClass::ConfigurationException, "Unable to find replication strategy class '{}'",
                cls->second.find('.') == std::string::npos ? prefix + cls->second : cls->second);
  }
  cls->second = prefix + name;
  return opts;
}

// A type as the statement wrote it, a user type with its keyspace if given (list<ks.t>).
std::string raw_type_text(const ast::TypeRef& ref) {
  std::string out = ref.keyspace.empty() ? std::string(ref.name) : fmt::format("{}.{}", ref.keyspace, ref.name);
  if (ref.args.empty()) return out;
  out += "<";
  for (std::size_t i = 0; i < ref.args.size(); ++i) out += (i ? ", " : "") + raw_type_text(ref.args[i]);
  return out + ">";
}

}  // namespace

bool has_nested_multi_cell(const types::CqlType& type) {
  if (type.kind != types::Kind::Udt || type.frozen) return false;
  for (const auto* f : type.params)
    if (f->multi_cell()) return true;
  return false;
}

const types::CqlType* resolve_type(const ast::TypeRef& ref, std::string_view keyspace, bool frozen, bool nested,
                                   const schema::KeyspaceSchema* ks) {
  using types::Kind;
  auto arity = [&](std::size_t n) {
    if (ref.args.size() != n)
      error::fail(ErrorClass::SyntaxException, "Invalid type {}: expected {} type argument{}", ref.name, n,
                  n > 1 ? "s" : "");
  };
  if (util::iequals(ref.name, "frozen")) {
    arity(1);
    const types::CqlType* inner = resolve_type(ref.args[0], keyspace, true, nested, ks);
    if (!inner->is_collection() && inner->kind != Kind::Tuple && inner->kind != Kind::Udt &&
        inner->kind != Kind::Vector)
      invalid("frozen<> is only allowed on collections, tuples, and user-defined types (got {})", inner->name);
    return inner;
  }
  const bool list = util::iequals(ref.name, "list"), set = util::iequals(ref.name, "set");
  const bool map = util::iequals(ref.name, "map"), tuple = util::iequals(ref.name, "tuple");
  if (list || set || map) {
    arity(map ? 2 : 1);
    std::vector<const types::CqlType*> params;
    for (const auto& a : ref.args) params.push_back(resolve_type(a, keyspace, frozen, true, ks));
    // CQL3Type.RawCollection.toString: as written, frozen<…> when frozen (freeze() reaches the
    // collections nested in a frozen one too).
    const std::string shown = frozen ? "frozen<" + raw_type_text(ref) + ">" : raw_type_text(ref);
    for (const auto* p : params) {
      if (p->kind == Kind::Counter) invalid("Counters are not allowed inside collections: {}", shown);
      if (p->multi_cell()) invalid("Non-frozen collections are not allowed inside collections: {}", shown);
      if (p->kind == Kind::Udt && !p->frozen) invalid("Non-frozen UDTs are not allowed inside collections: {}", shown);
    }
    if (set && params[0]->kind == Kind::Duration) invalid("Durations are not allowed inside sets: {}", shown);
    if (map && params[0]->kind == Kind::Duration) invalid("Durations are not allowed as map keys: {}", shown);
    return types::collection_type(list ? Kind::List : set ? Kind::Set : Kind::Map, std::move(params), frozen);
  }
  if (util::iequals(ref.name, "vector")) {
    if (ref.args.size() != 2 || ref.args[0].dimension || !ref.args[1].dimension)
      error::fail(ErrorClass::SyntaxException, "Invalid type vector: expected vector<type, dimension>");
    const types::CqlType* element = resolve_type(ref.args[0], keyspace, false, true, ks);
    if (element->multi_cell() || element->kind == Kind::Udt) element = types::frozen_of(element);
    if (element->kind == Kind::Counter) invalid("vectors may not contain counters");
    const std::string_view digits = ref.args[1].name;
    std::int64_t dimension = 0;
    for (char c : digits) dimension = std::min(dimension * 10 + (c - '0'), std::int64_t{1} << 31);
    if (dimension <= 0) invalid("vectors may only have positive dimensions; given {}", dimension);
    if (dimension > INT32_MAX) error::fail(ErrorClass::SyntaxException, "Invalid vector dimension {}", digits);
    return types::vector_type(element, static_cast<int>(dimension));
  }
  for (const auto& a : ref.args)
    if (a.dimension) error::fail(ErrorClass::SyntaxException, "Invalid type {}: {} is not a type", ref.name, a.name);
  if (tuple) {
    if (ref.args.empty()) error::fail(ErrorClass::SyntaxException, "Invalid type tuple: expected type arguments");
    std::vector<const types::CqlType*> params;
    for (const auto& a : ref.args) {
      const types::CqlType* p = resolve_type(a, keyspace, false, true, ks);
      if (p->multi_cell() || p->kind == Kind::Udt) p = types::frozen_of(p);
      params.push_back(p);
    }
    return types::tuple_type(std::move(params));
  }
  if (!ref.args.empty())
    error::fail(ErrorClass::SyntaxException, "Invalid type {}: it takes no type arguments", ref.name);
  // CQL3Type.Raw.RawUT: a user type of the statement's own keyspace only.
  if (!ref.keyspace.empty() && ref.keyspace != keyspace)
    invalid(
        "Statement on keyspace {} cannot refer to a user type in keyspace {}; user types can only be used in the "
        "keyspace they are defined in",
        keyspace, ref.keyspace);
  const types::CqlType* t = ref.keyspace.empty() ? types::find_native_type(ref.name) : nullptr;
  if (!t && ks) {
    auto udt = ks->types.find(std::string(ref.name));
    if (udt != ks->types.end()) t = frozen ? types::frozen_of(udt->second) : udt->second;
  }
  if (!t) invalid("Unknown type {}.{}", keyspace, ref.name);
  (void)nested;
  return t;
}

namespace {

// Replicas a keyspace keeps in all datacenters together (Cassandra's "full replicas").
int total_replicas(const std::map<std::string, std::string>& opts) {
  const cluster::Replication r = cluster::replication_of(opts);
  if (!r.network_topology) return r.replication_factor;
  int total = r.replication_factor;  // datacenter1, the only one the simulated ring has
  for (const auto& [k, v] : opts)
    if (k != "class" && k != "replication_factor" && k != "datacenter1") total += std::atoi(v.c_str());
  return total;
}

// The warning Cassandra's replication strategies give when a datacenter cannot hold RF replicas.
void warn_on_replication(const Database& db, std::string_view ks, const std::map<std::string, std::string>& opts,
                         std::vector<std::string>& warnings) {
  const cluster::Replication r = cluster::replication_of(opts);
  const int nodes = static_cast<int>(db.ring.nodes().size());
  if (r.replication_factor <= nodes) return;
  if (r.network_topology)
    warnings.push_back(
        fmt::format("Your replication factor {} for keyspace {} is higher than the number of nodes {} "
                    "for datacenter datacenter1",
                    r.replication_factor, ks, nodes));
  else
    warnings.push_back(fmt::format("Your replication factor {} for keyspace {} is higher than the number of nodes {}",
                                   r.replication_factor, ks, nodes));
}

}  // namespace

void apply_table_properties(schema::TableSchema& t, const ast::Vec<ast::Property>& properties, bool creating) {
  validate_table_options(properties);
  for (const auto& p : properties) {
    if (p.name == "id") {  // TableAttributes.getId, then asAlteredTableParams
      std::string id;
      try {
        id = types::encode_constant(*types::native_type(types::Kind::Uuid), types::ConstantKind::Uuid,
                                    property_text(p.value), "id");
      } catch (const error::CqlError&) {
        error::fail(ErrorClass::ConfigurationException, "Invalid table id");
      }
      if (!creating) error::fail(ErrorClass::ConfigurationException, "Cannot alter table id.");
      t.id = std::move(id);
      continue;
    }
    t.options[std::string(p.name)] = stored_option_text(p.name, p.value);  // for DESCRIBE
    if (p.name == "default_time_to_live") {
      static const types::CqlType* int_type = types::native_type(types::Kind::Int);
      auto v = bind_integer(p.value, *int_type, "default_time_to_live");
      t.default_time_to_live = static_cast<std::int32_t>(v.value_or(0));
    }
  }
}

Result execute_create_keyspace(Database& db, const ast::CreateKeyspace& s) {
  check_name(s.name, "Keyspace");
  schema::KeyspaceSchema ks;
  ks.name = std::string(s.name);
  bool has_replication = false;
  for (const auto& p : s.properties) {
    if (p.name == "replication") {
      ks.replication = replication_options(p.value, s.name);
      has_replication = true;
    } else if (p.name == "durable_writes") {
      ks.durable_writes = durable_writes_value(p.value);
    } else {
      error::fail(ErrorClass::SyntaxException, "Unknown property '{}'", p.name);
    }
  }
  if (!has_replication) invalid("Missing mandatory option 'replication'");
  if (db.catalog.keyspace(s.name)) {
    if (s.if_not_exists) return Void{};
    error::already_exists(std::string(s.name), "");
  }
  Void done;
  warn_on_replication(db, s.name, ks.replication, done.warnings);
  db.catalog.add_keyspace(std::move(ks));
  return done;
}

Result execute_create_index(Database& db, const Session& session, const ast::CreateIndex& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "ALTER", fmt::format("<table {}.{}>", ks, s.table.name));
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  // CreateIndexStatement.Raw: USING names the implementation; 'legacy_local_table' is the plain
  // index, any other class makes the index CUSTOM. Then IndexAttributes.validate.
  bool custom = s.custom;
  std::string cls(s.custom_class);
  if (!cls.empty() && !custom) {
    if (util::ascii_lower(cls) == "legacy_local_table")
      cls.clear();
    else
      custom = true;
  }
  // CUSTOM without USING takes default_secondary_index, which no custom class is named after.
  if (custom && cls.empty()) cls = "legacy_local_table";
  std::map<std::string, std::string> options;
  for (const auto& p : s.properties) {
    if (p.name != "options") error::fail(ErrorClass::SyntaxException, "Unknown property '{}'", p.name);
    for (auto& [k, v] : property_map(p.name, p.value)) options[k] = v;
  }
  if (!custom && !s.properties.empty()) invalid("Cannot specify options for a non-CUSTOM index");
  for (const char* reserved : {"class_name", "target"})
    if (options.contains(reserved)) invalid("Cannot specify {} as a CUSTOM option", reserved);
  if (custom && cls == "org.apache.cassandra.index.sasi.SASIIndex")  // sasi_indexes_enabled: false
    invalid("SASI indexes are disabled. Enable in cassandra.yaml to use.");
  schema::TableSchema* t = db.catalog.mutable_table(ks, s.table.name);
  if (!t) invalid("Table '{}' doesn't exist", s.table.name);
  for (int r : t->regulars)
    if (t->column(r).type->kind == types::Kind::Counter)
      invalid("Secondary indexes on counter tables aren't supported");
  if (t->view) invalid("Secondary indexes on materialized views aren't supported");
  const int col = t->find(s.column);
  // IndexTarget.Raw.prepare: TableMetadata.getExistingColumn (5.0 never reaches COLUMN_DOES_NOT_EXIST)
  if (col < 0) invalid("Undefined column name {} in table {}", util::cql_name(s.column), table_text(*t));
  const schema::Column& c = t->column(col);
  const std::string fn = util::ascii_lower(s.target_function);
  if (!fn.empty() && fn != "keys" && fn != "values" && fn != "entries" && fn != "full")
    error::fail(ErrorClass::SyntaxException, "Unknown index target function {}", s.target_function);
  // IndexTarget.Raw.prepare: a plain index on a collection, frozen or not, indexes its values
  // ("" is a simple index).
  const std::string kind = !fn.empty() ? fn : c.type->is_collection() ? "values" : "";
  // CreateIndexStatement.validateIndexTarget, in 5.0's order.
  if (c.type->references_duration()) {
    refuse_nested_durations(*c.type, "Secondary indexes");
    invalid("Secondary indexes are not supported on duration columns");
  }
  if (t->is_compact()) {
    if (c.is_primary_key())
      invalid("Secondary indexes are not supported on PRIMARY KEY columns in COMPACT STORAGE tables");
    if (t->compact == schema::CompactKind::Dense)  // its one non-key column is the compact value
      invalid("Secondary indexes are not supported on compact value column of COMPACT STORAGE tables");
  }
  if (c.kind == schema::ColumnKind::PartitionKey && t->partition_key.size() == 1)
    invalid("Cannot create secondary index on the only partition key column {}", c.name);
  const bool frozen_collection = c.type->is_collection() && !c.type->multi_cell();
  if (frozen_collection && kind != "full")
    invalid(
        "Cannot create {}() index on frozen column {}. Frozen collections are immutable and must be fully indexed "
        "by using the 'full({})' modifier",
        kind, c.name, util::cql_name(c.name));
  if (!frozen_collection && kind == "full") invalid("full() indexes can only be created on frozen collections");
  if (!c.type->is_collection() && !kind.empty())
    invalid("Cannot create {}() index on {}. Non-collection columns only support simple indexes", kind, c.name);
  if (!(c.type->kind == types::Kind::Map && c.type->multi_cell()) && (kind == "keys" || kind == "entries"))
    invalid("Cannot create index on {} of column {} with non-map type", kind, c.name);
  if (c.type->kind == types::Kind::Udt && !c.type->frozen)
    invalid("Cannot create index on non-frozen UDT column {}", c.name);
  // IndexTarget.asCqlString: the column as CQL names it (quoted when it must be).
  const std::string target =
      kind.empty() ? util::cql_name(c.name) : fmt::format("{}({})", kind, util::cql_name(c.name));
  std::string name(s.name);
  if (!name.empty()) {
    check_name(name, "Index");
    if (db.catalog.table_with_index(ks, name)) {
      if (s.if_not_exists) return Void{};
      invalid("Index '{}' already exists", name);
    }
  } else {
    // IndexMetadata.generateDefaultIndexName: \W removed (ASCII word characters stay).
    std::string base;
    for (char ch : t->name + "_" + c.name + "_idx")
      if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_') base += ch;
    name = base;
    for (int i = 1; db.catalog.table_with_index(ks, name); ++i) name = fmt::format("{}_{}", base, i);
  }
  for (const auto& existing : t->indexes)  // IndexMetadata.equalsWithoutName: kind and options
    if (existing.target == target && existing.custom_class == (custom ? cls : std::string()) &&
        existing.options == options) {
      if (s.if_not_exists) return Void{};
      invalid("Index {} is a duplicate of existing index {}", name, existing.name);
    }
  Void done;
  if (custom) {  // IndexMetadata.validate: the class a 5.0 node ships (SAI, by alias or name)
    if (!sai::is_sai_class(cls))
      error::fail(ErrorClass::ConfigurationException, "Unable to find custom indexer class '{}'", cls);
    sai::validate(*t, c, fn, options, name, done.warnings);
  }
  t->indexes.push_back({name, col, target, custom ? cls : std::string(), std::move(options)});
  return done;
}

Result execute_drop_index(Database& db, const Session& session, const ast::DropIndex& s) {
  std::string_view ks = s.keyspace.empty() ? std::string_view(session.keyspace) : s.keyspace;
  if (ks.empty()) invalid("No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename");
  check_user_modifiable(ks);
  schema::TableSchema* t = db.catalog.table_with_index(ks, s.name);
  if (t) check_replicated_system(ks, "ALTER", fmt::format("<table {}.{}>", ks, t->name));
  if (!t) {
    if (s.if_exists) return Void{};
    invalid("Index '{}.{}' doesn't exist", ks, s.name);
  }
  std::erase_if(t->indexes, [&](const schema::IndexDef& i) { return i.name == s.name; });
  return Void{};
}

Result execute_alter_keyspace(Database& db, const ast::AlterKeyspace& s) {
  check_user_modifiable(s.name);
  schema::KeyspaceSchema* ks = db.catalog.keyspace(s.name);
  if (!ks) {
    if (s.if_exists) return Void{};
    invalid("Keyspace '{}' doesn't exist", s.name);
  }
  auto replication = ks->replication;
  bool durable = ks->durable_writes;
  for (const auto& p : s.properties) {
    if (p.name == "replication")
      replication = replication_options(p.value, s.name, &ks->replication);
    else if (p.name == "durable_writes")
      durable = durable_writes_value(p.value);
    else
      error::fail(ErrorClass::SyntaxException, "Unknown property '{}'", p.name);
  }
  Void done;
  warn_on_replication(db, s.name, replication, done.warnings);
  if (total_replicas(ks->replication) < total_replicas(replication))
    done.warnings.push_back(
        "When increasing replication factor you need to run a full (-full) repair to distribute the data.");
  ks->replication = std::move(replication);
  ks->durable_writes = durable;
  db.catalog.changed();  // what was read of the replication (exec/availability.cpp) is read again
  return done;
}

Result execute_drop_keyspace(Database& db, Session& session, const ast::DropKeyspace& s) {
  check_user_modifiable(s.name);
  check_replicated_system(s.name, "DROP", fmt::format("<keyspace {}>", s.name));
  const schema::KeyspaceSchema* ks = db.catalog.keyspace(s.name);
  if (!ks) {
    if (s.if_exists) return Void{};
    invalid("Keyspace '{}' doesn't exist", s.name);
  }
  for (const auto& [name, table] : ks->tables) db.drop_store(s.name, name);
  db.catalog.drop_keyspace(s.name);
  if (session.keyspace == s.name) session.keyspace.clear();
  return Void{};
}

Result execute_drop_table(Database& db, const Session& session, const ast::DropTable& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "DROP", fmt::format("<table {}.{}>", ks, s.table.name));
  const schema::TableSchema* t = db.catalog.table(ks, s.table.name);
  if (t && t->view) invalid("Cannot use DROP TABLE on a materialized view. Please use DROP MATERIALIZED VIEW instead.");
  if (!t) {
    if (s.if_exists) return Void{};
    invalid("Table '{}.{}' doesn't exist", ks, s.table.name);
  }
  // Cassandra formats this message with the keyspace where it means the view list.
  if (!t->views.empty()) invalid("Cannot drop a table when materialized views still depend on it ({})", ks);
  db.drop_store(ks, s.table.name);
  db.catalog.drop_table(ks, s.table.name);
  return Void{};
}

Result execute_use(Database& db, Session& session, const ast::Use& s) {
  if (!db.catalog.keyspace(s.keyspace)) invalid("Keyspace '{}' does not exist", s.keyspace);
  session.keyspace = std::string(s.keyspace);
  return SetKeyspace{session.keyspace};
}

Result execute_truncate(Database& db, const Session& session, const ast::Truncate& s) {
  const schema::TableSchema& t = resolve_table(db, session, s.table);
  if (t.is_virtual) invalid("Truncation is not supported by table {}.{}", t.keyspace, t.name);
  check_user_modifiable(t.keyspace);
  if (t.view) invalid("Cannot TRUNCATE materialized view directly; must truncate base table instead");
  // StorageProxy.truncateBlocking: every node must be up, whatever the consistency level.
  if (!db.ring.all_up())
    error::fail(ErrorClass::TruncateError, "Error during truncate: Cannot achieve consistency level ALL");
  db.store_of(t).clear();
  drop_replica_copies(db, t);  // every replica is truncated
  for (const auto& v : t.views)
    if (const schema::TableSchema* view = db.catalog.table(t.keyspace, v)) db.store_of(*view).clear();
  // Every node is up, so every node truncates; a slow one answers after the wait
  // (TruncateResponseHandler.get): the table is empty all the same, and the log keeps the record.
  if (!db.ring.all_prompt()) {
    int prompt = 0;
    for (std::size_t n = 0; n < db.ring.nodes().size(); ++n) prompt += db.ring.is_slow(static_cast<int>(n)) ? 0 : 1;
    error::CqlError e(ErrorClass::TruncateError,
                      fmt::format("Error during truncate: Truncate timed out - received only {} responses", prompt));
    e.write_applied = true;
    throw e;
  }
  return Void{};
}

}  // namespace cqlbox::exec
