// Type descriptors, interned: compare by pointer. Native types are statics; collection and
// tuple types are created once per distinct spelling by collection_type()/tuple_type() and live
// for the process. Values never carry their type: it travels beside the bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cqlbox::types {

enum class Kind : std::uint8_t {
  Ascii,
  Bigint,
  Blob,
  Boolean,
  Counter,
  Date,
  Decimal,
  Double,
  Duration,
  Float,
  Inet,
  Int,
  Smallint,
  Text,
  Time,
  Timestamp,
  Timeuuid,
  Tinyint,
  Uuid,
  Varint,
  // parameterised
  List,
  Set,
  Map,
  Tuple,
  Udt,
  Vector,  // 5.0: vector<element, dimension>, always frozen
};

struct CqlType {
  Kind kind = Kind::Blob;
  std::string name;     // CQL spelling for messages and DESCRIBE: "int", "frozen<list<int>>"
  int fixed_size = -1;  // serialized size in bytes, or -1 when variable
  bool frozen = false;
  std::vector<const CqlType*> params;  // element; key, value; tuple components; UDT field types
  std::vector<std::string> fields;     // UDT field names (parallel to params)
  std::string keyspace, type_name;     // UDT identity
  int dimension = 0;                   // vector<e, dimension>

  bool is_collection() const { return kind == Kind::List || kind == Kind::Set || kind == Kind::Map; }
  // Stored as one cell per element (a non-frozen collection).
  bool multi_cell() const { return is_collection() && !frozen; }
  // The type of the cell paths of a multi-cell column: list → timeuuid, set → element, map → key.
  const CqlType* path_type() const;
  // A duration, or a collection, tuple, UDT or vector holding one (AbstractType.referencesDuration).
  bool references_duration() const {
    if (kind == Kind::Duration) return true;
    for (const CqlType* p : params)
      if (p->references_duration()) return true;
    return false;
  }
};

// The interned descriptor of a native type.
const CqlType* native_type(Kind kind) noexcept;

// Looks a native type up by its CQL name (any case; varchar = text). nullptr when unknown.
const CqlType* find_native_type(std::string_view name) noexcept;

// list<e>, set<e>, map<k, v> (frozen or not); tuple<…> is always frozen.
const CqlType* collection_type(Kind kind, std::vector<const CqlType*> params, bool frozen);
const CqlType* tuple_type(std::vector<const CqlType*> components);
// vector<element, dimension>: fixed-size elements are stored back to back, others each behind
// an unsigned vint length (Cassandra's VectorType layout).
const CqlType* vector_type(const CqlType* element, int dimension);
// A user-defined type ks.name with its fields; `frozen` marks frozen<name> uses. Each
// definition (and each ALTER TYPE) interns a new descriptor: columns keep the one they had.
const CqlType* udt_type(std::string keyspace, std::string name, std::vector<std::string> fields,
                        std::vector<const CqlType*> types, bool frozen);

// The same type frozen (collections, UDTs), or itself.
const CqlType* frozen_of(const CqlType* t);
// Every user-defined type inside `t` as the frozen tuple of its fields, as Cassandra records a
// dropped column's type (AbstractType.expandUserTypes), so a dropped column holds no UDT.
const CqlType* expand_user_types(const CqlType* t);

inline bool is_integral(Kind k) {
  return k == Kind::Int || k == Kind::Bigint || k == Kind::Smallint || k == Kind::Tinyint || k == Kind::Varint ||
         k == Kind::Counter;
}

}  // namespace cqlbox::types
