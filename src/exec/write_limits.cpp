#include "exec/write_limits.hpp"

#include "error/cql_error.hpp"
#include "store/clustering.hpp"

namespace cqlbox::exec {

namespace {

void check_key(std::size_t size) {
  if (size > kMaxKeyBytes) error::invalid("Key length of {} is longer than maximum of {}", size, kMaxKeyBytes);
}

// A value an index on column `c` would store, over the limit.
void check_indexed(const schema::TableSchema& t, const schema::IndexDef& idx, std::size_t size) {
  if (size >= kMaxKeyBytes)
    error::invalid("Cannot index value of size {} for index {} on {}.{}({}) (maximum allowed size={})", size, idx.name,
                   t.keyspace, t.name, t.column(idx.column).name, kMaxKeyBytes);
}

}  // namespace

void check_write_limits(const schema::TableSchema& t, const PreparedWrite& w) {
  std::vector<std::string_view> parts;
  for (const store::Mutation& m : w.mutations) {
    check_key(m.partition_key.size());
    if (m.has_row && !m.clustering.empty()) {  // the sum of the clustering values
      store::split_components(m.clustering, parts);
      std::size_t sum = 0;
      for (auto p : parts) sum += p.size();
      check_key(sum);
    }
    for (const schema::IndexDef& idx : t.indexes) {
      if (idx.column < 0 || !idx.custom_class.empty()) continue;  // SAI and custom indexes take any size
      const schema::Column& c = t.column(idx.column);
      if (c.kind != schema::ColumnKind::Regular && c.kind != schema::ColumnKind::Static) continue;
      const auto& cells = c.kind == schema::ColumnKind::Static ? m.static_cells : m.cells;
      for (const auto& [slot, cell] : cells)
        if (slot == c.position && !cell.tombstone) check_indexed(t, idx, cell.value.size());
      const bool keys = idx.target.rfind("keys(", 0) == 0;
      for (const store::ComplexWrite& cw : m.complex)
        if (cw.slot == c.position && cw.is_static == (c.kind == schema::ColumnKind::Static))
          for (const store::PathCell& pc : cw.cells)
            if (!pc.cell.tombstone) check_indexed(t, idx, keys ? pc.path.size() : pc.cell.value.size());
    }
  }
}

}  // namespace cqlbox::exec
