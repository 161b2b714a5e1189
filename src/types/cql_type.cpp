#include "types/cql_type.hpp"

#include <deque>
#include <map>
#include <mutex>

#include "util/text.hpp"

namespace cqlbox::types {
namespace {

const std::vector<CqlType>& natives() {
  static const std::vector<CqlType> kNatives = {
      {Kind::Ascii, "ascii", -1, false, {}},        {Kind::Bigint, "bigint", 8, false, {}},
      {Kind::Blob, "blob", -1, false, {}},          {Kind::Boolean, "boolean", 1, false, {}},
      {Kind::Counter, "counter", 8, false, {}},     {Kind::Date, "date", 4, false, {}},
      {Kind::Decimal, "decimal", -1, false, {}},    {Kind::Double, "double", 8, false, {}},
      {Kind::Duration, "duration", -1, false, {}},  {Kind::Float, "float", 4, false, {}},
      {Kind::Inet, "inet", -1, false, {}},          {Kind::Int, "int", 4, false, {}},
      {Kind::Smallint, "smallint", 2, false, {}},   {Kind::Text, "text", -1, false, {}},
      {Kind::Time, "time", 8, false, {}},           {Kind::Timestamp, "timestamp", 8, false, {}},
      {Kind::Timeuuid, "timeuuid", 16, false, {}},  {Kind::Tinyint, "tinyint", 1, false, {}},
      {Kind::Uuid, "uuid", 16, false, {}},          {Kind::Varint, "varint", -1, false, {}},
  };
  return kNatives;
}

// Interned parameterised types, keyed by their spelling. Never freed (a handful per schema).
const CqlType* intern(CqlType t) {
  static std::mutex mu;
  static std::deque<CqlType> storage;
  static std::map<std::string, const CqlType*> by_name;
  std::lock_guard<std::mutex> lock(mu);
  auto it = by_name.find(t.name);
  if (it != by_name.end()) return it->second;
  storage.push_back(std::move(t));
  by_name.emplace(storage.back().name, &storage.back());
  return &storage.back();
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
  return intern(CqlType{kind, std::move(name), -1, frozen, std::move(params)});
}

const CqlType* tuple_type(std::vector<const CqlType*> components) {
  std::string inner;
  for (const auto* p : components) inner += (inner.empty() ? "" : ", ") + p->name;
  return intern(CqlType{Kind::Tuple, "frozen<tuple<" + inner + ">>", -1, true, std::move(components)});
}

const CqlType* frozen_of(const CqlType* t) {
  if (!t->is_collection() || t->frozen) return t;
  return collection_type(t->kind, t->params, true);
}

}  // namespace cqlbox::types
