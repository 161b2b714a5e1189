#include "store/table_store.hpp"

#include "util/murmur3.hpp"

namespace cqlbox::store {

TableStore::Map::iterator TableStore::locate(std::int64_t token, std::string_view partition_key) const {
  auto& map = const_cast<Map&>(partitions_);
  if (Map::iterator* h = by_token_.find(token); h && (*h)->first.key == partition_key) return *h;
  auto it = map.find(PartitionPosition{token, partition_key});
  if (it != map.end()) by_token_.insert(token, it);
  return it;
}

TableStore::Map::iterator TableStore::erase(Map::iterator it) {
  if (Map::iterator* h = by_token_.find(it->first.token); h && *h == it) by_token_.erase(it->first.token);
  return partitions_.erase(it);
}

TableStore::Map::iterator TableStore::find_or_add(std::string_view partition_key) {
  const std::int64_t token = util::murmur3_token(partition_key);
  auto it = locate(token, partition_key);
  if (it == partitions_.end()) {
    Partition p(std::string(partition_key), token);
    // The map key must view the partition's own copy of the key bytes, so insert first, then
    // re-key the node to the stored string.
    auto node_key = PartitionPosition{token, partition_key};
    it = partitions_.emplace(node_key, std::move(p)).first;
    auto node = partitions_.extract(it);
    node.key().key = node.mapped().key();
    it = partitions_.insert(std::move(node)).position;
    by_token_.insert(token, it);
  }
  return it;
}

Partition& TableStore::apply(const Mutation& m) {
  ++writes;
  bool static_row = !m.static_cells.empty();
  for (const auto& w : m.complex) static_row = static_row || w.is_static;
  operations += (m.has_row ? 1u : 0u) + (static_row ? 1u : 0u) + m.range_tombstones.size() +
                (m.partition_deletion.exists() ? 1u : 0u);
  Partition& p = find_or_add(m.partition_key)->second;
  p.apply(m, cmp_, paths_);
  return p;
}

void TableStore::put_row(std::string_view partition_key, RowData row) {
  ++writes;
  find_or_add(partition_key)->second.put_row(std::move(row), cmp_);
}

void TableStore::erase_row(std::string_view partition_key, std::string_view clustering) {
  auto it = locate(util::murmur3_token(partition_key), partition_key);
  if (it == partitions_.end()) return;
  ++writes;
  if (it->second.erase_row(clustering, cmp_)) erase(it);
}

const Partition* TableStore::find(std::string_view key) const {
  auto it = locate(util::murmur3_token(key), key);
  return it == partitions_.end() ? nullptr : &it->second;
}

}  // namespace cqlbox::store
