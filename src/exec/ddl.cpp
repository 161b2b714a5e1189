// Schema statements: CREATE/DROP KEYSPACE, CREATE/DROP TABLE, USE, TRUNCATE, with the checks and
// messages of Cassandra's schema statements (cql3/statements/schema).
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

// A non-frozen UDT with a field that is a non-frozen collection: it cannot be a column's type.
bool has_nested_multi_cell(const types::CqlType& type) {
  if (type.kind != types::Kind::Udt || type.frozen) return false;
  for (const auto* f : type.params)
    if (f->multi_cell()) return true;
  return false;
}

// A type as the statement wrote it, a user type with its keyspace if given (list<ks.t>).
std::string raw_type_text(const ast::TypeRef& ref) {
  std::string out = ref.keyspace.empty() ? std::string(ref.name) : fmt::format("{}.{}", ref.keyspace, ref.name);
  if (ref.args.empty()) return out;
  out += "<";
  for (std::size_t i = 0; i < ref.args.size(); ++i) out += (i ? ", " : "") + raw_type_text(ref.args[i]);
  return out + ">";
}

// A type as declared: natives by name, list/set/map/tuple with their arguments, frozen<…>.
// Inside a frozen type (and inside any collection) nested collections are frozen.
const types::CqlType* resolve_type(const ast::TypeRef& ref, std::string_view keyspace, bool frozen = false,
                                   bool nested = false, const schema::KeyspaceSchema* ks = nullptr) {
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

}  // namespace

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

namespace {
// CreateTableStatement.validateCompactTable: what a thrift-era layout could not hold.
void validate_compact_table(const std::vector<schema::Column>& statics, const std::vector<schema::Column>& regulars,
                            bool no_clustering) {
  for (const auto* group : {&statics, &regulars})
    for (const auto& c : *group)
      if (c.type->multi_cell() || (c.type->kind == types::Kind::Udt && !c.type->frozen))
        invalid("Non-frozen collections and UDTs are not supported with COMPACT STORAGE");
  if (!statics.empty()) invalid("Static columns are not supported in COMPACT STORAGE tables");
  if (no_clustering && regulars.empty()) invalid("No definition found that is not part of the PRIMARY KEY");
  if (!no_clustering && regulars.size() > 1) {
    std::vector<std::string> names;  // Cassandra's TreeMap of columns: by name
    for (const auto& c : regulars) names.push_back(c.name);
    std::sort(names.begin(), names.end());
    invalid(
        "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY "
        "KEY (got: {})",
        fmt::join(names, ", "));
  }
}

// CreateTableStatement.fixupCompactTable: the kind, and the hidden columns named as DefaultNames
// does (column1, column2, … and value, value1, … skipping names the table already uses).
void add_compact_layout(schema::TableSchema& t, const ast::CreateTable& s, bool counter) {
  std::set<std::string> used;
  for (const auto& c : s.columns) used.insert(std::string(c.name));
  auto fresh = [&](std::string_view base, int first) {
    for (int i = first;; ++i) {
      std::string name = i == 0 ? std::string(base) : fmt::format("{}{}", base, i);
      if (used.insert(name).second) return name;
    }
  };
  if (t.clustering.empty()) {
    t.compact = schema::CompactKind::Static;
    t.hidden.push_back({fresh("column", 1), "text", schema::ColumnKind::Clustering});
    t.hidden.push_back({fresh("value", 0), counter ? "counter" : "blob", schema::ColumnKind::Regular});
    return;
  }
  t.compact = schema::CompactKind::Dense;
  if (t.regulars.empty()) t.hidden.push_back({fresh("value", 0), "empty", schema::ColumnKind::Regular});
}
}  // namespace

