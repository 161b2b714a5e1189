#include "types/cql_type.hpp"

#include <array>

#include "util/text.hpp"

namespace cqlbox::types {
namespace {

constexpr std::array<CqlType, 20> kNatives = {{
    {Kind::Ascii, "ascii", -1},        {Kind::Bigint, "bigint", 8},
    {Kind::Blob, "blob", -1},          {Kind::Boolean, "boolean", 1},
    {Kind::Counter, "counter", 8},     {Kind::Date, "date", 4},
    {Kind::Decimal, "decimal", -1},    {Kind::Double, "double", 8},
    {Kind::Duration, "duration", -1},  {Kind::Float, "float", 4},
    {Kind::Inet, "inet", -1},          {Kind::Int, "int", 4},
    {Kind::Smallint, "smallint", 2},   {Kind::Text, "text", -1},
    {Kind::Time, "time", 8},           {Kind::Timestamp, "timestamp", 8},
    {Kind::Timeuuid, "timeuuid", 16},  {Kind::Tinyint, "tinyint", 1},
    {Kind::Uuid, "uuid", 16},          {Kind::Varint, "varint", -1},
}};

}  // namespace

const CqlType* native_type(Kind kind) noexcept { return &kNatives[static_cast<std::size_t>(kind)]; }

const CqlType* find_native_type(std::string_view name) noexcept {
  if (util::iequals(name, "varchar")) return native_type(Kind::Text);
  for (const auto& t : kNatives)
    if (util::iequals(name, t.name)) return &t;
  return nullptr;
}

}  // namespace cqlbox::types
