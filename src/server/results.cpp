#include "server/results.hpp"

#include <arpa/inet.h>

#include <fmt/format.h>

namespace cqlbox::server {

namespace {

using types::Kind;

std::uint16_t native_id(Kind k) {
  switch (k) {
    case Kind::Ascii: return 0x0001;
    case Kind::Bigint: return 0x0002;
    case Kind::Blob: return 0x0003;
    case Kind::Boolean: return 0x0004;
    case Kind::Counter: return 0x0005;
    case Kind::Decimal: return 0x0006;
    case Kind::Double: return 0x0007;
    case Kind::Float: return 0x0008;
    case Kind::Int: return 0x0009;
    case Kind::Timestamp: return 0x000B;
    case Kind::Uuid: return 0x000C;
    case Kind::Text: return 0x000D;
    case Kind::Varint: return 0x000E;
    case Kind::Timeuuid: return 0x000F;
    case Kind::Inet: return 0x0010;
    case Kind::Date: return 0x0011;
    case Kind::Time: return 0x0012;
    case Kind::Smallint: return 0x0013;
    case Kind::Tinyint: return 0x0014;
    case Kind::Duration: return 0x0015;
    default: return 0x0003;
  }
}

// The marshal class of a type, for custom (vector) types.
std::string marshal_class(const types::CqlType& t) {
  static constexpr std::string_view kPrefix = "org.apache.cassandra.db.marshal.";
  auto simple = [&](std::string_view name) { return fmt::format("{}{}", kPrefix, name); };
  switch (t.kind) {
    case Kind::Ascii: return simple("AsciiType");
    case Kind::Bigint: return simple("LongType");
    case Kind::Blob: return simple("BytesType");
    case Kind::Boolean: return simple("BooleanType");
    case Kind::Counter: return simple("CounterColumnType");
    case Kind::Decimal: return simple("DecimalType");
    case Kind::Double: return simple("DoubleType");
    case Kind::Duration: return simple("DurationType");
    case Kind::Float: return simple("FloatType");
    case Kind::Inet: return simple("InetAddressType");
    case Kind::Int: return simple("Int32Type");
    case Kind::Smallint: return simple("ShortType");
    case Kind::Text: return simple("UTF8Type");
    case Kind::Time: return simple("TimeType");
    case Kind::Timestamp: return simple("TimestampType");
    case Kind::Timeuuid: return simple("TimeUUIDType");
    case Kind::Tinyint: return simple("ByteType");
    case Kind::Uuid: return simple("UUIDType");
    case Kind::Varint: return simple("IntegerType");
    case Kind::Date: return simple("SimpleDateType");
    case Kind::Vector: return fmt::format("{}VectorType({} , {})", kPrefix, marshal_class(*t.params[0]), t.dimension);
    default: return simple("BytesType");
  }
}

// An [inetaddr] (the address only): a length byte and the address's 4 or 16 bytes.
void write_inet_address(Writer& w, const std::string& address) {
  unsigned char bytes[16] = {};
  if (inet_pton(AF_INET, address.c_str(), bytes) == 1) {
    w.byte(4);
    w.out().append(reinterpret_cast<const char*>(bytes), 4);
  } else if (inet_pton(AF_INET6, address.c_str(), bytes) == 1) {
    w.byte(16);
    w.out().append(reinterpret_cast<const char*>(bytes), 16);
  } else {  // not an address: the local node's
    w.byte(4);
    w.out().append("\x7f\x00\x00\x01", 4);
  }
}

}  // namespace

void write_type(Writer& w, const types::CqlType& t, int version) {
  switch (t.kind) {
    case Kind::List:
    case Kind::Set:
      w.u16(t.kind == Kind::List ? 0x0020 : 0x0022);
      write_type(w, *t.params[0], version);
      return;
    case Kind::Map:
      w.u16(0x0021);
      write_type(w, *t.params[0], version);
      write_type(w, *t.params[1], version);
      return;
    case Kind::Udt:
      w.u16(0x0030);
      w.string(t.keyspace);
      w.string(t.type_name);
      w.u16(static_cast<std::uint16_t>(t.fields.size()));
      for (std::size_t i = 0; i < t.fields.size(); ++i) {
        w.string(t.fields[i]);
        write_type(w, *t.params[i], version);
      }
      return;
    case Kind::Tuple:
      w.u16(0x0031);
      w.u16(static_cast<std::uint16_t>(t.params.size()));
      for (const auto* p : t.params) write_type(w, *p, version);
      return;
    case Kind::Duration:  // a native id only from protocol v5 (DataType.DURATION)
      if (version >= 5) {
        w.u16(native_id(t.kind));
        return;
      }
      [[fallthrough]];
    case Kind::Vector:
      w.u16(0x0000);
      w.string(marshal_class(t));
      return;
    default: w.u16(native_id(t.kind));
  }
}

std::string result_metadata_id(const std::vector<exec::ResultColumn>* columns, std::string_view keyspace,
                               std::string_view table) {
  // Cassandra's is an MD5 of the column specifications; any stable digest of the same serves,
  // since a client only hands it back. The v5 wire form of the specs is hashed.
  std::string specs;
  if (columns) {
    Writer w(specs);
    for (const auto& c : *columns) {
      w.string(keyspace);
      w.string(table);
      w.string(c.name);
      write_type(w, *c.type, 5);
    }
  }
  std::string id;
  for (std::uint64_t seed : {0x9e3779b97f4a7c15ULL, 0xc2b2ae3d27d4eb4fULL}) {
    std::uint64_t h = seed ^ (columns ? 1 : 0);
    for (char c : specs) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ULL;
    }
    for (int shift = 56; shift >= 0; shift -= 8) id += static_cast<char>((h >> shift) & 0xff);
  }
  return id;
}