Result execute_create_table(Database& db, const Session& session, const ast::CreateTable& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "CREATE", fmt::format("<all tables in {}>", ks));
  const std::string table(s.table.name);
  {  // found while Cassandra builds the statement, before any schema lookup
    std::set<std::string_view> ordered;
    for (const auto& o : s.clustering_order)
      if (!ordered.insert(o.column).second)
        invalid("Duplicate column '{}' in CLUSTERING ORDER BY clause for table '{}'", o.column, table);
  }
  validate_table_options(s.properties);  // CreateTableStatement.validate(), before apply()
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  check_table_name(ks, s.table.name);
  if (db.catalog.table(ks, table)) {
    if (s.if_not_exists) return Void{};
    error::already_exists(std::string(ks), table);
  }

  // Columns as declared; duplicates first.
  std::set<std::string_view> seen;
  for (const auto& c : s.columns)
    if (!seen.insert(c.name).second) invalid("Duplicate column '{}' declaration for table '{}'", c.name, table);

  std::vector<std::string_view> pk(s.partition_key.begin(), s.partition_key.end());
  std::vector<std::string_view> ck(s.clustering.begin(), s.clustering.end());
  int pk_decls = s.primary_key_clauses;
  for (const auto& c : s.columns)
    if (c.primary_key) {
      ++pk_decls;
      pk = {c.name};
      ck.clear();
    }
  if (pk_decls == 0) invalid("No PRIMARY KEY specifed for table '{}' (exactly one required)", table);
  if (pk_decls > 1) invalid("Multiple PRIMARY KEY specified for table '{}' (exactly one required)", table);

  auto find_def = [&](std::string_view name) -> const ast::ColumnDef* {
    for (const auto& c : s.columns)
      if (c.name == name) return &c;
    return nullptr;
  };
  {
    std::set<std::string_view> key_columns;
    for (const auto& group : {pk, ck})
      for (auto name : group) {
        if (!find_def(name)) invalid("Unknown column '{}' referenced in PRIMARY KEY for table '{}'", name, table);
        if (!key_columns.insert(name).second)
          invalid("Duplicate column '{}' in PRIMARY KEY clause for table '{}'", name, table);
      }
  }

  // CLUSTERING ORDER: only clustering columns, in their order, none missing.
  std::vector<bool> reversed(ck.size(), false);
  if (!s.clustering_order.empty()) {
    std::string bad;
    for (const auto& o : s.clustering_order)
      if (std::find(ck.begin(), ck.end(), o.column) == ck.end())
        bad += (bad.empty() ? "" : ", ") + std::string(o.column);
    if (!bad.empty())
      invalid(
          "Only clustering key columns can be defined in CLUSTERING ORDER directive: [{}] are not clustering columns",
          bad);
    // Walk the directive (as Cassandra does): its n-th entry must name the n-th clustering
    // column; columns after the listed ones keep ASC.
    for (std::size_t i = 0; i < s.clustering_order.size(); ++i) {
      if (s.clustering_order[i].column == ck[i]) {
        reversed[i] = s.clustering_order[i].descending;
        continue;
      }
      const bool listed = std::any_of(s.clustering_order.begin(), s.clustering_order.end(),
                                      [&](const ast::ClusteringOrder& o) { return o.column == ck[i]; });
      if (listed)
        invalid(
            "The order of columns in the CLUSTERING ORDER directive must match that of the clustering columns ({} must "
            "appear before {})",
            ck[i], s.clustering_order[i].column);
      invalid("Missing CLUSTERING ORDER for column {}", ck[i]);
    }
  }

  schema::TableSchema t;
  t.keyspace = std::string(ks);
  t.name = table;
  bool any_counter = false, any_non_counter = false;
  std::vector<schema::Column> statics, regulars;
  for (auto name : pk) {
    const types::CqlType* type = resolve_type(find_def(name)->type, ks, false, false, db.catalog.keyspace(ks));
    t.columns.push_back(
        {std::string(name), type, schema::ColumnKind::PartitionKey, static_cast<int>(t.partition_key.size())});
    t.partition_key.push_back(static_cast<int>(t.columns.size() - 1));
  }
  for (std::size_t i = 0; i < ck.size(); ++i) {
    const types::CqlType* type = resolve_type(find_def(ck[i])->type, ks, false, false, db.catalog.keyspace(ks));
    t.columns.push_back({std::string(ck[i]), type, schema::ColumnKind::Clustering, static_cast<int>(i), reversed[i]});
    t.clustering.push_back(static_cast<int>(t.columns.size() - 1));
  }
  for (const auto& c : s.columns) {
    const bool key =
        std::find(pk.begin(), pk.end(), c.name) != pk.end() || std::find(ck.begin(), ck.end(), c.name) != ck.end();
    const types::CqlType* type = resolve_type(c.type, ks, false, false, db.catalog.keyspace(ks));
    if (has_nested_multi_cell(*type)) invalid("Non-frozen UDTs with nested non-frozen collections are not supported");
    if (key) {
      if (type->kind == types::Kind::Udt && !type->frozen)
        invalid("Invalid non-frozen user-defined type {} for PRIMARY KEY column '{}'", util::cql_name(type->type_name),
                c.name);
      if (type->kind == types::Kind::Counter)
        invalid("counter type is not supported for PRIMARY KEY column '{}'", c.name);
      if (type->references_duration())  // also inside a frozen collection, tuple or UDT
        invalid("duration type is not supported for PRIMARY KEY column '{}'", c.name);
      if (type->multi_cell())
        invalid("Invalid non-frozen collection type {} for PRIMARY KEY column '{}'", type->name, c.name);
      if (c.is_static) invalid("Static column '{}' cannot be part of the PRIMARY KEY", c.name);
      continue;
    }
    (type->kind == types::Kind::Counter ? any_counter : any_non_counter) = true;
    schema::Column col{std::string(c.name), type,
                       c.is_static ? schema::ColumnKind::Static : schema::ColumnKind::Regular, 0};
    (c.is_static ? statics : regulars).push_back(std::move(col));
  }
  if (s.compact_storage) {
    validate_compact_table(statics, regulars, ck.empty());
  } else if (!statics.empty() && ck.empty()) {
    invalid("Static columns are only useful (and thus allowed) if the table has at least one clustering column");
  }
  if (any_counter && any_non_counter) invalid("Cannot mix counter and non counter columns in the same table");

  // SELECT * order: statics then regulars, each by the UTF-8 bytes of the name.
  t.relayout(std::move(statics), std::move(regulars));
  if (s.compact_storage) add_compact_layout(t, s, any_counter);

  apply_table_properties(t, s.properties, true);
  db.catalog.add_table(std::move(t));
  return Void{};
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
  return done;
}

