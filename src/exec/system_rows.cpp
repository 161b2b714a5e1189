#include "exec/system_rows.hpp"

#include <arpa/inet.h>

#include "store/clustering.hpp"
#include "types/bytes.hpp"
#include "types/codec.hpp"
#include "types/cql_type.hpp"

namespace cqlbox::exec::system_rows {

std::string int32(std::int32_t v) { return types::be_bytes(v); }

std::string inet(const std::string& address) {
  unsigned char buf[4] = {};
  inet_pton(AF_INET, address.c_str(), buf);
  return std::string(reinterpret_cast<char*>(buf), 4);
}

std::string uuid_text(const std::string& s) {
  return types::encode_constant(*types::native_type(types::Kind::Uuid), types::ConstantKind::Uuid, s, "id");
}

std::string timestamp_ms(std::int64_t ms) { return types::be_bytes(ms); }

void write_row(store::TableStore& st, const schema::TableSchema& t, const RowValues& values) {
  store::Mutation m;
  std::vector<std::string_view> pk(t.partition_key.size());
  std::vector<std::string> ck(t.clustering.size());
  for (const auto& [name, bytes] : values) {
    const schema::Column& c = t.column(t.find(name));
    if (c.kind == schema::ColumnKind::PartitionKey)
      pk[static_cast<std::size_t>(c.position)] = bytes;
    else if (c.kind == schema::ColumnKind::Clustering)
      ck[static_cast<std::size_t>(c.position)] = bytes;
  }
  if (pk.size() == 1) {
    m.partition_key = std::string(pk[0]);
  } else {
    for (auto p : pk) {  // CompositeType: each part's length, bytes and end-of-component byte
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

}  // namespace cqlbox::exec::system_rows