void write_rows(Writer& w, int version, const exec::Rows& rows, const RowsPage& page) {
  w.i32(static_cast<std::int32_t>(ResultKind::Rows));
  const bool global = !rows.keyspace.empty();
  const bool skip = page.skip_metadata && !page.new_metadata_id;
  std::int32_t flags = skip ? 0x0004 : global ? 0x0001 : 0;
  if (page.paging_state) flags |= 0x0002;
  if (page.new_metadata_id) flags |= 0x0008;
  w.i32(flags);
  w.i32(static_cast<std::int32_t>(rows.columns.size()));
  if (page.paging_state) w.bytes(*page.paging_state);
  if (page.new_metadata_id) w.short_bytes(*page.new_metadata_id);
  if (!skip) {
    if (global) {
      w.string(rows.keyspace);
      w.string(rows.table);
    }
    for (const auto& c : rows.columns) {
      if (!global) {
        w.string(rows.keyspace.empty() ? "system" : rows.keyspace);
        w.string(rows.table);
      }
      w.string(c.name);
      write_type(w, *c.type, version);
    }
  }
  w.i32(static_cast<std::int32_t>(page.count));
  for (std::size_t r = page.first; r < page.first + page.count; ++r)
    for (const auto& v : rows.rows[r]) {
      if (v)
        w.bytes(*v);
      else
        w.null_bytes();
    }
}

void write_prepared(Writer& w, int version, std::string_view id, const exec::BindSpecs& specs) {
  w.i32(static_cast<std::int32_t>(ResultKind::Prepared));
  w.short_bytes(id);
  if (version >= 5)
    w.short_bytes(
        result_metadata_id(specs.result ? &*specs.result : nullptr, specs.result_keyspace, specs.result_table));
  // Bind metadata: the global table spec when every marker is of one table.
  bool global = !specs.markers.empty();
  for (const auto& m : specs.markers)
    global = global && m.keyspace == specs.markers[0].keyspace && m.table == specs.markers[0].table;
  w.i32(global ? 0x0001 : 0);
  w.i32(static_cast<std::int32_t>(specs.markers.size()));
  if (version >= 4) {
    w.i32(static_cast<std::int32_t>(specs.pk_index.size()));
    for (auto i : specs.pk_index) w.u16(i);
  }
  if (global) {
    w.string(specs.markers[0].keyspace);
    w.string(specs.markers[0].table);
  }
  for (const auto& m : specs.markers) {
    if (!global) {
      w.string(m.keyspace);
      w.string(m.table);
    }
    w.string(m.name);
    write_type(w, *m.type, version);
  }
  if (!specs.result) {  // no rows to describe
    w.i32(0x0004);
    w.i32(0);
    return;
  }
  w.i32(0x0001);
  w.i32(static_cast<std::int32_t>(specs.result->size()));
  w.string(specs.result_keyspace);
  w.string(specs.result_table);
  for (const auto& c : *specs.result) {
    w.string(c.name);
    write_type(w, *c.type, version);
  }
}

void write_schema_change(Writer& w, const exec::SchemaChange& c) {
  w.string(c.change);
  w.string(c.target);
  w.string(c.keyspace);
  if (c.target != "KEYSPACE") w.string(c.name);
  if (c.target == "FUNCTION" || c.target == "AGGREGATE") w.u16(0);
}

void write_error(Writer& w, const error::CqlError& e, int version) {
  using error::ErrorClass;
  std::int32_t code = static_cast<std::int32_t>(e.cls);
  if (e.cls == ErrorClass::ShellError) code = 0x2200;
  w.i32(code);
  // A ReadFailure's message carries the driver's info dict for the shell to print; on the wire
  // the body's own fields carry it.
  const std::size_t info = e.cls == ErrorClass::ReadFailure ? e.message.find("\" info=") : std::string::npos;
  w.string(info == std::string::npos ? std::string_view(e.message) : std::string_view(e.message).substr(0, info));
  switch (e.cls) {
    case ErrorClass::AlreadyExists:
      w.string(e.keyspace);
      w.string(e.table);
      break;
    case ErrorClass::FunctionFailure:
      w.string(e.keyspace);
      w.string(e.table);
      w.u16(static_cast<std::uint16_t>(e.arg_types.size()));
      for (const auto& t : e.arg_types) w.string(t);
      break;
    case ErrorClass::Unavailable:
      w.u16(e.consistency);
      w.i32(e.required);
      w.i32(e.alive);
      break;
    case ErrorClass::WriteTimeout:
    case ErrorClass::ReadTimeout:
      w.u16(e.consistency);
      w.i32(e.received);
      w.i32(e.required);
      if (e.cls == ErrorClass::WriteTimeout) {
        w.string(e.write_type);
        // A CasWriteTimeoutException's contentions (ErrorMessage's codec, v5 and later).
        if (version >= 5 && e.write_type == "CAS") w.u16(0);
      } else {
        w.byte(e.data_present ? 1 : 0);
      }
      break;
    case ErrorClass::ReadFailure:
      w.u16(0x0001);       // consistency ONE
      w.i32(0);            // received
      w.i32(1);            // block for
      if (version >= 5) {  // the reason map: each failed replica's address and reason
        w.i32(1);
        write_inet_address(w, e.failed_replica);
        w.u16(e.failure_reason);
      } else {
        w.i32(1);  // failures
      }
      w.byte(0);  // data present
      break;
    default: break;
  }
}

}  // namespace cqlbox::server