Result execute_alter_table(Database& db, const Session& session, const ast::AlterTable& s) {
  const std::string_view ks = keyspace_for(session, s.table);
  check_replicated_system(ks, "ALTER", fmt::format("<table {}.{}>", ks, s.table.name));
  if (!db.catalog.keyspace(ks)) invalid("Keyspace '{}' doesn't exist", ks);
  schema::TableSchema* t = db.catalog.mutable_table(ks, s.table.name);
  if (t && t->view) invalid("Cannot use ALTER TABLE on a materialized view; use ALTER MATERIALIZED VIEW instead");
  if (!t) {
    if (s.if_exists) return Void{};
    invalid("Table '{}.{}' doesn't exist", ks, s.table.name);
  }
  using Action = ast::AlterTable::Action;
  std::vector<schema::Column> statics, regulars;
  for (int i : t->statics) statics.push_back(t->column(i));
  for (int i : t->regulars) regulars.push_back(t->column(i));
  const bool counter_table = std::any_of(regulars.begin(), regulars.end(),
                                         [](const schema::Column& c) { return c.type->kind == types::Kind::Counter; });

  switch (s.action) {
    case Action::Add: {
      bool changed = false;
      for (const auto& def : s.add) {
        if (t->find(def.name) >= 0) {
          if (s.action_if) continue;
          invalid("Column with name '{}' already exists", def.name);
        }
        const types::CqlType* type = resolve_type(def.type, ks, false, false, db.catalog.keyspace(ks));
        if (t->is_compact()) invalid("Cannot add new column to a COMPACT STORAGE table");
        if (has_nested_multi_cell(*type))
          invalid("Non-frozen UDTs with nested non-frozen collections are not supported for column {}", def.name);
        // The dropped type holds no UDT (expand_user_types), so a UDT is never re-added
        // (UserType.isValueCompatibleWith wants a UserType before).
        if (auto was = t->dropped.find(std::string(def.name)); was != t->dropped.end() && was->second != type)
          invalid("Cannot re-add previously dropped column '{}' of type {}, incompatible with previous type {}",
                  def.name, type->name, was->second->name);
        if (t->dropped.contains(std::string(def.name))) {
          const bool was_static = t->dropped_static.contains(std::string(def.name));
          if (was_static != def.is_static)
            invalid("Cannot re-add previously dropped column '{}' of kind {}, incompatible with previous kind {}",
                    def.name, def.is_static ? "STATIC" : "REGULAR", was_static ? "STATIC" : "REGULAR");
          if (counter_table) invalid("Cannot re-add previously dropped counter column {}", def.name);
        }
        if (def.is_static && t->clustering.empty())
          invalid("Static columns are only useful (and thus allowed) if the table has at least one clustering column");
        if (type->kind == types::Kind::Counter && !counter_table && !regulars.empty())
          error::fail(ErrorClass::ConfigurationException,
                      "{}.{}: Cannot have a counter column (\"{}\") in a non counter table", ks, t->name, def.name);
        if (type->kind != types::Kind::Counter && counter_table)
          error::fail(ErrorClass::ConfigurationException,
                      "{}.{}: Cannot have a non counter column (\"{}\") in a counter table", ks, t->name, def.name);
        schema::Column col{std::string(def.name), type,
                           def.is_static ? schema::ColumnKind::Static : schema::ColumnKind::Regular, 0};
        (def.is_static ? statics : regulars).push_back(std::move(col));
        changed = true;
      }
      if (!changed) return Void{};
      break;
    }
    case Action::Drop: {
      // Every column is checked before any is dropped: a refusal leaves the table as it was.
      std::vector<int> dropping;
      for (auto name : s.drop) {
        const int c = t->find(name);
        if (c < 0) {
          if (s.action_if) continue;
          invalid("Column {} was not found in table '{}.{}'", name, ks, t->name);
        }
        if (t->column(c).is_primary_key()) invalid("Cannot drop PRIMARY KEY column {}", name);
        // A non-frozen UDT has no frozen tuple to be recorded as (expand_user_types).
        if (const types::CqlType* type = t->column(c).type; type->kind == types::Kind::Udt && !type->frozen)
          invalid("Cannot drop non-frozen column {} of user type {}", name, type->name);
        std::string dependents;
        for (const auto& idx : t->indexes)
          if (idx.column == c) dependents += (dependents.empty() ? "" : ", ") + idx.name;
        if (!dependents.empty())
          invalid("Cannot drop column {} because it has dependent secondary indexes ({})", name, dependents);
        if (!t->views.empty()) invalid("Cannot drop column {} on base table {} with materialized views", name, t->name);
        if (std::find(dropping.begin(), dropping.end(), c) == dropping.end()) dropping.push_back(c);
      }
      if (dropping.empty()) return Void{};
      // AlterTableStatement.DropColumns: USING TIMESTAMP, else the server's clock.
      const std::int64_t dropped_at = s.drop_timestamp ? *s.drop_timestamp : db.clock.next_write_timestamp();
      for (int c : dropping) {
        const schema::Column& column = t->column(c);
        const bool is_static = column.kind == schema::ColumnKind::Static;
        t->dropped[column.name] = types::expand_user_types(column.type);
        t->dropped_time[column.name] = dropped_at;
        if (is_static)
          t->dropped_static.insert(column.name);
        else
          t->dropped_static.erase(column.name);
        db.store_of(*t).shelve(column.name, column.position, is_static, dropped_at);
        const std::string name = column.name;
        auto& group = is_static ? statics : regulars;
        group.erase(std::remove_if(group.begin(), group.end(), [&](const schema::Column& x) { return x.name == name; }),
                    group.end());
      }
      break;
    }
    case Action::Rename: {
      for (const auto& [from, to] : s.rename) {
        const int c = t->find(from);
        if (c < 0) {
          if (s.action_if) continue;
          invalid("Undefined column name {} in table {}", util::cql_name(from), table_text(*t));
        }
        if (!t->column(c).is_primary_key()) invalid("Cannot rename non PRIMARY KEY column {}", from);
        const std::string_view new_name = to;  // clang does not capture structured bindings
        const bool hidden_name = std::any_of(t->hidden.begin(), t->hidden.end(),
                                             [&](const schema::HiddenColumn& h) { return h.name == new_name; });
        if (t->find(to) >= 0 || hidden_name)
          invalid("Cannot rename column {} to {} in table '{}.{}'; another column with that name already exists", from,
                  to, ks, t->name);
        const std::string old_name = t->column(c).name;
        t->columns[static_cast<std::size_t>(c)].name = std::string(to);
        for (auto& idx : t->indexes)
          if (idx.column == c) {
            const std::string fn(idx.target_function());
            idx.target = fn.empty() ? util::cql_name(to) : fn + "(" + util::cql_name(to) + ")";
          }
        views_follow_rename(db, *t, old_name, to);
      }
      return Void{};
    }
    case Action::AlterType: invalid("Altering column types is no longer supported");
    case Action::DropCompactStorage:  // drop_compact_storage_enabled is false by default
      invalid("DROP COMPACT STORAGE is disabled. Enable in cassandra.yaml to use.");
    case Action::With: {
      if (!s.clustering_order.empty()) invalid("Cannot change the clustering order of an existing table");
      if (!t->views.empty())
        for (const auto& p : s.properties)
          if (p.name == "gc_grace_seconds" && property_text(p.value) == "0")
            invalid(
                "Cannot alter gc_grace_seconds of the base table of a materialized view to 0, since this value is "
                "used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered "
                "updates to expire before being replayed.");
      apply_table_properties(*t, s.properties, false);
      return Void{};
    }
  }

  // ADD / DROP: new slots, and the stored rows follow them.
  std::vector<std::string> old_regular, old_static;
  for (int i : t->regulars) old_regular.push_back(t->column(i).name);
  for (int i : t->statics) old_static.push_back(t->column(i).name);
  t->relayout(std::move(statics), std::move(regulars));
  auto slot_map = [&](const std::vector<std::string>& old_names, const std::vector<int>& now) {
    std::vector<int> map;
    for (const auto& name : old_names) {
      int to = -1;
      for (std::size_t k = 0; k < now.size(); ++k)
        if (t->column(now[k]).name == name) to = static_cast<int>(k);
      map.push_back(to);
    }
    return map;
  };
  store::TableStore& store = db.store_of(*t);
  store.remap(slot_map(old_regular, t->regulars), slot_map(old_static, t->statics), slot_types(*t));
  // A re-added column: the cells kept from its drop come back, and nothing at or before the
  // drop's timestamp shows (Cassandra's read filter for dropped columns).
  std::vector<std::int64_t> floor_regular, floor_static;
  auto floors = [&](const std::vector<int>& columns, std::vector<std::int64_t>& out) {
    for (std::size_t k = 0; k < columns.size(); ++k) {
      const std::string& name = t->column(columns[k]).name;
      auto was = t->dropped_time.find(name);
      out.push_back(was == t->dropped_time.end() ? store::kNoTimestamp : was->second);
      if (s.action == Action::Add && was != t->dropped_time.end()) store.unshelve(name, static_cast<int>(k));
    }
  };
  floors(t->regulars, floor_regular);
  floors(t->statics, floor_static);
  store.set_floors(std::move(floor_regular), std::move(floor_static));
  views_follow_add(db, *t);
  return Void{};
}

