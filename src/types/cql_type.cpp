#include "types/cql_type.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>

#include "util/text.hpp"

namespace cqlbox::types {
namespace {

CqlType make(Kind kind, std::string name, int fixed_size, bool frozen = false,
             std::vector<const CqlType*> params = {}) {
  CqlType t;
  t.kind = kind;
  t.name = std::move(name);
  t.fixed_size = fixed_size;
  t.frozen = frozen;
  t.params = std::move(params);
  return t;
}

const std::vector<CqlType>& natives() {
  static const std::vector<CqlType> kNatives = {
      make(Kind::Ascii, "ascii", -1),        make(Kind::Bigint, "bigint", 8),      make(Kind::Blob, "blob", -1),
      make(Kind::Boolean, "boolean", 1),     make(Kind::Counter, "counter", 8),    make(Kind::Date, "date", 4),
      make(Kind::Decimal, "decimal", -1),    make(Kind::Double, "double", 8),      make(Kind::Duration, "duration", -1),
      make(Kind::Float, "float", 4),         make(Kind::Inet, "inet", -1),         make(Kind::Int, "int", 4),
      make(Kind::Smallint, "smallint", 2),   make(Kind::Text, "text", -1),         make(Kind::Time, "time", 8),
      make(Kind::Timestamp, "timestamp", 8), make(Kind::Timeuuid, "timeuuid", 16), make(Kind::Tinyint, "tinyint", 1),
      make(Kind::Uuid, "uuid", 16),          make(Kind::Varint, "varint", -1),
  };
  return kNatives;
}

// Interned parameterised types, keyed by their spelling (UDTs by a signature). Never freed
// (a handful per schema).
const CqlType* intern_as(const std::string& key, CqlType t) {
  static std::mutex mu;
  static std::deque<CqlType> storage;
  static std::map<std::string, const CqlType*> by_key;
  std::lock_guard<std::mutex> lock(mu);
  auto it = by_key.find(key);
  if (it != by_key.end()) return it->second;
  storage.push_back(std::move(t));
  by_key.emplace(key, &storage.back());
  return &storage.back();
}

// Keyed by spelling and by the parameter descriptors: an altered UDT keeps its spelling but is
// a new descriptor, and so are the collections that hold it.
const CqlType* intern(CqlType t) {
  std::string key = t.name;
  for (const auto* p : t.params) key += "#" + std::to_string(reinterpret_cast<std::uintptr_t>(p));
  return intern_as(key, std::move(t));
}

}  // namespace

const CqlType* native_type(Kind kind) noexcept { return &natives()[static_cast<std::size_t>(kind)]; }

const CqlType* find_native_type(std::string_view name) noexcept {
  if (util::iequals(name, "varchar")) return native_type(Kind::Text);
  for (const auto& t : natives())
    if (util::iequals(name, t.name)) return &t;
  return nullptr;
}

const CqlType* CqlType::path_type() const {
  if (!multi_cell()) return nullptr;
  if (kind == Kind::List) return native_type(Kind::Timeuuid);
  if (kind == Kind::Set || kind == Kind::Map) return params[0];
  return nullptr;
}

const CqlType* collection_type(Kind kind, std::vector<const CqlType*> params, bool frozen) {
  std::string inner;
  for (const auto* p : params) inner += (inner.empty() ? "" : ", ") + p->name;
  const char* word = kind == Kind::List ? "list" : kind == Kind::Set ? "set" : "map";
  std::string name = std::string(word) + "<" + inner + ">";
  if (frozen) name = "frozen<" + name + ">";
  return intern(make(kind, std::move(name), -1, frozen, std::move(params)));
}

const CqlType* tuple_type(std::vector<const CqlType*> components) {
  std::string inner;
  for (const auto* p : components) inner += (inner.empty() ? "" : ", ") + p->name;
  return intern(make(Kind::Tuple, "frozen<tuple<" + inner + ">>", -1, true, std::move(components)));
}

const CqlType* vector_type(const CqlType* element, int dimension) {
  const int size = element->fixed_size > 0 ? element->fixed_size * dimension : -1;
  CqlType t =
      make(Kind::Vector, "vector<" + element->name + ", " + std::to_string(dimension) + ">", size, true, {element});
  t.dimension = dimension;
  return intern(std::move(t));
}

const CqlType* udt_type(std::string keyspace, std::string name, std::vector<std::string> fields,
                        std::vector<const CqlType*> types, bool frozen) {
  // The interning key carries the fields, and each field type's identity (not only its name:
  // frozen<z> before and after ALTER TYPE z are different types), so that an altered type,
  // or one holding an altered type, is a new descriptor.
  std::string key = (frozen ? "frozen<" : "") + name + (frozen ? ">" : "");
  std::string signature = "#udt " + keyspace + "." + key + "(";
  for (std::size_t i = 0; i < fields.size(); ++i)
    signature +=
        fields[i] + " " + types[i]->name + "@" + std::to_string(reinterpret_cast<std::uintptr_t>(types[i])) + ",";
  CqlType t = make(Kind::Udt, std::move(key), -1, frozen, std::move(types));
  t.fields = std::move(fields);
  t.keyspace = std::move(keyspace);
  t.type_name = std::move(name);
  const CqlType* found = intern_as(signature, std::move(t));
  return found;
}

const CqlType* frozen_of(const CqlType* t) {
  if (t->kind == Kind::Udt && !t->frozen) return udt_type(t->keyspace, t->type_name, t->fields, t->params, true);
  if (!t->is_collection() || t->frozen) return t;
  return collection_type(t->kind, t->params, true);
}

const CqlType* expand_user_types(const CqlType* t) {
  if (t->params.empty()) return t;
  std::vector<const CqlType*> params;
  for (const CqlType* p : t->params) params.push_back(expand_user_types(p));
  switch (t->kind) {
    case Kind::Udt:
    case Kind::Tuple: return tuple_type(std::move(params));
    case Kind::Vector: return vector_type(params[0], t->dimension);
    default: return collection_type(t->kind, std::move(params), t->frozen);
  }
}

}  // namespace cqlbox::types