Result execute_create_type(Database& db, const Session& session, const ast::CreateType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "CREATE", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  if (!ks) invalid("Keyspace '{}' doesn't exist", ks_name);
  if (ks->types.count(std::string(s.name.name))) {
    if (s.if_not_exists) return Void{};
    invalid("A user type with name '{}' already exists", s.name.name);
  }
  std::vector<std::string> names;
  std::vector<const types::CqlType*> field_types;
  for (const auto& [field, ref] : s.fields) {
    if (std::find(names.begin(), names.end(), field) != names.end())
      invalid("Duplicate field name '{}' in type '{}'", field, s.name.name);
    // CreateTypeStatement: a field may be a non-frozen collection (frozen with the type, and
    // refused only where the type is used non-frozen), never a counter or a non-frozen UDT.
    if (util::iequals(ref.name, "counter") && ref.keyspace.empty()) invalid("A user type cannot contain counters");
    const types::CqlType* t = resolve_type(ref, ks_name, false, true, ks);
    if (t->kind == types::Kind::Udt && !t->frozen) invalid("A user type cannot contain non-frozen UDTs");
    names.emplace_back(field);
    field_types.push_back(t);
  }
  ks->types[std::string(s.name.name)] =
      types::udt_type(std::string(ks_name), std::string(s.name.name), std::move(names), std::move(field_types), false);
  return Void{};
}

namespace {

// `t` with every use of the UDT `name` replaced by `updated` (frozen where it was frozen).
const types::CqlType* replace_udt(const types::CqlType* t, const std::string& name, const types::CqlType* updated) {
  using types::Kind;
  if (t->kind == Kind::Udt && t->type_name == name) return t->frozen ? types::frozen_of(updated) : updated;
  if (t->params.empty()) return t;
  std::vector<const types::CqlType*> params;
  bool changed = false;
  for (const auto* p : t->params) {
    params.push_back(replace_udt(p, name, updated));
    changed = changed || params.back() != p;
  }
  if (!changed) return t;
  // Another type holding the altered one: it is rebuilt around the new field type.
  if (t->kind == Kind::Udt) return types::udt_type(t->keyspace, t->type_name, t->fields, std::move(params), t->frozen);
  if (t->kind == Kind::Tuple) return types::tuple_type(std::move(params));
  return types::collection_type(t->kind, std::move(params), t->frozen);
}

// Tables (and types) of `ks` that use the type `name` anywhere in a column type.
bool uses_type(const types::CqlType* t, const std::string& name) {
  if (t->kind == types::Kind::Udt && t->type_name == name) return true;
  for (const auto* p : t->params)
    if (uses_type(p, name)) return true;
  return false;
}

}  // namespace

Result execute_drop_type(Database& db, const Session& session, const ast::DropType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "DROP", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  const std::string name(s.name.name);
  if (!ks || !ks->types.count(name)) {
    if (s.if_exists) return Void{};
    invalid("Type '{}.{}' doesn't exist", ks_name, name);
  }
  // Cassandra checks nesting user types before tables and names every user in the message.
  std::string users;
  for (const auto& [other, t] : ks->types)
    if (other != name && uses_type(t, name)) users += (users.empty() ? "" : ", ") + other;
  if (!users.empty())
    invalid("Cannot drop user type '{}.{}' as it is still used by user types {}", ks_name, name, users);
  for (const auto& [tname, t] : ks->tables)
    for (const auto& c : t.columns)
      if (uses_type(c.type, name)) {
        users += (users.empty() ? "" : ", ") + tname;
        break;
      }
  if (!users.empty()) invalid("Cannot drop user type '{}.{}' as it is still used by tables {}", ks_name, name, users);
  ks->types.erase(name);
  return Void{};
}

Result execute_alter_type(Database& db, const Session& session, const ast::AlterType& s) {
  const std::string_view ks_name = keyspace_for(session, s.name);
  check_replicated_system(ks_name, "ALTER", fmt::format("<all tables in {}>", ks_name));
  schema::KeyspaceSchema* ks = db.catalog.keyspace(ks_name);
  const std::string name(s.name.name);
  if (!ks || !ks->types.count(name)) {
    if (s.if_exists) return Void{};
    invalid("Type {}.{} doesn't exist", ks_name, name);
  }
  if (s.alter_field_type) invalid("Altering field types is no longer supported");
  const types::CqlType* old = ks->types[name];
  std::vector<std::string> fields = old->fields;
  std::vector<const types::CqlType*> field_types = old->params;
  for (const auto& [field, ref] : s.add) {
    if (std::find(fields.begin(), fields.end(), field) != fields.end()) {
      if (s.add_if_not_exists) continue;
      invalid("Cannot add field {} to type {}.{}: a field with name {} already exists", field, ks_name, name, field);
    }
    if (util::iequals(ref.name, "counter") && ref.keyspace.empty()) invalid("A user type cannot contain counters");
    const types::CqlType* added = resolve_type(ref, ks_name, false, true, ks);
    if (added->kind == types::Kind::Udt && !added->frozen) invalid("A user type cannot contain non-frozen UDTs");
    // A type holding itself, directly or through another type, has no finite value (and its
    // schema could not be recreated at the next start).
    if (uses_type(added, name))
      invalid("Cannot add new field {} of type {} to user type {}.{} as it would create a circular reference", field,
              added->name, util::cql_name(std::string(ks_name)), util::cql_name(name));
    fields.emplace_back(field);
    field_types.push_back(added);
  }
  for (const auto& [from, to] : s.rename) {
    auto it = std::find(fields.begin(), fields.end(), from);
    if (it == fields.end()) invalid("Unkown field {} in user type {}.{}", from, ks_name, name);
    if (std::find(fields.begin(), fields.end(), to) != fields.end())
      invalid("Duplicate field name {} in type {}", to, ks_name);  // sic: 5.0's format drops the type name
    *it = std::string(to);
  }
  // Existing values keep their bytes: fields are positional, an added one reads as null.
  const types::CqlType* updated = types::udt_type(std::string(ks_name), name, fields, field_types, false);
  ks->types[name] = updated;
  for (auto& [other, type] : ks->types)  // types holding this one see its new fields
    if (other != name) type = replace_udt(type, name, updated);
  db.catalog.changed();
  for (auto& [tname, t] : ks->tables)
    for (auto& c : t.columns) c.type = replace_udt(c.type, name, updated);
  return Void{};
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
  db.store_of(t).clear();
  for (const auto& v : t.views)
    if (const schema::TableSchema* view = db.catalog.table(t.keyspace, v)) db.store_of(*view).clear();
  return Void{};
}

}  // namespace cqlbox::exec
